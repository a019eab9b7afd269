"""Benchmark the puzzle page's judging: seconds per action over the bundled collection.

    python tools/bench_serve.py [--per-puzzle 12] [--time-limit 10] [puzzles/]

For each puzzle a fresh referee (nothing cached) judges, one by one, a fixed sample of the
legal first actions (every k-th, up to --per-puzzle: the kind of try a player makes, most of
them off the best line, each a cold solve of the rest of the puzzle), then the puzzle's own
line action by action (known from its solution: no solve). The time of each judgement is what
the server adds to a request; the picture is painted once per puzzle and is not counted.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from pathlib import Path

from akrotiri_puzzles.files.collection import load_collection
from akrotiri_puzzles.files.components_yaml import load_components
from akrotiri_puzzles.puzzle import State, moves
from akrotiri_puzzles.web.referee import Referee
from akrotiri_puzzles.web.site import proven_optimum


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", type=Path, default=[Path("puzzles")])
    ap.add_argument("--per-puzzle", type=int, default=12, help="first actions judged per puzzle")
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds per solve, as serve --time-limit")
    args = ap.parse_args()
    collection = load_collection(args.paths, load_components())
    cold: list[float] = []
    known: list[float] = []
    verdicts: dict[str, int] = {}
    undecided = 0
    print(f"{'puzzle':8} {'legal':>5} {'tried':>5} {'median s':>9} {'max s':>7}  verdicts")
    for entry in collection.puzzles:
        puzzle = entry.puzzle
        optimum = proven_optimum(puzzle, args.time_limit)
        assert optimum is not None, puzzle.id
        referee = Referee(puzzle, optimum, args.time_limit)
        first = moves(puzzle, State(puzzle.start))
        step = max(1, len(first) // args.per_puzzle)
        sample = first[::step][: args.per_puzzle]
        times, seen = [], {}
        for action in sample:
            t = time.perf_counter()
            verdict = referee.judge([action]).verdict.value
            times.append(time.perf_counter() - t)
            seen[verdict] = seen.get(verdict, 0) + 1
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
            undecided += verdict == "undecided"
        cold.extend(times)
        line = list(puzzle.solution or ())
        for i in range(1, len(line) + 1):
            t = time.perf_counter()
            referee.judge(line[:i])
            known.append(time.perf_counter() - t)
        words = ", ".join(f"{k} {v}" for k, v in sorted(seen.items()))
        print(
            f"{puzzle.id:8} {len(first):5} {len(sample):5} {statistics.median(times):9.3f} {max(times):7.3f}  {words}"
        )
    q = statistics.quantiles(cold, n=10)
    print()
    print(
        f"first actions judged cold: {len(cold)}, median {statistics.median(cold):.3f} s, "
        f"90th percentile {q[-1]:.3f} s, max {max(cold):.3f} s; undecided {undecided}"
    )
    print(f"actions of the puzzles' own lines: {len(known)}, median {statistics.median(known) * 1000:.1f} ms")
    print(f"verdicts: {verdicts}")
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f}, Python {platform.python_version()}"
    )


if __name__ == "__main__":
    main()
