"""Score-goal exercises for tools/make_lessons.py (more-actions, last-round): the endgame
puzzle "score X points by the end of this turn", certified by the endgame analyser (X proven
the best score of the turn, X+1 proven unreachable, the answer proven unique:
analysis/endgame_puzzle.py, analysis/unique.py).
"""

from __future__ import annotations

from akrotiri_puzzles.actions import Action
from akrotiri_puzzles.analysis.endgame_puzzle import SOLVER, Certified
from akrotiri_puzzles.analysis.endgame_puzzle import certify as certify_endgame
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.premise import stated_position
from akrotiri_puzzles.puzzle import Certificate, Puzzle, replay
from akrotiri_puzzles.scoring import seat_score

_CERTIFIED: dict[object, Certified | None] = {}
"""The analyser's answer per position (the finder runs twice on the position it keeps)."""


def certified(pos: Position) -> Certified | None:
    """The endgame analyser's best score of the turn, proven, with its uniqueness (cached)."""
    key = pos.key()
    if key not in _CERTIFIED:
        _CERTIFIED[key] = certify_endgame(pos)
    return _CERTIFIED[key]


def certify_score(puzzle: Puzzle) -> tuple[int, tuple[Action, ...], Certificate] | None:
    """The proven best score X, its unique answer and the certificate of a score-goal exercise
    (X optimal, X+1 infeasible, unique), or None."""
    got = certified(stated_position(puzzle.start, puzzle.revealed))
    if got is None or got.unique is not True or puzzle.goal.score != got.score:
        return None
    comps = puzzle.start.components
    cert = Certificate(
        optimum=got.score,
        status="OPTIMAL",
        below_optimum=None,
        unique=True,
        solver=SOLVER,
        components=f"{comps.name} {comps.version}",
        seed=None,
        above_optimum="INFEASIBLE",
    )
    return got.score, got.line, cert


def final_points(puzzle: Puzzle, line: tuple[Action, ...]) -> int | None:
    """The hero's score where a line ends (None if it is illegal or ends where the turn cannot)."""
    played = replay(puzzle, line)
    end = played.states[-1].pos
    if played.illegal_at is not None or end.phase != "act" or end.passing:
        return None
    return seat_score(end, puzzle.hero).total


__all__ = ["certified", "certify_score", "final_points"]
