"""A two-turn model's search ended where the relaxation proves its line's value the most
(analysis/board_solve.best_two_turns with `out_of_reach`, `_solve_to_ceiling`): the same status,
value, bound and line as the search run to its end, checked against that full search (the
independent computation) on both paths the early end can take: no value proven the most (the
search runs to its end) and a line whose value is proven the most (the search stopped there,
OPTIMAL: the model is solved for the value alone, so no second model). Also the bound read on
the value's scale (`primary_bound`) where a model is asked with a floor."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import board_solve, floor_first, floor_member
from akrotiri_puzzles.analysis.endgame import Run, analyse
from akrotiri_puzzles.analysis.reach import reach_below, reach_money
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, sampled, solved_two_turns


def stops(monkeypatch) -> list[bool]:
    """Whether each watched search was stopped by its watch (watched.py's `Meets.met`), in order. The plain
    watched search (floor_first.py's and floor_member.py's steps off: tests/test_floor_first.py checks
    those)."""
    monkeypatch.setattr(floor_first, "FLOOR_FIRST", False)
    monkeypatch.setattr(floor_member, "FLOORED", False)
    met: list[bool] = []
    solve = board_solve._solve

    def watched(m, deadline, workers, tuning=None, callback=None):  # type: ignore[no-untyped-def]
        got = solve(m, deadline, workers, tuning, callback)
        if callback is not None:
            met.append(callback.met)
        return got

    monkeypatch.setattr(board_solve, "_solve", watched)
    return met


# The first and third groups by default (with the takes of any two cubes the relaxation ends the
# first's search and not the third's: both paths); the first six in make test-corpus.
@pytest.mark.parametrize(
    "picked",
    [pytest.param((0, 2), id="groups-1-3"), pytest.param(range(6), id="groups-1-to-6", marks=pytest.mark.corpus)],
)
def test_R_TURN_2_R_SCORE_1_a_two_turn_search_ended_at_a_proven_ceiling_returns_the_full_search_s_answer(
    monkeypatch, picked
):
    # South before its placement on turn 5 (seed 3, 2014), nothing left to draw: models of
    # tenths of a second, some of whose searches the relaxation ends and some not (with the next
    # placement taking any two cubes, as before session 74; by tile, none is taken without a next
    # tile, R-TILE-1, and the relaxation ends all six: both readings are checked).
    for by_tile in (True, False):
        monkeypatch.setattr(reach_money, "tile_takes", by_tile)
        relaxed_paths, asked = _ended_at_ceiling(monkeypatch, picked)
        # The relaxation is a bound: it never put a value the full search reached out of reach.
        assert asked and not any(reached and out for reached, out in asked)
        # Both paths taken: ended by the relaxation, and run to the end.
        assert relaxed_paths == ({True} if by_tile else {True, False})


def _ended_at_ceiling(monkeypatch, picked):
    """The searches of the first placement of the groups `picked`, each checked against its
    full search: the paths taken (ended by the relaxation or not) and the values asked of it
    (whether the full search reaches each, and the answer)."""
    pos = no_draw(before_placement(3, 2014, 5))
    met = stops(monkeypatch)
    relaxed_paths, asked = set(), []
    groups = placement_groups(pos)
    for group in [groups[i] for i in picked]:
        _, child = group[0]
        full = solved_two_turns(child)
        assert full.status == "OPTIMAL" and full.value is not None and full.bound == full.value
        # The exact ceiling, from the full search itself: the search always ends at its value.
        exact = board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=lambda v, f=full: v > f.value)
        assert met.pop() is True
        assert exact == full  # status, value, bound and line (actions and all)
        # The relaxation's (reach_below), as `analyse` asks it.
        below = reach_below.Below()

        def relaxed(v, child=child, below=below, best=full.value):  # type: ignore[no-untyped-def]
            answer = below(child, v)
            asked.append((v <= best, answer))
            return answer

        got = board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=relaxed)
        relaxed_paths.add(met.pop())
        assert got == full
        # Asked with a floor at its value, and one above: the bound is read on the value's scale
        # (the model maximises the value alone; read as value * TIE it would be 1).
        at = board_solve.best_two_turns(child, "score", Deadline(None), floor=full.value)
        assert (at.status, at.value, at.bound) == ("OPTIMAL", full.value, full.value)
        above = board_solve.best_two_turns(child, "score", Deadline(None), floor=full.value + 1)
        assert (above.status, above.bound) == ("INFEASIBLE", full.value)
    return relaxed_paths, asked


@pytest.mark.corpus
def test_R_TILE_1_two_turns_from_a_placement_are_the_same_with_and_without_the_ceiling(monkeypatch):
    # The whole search over sampled groups (seed 3, 2014, turn 5, next tile drawn), the ceiling
    # on and off (off: every model solved to its end, as before). About 20 s of CPU (`corpus`: a
    # speed-up's check; the early end's soundness on both its paths is the test above's).
    pos = before_placement(3, 2014, 5)
    sampled(monkeypatch, pos, 2, 3)
    on = analyse(pos, "score", turns=2)
    monkeypatch.setattr(Run, "ceiling", False)
    off = analyse(pos, "score", turns=2)
    assert on.status == off.status == "OPTIMAL"
    assert (on.value, on.bound, on.best.line) == (off.value, off.bound, off.best.line)
