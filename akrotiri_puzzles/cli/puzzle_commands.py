"""Puzzle commands: check a puzzle fan's answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..actions import Action
from ..common.cli import DEFAULT_TIME_LIMIT, JsonOpt, check_time_limit, counted, fail, out, working
from ..common.errors import located
from ..errors import AkrotiriError, NotationError, PuzzleError
from ..files.puzzle_yaml import load_puzzle
from ..notation import format_action, parse_line
from ..puzzle import Puzzle, Replay, replay
from ..themes import themes
from . import ComponentsOpt, command, components, level_text

PuzzleArg = Annotated[Path, typer.Argument(help="A puzzle file (YAML).", show_default=False)]
AnswerArg = Annotated[
    str,
    typer.Argument(
        help='The answer: actions separated by ";", e.g. "ship 1,0NE; excavate E03 1,0SW".', show_default=False
    ),
]


@dataclass(frozen=True)
class Optimum:
    """A puzzle's optimum and how it was established; None when no line reaches the goal."""

    value: int | None
    source: str
    """"certificate" (the file's, checked against the file), "cpsat" or "exhaustive" (solved now)."""
    proven: bool = True


SOURCE_WORDS = {
    "certificate": "as the puzzle's certificate proves",
    "cpsat": "proven by CP-SAT just now",
    "exhaustive": "proven by an exhaustive search just now",
}


def certified_optimum(puzzle: Puzzle, source: str = "puzzle") -> Optimum | None:
    """The optimum the file's certificate proves, or None when it has no proving certificate.

    The file must agree with itself: an `optimum` field that differs from the certificate's, an
    optimum below the excavations the goal needs, a solution that does not reach the goal at
    the certified cost, themes other than the puzzle and its solution give (themes.py), a
    grade at odds with its own evidence or the hard gate (`grade.grade_problem`), or a
    two-turn proof whose idle turn 1 does as well as the optimum raise a PuzzleError naming the
    field.
    """
    c = puzzle.certificate
    if c is None:
        return None
    if puzzle.optimum is not None and puzzle.optimum != c.optimum:
        raise PuzzleError(
            located(source, "optimum", f"{puzzle.optimum} disagrees with certificate.optimum {c.optimum}")
        )
    if c.optimum < puzzle.goal.temples:
        need = _actions(puzzle.goal.temples)
        raise PuzzleError(
            located(source, "certificate.optimum", f"{c.optimum} is impossible: the goal needs {need} of excavating")
        )
    if puzzle.solution is not None:
        played = replay(puzzle, puzzle.solution)
        if played.illegal_at is not None:
            i = played.illegal_at
            raise PuzzleError(located(source, f"solution.{i}", f"{puzzle.solution[i]}: not legal: {played.reason}"))
        if not played.reached:
            raise PuzzleError(located(source, "solution", "does not reach the goal"))
        if played.cost != c.optimum:
            raise PuzzleError(
                located(
                    source,
                    "solution",
                    f"costs {_actions(played.cost)}, but certificate.optimum says {c.optimum}",
                )
            )
        if c.themes is not None and c.themes != themes(puzzle):
            found = ", ".join(themes(puzzle)) or "none"
            raise PuzzleError(
                located(
                    source, "certificate.themes", f"say {', '.join(c.themes) or 'none'}, but the puzzle has {found}"
                )
            )
    from ..generator.grade import grade_problem  # OR-Tools: loaded only when a certificate is read

    graded = grade_problem(puzzle, c.optimum)
    if graded is not None:
        raise PuzzleError(located(source, *graded))
    idle = c.idle_first_turn
    if idle is not None and idle.optimum is not None and idle.optimum <= c.optimum:
        raise PuzzleError(
            located(
                source,
                "certificate.idle_first_turn",
                f"a line that does nothing in turn 1 takes {_actions(idle.optimum)}, no more than the optimum "
                f"{c.optimum}: turn 1 does not matter (a degenerate two-turn puzzle)",
            )
        )
    if c.status != "OPTIMAL" or c.below_optimum != "INFEASIBLE":
        return None  # the certificate proves nothing: the optimum will be solved for
    return Optimum(c.optimum, "certificate")


