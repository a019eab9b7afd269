"""`analyse --reply`'s output: the last round with the opponent's best reply (R-END-2), as text
and as plain data (analysis/reply.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..common.cli import out
from ..notation import format_line
from ..render.words import rule_words
from ..scoring import SeatScore
from .engine_commands import itemised_data

if TYPE_CHECKING:
    from ..analysis.reply import Outcome, ReplyAnalysis
    from ..position import Position


def scope_words(pos: Position) -> str:
    """What the reply analysis covers."""
    from ..analysis.reply import must_finish

    words = (
        f"the game's last round (R-END-2): the rest of {pos.to_move}'s turn, then {pos.other}'s final turn, "
        f"{pos.other} answering as well as it can (its own margin, then its drachmas); the scores are final"
    )
    if must_finish(pos):
        words += (
            f"; only {pos.to_move}'s lines that excavate its last temple are compared (the others leave the game "
            "going on)"
        )
    return words


def status_words(a: ReplyAnalysis, pos: Position) -> str:
    """The proof status of both levels in words."""
    counts = (
        f"{a.ends} distinct ends of {pos.to_move}'s turn: {a.solved} answered by CP-SAT, "
        f"{a.refuted - a.by_floor} refuted by their bounds"
    )
    if a.by_floor:
        counts += f", {a.by_floor} by a reply that holds {pos.to_move} to the best margin (bare questions to CP-SAT)"
    if a.status == "OPTIMAL":
        return (
            f"OPTIMAL: both levels proven: no line of {pos.to_move}'s keeps a larger margin against {pos.other}'s "
            f"best reply ({counts}), and {pos.other}'s reply is proven its best"
        )
    if a.status == "FEASIBLE":
        bound = "not known" if a.bound is None else str(a.bound)
        reply = "proven its best" if a.reply_proven else "not proven its best"
        return (
            f"FEASIBLE: the time limit stopped the proof ({counts}); the line below is the best of those answered, "
            f"{pos.other}'s reply to it {reply}; no line of {pos.to_move}'s keeps a margin above {bound}"
        )
    bound = "" if a.bound is None else f"; no line of {pos.to_move}'s keeps a margin above {a.bound}"
    return f"UNKNOWN: the time limit ran out before any end of {pos.to_move}'s turn was answered{bound}"


def _itemised(s: SeatScore, edition: int) -> str:
    parts = [f"{c} {p}" for c, p in s.maps]
    parts += [f"{g.goal} ({rule_words(g.rule, edition)}) {g.points}" for g in s.goals]
    parts.append(f"{s.drachmas} drachmas {s.drachma_points}")
    return " + ".join(parts) + f" = {s.total}"


def print_reply(a: ReplyAnalysis, pos: Position) -> None:
    """The reply analysis as text."""
    out.print(f"Scope: {scope_words(pos)}.")
    out.print("Taken as known (only what the position file states): " + "; ".join(a.known) + ".")
    out.print(f"Status: {status_words(a, pos)}.")
    if a.best is None:
        return
    b = a.best
    out.print(Text(f"Best margin for {pos.to_move} against the best reply: {b.margin}", style="bold"))
    _print_outcome(b, pos, f"{pos.to_move}'s line", f"{pos.other}'s best reply")
    if a.verdict is not None:
        v = a.verdict
        out.print(f"Your line keeps a margin of {v.outcome.margin} against {pos.other}'s best reply to it:")
        _print_outcome(v.outcome, pos, "your line", f"{pos.other}'s best reply")
        if v.loss > 0:
            out.print(
                f"It loses {v.loss} against the best line: the best margin is out of reach from action {v.lost_at} on."
            )
        elif v.outcome.key < b.key:
            out.print("It keeps the best margin, but with a worse tie-break (R-SCORE-3).")
        else:
            out.print("It keeps the best margin.")


def _print_outcome(o: Outcome, pos: Position, mine: str, theirs: str) -> None:
    out.print(f"  Line ({mine}): {format_line(list(o.hero_line))}")
    proven = "" if o.proven else " (not proven its best: the time limit)"
    out.print(f"  Reply ({theirs}): {format_line(list(o.reply)) or '(nothing to play)'}{proven}")
    out.print(f"  {pos.to_move}: {_itemised(o.hero, pos.edition)}")
    out.print(f"  {pos.other}: {_itemised(o.other, pos.edition)}")
    out.print(
        f"  Result: {o.result} for {pos.to_move} ({o.hero.total} to {o.other.total}, drachmas "
        f"{o.hero.drachmas} to {o.other.drachmas})"
    )


def _score_data(s: SeatScore) -> dict[str, object]:
    return {"seat": s.seat, "score": s.total, **itemised_data(s)}


def _outcome_data(o: Outcome) -> dict[str, object]:
    return {
        "line": [str(x) for x in o.hero_line],
        "reply": [str(x) for x in o.reply],
        "reply_proven": o.proven,
        "hero": _score_data(o.hero),
        "opponent": _score_data(o.other),
        "margin": o.margin,
        "result": o.result,
    }


def reply_data(a: ReplyAnalysis, pos: Position) -> dict[str, object]:
    """The reply analysis as plain data (no timings: the same input gives the same bytes)."""
    from ..analysis.reply import must_finish

    data: dict[str, object] = {
        "seat": pos.to_move,
        "opponent": pos.other,
        "scope": "last round with the reply",
        "finishing_lines_only": must_finish(pos),
        "status": a.status,
        "hero_proven": a.hero_proven,
        "reply_proven": a.reply_proven,
        "value": None if a.best is None else a.best.margin,
        "upper_bound": a.bound,
        "ends": a.ends,
        "solved": a.solved,
        "refuted": a.refuted,
        "refuted_by_a_floor": a.by_floor,
        "known": list(a.known),
        "best": None if a.best is None else _outcome_data(a.best),
    }
    if a.verdict is not None:
        data["line"] = {**_outcome_data(a.verdict.outcome), "loss": a.verdict.loss, "lost_at": a.verdict.lost_at}
    return data
