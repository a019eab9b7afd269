"""A turn's first model asked top-down: at the relaxation's ceiling, not climbed to from below
(session 101, `TOP_DOWN`).

On seed 4's turn 19 (2016, south) the first placement's model (`tile -1,-2 r0 blue@SE`, no floor)
stays open the whole 600 CPU s of the turn: its first pass (floor_first.py's step 1) stops at 39,
step 1b's climb realises nothing, step 2's cards (M03, M09) find a line of 46 whose 47 the
relaxation does not prove out of reach, and step 3's searches from the model's start climb from
below for the rest of the time. Yet the relaxation (reach_below's `Below`) proves 49 out of reach
and not 48 (7.8 CPU s of three questions), and the model asked for a line of at least 48 finds one
in 30.7 CPU s (deterministic time 15.7): OPTIMAL 48 (docs/benchmarks.md, session 101, h101top).
Session 99 saw the same on seed 4's turn 15: the relaxation's ceiling was the member's optimum on
five of six members, and a model asked at its optimum answers fast where a climb is slow.

Here (`solve_top_down`, floor_first.py's `solve_floor_first` after step 2 answered nothing,
before step 3): from the most a line of the model is known to reach (`Memo.reached`, `r`), the
relaxation is asked upwards (`r + 2`, `r + 4`, `r + 8`, ...) until a value is proven out of reach,
then bisected: the ceiling `c` is a value it does not prove with `c + 1` proven (`QUESTIONS`
questions at most, each with `STATES` states of relaxed searches: watch_defer's `Watch.counted`,
a count, no clock). The model is then solved with the value at least `c`, stopped at its first
line, for `DET` of CP-SAT's deterministic time: a line is OPTIMAL `c`. INFEASIBLE there proves the
optimum below `c`: the same at `c - 1`, `TRIES` floors at most, none at or below `r` (a line
reaches it). Anything else (a question cut by its count, no value proven within `QUESTIONS`, a
solve stopped at its limit) answers nothing, and step 3 runs as before, the memo keeping every
answer the questions gave.

Why it is sound. A question proven is the relaxation's proof (a sound bound on every line of the
placement, reach_below.py) that no line reaches its value; a counted question answers only where
its searches ran as in full (floor_first.py's argument). The floored model is the model with one
constraint more (`primary >= f`): a line of it is a line of the model. At the first floor `c`,
`c + 1` is proven out of reach; at each floor after it, the solve at the floor above was INFEASIBLE
(CP-SAT's proof that no line of the model reaches it). So a line found at the floor `f` has the
value `f` (checked: a value above it raises SolverError, a bound proven wrong), and no line beats
it: the model's optimum is `f`, the status, value and bound of the plain search (OPTIMAL `f`,
bound `f`). The line is one of the optimum, read back, replayed and scored by the engine in
board_solve's `best_two_turns`, not necessarily the plain search's: a turn whose first model is
answered here may print another line of the same value (its digest may move, its status and value
not). A turn whose first model is answered before step 3 never reaches this step: its answer is
unchanged, line included. Deterministic: the questions' answers and cuts read counts, the solves
stop at CP-SAT's deterministic time (one worker), no clock decides anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ortools.sat.python import cp_model

from ..solver.readback import SolverError
from ..solver.run import STATUS, tuned

if TYPE_CHECKING:
    from ..solver.deadline import Deadline
    from ..solver.model import LineModel
    from .floor_first import Memo

TOP_DOWN = False
"""Whether a first model that step 2 did not answer is asked at the relaxation's ceiling before
step 3 (module doc, session 101); False: step 3 at once, as before. Off by default: on, seed 4's
turn 19's first model is OPTIMAL 48 at 90 CPU s of the turn where it stayed open 600, but the turn
is still over 600 (its next group's member at the floor 49 stays open), no turn of the benchmark
became proven, and what the step costs where it answers nothing (up to `QUESTIONS` questions and
`TRIES` solves of `DET`) on the turns whose first model step 3 proves today is not measured (seed
5's turn 14 and seed 1's turn 16: their ceilings, 39 and 28, not solved at deterministic time 200
and 80). The tests turn it on; set it to measure it."""

QUESTIONS = 8
"""Relaxation questions the ceiling's search asks at most (upwards, then the bisection); not
proven within them: step 3."""

STATES = 100_000
"""States of relaxed searches each of those questions may start its searches within
(watch_defer's `Watch.counted`); a question cut by it ends the step (step 3)."""

DET = 25.0
"""CP-SAT's deterministic time of each floored solve (seed 4's turn 19's first model: its line at
the ceiling at 15.7, 30.7 CPU s). A solve that reaches it costs about 2 to 2.5 CPU s per unit on
the stalled first models (seed 5's turn 14: 200 in 510 CPU s, nothing found at its ceiling 39)."""

TRIES = 2
"""Floors solved at most (the ceiling, then one below each INFEASIBLE)."""

TRACE: Callable[..., None] | None = None
"""Called with the step's facts as keywords where set (tools/profile_two_turns_place.py)."""


def _trace(**facts: Any) -> None:
    if TRACE is not None:
        TRACE(**facts)


def ceiling(memo: Memo, low: int) -> int | None:
    """A value from `low` up that the relaxation does not prove out of reach, one above it proven
    (module doc: upwards by doubling steps, then bisected), within `QUESTIONS` questions; None
    where `low` itself is proven (the caller's steps would have answered), a question is cut by
    its count, or no value is proven within the questions."""
    asked = 0

    def proven(value: int) -> bool | None:
        nonlocal asked
        asked += 1
        return memo.counted(value, STATES)

    got = proven(low)
    if got is not False:
        return None
    lo, step = low, 2
    while True:
        if asked >= QUESTIONS:
            return None
        got = proven(low + step)
        if got is None:
            return None
        if got:
            hi = low + step
            break
        lo, step = low + step, step * 2
    while hi - lo > 1:
        if asked >= QUESTIONS:
            return None
        mid = (lo + hi) // 2
        got = proven(mid)
        if got is None:
            return None
        if got:
            hi = mid
        else:
            lo = mid
    return lo


class FirstLine(cp_model.CpSolverSolutionCallback):
    """Stops a floored search at its first line (at the floor, the value above it out of reach)."""

    def on_solution_callback(self) -> None:
        self.stop_search()


def solve_top_down(
    model: LineModel, memo: Memo, deadline: Deadline, workers: int, tuning: dict[str, object]
) -> tuple[str, cp_model.CpSolver, int] | None:
    """The first model at the relaxation's ceiling and below (module doc): OPTIMAL `f`, the solver
    holding a line of `f` (of a copy of the model with the floor `f`) and the bound `f`; else None."""
    if not TOP_DOWN or memo.reached is None:
        return None
    t = time.process_time()
    top = ceiling(memo, memo.reached + 1)
    _trace(kind="top_ceiling", low=memo.reached + 1, ceiling=top, cpu=round(time.process_time() - t, 2))
    if top is None:
        return None
    for floor in range(top, max(top - TRIES, memo.reached), -1):
        copy = model.m.clone()
        copy.add(model.primary >= floor)
        solver = tuned(deadline, workers, tuning, DET)
        t = time.process_time()
        status = STATUS[solver.solve(copy, FirstLine())]
        _trace(kind="top_solve", floor=floor, status=status, cpu=round(time.process_time() - t, 2))
        if status in ("OPTIMAL", "FEASIBLE"):
            value = int(solver.value(model.primary))
            if value != floor:  # floor + 1 was proven out of reach (module doc)
                raise SolverError(
                    f"a line of {value} at the floor {floor}, whose value plus one was proven out of reach"
                )
            memo.reach(value)
            return "OPTIMAL", solver, value
        if status != "INFEASIBLE":
            return None
    return None
