"""A time limit for a whole solve: Python's work and CP-SAT's alike.

Long Python loops (reading the facts of thousands of boards, building a model) call `check()`
now and then; CP-SAT gets what is `left()`. When the time is up, `TimeUp` unwinds to the
solver's entry point, which reports what was proven so far and never claims more.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


class TimeUp(Exception):
    """The time limit of a solve ran out."""


@dataclass
class Deadline:
    """A wall-clock limit in seconds from now (None: no limit)."""

    seconds: float | None = None
    started: float = field(default_factory=time.perf_counter)

    def elapsed(self) -> float:
        """Seconds since the start."""
        return time.perf_counter() - self.started

    def left(self) -> float | None:
        """Seconds left, or None without a limit."""
        return None if self.seconds is None else self.seconds - self.elapsed()

    def check(self) -> None:
        """Raise TimeUp when the time has run out."""
        if self.seconds is not None and self.elapsed() >= self.seconds:
            raise TimeUp


NO_LIMIT = Deadline()
