"""Whole games played by bots, with the game's invariants checked after every action.

The invariants (docs/kreta/simulation.md): pieces conserved (K-SET-1: never more on the board
than a player owns; villages and forts never leave, K-ARCH-4; tiles on the board plus tiles
harvested are 16; the fort cards are 26, each once), the 7-figure limit (K-FIG-2), the peace
(K-FIG-3: no villager or village added where another's abbot keeps it), ship limits (K-ADM-2),
scores never decrease, turns pass in seat order (K-SET-5), and a finished game has exactly 11
scorings (K-END-1).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .actions import Action, Castellan, Journey, March, Village, Villager
from .board import Board
from .bots import Bot
from .components import CARDS, FORT_CARDS, FULL, PIECES, PORT_CAPACITY, ROW
from .position import Position, Rules
from .rules import apply_unchecked, legal_actions
from .setup import new_game

MAX_PLIES = 5_000
"""A game longer than this is stopped and reported (a finished game takes about 140 to 230)."""


@dataclass
class GameRecord:
    """One game: its seed, actions, final position, and any invariant it broke."""

    seed: int
    players: int
    final: Position
    actions: list[Action] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """Whether the game reached its end (K-END-1)."""
        return self.final.phase == "over"

    @property
    def winners(self) -> list[int]:
        """Seats with the most points; tied players share the win (K-END-2)."""
        top = max(p.score for p in self.final.players)
        return [s for s, p in enumerate(self.final.players) if p.score == top]


def play_game(
    board: Board, players: int, seed: int, bots: list[Bot], rules: Rules | None = None, check: bool = True
) -> GameRecord:
    """Play one game from `new_game(board, players, seed)`; seat s plays `bots[s]`; the bots'
    choices come from random.Random(seed)."""
    rng = random.Random(seed)
    pos = new_game(board, players, seed, rules)
    record = GameRecord(seed, players, pos)
    scorings = 0
    while pos.phase != "over" and len(record.actions) < MAX_PLIES:
        action = bots[pos.to_move](pos, rng)
        after = apply_unchecked(pos, action)
        if check:
            record.violations += violations(pos, action, after)
        scorings += isinstance(action, Castellan)
        record.actions.append(action)
        pos = after
    record.final = pos
    if pos.phase != "over":
        record.violations.append(f"seed {seed}: not finished after {MAX_PLIES} actions")
    elif check and (scorings != ROW or pos.scorings != ROW or pos.row):
        record.violations.append(f"seed {seed}: {scorings} scorings, expected exactly {ROW} (K-END-1)")
    return record


def violations(before: Position, action: Action, after: Position) -> list[str]:
    """The invariants an action broke, each said in words with its rule."""
    out: list[str] = []
    board = after.board
    n = len(after.players)
    said = f"after {action}"
    for s, (p0, p1) in enumerate(zip(before.players, after.players, strict=True)):
        for piece, count in (
            ("villager", sum(p1.villagers)),
            ("village", sum(p1.villages)),
            ("ship", len(p1.ships)),
            ("abbot", p1.abbot is not None),
            ("fort", sum(o == s for o in after.forts)),
        ):
            if not 0 <= count <= PIECES[piece] or min(p1.villagers + p1.villages) < 0:
                out.append(f"{said}: seat {s} has {count} {piece}s on the board (K-SET-1)")
        if any(b < a for a, b in zip(p0.villages, p1.villages, strict=True)):
            out.append(f"{said}: a village of seat {s} left the board (K-ARCH-4)")
        if p1.score < p0.score:
            out.append(f"{said}: seat {s}'s score fell from {p0.score} to {p1.score}")
        if len(set(p1.ships)) != len(p1.ships):
            out.append(f"{said}: seat {s}'s two ships in one port (K-ADM-2)")
        if not p1.table <= set(CARDS) or "castellan" in p1.table:
            out.append(f"{said}: seat {s}'s table holds {sorted(p1.table)} (K-CAST-3)")
    for space, (f0, f1) in enumerate(zip(before.forts, after.forts, strict=True)):
        if f0 is not None and f1 != f0:
            out.append(f"{said}: the fort on space {space + 1} changed (K-ARCH-4)")
    harvested = sum(sum(p.tiles) for p in after.players)
    if harvested + sum(t is not None for t in after.tiles) != len(board.provinces):
        out.append(f"{said}: tiles on the board and harvested are not {len(board.provinces)} (K-SET-3)")
    cards = after.row + after.pile
    if (
        len(set(cards)) != len(cards)
        or len(cards) + after.scorings != FORT_CARDS
        or len(after.pile) != FORT_CARDS - ROW
    ):
        out.append(f"{said}: the fort cards are not 26 each once, with 15 in the pile (K-R-10)")
    for p in range(len(board.provinces)):
        if after.figures(p) > FULL:
            out.append(f"{said}: {board.provinces[p].id} holds {after.figures(p)} figures (K-FIG-2)")
        if after.ships_in(p) > PORT_CAPACITY[n]:
            out.append(f"{said}: {board.provinces[p].id}'s port holds {after.ships_in(p)} ships (K-ADM-2)")
    mover = before.to_move
    if isinstance(action, Villager | Village | March | Journey):
        p0, p1 = before.players[mover], after.players[mover]
        for p in range(len(board.provinces)):
            added = p1.villagers[p] + p1.villages[p] > p0.villagers[p] + p0.villages[p]
            if added and before.peaceful_for(mover, p):
                out.append(
                    f"{said}: seat {mover} added a figure in {board.provinces[p].id} under another's peace (K-FIG-3)"
                )
    if after.phase == "play" and after.to_move != (mover + 1) % n:
        out.append(f"{said}: seat {after.to_move} moves after seat {mover} (K-SET-5)")
    return out


def play_games(
    board: Board, players: int, first_seed: int, games: int, bots: list[Bot], rules: Rules | None = None
) -> list[GameRecord]:
    """`games` games with seeds first_seed, first_seed + 1, ..."""
    return [play_game(board, players, first_seed + g, bots, rules) for g in range(games)]


def legal_count(pos: Position) -> int:
    """How many actions are legal (for the benchmark)."""
    return len(legal_actions(pos))
