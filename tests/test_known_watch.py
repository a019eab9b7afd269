"""The placement search's best line solved at the end told its proven value (watched.py's `Known`,
placement._Search.resolve, endgame's `Run.known`): the same answer, line included, as the solve
not told it.

Two checks. Real two-turn models (CP-SAT, one worker): each of several placements solved at
floors at and below its optimum, watched by the relaxation (as the search's floored models are)
and with the watch deferred in passes of a tiny deterministic time (the game's end, watch_defer.py,
floor_cards.py), against the same solve told the optimum: the status, value, bound and line are
equal. The same solve told a value below the optimum (wrong) must answer differently on some of
them, so the comparison can fail. And the search itself (made-up values for real
placements, test_placement_parts.py's `_Fake`): no child's solve is told less than the child's
best, and the answer is the one without it. R-TURN-2 (the two turns' actions), R-SCORE-1 (the
value), R-TILE-1 and R-TILE-2 (the placements and their covers)."""

from __future__ import annotations

import random

import pytest

from akrotiri_puzzles.analysis import board_solve, floor_cards, watch_defer
from akrotiri_puzzles.analysis.board_solve import BoardResult
from akrotiri_puzzles.analysis.endgame import NO_BOUND
from akrotiri_puzzles.analysis.placement import split_placements
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.watched import Known
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, solved_two_turns
from .test_placement_parts import _Fake, _placements


@pytest.mark.slow
@pytest.mark.usefixtures("realised_floor_off")  # the model's path (conftest)
@pytest.mark.parametrize("deferred", [False, True])
# The first and the fifth groups by default (deferred, the cards are tried on the first and the
# wrong value answers differently on the fifth alone: each premise holds on them); the first five
# in make test-corpus (about 8 CPU s more).
@pytest.mark.parametrize(
    "picked",
    [
        pytest.param((0, 4), id="groups-1-5"),
        pytest.param((0, 1, 2, 3, 4), id="groups-1-to-5", marks=pytest.mark.corpus),
    ],
)
def test_R_TURN_2_R_SCORE_1_a_solve_told_its_optimum_gives_the_line_of_the_solve_not_told(
    monkeypatch, deferred, picked
):
    # South before its placement on turn 5 (seed 3, 2014), nothing left to draw (models of tenths
    # of a second); the first placement of each group `picked`, at floors 0, one below its
    # optimum and the optimum. Deferred: passes of a tiny deterministic time, so that the
    # first pass stops at its limit and the relaxed line's cards are tried (floor_cards.py).
    monkeypatch.setattr(watch_defer, "DET_TIME", 0.002)
    steps: list[str] = []
    monkeypatch.setattr(floor_cards, "TRACE", lambda **facts: steps.append(facts["kind"]))
    pos = no_draw(before_placement(3, 2014, 5))
    wrong = 0
    asked = 0
    groups = placement_groups(pos)
    for group in [groups[i] for i in picked]:
        _, child = group[0]
        best = solved_two_turns(child)
        assert best.status == "OPTIMAL" and best.value is not None
        for floor in (0, best.value - 1, best.value):

            def watch(child: Position = child) -> watch_defer.Watch:
                w = watch_defer.Watch(reach_below.Below(), child)
                w.deferred = deferred
                return w

            plain = board_solve.best_two_turns(child, "score", Deadline(None), floor=floor, out_of_reach=watch())
            assert plain.status == "OPTIMAL" and plain.value == best.value
            # Told the optimum, the watch asked below it (a placement its covers bound) or not
            # (the search's best, its value attained): the same answer, line included.
            for attained in (False, True):
                known = Known(watch(), best.value, attained)
                told = board_solve.best_two_turns(child, "score", Deadline(None), floor=floor, out_of_reach=known)
                assert told == plain
            # Told a value below the optimum (wrong): where the search passes a line of at least
            # that value before its optimum's, it stops there.
            for most in range(floor, best.value):
                low = board_solve.best_two_turns(
                    child, "score", Deadline(None), floor=floor, out_of_reach=Known(watch(), most)
                )
                wrong += low != plain
            asked += 1
    assert asked == 3 * len(picked)
    assert wrong >= 1
    assert ("cards_ask" in steps) == deferred  # the premise: the cards were tried where deferred


def test_R_TILE_1_R_TILE_2_a_child_s_solve_is_told_a_value_none_of_its_lines_beats():
    # Six draws of made-up values. A told solve stands in for `Known`: told less than the child's
    # best it stops at a line of the value told (a wrong answer), else it is the plain solve. The
    # answer must be the search's without it: the values told are never below the child's best.
    # The premises: the best settled by a cover's line (a lucky member) is solved again at the end
    # told its own value, and a member bounded by a loose cover is told more than its own.
    told: list[tuple[int, int]] = []
    for seed in range(6):
        rng = random.Random(seed)
        kids = _placements(3, rng)
        fake = _Fake(kids, rng)

        def known(pos, floor, cap, most, attained) -> BoardResult:  # type: ignore[no-untyped-def]
            own = fake.value[id(pos)]  # noqa: B023 - called within this draw
            told.append((own, most))
            if attained:
                assert most == own
            if most < own:
                return BoardResult("OPTIMAL", most, most, ("stopped",))  # type: ignore[arg-type]
            return fake.solve(pos, floor, cap)  # noqa: B023

        plain = split_placements(kids, fake.solve, None, None, NO_BOUND, turns=2, lines=fake.lines)
        got = split_placements(kids, fake.solve, None, None, NO_BOUND, turns=2, lines=fake.lines, known=known)
        assert got == plain
    assert all(most >= own for own, most in told)
    assert any(most == own for own, most in told)
    assert any(most > own for own, most in told)
