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
  group's cover has the least bound its members are asked for. A placement or cover whose
  bound is below what it is asked for is skipped without a model (`reach_bound`): its solve
  would be INFEASIBLE. A cover is not asked a bare question (its members are, one by one).
  Every placement not skipped is asked, so none that could beat the best (or tie it from
  earlier in notation order) is left out.
- **Values by bare questions.** A placement's value is settled by questions without the
  objective (`board_solve.reaches`): is its ask reached at all, then its bound and the values
  just below (its value is the first reached from its bound down), at most `TRIES` of them;
  otherwise it is solved with the objective. At its bound (with a `line` solve and no cap) the
  question is the solve of its line asked for exactly that value, the one made below for each
  of the k best: answered, it settles the value and gives the line at once.
- **The line.** The winner's value is settled (its bound or INFEASIBLE answers above it, and a
  line at it), so its line is solved asked for exactly that value, floor and cap: a line of the
  value with the fewest actions (the model's tie-break), as the notation-order search's line
  is, though not always the same one among equals. A different value there is an internal
  error, never printed.

`--alternatives K` before a placement (`best_placements`) is the same search keeping the K
best: a placement is asked to beat the K-th best so far (ties as above), and each of the K is
solved for its line asked for exactly its value.

With the model-free bound (the score objective), with or without a time limit: `reaches` is
exact either way (a question CP-SAT cannot answer in time raises TimeUp), so a limit the proof
does not reach never changes the path nor the answer; when the limit stops this search, the
analysis has no line (UNKNOWN). Without the bound the analysis takes the placements in notation
order.
tests/test_best_first.py compares both searches on sampled placement turns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import Action
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
    tighter: Bound | None = None,
    line_solve: Solve | None = None,
    covers: bool = False,
) -> BoardResult:
    """The best over the children (placements, mostly), first in notation order among equals, and
    its line, as `placement.split_placements` gives it (module doc); INFEASIBLE when none reaches
    `floor`. `line_solve` (default `solve`) solves the winner for its line; `covers`: a group's
    cover is asked the bare question before its members (`_BestFirst.ask_covers`)."""
    ranked, bound, proven = best_placements(kids, solve, reach, upper, floor, cap, 1, tighter, line_solve, covers)
    if not ranked:
        return BoardResult("INFEASIBLE", None, bound, ())
    r = ranked[0][1]
    assert r.value is not None
    status = "OPTIMAL" if proven and bound <= r.value else "FEASIBLE"
    return BoardResult(status, r.value, bound, r.line)


def best_placements(
    kids: Sequence[Child],
    solve: Solve,
    reach: Reach,
    upper: Bound,
    floor: int | None,
    cap: int | None,
    k: int,
    tighter: Bound | None = None,
    line_solve: Solve | None = None,
    covers: bool = False,
) -> tuple[list[tuple[Action, BoardResult]], int, bool]:
    """The k children of the best values, best first, ties in notation order, each with its line
    (the child's action first), and the bound on every child not among them, and whether all is
    proven.

    A child's value is settled by the search (module doc), so its line is solved asked for
    exactly that value (`line_solve`, default `solve`, with the value as floor and cap; no bare
    question first): among the lines of that value, one of the fewest actions (the model's
    tie-break), and CP-SAT stops as soon as it has proven the fewest actions there (on a median
    last turn about half the CPU of the solve asked only for more than the best before it,
    docs/benchmarks.md). A child already solved with the objective during the search keeps the
    line found then (its value and fewest actions too)."""
    search = _BestFirst(kids, solve, reach, upper, floor, cap, tighter, line_solve)
    search.ask_covers = covers
    top = search.top(list(range(len(kids))), k)
    out: list[tuple[Action, BoardResult]] = []
    bound = search.bound
    for value, i in top:
        action, child = kids[i]
        r = search.lines.get(i) or (line_solve or solve)(child, value, value if cap is None else min(cap, value))
        if r.value != value:
            raise SolverError(f"{action}: its solve gives {r.value}, its bare questions {value}")
        bound = max(bound, r.bound)
        search.proven = search.proven and r.status == "OPTIMAL"
        out.append((action, BoardResult(r.status, value, r.bound, (action, *r.line))))
    return out, max(bound, search.bound), search.proven


