"""The `solve` command: the shortest line of a puzzle, with its proof."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..common.cli import (
    DEFAULT_TIME_LIMIT,
    JsonOpt,
    TimeLimitOpt,
    check_range,
    check_time_limit,
    counted,
    err,
    fail,
    out,
    working,
)
from ..common.errors import quote
from ..files.puzzle_yaml import load_puzzle
from ..puzzle import Puzzle, replay
from ..techniques import FORBIDDABLE
from . import ComponentsOpt, command, components, level_text

if TYPE_CHECKING:
    from ..solver.cpsat import SolveResult
    from ..solver.result import Level

MAX_WORKERS = 64
"""The solver's TECHNIQUES (named here so that the command loads OR-Tools only to solve)."""
SEED_MAX = 2**31 - 1
"""CP-SAT's random seed is a 32-bit signed integer."""

PuzzleArg = Annotated[Path, typer.Argument(help="A puzzle file (YAML).", show_default=False)]


def bound_by_bound(levels: tuple[Level, ...]) -> str:
    """The proof's steps for a reader, the smallest bound first (ties in proof order).

    The solver proves them in the order its strategy asks (a two-turn puzzle's first turn
    first, the largest bound first when that may settle it at once), so a step can come before
    a smaller bound's. Each step is a proof of its own ("no line of at most b actions", "a line
    of at most b exists"), so the order they were proven in adds nothing to what they prove;
    `--json` keeps it, with each step's seconds."""
    return ", ".join(f"{lv.bound}: {lv.status}" for lv in sorted(levels, key=lambda lv: lv.bound))


def result_data(puzzle: Puzzle, r: SolveResult, forbid: frozenset[str] = frozenset()) -> dict[str, object]:
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
        "strict": r.strict,
        "forbid": sorted(forbid),
        "lower": r.lower,
        "timed_out": r.timed_out,
        "other_line": None if r.other_line is None else [str(a) for a in r.other_line],
        "seconds": round(r.seconds, 3),
        "scenarios": r.scenarios,
        "levels": [{"bound": lv.bound, "status": lv.status, "seconds": round(lv.seconds, 3)} for lv in r.levels],
    }


@command("solve")
def solve_command(
    puzzle_file: PuzzleArg,
    as_json: JsonOpt = False,
    time_limit: TimeLimitOpt = DEFAULT_TIME_LIMIT,
    workers: Annotated[
        int, typer.Option(help=f"CP-SAT workers, 1 to {MAX_WORKERS}; the search is deterministic for any number.")
    ] = 1,
    seed: Annotated[
        int, typer.Option(help="CP-SAT random seed, 0 to 2^31-1: the same puzzle and seed give the same line.")
    ] = 0,
    unique: Annotated[
        bool, typer.Option("--unique", help="Also check whether a second answer exists at the optimum.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="With --unique: also no second excavation site, no second choice of a placed tile's rotation or second cube, and no second stop for the oracle.",
        ),
    ] = False,
    forbid: Annotated[
        list[str] | None,
        typer.Option(
            help="A technique no line may use (repeat the option for several): "
            "portage, pass, double-move, buy, sell, load, unload, oracle, second-turn.",
            show_default=False,
        ),
    ] = None,
    components_dir: ComponentsOpt = None,
) -> None:
    """Find the shortest line to a puzzle's goal with CP-SAT and prove that none is shorter.

    Exit status 0 when the solve ran, whatever its status: OPTIMAL (the optimum is proven),
    INFEASIBLE (no line reaches the goal within the horizon) or UNKNOWN (the time limit came
    first: nothing is proven; the status is printed, and in --json). 2 for bad input.
    """
    started = time.monotonic()  # the limit bounds the whole command: reading and imports too
    check_time_limit(time_limit)
    check_range("--workers", workers, 1, MAX_WORKERS)
    check_range("--seed", seed, 0, SEED_MAX)
    banned = frozenset(forbid or ())
    if banned - set(FORBIDDABLE):
        fail(f"--forbid: expected some of {', '.join(FORBIDDABLE)}, got {quote(sorted(banned - set(FORBIDDABLE))[0])}")
    if strict and not unique:
        fail("--strict: only with --unique (it makes the uniqueness check strict)")
    puzzle = load_puzzle(puzzle_file, components(components_dir))
    if puzzle.goal.score is not None:
        from .analyse_command import solve_endgame  # an endgame puzzle: the analyser solves it

        return solve_endgame(puzzle, as_json, time_limit)
    from ..solver.cpsat import SolverError, solve  # OR-Tools loads only for the commands that solve

    with working(f"solving {puzzle.id}") as say:
        try:
            r = solve(
                puzzle,
                time_limit=None if time_limit is None else max(0.01, time_limit - (time.monotonic() - started)),
                workers=workers,
                seed=seed,
                unique="strict" if strict else unique,
                forbid=banned,
                on_level=lambda level: say(f"solving {puzzle.id}: {level_text(level, unique)}"),
            )
        except SolverError as exc:
            err.print(f"internal error, please report it with {puzzle_file}: {exc}", soft_wrap=True)
            raise typer.Exit(3) from None
    if as_json:
        out.print(json.dumps(result_data(puzzle, r, banned)), soft_wrap=True)
        return
    print_result(puzzle, r, banned)


