"""A two-turn model's stalled search helped by the relaxed line's cards (session 69).

On seed 4's turn 23 (2016, south, the hero 2 temples from the end, 6 actions each turn) the first
placement's model (`tile -1,-2 r0 gray@NE`, no floor) finds a line of 52 at 17 CPU s and nothing
better in the next 200; the relaxation (reach_below's `Below`) says 53 and 54 not below, 55
below. Its relaxed line at 53 excavates H07 and H11: the same model with those two cards
required finds a line of 54 in about 20 CPU s, and 55 is out of reach, so the placement's
optimum is 54, where the plain search had proven nothing after 400 CPU s (docs/benchmarks.md,
session 69). Here (`solve_floor_first`, board_solve's `_solve_to_ceiling` where the watch is
not deferred):

1. *A first pass*: the watched search (watched.py's `Meets`, the relaxation's question at each new best
   value plus one) stopped at `FIRST_DET` of CP-SAT's deterministic time, each question with a
   budget of `IN_PASS` CPU s (watch_defer's `Watch.within`, where the watch has it: a question
   whose relaxed searches spend it answers nothing, and the search goes on as after a no;
   session 70). Ended by the search's own end or by a proven question, that is the answer
   (below). Stopped at its limit at a line of value `b`, the pass asks `b + 1` in full: proven,
   the answer is that line, OPTIMAL `b`. The map cards of the last relaxed leaf that reached a
   value (`reach_two_goals.Reached.cards`) are read at each question that answered no.
   *Step 1b, session 86* (where realise.py's `REALISE_FIRST` and `LEAF_ROUNDS` is not 0;
   `leaf_line`, given by board_solve's `best_two_turns`): where the pass stopped at its
   limit at `b` and `b + 1` answered no, the relaxed leaf of that no is played through the engine
   (realise_climb.py's `climb_line` from `b + 1` since session 87, realise.py's `floor_line`
   before; `LEAF_ROUNDS` values realised at most, its questions the memo's, in full) before any
   other solve: an engine line of `w >= b + 1` whose `w + 1` the relaxation proves out of reach
   is the answer, OPTIMAL `w`, that line (no CP-SAT after the pass). Else step 2 runs as without
   it (the memo's cards, those of the no at `b + 1`, left as they were; the step's answers in the
   memo are the same questions asked in full). Session 87's rounds share their leaf searches
   (the group of the memo's no at a value searched first), search a leaf before asking a
   question, and let the realiser go on past the value asked: on seed 4's turn 14 they answer
   OPTIMAL 28 in about 23 CPU s where steps 2 and 2b took about 33 (the questions at 26 and 29
   asked by both), where session 86's rounds took 37-46. Session 88's rounds go on to the other
   groups' leaves where the engine does not realise the first, and may keep turn 1's sales for
   turn 2 (realise_climb's `FALLBACK`, `DEFER`): seed 4's turn 15's first model, OPTIMAL 30, in
   95.8 CPU s where CP-SAT's steps 2 and 3 took it to 149.0. Sound: the line is one the engine plays from the member's two-turn
   puzzle and scores at turn 2's end (replayed again in `best_two_turns`), so the optimum is at
   least `w`; the relaxation (reach_below.py) is a sound bound on every line, so no line reaches
   `w + 1`: the optimum is `w`, bound `w`, the status, value and bound of the plain search. The
   line may not be the one the plain search returns, so the digest of a turn whose first model is
   answered this way may move. Deterministic: the realiser stops at a count of engine plays, no clock.
2. *A line from those cards*: where the pass stopped at its limit, the model is solved again
   with every one of the last no's cards excavated (in either turn) and the value asked at least
   `b + 1`, for `FLOOR_DET`, its questions with the budget `IN_PASS`. A line it finds is a line
   of the model: read back, replayed and scored by the engine in `best_two_turns` as any other
   (`engine_value`). Where the relaxation proves its value `w` plus one out of reach (inside that
   solve, or at its end asked in full), the answer is that line, OPTIMAL `w`, bound `w`.
   *2b. With the leaf's final boards too* (session 79, `_finals_line`): where that solve found no
   line, the model is solved again narrowed to the same cards *and* the final boards of the same
   relaxed leaf (`Reached.finals`: the model's classes whose final board is one of them, as
   floor_cards.py's rounds from `FINALS_FROM` narrow), at least `b + 1`, for `FINALS_DET`, no
   watch. A line of value `w`: the question at `w + 1` in full; proven, the answer is that line,
   OPTIMAL `w`; not, the same at `w + 1` with the cards and boards of the leaf that reached it,
   `FINALS_ROUNDS` solves at most. On seed 4's turn 14 (2016, north) the first placement `tile
   -1,-2 r0 blue@NE` stops its pass at 24; the cards alone (E05, E12, M03) find nothing at 25 in
   `FLOOR_DET`; with the leaf's board too the model finds 25 (6 CPU s), then at 26 with the next
   leaf's cards and board 28, and 29 is below: OPTIMAL 28 at 47 CPU s of the model and its
   questions, where the plain search had found 23 in 600 (docs/benchmarks.md, session 79).
   *After a line of the cards* (session 80, where `FINALS_AFTER_LINE`, off by default): where step 2's solve found a
   line of `w` that the relaxation does not prove the most (the question at `w + 1` in full
   answered no), 2b runs the same way at `w + 1`, with the leaf of that no. On seed 4's turn 15
   (2016, south) the first placement `tile -1,-2 r0 blue@NE` stops its pass at 25; the cards
   (E01, E05) find 26, 27 is not below, and 2b never ran: the plain search then proved OPTIMAL 30
   at 160 CPU s of the turn (profile; docs/benchmarks.md, session 80).
   *2c. At the relaxation's ceiling* (session 101, top_down.py's `solve_top_down`, given by
   board_solve): where steps 2 and 2b answered nothing, the model is solved at the value the
   relaxation does not prove with the one above it proven, and below it where INFEASIBLE.
3. *Else the plain watched search from its start*, as without this module, the questions
   already answered read from a memo (a question whose budget was spent is asked in full).
   *Values a line reaches, answered no at once* (session 88, `REACHED_NO`): a question at a
   value no more than the best line a step found (the pass's best, a line of step 2 or 2b:
   `Memo.reached`) is not asked. The plain search starts again from nothing, so it asks at each
   of its new best values plus one, most of them below the line the steps found: on seed 1's
   turn 25 (2016, south) the first placement's steps found 44 and then 50 unproven, and the plain
   search asked 41, 42, 44 and 46 to 50 in full, about 100 CPU s of questions that had to answer
   no, before its line of 56 (57 proven out of reach).
   *A counted pass first* (session 89, `PLAIN_BUDGET`, `counted_pass`): step 3 first runs the
   plain watched search from its start stopped at `PLAIN_DET` of CP-SAT's deterministic time,
   each question allowed `PLAIN_STATES` states of relaxed searches (watch_defer's
   `Watch.counted`: a search does not start once the states the question's searches visited
   reach the count; a count, no clock). Ended by the search's own end or by a question proven
   within its count, that is the answer; stopped at its limit at a line of `b`, `b + 1` is asked
   in full: proven, the answer is that line, OPTIMAL `b`; else the plain search runs as above
   (*3b*), the memo knowing that a line reaches `b`. On seed 1's turn 25 the plain search asked
   52 to 55 (each a no, 55 alone 120 CPU s: near a line, each group's relaxed search is dear)
   before its line of 56 came, at about 100 CPU s of CP-SAT from its start; the counted pass cuts
   them and asks 57 once, at its end: with step 1b off (`LEAF_ROUNDS` 0), the model 284.6 CPU s
   where the plain search took 419.3. With step 1b on, its rounds answer that model (a leaf of 56
   realised, 427 CPU s of rounds: OPTIMAL 56 at 481.2) and step 3 is not reached. What a cut
   question's searches proved below is kept for the later questions (reach_known.py: a group
   below a value is below every value above it).

Why it is sound, and what it changes. The required cards (and, in step 2b, the final boards: a
constraint on the model's classes, R-TILE-1's placement of the next tile) only narrow the model: every line of
the narrowed model is a line of the model (the same variables and constraints, more of them),
so its best `w` is at most the model's optimum; the relaxation proves that no line reaches `w +
1` (a sound bound on every line of the placement, reach_below.py), so the optimum is `w`: the
status, value and bound are those of the plain search (OPTIMAL `w`, bound `w`). The line is a
line of the optimum, checked by the engine, but not necessarily the one the plain search would
have returned: the digest of a turn whose answer comes through step 2 may differ from the plain
search's (the turns of docs/benchmarks.md's known digests whose models end within the first pass
never reach step 2). A pass that ends at the search's own end or at a proven question is a prefix
of the plain search (one worker, deterministic; `_solve_to_ceiling`'s argument): the same answer,
line included. A question answered within its budget is the same question asked in full (the
same relaxed searches, none cut), and one whose budget is spent stops nothing: only a proven yes
ends a pass, and a yes holds whatever was asked before it (watch_defer's argument). The yes at
the pass's end, at its line of `b`: no line reaches `b + 1`, so the plain search, the same search
up to that line, either stops there (its question says yes) or records nothing after it (nothing
beats `b`) and ends OPTIMAL with it: the same line either way. The budgets decide no output (a
CPU budget is not reproducible): a spent question stops nothing, the pass's line at its limit is
CP-SAT's (deterministic time), and what leads to step 2 and what it returns (the end questions,
the cards of the last no, asked in full) read no budget; a spent question inside step 2's solve
only lets it go on, past a line nothing beats, to the same line. Step 3 is the plain search; a
memo of the questions changes only where it stops early, and a stop at a proven value returns the
line the unstopped search ends with. A question answered no at once because a line of the model
reaches its value (`REACHED_NO`) is one the relaxation answers no in full (it is a sound bound on
every line, so it never proves a value a line reaches out of reach), and a no stops nothing: the
search, its stops and its line are as with the question asked; only what the no would have cost
is saved (the memo keeps no leaf for it: no step reads the leaves after step 2b). Step 3a
is a prefix of the plain search (the same model, one worker, the callback only watching), and a
question answered within its count ran exactly the searches of the question in full (the count
only stops a search from starting): a yes within it is the plain search's yes, and a question cut
by its count answers nothing (None: never kept as a no, in the memo or the watch) and stops
nothing. So the pass ends where the plain search ends or stops, with its line, or at its limit at
`b`: there `b + 1` proven in full means no line beats `b`, and the plain search, the same search,
stops at its first line whose value plus one is proven, which is that line (a line before it, of
a value below `b`, has its value plus one reached by this one); not proven, step 3b is the plain
search. The status, value, bound and line are the plain search's, except where what the cut
questions left in the relaxation (its order, what it keeps: reach_below's module doc) turns a no
into a proven yes, which happens only where a relaxed search passes its node cap: the search then
stops at a line whose value plus one is proven, the same value, status and bound. The count
decides only the cost, and being a count, no output depends on the machine. Step 2b reads no budget either: its solves stop at a
deterministic time, and its questions are asked in full (`Memo.__call__`; the leaf behind a no is
that of the question asked, whether it was first answered within a budget or in full: a question
answered within its budget ran every relaxed search the full one runs). It runs where step 2's
solve found no line or an unproven one (session 80); a turn whose step 2 proved its line, or
never ran, answers as before; one whose step 2 found an unproven line went on to step 3 before,
and may now answer through 2b with another line of the same value (its digest may move, the
status, value and bound not: the argument above).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ortools.sat.python import cp_model

from ..solver.deadline import Deadline
from ..solver.readback import SolverError
from ..solver.run import STATUS, pass_answer, solve, tuned
from .reach import reach_two_goals
from .watched import Meets

if TYPE_CHECKING:
    from ..board import Board
    from ..solver.model import LineModel
    from .realise import Realised
    from .watched import OutOfReach

FLOOR_FIRST = True
"""Whether a watched two-turn model's search not deferred runs the first pass and the cards' line
first (module doc); False: the plain watched search, as before session 69."""

FIRST_DET = 10.0
"""CP-SAT's deterministic time of the first pass."""

