"""An exhaustive search for the best final score, played through the engine alone.

It shares no code with the CP-SAT score model: the engine lists the moves (`puzzle.moves`),
plays them, and the engine's scoring (scoring.py) scores every position where the hero may stop
(the action phase, the boat not passing through an occupied dock, R-MOVE-3). States are merged
by the solver's `state_key`, which keeps everything a future depends on. Feasible for short
action phases only: the tests and the benchmark compare it with CP-SAT on such endgames.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass

from ..actions import Action
from ..position import Position
from ..puzzle import State, moves, play
from ..solver.exhaustive import state_key
from .board_solve import objective_value, puzzle_of


class TooLarge(Exception):
    """The search met more states than it was allowed."""


@dataclass(frozen=True)
class ExhaustiveResult:
    """The best objective over every line of the turn, and a line reaching it."""

    value: int
    line: tuple[Action, ...]
    nodes: int
    seconds: float


def best_by_search(pos: Position, objective: str = "score", max_nodes: int | None = None) -> ExhaustiveResult:
    """The best objective any line of the hero's turn reaches from `pos` (its tile placement
    included), by depth-first search over every state; TooLarge past `max_nodes` states."""
    puzzle = puzzle_of(pos)
    clock = time.perf_counter()
    memo: dict[Hashable, tuple[int, tuple[Action, ...]]] = {}
    scored: dict[Hashable, int] = {}
    nodes = 0

    def score(p: Position) -> int:
        # The score reads the board, the temples, the goal cards and the drachmas only.
        key = (p.board.placements, tuple((s.temples, s.goals, s.drachmas) for s in p.seats))
        if key not in scored:
            scored[key] = objective_value(p, objective)
        return scored[key]

    def best(state: State) -> tuple[int, tuple[Action, ...]]:
        nonlocal nodes
        key = state_key(state)
        hit = memo.get(key)
        if hit is not None:
            return hit
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise TooLarge
        p = state.pos
        stop = p.phase == "act" and not p.passing
        found: tuple[int, tuple[Action, ...]] | None = (score(p), ()) if stop else None
        for action in moves(puzzle, state):
            value, rest = best(play(puzzle, state, action))
            if found is None or value > found[0]:
                found = (value, (action, *rest))
        if found is None:  # pragma: no cover - the engine always lets a turn go on or stop
            raise AssertionError(f"no way to end the turn from {p!r}")
        memo[key] = found
        return found

    value, line = best(State(pos))
    return ExhaustiveResult(value, line, nodes, time.perf_counter() - clock)
