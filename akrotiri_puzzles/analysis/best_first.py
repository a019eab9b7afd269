"""The tile placement taken best first: the placements visited by their model-free bound, highest
first, instead of in notation order (analysis/placement.py takes them in notation order).

The answer is the one of the notation-order search (`placement.split_placements`): the best
value, and among the placements that reach it the first in notation order, its line solved
asked for the very value the notation-order search asks it for.

- **Order.** Each group of placements (one slot and rotation, `placement.groups`) has a bound:
  that of its cover (`placement.cover`, which dominates each member), or the member's own for
  a group of one. The groups are visited by bound, highest first (ties and groups without a
  bound in notation order, those without a bound last); a group's members by their own bound.
- **Asks.** With the best so far the value V of placement i, a placement j before i in
  notation order wins a tie, so it is asked for at least V; one after i for more than V. A
  group's cover is asked for the least its members are asked for. A placement or cover whose
  bound is below what it is asked for is skipped without a model (`reach_bound`): its solve
  would be INFEASIBLE. Every placement not skipped is asked, so none that could beat the best
  (or tie it from earlier in notation order) is left out.
- **Values by bare questions.** A placement's value is settled by questions without the
  objective (`board_solve.reaches`): is its ask reached at all, then its bound and the values
  just below (its value is the first reached from its bound down), at most `TRIES` of them;
  otherwise it is solved with the objective.
- **The line.** The notation-order search asks the winner i for more than the best value among
  the placements before i (or the floor); the same search, best first, among those placements
  alone gives that value, and the winner is solved asked for it, so its line is the line of
  the notation-order search. A different value there is an internal error, never printed.

Only without a time limit (`reaches` is then exact) and with the model-free bound (the score
objective); otherwise the analysis takes the placements in notation order.
tests/test_best_first.py compares both searches on sampled placement turns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..position import Position
from ..solver.cpsat import SolverError
from .board_solve import BoardResult
from .placement import Bound, Child, Reach, cover, groups

TRIES = 3
"""Values a placement is asked for by bare questions, from its bound down, before it is solved
with the objective instead."""

Solve = Callable[[Position, int | None, int | None], BoardResult]
NONE = -(10**9)
"""Below every value: nothing known."""


def best_placement(
    kids: Sequence[Child],
    solve: Solve,
    reach: Reach,
    upper: Bound,
    floor: int | None,
    cap: int | None,
) -> BoardResult:
    """The best over the children (placements, mostly), first in notation order among equals, and
    its line, as `placement.split_placements` gives it (module doc); INFEASIBLE when none reaches
    `floor`."""
    search = _BestFirst(kids, solve, reach, upper, floor, cap)
    everyone = list(range(len(kids)))
    top = search.top(everyone)
    if top is None:
        return BoardResult("INFEASIBLE", None, floor - 1 if floor is not None else NONE, ())
    value, i = top
    # What the notation-order search asks i for: more than the best before it (or the floor).
    before = search.top(everyone[:i], ties=False)
    ask = floor if before is None else (before[0] + 1 if floor is None else max(floor, before[0] + 1))
    action, child = kids[i]
    r = search.lines.get((i, ask)) or solve(child, ask, cap)
    if r.value != value:
        raise SolverError(f"{action}: its solve gives {r.value}, its bare questions {value}")
    bound = max(r.bound, search.bound)
    status = "OPTIMAL" if r.status == "OPTIMAL" and search.proven and bound <= value else "FEASIBLE"
    return BoardResult(status, value, bound, (action, *r.line))


class _BestFirst:
    """What is known of each child: its proven upper bound and, once settled, its value."""

    def __init__(
        self, kids: Sequence[Child], solve: Solve, reach: Reach, upper: Bound, floor: int | None, cap: int | None
    ) -> None:
        self.kids = kids
        self.solve = solve
        self.reach = reach
        self.upper = upper
        self.floor = floor
        self.cap = cap
        index = {id(c): j for j, (_, c) in enumerate(kids)}
        self.groups = [[index[id(c)] for _, c in g] for g in groups(kids)]
        self.ties = True
        """Whether a tie is decided by notation order (else only the best value counts)."""
        self.hi: dict[int, int | None] = {}
        """A child's bound (None: none known), lowered when asked for more and INFEASIBLE."""
        self.value: dict[int, int] = {}
        """A child's value, when settled (only values at least the floor)."""
        self.own: set[int] = set()
        """The children whose own bound was computed (not only their group's)."""
        self.lines: dict[tuple[int, int | None], BoardResult] = {}
        """Solves with the objective: by child and the value asked for."""
        self.bound = floor - 1 if floor is not None else NONE
        """No child not settled reaches more (the bound of the search, as in placement.py)."""
        self.proven = True
        for g in self.groups:
            members = [kids[j][1] for j in g]
            top = cover(members) if len(g) > 1 else members[0]
            b = upper(top) if top is not None else None
            for j in g:
                self.hi[j] = b

    def ask(self, j: int, best: tuple[int, int] | None) -> int | None:
        """What child j is asked for, the best so far the value V of child i: at least V before i
        (it wins a tie), more than V after it; at least the floor."""
        if best is None:
            return self.floor
        v, i = best
        want = v if self.ties and j < i else v + 1
        return want if self.floor is None else max(self.floor, want)

    def top(self, among: list[int], ties: bool = True) -> tuple[int, int] | None:
        """The best value among the children `among` and the first child (in notation order)
        reaching it (with `ties`; else any child of the best value); None when none reaches the
        floor."""
        self.ties = ties
        chosen = set(among)
        parts = [[j for j in g if j in chosen] for g in self.groups]
        parts = [p for p in parts if p]
        parts.sort(key=lambda p: (self._key(p), p[0]))
        best: tuple[int, int] | None = None
        for j in among:
            if j in self.value:
                best = _better(best, (self.value[j], j))
        for part in parts:
            best = self._group(part, best)
        return best

    def _key(self, part: list[int]) -> tuple[int, int]:
        """Highest bound first; no bound last."""
        his = [self.hi[j] for j in part]
        if any(h is None for h in his):
            return (1, 0)
        return (0, -max(h for h in his if h is not None))

    def _group(self, part: list[int], best: tuple[int, int] | None) -> tuple[int, int] | None:
        """One group's members `part`: skipped when their bounds (first the group's, then each
        member's own) are below what they would be asked for, else their cover asked, else each
        settled, highest bound first."""
        for j in part:
            if j in self.value:
                best = _better(best, (self.value[j], j))
        left = [j for j in part if j not in self.value and not self._below(j, best)]
        for j in left:
            if j not in self.own:
                # Each member's own bound is often below its group's (the cover lays more cubes).
                self.own.add(j)
                mine = self.upper(self.kids[j][1])
                h = self.hi[j]
                if mine is not None:
                    self.hi[j] = mine if h is None else min(mine, h)
        left = [j for j in left if not self._below(j, best)]
        if not left:
            return best
        asks = [self.ask(j, best) for j in left]
        if len(left) > 1 and None not in asks:
            low = min(a for a in asks if a is not None)
            top = cover([self.kids[j][1] for j in left])
            if top is not None and not self.reach(top, low):
                self._lower(left, low - 1)
                return best
        left.sort(key=lambda j: (self.hi[j] is None, -(self.hi[j] or 0), j))
        for j in left:
            if self._below(j, best):
                continue
            got = self._settle(j, self.ask(j, best))
            if got is not None:
                best = _better(best, (got, j))
        return best

    def _below(self, j: int, best: tuple[int, int] | None) -> bool:
        """Whether child j cannot reach what it would be asked for."""
        a = self.ask(j, best)
        h = self.hi[j]
        if a is None or h is None or h >= a:
            return False
        self.bound = max(self.bound, a - 1)
        return True

    def _lower(self, js: list[int], most: int) -> None:
        for j in js:
            h = self.hi[j]
            self.hi[j] = most if h is None else min(h, most)
        self.bound = max(self.bound, most)

    def _settle(self, j: int, ask: int | None) -> int | None:
        """Child j's value if it reaches `ask` (None: anything; the floor), else None."""
        child = self.kids[j][1]
        h = self.hi[j]
        if h is None:
            return self._solved(j, ask)
        if ask is not None and not (h is not None and h == ask) and not self.reach(child, ask):
            self._lower([j], ask - 1)
            return None
        # It reaches `ask` (or nothing is asked): its value is the first reached from its bound down.
        low = ask if ask is not None else h - TRIES + 1
        if h - low < TRIES:
            for v in range(h, low - 1, -1):
                if (ask is not None and v == ask and h != ask) or self.reach(child, v):
                    self.value[j] = v
                    self.bound = max(self.bound, v)
                    return v
                self.hi[j] = v - 1
            if ask is not None:
                self._lower([j], ask - 1)
                return None
        return self._solved(j, ask)

    def _solved(self, j: int, ask: int | None) -> int | None:
        """Child j's value if it reaches `ask`, by its solve with the objective."""
        r = self.solve(self.kids[j][1], ask, self.cap)
        self.bound = max(self.bound, r.bound)
        if r.status == "INFEASIBLE":
            self._lower([j], (ask if ask is not None else 0) - 1)
            return None
        assert r.value is not None
        self.proven = self.proven and r.status == "OPTIMAL"
        self.lines[(j, ask)] = r
        self.value[j] = r.value
        self.hi[j] = r.bound
        return r.value


def _better(best: tuple[int, int] | None, new: tuple[int, int]) -> tuple[int, int]:
    """The higher value; among equals the child first in notation order."""
    if best is None or new[0] > best[0] or (new[0] == best[0] and new[1] < best[1]):
        return new
    return best