FLOOR_DET = 3.0
"""CP-SAT's deterministic time of the solve with the relaxed line's cards required. Its use is a
line found soon, not the narrowed model's optimum (which proves nothing of the model): on s4t23's
first model the line of 54 and the proof at 55 came at 0.74; on s2t17's (seed 2, turn 17,
south) the narrowed best 22 at 2,958 conflicts of the 51,536 its proof took (16.7; 30 until
session 70)."""

FINALS_DET = 30.0
"""CP-SAT's deterministic time of the solve with the relaxed line's cards required and its final
board(s) kept, where the cards alone found no line (session 79, `_finals_line`); 0: not, as
before."""

FINALS_AFTER_LINE = False
"""Whether step 2b runs also where the cards alone found a line of `w` that the relaxation does not
prove the most, at `w + 1` with the leaf of that no (session 80, module doc); False: only where
they found no line, as in session 79. Off by default since session 80 (floor_member's `FLOORED`
says why)."""

FINALS_ROUNDS = 3
"""Solves with the cards and final boards at most (each one value above the last line found, with
the leaf of the question that said no there)."""

IN_PASS = 2.0
"""CPU s a question inside the first pass or the cards' solve may spend on its relaxed searches
(watch_defer's `Watch.within`; checked before each search starts)."""


