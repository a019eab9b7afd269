"""A two-turn model's search watched by the relaxation (board_solve's `_solve_to_ceiling`,
floor_first.py): the question a watch asks, and the callback that stops a search at its first
line whose value the relaxation proves the most."""

from __future__ import annotations

from collections.abc import Callable

from ortools.sat.python import cp_model

from ..solver.model.core import Expr

OutOfReach = Callable[[int], bool]
"""Whether a bound proven without a model puts a value out of reach of every line (True: no
line reaches it; False: not proven)."""


class Meets(cp_model.CpSolverSolutionCallback):
    """Watches a search and stops it at its first line whose value the relaxation proves the
    most (`out_of_reach` of the value plus one, asked once per new value)."""

    def __init__(self, primary: Expr, out_of_reach: OutOfReach) -> None:
        super().__init__()
        self.primary = primary
        self.out_of_reach = out_of_reach
        self.asked: int | None = None
        self.met = False

    def on_solution_callback(self) -> None:
        """Ask about a new value; stop where it is met."""
        value = int(self.value(self.primary))
        if self.asked is None or value > self.asked:
            self.asked = value
            self.met = self.out_of_reach(value + 1)
        if self.met:
            self.stop_search()
