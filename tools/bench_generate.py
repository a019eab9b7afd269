"""Measure the generator: acceptance per level and CPU seconds per kept puzzle, one worker.

    python tools/bench_generate.py --level hard --count 10 --seed 11 [--turns 2] [--start place] [--goal map-card]
        [--drawn-site | --any-site] [--theme T,...] [--without T,...] [--most-tasks N] [--rows-out rows.jsonl] [--out DIR]

Runs the tasks of `generate --difficulty LEVEL --count N --seed S` in order in this process
(one worker, as `generate --workers 1` does) until N puzzles are kept, timing each task in CPU
seconds (with --out, each kept puzzle is written there as `generate --out` writes it, with a
fresh directory the same bytes). A kept puzzle's cost is the CPU of every task since the previous kept one (itself
included): what one worker spends per puzzle. Prints the acceptance (tasks kept / tasks
tried), the candidates looked at, and the median, p95 and max CPU per kept puzzle.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.puzzle_yaml import dumps_puzzle
from akrotiri_puzzles.generator.generate import Task, attempt, two_turn_recipe
from akrotiri_puzzles.generator.grade import LEVELS as GRADED
from akrotiri_puzzles.themes import THEMES

LEVELS = tuple(name for name, _ in GRADED)


def task_options(parser: argparse.ArgumentParser, count: int) -> None:
    """The options that choose the run's tasks, as `generate`'s (tools/profile_generate.py takes
    them too)."""
    parser.add_argument("--level", default="hard", choices=LEVELS)
    parser.add_argument("--count", type=int, default=count)
    parser.add_argument("--turns", type=int, choices=(1, 2))
    parser.add_argument("--start", choices=("act", "place"))
    parser.add_argument("--goal", choices=("temple", "map-card", "two-temples"))
    parser.add_argument("--drawn-site", action="store_true", help="As generate --drawn-site (two turns).")
    parser.add_argument("--any-site", action="store_true", help="As generate --any-site (two turns, any goal).")
    parser.add_argument("--theme", default="", help="As generate --theme: a comma list (oracle reveals the land pile).")
    parser.add_argument("--without", default="", help="As generate --without: a comma list.")
    parser.add_argument("--most-tasks", type=int, default=4000)


def checked(parser: argparse.ArgumentParser) -> argparse.Namespace:
    """The options parsed; an unknown theme or a count below 1 fails in one line (exit 2)."""
    args = parser.parse_args()
    for option in ("theme", "without"):
        for name in getattr(args, option).split(","):
            if name and name not in THEMES:
                parser.error(f"--{option}: unknown theme {name!r:.40}; expected some of {', '.join(THEMES)}")
    if args.count < 1:
        parser.error(f"--count: expected 1 or more, not {args.count}")
    try:
        two_turn_recipe(args.level, args.turns, args.start, args.drawn_site, args.any_site)
    except ValueError as e:
        parser.error(str(e))
    return args


def task_of(args: argparse.Namespace, i: int) -> Task:
    """Task i of the run the options ask for, as `generate`'s (--drawn-site and --any-site set
    two turns; at hard, two turns from the action phase draw the drawn-tile recipe unless
    --any-site); tools/profile_generate.py draws its tasks here too."""
    turns, drawn = two_turn_recipe(args.level, args.turns, args.start, args.drawn_site, args.any_site)
    return Task(
        args.seed,
        i,
        args.level,
        turns,
        args.goal,
        start=args.start,
        themes=tuple(t for t in args.theme.split(",") if t),
        without=tuple(t for t in args.without.split(",") if t),
        drawn=drawn,
    )


def main() -> None:
    """Run the tasks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    task_options(parser, count=10)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rows-out", type=Path)
    parser.add_argument("--out", type=Path, help="Write each kept puzzle here (ID.yaml).")
    parser.add_argument("--verbose", action="store_true", help="Print each task's outcome as it ends.")
    args = checked(parser)
    comps = load_components()
    sink = args.rows_out.open("w") if args.rows_out else None
    costs: list[float] = []
    since = 0.0
    tried = 0
    reasons: dict[str, int] = {}
    for i in range(args.most_tasks):
        if len(costs) >= args.count:
            break
        t = time.process_time()
        task = task_of(args, i)
        o = attempt(task, comps)
        cpu = time.process_time() - t
        tried += 1
        since += cpu
        why = "none of its candidates kept" if o.reason.startswith("none of") else o.reason
        reasons[why] = reasons.get(why, 0) + 1
        if sink is not None:
            sink.write(json.dumps({"task": i, "reason": o.reason, "cpu": round(cpu, 3)}) + "\n")
            sink.flush()
        if args.verbose:
            print(f"  task {i}: {o.reason} ({cpu:.1f} s CPU)", flush=True)
        if o.kept and o.puzzle is not None and args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{o.puzzle.id}.yaml").write_text(dumps_puzzle(o.puzzle), encoding="utf-8")
        if o.kept:
            costs.append(since)
            since = 0.0
    costs.sort()

    def pct(q: float) -> float:
        return costs[min(len(costs) - 1, int(q * len(costs)))] if costs else float("nan")

    print(f"{args.level}, seed {args.seed}: {len(costs)} kept of {tried} tasks ({len(costs) / tried:.0%})")
    print("  outcomes: " + ", ".join(f"{n} {why}" for why, n in sorted(reasons.items(), key=lambda kv: -kv[1])))
    print(f"  CPU s per kept puzzle: median {pct(0.5):.1f}, p95 {pct(0.95):.1f}, max {costs[-1] if costs else 0:.1f}")
    print(f"  CPU s in all: {sum(costs) + since:.1f}")


if __name__ == "__main__":
    main()