TRACE: Callable[..., None] | None = None
"""Called with each step's facts as keywords where set (tools/profile_two_turns_place.py)."""


def _trace(**facts: Any) -> None:
    if TRACE is not None:
        TRACE(**facts)


REACHED_NO = True
"""Whether a question at a value some line of the model is known to reach (`Memo.reached`, a line
a step found) is answered no at once, not asked (session 88, module doc); False: asked, as before."""


class Memo:
    """The watch's answers by value, and the cards of the relaxed leaf behind each no."""

    def __init__(self, out_of_reach: OutOfReach) -> None:
        self.out_of_reach = out_of_reach
        self.answers: dict[int, bool] = {}
        self.reached: int | None = None
        """The most a line of the model found by a step reaches (`reach`): the relaxation, a sound
        bound, never proves that value or one below it out of reach (`REACHED_NO`)."""
        self.cards: frozenset[str] | None = None
        """The map cards of the relaxed leaf that reached the last value answered no."""
        self.leaves: dict[int, tuple[frozenset[str] | None, frozenset[Board] | None]] = {}
        """By value answered no, the map cards and final boards (`Reached.finals`) of the relaxed
        leaf that reached it (step 2b: read by value, so a question answered earlier gives its
        own leaf, not the last no's)."""
        self.climbed: Realised | None = None
        """The best engine line step 1b's climb realised where it proved none (`climb`;
        climb_cards.py, session 98)."""

    def climb(self, line: Realised) -> None:
        """Step 1b's climb (realise_climb's `climb_line`) realised `line` and proved no value the
        most with it (climb_cards.py reads it)."""
        if self.climbed is None or line.value > self.climbed.value:
            self.climbed = line

    def reach(self, value: int) -> None:
        """A line of the model worth `value` is found (a step's solve of the model or of a copy
        narrowed by constraints only: one of its lines)."""
        if self.reached is None or value > self.reached:
            self.reached = value

    def known_no(self, value: int) -> bool:
        """Whether the question at `value` is answered no without asking (`REACHED_NO`)."""
        return REACHED_NO and self.reached is not None and value <= self.reached

    def __call__(self, value: int) -> bool:
        """The question in full (the plain search's)."""
        if self.known_no(value):
            return False
        if value not in self.answers:
            reach_two_goals.Reached.cards = None
            reach_two_goals.Reached.finals = None
            self.answers[value] = got = self.out_of_reach(value)
            if not got:
                self._keep_leaf(value, cards=True)
        return self.answers[value]

    def _keep_leaf(self, value: int, cards: bool) -> None:
        """A no's leaf kept (step 1b's hint), and with `cards` its cards as the memo's last."""
        if cards:
            self.cards = reach_two_goals.Reached.cards
        self.leaves[value] = (reach_two_goals.Reached.cards, reach_two_goals.Reached.finals)

    def _asked(self, value: int, name: str, limit: float, cards: bool) -> bool | None:
        """The question through the watch's limited ask `name` (`within` or `counted`, with its
        `limit`; else in full): None where the limit is reached first, and then nothing is kept;
        an answer within it is the question's in full, kept with a no's leaf (`_keep_leaf`)."""
        if self.known_no(value):
            return False
        if value in self.answers:
            return self.answers[value]
        ask = getattr(self.out_of_reach, name, None)
        if ask is None:
            return self(value)
        reach_two_goals.Reached.cards = None
        reach_two_goals.Reached.finals = None
        got: bool | None = ask(value, limit)
        if got is not None:
            self.answers[value] = got
            if not got:
                self._keep_leaf(value, cards)
        return got

    def within(self, value: int, seconds: float) -> bool | None:
        """The question with at most `seconds` CPU s of relaxed searches started (watch_defer's
        `Watch.within`, where the watch has it; else in full): None where they are spent first,
        and then nothing is kept (the plain search asks it in full)."""
        return self._asked(value, "within", seconds, cards=True)

    def counted(self, value: int, states: int) -> bool | None:
        """The question with its relaxed searches started only below `states` states in all
        (watch_defer's `Watch.counted`, where the watch has it; else in full): None where the
        count is reached first, and then nothing is kept (a cut question is never a no). A no
        within the count keeps its leaf (step 1b's hint), not the memo's cards."""
        return self._asked(value, "counted", states, cards=False)

    def budgeted(self, seconds: float) -> OutOfReach:
        """`within` as a watch's question (watched.py's `Meets`): proven, or not (no or spent)."""
        return lambda value: self.within(value, seconds) is True


