"""Two-turn candidates whose goal needs the drawn tile (issue 30: turn 2's placement is the idea).

A two-turn puzzle from the action phase reveals the land tile the hero draws at the end of
turn 1 (R-END-1, generator/reveal.py) and places at the start of turn 2 (R-TILE-1). A goal
*needs the drawn tile* when no excavation site for it exists on the board now but one does
after some placement of that tile: the tile's pieces make a new site, or its icon makes an
old quadrant meet the card (R-EXC-2). Then no answer reaches the goal in turn 1, and every
answer places the drawn tile where it makes a site: the placement is part of the idea, not
noise. This is a cheap look at the board (no solve), made before any proof; the proofs are
the same as for any two-turn candidate (the idle line, the certificate, uniqueness).

Per goal kind: a named map card needs the drawn tile when it has no site now and one after a
placement; a temple, when no card in hand has a site now and one has after a placement; two
temples, when at most one card in hand has a site now and another card has one only after a
placement (so that, as in hard-s44-t2-two-temples-00000, the second temple is dug on what the
drawn tile makes).
"""

from __future__ import annotations

from ..actions import PlaceTile
from ..board import Board
from ..excavation import valid_sites
from ..geometry import Quad
from ..position import Position
from ..puzzle import Goal, Puzzle
from ..rules import legal_actions
from .idle_turn import idle_rests


def sites(pos: Position, board: Board, card_id: str) -> frozenset[Quad]:
    """The quadrants of `board` where the hero could excavate the card: on an island other
    than Thera's that holds no temple (R-EXC-1), meeting the card's icons (R-EXC-2)."""
    card = pos.components.map[card_id]
    temples = {board.island_at(site) for s in pos.seats for _, site in s.temples}
    out: set[Quad] = set()
    for island, quads in board.island_quads.items():
        if island == board.thera_island or island in temples:
            continue
        out.update(valid_sites(board, pos.to_move, card, quads))
    return frozenset(out)


def drawn_boards(puzzle: Puzzle) -> list[Board]:
    """The boards after each legal placement of the tile drawn at the end of turn 1 (none when
    the premise does not reveal it, or no turn 2 follows)."""
    boards: list[Board] = []
    for rest in idle_rests(puzzle):
        start = rest.start
        tile = start.hero.tile
        if start.phase != "place" or tile is None:
            continue
        slots = {(a.slot, a.rotation) for a in legal_actions(start) if isinstance(a, PlaceTile)}
        boards.extend(start.board.with_tile(slot, tile, rotation) for slot, rotation in sorted(slots))
    return boards


def only_drawn(puzzle: Puzzle, card_id: str, boards: list[Board]) -> bool:
    """Whether the card has no site now and one after some placement of the drawn tile."""
    pos = puzzle.start
    return not sites(pos, pos.board, card_id) and any(sites(pos, b, card_id) for b in boards)


def needs_drawn_tile(puzzle: Puzzle) -> bool:
    """Whether a two-turn candidate of the action phase has a goal that needs the drawn tile
    (module docstring)."""
    pos = puzzle.start
    if puzzle.turns != 2 or pos.phase != "act" or puzzle.goal.score is not None:
        return False
    boards = drawn_boards(puzzle)
    if not boards:
        return False
    goal: Goal = puzzle.goal
    if goal.map_card is not None:
        return only_drawn(puzzle, goal.map_card, boards)
    hand = sorted(set(pos.hero.maps))
    now = [c for c in hand if sites(pos, pos.board, c)]
    later = [c for c in hand if c not in now and any(sites(pos, b, c) for b in boards)]
    if goal.temples >= 2:
        return len(now) <= 1 and bool(later)
    return not now and bool(later)