def solved_optimum(
    puzzle: Puzzle, time_limit: float | None = None, say: Callable[[str], None] | None = None
) -> Optimum:
    """The optimum computed now, by CP-SAT (or the exhaustive search without OR-Tools, bounded by
    the states it visits), within `time_limit` seconds: a proof not finished by then leaves the
    optimum unproven, never wrong. `say` is told each step of the proof (the progress display)."""
    try:
        from ..solver.cpsat import solve
    except ImportError:
        from ..solver.exhaustive import search

        found = search(puzzle, max_nodes=2_000_000)
        return Optimum(found.optimum, "exhaustive", found.complete)
    result = solve(puzzle, time_limit=time_limit, on_level=None if say is None else lambda lv: say(level_text(lv)))
    return Optimum(result.optimum, "cpsat", result.status in ("OPTIMAL", "INFEASIBLE"))


def puzzle_optimum(
    puzzle: Puzzle, source: str = "puzzle", time_limit: float | None = None, say: Callable[[str], None] | None = None
) -> Optimum:
    """The certified optimum, or else one solved for now; an `optimum` field the solver
    contradicts raises a PuzzleError (the field alone is never trusted)."""
    known = certified_optimum(puzzle, source)
    if known is not None:
        return known
    solved = solved_optimum(puzzle, time_limit, say)
    if solved.proven and puzzle.optimum is not None and puzzle.optimum != solved.value:
        found = "no line reaches the goal" if solved.value is None else f"the optimum is {solved.value}"
        raise PuzzleError(located(source, "optimum", f"the file says {puzzle.optimum}, but {found}"))
    return solved


def verdict(played: Replay, optimum: Optimum | None) -> tuple[str, bool | None]:
    """The answer's status in a word, and whether it is optimal (None: not known)."""
    if played.illegal_at is not None:
        return "illegal", False
    if not played.reached:
        return "goal not reached", False
    if optimum is None or optimum.value is None or not optimum.proven:
        return "optimum unknown", None
    if played.cost <= optimum.value:
        return "optimal", True
    return "not optimal", False


@command()
def check(
    puzzle_file: PuzzleArg,
    answer: AnswerArg,
    as_json: JsonOpt = False,
    time_limit: Annotated[
        float,
        typer.Option(
            help="When the puzzle has no certificate: stop proving its optimum after this many seconds "
            "(then optimality is unknown, exit status 1); default 600.",
            show_default=False,
        ),
    ] = DEFAULT_TIME_LIMIT,
    components_dir: ComponentsOpt = None,
) -> None:
    """Check an answer to a puzzle: is it legal, does it reach the goal, is it optimal?

    Exit status 0 for a legal, optimal answer that reaches the goal; 1 for any other answer
    (or when the optimum cannot be proven); 2 for bad input (an unreadable puzzle file, one
    that contradicts itself, an action that does not parse).

    The optimum is the one the puzzle's certificate proves, checked against the file's
    solution; a file without a certificate is solved first. The `optimum` field alone is never
    trusted.
    """
    check_time_limit(time_limit)
    source = str(puzzle_file)
    try:
        puzzle = load_puzzle(puzzle_file, components(components_dir))
        certified = None if puzzle.goal.score is not None else certified_optimum(puzzle, source)
    except AkrotiriError as exc:
        fail(str(exc))
    try:
        line = parse_line(answer)
    except NotationError as exc:
        fail(f"answer: {exc}")
    if not line:
        fail('answer: no actions; write them separated by ";", e.g. "ship 1,0NE; excavate E03 1,0SW"')
    if puzzle.goal.score is not None:
        from .analyse_command import check_endgame  # an endgame puzzle: scored, not counted

        check_endgame(puzzle, source, line, as_json, time_limit)
    played = replay(puzzle, line)
    solved = played.reached and played.illegal_at is None
    if certified is not None and solved and certified.value is not None and played.cost < certified.value:
        fail(
            f"{source}: certificate.optimum: says {certified.value}, but this answer reaches the goal in "
            f"{_actions(played.cost)}: the certificate is wrong"
        )
    # The optimum is only worth computing for an answer that reaches the goal.
    optimum = certified
    if certified is None and solved:
        try:
            with working(f"proving the optimum of {puzzle.id}") as say:
                optimum = puzzle_optimum(
                    puzzle, source, time_limit, lambda text: say(f"proving the optimum of {puzzle.id}: {text}")
                )
        except AkrotiriError as exc:
            fail(str(exc))
    status, optimal = verdict(played, optimum)
    if optimal and optimum is not None and optimum.value is not None and played.cost < optimum.value:
        raise RuntimeError(f"{puzzle.id}: an answer of cost {played.cost} beats the proven optimum {optimum.value}")
    if as_json:
        out.print(json.dumps(_json(puzzle, line, played, optimum, status, optimal)), soft_wrap=True)
    else:
        _print(puzzle, line, played, optimum, status, optimal)
    raise typer.Exit(0 if optimal else 1)


