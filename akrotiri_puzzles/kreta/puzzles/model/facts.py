"""What the model reads off a puzzle's start: the hero's pieces, the passive opponents' pieces
and influence, and which cards the hero can still play (all plain numbers, no solver here)."""

from __future__ import annotations

from dataclasses import dataclass

from ...components import COPYABLE, KING, PIECES, PORT_CAPACITY, TILES
from ...position import Position
from ...rules.queries import influence
from ..puzzle import Puzzle

KINDS = {
    "fort": "architect",
    "village": "architect",
    "ship": "admiral",
    "sail": "admiral",
    "villager": "commander",
    "march": "commander",
    "abbot": "abbot",
    "harvest": "farmer",
}
"""The ways to carry out a card, each a kind of step of a line."""


@dataclass(frozen=True)
class Facts:
    """The start of a puzzle as the model needs it."""

    steps: int
    """Steps before the castellan: the horizon minus one."""
    provinces: int
    neighbours: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]
    ports: tuple[int, ...]
    values: tuple[int, ...]
    spaces_of: tuple[tuple[int, ...], ...]
    hero_villagers: tuple[int, ...]
    hero_villages: tuple[int, ...]
    hero_abbot: int | None
    hero_ships: tuple[int, ...]
    hero_forts: tuple[int, ...]
    """Spaces (0-based) holding the hero's forts."""
    free_spaces: tuple[int, ...]
    """Spaces (0-based) with no fort."""
    harvested: int
    """Tiles the hero harvested before the puzzle (K-ARCH-2)."""
    tile_counts: tuple[int, ...]
    """The hero's tiles of each type before the puzzle (K-FARM-3)."""
    tiles: tuple[int | None, ...]
    """The type index of the tile still on each province."""
    others_figures: tuple[int, ...]
    others_abbot: tuple[bool, ...]
    """An opponent's abbot in the province (the peace, K-FIG-3)."""
    port_room: tuple[int, ...]
    """How many of the hero's ships each port can hold with the opponents' ships there (K-ADM-2)."""
    on_table: frozenset[str]
    scored: tuple[int, ...]
    """The provinces the castellan scores."""
    others_influence: tuple[tuple[int, ...], ...]
    """Per scored province, the opponents' influence."""
    players: int


def read_facts(puzzle: Puzzle) -> Facts:
    """The facts of a puzzle's start."""
    pos: Position = puzzle.start
    board = pos.board
    hero = puzzle.hero
    me = pos.players[hero]
    others = [p for s, p in enumerate(pos.players) if s != hero]
    n = len(board.provinces)
    cap = PORT_CAPACITY[len(pos.players)]
    number = pos.scored_space
    assert number is not None
    scored = board.space(number).provinces
    return Facts(
        steps=puzzle.horizon - 1,
        provinces=n,
        neighbours=board.neighbours,
        distance=board.distance,
        ports=board.ports,
        values=board.values,
        spaces_of=board.spaces_of,
        hero_villagers=me.villagers,
        hero_villages=me.villages,
        hero_abbot=me.abbot,
        hero_ships=me.ships,
        hero_forts=tuple(s for s, owner in enumerate(pos.forts) if owner == hero),
        free_spaces=tuple(s for s, owner in enumerate(pos.forts) if owner is None),
        harvested=me.harvested,
        tile_counts=me.tiles,
        tiles=tuple(None if t is None else TILES.index(t) for t in pos.tiles),
        others_figures=tuple(sum(o.villagers[p] + o.villages[p] + (o.abbot == p) for o in others) for p in range(n)),
        others_abbot=tuple(any(o.abbot == p for o in others) for p in range(n)),
        port_room=tuple(cap - sum(p in o.ships for o in others) for p in range(n)),
        on_table=me.table,
        scored=scored,
        others_influence=tuple(
            tuple(influence(pos, s, p) for s in range(len(pos.players)) if s != hero) for p in scored
        ),
        players=len(pos.players),
    )


def usable(facts: Facts, card: str) -> bool:
    """Whether a card can be carried out at some step: in hand, or copied by the king in hand
    (COPYABLE cards only)."""
    if card not in facts.on_table:
        return True
    return card in COPYABLE and KING not in facts.on_table


PIECE_LIMIT = PIECES
