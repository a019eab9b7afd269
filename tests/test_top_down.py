"""A turn's first model asked at the relaxation's ceiling (analysis/top_down.py, `TOP_DOWN`,
session 101): where steps 1 to 2b answer nothing, the model floored at the largest value the
relaxation does not prove out of reach (the one above it proven) answers with the status, value and
bound of the full search (R-TURN-2's two turns, R-SCORE-1's score); INFEASIBLE at a floor, the
floor below; a line above a floor whose value plus one was proven out of reach is a model error.

The bed: tests/test_floor_first_realised.py's (south's `tile -1,-2 r270` on seed 3's turn 11, 2014,
nothing left to draw, optimum 15), its first pass cut to almost nothing, step 1b and step 2 off,
so that the step is reached; and toy models for the ceiling's search and the floors.
"""

from __future__ import annotations

from typing import Any

import pytest
from ortools.sat.python import cp_model

from akrotiri_puzzles.analysis import board_solve, floor_first, realise, top_down
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.solver.deadline import Deadline
from akrotiri_puzzles.solver.readback import SolverError

from .test_floor_first_realised import _child, _watched

OPTIMUM = 15
"""The bed's optimum (the full search's, tests/test_floor_first_realised.py)."""


def test_R_TURN_2_R_SCORE_1_the_first_model_at_the_relaxation_s_ceiling_is_the_full_search_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Mutation: board_solve not giving `solve_top_down` to `solve_floor_first`,
    # or floor_first not asking it after step 2: no `top_ceiling` step, step 3's counted pass runs.
    # The ceiling's bisection returning the value proven (`hi`) instead of the one below it: the
    # ceiling reads 16.
    monkeypatch.setattr(top_down, "TOP_DOWN", True)  # off by default (its docstring)
    monkeypatch.setattr(realise, "REALISE_FIRST", False)  # no step 1b
    monkeypatch.setattr(floor_first, "_cards_line", lambda *args: None)  # no step 2
    steps: list[dict[str, Any]] = []
    monkeypatch.setattr(top_down, "TRACE", lambda **facts: steps.append(facts))
    got = _watched(_child(), steps, monkeypatch)
    kinds = [s["kind"] for s in steps]
    assert kinds[0] == "first_pass" and "counted_pass" not in kinds, steps
    top = next(s for s in steps if s["kind"] == "top_ceiling")
    assert top["ceiling"] == OPTIMUM and top["low"] <= OPTIMUM, steps
    assert [s["floor"] for s in steps if s["kind"] == "top_solve"] == [OPTIMUM], steps
    assert (got.status, got.value, got.bound) == ("OPTIMAL", OPTIMUM, OPTIMUM)
    # The line is the engine's: replayed from the member and scored at turn 2's end (R-SCORE-1).
    assert board_solve.two_turns_value(_child(), "score", got.line) == OPTIMUM
    # The bound is the relaxation's: no line reaches one more, and a line reaches the optimum.
    assert reach_below.Below()(_child(), OPTIMUM + 1) and not reach_below.Below()(_child(), OPTIMUM)


class _Toy:
    """What `solve_top_down` reads of a model: the CP-SAT model and its value (one variable whose
    domain is `values`)."""

    def __init__(self, values: list[int]) -> None:
        self.m = cp_model.CpModel()
        self.primary = self.m.new_int_var_from_domain(cp_model.Domain.from_values(values), "v")
        self.m.maximize(self.primary)


def _memo(most: int, reached: int) -> floor_first.Memo:
    """A memo whose relaxation proves every value above `most` out of reach, a line known at `reached`."""
    memo = floor_first.Memo(lambda value: value > most)
    memo.reach(reached)
    return memo


def test_the_ceiling_is_the_value_not_proven_below_the_first_proven() -> None:
    # Mutation: the bisection returning `hi` (15), or an upward step not doubling (more questions
    # than `QUESTIONS`: None), or a question counted twice.
    assert top_down.QUESTIONS == 8  # 6, 8, 10, 14, 22, then 18, 16, 15: exactly the count
    assert top_down.ceiling(_memo(14, 5), 6) == 14
    assert top_down.ceiling(_memo(14, 5), 15) is None  # the first value asked is proven: nothing to do


def test_R_SCORE_1_infeasible_floors_go_down_to_the_optimum(monkeypatch: pytest.MonkeyPatch) -> None:
    # The relaxation's ceiling 14, the optimum 12: 14 and 13 INFEASIBLE, 12 found (OPTIMAL 12).
    # Mutation: a floor not lowered after INFEASIBLE, or an INFEASIBLE read as an answer.
    toy = _Toy(list(range(13)))
    monkeypatch.setattr(top_down, "TOP_DOWN", True)
    monkeypatch.setattr(top_down, "TRIES", 3)
    got = top_down.solve_top_down(toy, _memo(14, 5), Deadline(None), 1, {})  # type: ignore[arg-type]
    assert got is not None and got[0] == "OPTIMAL" and got[2] == 12
    assert got[1].value(toy.primary) == 12
    monkeypatch.setattr(top_down, "TRIES", 2)  # 14 and 13 only: nothing proven
    assert top_down.solve_top_down(toy, _memo(14, 5), Deadline(None), 1, {}) is None  # type: ignore[arg-type]


def test_R_SCORE_1_a_line_above_a_floor_proven_the_most_is_a_model_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # An unsound relaxation (11 proven out of reach, a line of 12): the line found at the floor 10
    # is 12. Mutation: the value's check dropped (OPTIMAL 12 at a bound of 10 returned).
    toy = _Toy([0, 1, 2, 3, 12])
    monkeypatch.setattr(top_down, "TOP_DOWN", True)
    with pytest.raises(SolverError):
        top_down.solve_top_down(toy, _memo(10, 3), Deadline(None), 1, {})  # type: ignore[arg-type]
