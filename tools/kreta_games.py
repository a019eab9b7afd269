"""Play many Kreta games with every invariant checked (docs/kreta/simulation.md).

    .venv/bin/python tools/kreta_games.py --games 1000          # per player count: 2, 3 and 4

Prints, per player count, the games finished, the violations (each listed), the actions per game
and the share of mixed games a greedy seat won. Exit status 1 when any game broke an invariant.
"""

from __future__ import annotations

import argparse
import sys
import time

from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.selfplay import run_games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    board = default_board()
    bad = 0
    sys.stdout.write(
        "| players | games | finished | violations | actions a game | greedy won (mixed games) | seconds |\n"
    )
    sys.stdout.write("|---|---|---|---|---|---|---|\n")
    for players in args.players:
        start = time.perf_counter()
        report = run_games(board, players, args.games, first_seed=args.seed)
        seconds = time.perf_counter() - start
        bad += len(report.violations)
        won = f"{report.wins_by_greedy}/{report.greedy_games}"
        sys.stdout.write(
            f"| {players} | {report.games} | {report.finished} | {len(report.violations)} | "
            f"{report.plies / report.games:.0f} | {won} | {seconds:.0f} |\n"
        )
        for v in report.violations[:20]:
            sys.stdout.write(f"  {v}\n")
        sys.stdout.flush()
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
