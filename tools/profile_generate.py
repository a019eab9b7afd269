"""Where a generation run spends its CPU: each candidate's outcome and the CPU of its stages.

    python tools/profile_generate.py --level hard --turns 2 --seed 4601 --count 1 [--drawn-site | --any-site]
        [--start place] [--goal G] [--theme T,...] [--without T,...] [--most-tasks N] [--cpu-limit S]
        [--rows-out rows.jsonl]

Runs the tasks of `generate --difficulty LEVEL --seed S` in order in this process (one worker),
as tools/bench_generate.py does, and times each candidate `generate._look` judges (CPU seconds,
`time.process_time`) with its reason, and within it each stage: the two-turn bound, the idle
line's solve, the first solve, the placement moved, the placement's solve, the ladder, the
uniqueness proof, the score's range and the grade. A task's CPU outside its candidates is the
game and the looks that chose them ("drawing"). Prints, per outcome, the candidates and their
CPU, and per stage the calls and CPU. Stops after `--count` kept puzzles, `--most-tasks` tasks
or `--cpu-limit` CPU seconds (checked between tasks). The wrappers time; they change no outcome.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_generate import checked, task_of, task_options

from akrotiri_puzzles import load_components
from akrotiri_puzzles.generator import generate
from akrotiri_puzzles.generator.generate import attempt

STAGES = (
    "out_of_reach",
    "idle_first_turn",
    "solve",
    "another_placement",
    "placement_needed",
    "ladder",
    "points_range",
    "grade",
)


class Clock:
    """CPU per stage of the candidate under way, and per outcome of the run."""

    def __init__(self) -> None:
        self.stages: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.looks: list[tuple[str, float, dict[str, float]]] = []

    def timed(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            stage = name
            if name == "solve":
                stage = "solve unique" if kwargs.get("unique") else "solve first"
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.stages[stage] = self.stages.get(stage, 0.0) + time.process_time() - t
                self.calls[stage] = self.calls.get(stage, 0) + 1

        return wrapper


def main() -> None:
    """Run the tasks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    task_options(parser, count=1)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--cpu-limit", type=float, default=float("inf"))
    parser.add_argument("--rows-out", type=Path)
    args = checked(parser)
    comps = load_components()
    clock = Clock()
    for name in STAGES:
        setattr(generate, name, clock.timed(name, getattr(generate, name)))
    look = generate._look

    def timed_look(*a: Any, **k: Any) -> generate.Outcome:
        clock.stages.clear()
        t = time.process_time()
        out = look(*a, **k)
        clock.looks.append((out.reason, time.process_time() - t, dict(clock.stages)))
        return out

    generate._look = timed_look
    sink = args.rows_out.open("w") if args.rows_out else None
    by_outcome: dict[str, list[float]] = {}
    by_stage: dict[str, list[float]] = {}
    kept: list[tuple[int, float]] = []
    total = since = 0.0
    tasks = 0
    for i in range(args.most_tasks):
        if len(kept) >= args.count or total >= args.cpu_limit:
            break
        task = task_of(args, i)
        clock.looks.clear()
        t = time.process_time()
        o = attempt(task, comps)
        cpu = time.process_time() - t
        tasks += 1
        total += cpu
        since += cpu
        drawing = cpu - sum(c for _, c, _ in clock.looks)
        key = "drawing (no candidate)" if not clock.looks else "drawing"
        by_outcome.setdefault(key, []).append(drawing)
        for reason, c, stages in clock.looks:
            by_outcome.setdefault(reason, []).append(c)
            for s, v in stages.items():
                by_stage.setdefault(s, []).append(v)
        if sink is not None:
            row = {"task": i, "reason": o.reason, "cpu": round(cpu, 3), "drawing": round(drawing, 3)}
            row["looks"] = [[r, round(c, 3), {s: round(v, 3) for s, v in st.items()}] for r, c, st in clock.looks]
            sink.write(json.dumps(row) + "\n")
            sink.flush()
        print(f"  task {i}: {o.reason} ({cpu:.1f} s CPU, {len(clock.looks)} candidates)", flush=True)
        if o.kept:
            kept.append((i, since))
            since = 0.0
    print(f"{args.level}, seed {args.seed}: {len(kept)} kept of {tasks} tasks, {total:.1f} s CPU in all")
    print("  kept (task, CPU since the previous kept): " + ", ".join(f"{i} {c:.1f} s" for i, c in kept))
    print("  by outcome (candidates, CPU s, max):")
    for reason, cs in sorted(by_outcome.items(), key=lambda kv: -sum(kv[1])):
        print(f"    {reason}: {len(cs)}, {sum(cs):.1f} s, max {max(cs):.1f} s")
    print("  by stage (calls, CPU s):")
    for stage, cs in sorted(by_stage.items(), key=lambda kv: -sum(kv[1])):
        print(f"    {stage}: {len(cs)}, {sum(cs):.1f} s")


if __name__ == "__main__":
    main()
