"""Many games with their invariants checked, as the simulation test and tools/kreta_games.py run them.

Game g of a run plays with seed first_seed + g; its seats play random or greedy bots chosen from
the seed (all random, all greedy, or mixed), so that every run covers both bots and their mix.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .board import Board
from .bots import Bot, greedy_bot, random_bot
from .position import Rules
from .simulate import GameRecord, play_game


def seat_bots(seed: int, players: int) -> list[Bot]:
    """The bots of a game: every third game all random, every third all greedy, else mixed."""
    kind = seed % 3
    if kind == 0:
        return [random_bot] * players
    if kind == 1:
        return [greedy_bot] * players
    rng = random.Random(seed)
    return [rng.choice((random_bot, greedy_bot)) for _ in range(players)]


@dataclass
class RunReport:
    """What a run of games found."""

    players: int
    games: int = 0
    finished: int = 0
    violations: list[str] = field(default_factory=list)
    plies: int = 0
    wins_by_greedy: int = 0
    greedy_games: int = 0


def run_games(
    board: Board,
    players: int,
    games: int,
    first_seed: int = 0,
    rules: Rules | None = None,
    done: Callable[[GameRecord], None] | None = None,
) -> RunReport:
    """Play `games` games of `players` players with invariants checked."""
    report = RunReport(players)
    for g in range(games):
        seed = first_seed + g
        bots = seat_bots(seed, players)
        record = play_game(board, players, seed, bots, rules)
        report.games += 1
        report.finished += record.finished
        report.violations += record.violations
        report.plies += len(record.actions)
        mixed = [b is greedy_bot for b in bots]
        if any(mixed) and not all(mixed):
            report.greedy_games += 1
            report.wins_by_greedy += any(mixed[w] for w in record.winners)
        if done is not None:
            done(record)
    return report
