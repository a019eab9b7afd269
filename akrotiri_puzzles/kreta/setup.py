"""A new game (K-SET): pieces in supply, seven cards in hand, tiles dealt, fort cards shuffled."""

from __future__ import annotations

import random

from .board import Board
from .components import FACE_UP, FORT_CARDS, MAX_PLAYERS, MIN_PLAYERS, ROW, TILE_DEAL
from .errors import PositionError
from .position import Game, Player, Position, Rules


def new_game(board: Board, players: int = 2, seed: int = 0, rules: Rules | None = None) -> Position:
    """The start of a game of 2 to 4 players; `seed` deals the tiles and shuffles the fort cards
    (K-SET-3, K-SET-4); the player at `rules.start_seat` moves first (K-SET-5, K-R-14)."""
    rules = rules or Rules()
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PositionError(f"Kreta is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players} (K-SET-1)")
    if not 0 <= rules.start_seat < players:
        raise PositionError(f"start seat {rules.start_seat}: the seats are 0 to {players - 1} (K-R-14)")
    rng = random.Random(seed)
    tiles: list[str | None] = [None] * len(board.provinces)
    for colour, kinds in TILE_DEAL.items():
        deal = [kind for kind, n in kinds.items() for _ in range(n)]
        rng.shuffle(deal)
        where = [i for i, p in enumerate(board.provinces) if p.colour == colour]
        for province, kind in zip(where, deal, strict=True):
            tiles[province] = kind
    cards = list(range(1, FORT_CARDS + 1))
    rng.shuffle(cards)
    empty = (0,) * len(board.provinces)
    return Position(
        game=Game(board, players, rules),
        players=tuple(Player(villagers=empty, villages=empty) for _ in range(players)),
        forts=(None,) * len(board.spaces),
        tiles=tuple(tiles),
        row=tuple(cards[:ROW]),
        face_up=FACE_UP,
        pile=tuple(cards[ROW:]),
        to_move=rules.start_seat,
    )