def narrowed(
    model: LineModel,
    cards: frozenset[str],
    floor: int,
    finals: frozenset[Board] | None = None,
    goals: Mapping[str, int] | None = None,
) -> cp_model.CpModel | None:
    """A copy of the model with each of `cards` excavated (in either turn), the value at least
    `floor`, where `finals` is given its class one whose final board is among them (any, where
    none is: floor_cards.py), and where `goals` is given each goal card the hero holds scoring at
    least its points there (the model's `goal_points`; floor_cards.py); None where a card has no
    excavation in the model (no line of it digs every card)."""
    copy = model.m.clone()
    for card in sorted(cards):
        lits = [ws[card] for _, ws in sorted(model.w.items()) if card in ws]
        if not lits:
            return None
        copy.add(sum(copy.get_bool_var_from_proto_index(v.index) for v in lits) == 1)
    if finals:
        members = model.f.members
        keep = [c for c in range(model.n) if members[c][0].boards[-1] in finals]
        if keep:
            copy.add(sum(copy.get_bool_var_from_proto_index(model.scen[c].index) for c in keep) == 1)
    points = getattr(model, "goal_points", {})
    for goal, least in sorted((goals or {}).items()):
        if goal in points:
            copy.add(copy.get_int_var_from_proto_index(points[goal].index) >= least)
    copy.add(model.primary >= floor)
    return copy


