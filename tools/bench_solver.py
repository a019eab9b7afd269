"""Benchmark the CP-SAT solver against the exhaustive search on a fixed set of puzzles.

    python tools/bench_solver.py [--per-class 15] [--node-cap 300000] [--classes act-1 ...]
                                 [--rows-out rows.json]
    python tools/bench_solver.py --table-from rows-a.json rows-b.json
    python tools/bench_solver.py --first-game 7000 --classes place-1 place-2 --before-after
    python tools/bench_solver.py --compare before.json after.json

The set is the same whichever classes are run, so a run can be split by class across
processes (one per core, `taskset -c N`) and the rows put together with --table-from.

The puzzles are drawn deterministically from positions of seeded greedy games (the same
seeds give the same set), in four classes:

- act-1:    action phase, horizon 1 turn (no tile placement)
- place-1:  before the tile placement, horizon 1 turn (the placement is searched)
- act-2:    action phase, horizon 2 turns (the draw and the next placement are searched)
- place-2:  before the placement, horizon 2 turns (both placements are searched)

For each puzzle both solvers run one after the other in this process: CP-SAT to a proven
optimum (or proven infeasibility), the exhaustive search until it proves the same or meets the
node cap. Times are wall-clock seconds on this machine, to be read as ratios within one run.

With --before-after, CP-SAT alone solves each puzzle twice in a row, with the large puzzles'
CP-SAT settings off (`solver.run.LARGE`, before) and on (after): CPU seconds, status and
optimum of each, and whether the lines printed are the same.

With --compare, two runs' rows (--rows-out) of the same set, e.g. the main branch's code and a
branch's run side by side, one per core, are compared by CP-SAT's CPU seconds, and by the
answers' digests (status, optimum and line, `digest`): a differing digest with the same status
and optimum is another line of the same length.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from akrotiri_puzzles import Position, load_components
from akrotiri_puzzles.files.puzzle_yaml import save_puzzle
from akrotiri_puzzles.generator.reveal import Reveal
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver import run as solver_run
from akrotiri_puzzles.solver.cpsat import solve
from akrotiri_puzzles.solver.exhaustive import search

CLASSES = ("act-1", "place-1", "act-2", "place-2")
PREMISE = Reveal(maps=3, oracle=True)


@dataclass
class Row:
    """One puzzle's timings."""

    cls: str
    name: str
    optimum: int | None
    cpsat: float
    exhaustive: float
    exhaustive_done: bool
    agree: bool | None
    status: str = "OPTIMAL"
    """CP-SAT's status: OPTIMAL or INFEASIBLE when proven, else what the time limit left."""
    cpsat_cpu: float = 0.0
    digest: str = ""
    """The first 12 hex digits of the SHA-256 of the status, the optimum and the line found
    (`digest`): two runs printed the same answer when their digests agree ("" in rows written
    before it was kept)."""


SETS = {"first": 1000, "fresh": 5000}
"""The fixed sets: "first" (games 1000 and up, a temple with any card) and "fresh" (games 5000
and up, which the solver was never tuned on: every third puzzle wants two temples, every third
names a map card, so that many are infeasible)."""


def _goal(game: int, pos: Position, fresh: bool) -> Goal:
    """The goal of a puzzle of the set."""
    if not fresh:
        return Goal()
    kind = game % 3
    if kind == 1:
        return Goal(temples=2)
    if kind == 2:
        hand = sorted(pos.hero.maps)
        named = hand[0] if hand else next((d[0] for d in pos.map_decks if d), None)
        return Goal(map_card=named)
    return Goal()