def _json(
    puzzle: Puzzle, line: list[Action], played: Replay, optimum: Optimum | None, status: str, optimal: bool | None
) -> dict[str, object]:
    illegal = None
    if played.illegal_at is not None:
        illegal = {
            "number": played.illegal_at + 1,
            "action": format_action(line[played.illegal_at]),
            "reason": played.reason,
        }
    return {
        "puzzle": puzzle.id,
        "goal": puzzle.goal.describe(),
        "horizon": puzzle.turns,
        "answer": [format_action(a) for a in line],
        "status": status,
        "legal": played.illegal_at is None,
        "first_illegal": illegal,
        "reached": played.reached,
        "reached_after": None if played.reached_at is None else played.reached_at + 1,
        "cost": played.cost,
        "optimum": None if optimum is None else optimum.value,
        "optimum_source": None if optimum is None else optimum.source,
        "optimal": optimal,
    }


def _print(
    puzzle: Puzzle, line: list[Action], played: Replay, optimum: Optimum | None, status: str, optimal: bool | None
) -> None:
    horizon = "this turn" if puzzle.turns == 1 else f"within {puzzle.turns} turns"
    title = f"{puzzle.id}: {puzzle.hero} to {puzzle.goal.describe()} ({horizon})"
    table = Table(title=title, title_justify="left", show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("action")
    table.add_column("actions spent", justify="right")
    table.add_column("")
    costs = played.costs
    for i, action in enumerate(line):
        if played.illegal_at is not None and i > played.illegal_at:
            table.add_row(str(i + 1), Text(format_action(action), style="dim"), "", Text("not played", style="dim"))
            continue
        if i == played.illegal_at:
            note = Text(f"illegal: {played.reason}", style="red")
            table.add_row(str(i + 1), Text(format_action(action), style="red"), "", note)
            continue
        note = Text("goal reached", style="green") if i == played.reached_at else Text("")
        table.add_row(str(i + 1), Text(format_action(action)), str(costs[i]), note)
    table.add_section()
    table.add_row("", "total", str(played.cost), "")
    out.print(table)
    for good, message in _findings(line, played, optimum):
        out.print(Text.assemble(("✓ " if good else "✗ ", "green" if good else "red"), message))
    if optimal is None and played.reached and played.illegal_at is None:
        out.print(Text("? the optimum could not be proven, so optimality is not known", style="yellow"))


def _findings(line: list[Action], played: Replay, optimum: Optimum | None) -> list[tuple[bool, str]]:
    """What the fan did right and wrong, in order."""
    if played.illegal_at is not None:
        i = played.illegal_at
        legal = f"actions 1 to {i} are legal, " if i > 1 else "action 1 is legal, " if i == 1 else ""
        found = [(False, f"{legal}action {i + 1} ({format_action(line[i])}) is illegal: {played.reason}")]
        if played.reached_at is not None:
            found.append((True, f"the goal was already met after action {played.reached_at + 1}: stop there"))
        return found
    found = [(True, "every action is legal")]
    if not played.reached:
        found.append((False, f"the goal is not reached ({_actions(played.cost)} spent)"))
        if optimum is not None and optimum.value is not None and optimum.proven:
            found.append(
                (False, f"the best line reaches it in {_actions(optimum.value)} ({SOURCE_WORDS[optimum.source]})")
            )
        return found
    assert played.reached_at is not None
    found.append((True, f"the goal is reached after action {played.reached_at + 1}"))
    extra = len(line) - played.reached_at - 1
    if optimum is None or optimum.value is None or not optimum.proven:
        found.append((True, f"it costs {_actions(played.cost)}"))
        return found
    if played.cost <= optimum.value:
        found.append((True, f"{_actions(played.cost)}: the proven optimum ({SOURCE_WORDS[optimum.source]})"))
    else:
        more = played.cost - optimum.value
        tail = (
            f"; the {counted(extra, 'action')} after the goal {'is' if extra == 1 else 'are'} not needed"
            if extra
            else ""
        )
        proof = SOURCE_WORDS[optimum.source]
        found.append(
            (False, f"{_actions(played.cost)}, {more} more than the optimum of {optimum.value} ({proof}){tail}")
        )
    return found


def _actions(n: int) -> str:
    return counted(n, "action")
