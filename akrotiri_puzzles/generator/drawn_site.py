"""Two-turn candidates whose goal needs the drawn tile (issue 30: turn 2's placement is the idea).

A two-turn puzzle from the action phase reveals the land tile the hero draws at the end of
turn 1 (R-END-1, generator/reveal.py) and places at the start of turn 2 (R-TILE-1). A goal
*needs the drawn tile* when no excavation site for it exists on the board now but one does
after some placement of that tile: the tile's pieces make a new site, or its icon makes an
old quadrant meet the card (R-EXC-2). Then no answer reaches the goal in turn 1, and every
answer places the drawn tile where it makes a site: the placement is part of the idea, not
noise. The look also asks that the goal be out of reach of turn 2 alone by the exhaustive
search's last-turn bound (`idle_dead`): then a line that does nothing in turn 1 cannot reach
it, and turn 1 is where the boat sails and the hold is sold toward the drawn tile's site.
Both are cheap looks at the board (no solve), made before any proof, which only choose what
is drawn; the proofs are the same as for any two-turn candidate (the idle line proven with
the solver, the certificate, uniqueness).

Per goal kind: a named map card needs the drawn tile when it has no site now and one after a
placement; a temple, when no card in hand has a site now and one has after a placement; two
temples, when at most one card in hand has a site now and another card has one only after a
placement (so that, as in hard-s44-t2-two-temples-00000, the second temple is dug on what the
drawn tile makes).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import replace

from ..actions import PlaceTile
from ..board import Board
from ..excavation import Bounds, bounds_from, fits_bounds, site_bounds
from ..geometry import ROTATIONS, Quad, Slot
from ..placed_tiles import tile_template
from ..position import Position, evolve
from ..puzzle import Goal, Puzzle, State, play
from ..rules import legal_actions
from ..solver.pruning import LastTurn
from ..solver.scenarios import placements, turn_two_tiles
from .idle_turn import idle_rests


def sites(pos: Position, board: Board, card_id: str) -> frozenset[Quad]:
    """The quadrants of `board` where the hero could excavate the card: on an island other
    than Thera's that holds no temple (R-EXC-1), meeting the card's icons (R-EXC-2)."""
    card = pos.components.map[card_id]
    # The card's requirements as bounds on a site's coordinates, read once for every quadrant
    # (excavation.valid_sites reads them per call, here per island).
    bounds = site_bounds(board, pos.to_move, card)
    if bounds is None:
        return frozenset()
    temples = {board.island_at(site) for s in pos.seats for _, site in s.temples}
    out: set[Quad] = set()
    for island, quads in board.island_quads.items():
        if island == board.thera_island or island in temples:
            continue
        out.update(q for q in quads if fits_bounds(bounds, q))
    return frozenset(out)


Sites = Callable[[Position, Board, str], frozenset[Quad]]
"""`sites`, or a SiteMemo of it."""


class SiteMemo:
    """`sites` kept by what it reads (the board, the card, the seat to move, every seat's
    temples): the goals of one position (each map card, a temple, two temples) and the positions
    of one game ask it of the same boards and cards again and again (`candidates`). It keeps the
    boards after each placement of a drawn tile too (`boards`), so that the goals of one
    position share them (and each board's derived structure, computed once)."""

    def __init__(self) -> None:
        self._found: dict[Hashable, frozenset[Quad]] = {}
        self._open: dict[Hashable, tuple[Quad, ...]] = {}
        self._fits: dict[Hashable, bool] = {}
        self._drawn: dict[Hashable, tuple[Slot, int] | None] = {}
        self._boards: dict[tuple[Board, str], list[Board]] = {}
        self._placements: dict[Hashable, list[PlaceTile]] = {}
        self._shared: dict[Board, Board] = {}

    def __call__(self, pos: Position, board: Board, card_id: str) -> frozenset[Quad]:
        key = (board, card_id, pos.to_move, tuple(s.temples for s in pos.seats))
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = sites(pos, board, card_id)
        return found

    def open_quads(self, pos: Position, board: Board) -> tuple[Quad, ...]:
        """The land quadrants of `board` on an island other than Thera's that holds no temple of
        `pos`'s seats: where `sites` looks (R-EXC-1), kept."""
        key = (board, tuple(s.temples for s in pos.seats))
        found = self._open.get(key)
        if found is None:
            temples = {board.island_at(site) for s in pos.seats for _, site in s.temples}
            quads = board.island_quads
            found = self._open[key] = tuple(
                q
                for island in sorted(quads)
                if island != board.thera_island and island not in temples
                for q in quads[island]
            )
        return found

    def fits_open(self, pos: Position, board: Board, bounds: Bounds) -> bool:
        """Whether one of `open_quads(pos, board)` meets the bounds, kept: the bounds of a card
        with one icon more repeat over slots and rotations."""
        key = (board, tuple(s.temples for s in pos.seats), bounds)
        found = self._fits.get(key)
        if found is None:
            found = self._fits[key] = any(fits_bounds(bounds, q) for q in self.open_quads(pos, board))
        return found

    def drawn_site(self, pos: Position, board: Board, tile: str, card_id: str) -> tuple[Slot, int] | None:
        """The first slot and rotation of `drawn_slots(board)` where the tile gives the card a
        site (`sites`), None when none does: the same answer as asking each board of
        `boards(board, tile)` (built once per board and tile, `boards`), but a board is read only
        when a cheap necessary condition holds (`_may_have_site`). Kept by what it reads, as `sites` is: the positions
        of one turn ask it again."""
        key = (board, tile, card_id, pos.to_move, tuple(s.temples for s in pos.seats))
        if key not in self._drawn:
            self._drawn[key] = self._drawn_site(pos, board, tile, card_id)
        return self._drawn[key]

    def _drawn_site(self, pos: Position, board: Board, tile: str, card_id: str) -> tuple[Slot, int] | None:
        card = pos.components.map[card_id]
        now = site_bounds(board, pos.to_move, card)
        anywhere = bool(self(pos, board, card_id))
        for (slot, rotation), after in zip(drawn_slots(board), self.boards(board, tile), strict=True):
            if _may_have_site(pos, board, now, anywhere, slot, tile, rotation, card_id, self) and self(
                pos, after, card_id
            ):
                return slot, rotation
        return None

    def boards(self, board: Board, tile: str) -> list[Board]:
        """`placed_boards(board, tile)`, kept."""
        found = self._boards.get((board, tile))
        if found is None:
            found = self._boards[(board, tile)] = placed_boards(board, tile)
            for b in found:
                self._shared.setdefault(b, b)
        return found

    def placements(self, start: Position) -> list[PlaceTile]:
        """`_placements(start)`, kept by what the tile's legal actions read (the board, the
        tile, the market: rules.py `_tile_actions`)."""
        key = (start.board, start.hero.tile, start.market)
        found = self._placements.get(key)
        if found is None:
            found = self._placements[key] = _placements(start)
        return found

    def shared(self, pos: Position) -> Position:
        """The position with its board replaced by an equal one made before (`boards`), whose
        derived structure is computed already; an equal board is the same value."""
        board = self._shared.setdefault(pos.board, pos.board)
        return pos if board is pos.board else evolve(pos, board=board)


def _placements(start: Position) -> list[PlaceTile]:
    """One legal placement of the tile in hand per slot and rotation (the second cube's
    colour and piece ride along: no bound below depends on them)."""
    seen: dict[tuple[object, int], PlaceTile] = {}
    for a in legal_actions(start):
        if isinstance(a, PlaceTile):
            seen.setdefault((a.slot, a.rotation), a)
    return [seen[k] for k in sorted(seen, key=repr)]


def drawn_slots(board: Board) -> list[tuple[Slot, int]]:
    """Every open slot in every rotation, in the order of `_placements` (`placed_boards`)."""
    return sorted(((slot, rotation) for slot in board.open_slots for rotation in ROTATIONS), key=repr)


def placed_boards(board: Board, tile: str) -> list[Board]:
    """The boards after each placement of the tile, one per slot and rotation, in the order of
    `_placements`: every open slot in every rotation is a legal placement (R-TILE-1; the second
    cube only adds choices, rules.py `_tile_actions`), so no legal action is listed for them."""
    return [board.with_tile(slot, tile, rotation) for slot, rotation in drawn_slots(board)]


def _may_have_site(
    pos: Position,
    board: Board,
    now: Bounds,
    anywhere: bool,
    slot: Slot,
    tile: str,
    rotation: int,
    card_id: str,
    memo: SiteMemo,
) -> bool:
    """A necessary condition for a site of the card on `board` with the tile placed at `slot`
    in `rotation`, read without building that board. The tile adds one icon and its land; an
    island only grows, so a quadrant where `sites` does not look on `board` (Thera's island, an
    island with a temple) is not looked at after it either. So a site after the placement is a
    quadrant of the tile's land, or one of `board`'s open quadrants (`open_quads`), meeting the
    card's bounds with the tile's icon counted; and when that icon leaves the bounds as they
    are (`now`) and the card has no site on `board` (`anywhere` false), only the tile's land
    can hold one."""
    template = tile_template(pos.components.tile[tile], rotation)
    x2, y2 = 2 * slot[0], 2 * slot[1]
    i, j = template.icon
    kind = pos.components.tile[tile].icon
    coordinates = dict(board.icon_coordinates)
    coordinates[(kind, 0)] = tuple(sorted((*coordinates.get((kind, 0), ()), x2 + i)))
    coordinates[(kind, 1)] = tuple(sorted((*coordinates.get((kind, 1), ()), y2 + j)))
    bounds = bounds_from(coordinates, pos.to_move, pos.components.map[card_id])
    if bounds is None:
        return False
    if any(fits_bounds(bounds, (x2 + a, y2 + b)) for piece in template.pieces for a, b in piece):
        return True
    return (anywhere or bounds != now) and memo.fits_open(pos, board, bounds)


def drawn_boards(puzzle: Puzzle, memo: SiteMemo | None = None) -> list[Board]:
    """The boards after each legal placement of the tile drawn at the end of turn 1 (none when
    the premise does not reveal it, or no turn 2 follows); `memo` keeps them per board and tile."""
    boards: list[Board] = []
    for rest in idle_rests(puzzle):
        start = rest.start
        tile = start.hero.tile
        if start.phase != "place" or tile is None:
            continue
        boards.extend(placed_boards(start.board, tile) if memo is None else memo.boards(start.board, tile))
    return boards


def idle_dead(puzzle: Puzzle, memo: SiteMemo | None = None, first: tuple[tuple[Slot, int], ...] = ()) -> bool:
    """Whether the exhaustive search's last-turn bound (solver/pruning.py) rules out every line
    that takes no action in turn 1 (generator/idle_turn.py), while it leaves a line of both
    turns possible: after some placement of the drawn tile the goal takes more actions than
    turn 2 has, but not more than both turns have (the boat where turn 1 starts, the board
    with the tile: it only adds routes). A cheap look, not a proof: the generator still
    proves the idle line and the optimum with the solver. `memo`: the game's SiteMemo (the
    placements and boards of the look, kept). `first`: slots and rotations to try first (where
    the tile gives the goal a site, so that turn 2 alone most likely reaches it): the answer
    is the same in any order, sooner."""
    alive = False
    for rest in idle_rests(puzzle):
        bound = LastTurn(rest)
        start = State(rest.start)
        tried = _placements(rest.start) if memo is None else memo.placements(rest.start)
        if first:
            tried = sorted(tried, key=lambda a: (a.slot, a.rotation) not in first)  # stable: the rest in order
        for a in tried:
            after = play(rest, start, a).pos
            if memo is not None:
                after = memo.shared(after)
            if bound.bound(after) < math.inf:
                return False
            both = replace(after, actions_left=after.actions_left + puzzle.start.actions_left)
            alive = alive or bound.bound(both) < math.inf
    return alive


def only_drawn(puzzle: Puzzle, card_id: str, boards: list[Board], sites_of: Sites = sites) -> bool:
    """Whether the card has no site now and one after some placement of the drawn tile."""
    pos = puzzle.start
    return not sites_of(pos, pos.board, card_id) and any(sites_of(pos, b, card_id) for b in boards)


def needs_drawn_tile(puzzle: Puzzle, sites_of: Sites = sites, shorter: bool = False) -> bool:
    """Whether a two-turn candidate of the action phase has a goal that needs the drawn tile
    (module docstring); `sites_of`: `sites`, or a SiteMemo shared by the looks of one game.
    `shorter`, the look of easy and medium recipes (`generate.SHORTER`): turn 2 alone may
    reach the goal (no `idle_dead`), and only the solver's proof that the idle line is longer
    keeps a candidate."""
    pos = puzzle.start
    if puzzle.turns != 2 or pos.phase != "act" or puzzle.goal.score is not None:
        return False
    goal: Goal = puzzle.goal
    memo = sites_of if isinstance(sites_of, SiteMemo) else None
    # What the board has now first (one board): most goals fail there, before the drawn tile's
    # boards are made and read.
    if goal.map_card is not None:
        if sites_of(pos, pos.board, goal.map_card):
            return False
    else:
        hand = sorted(set(pos.hero.maps))
        now = [c for c in hand if sites_of(pos, pos.board, c)]
        if len(now) > (1 if goal.temples >= 2 else 0):
            return False
    if memo is not None:
        # The same verdict as below, each board built and read only where a site may be.
        drawn = _drawn_tiles(puzzle)
        if not drawn:
            return False
        cards = [goal.map_card] if goal.map_card is not None else [c for c in hand if c not in now]
        found = next((f for c in cards for board, tile in drawn if (f := memo.drawn_site(pos, board, tile, c))), None)
        return found is not None and (shorter or idle_dead(puzzle, memo, (found,)))
    boards = drawn_boards(puzzle, memo)
    if not boards:
        return False
    if goal.map_card is not None:
        needed = only_drawn(puzzle, goal.map_card, boards, sites_of)
    else:
        needed = any(c not in now and any(sites_of(pos, b, c) for b in boards) for c in hand)
    return needed and (shorter or idle_dead(puzzle, memo))


def _drawn_tiles(puzzle: Puzzle) -> list[tuple[Board, str]]:
    """The board and the drawn tile of each rest after an idle turn 1 that starts with the
    placement (`drawn_boards` places the tile on each)."""
    found = []
    for rest in idle_rests(puzzle):
        start = rest.start
        if start.phase == "place" and start.hero.tile is not None:
            found.append((start.board, start.hero.tile))
    return found


def oracle_boards(puzzle: Puzzle) -> tuple[list[Board], list[tuple[str, tuple[int, int], Board]]]:
    """The boards after each legal placement of the tile the hero holds at the start of turn 2
    of a two-turn puzzle from the action phase whose premise reveals it: without the oracle,
    the tile drawn at the end of turn 1 (its boards); with it, each tile the oracle gives for an
    icon (R-ORA-1) other than the drawn one ((icon, slot, board) per placement)
    (solver/scenarios.py, `turn_two_tiles`)."""
    start = puzzle.start
    plain: list[Board] = []
    asked: list[tuple[str, tuple[int, int], Board]] = []
    seconds = turn_two_tiles(puzzle)
    drawn = {tile for icon, tile in seconds if icon is None}
    for icon, tile in seconds:
        if tile is None or (icon is not None and tile in drawn):
            continue
        for p in placements(start.board, tile):
            board = start.board.with_tile(p.slot, tile, p.rotation)
            if icon is None:
                plain.append(board)
            else:
                asked.append((icon, p.slot, board))
    return plain, asked


def needs_oracle_tile(puzzle: Puzzle, sites_of: Sites = sites) -> bool:
    """Whether a two-turn candidate of the action phase has a goal that needs a tile only the
    oracle gives (R-ORA-1), in one place: the goal's card (for a temple, every card in hand)
    has no site now, nor after any placement of the tile drawn at the end of turn 1, and the
    placements of the oracle's tiles that give it one are those of one icon in one slot (for
    two temples: one card may have a site now, another needs the oracle's tile so). Then
    every answer consults the oracle in turn 1 (no other tile reaches the board before turn
    2's placement), no line that does nothing in turn 1 reaches the goal, and the answer's
    icon and slot are forced: a tile whose icon only has to lie somewhere in a region of the
    board may go to many slots, each a second answer. A look, not a proof."""
    pos = puzzle.start
    if puzzle.turns != 2 or pos.phase != "act" or puzzle.goal.score is not None or pos.hero.tile is not None:
        return False
    plain, asked = oracle_boards(puzzle)
    if not asked:
        return False

    def now(card: str) -> bool:
        return bool(sites_of(pos, pos.board, card)) or any(sites_of(pos, b, card) for b in plain)

    def where(card: str) -> set[tuple[str, tuple[int, int]]]:
        return {(icon, slot) for icon, slot, b in asked if sites_of(pos, b, card)}

    goal: Goal = puzzle.goal
    if goal.map_card is not None:
        return not now(goal.map_card) and len(where(goal.map_card)) == 1
    hand = sorted(set(pos.hero.maps))
    ready = [c for c in hand if now(c)]
    later: set[tuple[str, tuple[int, int]]] = set()
    for card in hand:
        if card not in ready:
            later |= where(card)
    if goal.temples >= 2:
        return len(ready) <= 1 and len(later) == 1
    return not ready and len(later) == 1
