"""A two-turn model's search ended where the relaxation proves its line's value the most
(analysis/board_solve.best_two_turns with `out_of_reach`, `_solve_to_ceiling`): the same status,
value, bound and line as the search run to its end, checked against that full search (the
independent computation) on each path the early end can take: no value proven the most (one
solve), the first line of the proven value already the fewest actions (its proof: two solves),
and a line of that value with fewer actions found by the proof (the search run again: three)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import board_solve, reach_below
from akrotiri_puzzles.analysis.endgame import Run, analyse
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, sampled


def counting(monkeypatch) -> list[int]:
    """CP-SAT solves of board_solve counted (`_solve`)."""
    calls = [0]
    solve = board_solve._solve

    def counted(*a, **k):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return solve(*a, **k)

    monkeypatch.setattr(board_solve, "_solve", counted)
    return calls


def test_R_TURN_2_R_SCORE_1_a_two_turn_search_ended_at_a_proven_ceiling_returns_the_full_search_s_answer(
    monkeypatch,
):
    # South before its placement on turn 5 (seed 3, 2014), nothing left to draw: models of
    # tenths of a second whose first lines take all three paths.
    pos = no_draw(before_placement(3, 2014, 5))
    calls = counting(monkeypatch)
    exact_paths, relaxed_paths, asked = set(), set(), []
    for group in placement_groups(pos)[:6]:
        _, child = group[0]
        full = board_solve.best_two_turns(child, "score", Deadline(None))
        assert full.status == "OPTIMAL" and full.value is not None
        # The exact ceiling, from the full search itself: the search always ends at its value.
        calls[0] = 0
        exact = board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=lambda v, f=full: v > f.value)
        exact_paths.add(calls[0])
        assert exact == full  # status, value, bound and line (actions and all)
        # The relaxation's (reach_below), as `analyse` asks it.
        below = reach_below.Below()

        def relaxed(v, child=child, below=below, best=full.value):  # type: ignore[no-untyped-def]
            answer = below(child, v)
            asked.append((v <= best, answer))
            return answer

        calls[0] = 0
        got = board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=relaxed)
        relaxed_paths.add(calls[0])
        assert got == full
    # Every path taken: ended and proven at once (2), ended and run again (3), never ended (1).
    assert exact_paths == {2, 3}
    assert relaxed_paths == {1, 2, 3}
    # The relaxation is a bound: it never put a value the full search reached out of reach.
    assert asked and not any(reached and out for reached, out in asked)


@pytest.mark.slow
def test_R_TILE_1_two_turns_from_a_placement_are_the_same_with_and_without_the_ceiling(monkeypatch):
    # The whole search over sampled groups (seed 3, 2014, turn 5, next tile drawn), the ceiling
    # on and off (off: every model solved to its end, as before).
    pos = before_placement(3, 2014, 5)
    sampled(monkeypatch, pos, 2, 3)
    on = analyse(pos, "score", turns=2)
    monkeypatch.setattr(Run, "ceiling", False)
    off = analyse(pos, "score", turns=2)
    assert on.status == off.status == "OPTIMAL"
    assert (on.value, on.bound, on.best.line) == (off.value, off.bound, off.best.line)
