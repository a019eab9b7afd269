"""A Kreta position as a value: frozen, hashable, with a canonical key (STYLE point 1).

A `Game` holds what never changes in a game (the board, the number of players, the rule
options); a `Position` holds everything that changes, per player (`Player`: pieces on the
board, cards on the table, harvested tiles, score) and shared (forts, the tiles still on the
board, the fort card row and pile, whose turn it is and in which phase). What a player holds
in supply and in hand follows from it (K-R-18): 7 cards minus those on the table, each piece
count minus those on the board.

Provinces are indices into `game.board.provinces`; fort spaces are numbers 1 to 26.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

from .board import Board
from .components import CARDS, PIECES, TILES

Phase = Literal["play", "march", "turnup", "over"]
"""`play`: the player to move plays a card (K-TURN-1); `march`: the commander's villagers are
moving, one journey at a time (K-CMD-1, K-R-7); `turnup`: the castellan's player keeps or
replaces the card just turned up (K-CAST-4); `over`: the 11th scoring is done (K-END-1)."""


@dataclass(frozen=True)
class Rules:
    """The rule options: each ruling of docs/kreta/rules.md section 7 that has a choice."""

    villagers_cross_full: bool = True
    """K-R-3: villagers may pass through a full province (False: the literal reading)."""
    start_seat: int = 0
    """K-R-14: the youngest player's seat."""


@dataclass(frozen=True, eq=False)
class Game:
    """What never changes in a game: the board, the number of players, the rule options."""

    board: Board
    players: int
    rules: Rules = Rules()

    @property
    def seats(self) -> range:
        """The seats, 0 to players - 1, in turn order (K-SET-5)."""
        return range(self.players)


@dataclass(frozen=True)
class Player:
    """One player's pieces on the board, cards on the table, harvested tiles and score."""

    villagers: tuple[int, ...]
    """Villagers in each province."""
    villages: tuple[int, ...]
    """Villages in each province."""
    abbot: int | None = None
    """The province of the abbot (None: in supply)."""
    ships: tuple[int, ...] = ()
    """Provinces whose port holds one of the ships, sorted (never both in one port, K-ADM-2)."""
    table: frozenset[str] = frozenset()
    """Cards played since the last castellan (K-TURN-3); the hand is the other cards."""
    tiles: tuple[int, ...] = (0, 0, 0, 0, 0)
    """Agriculture tiles harvested, by type in TILES order (K-FARM-2)."""
    score: int = 0

    @property
    def hand(self) -> tuple[str, ...]:
        """Cards in hand, in CARDS order: all seven but those on the table (K-R-18)."""
        return tuple(c for c in CARDS if c not in self.table)

    def supply(self, piece: str) -> int:
        """Pieces of a kind still in supply (K-SET-1)."""
        if piece == "villager":
            used = sum(self.villagers)
        elif piece == "village":
            used = sum(self.villages)
        elif piece == "abbot":
            used = self.abbot is not None
        elif piece == "ship":
            used = len(self.ships)
        else:
            raise KeyError(piece)
        return PIECES[piece] - used

    @property
    def harvested(self) -> int:
        """Tiles harvested so far, of any type (K-ARCH-2)."""
        return sum(self.tiles)


@dataclass(frozen=True)
class March:
    """The commander's march in progress (K-CMD-1, K-R-5, K-R-7): movement points left, the
    marching player's villagers in each province before it began, and how many of those now in
    each province arrived in this march (each villager journeys once)."""

    points: int
    origin: tuple[int, ...]
    arrived: tuple[int, ...]


@dataclass(frozen=True)
class Position:
    """A position: per-player state, forts, tiles on the board, fort cards, and the turn."""

    game: Game = field(compare=False, repr=False)
    players: tuple[Player, ...]
    forts: tuple[int | None, ...]
    """The owner's seat on each fort space, index n-1 for space n (None: empty)."""
    tiles: tuple[str | None, ...]
    """The agriculture tile still on each province (None: harvested, K-FARM-2)."""
    row: tuple[int, ...]
    """The row of fort cards, left to right; the first `face_up` are face up (K-SET-4)."""
    face_up: int
    pile: tuple[int, ...]
    """The face-down pile, top first (K-CAST-4, K-R-10)."""
    to_move: int = 0
    phase: Phase = "play"
    march: March | None = None
    scorings: int = 0
    """Scorings done (K-END-1: the game ends after the 11th)."""

    @property
    def board(self) -> Board:
        """The game's board."""
        return self.game.board

    @property
    def mover(self) -> Player:
        """The player to move."""
        return self.players[self.to_move]

    @property
    def scored_space(self) -> int | None:
        """The fort space the next castellan scores: the leftmost face-up card (K-CAST-1)."""
        return self.row[0] if self.row and self.face_up else None

    def key(self) -> tuple[object, ...]:
        """The canonical key: equal keys, equal positions (of one game)."""
        return (
            tuple(
                (p.villagers, p.villages, p.abbot, p.ships, tuple(sorted(p.table)), p.tiles, p.score)
                for p in self.players
            ),
            self.forts,
            self.tiles,
            self.row,
            self.face_up,
            self.pile,
            self.to_move,
            self.phase,
            self.march,
            self.scorings,
        )

    def with_player(self, seat: int, player: Player) -> Position:
        """The position with one player replaced."""
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))

    @cached_property
    def figure_counts(self) -> tuple[int, ...]:
        """Abbots, villagers and villages of every colour in each province (K-FIG-1), counted once."""
        counts = [0] * len(self.tiles)
        for p in self.players:
            for province, k in enumerate(p.villagers):
                counts[province] += k
            for province, k in enumerate(p.villages):
                counts[province] += k
            if p.abbot is not None:
                counts[p.abbot] += 1
        return tuple(counts)

    @cached_property
    def abbot_seats(self) -> tuple[int, ...]:
        """For each province, the seats whose abbot is there, as a bit mask (bit s: seat s)."""
        masks = [0] * len(self.tiles)
        for seat, p in enumerate(self.players):
            if p.abbot is not None:
                masks[p.abbot] |= 1 << seat
        return tuple(masks)

    def figures(self, province: int) -> int:
        """Abbots, villagers and villages of every colour in a province (K-FIG-1)."""
        return self.figure_counts[province]

    def full(self, province: int) -> bool:
        """Whether a province holds 7 figures (K-FIG-2)."""
        return self.figure_counts[province] >= 7

    def peaceful_for(self, seat: int, province: int) -> bool:
        """Whether another player's abbot keeps `seat` from adding villagers or villages there,
        his own abbot not being there too (K-FIG-3, K-R-4)."""
        mask = self.abbot_seats[province]
        return bool(mask) and not mask >> seat & 1

    def ships_in(self, province: int) -> int:
        """Ships of every colour in a province's port (K-ADM-2)."""
        return sum(province in p.ships for p in self.players)


TILE_INDEX = {t: i for i, t in enumerate(TILES)}
"""A tile type's index in `Player.tiles`."""
