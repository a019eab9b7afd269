"""A turn's first model after a climb that realised lines but proved none: the model narrowed to
the cards of the leaf above the climb's best line (session 98, `CLIMB_CARDS`).

On seed 2's turn 21 (2016, south) the first placement's model (`tile -1,-4 r0`, no floor) is
OPTIMAL 24. Its first pass (floor_first.py's step 1) stops at 17; step 1b's climb
(realise_climb.py's `climb_line`, from 18) realises 19 and 21, and at 22 the relaxation answers no
and the engine realises none of the leaves reaching 22, so the climb proves nothing and answers
None. Until session 98 its best line (21) was then forgotten: step 2 narrowed the model to the
cards of the pass's no at 18 (E08, H01, M01) at the floor 18, found 19, unproven, and step 3's
counted pass searched the whole model from its start, about 100 CPU s of CP-SAT to find 24 (25
then proven below): the first model 148.5 CPU s of the turn's 602.7-645.1 (docs/benchmarks.md,
session 97).

Here (`after_climb`, floor_first.py's `solve_floor_first` right after step 1b answered nothing),
where the climb realised a line of `w` (`Memo.climbed`), the memo is told that a line reaches `w`
(`Memo.reach`: the questions at `w` and below are answered no at once, floor_first's `REACHED_NO`),
and the model is solved narrowed to the map cards of the relaxed leaf behind the climb's no at
`w + 1` (`Memo.leaves`, asked in full by the climb) with the value at least `w + 1`
(floor_first.py's `narrowed_solve`), for `DET` of CP-SAT's deterministic time, watched as step 2's
solve is (each new best value plus one asked within floor_first's `IN_PASS`). A line of `v` whose
`v + 1` the watch proves, or the question at `v + 1` in full proves after the solve, is the
answer: OPTIMAL `v`. A line of `v` not proven: the same again at `v + 1` with the leaf of that no,
`ROUNDS` solves at most. Else (no line, no cards, a card the model cannot dig) the steps after it
run as before (step 2, then step 3), the memo knowing that a line reaches the best found.

Why it is sound. The climb's line is an engine line of the member's two-turn puzzle (realised
from its start, scored by the engine at turn 2's end), so the model's optimum is at least `w`:
the relaxation, a sound bound on every line (reach_below.py), never proves `w` or a value below it
out of reach, so the questions answered no at once are answers the relaxation gives in full
(floor_first.py's argument for `REACHED_NO`: a no stops nothing). The narrowed model is the model
with more constraints (each card excavated in either turn, the floor): each of its lines is a
line of the model, so a line of `v` there is one of the model's, and where the relaxation proves
`v + 1` out of reach no line of the model beats `v`: the model's optimum is `v`, the status, value
and bound of the plain search (OPTIMAL `v`, bound `v`). A narrowed solve that finds nothing, or
nothing proven, answers nothing (no INFEASIBLE or bound of it is read: it proves nothing of the
model), and the steps after it run as without it. The line is one of the optimum, read back,
replayed and scored by the engine in board_solve's `best_two_turns` (`engine_value`), not
necessarily the plain search's: a turn whose first model is answered here may print another line
of the same value (its digest may move, its status and value not). Deterministic: one worker, a
deterministic time limit; a question within its budget is the question in full, a spent one
stops nothing (floor_first.py's argument); the cards read are those of a question asked in full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ortools.sat.python import cp_model

from . import floor_first
from .watched import Meets

if TYPE_CHECKING:
    from ..solver.deadline import Deadline
    from ..solver.model import LineModel

CLIMB_CARDS = True
"""Whether a first model whose step 1b climb realised a line of `w` but proved none is next solved
narrowed to the cards of the leaf behind the climb's no at `w + 1` (module doc, session 98);
False: step 2 at once, the climb's line forgotten, as before."""

DET = 10.0
"""CP-SAT's deterministic time of each narrowed solve."""

ROUNDS = 2
"""Narrowed solves at most (each one value above the last line found, with that no's leaf)."""

TRACE: Callable[..., None] | None = None
"""Called with each solve's facts as keywords where set (tools/profile_two_turns_place.py)."""


def _trace(**facts: Any) -> None:
    if TRACE is not None:
        TRACE(**facts)


def after_climb(
    model: LineModel,
    memo: floor_first.Memo,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object],
) -> tuple[str, cp_model.CpSolver, int] | None:
    """The model narrowed to the cards of the leaf above the climb's best line (module doc):
    OPTIMAL `v`, the solver holding that line and the bound `v`, where the relaxation proves `v + 1`
    out of reach; else None (the memo told that a line reaches the best value found)."""
    if not CLIMB_CARDS or memo.climbed is None:
        return None
    memo.reach(memo.climbed.value)
    ask = memo.climbed.value + 1
    for _ in range(ROUNDS):
        cards, _finals = memo.leaves.get(ask, (None, None))
        if not cards:
            return None
        watched = Meets(model.primary, memo.budgeted(floor_first.IN_PASS))
        got = floor_first.narrowed_solve(model, cards, ask, DET, deadline, workers, tuning, watched)
        value = None if got is None else got.value
        if value is not None:
            memo.reach(value)
        proven = value is not None and (watched.met or memo(value + 1))
        _trace(
            kind="climb_cards",
            ask=ask,
            cards=sorted(cards),
            status=None if got is None else got.status,
            value=value,
            proven=proven,
            cpu=None if got is None else got.cpu,
        )
        if got is None or value is None:
            return None
        if proven:
            return "OPTIMAL", got.solver, value
        ask = value + 1
    return None
