"""A two-turn model asked at a floor, its search stalled, helped by the relaxed line's cards
(session 80).

On seed 4's turn 15 (2016, south) the first placement's model is OPTIMAL 30, so each later
placement is asked at 31; the group of `tile -1,-2 r270` is not below 31 by the relaxation, and
its member `tile -1,-2 r270 blue@NW`'s model at floor 31 (the plain watched search,
board_solve's `_solve_to_ceiling`) found no line from 118 CPU s of the turn to its limit at 600
(docs/benchmarks.md, session 79). The relaxation's leaf at 31 excavates H02 and H09; the same
model with those two cards required and the value at least 31 is OPTIMAL 32 at deterministic time
30 (42.9 CPU s; session 80): the member reaches 32, and the turn's best is above 30. What
floor_cards.py does for a deferred search at the game's end (watch_defer's `solve_deferred`,
after its first pass) is done here for a floored search before the game's end
(`solve_floored`, `_solve_to_ceiling` where a floor is asked and the watch is not deferred):

1. *A first pass*: the watched search stopped at floor_first's `FIRST_DET`, each question with
   floor_first's `IN_PASS` (floor_first's `Memo.budgeted`). Ended by the search's own end (a
   line proven, or INFEASIBLE: nothing reaches the floor) or by a proven question, that is the
   answer.
2. *The relaxed line's cards* (floor_cards.py's `cards_line`): stopped at its limit, for the value
   the search needs next (the pass's best plus one where it found a line, else the floor), the
   relaxation is asked in full of a fresh `Below`, and the model narrowed to the cards (its
   rounds: final boards, goal readings, one value up) of the leaf that reached it; a line of `w`
   the relaxation proves `w + 1` out of reach of is the answer, OPTIMAL `w`.
3. *Else the plain watched search from its start*, as without this module, the questions already
   answered read from the pass's memo.

Why it is sound and deterministic: floor_first.py's argument (steps 1 and 3) and floor_cards.py's
(step 2), unchanged: the pass is a prefix of the plain search (one worker, deterministic; only a
proven yes stops it, a spent question lets it go on), and at its limit it stops at CP-SAT's
deterministic time; a narrowed model's line is a line of the model (the floor included), and
OPTIMAL `w` only where the relaxation (a sound bound on every line of the placement,
reach_below.py) proves `w + 1` out of reach, so the status, value and bound are the plain
search's: OPTIMAL `w`, bound `w`. The line is one of the optimum, read back, replayed and scored
by the engine in `best_two_turns`, not necessarily the plain search's (the digest of a turn whose
answer comes through here may move, its value not). Step 2's questions are asked of a fresh
`Below` (they read only the position and the value, no budget, no memo), its solves stop at a
deterministic time. A model whose search ends within the first pass (most of the floored models,
INFEASIBLE or their line found soon) answers as before, line included.

*The leaf's cards before a floored member's model* (session 95, `CARDS_FIRST`, on). Where a
member's solve at a floor (board_solve's `best_two_turns`, the watch not deferred, `FLOORED` off)
reaches its model, realise.py's `floor_line` searched the relaxed leaf at the value asked and the
engine did not play it (or played a line whose value plus one the watch did not prove); the
model is then first solved narrowed to the map cards that leaf excavates (floor_first.py's
`narrowed`: each card excavated in either turn, the value at least the one asked), for `CARDS_DET`
of CP-SAT's deterministic time, watched as the model is (watched.py's `Meets`: at each new best
value `v` the watch, `Retried` of watch_split.py, asks `v + 1`, and the search stops where it is
proven). Stopped there, the answer is that line, OPTIMAL `v`, bound `v`; else (no line, or no
value proven the most, or the limit) the model is solved as before. On seed 4's turn 15 (2016,
south) the member `tile -3,2 r270 green@SE` at the floor 33: the leaf at 33 loads two cubes in turn
1, sells and buys at Thera, digs M03 and M02 in turn 2; the engine plays no line of it (200,000 and
578,352 plays, with turn 1's sales kept too: realise_climb's `climb_line` finds none either), and
the model's first line, 33, comes at 187.6 CPU s (1.65M branches; 34 then proven below in 7.5 s).
The engine's line of 33 sells the blue aboard and digs M03 in turn 1, loads a green in turn 2 and
digs M02: the leaf's cards, another shape. Narrowed to M02 and M03 the model finds 33 at 15.5 CPU
s, and 34 is proven below (docs/benchmarks.md, session 95, h95green).

Why it is sound. The narrowed model is the model with more constraints (floor_first.py's
argument): each of its lines is a line of the model, the floor and cap included, so a line of
value `v` there is one of the model's. The search stops only at a line whose `v + 1` the watch
proves out of reach (the relaxation, cheap or split, bounds every line of the member: reach_below.py,
reach_split.py), so no line of the model beats `v`: the model's optimum is `v`, the status, value
and bound of the plain search (OPTIMAL `v`, bound `v`). The line is one of the optimum, read back,
replayed and scored by the engine in `best_two_turns` (`engine_value`), not necessarily the plain
search's: a turn whose answer comes through here may print another line of the same value (its
digest may move). Where nothing is proven the narrowed solve answers nothing: no line of it,
no INFEASIBLE of it and no bound of it is read (it proves nothing of the model), and the model is
solved from its start as before. Deterministic: one worker, a deterministic time limit, the
questions' answers read no clock (the analysis's time limit aside, which ends a question as not
proven and the model's solve after it as before).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ortools.sat.python import cp_model

from ..solver.deadline import Deadline
from ..solver.run import pass_answer
from . import floor_cards, floor_first
from .watched import Meets

if TYPE_CHECKING:
    from ..solver.model import LineModel
    from .realise import Leaf
    from .watched import OutOfReach

FLOORED = False
"""Whether a watched two-turn model asked at a floor, its watch not deferred, runs the first pass
and the relaxed line's cards first (module doc); False: the plain watched search, as before. Off
by default since session 80: no turn of docs/benchmarks.md became proven by it or by floor_first's
`FINALS_AFTER_LINE` (s4t15 still over 600), and what they cost on the floored models of other
turns is not measured (the pass and the cards' rounds are paid by every floored model whose plain
search outlasts `FIRST_DET`: about 68 CPU s on s4t15's member at floor 33, where they found
nothing). The tests turn it on; set it to measure it."""

TRACE: Callable[..., None] | None = None
"""Called with each step's facts as keywords where set (tools/profile_two_turns_place.py)."""