def print_result(puzzle: Puzzle, r: SolveResult, forbid: frozenset[str] = frozenset()) -> None:
    """A solve result for a person; text from the file (id, title) is printed as written."""
    title = f"{puzzle.id}: {puzzle.title}" if puzzle.title else puzzle.id
    out.print(Text(title, style="bold"))
    out.print(f"{puzzle.hero} to move; goal: {puzzle.goal.describe()} within {counted(puzzle.turns, 'turn')}")
    # Solved on what the puzzle states of the hidden piles and nothing else (docs/puzzles.md).
    revealed = puzzle.revealed.describe(puzzle.start.components)
    out.print("Revealed: " + ("; ".join(revealed) if revealed else "nothing (every pile face down)"), markup=False)
    if forbid:
        out.print(
            f"Lines may not use: {', '.join(sorted(forbid))}"
            + (" (each empty boat's second point counts as an action)" if "double-move" in forbid else "")
        )
    if r.optimum is None:
        if r.status == "INFEASIBLE":
            verdict = "No line reaches the goal within the horizon (INFEASIBLE: proven)."
        else:
            verdict = (
                f"Result {r.status}: the time limit came first; no line found, and none of fewer than "
                f"{counted(r.lower, 'action')} exists (proven)."
            )
        out.print(Text(verdict, style="bold"))
    else:
        if r.status == "OPTIMAL":
            below = (
                f"{counted(r.optimum - 1, 'action')}: {r.below_optimum}"
                if r.optimum > 1
                else "fewer is impossible: the excavation is an action"
            )
            out.print(Text.assemble((f"Optimum: {counted(r.optimum, 'action')}", "bold"), f"  ({r.status}; {below})"))
        else:
            out.print(
                Text.assemble(
                    (f"Result {r.status}: a line of {counted(r.optimum, 'action')}, not proven optimal", "bold"),
                    f" (the time limit came first; proven: no line of fewer than {counted(r.lower, 'action')})",
                )
            )
        table = Table(show_header=True, box=None)
        table.add_column("#", justify="right")
        table.add_column("action")
        table.add_column("costs", justify="right")
        played = replay(puzzle, r.line)
        for i, (a, c) in enumerate(zip(r.line, played.costs, strict=True), start=1):
            table.add_row(str(i), str(a), str(c) if c else "free")
        out.print(table)
        if played.cost != r.optimum:
            out.print(
                f"As the game counts it the line costs {played.cost}: an empty boat's second movement point "
                f"is free (R-MOVE-2); without the double move it costs {r.optimum}."
            )
        if r.unique is True and r.strict is True:
            out.print(
                "Strictly unique: a second solve forbidding this answer is INFEASIBLE, and so is another "
                "excavation site, rotation of a placed tile, second cube or stop for the oracle."
            )
        elif r.unique is True and r.strict is False:
            out.print(
                "Unique answer (a second solve forbidding it is INFEASIBLE), but not strictly: the site, a placed tile's rotation, its second cube or the oracle's stop can change."
            )
        elif r.unique is True:
            out.print("Unique: a second solve forbidding this answer is INFEASIBLE.")
        elif r.unique is False and r.other_line is not None:
            out.print("Not unique; another answer: " + "; ".join(str(a) for a in r.other_line))
        elif r.unique is None and r.optimum is not None:
            out.print("Uniqueness: not checked (use --unique)." if r.other_line is None else "Uniqueness: unknown.")
    levels = bound_by_bound(r.levels)
    # No board scenario is read when the proof needs no model (the exhaustive search, a lower
    # bound, the one-action check): say what proved it instead of "0 board scenarios".
    work = (
        counted(r.scenarios, "board scenario")
        if r.scenarios
        else "proven by " + "; ".join(dict.fromkeys(lv.how for lv in r.levels))
        if r.levels
        else "nothing to prove"
    )
    out.print(Text(f"{r.seconds:.2f} s; {work}; bound by bound: {levels}", style="dim"))
