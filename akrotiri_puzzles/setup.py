"""A new game: shuffled piles, full market, supplies, and the first setup step (R-SET)."""

from __future__ import annotations

import random

from .board import Board
from .components import DECKS, EDITIONS, Components
from .errors import PositionError
from .position import Position, Seat


def new_game(
    components: Components,
    seed: int = 0,
    edition: int = 2016,
    strategist: bool = False,
    first: str = "south",
) -> Position:
    """The position at the start of setup: the first player holds a tile to place (R-SET-1..3).

    The rest of setup runs through actions: the second setup tile, keeping a goal card each
    (R-SET-5), and placing the boats (R-SET-6); maps are dealt and tiles drawn on the way.
    """
    if edition not in EDITIONS:
        raise PositionError(f"edition: expected one of {', '.join(map(str, EDITIONS))}, got {edition}")
    if first not in ("south", "north"):
        raise PositionError(f"first: expected south or north, got {first!r}")
    rng = random.Random(seed)
    pile = [t.id for t in components.tiles]
    rng.shuffle(pile)
    decks = []
    for deck in DECKS:
        cards = list(components.deck(deck))
        rng.shuffle(cards)
        decks.append(tuple(cards))
    goals = [g.id for g in components.goals]
    rng.shuffle(goals)
    per_colour = components.market.cubes_per_colour
    seat = Seat(drachmas=components.setup.drachmas)
    first_seat = Seat(drachmas=components.setup.drachmas, tile=pile[0])
    seats = (first_seat, seat) if first == "south" else (seat, first_seat)
    return Position(
        board=Board.empty(components),
        seats=seats,
        market=(per_colour,) * 4,
        cubes=(),
        to_move=first,
        first=first,
        phase="setup_tile",
        turn=0,
        land_pile=tuple(pile[1:]),
        map_decks=tuple(decks),
        goal_deck=tuple(goals),
        edition=edition,
        strategist=strategist,
        shuffle_seed=rng.randrange(2**31),
    )
