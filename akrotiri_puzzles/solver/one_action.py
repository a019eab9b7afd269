"""Lines of one action, found or ruled out without a model.

With no movement point in hand every step costs an action (R-MOVE-2), and so do a load, a
purchase and the oracle: a line of one action is an excavation from the dock where the boat
starts, with a card in hand the hero can pay for (R-EXC-1), after the placements the line makes
for free (this turn's, and, with a horizon of two turns, the next one's after ending this turn).
Only the island of the start dock and the icons matter, so each board is read through a view
that changes only where the tile touches that island (solver/boardview.py).
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action, EndTurn, Excavate, PlaceTile
from ..excavation import valid_sites
from ..puzzle import Puzzle, State, moves, play, reached, why_not
from .budget import cards_in_hand
from .deadline import NO_LIMIT, Deadline
from .facts import FactReader
from .scenarios import Placement, scenarios


def one_action_line(
    puzzle: Puzzle, reader: FactReader | None = None, deadline: Deadline = NO_LIMIT
) -> list[Action] | None:
    """A line of one action reaching the goal, for a start with no movement point in hand, or
    None when no board a line can meet allows one."""
    start = puzzle.start
    dock = start.hero.boat
    if puzzle.goal.temples > 1 or dock is None:
        return None
    comps = start.components
    cards = [comps.map[k] for k in cards_in_hand(puzzle)[1]]
    if not cards:
        return None
    reader = reader or FactReader(puzzle)
    # This turn's boards first (one per placement): an excavation this turn needs no board of
    # the next, and most lines of one action are found there without building those.
    firsts = reader.scenarios() if puzzle.turns == 1 else scenarios(replace(puzzle, turns=1))
    for i, sc in enumerate(firsts):
        if i % 64 == 63:
            deadline.check()
        view = reader.first(sc.first, sc.boards[0]).view
        for card in cards:
            if view.fits(puzzle.hero, card, view.island[dock]):
                line = _line(puzzle, sc.first, None, False, card.id)
                if line is not None:
                    return line
    if puzzle.turns == 1:
        return None
    for i, sc in enumerate(reader.scenarios()):
        if i % 64 == 63:
            deadline.check()
        if sc.oracle is not None:
            continue  # the oracle is an action
        view = reader.views(sc, 0)[1]
        for card in cards:
            if view.fits(puzzle.hero, card, view.island[dock]):
                line = _line(puzzle, sc.first, sc.second, True, card.id)
                if line is not None:
                    return line
    return None


def one_action_possible(puzzle: Puzzle) -> bool:
    """Whether a line of one action reaches the goal (see `one_action_line`)."""
    return one_action_line(puzzle) is not None


def _line(
    puzzle: Puzzle, first: Placement | None, second: Placement | None, end: bool, card: str
) -> list[Action] | None:
    """The line itself, played through the engine: the placements (the first legal choice of
    cubes), the end of turn if the excavation waits for turn 2, and the excavation."""
    state = State(puzzle.start)
    line: list[Action] = []
    for p, ends in ((first, False), (None, end), (second, False)):
        if ends:
            line.append(EndTurn())
            state = play(puzzle, state, EndTurn())
        if p is None:
            continue
        place = next(
            (
                a
                for a in moves(puzzle, state)
                if isinstance(a, PlaceTile) and (a.slot, a.rotation) == (p.slot, p.rotation)
            ),
            None,
        )
        if place is None:
            return None
        line.append(place)
        state = play(puzzle, state, place)
    pos = state.pos
    if pos.phase != "act":
        return None
    boat = pos.hero.boat
    assert boat is not None
    board = pos.board
    spec = pos.components.map[card]
    sites = valid_sites(board, pos.to_move, spec, board.island_quads[board.island_of_dock[boat]])
    if not sites:
        return None
    dig = Excavate(card, sites[0])
    if why_not(puzzle, state, dig) is not None:
        return None
    state = play(puzzle, state, dig)
    return [*line, dig] if reached(puzzle, state.pos) else None
