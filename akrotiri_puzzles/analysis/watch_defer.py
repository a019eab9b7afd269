"""A two-turn model's watch at the game's end: its questions deferred (session 65).

board_solve's `_solve_to_ceiling` asks the two-turn relaxation (reach_below's `Below`) whether
the value after each new best line of the model's search is out of reach, and stops the search
at the first line it proves the most. Where the hero has one temple left (the game's last turns)
each relaxed search is dear, and most of those questions are at values a line of the model
reaches (its search beats them later): their answer must be no, and a no costs the searches of
every group below the value before one that reaches it (seed 1's turn 30, 2016, north: 135.8 and
276.3 CPU s at 53 and 56, the model's best 56; docs/benchmarks.md, session 64). Here
(`solve_deferred`):

- *A question inside the search gets a budget* (`IN_MODEL` CPU s): where its relaxed searches
  spend it, it answers nothing (`Spent`) and the search goes on, as after a no. What its searches
  proved below is kept (reach_known.py, `KEEP_BELOW`: a group below a value is below every value
  above it), so the next question of the position starts past them.
- *The search runs in passes* of growing deterministic time (`DET_TIME`, CP-SAT's
  `max_deterministic_time`, doubled each pass). A pass stopped by that limit at a line of value
  `v` asks `v + 1` with a budget of its own (`AT_END`, doubled each pass): proven out of reach,
  the answer is that line, OPTIMAL `v`; else the next pass solves the same model again from its
  start (the same search up to where the last one stopped: one worker, deterministic) and goes
  further. A question whose relaxation answered no is not asked again (it would answer no again).
  A pass that found no better line in its second half (`STALLED`) asks its question on, its
  budget doubled each time, until it answers, without solving again.

Why the answer is the search's without any watch (`_solve_to_ceiling`'s argument, extended). With
one worker CP-SAT's search is deterministic, the callback only watches it, and a deterministic time
limit only ends it: each pass is a prefix of the one search of the model without a watch, and that
search records a solution only when it beats the last one. A pass ends (1) at its search's own end
(OPTIMAL or INFEASIBLE): the answer as without a watch; (2) at a line of value `v` where the
relaxation proves no line reaches `v + 1` (inside the search or at the pass's end): no later line
beats `v`, so the search without a watch records nothing after it and returns it OPTIMAL, bound
`v`; or (3) at the limit, the question unproven: nothing is returned, the next pass goes further
(the last pass runs to the caller's deadline, as without a watch). A question that spends its
budget, or is not asked, never stops a search: only a proven yes does, and a yes holds whatever
was asked before it. So the status, value, bound and line are those without the watch; only the
cost changes (the passes repeat the search's start; the questions are cut).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ortools.sat.python import cp_model

from ..position import Position
from ..solver.deadline import Deadline, TimeUp
from ..solver.run import STATUS, pass_answer, tuned

if TYPE_CHECKING:
    from ..solver.model import LineModel
    from ..solver.model.core import Expr

DEFER = True
"""Whether a watch with the hero one temple from the last (`Watch.deferred`) defers its questions
(module doc; False: every question asked in full inside the search, as before session 65)."""

IN_MODEL = 2.0
"""CPU s a question asked inside the search may spend on its relaxed searches (checked before
each search starts: one search may run past it)."""

AT_END = 30.0
"""CPU s the question at the end of a pass may spend, the first pass (doubled each pass)."""

DET_TIME = 10.0
"""CP-SAT's deterministic time of the first pass (doubled each pass)."""


TRACE: Callable[..., None] | None = None
"""Called with each pass's and question's facts as keywords where set (tools/profile_two_turns_place.py)."""


def _trace(**facts: Any) -> None:
    if TRACE is not None:
        TRACE(**facts)


STALLED = True
"""Whether a pass whose last line was found in its first half asks the question at its end on
until it answers, without solving again (a search that found nothing better for that long most
often has its best: solving it again from its start costs the pass once more)."""

