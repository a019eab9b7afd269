"""The `analyse` command: the best final score the seat to move can reach, proven."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..actions import Action, EndTurn
from ..common.cli import DEFAULT_TIME_LIMIT, JsonOpt, check_range, check_time_limit, fail, out, working
from ..errors import AkrotiriError, NotationError
from ..notation import format_line, parse_line
from ..premise import stated_position
from ..puzzle import Puzzle, State, play, why_not
from ..render.words import rule_words
from ..scoring import seat_score
from . import ComponentsOpt, PositionArg, command
from .engine_commands import itemised_data, read_position

if TYPE_CHECKING:
    from ..analysis.outcome import Analysis, Scored
    from ..position import Position

MAX_ALTERNATIVES = 20
MAX_WORKERS = 64


def scope_words(a: Analysis, pos: Position) -> str:
    """What the answer covers, said on every output."""
    if a.last_turn:
        return "the game's last turn (R-END-2): nothing follows, the score is the final score"
    if a.turns == 2:
        return (
            f"{pos.to_move}'s next 2 turns (the rest of this one and the next, its tile drawn from the pile), the "
            "opponent passive: the score as if the game ended after the second (the game may go on)"
        )
    return (
        f"{pos.to_move}'s current turn only, the opponent passive: the score as if the game ended after it "
        "(the game may go on after this turn)"
    )


def _scope_key(a: Analysis) -> str:
    """The scope in a word or three, for --json."""
    if a.last_turn:
        return "last turn"
    return "next 2 turns, opponent passive" if a.turns == 2 else "this turn, opponent passive"


def status_words(a: Analysis) -> str:
    """The proof status in words."""
    if a.status == "OPTIMAL":
        return "OPTIMAL: proven by CP-SAT, no line does better"
    if a.status == "FEASIBLE":
        bound = "not known" if a.bound is None else str(a.bound)
        gap = "" if a.bound is None or a.value is None else f", gap {a.bound - a.value}"
        return f"FEASIBLE: the time limit stopped the proof; upper bound {bound}{gap}"
    return "UNKNOWN: the time limit ran out before any line was found"


def _scored_data(s: Scored) -> dict[str, object]:
    hero = s.hero
    return {
        "line": [str(x) for x in s.line],
        "score": hero.total,
        "itemised": itemised_data(hero),
        "opponent_score": s.other.total,
        "margin": s.margin,
        "result": s.result,
    }


def analysis_data(a: Analysis, pos: Position) -> dict[str, object]:
    """An analysis as plain data (no timings: the same input gives the same bytes)."""
    data: dict[str, object] = {
        "seat": pos.to_move,
        "objective": a.objective,
        "scope": _scope_key(a),
        "turns": a.turns,
        "status": a.status,
        "value": a.value,
        "upper_bound": a.bound,
        "best": None if a.best is None else _scored_data(a.best),
    }
    if a.alternatives:
        data["alternatives"] = [
            {"first": str(x.first), "proven": x.proven, **_scored_data(x.scored)} for x in a.alternatives
        ]
    if a.verdict is not None:
        v = a.verdict
        data["line"] = {
            **_scored_data(v.scored),
            "loss": v.loss,
            "lost_at": v.lost_at,
            "stopped_early": v.stopped_early,
        }
    return data


def _itemised(s: Scored, edition: int) -> str:
    hero = s.hero
    parts = [f"{c} {p}" for c, p in hero.maps]
    parts += [f"{g.goal} ({rule_words(g.rule, edition)}) {g.points}" for g in hero.goals]
    parts.append(f"{hero.drachmas} drachmas {hero.drachma_points}")
    return " + ".join(parts)


def print_analysis(a: Analysis, pos: Position, asked: int = 1) -> None:
    """The analysis as text (`asked`: the turns asked for, `--turns`)."""
    what = "score" if a.objective == "score" else "margin (your score minus the opponent's)"
    out.print(f"Scope: {scope_words(a, pos)}.")
    if asked > a.turns:
        if a.last_turn:
            out.print(f"(--turns {asked}: the game ends with this turn, R-END-2, so no later turn is analysed.)")
        else:
            out.print(
                f"(--turns {asked}: {pos.to_move} has no later turn: only {pos.other}'s final turn follows this one "
                f"(R-END-2), and it is left passive here; --reply analyses it.)"
            )
    out.print(f"Status: {status_words(a)}.")
    if a.best is None:
        return
    best = a.best
    out.print(Text(f"Best {what} for {pos.to_move}: {a.value}", style="bold"))
    out.print(f"Line: {format_line(list(best.line)) or '(nothing to play)'}")
    out.print(f"Itemised (R-SCORE-1, 2): {_itemised(best, pos.edition)} = {best.hero.total}")
    out.print(
        f"Result: {best.result} ({best.hero.total} to {best.other.total}, drachmas "
        f"{best.hero.drachmas} to {best.other.drachmas})"
    )
    if a.alternatives:
        table = Table(title=f"{len(a.alternatives)} best lines with different first actions")
        table.add_column("#", justify="right")
        table.add_column(what.split(" ")[0], justify="right")
        table.add_column("line")
        for i, alt in enumerate(a.alternatives, 1):
            value = alt.scored.hero.total if a.objective == "score" else alt.scored.margin
            mark = "" if alt.proven else " (not proven best for this first action)"
            table.add_row(str(i), str(value), format_line(list(alt.scored.line)) + mark)
        out.print(table)
    if a.verdict is not None:
        v = a.verdict
        mine = v.scored.hero.total if a.objective == "score" else v.scored.margin
        out.print(f"Your line: {mine} ({_itemised(v.scored, pos.edition)}), {v.scored.result}")
        if v.loss == 0:
            out.print("It reaches the optimum.")
        elif v.stopped_early:
            out.print(f"It loses {v.loss} by stopping early: the optimum was still reachable after its last action.")
        else:
            out.print(f"It loses {v.loss}: the optimum is out of reach from action {v.lost_at} on.")


@command()
def analyse(
    position: PositionArg,
    alternatives: Annotated[
        int, typer.Option(help=f"Show the K best lines with different first actions, 1 to {MAX_ALTERNATIVES}.")
    ] = 1,
    line: Annotated[
        str | None,
        typer.Option(help='Your line, actions separated by ";": its score and what it loses.', show_default=False),
    ] = None,
    objective: Annotated[
        str | None,
        typer.Option(
            help="score (your final score) or margin (yours minus the opponent's); default score. "
            "--reply always maximises the margin.",
            show_default=False,
        ),
    ] = None,
    turns: Annotated[
        int, typer.Option(help="The hero's turns analysed: 1 (this turn) or 2 (this and the next, opponent passive).")
    ] = 1,
    time_limit: Annotated[
        float,
        typer.Option(
            help="Stop after this many seconds: a bound and a gap instead of a proof; default 600.",
            show_default=False,
        ),
    ] = DEFAULT_TIME_LIMIT,
    workers: Annotated[int, typer.Option(help=f"CP-SAT workers, 1 to {MAX_WORKERS}.")] = 1,
    reply: Annotated[
        bool,
        typer.Option(
            "--reply",
            help="The last round (R-END-2): your turn against the opponent's best final turn, both proven; "
            "the margin, then the win, then drachmas.",
        ),
    ] = False,
    as_json: JsonOpt = False,
    components_dir: ComponentsOpt = None,
) -> None:
    """The best final score the seat to move can reach this turn (or, with --turns 2, by the end
    of its next turn), proven by CP-SAT: the line, itemised per source, the proof status;
    alternatives; how much a given line loses.

    A tile still to place can take minutes (on a late board, or with --turns 2, where each slot
    and rotation of the tile is a two-turn solve): give --time-limit for the best line found by
    then. See docs/analysis.md.

    With --reply, after your last temple as the first player: the rest of your turn against the
    opponent's best final turn (R-END-2), your line and its reply, both proven.
    """
    check_range("--alternatives", alternatives, 1, MAX_ALTERNATIVES)
    check_range("--turns", turns, 1, 1_000)
    check_range("--workers", workers, 1, MAX_WORKERS)
    check_time_limit(time_limit)
    if objective not in (None, "score", "margin"):
        fail(f"--objective: expected score or margin, got {objective!r}")
    pos = read_position(position, components_dir)
    actions = None
    if line is not None:
        try:
            actions = parse_line(line)
        except NotationError as exc:
            fail(f"--line: {exc}")
    if reply:
        if alternatives > 1 or turns > 1:
            fail(
                "--reply: analyses the rest of this turn and the opponent's final turn; drop --alternatives and --turns"
            )
        if objective == "score":
            fail("--reply: maximises the final margin, then the win, then drachmas (R-SCORE-3); drop --objective score")
        _analyse_reply(str(position), pos, actions, time_limit, workers, as_json)
        return
    from ..analysis.endgame import analyse as run

    try:
        with working("analysing") as say:

            def told(done: int, total: int, best: int | None) -> None:
                so_far = "" if best is None else f", best {best}"
                say(f"analysing placements: slot and rotation {done} of {total}{so_far}")

            result = run(pos, objective or "score", alternatives, actions, turns, time_limit, workers, progress=told)
    except AkrotiriError as exc:
        fail(f"{position}: {exc}")
    if as_json:
        out.print(json.dumps(analysis_data(result, pos)), soft_wrap=True)
    else:
        print_analysis(result, pos, turns)


def _analyse_reply(
    source: str, pos: Position, line: list[Action] | None, time_limit: float, workers: int, as_json: bool
) -> None:
    """`analyse --reply`: the last round with the opponent's best reply (analysis/reply.py)."""
    from ..analysis.reply import analyse_reply
    from .reply_output import print_reply, reply_data

    try:
        with working("analysing the last round, with the opponent's reply"):
            result = analyse_reply(pos, time_limit, workers, line)
    except AkrotiriError as exc:
        fail(f"{source}: {exc}")
    if as_json:
        out.print(json.dumps(reply_data(result, pos)), soft_wrap=True)
    else:
        print_reply(result, pos)


