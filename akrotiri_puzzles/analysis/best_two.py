"""The tile placement over two turns taken best first (`analyse --turns 2` from a placement, the
score objective): the groups of placements (one slot and rotation, `placement.groups`) visited by
a model-free bound of their cover, highest first, so that the best is found early and most groups
are then skipped by their bound alone, without a model.

The answer:

- **Value, bound, status**: those of every placement solved alone (the best over them, proven).
- **The placement printed**: the first in notation order among those that reach the best value.
- **Its line**: its two turns solved by CP-SAT asked for exactly the best value (floor and cap,
  `best_two_turns`, its own settings): a line of that value with the fewest actions. It depends
  on the placement and the value only, never on the order the search took nor on what it asked
  before, so the same position gives the same bytes; it is not always the line the notation-order
  search (analysis/placement.py) prints among lines of the same value, which was solved asked
  for one more than the best before it (docs/analysis.md, "The two-turn placement search best
  first").

The search:

- **Order.** Each group's cover (`placement.cover`, over two turns; a group of one: its
  placement) has a bound, `order` (reach_two.Kept.together: the relaxed two turns, each slot of
  the next tile's boards searched together). The groups are visited by that bound, highest
  first, ties and groups without a bound in notation order (those without a bound last).
- **Asks.** With the best so far the value V of placement w, a placement before w in notation
  order is asked for at least V (it would win the tie), one after w for more than V. A group is
  skipped when its bound is below the least its members are asked for, or when `below` proves
  its cover cannot reach it (each of the next tile's slots searched board by board where its
  boards together reach it); else its cover is solved asked for that least value: INFEASIBLE
  skips the group, else its value bounds every member (the cover dominates each). The members
  left are then asked one by one in notation order, each for what it would be asked for now:
  where that is the cover's value, solved asked for exactly it (floor and cap); else first at
  the cover's value exactly and, when no line reaches it, for its ask up to one less.
- **The line.** The winner's line is its solve asked for exactly the best value, which the
  search already has when the winner was asked that; else that solve is made at the end (a
  different value there is an internal error, never printed).

Without a bound (a relaxed search too large) a group is visited last and solved as above; when the
first `GIVE_UP` groups have none, the relaxation is asked no more (notation order). The answer is
the same either way. A time limit that stops the search after some line was found gives that
line, unproven, without a bound (as placement.split_placements does); it is checked between the
groups' bounds too (the relaxation reads no clock).
tests/test_analysis_turns_placement.py checks the value and bound against every placement solved
alone, and the printed line replayed through the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..position import Position
from ..solver.cpsat import SolverError
from ..solver.deadline import TimeUp
from .board_solve import BoardResult
from .placement import Below, Bound, Child, Progress, cover, groups

GIVE_UP = 4
"""When the relaxation bounds none of the first this many groups (each relaxed search passed its
states), it is asked of no other: on seed 2's fifth turn (eight actions over the two turns) it
bounds none of the 52 and would cost about 0.4 s a group for nothing."""

Solve = Callable[[Position, int | None, int | None], BoardResult]
NONE = -(10**9)


def best_two_placement(
    kids: Sequence[Child],
    solve: Solve,
    floor: int | None,
    cap: int | None,
    order: Bound,
    below: Below,
    no_bound: int,
    done: Progress | None = None,
    check: Callable[[], None] | None = None,
) -> BoardResult:
    """The best over the children (module doc): OPTIMAL when every child is settled, FEASIBLE
    when a time limit stopped it after a line was found (no bound), INFEASIBLE when none
    reaches `floor`."""
    search = _Search(kids, solve, floor, cap, order, below)
    search.check = check
    try:
        search.run(done)
    except TimeUp:
        if search.best is None:
            raise
        _, _, r = search.best
        return BoardResult("FEASIBLE", r.value, no_bound, r.line)
    if search.best is None:
        return BoardResult("INFEASIBLE", None, search.bound, ())
    value, w, r = search.best
    if search.exact != w:
        action, child = kids[w]
        got = solve(child, value, value)
        if got.value != value:
            raise SolverError(f"{action}: its solve asked for exactly {value} gives {got.value}")
        r = BoardResult(got.status, value, got.bound, (action, *got.line))
        search.proven = search.proven and got.status == "OPTIMAL"
    bound = max(search.bound, r.bound)
    status = "OPTIMAL" if search.proven and bound <= value else "FEASIBLE"
    return BoardResult(status, value, bound, r.line)


class _Search:
    def __init__(
        self, kids: Sequence[Child], solve: Solve, floor: int | None, cap: int | None, order: Bound, below: Below
    ) -> None:
        self.kids = kids
        self.solve = solve
        self.floor = floor
        self.cap = cap
        self.order = order
        self.below = below
        index = {id(c): j for j, (_, c) in enumerate(kids)}
        self.groups = [[index[id(c)] for _, c in g] for g in groups(kids)]
        self.best: tuple[int, int, BoardResult] | None = None
        """The best so far: its value, its child (first in notation order among equals), its
        result (the line with the child's action first)."""
        self.exact: int | None = None
        """The child whose line was solved asked for exactly the best value (None: none yet)."""
        self.bound = floor - 1 if floor is not None else NONE
        """No child left out reaches more."""
        self.proven = True
        self.bounded = True
        """Whether the relaxation is asked (`GIVE_UP`)."""
        self.check: Callable[[], None] | None = None
        """Raises TimeUp when the time limit has passed (asked between the groups' bounds)."""

    def ask(self, j: int) -> int | None:
        """What child j is asked for: at least the best V before its placement in notation
        order (it wins a tie), more than V after it; at least the floor."""
        if self.best is None:
            return self.floor
        v, w, _ = self.best
        want = v if j < w else v + 1
        return want if self.floor is None else max(self.floor, want)

    def _least(self, js: list[int]) -> int | None:
        asks = [self.ask(j) for j in js]
        return None if any(a is None for a in asks) else min(a for a in asks if a is not None)

    def _skip(self, ask: int) -> None:
        self.bound = max(self.bound, ask - 1)

    def run(self, done: Progress | None) -> None:
        # One group: nothing to order, and no best to skip it by.
        self.bounded = len(self.groups) > 1
        tops: list[tuple[list[int], Position | None, int | None]] = []
        for i, g in enumerate(self.groups):
            members = [self.kids[j][1] for j in g]
            top = cover(members, 2) if len(g) > 1 else members[0]
            if i == GIVE_UP and all(hi is None for _, _, hi in tops):
                # The relaxation bounds none of the first groups (a long turn): it is not asked
                # again, and the groups are taken in notation order (the same answer).
                self.bounded = False
            if self.check is not None:
                self.check()  # the relaxation reads no clock: the time limit between groups
            tops.append((g, top, self.order(top) if top is not None and self.bounded else None))
        tops.sort(key=lambda t: (t[2] is None, -(t[2] or 0), t[0][0]))
        for i, (g, top, hi) in enumerate(tops):
            self.group(g, top, hi)
            if done is not None:
                done(i + 1, len(tops), self.best[0] if self.best is not None else None)

    def group(self, g: list[int], top: Position | None, hi: int | None) -> None:
        least = self._least(g)
        if least is not None and hi is not None and hi < least:
            self._skip(least)
            return
        if top is not None and least is not None and self.bounded and self.below(top, least):
            self._skip(least)
            return
        solved = None
        if top is not None and len(g) > 1:
            r = self.solve(top, least, self.cap)
            if r.status == "INFEASIBLE":
                self.bound = max(self.bound, r.bound)
                return
            # The cover dominates each member: none reaches more than the cover's bound.
            solved = r.bound
        for j in g:
            self.member(j, hi, solved)

    def member(self, j: int, hi: int | None, solved: int | None) -> None:
        """Child j, asked for what it would be asked for now; `hi` bounds it, `solved` too (its
        cover's value, proven by a solve: most members reach it)."""
        action, child = self.kids[j]
        ask = self.ask(j)
        top = solved if hi is None or solved is None else min(hi, solved)
        if ask is not None and top is not None and top < ask:
            self._skip(ask)
            return
        exact = False
        if solved is not None and top == solved and (self.cap is None or solved <= self.cap):
            # Asked for exactly its cover's value, the solve that reaches it gives the line the
            # answer prints when it is the best (module doc).
            r = self.solve(child, solved, solved)
            exact = r.status != "INFEASIBLE"
            if not exact:
                if ask is not None and solved - 1 < ask:
                    self._skip(ask)
                    return
                r = self.solve(child, ask, solved - 1)
        else:
            r = self.solve(child, ask, self.cap if top is None else top if self.cap is None else min(top, self.cap))
        if r.status == "INFEASIBLE":
            self.bound = max(self.bound, r.bound)
            return
        assert r.value is not None
        self.proven = self.proven and r.status == "OPTIMAL"
        if self.best is None or r.value > self.best[0] or (r.value == self.best[0] and j < self.best[1]):
            if self.best is not None:
                # The best so far is displaced: its bound bounds a child left out now.
                self.bound = max(self.bound, self.best[2].bound)
            self.best = (r.value, j, BoardResult(r.status, r.value, r.bound, (action, *r.line)))
            self.exact = j if exact else None
        else:
            self.bound = max(self.bound, r.bound)
