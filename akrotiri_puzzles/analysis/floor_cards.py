"""A game-end model at a floor, its search stalled, helped by the relaxed line's cards and final
board (session 71).

On seed 3's turn 26 (2016, north, the hero one temple from the end) the placement `tile 1,-2 r270
gray@NW` is asked at 56 (the best so far 55): the relaxation says not below, and its relaxed line
is a real one: oracle for a volcano (L21), sail to the island of (-2,-5), load, turn 2: place L21
at (-1,3), sell 3 cubes at Thera, buy the hard deck's top card (H03), three Move actions to the
island of (-1,5), excavate H03: 56 in the engine (and a line of 57 with a sale and the buy in
turn 1; 58 below by the relaxation). Its model at floor 56 (watch_defer's passes) found no line
in 268 CPU s (session 69) and none at deterministic time 80 (263 CPU s, session 71); the same
model with H03 required finds 56 in 2 CPU s, and with H03 required and the line's final board
(the class of L21 at (-1,3), r0) 57 in 16 (docs/benchmarks.md, session 71).

Here (`cards_line`, called by watch_defer's `solve_deferred` once, after its first pass stopped
at its limit without an answer), for the value `v` the search needs next (the floor where the pass
found no line, its best plus one where it found one):

1. The relaxation's question at `v` is asked in full of a fresh `Below` (the watch's class, no
   memo of earlier questions): yes where `v` is the best plus one is the answer (OPTIMAL, that
   line), as the plain search would end there; a no gives the map cards (`Reached.cards`) and
   final boards (`Reached.finals`) of the last relaxed leaf that reached `v`.
2. The model is solved for `DET` of CP-SAT's deterministic time with each of those cards
   excavated (in either turn) and the value at least `v`; from the round `FINALS_FROM` on (the
   second: session 72), its line's final board one of those boards too (the model's classes
   whose final board it is; all of them where none is). Where that solve finds no line
   (`GOALS`, session 73), it is solved once more, for `DET` too, with each goal card the hero
   holds also scoring at least the points the leaf read for it on its best final board
   (`Reached.goals`, the model's `goal_points`).
3. A line of value `w` found there: the question at `w + 1` in full (a fresh `Below`); yes, the
   answer is that line, OPTIMAL `w`, bound `w`; no, steps 2 and 3 again at `w + 1` with that
   no's cards and boards, `ROUNDS` times at most. Else None: the passes go on as before.

Why the cards alone first (session 72). The relaxed leaf's final board is a strong guess from a
line that may not be real: a relaxed stop is a spot, whose docks are all of its islands', so a
relaxed line may load at an island and leave it from another of its docks without the portage
(R-MOVE-1: a step costs a point). On seed 4's turn 24 (2016, north, `tile -1,-2 r0 gray@NW`, the
pass at 50) the leaf at 51 and at 55 lies on one board (L02 r270 at the slot (2,1)); its line of
55 (3 cubes sold in each turn, H06 excavated at (-2,9)) needs at least 13 actions of the 12 in
the engine (the start dock -2,-2NE has no ship step to Thera: a portage first). Narrowed to H06
and that board the model finds 54 and then nothing at 55; narrowed to H06 alone it finds 55 (an
oracle in turn 1, another board) and the relaxation proves 56 out of reach. On seed 3's turn 26
the board was needed for the second line (57), not the first (56, found at once with the card
alone), and the second round is the same solve as before this change.

Why the goal readings (session 73). On seed 1's turn 30 (2016, north) the cover of `tile 2,-1 r0
green@NE`'s group is asked at 57 (the best of the 100 groups before it 56): the first pass finds
58, the relaxation says 59 not below (H07 on the island of (-9,1) in turn 2, the goal cards read
G01 6, G03 8, G08 6 on the leaf's board) and 60 below. The relaxation over-counts nothing there: a
line of 57 of that shape is real (the engine's score: H07's temple at portage distance 1 on an
island with no icon, R-GOAL-1, R-GOAL-3; the next tile gives H04's island its third icon,
R-GOAL-8; 12 drachmas), and one of 59 (five cubes sold). But the model narrowed to H07 finds
nothing at 59 in `DET` 10 (nor H07 with the leaf's board, nor the passes at 20 and 40, to the
CPU limit); with the three readings required too it finds 59 within `DET`, and 60 is below:
OPTIMAL 59 at about 80 CPU s where the cover's solve ran to the turn's limit. The readings are a
guess like the cards: a real line may score fewer goal points and more drachmas, so they come
only after the cards alone (and with them the final boards, from `FINALS_FROM`) find nothing.

Why the goals on any board (session 76, `GOALS_ANY_BOARD`). On seed 4's turn 24 (2016, north) the
placement `tile -1,-2 r180 gray@NE` is asked at 56: the cards' round finds 58 (H06), 59 is not
below, and the second round, narrowed to H06 and the leaf's board (L01 at (-3,-3) r0), finds
nothing, nor with the goal readings; the passes find 59 at about 584 CPU s of the turn. The real
line of 59 ends on another board (the oracle's L20 at (-3,-2) r180, laid beside the boat's island,
its cubes loaded in turn 2): the leaf's board comes from a relaxed line that is not a line (its
start portage unpaid). The model narrowed to H06 and the goal readings on any board finds 59 in
9.5 CPU s (det 10). So a round that kept the boards and found nothing either way tries the cards
and readings once more without them. It runs only where both solves before it found nothing,
so a turn whose rounds found a line there answers as before.

Why the goals once more, for longer (session 77, `GOALS_AGAIN`). On seed 5's turn 22 (2016,
north, the hero one temple from the end) the first placement `tile -1,-3 r0 blue@NE` is found at
56 by the first pass; 57 is not below (H09 the leaf's card), and the first round's solves at 57,
H09 alone and H09 with the readings (G07 6, G11 12), find nothing within `DET` 10; the passes sit
at 56 past 300 CPU s. A line of 57 exists (the engine's score: 36 for the six map cards, G07 6
and G11 12, R-GOAL-7, R-GOAL-11, and 30 drachmas, R-SCORE-1: six cubes sold, R-FREE-1, where the
line of 56 sells three) and 58 is below by the relaxation, so the placement's optimum is 57. The
model narrowed to H09 and the readings finds 57 at deterministic time 30 (36.6 CPU s). So a round
that kept no final boards (the first, `FINALS_FROM`) and whose solve with the readings found no
line within `DET` solves that narrowed model once more for `GOALS_AGAIN`. It runs only where that
solve found nothing, so every turn whose rounds found a line within `DET` answers as before (the
same solves, the same lines); elsewhere it costs one solve of `GOALS_AGAIN` at most per round.

Why one value up (session 77, `UP`). On seed 5's turn 22 the second group's placement `tile
-1,-3 r180 blue@NW` is asked at 58 (the best so far 57): its first pass finds no line; the leaf at
58 digs H01, and no solve of H01 finds a line (the goals' again for 30 neither); the passes find 58
at det 40 and 59 at det 160, 342 CPU s in all, and 60 is below. The leaf at 59 digs H09 instead
(goal readings G04 0, G07 8, G11 12), and the model narrowed to H09 and those readings finds 59 in
13 CPU s (det 10). A leaf that reaches `value` may be a line of another shape than those that reach
`value + 1` (a cheaper card, fewer sales), and where the solves at `value` find nothing, the richer
leaf is the better guess. So a round whose solves all found no line asks the relaxation once at
`value + 1` (in full, a fresh `Below`): below, the step ends as before (None: the passes go on);
else the same round runs again at `value + 1` with that leaf's cards, boards and readings. A line
found there is a line of the model (the narrowed model's floor is above the model's, nothing else
changes), proven as any other by the question one above its value. It runs only where a round found
nothing, where the step used to end.

Why it is sound (floor_first.py's step 2, extended). The cards, the class and the goal points narrow the model:
every line of the narrowed model is a line of the model (the same variables and constraints, more
of them, the floor and cap included), so `w` is at most the model's optimum; the relaxation
proves that no line reaches `w + 1` (a sound bound on every line of the placement,
reach_below.py), so the optimum is `w`: the status, value and bound are those of the plain
search (OPTIMAL `w`, bound `w`). The line is one of the optimum, read back, replayed and scored
by the engine in `best_two_turns` as any other (`engine_value`), but not necessarily the one the
plain search would have returned: the digest of a turn whose answer comes through here may differ
from the plain search's. Nothing here reads a budget or a clock: the questions are asked in full
of a fresh `Below` (whose answers and leaves read only the position and the value, not the
watch's memo of budgeted questions), and the solves stop at a deterministic time, so the same
run gives the same bytes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ortools.sat.python import cp_model

from ..solver.deadline import Deadline, TimeUp
from ..solver.run import STATUS, tuned
from .floor_first import narrowed
from .reach import reach_two_goals

if TYPE_CHECKING:
    from ..board import Board
    from ..position import Position
    from ..solver.model import LineModel


class Watch(Protocol):
    """What this module reads of watch_defer's `Watch` (a protocol: watch_defer imports this
    module): the position and its relaxation's `Below`."""

    below: Any
    pos: Position