# ---- endgame puzzles (a score goal): solved and checked by the analyser ----------------------


def solve_endgame(puzzle: Puzzle, as_json: bool, time_limit: float | None) -> None:
    """`solve` on an endgame puzzle: the best score this turn, proven, and whether it is X."""
    from ..analysis.endgame import analyse as run

    try:
        with working(f"solving {puzzle.id}: the best score"):
            a = run(stated_position(puzzle.start, puzzle.revealed), time_limit=time_limit)
    except AkrotiriError as exc:
        fail(f"{puzzle.id}: {exc}")
    data = analysis_data(a, puzzle.start)
    unique, other = _uniqueness(puzzle, a)
    if as_json:
        extra = {"unique": unique, "other_line": None if other is None else [str(x) for x in other]}
        out.print(json.dumps({"id": puzzle.id, "goal": puzzle.goal.describe(), **data, **extra}), soft_wrap=True)
        return
    out.print(Text(f"{puzzle.id}: {puzzle.title}" if puzzle.title else puzzle.id, style="bold"))
    out.print(f"{puzzle.hero} to move; goal: {puzzle.goal.describe()} (an endgame puzzle)")
    print_analysis(a, puzzle.start)
    if a.status == "OPTIMAL":
        out.print(f"Proven: {a.value} points are reachable and {(a.value or 0) + 1} are not.")
    if unique is True:
        out.print("Unique: every line of that score is this answer (docs/analysis.md).")
    elif unique is False and other is not None:
        out.print(f"Not unique: another answer of that score: {format_line(list(other))}")
    elif a.status == "OPTIMAL":
        out.print("Uniqueness: not proven (stopping at once scores it, or the check gave up).")