def _trace(**facts: Any) -> None:
    if TRACE is not None:
        TRACE(**facts)


def solve_floored(
    model: LineModel,
    out_of_reach: OutOfReach,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object],
    floor: int,
) -> tuple[str, cp_model.CpSolver, int | None]:
    """`_solve_to_ceiling` of a model asked at `floor` (its constraint in the model already) with
    the first pass and the relaxed line's cards first (module doc): the status, the solver
    holding the line, and the bound (None: the solver's)."""
    memo = floor_first.Memo(out_of_reach)
    status, solver, meets, cpu = floor_first.first_pass(model, memo, deadline, workers, tuning)
    best = int(solver.value(model.primary)) if status in ("OPTIMAL", "FEASIBLE") else None
    if best is not None:
        memo.reach(best)  # the plain search's questions at or below it answered no at once
    _trace(kind="floored_pass", floor=floor, status=status, value=best, met=meets.met, cpu_all=cpu)
    answer = pass_answer(model.m, model.primary, status, solver, meets.met, deadline)
    if answer is not None:
        return answer
    if floor_cards.CARDS and hasattr(out_of_reach, "below"):
        need = floor if best is None else best + 1
        found = floor_cards.cards_line(
            model,
            out_of_reach,  # type: ignore[arg-type]  # a watch with `below` and `pos` (watch_defer's, watched's `Known`)
            need,
            solver if best is not None else None,
            deadline,
            workers,
            tuning,
        )
        if found is not None:
            return found
    return floor_first.plain_search(model, memo, deadline, workers, tuning)


CARDS_FIRST = True
"""Whether a floored member's model is first solved narrowed to the cards of the relaxed leaf
realise.py's `floor_line` did not realise (module doc, session 95); False: the model at once, as
before."""

CARDS_DET = 10.0
"""CP-SAT's deterministic time of that narrowed solve (floor_cards.py's `DET`): on seed 4's turn
15's member `tile -3,2 r270 green@SE` its line of 33 came at 15.5 CPU s of about 19 to this limit."""


def leaf_cards(leaf: Leaf) -> frozenset[str]:
    """The map cards the relaxed leaf excavates (its last state's, `Reached.cards` as it read them)."""
    return frozenset(card for _, card in leaf.path[-1].dug) if leaf.path else frozenset()


def cards_first(
    model: LineModel,
    out_of_reach: OutOfReach,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object],
    last: tuple[int, Leaf] | None,
) -> tuple[str, cp_model.CpSolver, int] | None:
    """The model (its floor in it already) narrowed to the cards of the last leaf `floor_line` saw
    (`last`: the value it was asked at and that leaf), solved for `CARDS_DET`, watched (module
    doc): OPTIMAL `v`, the solver holding that line and the bound `v`, where the watch proves
    `v + 1` out of reach; else None (the model is solved as before)."""
    if last is None or getattr(out_of_reach, "deferred", False):
        return None
    ask, leaf = last
    cards = leaf_cards(leaf)
    meets = Meets(model.primary, out_of_reach)
    got = floor_first.narrowed_solve(model, cards, ask, CARDS_DET, deadline, workers, tuning, meets) if cards else None
    if got is None:
        return None
    value = got.value if meets.met else None
    _trace(
        kind="member_cards", ask=ask, cards=sorted(cards), status=got.status, met=meets.met, value=value, cpu=got.cpu
    )
    return None if value is None else ("OPTIMAL", got.solver, value)
