"""Check the grader against effort: Spearman correlation between grade and exhaustive nodes.

    python tools/grade_study.py --candidates 600 --seed 1 --workers 2 --rows-out rows.jsonl
    python tools/grade_study.py --candidates 300 --seed 4 --classes act,place,two-turn --rows-out rows.jsonl

Draws candidates in turn from the easy, medium and hard recipes (tasks of `generate`; with
--classes, in turn from each class named, each task the level's own recipe for it as
`generate --start act|place` or `--turns 2` draws it: generator/candidates.py, recipe_for), grades
every candidate that has a line, unique or not and whatever its level (`attempt(...,
any_level=True)`), and runs the
exhaustive search on each, capped at --max-nodes states: a capped search counts as the cap
(its rank ties with the other capped ones at the top). Prints the Spearman correlation of
the score and of the level with the nodes, and the acceptance rate per level. The level of a
row is the grader's (its level points: `row_level` reads rows written before them again).

    python tools/grade_study.py --rows-in tests/data/generator/study-seed4.jsonl --recount RECOUNTED

--recount reads rows whose capped searches tools/grade_recount.py counted again with a higher
cap in place of the study's. Every summary also gives each correlation's span: the least and
the most it can be whatever the still-capped searches' states.
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
from akrotiri_puzzles.generator.generate import Task, Work
from akrotiri_puzzles.generator.grade import (
    HORIZON_POINTS,
    PLACEMENT,
    PLACEMENT_POINTS,
    RUNG_POINTS,
    WEIGHT,
    kinds,
    level_of,
    level_points,
    necessary,
    placement_needed,
    score_of,
)
from akrotiri_puzzles.generator.ladder import ladder, weakest
from akrotiri_puzzles.puzzle import Puzzle
from akrotiri_puzzles.solver import solve
from akrotiri_puzzles.solver.exhaustive import search

LEVELS = ("easy", "medium", "hard")
CLASSES: dict[str, tuple[int | None, str | None]] = {
    "recipe": (None, None),
    "act": (1, "act"),
    "place": (1, "place"),
    "two-turn": (2, None),
}
"""The classes --classes can name, as (turns, start) of a task: the level's usual recipe (what
`generate` draws without options), one turn from the action phase, one turn from the tile
placement, two turns (from the phase the level's two-turn recipe draws)."""


def tasks_for(seed: int, count: int, classes: tuple[str, ...]) -> list[Task]:
    """The study's tasks: task i asks for level i mod 3 and class (i div 3) mod len(classes),
    so that every level meets every class in fair shares, and a study stopped early keeps them."""
    out = []
    for i in range(count):
        turns, start = CLASSES[classes[(i // len(LEVELS)) % len(classes)]]
        out.append(Task(seed, i, LEVELS[i % len(LEVELS)], turns=turns, start=start))
    return out


def class_of(row: dict[str, object]) -> str:
    """The class a graded row belongs to, from the puzzle itself: two turns (from either phase),
    else one turn from the placement or from the action phase."""
    return "two-turn" if row["turns"] == 2 else str(row["phase"])


def row_level(row: dict[str, object], counts: int = 1, two_turn: int | None = None) -> str:
    """The level of a graded row by the grader's rule (generator/grade.py, `level_points`). A row
    written before the rule (no `level_points`) holds the level read from its score: it is read
    again from its score less its kind's points beyond one (the row's phase, horizon and
    necessary techniques), a level the hard gate lowered from hard staying medium.

    `counts` asks what the level would be if each kind counted that many of its points toward
    the level instead of the grader's 1 (docs/generator.md, "The level points: decided");
    `two_turn`, if given, what the kind "two turns" counts instead (the placement's: `counts`)."""
    two_turn = counts if two_turn is None else two_turn
    if "level_points" in row and counts == two_turn == 1:
        return str(row["level"])
    score = int(row["score"])  # type: ignore[call-overload]
    needed = set(row["necessary"])  # type: ignore[call-overload]
    found = kinds(str(row["phase"]), int(row["turns"]), needed)  # type: ignore[call-overload]
    count = {name: two_turn if name == "two turns" else counts for name, _ in found}
    level = level_of(score - sum(points - min(count[name], points) for name, points in found if points > 0))
    graded = int(row["level_points"]) if "level_points" in row else score  # type: ignore[call-overload]
    lowered = row["level"] != level_of(graded)
    return "medium" if level == "hard" and lowered else level


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
    """A task's outcome and, for a graded puzzle, the exhaustive search's nodes and times.

    With `score_only`, the task's candidates are the very ones `attempt(..., any_level=True)`
    looks at (the same seeded draw, the same order) and the first with a line of 2 actions or
    more is scored as `grade` scores it (the same proofs of the necessary techniques and of the
    placement, the same ladder), without what the score does not use: the uniqueness proof
    (`unique` is None) and the hard gate's count of good first actions (`level` is the score's,
    ungated). Those two are most of a placement or two-turn task's cost (a solve per legal
    first decision: 50 to 100 placements)."""

    def __init__(self, max_nodes: int, max_nodes_place: int | None = None, score_only: bool = False) -> None:
        self.work = Work(any_level=True)
        self.max_nodes = max_nodes
        self.max_nodes_place = max_nodes_place or max_nodes
        self.score_only = score_only

    def __call__(self, task: Task) -> dict[str, object]:
        t = time.process_time()
        if self.score_only:
            row, p, fields = self._scored(task)
        else:
            o = self.work(task)
            row = {"task": task.name, "asked": task.level, "reason": o.reason}
            p = o.puzzle
            fields = {}
            if p is not None and p.grade is not None:
                g = p.grade
                fields = dict(
                    unique=p.certificate.unique if p.certificate else None,
                    level=g.level,
                    score=g.score,
                    level_points=g.points,
                    optimum=p.optimum,
                    necessary=[n.technique for n in g.necessary],
                    weakest=g.weakest,
                )
        row["cpu"] = round(time.process_time() - t, 3)
        if p is not None and fields:
            # A puzzle that places a tile (before the placement, or in turn 2) multiplies the
            # states by every slot, rotation and cube: its own cap keeps fewer of them tied.
            places = p.start.phase == "place" or p.turns == 2
            cap = self.max_nodes_place if places else self.max_nodes
            t = time.process_time()
            s = search(p, max_nodes=cap)
            row.update(fields)
            row.update(
                turns=p.turns,
                phase=p.start.phase,
                nodes=s.nodes,
                complete=s.complete,
                exhaustive_optimum=s.optimum,
                cap=cap,
                search_cpu=round(time.process_time() - t, 3),
            )
        return row

    def _scored(self, task: Task) -> tuple[dict[str, object], Puzzle | None, dict[str, object]]:
        """The first candidate of `attempt`'s draw with a line of 2 actions or more, scored."""
        comps = load_components()
        rng = random.Random(f"akrotiri-generate {task.seed} {task.index}")
        recipe = recipe_for(task.level, rng, task.turns, task.goal, task.edition, task.start)
        game_seed = rng.randrange(2**31)
        row: dict[str, object] = {"task": task.name, "asked": task.level, "reason": "no candidate with a line"}
        for puzzle in candidates(comps, game_seed, recipe, rng):
            first = solve(puzzle)
            if first.optimum is None or first.optimum < 2:
                continue
            placement = placement_needed(puzzle, first.optimum)
            rung = weakest(first.optimum, ladder(puzzle))
            needs = necessary(puzzle, first.optimum, first.line, placement)
            score = score_of(puzzle, first.optimum, needs, rung)
            row["reason"] = "scored"
            points = level_points(puzzle, score, needs)
            fields: dict[str, object] = dict(
                unique=None,
                level=level_of(points),
                score=score,
                level_points=points,
                optimum=first.optimum,
                necessary=[n.technique for n in needs],
                weakest=rung,
            )
            return row, puzzle, fields
        return row, None, {}


def main() -> None:
    """Run the study and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--candidates", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=50_000)
    parser.add_argument(
        "--max-nodes-place",
        type=int,
        help="The cap for a puzzle that places a tile: before the placement or of two turns (default: --max-nodes).",
    )
    parser.add_argument(
        "--classes",
        default="recipe",
        help=f"Comma-separated classes drawn in turn, of {', '.join(CLASSES)} (default: recipe, the levels' usual).",
    )
    parser.add_argument(
        "--score-only",
        action="store_true",
        help="Score each candidate without the uniqueness proof and the hard gate's count (level ungated).",
    )
    parser.add_argument(
        "--kind-counts",
        type=int,
        default=1,
        help="Read each row's level with each kind (placement, two turns) counting this many of its points (the grader's: 1).",
    )
    parser.add_argument(
        "--two-turn-counts",
        type=int,
        help="What the kind 'two turns' counts instead (default: --kind-counts; the placement keeps --kind-counts).",
    )
    parser.add_argument(
        "--recount",
        type=Path,
        nargs="*",
        default=[],
        help="Rows of tools/grade_recount.py (the capped searches counted again with a higher cap), "
        "each read in place of the --rows-in row of its task.",
    )
    parser.add_argument("--rows-out", type=Path)
    parser.add_argument("--rows-in", type=Path, nargs="*", help="Only summarise rows written earlier.")
    args = parser.parse_args()
    for name, value in (("--kind-counts", args.kind_counts), ("--two-turn-counts", args.two_turn_counts)):
        if value is not None and value < 0:
            parser.error(f"{name} {value}: a kind counts 0 points or more")
    if args.recount and not args.rows_in:
        parser.error("--recount: give the study's rows with --rows-in")
    rows: list[dict[str, object]] = []
    if args.rows_in:
        for path in args.rows_in:
            try:
                rows += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                parser.error(f"--rows-in {path}: not a file of study rows ({exc})")
        for path in args.recount:
            try:
                again = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
                rows = recounted(rows, again)
            except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError, ValueError) as exc:
                parser.error(f"--recount {path}: not rows counted again from these ({exc})")
    else:
        classes = tuple(c.strip() for c in args.classes.split(",") if c.strip())
        unknown = [c for c in classes if c not in CLASSES]
        if not classes or unknown:
            parser.error(f"--classes: unknown class {', '.join(unknown) or '(none)'}; known: {', '.join(CLASSES)}")
        load_components()
        tasks = tasks_for(args.seed, args.candidates, classes)
        sink = args.rows_out.open("w") if args.rows_out else None

        def seen(row: dict[str, object]) -> None:
            rows.append(row)
            if sink is not None:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            sys.stderr.write(f"\r{len(rows)} candidates, {sum('level' in r for r in rows)} graded")

        # Every task is measured and their order does not matter: rows are written as tasks
        # finish, so that a long task holds nothing back and a stopped study keeps its rows.
        measure = Measure(args.max_nodes, args.max_nodes_place, args.score_only)
        if args.workers <= 1:
            for task in tasks:
                seen(measure(task))
        else:
            with ProcessPoolExecutor(args.workers) as pool:
                for future in as_completed([pool.submit(measure, t) for t in tasks]):
                    seen(future.result())
        sys.stderr.write("\n")
    summarise(rows, args.kind_counts, args.two_turn_counts)


def proposed_score(row: dict[str, object]) -> int:
    """A score the grader does not use (docs/generator.md, "Checked against effort"), fitted on
    the rows of seeds 2 and 3 only and read from a row's fields: 2 points per action past the
    first (the horizon of actions to plan) instead of 1, and 5 for a start before the placement
    (every placement is to be considered, needed or not) instead of 2, plus 3 when the
    placement is necessary. The rest is the grader's (grade.score_of)."""
    necessary = list(row["necessary"])  # type: ignore[call-overload]
    techniques = sum(WEIGHT.get(t, 2) for t in necessary)
    optimum = int(row["optimum"])  # type: ignore[call-overload]
    place = row["phase"] == "place"
    horizon = HORIZON_POINTS * (row["turns"] == 2)
    rung = RUNG_POINTS[str(row["weakest"])]
    goal = int(row["score"]) - (optimum - 1) - horizon - PLACEMENT_POINTS * place - techniques - rung  # type: ignore[call-overload]
    placement = WEIGHT[PLACEMENT] * (PLACEMENT in necessary)
    return 2 * (optimum - 1) + horizon + 5 * place + techniques - placement + rung + goal


GROUPS: dict[str, object] = {
    "all graded": lambda r: True,
    "unique only": lambda r: bool(r.get("unique")),
    "one turn, action phase": lambda r: class_of(r) == "act",
    "one turn, before the placement": lambda r: class_of(r) == "place",
    "two turns": lambda r: class_of(r) == "two-turn",
}
"""The groups of graded rows the figures are given for: all, the unique ones, each class."""


def figures(
    rows: list[dict[str, object]], counts: int = 1, two_turn: int | None = None
) -> dict[str, tuple[int, int, float | None, float | None, float | None]]:
    """Per group of graded rows: (puzzles, capped searches, Spearman(score, nodes),
    Spearman(level, nodes), Spearman(proposed score, nodes)); a correlation is None over fewer
    than 3 rows or constant ranks."""
    out = {}
    for name, keep in GROUPS.items():
        group = [r for r in rows if "level" in r and keep(r)]  # type: ignore[operator]
        nodes = [float(r["nodes"]) for r in group]  # type: ignore[arg-type]
        score = [float(r["score"]) for r in group]  # type: ignore[arg-type]
        level = [float(LEVELS.index(row_level(r, counts, two_turn))) for r in group]
        capped = sum(1 for r in group if not r["complete"])
        proposed = [float(proposed_score(r)) for r in group]
        out[name] = (len(group), capped, _rho(score, nodes), _rho(level, nodes), _rho(proposed, nodes))
    return out


Span = tuple[float, float] | None
"""The least and the most a correlation can be, whatever the still-capped searches' states."""


def spans(rows: list[dict[str, object]], counts: int = 1, two_turn: int | None = None) -> dict[str, tuple[Span, Span]]:
    """Per group of graded rows: the span of Spearman(score, nodes) and of Spearman(level,
    nodes) over every count the capped searches may have. A capped search played more states
    than its cap; when no finished search of the group played as many as the least cap, the
    capped rows hold the top ranks in some unknown order, and the correlation is least with
    them in the reverse order of the grade and most in its order (the rearrangement
    inequality: the ranks are only permuted within the block, so their spread stays). Distinct
    counts are assumed within the block. None where it is not defined or the caps leave the
    block's place open (a capped search below a finished one's count)."""
    out: dict[str, tuple[Span, Span]] = {}
    for name, keep in GROUPS.items():
        group = [r for r in rows if "level" in r and keep(r)]  # type: ignore[operator]
        score = [float(r["score"]) for r in group]  # type: ignore[arg-type]
        level = [float(LEVELS.index(row_level(r, counts, two_turn))) for r in group]
        out[name] = (_span(group, score), _span(group, level))
    return out


def _span(group: list[dict[str, object]], grade: list[float]) -> Span:
    capped = [i for i, r in enumerate(group) if not r["complete"]]
    done = [float(r["nodes"]) for r in group if r["complete"]]  # type: ignore[arg-type]
    # A capped search stopped when it had played its cap: its count is its cap (older rows have no `cap`).
    if capped and done and max(done) >= min(float(group[i]["nodes"]) for i in capped):  # type: ignore[arg-type]
        return None
    top = max(done, default=0.0) + 1
    found = []
    for reverse in (True, False):
        nodes = [float(r["nodes"]) for r in group]  # type: ignore[arg-type]
        for k, i in enumerate(sorted(capped, key=lambda i: grade[i], reverse=reverse)):
            nodes[i] = top + k
        found.append(_rho(grade, nodes))
    low, high = found
    return None if low is None or high is None else (low, high)


def recounted(rows: list[dict[str, object]], again: list[dict[str, object]]) -> list[dict[str, object]]:
    """The study's rows with those tools/grade_recount.py counted again in their place. A row
    counted again must be its task's, drawn again identically and with the study's grade."""
    by_task = {str(r["task"]): i for i, r in enumerate(rows)}
    out = list(rows)
    for r in again:
        name = str(r.get("task"))
        if name not in by_task:
            raise ValueError(f"{name}: no such task among the study's rows")
        if r.get("redrawn") == "differs" or "nodes_before" not in r:
            raise ValueError(f"{name}: not drawn again identically (CP-SAT optimum {r.get('optimum')})")
        old = rows[by_task[name]]
        same = ("score", "level", "optimum", "necessary", "weakest", "turns", "phase")
        if any(r.get(f) != old.get(f) for f in same) or r["nodes_before"] != old["nodes"]:
            raise ValueError(f"{name}: its grade or first count is not the study's row")
        out[by_task[name]] = r
    return out


def _rho(x: list[float], y: list[float]) -> float | None:
    """Spearman's rho, or None when it is not defined (too few rows, or a side all ties)."""
    if len(x) < 3 or len(set(x)) < 2 or len(set(y)) < 2:
        return None
    return spearman(x, y)


def summarise(rows: list[dict[str, object]], counts: int = 1, two_turn: int | None = None) -> None:
    """The figures, as markdown, the levels read with each kind counting `counts` points (the
    kind "two turns" `two_turn`, if given)."""
    graded = [r for r in rows if "level" in r]
    for r in graded:
        # The exhaustive search must agree with CP-SAT wherever it finished.
        if r["complete"] and r["exhaustive_optimum"] != r["optimum"]:
            print(f"DISAGREEMENT: {r['task']}: CP-SAT {r['optimum']}, exhaustive {r['exhaustive_optimum']}")
    unique = [r for r in graded if r.get("unique")]
    print(f"{len(rows)} candidates, {len(graded)} graded, {len(unique)} of them unique (publishable)")
    print(
        "| measured over | puzzles (capped) | Spearman(score, states) | Spearman(level, states) "
        "| Spearman(proposed score, states) |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, (n, capped, *rhos) in figures(rows, counts, two_turn).items():
        print(f"| {name} | {n} ({capped} capped) | " + " | ".join(_show(r) for r in rhos) + " |")
    print()
    print("Whatever the capped searches' states (each more than its cap), the correlations lie in:")
    print()
    print("| measured over | Spearman(score, states) | Spearman(level, states) |")
    print("|---|---:|---:|")
    for name, found in spans(rows, counts, two_turn).items():
        print(f"| {name} | " + " | ".join(_show_span(s) for s in found) + " |")
    print()
    if graded and all(r.get("unique") is None for r in graded):
        print(
            "(--score-only: no uniqueness proof, so no acceptance per level; the levels are the level points', ungated)"
        )
    else:
        acceptance(rows, graded, counts, two_turn)
    print()
    print(
        "| level graded | puzzles | optimum found by the greedy bot | by the beam planner (not greedy) | only by the exact solver |"
    )
    print("|---|---:|---:|---:|---:|")
    for lv in LEVELS:
        at_level = [r for r in graded if row_level(r, counts, two_turn) == lv]
        rungs = [sum(1 for r in at_level if r["weakest"] == rung) for rung in ("greedy", "beam", "exact")]
        print(f"| {lv} | {len(at_level)} | " + " | ".join(_share(k, len(at_level)) for k in rungs) + " |")


def acceptance(
    rows: list[dict[str, object]], graded: list[dict[str, object]], counts: int = 1, two_turn: int | None = None
) -> None:
    """The acceptance per level: tasks whose first candidate with a line is unique and graded at
    the level asked."""
    print(
        "| level | candidates drawn for it | kept at it | acceptance | graded at it (any recipe) | median nodes | capped |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for lv in LEVELS:
        asked = [r for r in rows if r["asked"] == lv]
        kept = [r for r in asked if r["reason"] == "kept"]
        at = sorted(float(r["nodes"]) for r in graded if row_level(r, counts, two_turn) == lv)  # type: ignore[arg-type]
        capped = sum(1 for r in graded if row_level(r, counts, two_turn) == lv and not r["complete"])
        med = at[len(at) // 2] if at else float("nan")
        rate = len(kept) / len(asked) if asked else float("nan")
        print(f"| {lv} | {len(asked)} | {len(kept)} | {rate:.1%} | {len(at)} | {med:,.0f} | {capped} |")


def _show(rho: float | None) -> str:
    return "n/a" if rho is None else f"{rho:.2f}"


def _show_span(span: Span) -> str:
    return "n/a" if span is None else f"{_show(span[0])} to {_show(span[1])}"


def _share(k: int, n: int) -> str:
    return f"{k} ({k / n:.0%})" if n else "0"


if __name__ == "__main__":
    main()