def _uniqueness(puzzle: Puzzle, a: Analysis) -> tuple[bool | None, tuple[Action, ...] | None]:
    """Whether the best line's answer is the only one of its score (None: not checked)."""
    start = stated_position(puzzle.start, puzzle.revealed)
    if a.status != "OPTIMAL" or a.best is None or a.value is None or start.phase != "act" or start.passing:
        return None, None
    if a.value <= seat_score(start, start.to_move).total:
        return None, None
    from ..analysis.unique import unique_answer
    from ..solver.deadline import TimeUp

    try:
        u = unique_answer(start, a.value, a.best.line)
    except TimeUp:
        return None, None
    return u.unique, u.other


def _engine_score(puzzle: Puzzle, line: list[Action]) -> tuple[int | None, str | None]:
    """The hero's final score after the line (None and the reason when it is illegal or
    stops where the turn cannot)."""
    state = State(puzzle.start)
    for i, action in enumerate(line, 1):
        reason = why_not(puzzle, state, action)
        if reason is None and isinstance(action, EndTurn):
            reason = "an endgame puzzle is this turn only; the line must not end it"
        if reason is not None:
            return None, f"action {i} ({action}) is illegal: {reason}"
        state = play(puzzle, state, action)
    if state.pos.phase != "act" or state.pos.passing:
        return (
            None,
            "the line stops where the turn cannot (a tile to place, a goal card to keep, or on the other boat's dock)",
        )
    return seat_score(state.pos, puzzle.hero).total, None