CARDS = True
"""Whether a game-end model's search stalled at its first pass tries the relaxed line's cards
and final boards (module doc); False: the passes alone, as before session 71."""

DET = 10.0
"""CP-SAT's deterministic time of each narrowed solve."""

ROUNDS = 2
"""Narrowed solves at most (each one value higher than the last line found)."""

FINALS_FROM = 1
"""The first round (counted from 0) whose narrowed model keeps only the leaf's final boards too;
the rounds before it narrow by the cards alone (module doc; 0: every round, as in session 71)."""

GOALS = True
"""Whether a round whose narrowed solve finds no line solves again with the relaxed leaf's goal
readings required too (module doc, session 73); False: the round ends the step, as before."""

GOALS_ANY_BOARD = True
"""Whether a round that kept the leaf's final boards and found no line with them, nor with the
goal readings too, solves once more with the cards and goal readings on any board (session 76):
on seed 4's turn 24 the leaf's board is not the real line's (module doc); False: as before."""

GOALS_AGAIN = 30.0
"""CP-SAT's deterministic time of one more solve of the first round's cards and goal readings
(on any board), where that solve found no line within `DET` (session 77, module doc); 0: not, as
before."""

UP = True
"""Whether a round whose solves found no line at `value` asks the relaxation once at `value + 1`
and, not below, runs that round again there with that leaf's cards, boards and readings (session
77, module doc); False: the round ends the step, as before."""