STALL_BY = "det"
"""How a pass's halves are told apart for `STALLED`: "branches", by CP-SAT's count of branches
(the pass's last line found at most half its branches in); "det", by the deterministic time the
solution callback reads, as before session 90. In ortools 9.15 the callback's deterministic time
does not advance during a search (each line reads the same figure), so with
"det" every pass stopped at its limit counted as stalled. Both counts are deterministic with one
worker: neither lets the machine decide an output (and the output is the search's either way,
module doc). "det" stays the default until "branches" is measured on the turns that take this
path (docs/benchmarks.md, session 90)."""


class Below(Protocol):
    """What a watch reads of reach_below's `Below` (a protocol: this module, which board_solve
    imports, imports no module above it): the question, and the class of its relaxed searches,
    which `Watch.within` swaps for a budgeted one."""

    relaxed: Any

    def __call__(self, pos: Position, ask: int) -> bool: ...


class Spent(Exception):
    """A question's budget is spent before it has an answer (the search goes on)."""


class Watch:
    """The relaxation's question of one position, `out_of_reach` of board_solve's
    `_solve_to_ceiling` (`__call__`), and the same with a budget (`within`)."""

    def __init__(self, below: Below | Any, pos: Position) -> None:
        self.below: Below = below  # reach_below's (endgame reads it as placement's protocol)
        self.pos = pos
        left = pos.components.player_board.temples - len(pos.hero.temples)
        self.deferred = DEFER and left <= 1
        """Whether the model's search defers the questions (`solve_deferred`)."""
        self.failed: set[int] = set()
        """The values the relaxation answered no (not proven out of reach) in full."""

    def __call__(self, value: int) -> bool:
        """Whether the relaxation proves that no line from the position reaches `value` (False,
        not proven, where the analysis's time limit stops it: the search it watches ends at that
        limit too)."""
        try:
            return self.below(self.pos, value)
        except TimeUp:
            return False

    def _asked(self, value: int, relaxed: Any) -> bool | None:
        """The question asked with `relaxed` as the searches' class (`within`'s budget, `counted`'s
        count); None where the budget, the count or the analysis's time limit (`Below.deadline`)
        is spent first."""
        old = self.below.relaxed
        self.below.relaxed = relaxed
        try:
            return bool(self.below(self.pos, value))
        except (Spent, TimeUp):
            return None
        finally:
            self.below.relaxed = old

    def within(self, value: int, seconds: float) -> bool | None:
        """`__call__` with at most `seconds` CPU s spent on starting relaxed searches; None
        where they are spent first. A value answered no before is answered no at once."""
        if value in self.failed:
            return False
        t = time.process_time()
        got = self._asked(value, _budgeted(self.below.relaxed, t + seconds))
        _trace(kind="deferred", ask=value, budget=seconds, below=got, cpu=round(time.process_time() - t, 3))
        if got is False:
            self.failed.add(value)
        return got

    def counted(self, value: int, states: int) -> bool | None:
        """`__call__` with its relaxed searches started only while they have visited fewer than
        `states` states in all (a count, no clock: floor_first.py's budgeted pass, session 89);
        None where that count is reached first (nothing is kept as an answer: a cut question is
        never a no). What the searches proved below before the cut is kept as any question's
        (reach_known.py): a group below a value is below every value above it."""
        if value in self.failed:
            return False
        _Tally.left = states
        got = self._asked(value, _counted(self.below.relaxed))
        _trace(kind="counted", ask=value, states=states, below=got, left=_Tally.left)
        if got is False:
            self.failed.add(value)
        return got


class _Tally:
    """The states `Watch.counted`'s question may still start searches with (one question at a
    time: the watch's questions are asked one after another)."""

    left = 0


_COUNTED: dict[type, type] = {}
"""`_counted`'s class for each base (one class each: reach_alone's `too_big` keys read it)."""


