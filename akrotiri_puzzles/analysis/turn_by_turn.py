"""A reference for the two-turn analysis: every end of the first turn, each next turn analysed
alone.

From the hero's action phase, the engine plays every line of the rest of the turn up to the
end of turn (`end`: the draw; the passive opponent takes no turn, as in a puzzle of two turns).
Each distinct position after `end` (states merged by the solver's `state_key`) starts the
hero's next turn, which the one-turn analyser solves (endgame.Run: CP-SAT, checked against the
exhaustive search), asked only for more than the best so far; most such questions are
INFEASIBLE and quick. Where the game is over after the first turn (R-END-2) the position is
scored as it stands. The answer is exact when every next turn was solved or proven below the
best. It shares nothing with a model of both turns at once, so that the two check each other.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ..actions import Action, EndTurn
from ..position import Position
from ..puzzle import State, moves, play
from ..solver.deadline import Deadline, TimeUp
from ..solver.exhaustive import state_key
from .board_solve import BoardResult
from .endgame import NO_BOUND, Run
from .engine_line import objective_value
from .exhaustive import TooLarge, hero_value, horizon, stops


@dataclass(frozen=True)
class TurnEnd:
    """A distinct position after the hero's first `end`, and a line of the first turn to it."""

    line: tuple[Action, ...]
    """The first turn's actions, `end` last."""
    after: State
    """The state after `end`: the hero's next turn (turn 2), or the game over."""
    first: int
    """The objective where the first turn ended: its order among the ends, best first."""


def turn_ends(pos: Position, objective: str, max_ends: int | None = None) -> list[TurnEnd]:
    """Every distinct position after the end of the hero's turn from `pos` (an action phase), the
    best first turns first (by the objective at the end of the first turn, then in the order the
    engine lists the moves); TooLarge past `max_ends` ends."""
    puzzle = horizon(pos, 2)
    seen: set[Hashable] = set()
    ends: dict[Hashable, TurnEnd] = {}
    stack: list[tuple[State, tuple[Action, ...]]] = [(State(pos), ())]
    while stack:
        state, line = stack.pop()
        key = state_key(state)
        if key in seen:
            continue
        seen.add(key)
        for action in reversed(moves(puzzle, state)):
            after = play(puzzle, state, action)
            if not isinstance(action, EndTurn):
                stack.append((after, (*line, action)))
                continue
            end_key = state_key(after)
            if end_key not in ends:
                ends[end_key] = TurnEnd((*line, action), after, objective_value(state.pos, objective))
                if max_ends is not None and len(ends) > max_ends:
                    raise TooLarge
    return sorted(ends.values(), key=lambda e: -e.first)


def best_turn_by_turn(
    pos: Position, objective: str, deadline: Deadline, floor: int | None = None, max_ends: int | None = None
) -> BoardResult:
    """The best objective at the end of the hero's next two turns from `pos` (its action phase),
    the opponent passive, each next turn asked only for more than the best so far (`floor`: at
    least that, else INFEASIBLE); TooLarge past `max_ends` distinct ends of the first turn."""
    if pos.phase != "act" or pos.passing:
        raise ValueError("the two-turn reference starts in the action phase, the boat not passing")
    hero = pos.to_move
    best: tuple[int, tuple[Action, ...]] | None = None
    bound = floor - 1 if floor is not None else -NO_BOUND
    proven = True
    for end in turn_ends(pos, objective, max_ends):
        ask = floor if best is None else best[0] + 1 if floor is None else max(floor, best[0] + 1)
        if end.after.pos.phase == "over":
            # No next turn (R-END-2): the first turn's end is the final position.
            value = hero_value(end.after.pos, hero, objective)
            bound = max(bound, value)
            if ask is None or value >= ask:
                best = (value, end.line)
            continue
        start = end.after.pos
        try:
            deadline.check()
            r = Run(start, objective, deadline, 1).best(start, ask)
        except TimeUp:
            if best is None:
                raise
            # The ends not looked at bound nothing: the line found, no bound.
            return _result("FEASIBLE", best, NO_BOUND, pos, hero, objective)
        bound = max(bound, r.bound)
        if r.status == "INFEASIBLE":
            continue
        assert r.value is not None
        proven = proven and r.status == "OPTIMAL"
        best = (r.value, (*end.line, *r.line))
    if best is None:
        return BoardResult("INFEASIBLE", None, bound, ())
    status = "OPTIMAL" if proven and bound <= best[0] else "FEASIBLE"
    return _result(status, best, bound, pos, hero, objective)


def _result(
    status: str, best: tuple[int, tuple[Action, ...]], bound: int, pos: Position, hero: str, objective: str
) -> BoardResult:
    """The result, its whole line replayed through the engine (two turns), which must stop where
    the hero may stop and score the value found."""
    value, line = best
    puzzle = horizon(pos, 2)
    state = State(pos)
    for action in line:
        state = play(puzzle, state, action)
    scored = hero_value(state.pos, hero, objective)
    if not stops(state, 2) or scored != value:
        raise AssertionError(f"the engine scores the line {[str(a) for a in line]} {scored}, the reference {value}")
    return BoardResult(status, value, bound, line)
