"""Solving a puzzle with CP-SAT: the objective of its goal, the proof, the line replayed."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

from ...actions import Action
from ...errors import PuzzleError
from ..puzzle import Puzzle, replay, value_of
from .build import build, margin_points
from .facts import read_facts
from .read import read_line

STATUS = {
    cp_model.OPTIMAL: "OPTIMAL",
    cp_model.FEASIBLE: "FEASIBLE",
    cp_model.INFEASIBLE: "INFEASIBLE",
    cp_model.UNKNOWN: "UNKNOWN",
    cp_model.MODEL_INVALID: "MODEL_INVALID",
}


class ModelError(Exception):
    """The model's answer disagrees with the engine: a bug, never bad input."""


@dataclass(frozen=True)
class ModelResult:
    """CP-SAT's answer: the status, the optimum (None: no line reaches the goal, proven when the
    status is INFEASIBLE), its line, the best bound, and the time taken."""

    status: str
    optimum: int | None
    line: tuple[Action, ...] | None
    bound: float | None
    seconds: float
    branches: int

    @property
    def proven(self) -> bool:
        """Whether the answer is a proof: an optimum, or no line at all."""
        return self.status in ("OPTIMAL", "INFEASIBLE")


def solve(puzzle: Puzzle, time_limit: float | None = None, workers: int = 1, seed: int = 0) -> ModelResult:
    """The puzzle's optimum, proven by CP-SAT; its line is replayed by the engine, which must
    agree with the model's value (ModelError otherwise). A time limit can only turn the answer
    into FEASIBLE or UNKNOWN (not proven), never change a proven one."""
    if not puzzle.start.game.rules.villagers_cross_full:
        raise PuzzleError(
            "the CP-SAT model covers the default rules only (villagers_cross_full: true, K-R-3); "
            "this puzzle's start has the literal option"
        )
    start = time.perf_counter()
    facts = read_facts(puzzle)
    built = build(facts)
    m = built.model
    points = built.harvest_points + built.scoring_points
    weight = puzzle.horizon + 1
    if puzzle.goal == "margin":
        # The hero's points minus the largest opponent's, both exact (K-SCORE-3..5).
        hero, rival = margin_points(built)
        points = built.harvest_points + hero - rival
    if puzzle.goal in ("best", "margin"):
        # The most points, then the fewest cards: a line shows no card that changes nothing.
        m.maximize(weight * points - built.cards)
    else:
        assert puzzle.province is not None
        p = puzzle.start.board.index[puzzle.province]
        m.add(built.first[p] == 1)
        if puzzle.alone:
            k = facts.scored.index(p)
            m.add(built.influence[p] >= max(facts.others_influence[k]) + 1)
        m.minimize(built.cards)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    code = solver.solve(m)
    status = STATUS.get(code, str(code))
    seconds = time.perf_counter() - start
    if status not in ("OPTIMAL", "FEASIBLE"):
        return ModelResult(status, None, None, None, seconds, solver.num_branches)
    line = read_line(built, solver, puzzle)
    value = round(solver.objective_value) if puzzle.goal == "province" else solver.value(points)
    replayed = value_of(puzzle, replay(puzzle, line))
    if replayed != value:
        raise ModelError(f"the model's line {[str(a) for a in line]} is worth {replayed} to the engine, not {value}")
    bound = solver.best_objective_bound
    if puzzle.goal != "province":
        bound = (bound + puzzle.horizon) // weight  # the points it allows: a line has 1 to K cards
    return ModelResult(status, value, line, bound, seconds, solver.num_branches)
