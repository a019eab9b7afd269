"""Count again, with a higher cap, the exhaustive search's states of a grade study's capped rows.

    PYTHONPATH=CHECKOUT python tools/grade_recount.py --rows-in ROWS --max-nodes 200000 --rows-out RECOUNTED

A row of tools/grade_study.py names its task; the task's candidate is drawn again as the study
drew it (the same seeded recipe and draw: the first candidate whose CP-SAT optimum is 2 actions
or more) and searched again with --max-nodes states. The row is written again with the new
`nodes`, `complete`, `exhaustive_optimum`, `cap` and `search_cpu`, and with `nodes_before` and
`cap_before`, the study's own; its other fields (score, level, necessary techniques, ...) are the
study's. The search's order is fixed, so a capped search is the first states of a longer one.

Run it on the checkout that drew the rows (PYTHONPATH pointing at it), so that the candidate is
the row's own: a redrawn candidate whose optimum is not the row's is reported and not written.
The tool reads only what every checkout since the grade study has (the recipes, the draw, the
solver and the search). `tools/grade_study.py --recount FILE` reads the rows written here in
place of the study's.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.generator.candidates import candidates, recipe_for
from akrotiri_puzzles.generator.generate import Task
from akrotiri_puzzles.puzzle import Puzzle
from akrotiri_puzzles.solver import solve
from akrotiri_puzzles.solver.exhaustive import search


def task_of(name: str) -> Task:
    """The study's task a row names (level-sSEED[-tTURNS][-act|-place]-INDEX)."""
    parts = name.split("-")
    level, seed, index = parts[0], int(parts[1].removeprefix("s")), int(parts[-1])
    turns = next((int(p[1:]) for p in parts[2:-1] if p in ("t1", "t2")), None)
    start = next((p for p in parts[2:-1] if p in ("act", "place")), None)
    task = Task(seed, index, level, turns=turns, start=start)
    if task.name != name:
        raise ValueError(f"{name}: not a study task's name")
    return task


def drawn(task: Task) -> tuple[Puzzle | None, int | None]:
    """The task's candidate as the study scores it (tools/grade_study.py, Measure._scored): the
    first of the seeded draw with a line of 2 actions or more, and its CP-SAT optimum."""
    comps = load_components()
    rng = random.Random(f"akrotiri-generate {task.seed} {task.index}")
    recipe = recipe_for(task.level, rng, task.turns, task.goal, task.edition, task.start)
    game_seed = rng.randrange(2**31)
    for puzzle in candidates(comps, game_seed, recipe, rng):
        first = solve(puzzle)
        if first.optimum is not None and first.optimum >= 2:
            return puzzle, first.optimum
    return None, None


class Recount:
    """A row counted again: its candidate drawn again and searched with `max_nodes` states."""

    def __init__(self, max_nodes: int) -> None:
        self.max_nodes = max_nodes

    def __call__(self, row: dict[str, object]) -> dict[str, object]:
        t = time.process_time()
        puzzle, optimum = drawn(task_of(str(row["task"])))
        redraw = round(time.process_time() - t, 3)
        if puzzle is None or optimum != row["optimum"]:
            return {"task": row["task"], "redrawn": "differs", "optimum": optimum, "redraw_cpu": redraw}
        t = time.process_time()
        s = search(puzzle, max_nodes=self.max_nodes)
        out = dict(row)
        out.update(
            nodes=s.nodes,
            complete=s.complete,
            exhaustive_optimum=s.optimum,
            cap=self.max_nodes,
            search_cpu=round(time.process_time() - t, 3),
            nodes_before=row["nodes"],
            cap_before=row["cap"],
            redraw_cpu=redraw,
        )
        return out


def chosen(rows: list[dict[str, object]], tasks: list[str], sample: int | None, seed: int) -> list[dict[str, object]]:
    """The rows to count again: those named, else the capped graded rows in a seeded random
    order, whatever their class or result (the first `sample` of them, if asked), so that a run
    stopped early has counted a random sample."""
    if tasks:
        by_name = {str(r["task"]): r for r in rows}
        missing = [t for t in tasks if t not in by_name]
        if missing:
            raise ValueError(f"--tasks: no row named {', '.join(missing)}")
        return [by_name[t] for t in tasks]
    capped = [r for r in rows if "level" in r and not r["complete"]]
    random.Random(seed).shuffle(capped)
    return capped if sample is None else capped[:sample]


def main() -> None:
    """Count the rows again and write them."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows-in", type=Path, required=True, help="The study's rows (tools/grade_study.py).")
    parser.add_argument("--rows-out", type=Path, help="Where to write the rows counted again (JSON lines).")
    parser.add_argument("--max-nodes", type=int, default=200_000, help="The new cap on the search's states.")
    parser.add_argument("--tasks", nargs="*", default=[], help="Only these rows (by task name), capped or not.")
    parser.add_argument("--sample", type=int, help="Only the first this many capped rows of the seeded random order.")
    parser.add_argument("--sample-seed", type=int, default=0, help="The seed of the capped rows' order.")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.max_nodes < 1:
        parser.error(f"--max-nodes {args.max_nodes}: at least 1 state")
    try:
        rows = [json.loads(line) for line in args.rows_in.read_text().splitlines() if line.strip()]
        todo = chosen(rows, args.tasks, args.sample, args.sample_seed)
        for r in todo:
            task_of(str(r["task"]))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, ValueError) as exc:
        parser.error(f"--rows-in {args.rows_in}: {exc}")
    sink = args.rows_out.open("w") if args.rows_out else None
    recount = Recount(args.max_nodes)

    def seen(row: dict[str, object]) -> None:
        line = json.dumps(row)
        print(line, flush=True)
        if sink is not None:
            sink.write(line + "\n")
            sink.flush()

    if args.workers <= 1:
        for r in todo:
            seen(recount(r))
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            for future in as_completed([pool.submit(recount, r) for r in todo]):
                seen(future.result())
    sys.stderr.write(f"{len(todo)} rows counted again\n")


if __name__ == "__main__":
    main()