TRACE: Callable[..., None] | None = None
"""Called with each step's facts as keywords where set (tools/profile_two_turns_place.py)."""


def _trace(**facts: Any) -> None:
    if TRACE is not None:
        TRACE(**facts)


def fresh_question(watch: Watch, value: int) -> tuple[bool, frozenset[str] | None, frozenset[Board] | None]:
    """The relaxation's question at `value` in full, of a fresh `Below` of the watch's class:
    whether it proves `value` out of reach (False where the analysis's time limit stops it), and
    the cards and final boards of the last relaxed leaf that reached it (None where none did)."""
    return fresh_leaf(watch, value)[:3]


def fresh_leaf(
    watch: Watch, value: int
) -> tuple[bool, frozenset[str] | None, frozenset[Board] | None, dict[str, int] | None]:
    """`fresh_question`, and the points of each goal card the hero holds that the last relaxed
    leaf reaching `value` read on its best final board (`Reached.goals`; None where none did)."""
    below = type(watch.below)()
    below.deadline = getattr(watch.below, "deadline", None)
    reach_two_goals.Reached.cards = None
    reach_two_goals.Reached.finals = None
    reach_two_goals.Reached.goals = None
    reach_two_goals.Reached.read_goals = GOALS
    try:
        proven = bool(below(watch.pos, value))
    except TimeUp:
        proven = False
    finally:
        reach_two_goals.Reached.read_goals = False
    got = reach_two_goals.Reached
    return proven, got.cards, got.finals, got.goals


