"""The referee of a puzzle page: after each action, can the rest still be done within the budget?

The budget is the puzzle's proven optimum. After a prefix of actions that costs `spent`, the
question is whether the position reached (with what is left of the horizon and of the goal)
can still reach the goal in `optimum - spent` actions. The answer comes from the solver's
public API (`solver.solve`) on that position taken as a puzzle of its own, so that **any**
optimal line is accepted, not only the canonical one.

Answers are kept per position (its canonical key and the turn of the horizon), so that two
prefixes that reach one position share them; a line the solver returns is a witness for every
position along it, which is kept too. The puzzle's own solution is such a witness from the
start. A solve that the time limit stops decides nothing it has not proven: the answer is
then UNDECIDED, never a guess.
"""

from __future__ import annotations

import threading
import time
from collections.abc import MutableMapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ..actions import Action, KeepGoal
from ..puzzle import Puzzle, State, moves, play, reached, replay, rest_of, why_not


class Verdict(Enum):
    """What an action did to the puzzle."""

    ILLEGAL = "illegal"
    """The engine refuses it; `reason` says why."""
    ON_TRACK = "on track"
    """Legal, and the goal can still be reached within the budget."""
    OFF_TRACK = "off track"
    """Legal, but the goal can no longer be reached within the budget (proven)."""
    SOLVED = "solved"
    """The goal is reached within the budget."""
    TOO_LONG = "too long"
    """The goal is reached, but in more actions than the optimum."""
    UNDECIDED = "undecided"
    """The solver ran out of time before proving either way."""


@dataclass(frozen=True)
class Outlook:
    """What is proven about finishing from a position: the fewest actions lie in [lower, upper]."""

    lower: int
    """No line from here finishes in fewer actions."""
    upper: int | None
    """A line from here finishes in this many actions (None: none found)."""
    line: tuple[Action, ...] = ()
    """A line that finishes in `upper` actions."""
    impossible: bool = False
    """Proven: no line from here reaches the goal within the horizon at all."""

    def within(self, budget: int) -> bool | None:
        """Whether the goal can be reached in at most `budget` actions (None: not proven either way)."""
        if self.impossible or self.lower > budget:
            return False
        if self.upper is not None and self.upper <= budget:
            return True
        return None


@dataclass(frozen=True)
class Judgement:
    """The referee's answer for a line: the verdict on its last action and where the line stands."""

    verdict: Verdict
    spent: int
    """Actions the legal part of the line spent, as the game counts them."""
    budget: int
    """The puzzle's optimum."""
    reason: str | None = None
    """Why the last action is illegal."""
    rest: tuple[Action, ...] = ()
    """An optimal continuation, when the line is on track."""
    best_from_here: int | None = None
    """The fewest actions that finish from here, when proven (off track: how many it would take)."""
    seconds: float = 0.0
    """Time spent answering (0 when the answer was known)."""
    solves: int = field(default=0)
    """Solver calls made for this answer."""


