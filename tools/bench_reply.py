"""Benchmark of `analyse --reply` (analysis/reply.py) on the last rounds of seeded greedy games.

For each seed (2016, north or south first as asked), the game of two greedy bots is played; if
its first player excavates its sixth temple (R-END-2: the second player then plays the last
turn), the first position of the first player's action phase after that temple is analysed
with the reply, each in a child process with a wall-clock time limit (`--time-limit`, the
command's own). Games the second player ends have no such round and are skipped (listed).
Prints a Markdown table and the median and p95 of the CPU seconds (`time.process_time` in the
child, the analysis alone), counting a run stopped by the limit at its time. `--cpu-limit`
counts the limit in the child's CPU seconds instead (on a loaded machine a wall-clock limit gives
an analysis a fraction of a core); `--seeds` measures only the seeds given (a subset).

    .venv/bin/python tools/bench_reply.py --games 20 --time-limit 300
    nice -n 10 .venv/bin/python tools/bench_reply.py --games 20 --time-limit 60 --cpu-limit
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker(seed: int, edition: int, first: str, limit: float, cpu: bool = False) -> None:
    """One measurement in this process; prints one JSON line (null when there is no round).
    `cpu`: the limit counts this process's CPU seconds (`cpu_deadline`)."""
    import time

    sys.path.insert(0, str(ROOT))
    from akrotiri_puzzles.analysis import reply
    from akrotiri_puzzles.analysis.endgame import AnalysisError
    from akrotiri_puzzles.analysis.reply import analyse_reply
    from tests.reply_reference import last_rounds

    if cpu:
        setattr(reply, "Deadline", cpu_deadline())  # noqa: B010 (the module attribute analyse_reply reads)

    ps = last_rounds(seed, edition, first)
    if not ps:
        print(json.dumps(None))
        return
    pos = ps[0]
    clock = time.process_time()
    row: dict[str, object] = {"seed": seed, "turn": pos.turn, "tile": pos.seat(pos.other).tile is not None}
    try:
        a = analyse_reply(pos, time_limit=limit)
        margin = None if a.best is None else a.best.margin
        row |= {"status": a.status, "margin": margin, "bound": a.bound, "ends": a.ends}
        row |= {"solved": a.solved, "refuted": a.refuted, "by_replies": a.by_replies}
        row["by_floor"] = getattr(a, "by_floor", 0)  # a tree before the refutation by a floor has none
    except AnalysisError as exc:  # too many states of the hero's turn (reply.MOST_ENDS)
        row |= {"status": str(exc), "margin": None, "bound": None, "ends": None, "solved": 0, "refuted": 0}
        row["by_replies"] = row["by_floor"] = 0
    row["cpu"] = round(time.process_time() - clock, 2)
    print(json.dumps(row))


def cpu_deadline() -> type:
    """The solver's Deadline counted in this process's CPU seconds (`time.process_time`) instead
    of wall-clock time: on a loaded machine a wall-clock limit gives an analysis a fraction of
    its CPU (docs/benchmarks.md). The benchmark's only (the command's limit is wall-clock).
    CP-SAT's own limit is wall-clock and would stop a solve long before the CPU is spent, so a
    solve is given none: the limit is checked between solves, and a run may pass it by one."""
    import time
    from dataclasses import dataclass, field

    from akrotiri_puzzles.solver.deadline import Deadline

    @dataclass
    class CpuDeadline(Deadline):
        started: float = field(default_factory=time.process_time)

        def elapsed(self) -> float:
            return time.process_time() - self.started

        def left(self) -> float | None:
            return None

    return CpuDeadline


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games with a last round to analyse")
    parser.add_argument("--seed", type=int, default=0, help="first seed tried")
    parser.add_argument("--edition", type=int, default=2016)
    parser.add_argument("--first", default="south", choices=("south", "north"))
    parser.add_argument("--time-limit", type=float, default=300.0)
    parser.add_argument(
        "--cpu-limit",
        action="store_true",
        help="count --time-limit in the analysis process's CPU seconds instead of wall-clock time (a loaded machine)",
    )
    parser.add_argument("--seeds", type=int, nargs="*", help="only these seeds (a subset), in this order")
    parser.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        seed, edition, first, limit, cpu = args.worker
        worker(int(seed), int(edition), first, float(limit), cpu == "cpu")
        return
    rows: list[dict[str, object]] = []
    skipped: list[int] = []
    seed = args.seed
    seeds = list(args.seeds or [])
    clock = "cpu" if args.cpu_limit else "wall"
    while (len(rows) < args.games) if not args.seeds else seeds:
        if args.seeds:
            seed = seeds.pop(0)
        cmd = [sys.executable, __file__, "--worker", str(seed), str(args.edition), args.first, str(args.time_limit)]
        got = json.loads(subprocess.run([*cmd, clock], capture_output=True, text=True, check=True, cwd=ROOT).stdout)
        if got is None:
            skipped.append(seed)
        else:
            rows.append(got)
            print(json.dumps(got), file=sys.stderr, flush=True)
        seed += 1
    print(
        "| seed | turn | opponent's tile | status | margin | bound | ends | answered "
        "| refuted (by replies, by a floor) | CPU s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['seed']} | {r['turn']} | {'yes' if r['tile'] else 'no'} | {r['status']} | {r['margin']} | "
            f"{r['bound']} | {r['ends']} | {r['solved']} | {r['refuted']} ({r.get('by_replies', 0)}, {r.get('by_floor', 0)}) | {r['cpu']} |"
        )
    cpu = [float(r["cpu"]) for r in rows]  # type: ignore[arg-type]
    proven = sum(r["status"] == "OPTIMAL" for r in rows)
    print()
    print(
        f"{len(rows)} last rounds, {proven} proven within {args.time_limit:g} s ({clock}); "
        f"skipped (second player ends): {skipped}"
    )
    print(f"CPU s: median {statistics.median(cpu):.1f}, p95 {p95(cpu):.1f}, max {max(cpu):.1f}")


if __name__ == "__main__":
    main()
