"""What an analysis reports: the scored lines, the alternatives, a line's verdict and the whole
analysis (the results of analysis/endgame.py, apart from how they are proven)."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..scoring import SeatScore


class Final:
    """What a pair of scores (the hero's, the other seat's) reads: the margin and the result.
    Mixed into the dataclasses that hold the two scores (`Scored`, reply_level.Outcome)."""

    hero: SeatScore
    other: SeatScore

    @property
    def margin(self) -> int:
        """The hero's points minus the opponent's."""
        return self.hero.total - self.other.total

    @property
    def result(self) -> str:
        """win, loss or shared, with the drachmas as the tie-break (R-SCORE-3)."""
        return result_of(self.hero, self.other)


@dataclass(frozen=True)
class Scored(Final):
    """A line and the position it leaves, scored by the engine."""

    line: tuple[Action, ...]
    hero: SeatScore
    other: SeatScore


def result_of(hero: SeatScore, other: SeatScore) -> str:
    """The hero's result against the other seat: win, loss or shared, the points first and the
    drachmas breaking a tie (R-SCORE-3)."""
    key = (hero.total - other.total, hero.drachmas - other.drachmas)
    return "win" if key > (0, 0) else "loss" if key < (0, 0) else "shared"


@dataclass(frozen=True)
class Alternative:
    """The best line that starts with a given action."""

    first: Action
    scored: Scored
    proven: bool


@dataclass(frozen=True)
class LineVerdict:
    """A line the user gave: its score, its loss against the optimum, and where it lost."""

    scored: Scored
    loss: int
    """Points (of the objective) below the optimum."""
    lost_at: int | None
    """1-based number of the action after which the optimum is out of reach (None: never, or
    only by stopping early)."""
    stopped_early: bool
    """The optimum was still reachable after the line's last action."""
    proven: bool


@dataclass(frozen=True)
class Analysis:
    """What the analyser proved about a position."""

    objective: str
    last_turn: bool
    """True when nothing follows the hero's turn (R-END-2): the score is the game's final one."""
    status: str
    """OPTIMAL (the best line, and nothing better exists), FEASIBLE (a line; a time limit
    stopped the proof: see `bound`) or UNKNOWN (the time ran out before any line)."""
    best: Scored | None
    bound: int | None
    """Proven: no line scores more (points of the objective); None when not known."""
    alternatives: tuple[Alternative, ...] = ()
    verdict: LineVerdict | None = None
    turns: int = 1
    """The hero's turns analysed (`--turns`): 2 covers the rest of this turn and the next, the
    opponent passive; 1 when the game ends with this turn whatever was asked."""

    @property
    def value(self) -> int | None:
        """The objective of the best line found, in points."""
        return None if self.best is None else points(self.objective, self.best)


def points(objective: str, s: Scored) -> int:
    """A scored line's objective in points."""
    return s.hero.total if objective == "score" else s.margin