class Referee:
    """Judges lines of one puzzle whose optimum is proven; thread-safe, one solve at a time."""

    def __init__(
        self,
        puzzle: Puzzle,
        optimum: int,
        time_limit: float = 10.0,
        known: MutableMapping[Any, Outlook] | None = None,
    ) -> None:
        self.puzzle = puzzle
        self.optimum = optimum
        self.time_limit = time_limit
        # What is proven, per position; a bounded mapping (the site's LRU) may forget some,
        # which costs a solve again, never a wrong verdict.
        self._known: MutableMapping[Any, Outlook] = {} if known is None else known
        self._lock = threading.Lock()
        self.solves = 0
        if puzzle.solution is not None:
            self._witness(State(puzzle.start), puzzle.solution)

    # -- the public question --------------------------------------------------------------

    def judge(self, line: list[Action] | tuple[Action, ...]) -> Judgement:
        """The verdict on the last action of `line` (every action before it must be legal)."""
        started, solves = time.perf_counter(), self.solves
        played = replay(self.puzzle, line)
        if played.illegal_at is not None and played.illegal_at < len(line) - 1:
            raise ValueError(f"action {played.illegal_at + 1} of the line is illegal: {played.reason}")
        spent = played.cost
        if played.illegal_at is not None:
            return Judgement(Verdict.ILLEGAL, spent, self.optimum, reason=played.reason)
        state = played.states[-1]
        if played.reached:
            if spent < self.optimum:
                raise RuntimeError(
                    f"{self.puzzle.id}: a line of {spent} actions beats the proven optimum {self.optimum}"
                )
            verdict = Verdict.SOLVED if spent == self.optimum else Verdict.TOO_LONG
            return Judgement(verdict, spent, self.optimum)
        left = self.optimum - spent
        outlook = self.outlook(state, left) if left >= 0 else Outlook(lower=1, upper=None)
        within = outlook.within(left) if left >= 0 else False
        verdict = {True: Verdict.ON_TRACK, False: Verdict.OFF_TRACK, None: Verdict.UNDECIDED}[within]
        best = outlook.upper if outlook.upper is not None and outlook.lower >= outlook.upper else None
        return Judgement(
            verdict,
            spent,
            self.optimum,
            rest=outlook.line if within else (),
            best_from_here=best,
            seconds=time.perf_counter() - started,
            solves=self.solves - solves,
        )

    def outlook(self, state: State, budget: int | None = None) -> Outlook:
        """What is proven about finishing from `state`, solving when not yet known. With a
        `budget`, an outlook that says whether it can be done within it is enough, and the
        solver looks for no line longer than the budget."""
        key = _key(state)
        with self._lock:
            known = self._known.get(key)
            if _settles(known, budget):
                assert known is not None
                return known
            found = self._find(state, budget)
            if known is not None and known.upper is not None and (found.upper is None or known.upper <= found.upper):
                # A line already known (the puzzle's own solution first) stays the one hinted
                # when the solver finds another as short: hints agree with "show solution".
                found = replace(found, upper=known.upper, line=known.line)
            self._known[key] = found
            return found

    # -- answering ------------------------------------------------------------------------

    def _find(self, state: State, budget: int | None = None) -> Outlook:
        """Solve the rest of the puzzle from `state`, within `budget` actions when given (the
        lock is held)."""
        pos = state.pos
        if pos.phase == "over":
            return Outlook(lower=0, upper=None, impossible=True)
        if pos.phase == "goal":
            # A goal card must be kept first (a free action): the best over the cards offered.
            options = [a for a in moves(self.puzzle, state) if isinstance(a, KeepGoal)]
            outs = [(a, self._find_or_known(play(self.puzzle, state, a), budget)) for a in options]
            if not outs:
                return Outlook(lower=0, upper=None, impossible=True)
            lower = min(o.lower for _, o in outs)
            found = [(o.upper, a, o.line) for a, o in outs if o.upper is not None]
            impossible = all(o.impossible for _, o in outs)
            if not found:
                return Outlook(lower=lower, upper=None, impossible=impossible)
            upper, first, rest = min(found, key=lambda f: f[0])
            return Outlook(lower=lower, upper=upper, line=(first, *rest))
        sub = rest_of(self.puzzle, state)
        if sub is None:
            return Outlook(lower=0, upper=None, impossible=True)
        if budget == 0:
            # The goal is not reached, and excavating a temple is an action (R-EXC-1).
            return Outlook(lower=1, upper=None)
        from ..solver import solve

        self.solves += 1
        result = solve(sub, time_limit=self.time_limit, most=budget)
        if result.status == "INFEASIBLE":
            # Beyond a ceiling nothing was looked for: only the lower bound is proven.
            return Outlook(lower=result.lower, upper=None, impossible=result.most is None)
        if result.status == "UNKNOWN":
            return Outlook(lower=result.lower, upper=None)
        line = tuple(result.line)
        self._witness(state, line)
        lower = result.optimum if result.status == "OPTIMAL" and result.optimum is not None else result.lower
        return Outlook(lower=lower, upper=result.optimum, line=line)

    def _find_or_known(self, state: State, budget: int | None) -> Outlook:
        known = self._known.get(_key(state))
        if _settles(known, budget):
            assert known is not None
            return known
        found = self._find(state, budget)
        self._known[_key(state)] = found
        return found

    def _witness(self, state: State, line: tuple[Action, ...]) -> None:
        """Keep what a line that reaches the goal proves: from each position along it, the rest
        of the line finishes (an upper bound)."""
        states = [state]
        costs = []
        for action in line:
            if why_not(self.puzzle, states[-1], action) is not None:
                return  # not a line from here: it proves nothing
            costs.append(_cost(states[-1], action))
            states.append(play(self.puzzle, states[-1], action))
        if not reached(self.puzzle, states[-1].pos):
            return
        for i, s in enumerate(states[:-1]):
            upper = sum(costs[i:])
            key = _key(s)
            known = self._known.get(key)
            if known is None:
                self._known[key] = Outlook(lower=0, upper=upper, line=line[i:])
            elif known.upper is None or upper < known.upper:
                self._known[key] = replace(known, upper=upper, line=line[i:])


def _settles(known: Outlook | None, budget: int | None) -> bool:
    """Whether what is known answers the question: the fewest actions exactly, or (with a
    budget) whether the rest can be done within it."""
    if known is None:
        return False
    if known.impossible or known.upper == known.lower:
        return True
    return budget is not None and known.within(budget) is not None


def _cost(state: State, action: Action) -> int:
    from ..rules import action_cost

    return action_cost(state.pos, action)


def _key(state: State) -> tuple[object, ...]:
    return (state.pos.key(), state.turn)
