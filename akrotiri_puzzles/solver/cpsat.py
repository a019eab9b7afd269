"""Solving a puzzle with CP-SAT: the shortest line to its goal, and the proof that none is shorter.

The proof runs in a few solves (docs/solver.md):

1. lower bounds known before any board is read (solver/budget.py) rule out the shortest lines;
2. the model at the lowest bound left answers whether a line of that length exists; most
   puzzles end here, since the bounds are often tight;
3. otherwise one model of every line up to the largest bound, minimising the actions, finds the
   optimum and proves it (CP-SAT's own OPTIMAL), or proves that no line exists.

Where the lower bounds leave almost no scenario at a bound CP-SAT proved INFEASIBLE, the largest
bound is asked once, in parts (`TOP_FIRST`, solver/split.py): INFEASIBLE there proves every bound
between; otherwise deepening goes on as if it had not been asked. On puzzles of thousands of
scenarios each bound is asked in parts of its classes while it is read (solver/lazy.py): a
line in a part is the optimum, since the bound below is proven; every part INFEASIBLE proves
the bound.

A two-turn puzzle is first solved within its first turn, whose model is far smaller; the
two-turn model is then asked only for lines shorter than the first turn's best.

Every line is read back, replayed by the engine (which must reach the goal at exactly the
model's count) and printed in canonical form. A time limit bounds the whole solve; when it
runs out, the result says what was proven so far and never more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..actions import Action
from ..puzzle import Puzzle, replay, validate
from . import lazy
from .budget import (
    Budget,
    board_free_lower_bound,
    budget,
    max_steps,
    playable_cards,
    second_turn_possible,
)
from .canonical import canonical, signature
from .deadline import Deadline, TimeUp
from .exhaustive import search as exhaustive_search
from .facts import FactReader
from .gather import Gathering, build_facts
from .lazy import Parts, in_parts
from .model import model_answer
from .model.core import TECHNIQUES
from .one_action import one_action_line, one_action_possible
from .readback import SolverError
from .result import Level, SolveResult
from .run import Run
from .split import by_placement, restrict
from .unique import check_unique

PROBE_STATES = 600
"""States the exhaustive search may play before CP-SAT starts (`probe`), on puzzles that start
in the action phase (a tile placement multiplies the states by hundreds): a puzzle it proves
within them (most one-turn action phases) is answered by it, in milliseconds."""

STRATEGY = "deepen"
BOTH_AT_LOWEST = True
"""Whether a two-turn puzzle whose first turn has no line at the lowest bound left asks both
turns at that bound before the first turn's next bound (`Search.both_at_lowest`). Both turns'
model is asked at that bound anyway unless the first turn has a line there, so this asks no
bound more; where both turns have a line there (place-2 g7009: its first turn's best is 6, both
turns' 5), the first turn's higher bounds are never asked (a switch for tests and benchmarks)."""
TOP_FIRST = True
"""After CP-SAT proves a bound INFEASIBLE with two or more bounds left, ask the largest bound once
(`top_infeasible`) where that is likely to pay (`TOP_SCENARIOS`, `TOP_SHARE`): when no line exists
within it, every bound between is proven at once. An infeasible puzzle then pays one read, build
and solve at the top instead of one per bound; a feasible one pays the top's read and build and
at most TOP_WORK of search, then deepens as before, so the line printed is the same either way
(tests/test_solver_top.py)."""
TOP_SCENARIOS = 2000
"""Scenarios a bound must read for the question: two-turn puzzles from the tile placement
(thousands), where each bound's read and build are dear. With a few hundred (act-2) the top's
solve cost more than the bounds it could spare (docs/benchmarks.md, tenth session)."""
TOP_SHARE = 0.01
"""The most classes, as a share of the scenarios read, that the bound CP-SAT proved may have had:
when the lower bounds leave almost no scenario within it, the optimum (if any) is likely far
above it. Where many are left, the next bound often has a line and the top's read is wasted
(place-2 g5012: 1,684 classes at bound 4 of 47,616 scenarios, its optimum 5, 9.6 -> 18.2 s when
asked; g5002: 6 classes of 11,520 at bound 5, infeasible). The scenarios `cargo_money.NO_SALE`
alone dropped at the bound count as kept: that count splits the lines by their first sale and
drops a scenario where both halves just miss the bound, not where every count leaves it far
behind (place-2 g15001: 32 classes of some 5,000 scenarios at bound 5 with about 1,500 such
drops, the top's question 2 s for nothing, its optimum 6)."""
TOP_WORK = 40.0
"""CP-SAT's deterministic time (about a second each, the same on every run and machine) for the
top bound's solve in `top_infeasible`: a feasible top is given up rather than searched at length."""
TOP_LAZY = True
"""Whether the largest bound of a puzzle that asks its bounds in parts (`lazy.LAZY_SCENARIOS`:
two-turn puzzles from the placement) is asked in parts while it is read (`Search._top_in_parts`),
its scenarios in the order of solver/lazy.py (the lowest lower bounds first), rather than read
whole and cut by turn-1 placement: where the top has a line, its first small part usually holds
one and the rest is never read (place-2 g7003, once its bound 7 kept 48 classes: the whole top was 12,977
classes, about 30 s of reading to give the question up). A switch for tests and benchmarks."""
TOP_FIRST_PART = 64
"""Classes of the first part of the top asked in parts (`TOP_LAZY`); each next one has
`lazy.LAZY_GROWTH` times as many, up to TOP_PART."""
TOP_PART = 2000
"""The most classes of one model `top_infeasible` solves: the top's classes are cut into parts by
turn-1 placement (solver/split.py), each proven on its own."""


class ScoreGoal(ValueError):
    """`solve()` was given an endgame puzzle (a score goal): the analyser's, not the solver's."""


class Search(Run):
    """One solve's search: deepening through the bounds, with the probes and the largest
    bound first (see the module docstring); its pieces are `Run`'s."""

    # -- the search -----------------------------------------------------------------------

    def model_puzzle(self) -> Puzzle:
        """The puzzle as modelled (kept in `modelled`): a horizon no longer than the game can
        last, and one turn when the second is forbidden."""
        puzzle = self.puzzle
        if puzzle.turns == 2 and not second_turn_possible(puzzle):
            # The opponent has excavated every temple: the game ends with this round (R-END-2).
            puzzle = replace(puzzle, turns=1)
        if "second-turn" in self.forbid:
            puzzle = replace(puzzle, turns=1)
        self.modelled = puzzle
        return puzzle

    def optimum(self) -> SolveResult:
        """The shortest line and its proof."""
        puzzle = self.model_puzzle()
        if self.probe and not self.forbid and puzzle.start.phase == "act" and self.exhaustive_probe():
            return self.result()
        bud = budget(puzzle)
        # Lines longer than the ceiling asked for are not looked for (the referee of the puzzle
        # page asks only whether the rest can be done within what is left of the optimum).
        most = bud.most if self.most is None else min(bud.most, self.most)
        if most < bud.most:
            self.capped = most
        least = board_free_lower_bound(puzzle)
        for b in range(1, min(least, most + 1)):
            self.prove(b, "INFEASIBLE", 0.0, "board-free lower bound")
        lower = min(least, most + 1)  # with a ceiling, what is said is said of it only
        no_point = puzzle.start.phase == "place" or puzzle.start.points == 0
        if lower == 1 and no_point:
            # A line of one action is an excavation where the boat starts: found or ruled out
            # by looking at the start dock's island on every board, without a model.
            t = self.deadline.elapsed()
            line = one_action_line(puzzle, self.reader(puzzle), self.deadline)
            if line is not None:
                self.prove(1, "FEASIBLE", self.deadline.elapsed() - t, "one-action check")
                self.best = (1, tuple(canonical(self.puzzle, line)))
                self.lower = 1
                return self.result()
            self.prove(1, "INFEASIBLE", self.deadline.elapsed() - t, "one-action check")
            lower = 2
        self.lower = lower
        if lower > most:
            return self.result()
        hi = most
        if puzzle.turns == 2:
            # Within the first turn first: a far smaller model. A line found there is a line of
            # the puzzle, so only shorter lines need the two-turn model.
            one = replace(puzzle, turns=1)
            bud_one = budget(one)
            top_one = min(bud_one.first, most)
            if top_one >= lower:
                start = lower
                if BOTH_AT_LOWEST and top_one > lower:
                    found = self.both_at_lowest(one, bud_one, top_one, bud, most)
                    if found is not None:
                        self.best = found
                        self.lower = found[0]
                        return self.result()
                    start = lower + 1
                found = self.search(one, bud_one, start, top_one, whole=False)
                if found is not None:
                    self.best = found
                    hi = found[0] - 1
        if hi >= self.lower:
            found = self.search(puzzle, bud, self.lower, hi, whole=True)
            if found is not None:
                self.best = found
        self.lower = self.best[0] if self.best is not None else most + 1
        return self.result()

    def both_at_lowest(
        self, one: Puzzle, bud_one: Budget, top_one: int, bud: Budget, most: int
    ) -> tuple[int, tuple[Action, ...]] | None:
        """The lowest bound left (`self.lower`) asked of the first turn, then, when it has no
        line there, of both turns (`BOTH_AT_LOWEST`); a line found is the optimum (every shorter
        bound is proven INFEASIBLE). None: both INFEASIBLE at that bound (proven for the puzzle)."""
        lo = self.lower
        # Each reader's first reads hold for every bound it may ask (`FactReader.exact_steps`):
        # the first turn's up to `top_one`, both turns' up to the horizon (the first turn's
        # line, which would lower it, is not known yet).
        self.reader(one).exact_steps = max_steps(one, top_one)
        found = self.search(one, bud_one, lo, lo, whole=False, depth=1)
        if found is not None:
            return found
        self.reader(self.modelled).exact_steps = max_steps(self.modelled, most)
        return self.search(self.modelled, bud, lo, lo, whole=True, depth=1)

    def exhaustive_probe(self) -> bool:
        """Whether the exhaustive search proved the answer within PROBE_STATES states; if so,
        the result is its proof (a complete search: every shorter line was tried)."""
        self.deadline.check()
        t = self.deadline.elapsed()
        found = exhaustive_search(self.puzzle, max_nodes=PROBE_STATES)
        self.deadline.check()  # a few hundred states at most: the limit holds within a small margin
        if not found.complete:
            return False
        how = f"exhaustive search, {found.nodes} states"
        seconds = self.deadline.elapsed() - t
        if found.optimum is None:
            most = budget(self.modelled).most
            self.prove(most, "INFEASIBLE", seconds, how)
            self.lower = most + 1
            return True
        line = tuple(canonical(self.puzzle, list(found.line)))
        check = replay(self.puzzle, line)
        if check.illegal_at is not None or not check.reached or check.cost != found.optimum:
            raise SolverError(f"the exhaustive search's line {[str(a) for a in line]} does not replay at its cost")
        if found.optimum > 1:
            self.prove(found.optimum - 1, "INFEASIBLE", seconds, how)
        self.prove(found.optimum, "FEASIBLE", seconds, how)
        self.best = (found.optimum, line)
        self.lower = found.optimum
        return True

    def search(
        self, puzzle: Puzzle, bud: Budget, lo: int, hi: int, whole: bool, depth: int = 0
    ) -> tuple[int, tuple[Action, ...]] | None:
        """The shortest line of at most `hi` actions, knowing none has fewer than `lo`; None if
        none exists. With `whole`, what it proves is proven for the puzzle itself."""
        t = self.deadline.elapsed()
        if depth == 0:
            # Each scenario's first read holds for every bound up to `hi` (FactReader.read).
            self.reader(puzzle).exact_steps = max_steps(puzzle, hi)
        parts = self.lazy(puzzle, bud, lo) if lazy.LAZY else None
        if parts is not None and parts.line is not None:
            self.prove(
                lo,
                "FEASIBLE",
                self.deadline.elapsed() - t,
                "CP-SAT, some scenarios" + ("" if whole else ", first turn"),
            )
            return parts.line
        if parts is not None:  # every part INFEASIBLE
            status, solver, model, how = "INFEASIBLE", None, None, "CP-SAT, in parts"
            classes, enumerated = parts.classes, parts.enumerated
        else:
            facts = self.facts(puzzle, lo)
            classes, enumerated = len(facts.scenarios), facts.enumerated
            if facts.scenarios:
                model = self.model(facts, bud, lo)
                status, solver = self.run(model)
            else:
                status, solver, model = "INFEASIBLE", None, None
            how = "CP-SAT" if facts.scenarios else "every scenario's lower bound"
        if status == "OPTIMAL" or status == "FEASIBLE":
            assert model is not None and solver is not None
            self.prove(lo, "FEASIBLE", self.deadline.elapsed() - t, how + ("" if whole else ", first turn"))
            return self.accept(model, solver)
        if status != "INFEASIBLE":
            raise TimeUp
        if whole:
            self.prove(lo, "INFEASIBLE", self.deadline.elapsed() - t, how)
            self.lower = max(self.lower, lo + 1)
        if lo >= hi:
            return None
        # Scenarios only `NO_SALE` dropped count as left: the plain lower bounds keep them.
        left = classes + self.reader(puzzle).sale_drops.get(lo, 0)
        top = TOP_FIRST and classes > 0 and left <= TOP_SHARE * enumerated
        if top and enumerated >= TOP_SCENARIOS and lo + 1 < hi and puzzle.turns not in self.topped:
            self.topped.add(puzzle.turns)
            t = self.deadline.elapsed()
            if self.top_infeasible(puzzle, bud, hi):
                if whole:
                    self.prove(hi, "INFEASIBLE", self.deadline.elapsed() - t, "CP-SAT, the largest bound first")
                    self.lower = max(self.lower, hi + 1)
                return None
        if STRATEGY == "deepen" or (STRATEGY == "mixed" and depth < 1):
            return self.search(puzzle, bud, lo + 1, hi, whole, depth + 1)
        # One model of every line up to `hi`, minimising the actions: its optimum is proven.
        t = self.deadline.elapsed()
        facts = self.facts(puzzle, hi)
        if not facts.scenarios:
            if whole:
                self.prove(hi, "INFEASIBLE", self.deadline.elapsed() - t, "every scenario's lower bound")
                self.lower = max(self.lower, hi + 1)
            return None
        model = self.model(facts, bud, hi, minimise=True)
        status, solver = self.run(model)
        if status == "INFEASIBLE":
            if whole:
                self.prove(hi, "INFEASIBLE", self.deadline.elapsed() - t, "CP-SAT, fewest actions")
                self.lower = max(self.lower, hi + 1)
            return None
        if status == "OPTIMAL":
            total, line = self.accept(model, solver)
            if whole:
                self.prove(hi, f"OPTIMAL at {total}", self.deadline.elapsed() - t, "CP-SAT, fewest actions")
                self.lower = max(self.lower, total)
            return total, line
        if status == "FEASIBLE":
            total, line = self.accept(model, solver)
            if self.best is None or total < self.best[0]:
                self.best = (total, line)
            if whole:
                self.lower = max(self.lower, int(-(-solver.best_objective_bound // 1)))
        raise TimeUp

    def lazy(self, puzzle: Puzzle, bud: Budget, bound: int) -> Parts | None:
        """The bound asked part by part as its scenarios are read (solver/lazy.py)."""
        return in_parts(self, puzzle, bud, bound)

    def top_infeasible(self, puzzle: Puzzle, bud: Budget, hi: int) -> bool:
        """Whether the model at bound `hi` proves that no line of at most `hi` actions exists,
        within TOP_WORK of search. Its facts are read by a reader of their own, so that what the
        shared reader keeps from bound to bound (`FactReader.known_lower`), and with it every
        later bound's facts, model and line, is what it would be without this question."""
        own = FactReader(puzzle, self.forbid)
        own.exact_steps = self.reader(puzzle).exact_steps
        cards = playable_cards(puzzle, hi)
        if TOP_LAZY and len(own.scenarios()) >= lazy.LAZY_SCENARIOS:
            return self._top_in_parts(own, puzzle, bud, hi, cards)
        facts = build_facts(own, hi, max_steps(puzzle, hi), cards, deadline=self.deadline)
        if not facts.scenarios:
            return True
        # In parts of at most TOP_PART classes (solver/split.py): each INFEASIBLE, the whole is.
        work = TOP_WORK
        for part in by_placement(facts, TOP_PART):
            if work <= 0:
                return False  # given up: deepening goes on
            status, solver = self.run(self.model(restrict(facts, part), bud, hi), work=work)
            if status != "INFEASIBLE":
                return False
            work -= solver.response_proto.deterministic_time
        self.enumerated = max(self.enumerated, facts.enumerated)
        self.classes = max(self.classes, len(facts.scenarios))
        return True

    def _top_in_parts(self, own: FactReader, puzzle: Puzzle, bud: Budget, hi: int, cards: list[str]) -> bool:
        """`top_infeasible` asked part by part while the top is read (`TOP_LAZY`), in the order
        a bound asked in parts reads (`lazy.read_order`, by the lower bounds the shared reader
        found): a first part of TOP_FIRST_PART classes, each next one LAZY_GROWTH times larger
        up to TOP_PART. Every class is in exactly one part, so every part INFEASIBLE proves the
        top (solver/lazy.py); the first part with a line gives the question up, before the rest
        is read."""
        # The dropped scenarios last, as read (`lazy.DROPPED_ORDER` orders a bound's parts only).
        order = lazy.read_order(self.reader(puzzle), cards, dropped=False)
        gathering = Gathering(own, hi, max_steps(puzzle, hi), cards, deadline=self.deadline, order=order)
        work = TOP_WORK
        first, size = 0, min(TOP_FIRST_PART, TOP_PART)
        while not gathering.done:
            gathering.read(first + size)
            last = len(gathering.reads)
            if last == first:
                break
            if work <= 0:
                return False  # given up: deepening goes on
            status, solver = self.run(self.model(gathering.facts(first, last), bud, hi), work=work)
            if status != "INFEASIBLE":
                return False
            work -= solver.response_proto.deterministic_time
            first, size = last, min(size * lazy.LAZY_GROWTH, TOP_PART)
        self.enumerated = max(self.enumerated, gathering.enumerated)
        self.classes = max(self.classes, len(gathering.reads))
        return True

    def result(self, timed_out: bool = False) -> SolveResult:
        """What is proven and found so far."""
        if self.best is None:
            status = "UNKNOWN" if timed_out else "INFEASIBLE"
            return SolveResult(
                None,
                (),
                status,
                status,
                self.deadline.elapsed(),
                tuple(self.levels),
                self.enumerated,
                self.classes,
                self.lower,
                timed_out=timed_out,
                most=self.capped,
            )
        cost, line = self.best
        proven = self.lower >= cost
        return SolveResult(
            cost,
            line,
            "OPTIMAL" if proven else "FEASIBLE",
            "INFEASIBLE" if proven else "UNKNOWN",
            self.deadline.elapsed(),
            tuple(self.levels),
            self.enumerated,
            self.classes,
            min(self.lower, cost),
            timed_out=timed_out,
            most=self.capped,
        )


def solve(
    puzzle: Puzzle,
    *,
    time_limit: float | None = None,
    workers: int = 1,
    seed: int = 0,
    unique: bool | str = False,
    forbid: Iterable[str] = (),
    probe: bool = True,
    most: int | None = None,
    known: SolveResult | None = None,
    on_level: Callable[[Level], None] | None = None,
    any_line: bool = False,
) -> SolveResult:
    """The shortest line to the puzzle's goal, with its proof (see the module docstring).

    With `unique` (True or "canonical"), a second solve at the optimum forbids the answer
    found: the answer is unique when that is infeasible. With "strict", the excavation site
    and a placed tile's rotation and second cube count too. `time_limit` bounds the whole call, in seconds.
    `forbid` names techniques (TECHNIQUES) no line may use: the optimum is then the shortest
    line without them (a technique is necessary when that is longer, or infeasible). With
    `probe`, a puzzle the exhaustive search proves within PROBE_STATES states is answered by
    it (tests that compare the two solvers turn it off). With `most`, lines of more than `most`
    actions are not looked for: no line within it is INFEASIBLE with `result.most` set (a line
    longer than it may still be returned when found on the way, with its proof).

    `known` is the OPTIMAL result of an earlier solve of the same puzzle with the same `forbid`
    and no ceiling: its optimum and proof are taken as they are and only the uniqueness asked
    for is proven (the generator proves the optimum first, screens the candidate, and only then
    asks whether the answer is unique).

    `on_level` is told of each step of the proof as it is proven (the command line's progress
    display); it never changes what is solved.

    `any_line`: the caller reads only the status, the optimum and whether the answer is unique
    (the grader's proofs, the idle line's, the generator's uniqueness proof), so a line CP-SAT
    finds with the proof's settings is taken as it is (solver/run.py, `PROVE_FIRST`): the same
    status, optimum and uniqueness, sooner, but maybe another line at the optimum (and another
    second answer). With `known`, the answer's line is the one given.
    """
    validate(puzzle, puzzle.id)
    if puzzle.goal.score is not None:
        # The fewest actions to a score is not what an endgame puzzle asks: its best score is
        # the endgame analyser's (analysis/endgame.py; the CLI hands such puzzles over).
        raise ScoreGoal(
            f"{puzzle.id}: an endgame puzzle (goal: score) asks for the best score, not the fewest actions: "
            "solve it with akrotiri_puzzles.analysis.endgame.analyse (the solve command does)"
        )
    banned = frozenset(forbid)
    unknown = banned - set(TECHNIQUES)
    if unknown:
        raise ValueError(f"forbid: unknown techniques {sorted(unknown)}; expected some of {', '.join(TECHNIQUES)}")
    if most is not None and most < 1:
        raise ValueError(f"most: {most}; expected at least 1")
    run = Search(puzzle, Deadline(time_limit), workers, seed, banned, probe, most, on_level, any_line)
    if known is not None:
        if known.status != "OPTIMAL" or known.optimum is None:
            raise ValueError(f"known: an OPTIMAL result is needed, not {known.status}")
        if most is not None:
            raise ValueError("known: not with a ceiling (most), which proves less than the optimum")
        run.model_puzzle()
        result = known
    else:
        try:
            result = run.optimum()
        except TimeUp:
            return run.result(timed_out=True)
    if unique and result.status == "OPTIMAL":
        try:
            result = check_unique(run, result, strict=unique == "strict")
        except TimeUp:
            result = replace(result, timed_out=True)
    return replace(result, seconds=run.deadline.elapsed())


__all__ = [
    "Level",
    "SolveResult",
    "SolverError",
    "board_free_lower_bound",
    "model_answer",
    "one_action_possible",
    "signature",
    "solve",
]
