"""A floored two-turn model watched by the relaxation's ceiling (analysis/endgame.py,
`WATCH_FLOORED`; board_solve's `_solve_to_ceiling`): a model asked for more than the best so far
whose search finds a line ends there once the relaxation proves that value the most, and
returns the very status, value, bound and line of the same floored model solved to its end (the
independent computation); INFEASIBLE, its watch is never asked. Checked on placements of seed 3's
fifth turn (2014, south, nothing left to draw: models of tenths of a second), with floors below,
at and above each placement's optimum, with the exact ceiling and with the relaxation."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import board_solve, endgame, realise
from akrotiri_puzzles.analysis.endgame import Run
from akrotiri_puzzles.analysis.engine_line import objective_value, replay_line
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, solved_two_turns
from .test_analysis_two_turn_ceiling import stops

GROUPS = [pytest.param((0, 4), id="groups-1-5"), pytest.param(range(6), id="groups-1-to-6", marks=pytest.mark.corpus)]
"""The groups `_floored` asks: the first and fifth by default (each premise below holds on each
of the six groups), the first six in make test-corpus (about 4 CPU s more)."""


def _floored(pos, picked):  # type: ignore[no-untyped-def]
    """The first placement of each of `pos`'s groups `picked`, at floors two below, at and one
    above its optimum, with the floored model solved to its end (no watch): (child, its optimum, floor, full)."""
    groups = placement_groups(pos)
    for group in [groups[i] for i in picked]:
        _, child = group[0]
        best = solved_two_turns(child)
        assert best.status == "OPTIMAL" and best.value is not None
        for floor in (best.value - 2, best.value, best.value + 1):
            yield child, best.value, floor, solved_two_turns(child, floor)


@pytest.mark.usefixtures("realised_floor_off")  # the model's path, line included (conftest)
@pytest.mark.parametrize("picked", GROUPS)
def test_R_TURN_2_R_SCORE_1_a_floored_two_turn_search_watched_returns_the_full_search_s_answer(monkeypatch, picked):
    pos = no_draw(before_placement(3, 2014, 5))
    met = stops(monkeypatch)
    ended = []
    for child, optimum, floor, full in _floored(pos, picked):
        asked: list[int] = []

        def exact(v, best=optimum, asked=asked):  # type: ignore[no-untyped-def]
            asked.append(v)
            return v > best

        got = board_solve.best_two_turns(child, "score", Deadline(None), floor=floor, out_of_reach=exact)
        assert got == full  # status, value, bound and line
        if full.status == "INFEASIBLE":
            assert not asked  # no line found: the watch costs nothing
        else:
            ended.append(met[-1])
        below = reach_below.Below()
        relaxed = board_solve.best_two_turns(
            child, "score", Deadline(None), floor=floor, out_of_reach=lambda v, c=child, b=below: b(c, v)
        )
        assert relaxed == full
    assert True in ended  # some floored searches were ended by the watch


@pytest.mark.parametrize("picked", GROUPS)
def test_R_TURN_2_R_SCORE_1_a_floored_member_answered_by_its_realised_leaf_has_the_full_search_s_value(
    monkeypatch, picked
):
    # With `REALISE_FIRST` (on by default since session 86) a floored member watched by the
    # relaxation may be answered by its relaxed leaf played through the engine, without a model
    # (analysis/realise.py): the same status, value and bound as the floored model solved to its
    # end without a watch (the independent computation), and a line the engine plays from the
    # member's two-turn puzzle to that value (R-SCORE-1). The line may differ from the model's.
    monkeypatch.setattr(realise, "REALISE_FIRST", True)
    trace: list[tuple[int, int | None, bool]] = []
    monkeypatch.setattr(realise, "FLOOR_TRACE", trace)
    pos = no_draw(before_placement(3, 2014, 5))
    for child, _, floor, full in _floored(pos, picked):
        below = reach_below.Below()
        got = board_solve.best_two_turns(
            child, "score", Deadline(None), floor=floor, out_of_reach=lambda v, c=child, b=below: b(c, v)
        )
        assert (got.status, got.value, got.bound) == (full.status, full.value, full.bound)
        if got.value is not None:
            end = replay_line(board_solve.two_turn_puzzle(child), list(got.line))
            assert objective_value(end, "score") == got.value
    assert any(proven for _, _, proven in trace)  # the premise: some members were answered so


def test_R_TURN_2_the_analyser_watches_floored_two_turn_models(monkeypatch):
    # Run.best passes the relaxation's watch to a floored two-turn model (`WATCH_FLOORED`), and
    # not with it off or with the ceiling off.
    pos = no_draw(before_placement(3, 2014, 5))
    _, child = placement_groups(pos)[0][0]
    seen: list[bool] = []

    def spy(p, objective, deadline, floor=None, workers=1, cap=None, out_of_reach=None):  # type: ignore[no-untyped-def]
        seen.append(out_of_reach is not None)
        return board_solve.BoardResult("INFEASIBLE", None, (floor or 0) - 1, ())

    monkeypatch.setattr(endgame, "best_two_turns", spy)
    run = Run(pos, "score", Deadline(None), 1, turns=2)
    run.best(child, 30)
    monkeypatch.setattr(endgame, "WATCH_FLOORED", False)
    run.best(child, 30)
    run.best(child)
    monkeypatch.setattr(endgame, "WATCH_FLOORED", True)
    monkeypatch.setattr(Run, "ceiling", False)
    run.best(child, 30)
    assert seen == [True, False, True, False]