class Narrowed(NamedTuple):
    """`narrowed_solve`'s answer: CP-SAT's status, its solver, the primary's value at the last line
    it found (None where it found none) and the solve's CPU s."""

    status: str
    solver: cp_model.CpSolver
    value: int | None
    cpu: float


def narrowed_solve(
    model: LineModel,
    cards: frozenset[str],
    floor: int,
    det: float,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object],
    watch: cp_model.CpSolverSolutionCallback | None = None,
    finals: frozenset[Board] | None = None,
) -> Narrowed | None:
    """`narrowed`'s copy of the model solved for `det` of CP-SAT's deterministic time, watched by
    `watch` where given (step 2's, step 2b's and floor_member.py's `cards_first`); None where
    `narrowed` gives no copy. What the value found proves is each caller's to read."""
    copy = narrowed(model, cards, floor, finals)
    if copy is None:
        return None
    solver = tuned(deadline, workers, tuning, det)
    t = time.process_time()
    status = STATUS[solver.solve(copy, watch)]
    if status == "MODEL_INVALID":
        raise SolverError(f"CP-SAT rejects the narrowed score model: {copy.validate()}")
    value = int(solver.value(model.primary)) if status in ("OPTIMAL", "FEASIBLE") else None
    return Narrowed(status, solver, value, round(time.process_time() - t, 2))


