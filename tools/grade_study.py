"""Check the grader against effort: Spearman correlation between grade and exhaustive nodes.

    python tools/grade_study.py --candidates 600 --seed 1 --workers 2 --rows-out rows.jsonl

Draws candidates in turn from the easy, medium and hard recipes (tasks of `generate`), grades
every candidate that has a line, unique or not and whatever its level (`attempt(...,
any_level=True)`), and runs the
exhaustive search on each, capped at --max-nodes states: a capped search counts as the cap
(its rank ties with the other capped ones at the top). Prints the Spearman correlation of
the score and of the level with the nodes, and the acceptance rate per level.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.generator.generate import Task, Work
from akrotiri_puzzles.solver.exhaustive import search

LEVELS = ("easy", "medium", "hard")


def ranks(values: list[float]) -> list[float]:
    """Average ranks (1-based), ties sharing the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rho: Pearson's correlation of the average ranks."""
    rx, ry = ranks(x), ranks(y)
    n = len(x)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy)


class Measure:
    """A task's outcome and, for a graded puzzle, the exhaustive search's nodes and times."""

    def __init__(self, max_nodes: int) -> None:
        self.work = Work(any_level=True)
        self.max_nodes = max_nodes

    def __call__(self, task: Task) -> dict[str, object]:
        t = time.process_time()
        o = self.work(task)
        row: dict[str, object] = {
            "task": task.name,
            "asked": task.level,
            "reason": o.reason,
            "cpu": round(time.process_time() - t, 3),
        }
        p = o.puzzle
        if p is not None and p.grade is not None:
            s = search(p, max_nodes=self.max_nodes)
            row.update(
                unique=p.certificate.unique if p.certificate else None,
                level=p.grade.level,
                score=p.grade.score,
                optimum=p.optimum,
                turns=p.turns,
                phase=p.start.phase,
                necessary=[n.technique for n in p.grade.necessary],
                weakest=p.grade.weakest,
                nodes=s.nodes,
                complete=s.complete,
                exhaustive_optimum=s.optimum,
            )
        return row


def main() -> None:
    """Run the study and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--candidates", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=50_000)
    parser.add_argument("--rows-out", type=Path)
    parser.add_argument("--rows-in", type=Path, nargs="*", help="Only summarise rows written earlier.")
    args = parser.parse_args()
    rows: list[dict[str, object]] = []
    if args.rows_in:
        for path in args.rows_in:
            rows += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    else:
        load_components()
        tasks = [Task(args.seed, i, LEVELS[i % 3]) for i in range(args.candidates)]
        sink = args.rows_out.open("w") if args.rows_out else None

        def seen(row: dict[str, object]) -> None:
            rows.append(row)
            if sink is not None:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            sys.stderr.write(f"\r{len(rows)} candidates, {sum('level' in r for r in rows)} graded")

        # Every task is measured and their order does not matter: rows are written as tasks
        # finish, so that a long task holds nothing back and a stopped study keeps its rows.
        measure = Measure(args.max_nodes)
        if args.workers <= 1:
            for task in tasks:
                seen(measure(task))
        else:
            with ProcessPoolExecutor(args.workers) as pool:
                for future in as_completed([pool.submit(measure, t) for t in tasks]):
                    seen(future.result())
        sys.stderr.write("\n")
    summarise(rows)


def summarise(rows: list[dict[str, object]]) -> None:
    """The figures, as markdown."""
    graded = [r for r in rows if "level" in r]
    for r in graded:
        # The exhaustive search must agree with CP-SAT wherever it finished.
        if r["complete"] and r["exhaustive_optimum"] != r["optimum"]:
            print(f"DISAGREEMENT: {r['task']}: CP-SAT {r['optimum']}, exhaustive {r['exhaustive_optimum']}")
    nodes = [float(r["nodes"]) for r in graded]  # type: ignore[arg-type]
    score = [float(r["score"]) for r in graded]  # type: ignore[arg-type]
    level = [float(LEVELS.index(str(r["level"]))) for r in graded]
    unique = [r for r in graded if r.get("unique")]
    print(f"{len(rows)} candidates, {len(graded)} graded, {len(unique)} of them unique (publishable)")
    if len(graded) > 2:
        print(f"all graded: Spearman(score, nodes) = {spearman(score, nodes):.3f}")
        print(f"all graded: Spearman(level, nodes) = {spearman(level, nodes):.3f}")
    if len(unique) > 2:
        un = [float(r["nodes"]) for r in unique]  # type: ignore[arg-type]
        us = [float(r["score"]) for r in unique]  # type: ignore[arg-type]
        ul = [float(LEVELS.index(str(r["level"]))) for r in unique]
        print(f"unique only: Spearman(score, nodes) = {spearman(us, un):.3f}")
        print(f"unique only: Spearman(level, nodes) = {spearman(ul, un):.3f}")
    print(
        "| level | candidates drawn for it | kept at it | acceptance | graded at it (any recipe) | median nodes | capped |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for lv in LEVELS:
        asked = [r for r in rows if r["asked"] == lv]
        kept = [r for r in asked if r["reason"] == "kept"]
        at = sorted(float(r["nodes"]) for r in graded if r["level"] == lv)  # type: ignore[arg-type]
        capped = sum(1 for r in graded if r["level"] == lv and not r["complete"])
        med = at[len(at) // 2] if at else float("nan")
        rate = len(kept) / len(asked) if asked else float("nan")
        print(f"| {lv} | {len(asked)} | {len(kept)} | {rate:.1%} | {len(at)} | {med:,.0f} | {capped} |")


if __name__ == "__main__":
    main()
