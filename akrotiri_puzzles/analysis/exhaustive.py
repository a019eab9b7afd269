"""An exhaustive search for the best final score, played through the engine alone.

It shares no code with the CP-SAT score model: the engine lists the moves (`puzzle.moves`),
plays them, and the engine's scoring (scoring.py) scores every position where the hero may stop
(the action phase, the boat not passing through an occupied dock, R-MOVE-3). States are merged
by the solver's `state_key`, which keeps everything a future depends on. Feasible for short
action phases only: the tests and the benchmark compare it with CP-SAT on such endgames.

With `turns=2` it searches the hero's next two turns as a puzzle does (`Puzzle(..., turns=2)`):
the rest of this turn, `end` (the draw; the passive opponent takes no turn), then the whole next
turn, its tile placement included; the line stops in the next turn's action phase, or where the
game is over after the first turn (R-END-2).
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass

from ..actions import Action, Sell, Unload
from ..position import Position, evolve
from ..premise import WHOLE
from ..puzzle import Goal, Puzzle, State, moves, play
from ..solver.exhaustive import state_key
from .board_solve import puzzle_of
from .engine_line import objective_value


class TooLarge(Exception):
    """The search met more states than it was allowed."""


@dataclass(frozen=True)
class ExhaustiveResult:
    """The best objective over every line of the turn, and a line reaching it in the fewest
    actions (`line_cost`)."""

    value: int
    line: tuple[Action, ...]
    nodes: int
    seconds: float


def line_cost(pos: Position, line: tuple[Action, ...] | list[Action], turns: int = 1) -> int:
    """A line's actions as the engine counts them: the actions the game counts (R-TURN-2,
    read off `actions_left`) and the free ones (sell, unload, R-TURN-3), over `turns` turns."""
    puzzle = horizon(pos, turns)
    state = State(pos)
    cost = 0
    for action in line:
        after = play(puzzle, state, action)
        cost += _edge(state.pos, after.pos, action)
        state = after
    return cost


def _edge(before: Position, after: Position, action: Action) -> int:
    return max(0, before.actions_left - after.actions_left) + (1 if isinstance(action, (Sell, Unload)) else 0)


def horizon(pos: Position, turns: int) -> Puzzle:
    """The hero's next `turns` turns from `pos` as a puzzle plays them (1 or 2)."""
    return puzzle_of(pos) if turns == 1 else Puzzle("analyse", pos, Goal(), turns=turns, revealed=WHOLE)


def hero_value(pos: Position, hero: str, objective: str) -> int:
    """The hero's objective in `pos`: after the hero's end of turn, when the game is over, the
    seat to move may be the opponent's (the engine began its turn before the game ended)."""
    return objective_value(pos if pos.to_move == hero else evolve(pos, to_move=hero), objective)


def stops(state: State, turns: int) -> bool:
    """Whether a line may stop here: in the action phase of the horizon's last turn, the boat not
    passing through an occupied dock (R-MOVE-3), or where the game is over (R-END-2)."""
    p = state.pos
    return (p.phase == "act" and not p.passing and state.turn >= turns) or p.phase == "over"


def best_by_search(
    pos: Position, objective: str = "score", max_nodes: int | None = None, turns: int = 1
) -> ExhaustiveResult:
    """The best objective any line of the hero's next `turns` turns (1 or 2) reaches from `pos`
    (the tile placements included), by depth-first search over every state; TooLarge past
    `max_nodes` states."""
    if turns not in (1, 2):
        raise ValueError(f"the search covers 1 or 2 turns, not {turns}")
    puzzle = horizon(pos, turns)
    hero = pos.to_move
    clock = time.perf_counter()
    # Per state: the best objective, then the fewest actions to it (as a negative cost).
    memo: dict[Hashable, tuple[int, int, tuple[Action, ...]]] = {}
    scored: dict[Hashable, int] = {}
    nodes = 0

    def score(p: Position) -> int:
        # The score reads the board, the temples, the goal cards and the drachmas only.
        key = (p.board.placements, tuple((s.temples, s.goals, s.drachmas) for s in p.seats))
        if key not in scored:
            scored[key] = hero_value(p, hero, objective)
        return scored[key]

    def best(state: State) -> tuple[int, int, tuple[Action, ...]]:
        nonlocal nodes
        key = state_key(state)
        hit = memo.get(key)
        if hit is not None:
            return hit
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise TooLarge
        p = state.pos
        stop = stops(state, turns)
        found: tuple[int, int, tuple[Action, ...]] | None = (score(p), 0, ()) if stop else None
        for action in moves(puzzle, state):
            after = play(puzzle, state, action)
            value, neg_cost, rest = best(after)
            here = (value, neg_cost - _edge(p, after.pos, action), (action, *rest))
            if found is None or here[:2] > found[:2]:
                found = here
        if found is None:  # pragma: no cover - the engine always lets a turn go on or stop
            raise AssertionError(f"no way to end the turn from {p!r}")
        memo[key] = found
        return found

    value, _, line = best(State(pos))
    return ExhaustiveResult(value, line, nodes, time.perf_counter() - clock)


def lines_reaching(pos: Position, score: int, max_lines: int | None = None) -> list[tuple[Action, ...]]:
    """Every line of the hero's turn from `pos` that stops (the action phase, the boat not
    passing) with at least `score` points, by enumerating every line through the engine (no
    merging: TooLarge past `max_lines` lines looked at)."""
    puzzle = puzzle_of(pos)
    found: list[tuple[Action, ...]] = []
    seen = 0

    def walk(state: State, line: tuple[Action, ...]) -> None:
        nonlocal seen
        seen += 1
        if max_lines is not None and seen > max_lines:
            raise TooLarge
        p = state.pos
        if p.phase == "act" and not p.passing and objective_value(p, "score") >= score:
            found.append(line)
        for action in moves(puzzle, state):
            walk(play(puzzle, state, action), (*line, action))

    walk(State(pos), ())
    return found
