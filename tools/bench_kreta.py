"""Kreta's speed (docs/benchmarks.md): random 2-player games, legal actions of a position, and
puzzles of K = 3 cards proven by CP-SAT.

    .venv/bin/python tools/bench_kreta.py [--games 60] [--puzzles 40]

Prints a Markdown table: median (and p95 where asked) of each, with the targets of issue 33
(a game under 50 ms, legal actions under 1 ms, K = 3 puzzles median under 2 s and p95 under
20 s). Times are wall clock on one process; the machine's load changes them (say it).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from akrotiri_puzzles.kreta.bots import random_bot
from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.puzzles.corpus import positions
from akrotiri_puzzles.kreta.puzzles.model import solve
from akrotiri_puzzles.kreta.puzzles.puzzle import Puzzle
from akrotiri_puzzles.kreta.rules import legal_actions
from akrotiri_puzzles.kreta.simulate import play_game


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--puzzles", type=int, default=40)
    args = parser.parse_args()
    board = default_board()
    sys.stdout.write(f"load average at start: {os.getloadavg()[0]:.1f} (2 cores)\n\n")
    # 1. Random 2-player games, invariants not checked (the simulation test checks them).
    games = []
    for seed in range(args.games):
        start = time.perf_counter()
        play_game(board, 2, seed, [random_bot, random_bot], check=False)
        games.append((time.perf_counter() - start) * 1000)
    # 2. Legal actions of every position of 10 random games (2, 3 and 4 players), best of 3.
    legal = []
    for seed in range(10):
        for _, pos in positions(board, 2 + seed % 3, 500 + seed):
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                legal_actions(pos)
                best = min(best, time.perf_counter() - start)
            legal.append(best * 1000)
    # 3. Puzzles of K = 3 cards (best next scoring) from seeded games, one CP-SAT worker.
    solves = []
    rng = random.Random(7)
    seed = 900
    while len(solves) < args.puzzles:
        seed += 1
        starts = list(positions(board, 2 + seed % 3, seed, "greedy" if seed % 2 else "random"))
        _, pos = rng.choice(starts)
        result = solve(Puzzle(pos, 3))
        assert result.proven
        solves.append(result.seconds)
    rows = [
        (
            "random 2-player game",
            f"{statistics.median(games):.1f} ms",
            f"{percentile(games, 95):.1f} ms",
            "median < 50 ms",
            len(games),
        ),
        (
            "legal actions of a position",
            f"{statistics.median(legal):.3f} ms",
            f"{percentile(legal, 95):.3f} ms",
            "median < 1 ms",
            len(legal),
        ),
        (
            "K = 3 puzzle proven (CP-SAT)",
            f"{statistics.median(solves):.2f} s",
            f"{percentile(solves, 95):.2f} s",
            "median < 2 s, p95 < 20 s",
            len(solves),
        ),
    ]
    sys.stdout.write("| measure | median | p95 | target | samples |\n|---|---|---|---|---|\n")
    for name, median, p95, target, n in rows:
        sys.stdout.write(f"| {name} | {median} | {p95} | {target} | {n} |\n")
    sys.stdout.write(f"\nK = 3 puzzles: max {max(solves):.2f} s; load average at end: {os.getloadavg()[0]:.1f}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