def check_endgame(
    puzzle: Puzzle, source: str, line: list[Action], as_json: bool, time_limit: float | None = None
) -> None:
    """`check` on an endgame puzzle: the fan's score against the proven best (exit 0 when it
    reaches it, 1 otherwise)."""
    best: int | None = None
    how = ""
    if puzzle.certificate is not None:
        best = puzzle.certificate.optimum
        if puzzle.solution is None:
            fail(f"{source}: solution: a certificate needs the solution it certifies")
        shown, why = _engine_score(puzzle, list(puzzle.solution))
        if shown != best:
            fail(
                f"{source}: certificate.optimum: says {best}, but the solution scores {shown}{'' if why is None else ': ' + why}"
            )
        how = "as the puzzle's certificate proves"
    mine, why = _engine_score(puzzle, line)
    if best is not None and mine is not None and mine > best:
        fail(f"{source}: certificate.optimum: says {best}, but this answer scores {mine}: the certificate is wrong")
    if best is None:
        from ..analysis.endgame import analyse as run

        with working(f"proving the best score of {puzzle.id}"):
            a = run(stated_position(puzzle.start, puzzle.revealed), time_limit=time_limit)
        if a.status != "OPTIMAL" or a.value is None:
            # Only a time limit stops the analyser short of a proof (analysis/endgame.py).
            out.print(f"{puzzle.id}: the best score was not proven within the time limit ({time_limit:g} s).")
            raise typer.Exit(1)
        best, how = a.value, "proven by CP-SAT just now"
    ok = mine is not None and mine >= best
    if as_json:
        data = {
            "id": puzzle.id,
            "goal": puzzle.goal.describe(),
            "answer": [str(x) for x in line],
            "legal": why is None,
            "reason": why,
            "score": mine,
            "best": best,
            "optimal": ok,
        }
        out.print(json.dumps(data), soft_wrap=True)
    else:
        out.print(Text(f"{puzzle.id}: {puzzle.title}" if puzzle.title else puzzle.id, style="bold"))
        if why is not None:
            out.print(f"Not a line of this turn: {why}.")
        else:
            out.print(f"Your line scores {mine}; the best is {best} ({how}).")
            out.print("Optimal." if ok else f"Not optimal: {best - (mine or 0)} points short.")
    raise typer.Exit(0 if ok else 1)