LeafLine = Callable[[int, "Memo", int], "Realised | None"]
"""Step 1b (session 86): given a value, the question (the memo: its answers in full, the final
boards of the leaf behind each no, and `Memo.climb`, told a climb's best line where it proved
none) and the values to realise at most, an engine line of the model worth w at least that value
with w + 1 proven out of reach by the question (realise_climb.py's `climb_line` since session 87,
realise.py's `floor_line` before, bound to the member's puzzle and position by board_solve's
`best_two_turns`), or None."""

AfterClimb = Callable[
    ["LineModel", "Memo", Deadline, int, dict[str, object]], "tuple[str, cp_model.CpSolver, int] | None"
]
"""A first model's step after a climb that realised a line but proved none (climb_cards.py's
`after_climb`, session 98): given the model, the memo, the deadline, the workers and the tuning,
OPTIMAL with the solver holding the line and its value, or None (the steps after it run)."""

LEAF_ROUNDS = 6
"""Values step 1b realises at most (realise_climb.py's `climb_line` rounds: `b + 1`, then each
realised value plus one); 0: step 1b off (the default in session 86). On by default since session
87, with the cheaper rounds: seed 4's turn 14 (north) 0.94 of off, seed 3's turn 12 (north) 0.81,
the calibration (seed 4's fifth, south, step 1b not asked) 1.01, both first models answered
OPTIMAL 28 by their realised leaves (docs/benchmarks.md, session 87, h87realise). Session 86 at 6
rounds with realise.py's `floor_line`: 1.05 and 0.88 (its leaf searches and questions at each
value cost 45.7 CPU s on seed 4's turn 14)."""


PLAIN_BUDGET = True
"""Whether step 3 first runs its counted pass (`counted_pass`, session 89, module doc); False: the
plain search at once, as before session 89."""

PLAIN_DET = 120.0
"""CP-SAT's deterministic time of step 3's counted pass: on seed 1's turn 25 (2016, south) the
first model's search from its start finds its optimum's line (56) at about 95 (about 100 CPU s);
a pass stopped before its optimum costs its search once more (step 3b) and a question in full."""

PLAIN_STATES = 25_000
"""States of relaxed searches each question of the counted pass may start its searches within
(watch_defer's `Watch.counted`: a count, no clock). On seed 1's turn 25's first model (step 1b
off, both): the model 284.6 CPU s at 25,000 (the pass's questions about 30 s, 57 in full at its
end 46.3), 321.4 at 100,000 (a cut question 20 to 35 s), 419.3 with `PLAIN_BUDGET` off (52 to 55
and 57 in full, 230.5 s); docs/benchmarks.md, session 89, h89budget."""