def _counted(base: Any) -> Any:
    """`base` (the searches' class) whose searches do not start once `_Tally.left` is spent, each
    search's states (`start_nodes - nodes`, reach_bound's count; where reach_money's `blind_first`
    searches in tiers, its last tier's) taken off it as it ends."""
    got = _COUNTED.get(base)
    if got is None:

        class Counted(base):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                if _Tally.left <= 0:
                    raise Spent
                super().__init__(*args, **kwargs)

            def best(self) -> int:
                try:
                    return int(super().best())
                finally:
                    _Tally.left -= self.start_nodes - max(self.nodes, 0)

        got = _COUNTED[base] = Counted
    return got


def _budgeted(base: Any, until: float) -> Any:
    """`base` (the searches' class) whose searches do not start past `until` (CPU s)."""

    class Budgeted(base):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            if time.process_time() > until:
                raise Spent
            super().__init__(*args, **kwargs)

    return Budgeted


class _Deferring(cp_model.CpSolverSolutionCallback):
    """Watches a pass: asks `value + 1` with the budget `IN_MODEL` at each new best line above
    what was asked before (`asked`), and stops the search where the relaxation proves it."""

    def __init__(self, primary: Expr, watch: Watch, asked: int) -> None:
        super().__init__()
        self.primary = primary
        self.watch = watch
        self.asked = asked
        self.met = False
        self.last_at = 0.0
        """Where in the pass the last line was found (`STALL_BY`'s count)."""

    def on_solution_callback(self) -> None:
        self.last_at = float(self.num_branches) if STALL_BY == "branches" else self.deterministic_time
        value = int(self.value(self.primary))
        if value + 1 > self.asked:
            self.asked = value + 1
            self.met = self.watch.within(value + 1, IN_MODEL) is True
        if self.met:
            self.stop_search()


def _late(deadline: Deadline) -> bool:
    """Whether the caller's time limit has run out (a question then stops as it starts)."""
    left = deadline.left()
    return left is not None and left <= 0


def solve_deferred(
    model: LineModel,
    watch: Watch,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object],
    floor: int | None = None,
) -> tuple[str, cp_model.CpSolver, int | None]:
    """board_solve's `_solve_to_ceiling` with the questions deferred (module doc): the status,
    the solver holding the line, and the bound (None: the solver's). After the first pass, stopped
    at its limit without an answer, the relaxed line's cards and final board (floor_cards.py,
    `CARDS`: the same status, value and bound, the line one of that value); `floor`: the model's."""
    asked = -(10**9)
    det = DET_TIME
    end = AT_END
    while True:
        meets = _Deferring(model.primary, watch, asked)
        solver = tuned(deadline, workers, tuning, det)
        t = time.process_time()
        status = STATUS[solver.solve(model.m, meets)]
        got = got_value = int(solver.value(model.primary)) if status in ("OPTIMAL", "FEASIBLE") else None
        _trace(kind="pass", det=det, status=status, value=got, met=meets.met, cpu_all=round(time.process_time() - t, 2))
        asked = meets.asked
        answer = pass_answer(model.m, model.primary, status, solver, meets.met, deadline)
        if answer is not None:
            return answer
        if status == "FEASIBLE":
            value = int(solver.value(model.primary))
            asked = max(asked, value + 1)
            got = watch.within(value + 1, end)
            # Stalled (no better line in the pass's second half): the question is asked on
            # without solving again, its budget doubled, until it answers (`STALLED`).
            whole = float(solver.num_branches) if STALL_BY == "branches" else det
            stalled = 2 * meets.last_at <= whole
            _trace(kind="stall", by=STALL_BY, stalled=stalled, last_at=meets.last_at, whole=whole, answer=got)
            while got is None and STALLED and stalled and not _late(deadline):
                end *= 2
                got = watch.within(value + 1, end)
            if got is True:
                return "OPTIMAL", solver, value
        if det == DET_TIME and not _late(deadline):
            from . import floor_cards  # its module doc; imported here as board_solve imports this module

            need = got_value + 1 if got_value is not None else floor
            if floor_cards.CARDS and need is not None:
                found = floor_cards.cards_line(
                    model, watch, need, solver if got_value is not None else None, deadline, workers, tuning
                )
                if found is not None:
                    return found
        det *= 2
        end *= 2