def digest(status: str, optimum: int | None, line: tuple[object, ...]) -> str:
    """The answer's digest: status, optimum and the line's actions in notation."""
    text = f"{status} {optimum} {' '.join(str(a) for a in line)}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def puzzles(per_class: int, seed: int = 1000) -> list[tuple[str, str, Puzzle]]:
    """A fixed benchmark set: per class, puzzles from successive seeded greedy games."""
    comps = load_components()
    out: list[tuple[str, str, Puzzle]] = []
    wanted = dict.fromkeys(CLASSES, per_class)
    game = seed
    while any(wanted.values()):
        snaps: list[Position] = []
        edition = 2014 if game % 2 else 2016
        play_game(comps, game, edition=edition, bots=("greedy", "greedy"), on_position=snaps.append)
        rng = random.Random(game)
        acts = [p for p in snaps if p.phase == "act" and p.turn > 2 and p.points == 0 and not p.passing]
        places = [p for p in snaps if p.phase == "place" and p.turn > 2]
        for cls in CLASSES:
            if not wanted[cls]:
                continue
            pool = acts if cls.startswith("act") else places
            if not pool:
                continue
            pos = rng.choice(pool)
            if cls == "act-1":
                pos = replace(pos, actions_left=min(pos.actions_left, 3))
            if cls == "act-2":
                pos = replace(pos, actions_left=min(pos.actions_left, 1))
            turns = 2 if cls.endswith("2") else 1
            name = f"g{game}-t{pos.turn}-{pos.to_move}"
            # The test corpora's premise (docs/puzzles.md): every deck's top 3, the land pile until
            # every icon. Figures measured before premises read every pile; answers rarely buy
            # deeper, so the problems are nearly the same.
            goal = _goal(game, pos, seed != SETS["first"])
            puzzle = Puzzle(name, pos, goal=goal, turns=turns, revealed=PREMISE.of(pos, turns, goal))
            if puzzle.check_start() is not None:
                continue  # e.g. no temple left to excavate
            out.append((cls, name, puzzle))
            wanted[cls] -= 1
        game += 1
    return out


def run(
    per_class: int,
    node_cap: int,
    classes: tuple[str, ...] = CLASSES,
    seed: int = SETS["first"],
    time_limit: float | None = None,
    dump: Path | None = None,
) -> list[Row]:
    """Solve every puzzle of the set in `classes` with both solvers (node_cap 0: CP-SAT only)."""
    rows = []
    for cls, name, puzzle in puzzles(per_class, seed):
        if cls not in classes:
            continue
        if dump is not None:
            dump.mkdir(parents=True, exist_ok=True)
            save_puzzle(puzzle, dump / f"{cls}-{name}.yaml")
        t, c = time.perf_counter(), time.process_time()
        r = solve(puzzle, time_limit=time_limit)
        t_cpsat, c_cpsat = time.perf_counter() - t, time.process_time() - c
        t = time.perf_counter()
        e = search(puzzle, max_nodes=node_cap) if node_cap else None
        t_exh = time.perf_counter() - t
        done = e is not None and e.complete
        proven = r.status in ("OPTIMAL", "INFEASIBLE")
        agree = (r.optimum == e.optimum) if (e is not None and done and proven) else None
        answer = digest(r.status, r.optimum, r.line)
        rows.append(Row(cls, name, r.optimum, t_cpsat, t_exh, done, agree, r.status, c_cpsat, answer))
        print(
            f"{cls:8} {name:22} opt {r.optimum!s:>4} {r.status:10} {answer} cp-sat {t_cpsat:6.2f}s ({c_cpsat:6.2f}s CPU)  "
            + (f"exhaustive {t_exh:6.2f}s {'done' if done else 'capped'}" if e is not None else "")
            + ("" if agree is not False else "  DISAGREE"),
            flush=True,
        )
    return rows


