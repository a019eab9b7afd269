"""Puzzle starts reached by legal play: positions of seeded games, and the origin that replays
to each (a start is `reached` again from its seed, bots and number of actions)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..board import Board
from ..bots import BOTS
from ..position import Position
from ..rules import apply_unchecked
from ..setup import new_game


@dataclass(frozen=True)
class Origin:
    """How a start was reached: `new_game(board, players, seed)`, then `actions` actions of the
    named bot at every seat, its choices drawn from random.Random(seed) as `simulate` does."""

    seed: int
    players: int
    bot: str
    actions: int


def positions(board: Board, players: int, seed: int, bot: str = "random") -> Iterator[tuple[Origin, Position]]:
    """Every position of a seeded game where a player is about to play a card, with its origin."""
    rng = random.Random(seed)
    pos = new_game(board, players, seed)
    chooser = BOTS[bot]
    done = 0
    while pos.phase != "over":
        if pos.phase == "play":
            yield Origin(seed, players, bot, done), pos
        pos = apply_unchecked(pos, chooser(pos, rng))
        done += 1


def reached(board: Board, origin: Origin) -> Position | None:
    """The position an origin replays to (None: the game ends before)."""
    for o, pos in positions(board, origin.players, origin.seed, origin.bot):
        if o.actions == origin.actions:
            return pos
        if o.actions > origin.actions:
            return None
    return None