def solve_floor_first(
    model: LineModel,
    out_of_reach: OutOfReach,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object],
    leaf_line: LeafLine | None = None,
    after_climb: AfterClimb | None = None,
    top_down: AfterClimb | None = None,
) -> tuple[str, cp_model.CpSolver | Realised, int | None]:
    """`_solve_to_ceiling` with the first pass and the cards' line first (module doc): the status,
    the solver holding the line (or, step 1b where `leaf_line` is given, the realised engine line),
    and the bound (None: the solver's). `after_climb`: asked where step 1b answered nothing
    (climb_cards.py's `after_climb`, given by board_solve: it reads this module, so this one
    takes it as an argument); `top_down`: asked where step 2 answered nothing (top_down.py's
    `solve_top_down`, session 101, given by board_solve the same way)."""
    memo = Memo(out_of_reach)
    status, solver, meets, cpu = first_pass(model, memo, deadline, workers, tuning)
    _trace(kind="first_pass", status=status, met=meets.met, asked=meets.asked, cpu_all=cpu)
    answer = pass_answer(model.m, model.primary, status, solver, meets.met, deadline)
    if answer is not None:
        return answer
    if status == "FEASIBLE":
        best = int(solver.value(model.primary))
        memo.reach(best)
        if memo(best + 1):
            return "OPTIMAL", solver, best  # the line the plain search stops at, or ends with
        if leaf_line is not None and LEAF_ROUNDS > 0:
            got = _leaf_line(memo, leaf_line, best + 1)
            if got is not None:
                return "OPTIMAL", got, got.value
            climbed = None if after_climb is None else after_climb(model, memo, deadline, workers, tuning)
            if climbed is not None:
                return climbed
        found = _cards_line(model, memo, best + 1, deadline, workers, tuning)
        if found is None and top_down is not None:
            found = top_down(model, memo, deadline, workers, tuning)
        if found is not None:
            return found
    if PLAIN_BUDGET:
        counted = counted_pass(model, memo, deadline, workers, tuning)
        if counted is not None:
            return counted
    return plain_search(model, memo, deadline, workers, tuning)


def counted_pass(
    model: LineModel, memo: Memo, deadline: Deadline, workers: int, tuning: dict[str, object]
) -> tuple[str, cp_model.CpSolver, int | None] | None:
    """Step 3a (module doc, `PLAIN_BUDGET`): the plain watched search from its start stopped at
    `PLAIN_DET`, each question with `PLAIN_STATES` states of relaxed searches; ended by itself or
    by a proven question, its answer; stopped at its limit at a line of `b`, `b + 1` asked in
    full: proven, OPTIMAL `b` at that line; else None (step 3b: the plain search)."""
    meets = Meets(model.primary, lambda value: memo.counted(value, PLAIN_STATES) is True)
    solver = tuned(deadline, workers, tuning, PLAIN_DET)
    t = time.process_time()
    status = STATUS[solver.solve(model.m, meets)]
    cpu = round(time.process_time() - t, 2)
    answer = pass_answer(model.m, model.primary, status, solver, meets.met, deadline)
    best = int(solver.value(model.primary)) if answer is None and status == "FEASIBLE" else None
    if best is not None:
        memo.reach(best)
    proven = best is not None and memo(best + 1)
    _trace(kind="counted_pass", status=status, met=meets.met, best=best, proven=proven, cpu_all=cpu)
    if answer is not None:
        return answer
    if proven:
        return "OPTIMAL", solver, best  # the line the plain search stops at (module doc)
    return None


def _leaf_line(memo: Memo, leaf_line: LeafLine, ask: int) -> Realised | None:
    """Step 1b (module doc): the relaxed leaf at `ask` (the value the no just asked reached)
    played through the engine, its value plus one asked of the memo in full; the memo's cards
    (the last no's, read by step 2) are left as they were."""
    cards = memo.cards
    t = time.process_time()
    got = leaf_line(ask, memo, LEAF_ROUNDS)
    memo.cards = cards
    _trace(kind="realised", ask=ask, value=None if got is None else got.value, cpu=round(time.process_time() - t, 2))
    return got


