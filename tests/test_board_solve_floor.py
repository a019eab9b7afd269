"""A two-turn floor asked bare first (board_solve.two_turns_reach, `FLOOR_FIRST`): the yes or no
against the turn-by-turn reference (each next turn solved by the one-turn analyser, no model of
both turns), and best_two_turns' answers the same, line included, with and without it."""

from __future__ import annotations

from functools import cache

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.analysis import board_solve
from akrotiri_puzzles.analysis.corpus import two_turn_starts
from akrotiri_puzzles.analysis.turn_by_turn import best_turn_by_turn
from akrotiri_puzzles.position import evolve
from akrotiri_puzzles.solver.deadline import Deadline

COMPS = load_components()


@cache
def _start():
    """A seat's third turn of seed 0 (2016), one action left, nothing to draw (as
    tests/test_analysis_two_turns.py's `tiny`)."""
    pos = list(two_turn_starts(COMPS, range(0, 1), 2016, 1, nth=2))[1]
    return evolve(pos, land_pile=(), land_discard=())


@cache
def _best(pos):
    """The turn-by-turn reference's best over the two turns."""
    return best_turn_by_turn(pos, "score", Deadline(None))


def _reach(pos, floor: int) -> bool:
    model = board_solve.TwoTurns(pos, "score", Deadline(None)).fresh()
    model.m.add(model.primary >= floor)
    return board_solve.two_turns_reach(model, Deadline(None))


@pytest.mark.parametrize("first", [True, False])
def test_R_SCORE_1_R_TURN_2_a_floor_asked_bare_answers_as_the_reference_and_the_solve(monkeypatch, first):
    pos = _start()
    best = _best(pos)
    assert best.status == "OPTIMAL" and best.value is not None
    if first:
        # The bare question alone: reached at the reference's optimum, not one above it.
        assert _reach(pos, best.value)
        assert not _reach(pos, best.value + 1)
    monkeypatch.setattr(board_solve, "FLOOR_FIRST", first)
    at = board_solve.best_two_turns(pos, "score", Deadline(None), floor=best.value)
    above = board_solve.best_two_turns(pos, "score", Deadline(None), floor=best.value + 1)
    assert at.status == "OPTIMAL" and at.value == best.value
    assert above == board_solve.BoardResult("INFEASIBLE", None, best.value, ())
    # The line of a floor reached is the objective's solve's, as without the bare question.
    monkeypatch.setattr(board_solve, "FLOOR_FIRST", not first)
    assert board_solve.best_two_turns(pos, "score", Deadline(None), floor=best.value) == at
