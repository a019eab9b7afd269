"""The `solve` command: the shortest line of a puzzle, with its proof."""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..files.puzzle_yaml import load_puzzle
from ..puzzle import Puzzle, replay
from ..solver.cpsat import SolverError, SolveResult, solve
from . import ComponentsOpt, JsonOpt, app, components, err, out

PuzzleArg = Annotated[Path, typer.Argument(help="A puzzle file (YAML).", show_default=False)]


def result_data(puzzle: Puzzle, r: SolveResult) -> dict[str, object]:
    """A solve result as plain data."""
    return {
        "id": puzzle.id,
        "goal": puzzle.goal.describe(),
        "horizon": puzzle.turns,
        "optimum": r.optimum,
        "status": r.status,
        "below_optimum": r.below_optimum,
        "line": [str(a) for a in r.line],
        "unique": r.unique,
        "other_line": None if r.other_line is None else [str(a) for a in r.other_line],
        "seconds": round(r.seconds, 3),
        "scenarios": r.scenarios,
        "levels": [{"bound": lv.bound, "status": lv.status, "seconds": round(lv.seconds, 3)} for lv in r.levels],
    }


@app.command("solve")
def solve_command(
    puzzle_file: PuzzleArg,
    as_json: JsonOpt = False,
    time_limit: Annotated[
        float | None, typer.Option(help="Stop after this many seconds (the proof may then be UNKNOWN).")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="CP-SAT workers; the search is deterministic for any number.")
    ] = 1,
    seed: Annotated[int, typer.Option(help="CP-SAT random seed: the same puzzle and seed give the same line.")] = 0,
    unique: Annotated[
        bool, typer.Option("--unique", help="Also check whether a second answer exists at the optimum.")
    ] = False,
    components_dir: ComponentsOpt = None,
) -> None:
    """Find the shortest line to a puzzle's goal with CP-SAT and prove that none is shorter."""
    puzzle = load_puzzle(puzzle_file, components(components_dir))
    with out.status("solving", spinner="dots") if not as_json and out.is_terminal else nullcontext():
        try:
            r = solve(puzzle, time_limit=time_limit, workers=workers, seed=seed, unique=unique)
        except SolverError as exc:
            err.print(f"internal error, please report it with {puzzle_file}: {exc}", markup=False, soft_wrap=True)
            raise typer.Exit(3) from None
    if as_json:
        out.print(json.dumps(result_data(puzzle, r)), markup=False, soft_wrap=True)
        return
    print_result(puzzle, r)


def print_result(puzzle: Puzzle, r: SolveResult) -> None:
    """A solve result for a person."""
    title = f"{puzzle.id}: {puzzle.title}" if puzzle.title else puzzle.id
    out.print(f"[bold]{title}[/bold]")
    out.print(f"{puzzle.hero} to move; goal: {puzzle.goal.describe()} within {puzzle.turns} turn(s)")
    if r.optimum is None:
        verdict = (
            "no line reaches the goal within the horizon"
            if r.status == "INFEASIBLE"
            else "no line found in the time given"
        )
        out.print(f"[bold]{verdict}[/bold] ({r.status})")
    else:
        below = (
            f"{r.optimum - 1} actions: {r.below_optimum}"
            if r.optimum > 1
            else "fewer is impossible: the excavation is an action"
        )
        out.print(f"[bold]Optimum: {r.optimum} action(s)[/bold]  ({r.status}; {below})")
        table = Table(show_header=True, box=None)
        table.add_column("#", justify="right")
        table.add_column("action")
        table.add_column("costs", justify="right")
        for i, (a, c) in enumerate(zip(r.line, replay(puzzle, r.line).costs, strict=True), start=1):
            table.add_row(str(i), str(a), str(c) if c else "free")
        out.print(table)
        if r.unique is True:
            out.print("Unique: a second solve forbidding this answer is INFEASIBLE.")
        elif r.unique is False and r.other_line is not None:
            out.print("Not unique; another answer: " + "; ".join(str(a) for a in r.other_line))
        elif r.unique is None and r.optimum is not None:
            out.print("Uniqueness: not checked (use --unique)." if r.other_line is None else "Uniqueness: unknown.")
    levels = ", ".join(f"{lv.bound}: {lv.status}" for lv in r.levels)
    out.print(f"[dim]{r.seconds:.2f} s; {r.scenarios} board scenario(s); bound by bound: {levels}[/dim]")