class _BestFirst:
    """What is known of each child: its proven upper bound and, once settled, its value."""

    def __init__(
        self,
        kids: Sequence[Child],
        solve: Solve,
        reach: Reach,
        upper: Bound,
        floor: int | None,
        cap: int | None,
        tighter: Bound | None = None,
        line: Solve | None = None,
    ) -> None:
        self.kids = kids
        self.line = line
        """With k = 1: the first child settled, nothing found yet, is solved for its line at its
        bound at once (`_settle`), instead of a bare question there and its line at the end."""
        self.tighter = tighter
        """A second bound, costlier and often lower (reach_tight.tight_bound), asked only of a
        group or placement that `upper` does not skip."""
        self.solve = solve
        self.reach = reach
        self.upper = upper
        self.floor = floor
        self.cap = cap
        index = {id(c): j for j, (_, c) in enumerate(kids)}
        self.groups = [[index[id(c)] for _, c in g] for g in groups(kids)]
        self.ties = True
        """Whether a tie is decided by notation order (else only the best values count)."""
        self.k = 1
        self.found: list[tuple[int, int]] = []
        """The k best so far (value, child), best first, ties in notation order."""
        self.hi: dict[int, int | None] = {}
        """A child's bound (None: none known), lowered when asked for more and INFEASIBLE."""
        self.value: dict[int, int] = {}
        """A child's value, when settled (only values at least the floor)."""
        self.own: set[int] = set()
        """The children whose own bound was computed (not only their group's)."""
        self.lines: dict[int, BoardResult] = {}
        """The line each child got while it was settled (a child is settled once): its solve
        with the objective, or its line's solve at its bound (`_settle`)."""
        self.bound = floor - 1 if floor is not None else NONE
        """No child not settled reaches more (the bound of the search, as in placement.py)."""
        self.proven = True
        self.covers: dict[int, Position | None] = {}
        """Each group's cover (or only member), by its first child."""
        self.group_of: dict[int, list[int]] = {}
        for g in self.groups:
            members = [kids[j][1] for j in g]
            top = cover(members) if len(g) > 1 else members[0]
            self.covers[g[0]] = top
            b = upper(top) if top is not None else None
            for j in g:
                self.hi[j] = b
                self.group_of[j] = g
        self.tightened: set[int] = set()
        """The groups (by first child) and children whose `tighter` bound was asked."""
        self.ask_covers = False
        """Whether a group's cover is asked the bare question before its members (for the reply's
        margin objective, whose bounds leave many members of a group to ask): the cover
        dominates each member (placement.cover), so a no skips them all."""

    def ask(self, j: int) -> int | None:
        """What child j is asked for, the k-th best so far the value V of child i: at least V
        before i (it wins a tie), more than V after it; at least the floor."""
        if len(self.found) < self.k:
            return self.floor
        v, i = self.found[self.k - 1]
        want = v if self.ties and j < i else v + 1
        return want if self.floor is None else max(self.floor, want)

    def top(self, among: list[int], k: int, ties: bool = True) -> list[tuple[int, int]]:
        """The k best values among the children `among`, each with its child, best first, ties
        in notation order (with `ties`; else only the values count); only values at least the
        floor."""
        self.ties = ties
        self.k = k
        self.found = []
        chosen = set(among)
        parts = [[j for j in g if j in chosen] for g in self.groups]
        parts = [p for p in parts if p]
        parts.sort(key=lambda p: (self._key(p), p[0]))
        for j in among:
            if j in self.value:
                self._add(self.value[j], j)
        for part in parts:
            self._group(part)
        return self.found

    def _add(self, v: int, j: int) -> None:
        """A child's value: among the k best when it beats the k-th (ties in notation order)."""
        if (v, j) in [(w, i) for w, i in self.found]:
            return
        self.found.append((v, j))
        self.found.sort(key=lambda x: (-x[0], x[1]))
        del self.found[self.k :]

    def _key(self, part: list[int]) -> tuple[int, int]:
        """Highest bound first; no bound last."""
        his = [self.hi[j] for j in part]
        if any(h is None for h in his):
            return (1, 0)
        return (0, -max(h for h in his if h is not None))

    def _group(self, part: list[int]) -> None:
        """One group's members `part`: skipped when their bounds (first the group's, then each
        member's own) are below what they would be asked for, else each settled, highest bound
        first."""
        for j in part:
            if j in self.value:
                self._add(self.value[j], j)
        left = [j for j in part if j not in self.value and not self._below(j)]
        if left and self.tighter is not None:
            # The group's cover not skipped by `upper`: its tighter bound, once, for every member.
            g = self.group_of[left[0]]
            top = self.covers[g[0]]
            if g[0] not in self.tightened and top is not None and len(g) > 1:
                self.tightened.add(g[0])
                self._tighten(g, self.tighter(top))
                left = [j for j in left if not self._below(j)]
        for j in left:
            if j not in self.own:
                # Each member's own bound is often below its group's (the cover lays more cubes).
                self.own.add(j)
                self._tighten([j], self.upper(self.kids[j][1]))
            if self.tighter is not None and j not in self.tightened and not self._below(j):
                self.tightened.add(j)
                self._tighten([j], self.tighter(self.kids[j][1]))
        left = [j for j in left if not self._below(j)]
        if not left:
            return
        # The members left are asked one by one, without asking their cover first: here their
        # bounds (the cover's and their own) have not skipped them, and on the benchmark's last
        # turns such a cover always reached the value (a question more), docs/benchmarks.md.
        left.sort(key=lambda j: (self.hi[j] is None, -(self.hi[j] or 0), j))
        if self.ask_covers and len(left) > 1:
            top = self.covers_of(left)
            asks = [self.ask(j) for j in left]
            least = None if any(a is None for a in asks) else min(a for a in asks if a is not None)
            if top is not None and least is not None and not self.reach(top, least):
                self._lower(left, least - 1)
                return
        for j in left:
            if self._below(j):
                continue
            got = self._settle(j, self.ask(j))
            if got is not None:
                self._add(got, j)

    def covers_of(self, js: list[int]) -> Position | None:
        """The cover of children `js` (members of one group), or None."""
        return cover([self.kids[j][1] for j in js])

    def _tighten(self, js: list[int], b: int | None) -> None:
        """A bound found for children `js`: each keeps the lower of it and the one it had."""
        if b is None:
            return
        for j in js:
            h = self.hi[j]
            self.hi[j] = b if h is None else min(b, h)

    def _below(self, j: int) -> bool:
        """Whether child j cannot reach what it would be asked for."""
        a = self.ask(j)
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
                if v == h and self.line is not None and self.cap is None:
                    # Nothing to beat yet (the first child settled, k = 1): it is mostly the best,
                    # so its line is solved now, asked for exactly its bound, as `best_placements`
                    # would solve it at the end (the same solve, the same line); INFEASIBLE is
                    # the bare question's no.
                    r = self.line(child, v, v)
                    if r.status != "INFEASIBLE":
                        if r.value != v:
                            raise SolverError(f"{self.kids[j][0]}: its line at {v} gives {r.value}")
                        self.lines[j] = r
                        self.value[j] = v
                        self.bound = max(self.bound, v)
                        return v
                    self.hi[j] = v - 1
                    continue
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
        self.lines[j] = r
        self.value[j] = r.value
        self.hi[j] = r.bound
        return r.value
