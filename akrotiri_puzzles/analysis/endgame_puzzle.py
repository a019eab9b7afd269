"""Endgame puzzles (a score goal, docs/analysis.md): a position's best score X proven, X+1
proven unreachable, and whether the answer is unique, as the puzzle's certificate."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import version

from ..actions import Action
from ..position import Position
from ..premise import Revealed
from ..puzzle import Certificate, Goal, Puzzle
from ..scoring import seat_score
from ..solver.deadline import TimeUp
from ..version import __version__
from .board_solve import puzzle_of
from .endgame import analyse
from .engine_line import replay_line
from .unique import unique_answer

SOLVER = f"akrotiri-puzzles {__version__}, OR-Tools CP-SAT {version('ortools')}, one worker, seed 0"


@dataclass(frozen=True)
class Certified:
    """An endgame puzzle's answer and what is proven about it."""

    score: int
    """X: the best score of the turn, proven."""
    line: tuple[Action, ...]
    """A line of X points, in its canonical form when unique."""
    unique: bool | None
    """True: proven unique; False: `other` is another answer; None: the check gave up
    (unique.TRIES lines that were the answer again)."""
    other: tuple[Action, ...] | None
    """Another answer of X points, when not unique."""


def certify(pos: Position) -> Certified | None:
    """The best score of the hero's turn from `pos` (the action phase, not passing), proven,
    and whether its answer is unique; None when the position asks for nothing (stopping at
    once is best) or the best is not proven."""
    if pos.phase != "act" or pos.passing:
        return None
    a = analyse(pos)
    if a.status != "OPTIMAL" or a.best is None or a.value is None:
        return None
    if a.value <= seat_score(pos, pos.to_move).total:
        return None
    end = replay_line(puzzle_of(pos), a.best.line)
    if seat_score(end, pos.to_move).total != a.value:  # pragma: no cover - analyse checks it
        raise AssertionError("the engine does not score the best line at the optimum")
    try:
        u = unique_answer(pos, a.value, a.best.line)
    except TimeUp:  # the question stays open: never called unique
        return Certified(a.value, a.best.line, None, None)
    return Certified(a.value, a.best.line, u.unique, u.other)


def endgame_puzzle(
    pid: str,
    pos: Position,
    found: Certified,
    components: str,
    seed: int | None,
    title: str = "",
    revealed: Revealed | None = None,
) -> Puzzle:
    """The puzzle "find a line worth X points", with its certificate: the optimum X (status
    OPTIMAL), X+1 points unreachable (above_optimum INFEASIBLE), and the uniqueness found, each
    proven on the position its premise states (`premise.stated_position(pos, revealed)`)."""
    certificate = Certificate(
        optimum=found.score,
        status="OPTIMAL",
        below_optimum=None,
        unique=found.unique,
        solver=SOLVER,
        components=components,
        seed=seed,
        above_optimum="INFEASIBLE",
    )
    return Puzzle(
        pid,
        pos,
        Goal(score=found.score),
        1,
        title,
        found.line,
        found.score,
        None,
        certificate,
        revealed=revealed or Revealed(),
    )