def first_pass(
    model: LineModel, memo: Memo, deadline: Deadline, workers: int, tuning: dict[str, object]
) -> tuple[str, cp_model.CpSolver, Meets, float]:
    """Step 1 (module doc): the watched search stopped at `FIRST_DET`, each question with the budget
    `IN_PASS`: its status, solver, watch and CPU s (for the trace only)."""
    meets = Meets(model.primary, memo.budgeted(IN_PASS))
    solver = tuned(deadline, workers, tuning, FIRST_DET)
    t = time.process_time()
    status = STATUS[solver.solve(model.m, meets)]
    return status, solver, meets, round(time.process_time() - t, 2)


def plain_search(
    model: LineModel, memo: Memo, deadline: Deadline, workers: int, tuning: dict[str, object]
) -> tuple[str, cp_model.CpSolver, int | None]:
    """Step 3 (module doc): the plain watched search from its start, as `_solve_to_ceiling` runs it
    without this module, the questions answered read from the memo."""
    meets = Meets(model.primary, memo)
    status, solver = solve(model.m, deadline, workers, tuning, meets)
    if meets.met:
        return "OPTIMAL", solver, int(solver.value(model.primary))
    return status, solver, None


def _cards_line(
    model: LineModel, memo: Memo, floor: int, deadline: Deadline, workers: int, tuning: dict[str, object]
) -> tuple[str, cp_model.CpSolver, int] | None:
    """Step 2 (module doc): the model narrowed to the memo's cards and `floor`, solved for
    `FLOOR_DET`, its questions with a budget; OPTIMAL at its best line where the relaxation
    proves that line's value plus one out of reach, else None."""
    if memo.cards is None:
        return None
    watched = Meets(model.primary, memo.budgeted(IN_PASS))
    got = narrowed_solve(model, memo.cards, floor, FLOOR_DET, deadline, workers, tuning, watched)
    if got is None:
        return None
    value = got.value
    if value is not None:
        memo.reach(value)
    proven = value is not None and (watched.met or memo(value + 1))
    _trace(kind="cards", cards=sorted(memo.cards), status=got.status, value=value, proven=proven, cpu=got.cpu)
    if proven:
        assert value is not None
        return "OPTIMAL", got.solver, value
    if FINALS_DET > 0 and (value is None or FINALS_AFTER_LINE):
        # Nothing at `floor`: 2b there; an unproven line of `value`: 2b one above, with the leaf of
        # the no at `value + 1` just asked (session 80, module doc).
        return _finals_line(model, memo, floor if value is None else value + 1, deadline, workers, tuning)
    return None


def _finals_line(
    model: LineModel, memo: Memo, floor: int, deadline: Deadline, workers: int, tuning: dict[str, object]
) -> tuple[str, cp_model.CpSolver, int] | None:
    """Step 2b (session 79): where the cards alone found no line (at their floor) or an unproven
    one (one above its value: `floor`, session 80), the model narrowed to the cards
    and final boards of the relaxed leaf that reached `floor` (`Memo.leaves`) and to `floor`,
    solved for `FINALS_DET` (no watch: the questions are asked in full after it); a line of value
    `w` found, the question at `w + 1` in full: proven, OPTIMAL `w` at that line; not, again at
    `w + 1` with that no's leaf, `FINALS_ROUNDS` solves at most. Else None."""
    for _ in range(FINALS_ROUNDS):
        if memo(floor):
            return None  # (asked before step 2 where `floor` is the pass's best plus one)
        cards, finals = memo.leaves.get(floor, (None, None))
        if cards is None or not finals:
            return None
        got = narrowed_solve(model, cards, floor, FINALS_DET, deadline, workers, tuning, finals=finals)
        if got is None:
            return None
        value = got.value
        if value is not None:
            memo.reach(value)
        proven = value is not None and memo(value + 1)
        _trace(
            kind="finals",
            cards=sorted(cards),
            boards=len(finals),
            floor=floor,
            status=got.status,
            value=value,
            proven=proven,
            cpu=got.cpu,
        )
        if value is None:
            return None
        if proven:
            return "OPTIMAL", got.solver, value
        floor = value + 1
    return None