def before_after(classes: tuple[str, ...], per_class: int, first: int, time_limit: float | None) -> str:
    """Each puzzle of the set solved with `solver.run.LARGE` off, then on: per-puzzle lines and
    a table of CPU seconds by class (see the module docstring)."""
    rows: list[tuple[str, list[tuple[str, int | None, float, tuple[str, ...]]]]] = []
    for cls, name, puzzle in puzzles(per_class, first):
        if cls not in classes:
            continue
        got = []
        for large in (False, True):
            solver_run.LARGE = large
            c = time.process_time()
            r = solve(puzzle, time_limit=time_limit)
            got.append((r.status, r.optimum, time.process_time() - c, tuple(str(a) for a in r.line)))
        solver_run.LARGE = True
        (s0, o0, c0, l0), (s1, o1, c1, l1) = got
        rows.append((cls, got))
        print(
            f"{cls:8} {name:22} before {s0:10} {o0!s:>4} {c0:7.2f}s  after {s1:10} {o1!s:>4} {c1:7.2f}s"
            + ("  same line" if l0 == l1 else "  other line")
            + ("" if (s0, o0) == (s1, o1) or "UNKNOWN" in (s0, s1) or "FEASIBLE" in (s0, s1) else "  DISAGREE"),
            flush=True,
        )
    lines = [
        "| class | puzzles | before: median / p95 / max CPU s | proven | after: median / p95 / max CPU s | proven | same line |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    proven = ("OPTIMAL", "INFEASIBLE")
    for cls in CLASSES:
        rs = [got for c, got in rows if c == cls]
        if not rs:
            continue
        cells = []
        for k in (0, 1):
            cpu = [got[k][2] for got in rs]
            done = sum(got[k][0] in proven for got in rs)
            cells.append(f"{statistics.median(cpu):.2f} / {p95(cpu):.2f} / {max(cpu):.2f} | {done} of {len(rs)}")
        same = sum(got[0][3] == got[1][3] for got in rs)
        lines.append(f"| {cls} | {len(rs)} | {cells[0]} | {cells[1]} | {same} of {len(rs)} |")
    return "\n".join(lines)


def read_rows(path: Path) -> list[Row]:
    """A run's rows as --rows-out wrote them; one line and exit status 2 if the file is not that."""
    try:
        return [Row(**r) for r in json.loads(path.read_text(encoding="utf-8"))]
    except (OSError, ValueError, TypeError) as exc:
        print(f"error: {path}: not a file of rows written by --rows-out ({exc})", file=sys.stderr)
        sys.exit(2)


def compare(before: list[Row], after: list[Row]) -> str:
    """Two runs of the same set (`--rows-out`, e.g. main's code and a branch's, run side by side):
    per puzzle and by class, CP-SAT's CPU seconds, status and optimum before and after, and
    whether the answers' digests (status, optimum, line) are the same where both runs kept them."""
    proven = ("OPTIMAL", "INFEASIBLE")
    was = {(r.cls, r.name): r for r in before}
    lines = ["| puzzle | before | after | after / before |", "|---|---|---|---:|"]
    same = differ = 0
    for r in after:
        b = was.get((r.cls, r.name))
        if b is None:
            continue
        ratio = f"{r.cpsat_cpu / b.cpsat_cpu:.2f}" if b.cpsat_cpu > 0.05 else "-"
        if (b.status, b.optimum) != (r.status, r.optimum) and b.status in proven and r.status in proven:
            ratio += " DISAGREE"
        if b.digest and r.digest:
            if b.digest == r.digest:
                same += 1
            else:
                differ += 1
                ratio += " (another line)"
        lines.append(
            f"| {r.cls} {r.name} | {b.status} {b.optimum}, {b.cpsat_cpu:.2f} | {r.status} {r.optimum}, {r.cpsat_cpu:.2f} | {ratio} |"
        )
    lines += [
        "",
        "| class | puzzles | before: median / p95 / max CPU s | proven | after: median / p95 / max CPU s | proven |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for cls in CLASSES:
        pairs = [(was[(r.cls, r.name)], r) for r in after if r.cls == cls and (r.cls, r.name) in was]
        if not pairs:
            continue
        cells = []
        for k in (0, 1):
            cpu = [p[k].cpsat_cpu for p in pairs]
            done = sum(p[k].status in proven for p in pairs)
            cells.append(f"{statistics.median(cpu):.2f} / {p95(cpu):.2f} / {max(cpu):.2f} | {done} of {len(pairs)}")
        lines.append(f"| {cls} | {len(pairs)} | {cells[0]} | {cells[1]} |")
    lines += ["", f"Answers' digests (status, optimum, line): {same} the same, {differ} different."]
    return "\n".join(lines)


def p95(values: list[float]) -> float:
    """The 95th percentile (inclusive method)."""
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def table(rows: list[Row], node_cap: int) -> str:
    """The markdown table of the figures by class."""
    lines = [
        "| class | puzzles | CP-SAT median | CP-SAT p95 | exhaustive median | exhaustive p95 | exhaustive proved | median ratio exh/CP-SAT | exhaustive faster on |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for cls in CLASSES:
        rs = [r for r in rows if r.cls == cls]
        if not rs:
            continue
        cp = [r.cpsat for r in rs]
        ex = [r.exhaustive for r in rs]
        done = sum(r.exhaustive_done for r in rs)
        faster = sum(r.exhaustive_done and r.exhaustive < r.cpsat for r in rs)
        ratio = statistics.median(r.exhaustive / max(r.cpsat, 1e-3) for r in rs)
        lines.append(
            f"| {cls} | {len(rs)} | {statistics.median(cp):.2f} s | {p95(cp):.2f} s | "
            f"{statistics.median(ex):.2f} s | {p95(ex):.2f} s | {done} of {len(rs)} | {ratio:.1f} | {faster} of {len(rs)} |"
        )
    disagree = [r for r in rows if r.agree is False]
    lines.append("")
    lines.append(
        f"Exhaustive node cap {node_cap:,}; where it stopped, its time is the time to the cap. "
        f"Disagreements where both proved: {len(disagree)}."
    )
    return "\n".join(lines)


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-class", type=int, default=15)
    parser.add_argument("--set", choices=sorted(SETS), default="first", help="Which fixed set of puzzles.")
    parser.add_argument(
        "--first-game",
        type=int,
        help="Draw the set from seeded games from this one on, with the fresh set's goals (a set "
        "neither the solver nor the tests were tuned on; overrides --set).",
    )
    parser.add_argument("--time-limit", type=float, help="Seconds per CP-SAT solve (the status says what it proved).")
    parser.add_argument("--dump", type=Path, help="Also write the puzzles as YAML files here.")
    parser.add_argument("--node-cap", type=int, default=300_000)
    parser.add_argument("--classes", nargs="+", choices=CLASSES, default=list(CLASSES))
    parser.add_argument("--rows-out", type=Path, help="Also write the rows as JSON.")
    parser.add_argument("--table-from", type=Path, nargs="+", help="Only print the table of rows written before.")
    parser.add_argument(
        "--before-after",
        action="store_true",
        help="CP-SAT only, each puzzle with the large puzzles' settings off then on (solver.run.LARGE).",
    )
    parser.add_argument(
        "--compare",
        type=Path,
        nargs=2,
        metavar=("BEFORE", "AFTER"),
        help="Only compare two runs' rows (--rows-out) by CP-SAT's CPU seconds, puzzle by puzzle.",
    )
    args = parser.parse_args()
    if args.compare:
        runs = [read_rows(f) for f in args.compare]
        print(compare(runs[0], runs[1]))
        return
    if args.before_after:
        first = SETS[args.set] if args.first_game is None else args.first_game
        print()
        print(before_after(tuple(args.classes), args.per_class, first, args.time_limit))
        print(f"- python {platform.python_version()}, {os.cpu_count()} logical CPUs, load {os.getloadavg()}")
        return
    if args.table_from:
        rows = [r for f in args.table_from for r in read_rows(f)]
    else:
        first = SETS[args.set] if args.first_game is None else args.first_game
        rows = run(args.per_class, args.node_cap, tuple(args.classes), first, args.time_limit, args.dump)
        if args.rows_out:
            args.rows_out.write_text(json.dumps([asdict(r) for r in rows], indent=1))
    print()
    print(table(rows, args.node_cap))
    print()
    print(f"- python {platform.python_version()}, {os.cpu_count()} logical CPUs, load {os.getloadavg()}")


if __name__ == "__main__":
    main()
