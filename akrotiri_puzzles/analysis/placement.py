"""A turn with its tile still to place: the placements grouped, each group bounded by one solve.

The placements of one slot and rotation (R-TILE-1) leave the same board and differ only in the
second cube (R-TILE-2): its colour, taken from the market, and the island it lies on. Their
*cover* is the position after any of them with every cube any of them lays (per piece, the most
any lays) and, per colour, the fewest cubes left on the market. The cover dominates each
placement of its group (`cover`): a line legal after the placement is legal from the cover,
with the same board, boat, cards and temples at every step and at least as many drachmas
(a cube more on an island only adds a choice to a load, R-LOAD-1; a cube fewer on the market
only raises a sale's price and leaves a space more to sell into, R-FREE-1, as the price track
never falls), so the cover's best objective bounds every placement of the group. One solve of
the cover asking for more than the best so far proves the whole group cannot beat it; only
when it finds such a line are the group's placements solved one by one, exactly as without the
grouping (so the answer, line included, is the one every placement solved in turn gives), the
cover of those left asked again whenever the best has grown. The tests check the domination
against each placement's own best (tests/test_placement_bound.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..actions import Action, PlaceTile
from ..position import Position
from ..solver.cpsat import SolverError
from ..solver.deadline import TimeUp
from . import parts_split
from .board_solve import BoardResult
from .reach.reach_known import cover, two_turn_markets

Child = tuple[Action, Position]


def groups(kids: Sequence[Child]) -> list[list[Child]]:
    """The placements by slot and rotation, in the order of their first placement (notation order
    within a group kept); any other move is a group of its own."""
    out: list[list[Child]] = []
    index: dict[tuple[object, int], int] = {}
    for action, child in kids:
        if isinstance(action, PlaceTile) and child.phase == "act" and not child.passing:
            key = (action.slot, action.rotation)
            if key in index:
                out[index[key]].append((action, child))
                continue
            index[key] = len(out)
        out.append([(action, child)])
    return out


Bound = Callable[[Position], int | None]
"""A sound upper bound on a child's objective computed without a model (analysis/reach/reach_bound.py),
or None where it has none."""
Reach = Callable[[Position, int], bool]
"""Whether some line of a child reaches a value (board_solve.reaches, no line read)."""


class Below(Protocol):
    """Whether a sound model-free bound proves that no line of a child reaches a value
    (analysis/reach/reach_below.py over two turns); `every`: of each of a group's members at once,
    asked where their two-turn cover is not claimed (`cover`)."""

    def __call__(self, pos: Position, ask: int, /) -> bool: ...

    def every(self, members: Sequence[Position], ask: int, /) -> bool: ...


Progress = Callable[[int, int, int | None], None]
"""Told after each group: the groups done, of how many, and the best value so far (None yet)."""


def split_placements(
    kids: Sequence[Child],
    solve: Callable[[Position, int | None, int | None], BoardResult],
    floor: int | None,
    cap: int | None,
    no_bound: int,
    upper: Bound | None = None,
    reach: Reach | None = None,
    feasible: Reach | None = None,
    turns: int = 1,
    done: Progress | None = None,
    below: Below | None = None,
    lines: Lines | None = None,
    known: Known | None = None,
) -> BoardResult:
    """The best over the children, each asked only for lines better than the best so far, the
    placements of one slot and rotation first bounded together by their cover (module doc).
    The same result as asking every child in turn: a group is skipped only when no member can
    reach the value it would be asked for."""
    try:
        found, bound, proven = best_placements(
            kids, solve, floor, cap, 1, upper, reach, feasible, turns, done, below, lines, known
        )
    except Stopped as stop:
        # The children not looked at bound nothing: the line found, no bound.
        best = stop.found[0][1]
        return BoardResult("FEASIBLE", best.value, no_bound, best.line)
    if not found:
        return BoardResult("INFEASIBLE", None, bound, ())
    best = found[0][1]
    assert best.value is not None
    status = "OPTIMAL" if proven and bound <= best.value else "FEASIBLE"
    return BoardResult(status, best.value, bound, best.line)


TRIES = 3
"""Values a child is asked for, from its bound down, before its solve settles it instead."""

MARKET_PARTS = True
"""Over two turns, a group's cover that reaches the value asked has the covers of its market
parts asked too (`_Search.by_market`): each part's cover is a cover of fewer placements (the
same domination, `cover`), so it is at least as tight, and its market is each member's own.
Only where the group's markets let its own two-turn cover be claimed (`two_turn_markets`):
where they do not (thin markets, the group asked at once through the relaxation,
`Below.every`), the members asked one by one through the relaxation proved cheaper than the
parts' models (seed 3's turn 10, docs/benchmarks.md)."""


MARKET_PARTS_THIN = False
"""Off: on seed 3's turn 10 (2016, north) it solves one part's cover more than main (3 models
instead of 2, 170 CPU s against 153, the same answer; docs/benchmarks.md, session 54), and no
turn measured is yet shown to gain. When on, over two turns, in a group whose own two-turn
cover is not claimed (thin markets, `MARKET_PARTS` above), a market part's cover is solved once two of the part's members left fail their relaxed
questions at the value asked (`_Search.thin_part`): all members of a part leave one market, so
their cover is claimed over two turns (`two_turn_markets` holds with one market) and dominates
each of them (`cover`). INFEASIBLE skips every member it covers, as their own solves would be;
otherwise its best and line bound and may settle them (`_Facts`), as a group's cover does. Asked
only after two relaxed questions have failed, because where the relaxation answers for the
members one by one they cost no model at all; one such cover per part and value asked. The
other members' relaxed questions are asked ahead, at the value asked now: a member the search
alone would reach only after the best has grown (and then prove below by its relaxation) can
still put its part's cover to a model at the lower value, which is the likely cost on seed 3's
turn 10 (not logged)."""


THIN_PARTS_BELOW = True
"""Over two turns, in a group whose own two-turn cover is not claimed (thin markets) and which
the relaxation's question of the whole group (`Below.every`) does not put below the value asked,
each market part of two or more members left is asked the relaxation's question through its own
cover before any of its members is (`_Search.parts_below`): all members of a part leave one
market, so their cover is claimed over two turns (`two_turn_markets` holds with one market) and
dominates each of them (`cover`), so the relaxation's bound of that cover (analysis/reach/reach_below.py)
is at least each member's optimum. Below the value asked, every member of the part is: their
own questions or solves would each end INFEASIBLE, so they are dropped with the same bound (the
value asked less one), and the search's answer (value, bound, line, status) is the one without
it. One question a part instead of one a member: on seed 1's turn 12 (2016, north; every group
thin, 12 placements in 4 parts), the four parts' covers were each below 16 where the twelve
members were asked one by one (about 6 CPU s each). Where a part's cover is not below, its
members are asked as before (a question more). False: as before session 57, a reference."""


class Stopped(Exception):
    """The time ran out after some lines were found (`found`, best first)."""

    def __init__(self, found: list[tuple[Action, BoardResult]]) -> None:
        super().__init__("time up")
        self.found = found


def best_placements(
    kids: Sequence[Child],
    solve: Callable[[Position, int | None, int | None], BoardResult],
    floor: int | None,
    cap: int | None,
    k: int,
    upper: Bound | None = None,
    reach: Reach | None = None,
    feasible: Reach | None = None,
    turns: int = 1,
    done: Progress | None = None,
    below: Below | None = None,
    lines: Lines | None = None,
    known: Known | None = None,
) -> tuple[list[tuple[Action, BoardResult]], int, bool]:
    """The k children of the best values (each with its best line, the child's action first),
    best first, ties in the children's order; each child asked only for more than the k-th best
    so far, the placements of a slot and rotation first bounded together by their cover. Also
    the bound on every child not among the k (asked for more and INFEASIBLE, or dropped), and
    whether every value is proven. The same k values as solving every child alone: a child is
    left out only when it cannot beat the k-th best. TimeUp with nothing found; `Stopped` with
    what was found when the time runs out later. With `feasible`, a cover is asked only whether
    it reaches the value (its best is never read). `turns`: the turns the children's solves see
    (the cover's condition over two, `cover`); `done` is told after each group. `below`: a
    bound asked before a cover's or a child's solve, as `upper` is (over two turns). `lines`:
    the engine's score of a line from a child, to try a cover's line from its members (k = 1).
    `known`: a child's solve told a value none of its lines beats (its proven best for the
    best's line at the end, `resolve`; its covers' best for a member, `group`): the same answer.

    With `reach` (and `upper`; k = 1, no time limit): a child that beats the best so far and
    reaches its own bound has that value, proven without its line; only the child that is the
    best at the end is solved for its line, asked for the very value it would have been asked
    for in turn, so the line is the one the search without `reach` finds."""
    found: list[tuple[Action, BoardResult]] = []
    state = _Search(floor, cap, k, found, upper)
    state.reach = reach if k == 1 and upper is not None else None
    state.feasible = feasible
    state.turns = turns
    state.proves_below = below
    state.lines = lines
    state.known = known
    try:
        every = groups(kids)
        for i, group in enumerate(every):
            state.group(group, solve)
            if done is not None:
                done(i + 1, len(every), found[0][1].value if found else None)
        state.resolve(solve)
    except TimeUp:
        if not found:
            raise
        raise Stopped(found) from None
    return found, state.bound, state.proven


Solve = Callable[[Position, int | None, int | None], BoardResult]
Lines = Callable[[Position, tuple[Action, ...]], int | None]
"""The engine's objective of a line played from a child (None: the engine refuses it)."""
Known = Callable[[Position, int, int | None, int, bool], BoardResult]
"""A child's solve as `Solve`'s (a floor asked), told a value no line of it beats (proven: its
best, or its covers' best) and whether some line reaches it (proven: its best): the same answer,
line included, only cheaper where a line reaches that value (its search ends there; endgame's
`Run.known`)."""


class _Facts:
    """What a group's cover solves proved about its members, by the member's id."""

    def __init__(self) -> None:
        self.most: dict[int, int] = {}
        """A bound on the member's best: the least best of a cover holding it."""
        self.witness: dict[int, tuple[Action, ...]] = {}
        """The line of that cover (proven optimal there), to try from the member (`settled`)."""
        self.reached: dict[frozenset[int], int] = {}
        """The best of the cover of these members, where its solve reached the value asked."""


class _Search:
    """The state of `best_placements`: the k best so far, the bound, whether all is proven."""

    def __init__(
        self, floor: int | None, cap: int | None, k: int, found: list[tuple[Action, BoardResult]], upper: Bound | None
    ) -> None:
        self.upper = upper
        self.reach: Reach | None = None
        self.feasible: Reach | None = None
        """The bare question asked of a cover (only whether it reaches the value is read)."""
        self.deferred: tuple[Action, Position, int | None] | None = None
        """The best so far when its line is not solved yet: its action, position, and the
        value it was asked for."""
        self.floor = floor
        self.cap = cap
        self.k = k
        self.found = found
        self.bound = floor - 1 if floor is not None else -(10**9)
        self.proven = True
        self.turns = 1
        """The turns the children's solves see (a cover's condition over two, `cover`)."""
        self.proves_below: Below | None = None
        """A bound asked with the value itself (`Below`), besides `upper`."""
        self.lines: Lines | None = None
        """The engine's score of a cover's line from a member (`settled`); None: not tried."""
        self.known: Known | None = None
        """A child's solve told a value no line of it beats: the best's at the end (`resolve`),
        a member's where its covers' best bounds it (`group`); None: `solve`'s."""

    def ask(self) -> int | None:
        """The value a child is asked for: more than the k-th best so far (at least the floor)."""
        if len(self.found) < self.k:
            return self.floor
        kth = self.found[self.k - 1][1].value
        assert kth is not None
        return kth + 1 if self.floor is None else max(self.floor, kth + 1)

    def below(self, pos: Position, ask: int) -> bool:
        """Whether the model-free bound of `pos` (a child, or a group's cover, which dominates
        each of its placements) is below `ask`: then no line from it reaches `ask`, and its solve
        would be INFEASIBLE."""
        if self.proves_below is not None and self.proves_below(pos, ask):
            return True
        if self.upper is None:
            return False
        ub = self.upper(pos)
        return ub is not None and ub < ask

    def known_value(self, child: Position, ask: int | None) -> BoardResult | None:
        """The child's value, or INFEASIBLE below `ask`, from bare questions: no line reaches
        more than its bound, so the first value from the bound down that some line reaches is
        its value. Asked of at most `TRIES` values; None when that does not settle it."""
        if self.reach is None or self.upper is None:
            return None
        ub = self.upper(child)
        if ub is None or (self.cap is not None and ub > self.cap):
            return None
        low = ub - TRIES + 1 if ask is None else ask
        if ub - low >= TRIES:
            return None
        for value in range(ub, low - 1, -1):
            if self.reach(child, value):
                return BoardResult("OPTIMAL", value, value, ())
        if ask is None:
            return None
        return BoardResult("INFEASIBLE", None, ask - 1, ())

    def reaches(
        self, top: Position, ask: int, solve: Callable[[Position, int | None, int | None], BoardResult]
    ) -> bool:
        """Whether some line of a group's cover reaches `ask`: only that is read, so the bare
        question when there is one, else its solve."""
        if self.feasible is not None:
            return self.feasible(top, ask)
        return solve(top, ask, self.cap).status != "INFEASIBLE"

    def resolve(self, solve: Callable[[Position, int | None, int | None], BoardResult]) -> None:
        """The best's line when it was not solved: its solve asked for the value it was asked
        for in turn, which must give the value already proven. With `known` that solve is told
        the value (its covers' best, or bare questions, proved no line of it reaches more): the
        same answer (`Known`), its search stopped at its first line of the value."""
        if self.deferred is None or not self.found or self.found[0][0] != self.deferred[0]:
            return
        action, child, ask = self.deferred
        value = self.found[0][1].value
        if self.known is not None and ask is not None and value is not None:
            r = self.known(child, ask, self.cap, value, True)
        else:
            r = solve(child, ask, self.cap)
        if r.value != self.found[0][1].value:
            raise SolverError(f"{action}: its solve gives {r.value}, its bound reached {self.found[0][1].value}")
        self.found[0] = (action, BoardResult(r.status, r.value, r.bound, (action, *r.line)))
        self.bound = max(self.bound, r.bound)
        self.proven = self.proven and r.status == "OPTIMAL"

    def covered(self, members: list[Child], ask: int, solve: Solve, facts: _Facts) -> bool:
        """Whether the cover of `members` may reach `ask` (False: none of them does). A cover's
        solve also bounds each member (its best dominates theirs): kept in `facts`, with its
        line, so that a member is never asked for more than that and the line may settle it
        (`settled`). A set of members whose cover was solved reaching `ask` is not asked again."""
        key = frozenset(id(child) for _, child in members)
        if facts.reached.get(key, ask - 1) >= ask:
            return True
        positions = [child for _, child in members]
        top = cover(positions, self.turns)
        if top is None:
            # No two-turn cover is claimed: the relaxation may still answer for all at once.
            return self.proves_below is None or not self.proves_below.every(positions, ask)
        if self.below(top, ask):
            return False
        if self.feasible is not None:
            return self.feasible(top, ask)
        r = solve(top, ask, self.cap)
        if r.status == "INFEASIBLE":
            return False
        assert r.value is not None
        facts.reached[key] = r.value
        for _, child in members:
            if r.bound < facts.most.get(id(child), r.bound + 1):
                facts.most[id(child)] = r.bound
                if r.status == "OPTIMAL" and r.value == r.bound:
                    facts.witness[id(child)] = r.line
        return True

    def settled(self, child: Position, ask: int | None, facts: _Facts) -> BoardResult | None:
        """The value of a member that its covers' best line reaches from it too: no line of the
        member does better than that cover (`cover`), and the line, replayed by the engine from
        the member, scores that much. None where that does not settle it (or k > 1: only the
        best's line is solved again at the end, `resolve`)."""
        line = facts.witness.get(id(child))
        if line is None or self.lines is None or self.k != 1 or ask is None:
            return None
        most = facts.most[id(child)]
        if most < ask or self.lines(child, line) != most:
            return None
        return BoardResult("OPTIMAL", most, most, line)

    def by_market(self, left: list[Child], ask: int, solve: Solve, facts: _Facts) -> list[Child]:
        """`left` without the members whose market's cover cannot reach `ask`: the members
        that take the second cube of one colour leave one market, so the cover of each such
        part lays only the cubes of its members on that same market, tighter than the cover of
        all (`MARKET_PARTS`)."""
        parts: dict[tuple[int, ...], list[Child]] = {}
        for action, child in left:
            parts.setdefault(child.market, []).append((action, child))
        if len(parts) < 2:
            return left
        out: set[int] = set()
        for part in parts.values():
            if len(part) > 1 and not self.covered(part, ask, solve, facts):
                out.update(id(child) for _, child in part)
        return [(action, child) for action, child in left if id(child) not in out]

    def parts_below(self, left: list[Child], ask: int) -> list[Child]:
        """`left` without the members of each market part (two or more of them) whose own cover,
        claimed over two turns, the relaxation puts below `ask` (`THIN_PARTS_BELOW`). Asked only
        of a thin group: where the group's cover is claimed, `by_market` asks the parts."""
        positions = [child for _, child in left]
        if self.proves_below is None or self.turns < 2 or two_turn_markets(positions):
            return left
        parts: dict[tuple[int, ...], list[Position]] = {}
        for child in positions:
            parts.setdefault(child.market, []).append(child)
        out: set[int] = set()
        for part in parts.values():
            top = cover(part, self.turns) if len(part) > 1 else None
            if top is not None and self.proves_below(top, ask):
                out.update(id(child) for child in part)
        return [(action, child) for action, child in left if id(child) not in out]

    def below_once(self, child: Position, ask: int, asked: dict[int, tuple[int, bool]]) -> bool:
        """`below`, remembered per member in `asked` (by id: the value asked and the answer): a
        member below some value is below every higher one (no line reaches it), and a member not
        below a value is not asked for it again."""
        seen = asked.get(id(child))
        if seen is not None and (seen[0] == ask or (seen[1] and seen[0] <= ask)):
            return seen[1]
        answer = self.below(child, ask)
        asked[id(child)] = (ask, answer)
        return answer

    def failing_part(
        self,
        kid: Child,
        left: list[Child],
        ask: int,
        asked: dict[int, tuple[int, bool]],
        tried: set[tuple[tuple[int, ...], int]],
    ) -> list[Child]:
        """`kid` (just popped, its relaxed question failed) and those left of its market whose
        relaxed questions fail too, once per market part and `ask` (`tried`); empty where none
        of the others fails or that part was tried at `ask` already."""
        market = kid[1].market
        if (market, ask) in tried:
            return []
        failed = [other for other in left if other[1].market == market and not self.below_once(other[1], ask, asked)]
        if not failed:
            return []
        tried.add((market, ask))
        return [kid, *failed]

    def thin_part(
        self,
        kid: Child,
        left: list[Child],
        ask: int,
        solve: Solve,
        facts: _Facts,
        asked: dict[int, tuple[int, bool]],
        tried: set[tuple[tuple[int, ...], int]],
    ) -> set[int]:
        """The members (ids) a thin group's market part's cover proves below `ask`: those of
        `failing_part`, asked through their cover (`MARKET_PARTS_THIN`). Empty when there are
        none, or when the cover reaches `ask` (then `facts` holds its best and line for them)."""
        members = self.failing_part(kid, left, ask, asked, tried)
        if not members or self.covered(members, ask, solve, facts):
            return set()
        return {id(c) for _, c in members}

    def split_part(
        self,
        kid: Child,
        left: list[Child],
        ask: int,
        asked: dict[int, tuple[int, bool]],
        tried: set[tuple[tuple[int, ...], int]],
    ) -> set[int]:
        """The members (ids) of a thin group's market part that the split relaxation of their
        cover puts below `ask` (parts_split.py, `PARTS_SPLIT`): those of `failing_part`. Empty
        where there are none or where the split is not below."""
        if self.proves_below is None:
            return set()
        members = self.failing_part(kid, left, ask, asked, tried)
        if not members:
            return set()
        top = cover([child for _, child in members], self.turns)
        if top is None or not parts_split.split_below(self.proves_below, top, ask):
            return set()
        return {id(child) for _, child in members}

    def group(self, group: list[Child], solve: Solve) -> None:
        """One group: before each placement, when the value asked for has grown since the last
        check, the cover of the placements left is asked for it: INFEASIBLE skips them all.
        Over two turns, a claimed cover that reaches it has its market parts asked too (`by_market`),
        unless its line settles the first placement left (`settled`); where it is not claimed (thin
        markets), a part's cover is asked once two of its members fail their relaxed questions
        (`thin_part`), and once one member's cheap question fails, the split relaxation of the cover
        of its part's members failing theirs (`split_part`, parts_split.py); a placement whose
        covers' best is below the value asked is skipped."""
        left = list(group)
        checked: int | None = None
        facts = _Facts()
        asked: dict[int, tuple[int, bool]] = {}
        tried: set[tuple[tuple[int, ...], int]] = set()
        unclaimed = self.turns > 1 and not two_turn_markets([child for _, child in group])
        thin = unclaimed and MARKET_PARTS_THIN
        split_thin = unclaimed and self.proves_below is not None and parts_split.split_applies()
        split_tried: set[tuple[tuple[int, ...], int]] = set()
        while left:
            ask = self.ask()
            if ask is not None and any(facts.most.get(id(child), ask) < ask for _, child in left):
                # Below the value asked for: their solves would be INFEASIBLE.
                left = [(a, child) for a, child in left if facts.most.get(id(child), ask) >= ask]
                self.bound = max(self.bound, ask - 1)
                if not left:
                    return
            if len(left) > 1 and ask is not None and ask != checked:
                checked = ask
                if not self.covered(left, ask, solve, facts):
                    self.bound = max(self.bound, ask - 1)
                    return
                if (
                    self.turns > 1
                    and MARKET_PARTS
                    and self.settled(left[0][1], ask, facts) is None
                    and two_turn_markets([child for _, child in left])
                ):
                    kept = self.by_market(left, ask, solve, facts)
                    if len(kept) < len(left):
                        self.bound = max(self.bound, ask - 1)
                        left = kept
                        continue
                elif self.turns > 1 and THIN_PARTS_BELOW and self.proves_below is not None:
                    kept = self.parts_below(left, ask)
                    if len(kept) < len(left):
                        self.bound = max(self.bound, ask - 1)
                        left = kept
                        if not left:
                            return
                        continue
            action, child = left.pop(0)
            if ask is not None and self.below_once(child, ask, asked):
                # Its bound is below the value asked for: its solve would be INFEASIBLE.
                self.bound = max(self.bound, ask - 1)
                continue
            if ask is not None and split_thin:
                out = self.split_part((action, child), left, ask, asked, split_tried)
                if out:
                    # The split relaxation of its market part's cover is below: so would their
                    # solves be INFEASIBLE (parts_split.py's module doc).
                    self.bound = max(self.bound, ask - 1)
                    left = [(a, c) for a, c in left if id(c) not in out]
                    continue
            if ask is not None and thin:
                out = self.thin_part((action, child), left, ask, solve, facts, asked, tried)
                if out:
                    # Its market part's cover is INFEASIBLE: so would their solves be.
                    self.bound = max(self.bound, ask - 1)
                    left = [(a, c) for a, c in left if id(c) not in out]
                    continue
            quick = self.known_value(child, ask) or self.settled(child, ask, facts)
            if quick is not None:
                # Its value, proven; its line is solved only if it stays the best (`resolve`).
                r = quick
                if r.status != "INFEASIBLE":
                    self.deferred = (action, child, ask)
            elif self.known is not None and ask is not None and id(child) in facts.most:
                # Its covers' best bounds it: its search ends at its first line of that value.
                r = self.known(child, ask, self.cap, facts.most[id(child)], False)
            else:
                r = solve(child, ask, self.cap)
            self.bound = max(self.bound, r.bound)
            if r.status == "INFEASIBLE":
                continue
            assert r.value is not None
            self.proven = self.proven and r.status == "OPTIMAL"
            # After the values at least as high: ties keep the children's order.
            at = next((i for i, (_, f) in enumerate(self.found) if f.value is not None and f.value < r.value), None)
            line = BoardResult(r.status, r.value, r.bound, (action, *r.line))
            self.found.insert(len(self.found) if at is None else at, (action, line))
            del self.found[self.k :]  # their bounds are in self.bound already
