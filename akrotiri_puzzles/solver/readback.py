"""A line the model found, as the engine plays it (shared by the driver and the uniqueness
check), and the error raised when the two disagree."""

from __future__ import annotations

from ..actions import Action, Excavate, KeepGoal
from ..excavation import valid_sites
from ..puzzle import Puzzle, State, play, reached, why_not


class SolverError(RuntimeError):
    """The model and the engine disagree: a bug, never bad input."""


def complete_line(puzzle: Puzzle, raw: list[Action]) -> list[Action]:
    """The model's line as the engine plays it: excavation sites chosen, goal cards kept.

    The site is the smallest quadrant of the boat's island where the card fits; a goal card
    on offer after an excavation (R-EXC-1) is the first one offered. Stops at the goal.
    """
    state = State(puzzle.start)
    out: list[Action] = []
    for action in raw:
        if isinstance(action, Excavate):
            pos = state.pos
            boat = pos.hero.boat
            assert boat is not None
            island = pos.board.island_of_dock[boat]
            card = pos.components.map[action.card]
            sites = valid_sites(pos.board, pos.to_move, card, pos.board.island_quads[island])
            if not sites:
                raise SolverError(f"the model excavates {action.card} where the engine finds no site")
            action = Excavate(action.card, sites[0])
        reason = why_not(puzzle, state, action)
        if reason is not None:
            raise SolverError(f"the engine rejects the model's action {action}: {reason}")
        state = play(puzzle, state, action)
        out.append(action)
        if reached(puzzle, state.pos):
            return out
        while state.pos.phase == "goal":
            keep = KeepGoal(sorted(state.pos.goal_offer)[0])
            state = play(puzzle, state, keep)
            out.append(keep)
    return out
