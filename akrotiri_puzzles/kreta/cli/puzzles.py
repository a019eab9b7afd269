"""`kreta solve` and `kreta check`: Kreta puzzles (docs/kreta/puzzles.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ...common.cli import DEFAULT_TIME_LIMIT, JsonOpt, TimeLimitOpt, check_time_limit, fail, out, working
from ...common.errors import quote
from ..components import COLOURS
from ..errors import KretaError, NotationError
from ..files.puzzle_yaml import PuzzleFile, load_puzzle
from ..notation import parse_line
from ..puzzles.corpus import reached
from ..puzzles.puzzle import Puzzle, replay, value_of
from . import BoardOpt, board, command

if TYPE_CHECKING:
    from ..puzzles.model import ModelResult

PuzzleArg = Annotated[Path, typer.Argument(help="A Kreta puzzle file (YAML).", show_default=False)]


def goal_words(puzzle: Puzzle) -> str:
    """The question a puzzle asks, in words."""
    hero = COLOURS[puzzle.hero]
    number = puzzle.start.scored_space
    if puzzle.goal == "best":
        return (
            f"{hero} to play: the most points from the next scoring (fort space {number}) and harvests, "
            f"within {puzzle.horizon} cards ending with the castellan; opponents passive"
        )
    if puzzle.goal == "margin":
        return (
            f"{hero} to play: the widest margin at the next scoring (fort space {number}): the hero's points "
            f"from it and harvests minus the most any opponent scores there, within {puzzle.horizon} cards "
            "ending with the castellan; opponents passive, scoring in the places the hero leaves them"
        )
    alone = " alone" if puzzle.alone else ""
    return (
        f"{hero} to play: win {puzzle.province}{alone} at the next scoring (fort space {number}) "
        f"with the fewest cards, at most {puzzle.horizon} ending with the castellan; opponents passive"
    )


def value_words(puzzle: Puzzle, value: int | None) -> str:
    """A value of the puzzle's goal in words."""
    if puzzle.goal == "best":
        return f"{value} point{'s' if value != 1 else ''}"
    if puzzle.goal == "margin":
        assert value is not None
        return f"a margin of {value:+d} point{'s' if abs(value) != 1 else ''}"
    if value is None:
        return f"no line of at most {puzzle.horizon} cards wins {puzzle.province}"
    return f"{value} card{'s' if value != 1 else ''}"


def prove(puzzle: Puzzle, time_limit: float | None, what: str) -> ModelResult:
    """The puzzle solved by CP-SAT, with a spinner on a terminal."""
    from ..puzzles.model import solve

    with working(f"proving the optimum of {what}"):
        return solve(puzzle, time_limit)


def status_words(result: ModelResult, puzzle: Puzzle) -> str:
    """The proof status in words."""
    if result.status == "OPTIMAL":
        better = "no shorter line wins it" if puzzle.goal == "province" else "no line does better"
        return f"OPTIMAL: proven by CP-SAT, {better}"
    if result.status == "INFEASIBLE":
        return f"INFEASIBLE: proven by CP-SAT, no line of at most {puzzle.horizon} cards wins {puzzle.province}"
    if result.status == "FEASIBLE":
        return "FEASIBLE: the time limit stopped the proof; a better line may exist"
    return "UNKNOWN: the time limit ran out before any line was found"


def _load(path: Path, board_file: Path | None) -> PuzzleFile:
    try:
        return load_puzzle(path, board(board_file))
    except KretaError as exc:
        fail(str(exc))


@command()
def solve(
    puzzle_file: PuzzleArg,
    as_json: JsonOpt = False,
    exhaustive: Annotated[
        bool, typer.Option("--exhaustive", help="Also run the exhaustive search over engine states and compare.")
    ] = False,
    time_limit: TimeLimitOpt = DEFAULT_TIME_LIMIT,
    board_file: BoardOpt = None,
) -> None:
    """Solve a Kreta puzzle: the optimum proven by CP-SAT, and a line that reaches it, replayed by
    the engine. With --exhaustive, the independent search too (it may take long on big puzzles)."""
    check_time_limit(time_limit)
    pf = _load(puzzle_file, board_file)
    puzzle = pf.puzzle
    result = prove(puzzle, time_limit, pf.id)
    data: dict[str, Any] = {
        "id": pf.id,
        "goal": puzzle.goal,
        "question": goal_words(puzzle),
        "status": result.status,
        "proven": result.proven,
        "optimum": result.optimum,
        "line": None if result.line is None else [str(a) for a in result.line],
        "seconds": round(result.seconds, 3),
    }
    if exhaustive:
        from ..puzzles.exhaustive import search

        with working(f"searching every line of {pf.id}"):
            ref = search(puzzle)
        data["exhaustive"] = {"optimum": ref.optimum, "complete": ref.complete, "states": ref.states}
        data["agree"] = ref.complete and result.proven and ref.optimum == result.optimum
    if as_json:
        out.print(json.dumps(data), soft_wrap=True)
        return
    out.print(f"{pf.id}: {goal_words(puzzle)}", soft_wrap=True)
    if result.status in ("OPTIMAL", "FEASIBLE") or (result.status == "INFEASIBLE" and puzzle.goal == "province"):
        out.print(f"Best: {value_words(puzzle, result.optimum)} ({status_words(result, puzzle)})", soft_wrap=True)
    else:
        out.print(status_words(result, puzzle))
    if result.line:
        for k, action in enumerate(result.line, start=1):
            out.print(f"  {k}. {action}")
    if exhaustive:
        ex = data["exhaustive"]
        if not ex["complete"]:
            out.print(f"Exhaustive search: stopped after {ex['states']:,} positions (not complete).")
        else:
            verdict = "agrees" if data["agree"] else "DISAGREES"
            out.print(
                f"Exhaustive search: {value_words(puzzle, ex['optimum'])} over {ex['states']:,} positions; it {verdict}."
            )


