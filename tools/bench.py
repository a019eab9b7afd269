"""Benchmark the rules engine on one core and print a markdown table (`make bench`).

    python tools/bench.py [--games 100] [--greedy-games 50] [--seed 1]

Measures whole random games (random bot, default turn cap), applying actions, generating legal
actions over a fixed set of simulated positions, and whole greedy games. The figures are for
comparing within one run, or between runs on one machine; on a shared machine they are noisy.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles import Board, Position, apply, legal_actions, load_components, new_game
from akrotiri_puzzles.actions import Action
from akrotiri_puzzles.bots import BOTS
from akrotiri_puzzles.components import Components
from akrotiri_puzzles.simulate import DEFAULT_MAX_TURNS, play_game

TARGET_MS = 50.0
"""The issue's target: a whole random game in under 50 ms (median)."""


def pin_to_one_core() -> str:
    """Run on one CPU where the OS allows it; say which."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo, where there is one."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


Clock = tuple[float, float]
"""Seconds of wall time and of this process's CPU time."""


def now() -> Clock:
    return time.perf_counter(), time.process_time()


def since(start: Clock) -> Clock:
    wall, cpu = now()
    return wall - start[0], cpu - start[1]


def timed(fn: Callable[[], object]) -> Clock:
    """Wall and CPU seconds one call takes."""
    start = now()
    fn()
    return since(start)


def whole_games(comps: Components, games: int, seed: int, bot: str) -> tuple[list[Clock], int]:
    """Seconds per game and the actions played, for `games` seeded games (invariants unchecked)."""
    seconds: list[Clock] = []
    actions = 0
    for s in range(seed, seed + games):
        start = now()
        record, _ = play_game(comps, s, bots=(bot, bot), check=False)
        seconds.append(since(start))
        actions += record.actions
    return seconds, actions


def per_second(count: int, clock: Clock) -> str:
    return " / ".join(f"{count / t:,.1f}" if count / t < 100 else f"{count / t:,.0f}" for t in clock)


def median_ms(clocks: list[Clock]) -> Clock:
    return statistics.median(c[0] for c in clocks) * 1000, statistics.median(c[1] for c in clocks) * 1000


def total(clocks: list[Clock]) -> Clock:
    return sum(c[0] for c in clocks), sum(c[1] for c in clocks)


def record_game(comps: Components, seed: int, bot: str) -> list[Action]:
    """The actions of one game, chosen as `play_game` chooses them."""
    rng = random.Random(seed)
    players = {"south": BOTS[bot](), "north": BOTS[bot]()}
    pos = new_game(comps, seed)
    out: list[Action] = []
    while pos.phase != "over" and pos.turn <= DEFAULT_MAX_TURNS:
        action = players[pos.to_move].choose(pos, rng)
        pos = apply(pos, action)
        out.append(action)
    return out


def replay(comps: Components, seed: int, lines: list[list[Action]]) -> None:
    """Apply every recorded action from the start of each game, checking each one."""
    for i, line in enumerate(lines):
        pos = new_game(comps, seed + i)
        for action in line:
            pos = apply(pos, action)


def sample_positions(comps: Components, games: int, seed: int) -> list[Position]:
    """Every position of some seeded random games: the fixed set legal actions are timed on."""
    out: list[Position] = []
    for s in range(seed, seed + games):
        play_game(comps, s, check=False, on_position=out.append)
    return out


def main() -> None:
    """Run the benchmarks and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games to time")
    parser.add_argument("--greedy-games", type=int, default=50, help="greedy games to time")
    parser.add_argument("--positions-from", type=int, default=10, help="random games whose positions are timed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    pinned = pin_to_one_core()
    comps = load_components()
    play_game(comps, 10**6, check=False)  # warm up imports and caches

    random_s, n_actions = whole_games(comps, args.games, args.seed, "random")
    lines = [record_game(comps, s, "random") for s in range(args.seed, args.seed + args.games)]
    assert sum(len(line) for line in lines) == n_actions, "record_game must play the games play_game plays"
    replay_s = timed(lambda: replay(comps, args.seed, lines))
    greedy_s, _ = whole_games(comps, args.greedy_games, args.seed, "greedy")

    positions = sample_positions(comps, args.positions_from, args.seed)
    fresh = [replace(p) for p in positions]  # new values: nothing cached on the position itself
    legal_s = timed(lambda: [legal_actions(p) for p in fresh])
    cold = [replace(p, board=Board(p.board.placements, comps)) for p in positions]
    legal_cold_s = timed(lambda: [legal_actions(p) for p in cold])

    random_ms = median_ms(random_s)
    greedy_ms = median_ms(greedy_s)
    rows = [
        (
            "random games per second",
            per_second(len(random_s), total(random_s)),
            f"{args.games} games, seeds {args.seed}+",
        ),
        (
            "random game, median ms",
            f"{random_ms[0]:.1f} / {random_ms[1]:.1f}",
            f"turn cap {DEFAULT_MAX_TURNS}, {n_actions / len(random_s):.0f} actions a game; target < {TARGET_MS:g} ms",
        ),
        ("actions applied per second", per_second(n_actions, replay_s), f"{n_actions} actions, each checked"),
        (
            "legal_actions per second",
            per_second(len(fresh), legal_s),
            f"{len(fresh)} positions of {args.positions_from} random games, board structure cached",
        ),
        (
            "legal_actions per second, fresh boards",
            per_second(len(cold), legal_cold_s),
            "the same positions, each board rebuilt from its tiles first",
        ),
        (
            "greedy games per second",
            per_second(len(greedy_s), total(greedy_s)),
            f"{args.greedy_games} games; median {greedy_ms[0]:.1f} / {greedy_ms[1]:.1f} ms",
        ),
    ]
    print("| measure | wall / CPU | notes |")
    print("|---|---:|---|")
    for name, value, note in rows:
        print(f"| {name} | {value} | {note} |")
    print()
    print(f"- python {platform.python_version()} ({platform.python_implementation()}), {sys.platform}")
    print(f"- platform.processor(): {platform.processor() or '(empty)'}")
    print(f"- CPU: {cpu_model()}, {os.cpu_count()} logical CPUs; {pinned}")
    print(f"- load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    verdict = "reached" if random_ms[1] < TARGET_MS else "not reached"
    print(
        f"- target, a whole random game under {TARGET_MS:g} ms median: {verdict} "
        f"({random_ms[0]:.1f} ms wall, {random_ms[1]:.1f} ms CPU)"
    )


if __name__ == "__main__":
    main()
