"""Final scoring: map cards, goal cards and drachmas, and the winner (R-SCORE-1..3)."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import SEATS
from .goals import GoalScore, score_goals
from .position import Position


@dataclass(frozen=True)
class SeatScore:
    """One seat's final score, itemised."""

    seat: str
    maps: tuple[tuple[str, int], ...]
    """(map card, points) of each played map card."""
    goals: tuple[GoalScore, ...]
    drachmas: int
    drachma_points: int

    @property
    def total(self) -> int:
        """Points in all (R-SCORE-1)."""
        return sum(p for _, p in self.maps) + sum(g.points for g in self.goals) + self.drachma_points


@dataclass(frozen=True)
class Score:
    """Both seats' scores and the result."""

    seats: tuple[SeatScore, SeatScore]
    winners: tuple[str, ...]
    """One seat, or both for a shared victory."""
    decided_by: str
    """"points", "drachmas" (the tie-break) or "shared" (R-SCORE-3)."""


def seat_score(pos: Position, seat: str) -> SeatScore:
    """One seat's score: played map cards, goal cards, 1 point per 10 drachmas (R-SCORE-1, 2)."""
    s = pos.seat(seat)
    maps = tuple((card, pos.components.map[card].points) for card, _ in s.temples)
    return SeatScore(seat, maps, score_goals(pos, seat), s.drachmas, s.drachmas // 10)


def final_score(pos: Position) -> Score:
    """Score both seats and name the winner; ties go to more drachmas, then are shared (R-SCORE-3)."""
    south, north = (seat_score(pos, s) for s in SEATS)
    if south.total != north.total:
        return Score((south, north), ("south",) if south.total > north.total else ("north",), "points")
    if south.drachmas != north.drachmas:
        return Score((south, north), ("south",) if south.drachmas > north.drachmas else ("north",), "drachmas")
    return Score((south, north), SEATS, "shared")
