"""A two-turn model's search watched by the relaxation (board_solve's `_solve_to_ceiling`,
floor_first.py): the question a watch asks, and the callback that stops a search at its first
line whose value the relaxation proves the most."""

from __future__ import annotations

from collections.abc import Callable

from ortools.sat.python import cp_model

from ..solver.model.core import Expr

OutOfReach = Callable[[int], bool]
"""Whether a bound proven without a model puts a value out of reach of every line (True: no
line reaches it; False: not proven)."""


class Meets(cp_model.CpSolverSolutionCallback):
    """Watches a search and stops it at its first line whose value the relaxation proves the
    most (`out_of_reach` of the value plus one, asked once per new value)."""

    def __init__(self, primary: Expr, out_of_reach: OutOfReach) -> None:
        super().__init__()
        self.primary = primary
        self.out_of_reach = out_of_reach
        self.asked: int | None = None
        self.met = False

    def on_solution_callback(self) -> None:
        """Ask about a new value; stop where it is met."""
        value = int(self.value(self.primary))
        if self.asked is None or value > self.asked:
            self.asked = value
            self.met = self.out_of_reach(value + 1)
        if self.met:
            self.stop_search()


class Known:
    """A watch that also knows a value no line beats (`most`, proven beforehand): a value above
    it is out of reach at once. With `attained` (some line reaches `most`, proven too: the
    placement search's best, placement._Search.resolve) a value at or below it is not, at once
    (the relaxation, sound, never proves a value a line reaches out of reach): `watch` is never
    asked. Without, any other value is asked of `watch` (None: not proven), with or without its
    budget (`within`, watch_defer's deferred search).

    Why the answer is the watched search's (board_solve's `_solve_to_ceiling`, watch_defer's
    `solve_deferred`): a watch only stops a search, at a line of value `v` once `v + 1` is proven
    out of reach, and then answers that line, OPTIMAL `v`: the search without the stop records
    nothing after it (one worker, deterministic; it records a line only when it beats the last).
    Told `most`, the search stops at its first line of value `most`, which is the line the search
    returns however it is stopped, or run to its end. A question at a value a line reaches is
    answered no (not proven) whatever its budget, so answering it at once leaves the passes as
    they were (watch_defer: a no and a spent budget both go on; only a yes stops). Only the
    search's own questions are answered here: the relaxed line's cards (floor_cards.py) read
    `below` and `pos`, the watch's, and ask a fresh `Below` as before, so their narrowed lines and
    answers are unchanged. A `most` that is wrong (a line above it) stops the search at a line
    above `most`: the caller compares the value (placement's `resolve` raises)."""

    def __init__(self, watch: OutOfReach | None, most: int, attained: bool = False) -> None:
        self.watch = watch
        self.most = most
        self.attained = attained
        self.deferred = bool(getattr(watch, "deferred", False))
        """As the watch's: the search runs in passes at the game's end (watch_defer.py)."""
        self.below = getattr(watch, "below", None)
        self.pos = getattr(watch, "pos", None)

    def __call__(self, value: int) -> bool:
        if value > self.most:
            return True
        return not self.attained and self.watch is not None and self.watch(value)

    def within(self, value: int, seconds: float) -> bool | None:
        """The deferred watch's budgeted question (watch_defer's `Watch.within`)."""
        if value > self.most or self.attained:
            return value > self.most
        within = getattr(self.watch, "within", None)
        return within(value, seconds) if within is not None else self(value)

    def counted(self, value: int, states: int) -> bool | None:
        """The watch's question with a count of states (watch_defer's `Watch.counted`)."""
        if value > self.most or self.attained:
            return value > self.most
        counted = getattr(self.watch, "counted", None)
        return counted(value, states) if counted is not None else self(value)