def _asked(
    watch: Watch, value: int, **facts: object
) -> tuple[bool, frozenset[str] | None, frozenset[Board] | None, dict[str, int] | None]:
    """`fresh_leaf` at `value`, traced (`TRACE`) with its answer, its cards, `facts` and its CPU."""
    t = time.process_time()
    got = fresh_leaf(watch, value)
    _trace(
        kind="cards_ask",
        ask=value,
        below=got[0],
        cards=sorted(got[1] or ()),
        **facts,
        cpu=round(time.process_time() - t, 2),
    )
    return got


def cards_line(
    model: LineModel,
    watch: Watch,
    value: int,
    solver: cp_model.CpSolver | None,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object],
) -> tuple[str, cp_model.CpSolver, int] | None:
    """Steps 1 to 3 (module doc) for the value the search needs next, `value`; `solver` holds the
    pass's line (of value `value - 1`) where it found one, else None. The answer, or None."""
    if getattr(watch, "below", None) is None:
        return None  # a watch without the relaxation's `Below` (tests' exact watches)
    proven, cards, finals, goals = _asked(watch, value)
    if proven:
        return None if solver is None else ("OPTIMAL", solver, value - 1)
    rnd, went_up = 0, False
    while rnd < ROUNDS:
        if cards is None:
            return None
        with_finals = rnd >= FINALS_FROM
        kept = finals if with_finals else None
        got = _narrowed_line(model, cards, value, kept, None, deadline, workers, tuning)
        if got is not None and got[1] is None and GOALS and goals:
            got = _narrowed_line(model, cards, value, kept, goals, deadline, workers, tuning)
            if got is not None and got[1] is None and kept is not None and GOALS_ANY_BOARD:
                got = _narrowed_line(model, cards, value, None, goals, deadline, workers, tuning)
            if got is not None and got[1] is None and kept is None and GOALS_AGAIN > DET:
                got = _narrowed_line(model, cards, value, None, goals, deadline, workers, tuning, GOALS_AGAIN)
        if got is None:
            return None
        found, w = got
        if w is None:
            if not UP or went_up:
                return None
            # Nothing at `value`: once, the leaf one value higher (`UP`, module doc), this round again.
            went_up = True
            proven, cards, finals, goals = _asked(watch, value + 1, up=True)
            if proven:
                return None
            value += 1
            continue
        proven, cards, finals, goals = _asked(watch, w + 1)
        if proven:
            return "OPTIMAL", found, w
        value = w + 1
        rnd += 1
    return None


def _narrowed_line(
    model: LineModel,
    cards: frozenset[str],
    value: int,
    finals: frozenset[Board] | None,
    goals: dict[str, int] | None,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object],
    det: float | None = None,
) -> tuple[cp_model.CpSolver, int | None] | None:
    """Step 2's solve (module doc): the model narrowed to `cards`, `value` and, where given,
    `finals` and `goals`, for `det` (`DET` unless told): the solver and its line's value (None:
    no line found), or None where a card has no excavation in the model."""
    copy = narrowed(model, cards, value, finals, goals)
    if copy is None:
        return None
    found = tuned(deadline, workers, tuning, DET if det is None else det)
    t = time.process_time()
    got = STATUS[found.solve(copy)]
    w = int(found.value(model.primary)) if got in ("OPTIMAL", "FEASIBLE") else None
    _trace(
        kind="cards_solve",
        ask=value,
        finals=finals is not None,
        goals=goals is not None,
        det=det,
        status=got,
        value=w,
        cpu=round(time.process_time() - t, 2),
    )
    return found, w
