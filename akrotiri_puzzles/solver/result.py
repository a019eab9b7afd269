"""What `solve` answers: the result, and each step of its proof (solver/cpsat.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action


@dataclass(frozen=True)
class Level:
    """One step of the proof: what was asked (lines of at most `bound` actions), its status,
    its time, and how it was settled."""

    bound: int
    status: str
    seconds: float
    how: str = "CP-SAT"


@dataclass(frozen=True)
class SolveResult:
    """The answer to a puzzle."""

    optimum: int | None
    """Actions of the line found (the least possible when `status` is OPTIMAL); None without one."""
    line: tuple[Action, ...]
    status: str
    """OPTIMAL (a line, and none shorter exists), FEASIBLE (a line, not proven shortest: the
    time ran out), INFEASIBLE (no line within the horizon) or UNKNOWN (no line found and none
    ruled out: the time ran out)."""
    below_optimum: str
    """Whether a line one action shorter was proven impossible (INFEASIBLE) or not (UNKNOWN)."""
    seconds: float
    levels: tuple[Level, ...] = ()
    scenarios: int = 0
    """Board scenarios looked at (placements and oracle choices)."""
    classes: int = 0
    """Classes of scenarios the largest model chose among."""
    lower: int = 1
    """Proven: no line has fewer actions than this."""
    unique: bool | None = None
    """With `unique`: whether no second canonical answer exists at the optimum."""
    other_line: tuple[Action, ...] | None = None
    strict: bool | None = None
    """With `unique="strict"`: also no second excavation site and no second choice of a placed
    tile's rotation or second cube (None: not checked)."""
    timed_out: bool = False
    most: int | None = None
    """The ceiling asked for (`solve(most=)`), when it is below what the horizon allows: then
    INFEASIBLE means only that no line of at most `most` actions exists."""