@command()
def check(
    puzzle_file: PuzzleArg,
    answer: Annotated[
        str | None,
        typer.Argument(
            help='An answer, actions separated by ";" (default: check the file\'s own solution and certificate).',
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
    time_limit: TimeLimitOpt = DEFAULT_TIME_LIMIT,
    board_file: BoardOpt = None,
) -> None:
    """Check an answer to a Kreta puzzle (is it legal, within the horizon, does it reach the goal,
    is it optimal?), or, with no answer, the puzzle file itself (its start reached by legal play
    from its origin, its solution replayed to its optimum, the optimum proven again).

    Exit status 0 when all holds; 1 for a wrong answer or file (or an optimum the time limit kept
    from being proven); 2 for bad input. The file's optimum and certificate are never trusted:
    the optimum is proven again by CP-SAT."""
    check_time_limit(time_limit)
    pf = _load(puzzle_file, board_file)
    puzzle = pf.puzzle
    source = str(puzzle_file)
    problems: list[str] = []
    if answer is None:
        if pf.solution is None:
            fail(f"{source}: solution: the file records no solution; give an answer to check")
        line = list(pf.solution)
        if pf.origin is not None and reached(puzzle.start.board, pf.origin) != puzzle.start:
            problems.append("origin: the start is not the position its seed, bot and actions reach")
    else:
        try:
            line = parse_line(answer)
        except NotationError as exc:
            fail(f"answer: {exc}")
        if not line:
            fail('answer: no actions; write them separated by ";", e.g. "farmer messara; castellan"')
    value: int | None = None
    try:
        played = replay(puzzle, line)
        value = value_of(puzzle, played)
        if value is None:
            problems.append(f"the line does not win {puzzle.province}{' alone' if puzzle.alone else ''}")
    except KretaError as exc:
        problems.append(f"the line is not a legal answer: {exc}")
    result = prove(puzzle, time_limit, pf.id)
    if not result.proven:
        problems.append(f"the optimum is not proven ({result.status}: the time limit stopped CP-SAT)")
    elif value is not None:
        best = result.optimum
        if puzzle.goal == "best" and value < (best or 0):
            problems.append(f"the line scores {value}; the best scores {best}")
        if puzzle.goal == "margin" and best is not None and value < best:
            problems.append(f"the line's margin is {value:+d}; the best is {best:+d}")
        if puzzle.goal == "province" and best is not None and value > best:
            problems.append(f"the line takes {value} cards; {best} suffice")
        if (puzzle.goal in ("best", "margin") and best is not None and value > best) or (
            puzzle.goal == "province" and (best is None or value < best)
        ):
            raise RuntimeError(f"{pf.id}: a line worth {value} beats the proven optimum {best}")
    if answer is None and result.proven and pf.optimum != result.optimum:
        problems.append(f"optimum: the file says {pf.optimum}, CP-SAT proves {result.optimum}")
    if answer is None and pf.certificate is not None and result.proven and pf.certificate.status != result.status:
        problems.append(f"certificate.status: the file says {pf.certificate.status}, CP-SAT finds {result.status}")
    data = {
        "id": pf.id,
        "answer": [str(a) for a in line],
        "value": value,
        "optimum": result.optimum if result.proven else None,
        "status": result.status,
        "ok": not problems,
        "problems": problems,
    }
    if as_json:
        out.print(json.dumps(data), soft_wrap=True)
    else:
        what = "the file's solution" if answer is None else f"the answer {quote(answer, 60)}"
        if problems:
            unproven = all(p.startswith("the optimum is not proven") for p in problems)
            verdict = "could not be checked" if unproven else "is wrong"
            out.print(f"{pf.id}: {what} {verdict}:", soft_wrap=True)
            for p in problems:
                out.print(f"  - {p}", soft_wrap=True)
        else:
            out.print(
                f"{pf.id}: {what} is optimal: {value_words(puzzle, value)} ({status_words(result, puzzle)})",
                soft_wrap=True,
            )
    raise typer.Exit(0 if not problems else 1)
