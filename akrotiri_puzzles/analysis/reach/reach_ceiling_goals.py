"""The map and goal cards' term of the two-turn ceiling (reach_ceiling.py's `Ceiling`, its module
doc's *Map cards* and *Goal cards*): the points of any leaf below a state with `dug` and at most r
temples more, on a board of its `mask` (`_part`). Split from reach_ceiling.py (session 81).

*Readings* (`READ_ONCE`, session 81). `_goals_on(k, dug, r)` reads of `dug` only each goal card's
points with it on board k (`values`, `TwoRelaxed.goal_on`) and how many temples it holds: its
answer is a function of (k, r, len(dug), those points) alone (`gain`, `joint`, `joint_of` and the
pools read k, r and the draws of `len(dug) + r` temples, nothing else of the state). And every
card but the quarters card reads only the spots of `dug`, as a multiset (`TwoGoals._goal_on`: the
spots that count for a per-temple rule, `alone_on` by the sorted spots, `len(dug)`, or nothing),
while the quarters card reads `dug`'s sites and cards on no board (`quarters_points`). So with
`READ_ONCE` the points are kept by (sorted spots, board) for the other cards and by `dug` for the
quarters card, and `_goals_on`'s answers by what it reads: the same answers, each worked out once.
On seed 5's turn 12 (north), group 5 asked at 34: 219,617 `_goals_on` calls read 8,874 distinct
keys (docs/benchmarks.md, session 81)."""

from __future__ import annotations

from typing import Any

from ...geometry import Quad
from . import reach_goal_cells as _cells
from . import reach_joint
from .reach_search import Search

READ_ONCE = True
"""Whether `_part` reads a board's goal cards by their points (`_goals_read`, module doc); False:
by `dug` and board, each card asked of the search (`_goals_on`), as before session 81."""


class GoalPart:
    """`Ceiling`'s map and goal cards' term (module doc); the rest of its state is `Ceiling`'s."""

    r: Search
    read: list[str]
    rule: dict[str, str]
    value: dict[str, int]
    most: dict[str, int]
    quarters: bool
    held: list[str]
    pools: dict[int, list[str]]
    caps: dict[Any, int]
    rooms: dict[tuple[int, str], int]
    joint_of: reach_joint.Joint
    cells: _cells.GoalCells | None
    goals: dict[tuple[object, int], dict[int, int]]
    values: dict[tuple[object, int], dict[str, int]]

    def jointly(self) -> bool:
        """Whether the held per-temple cards' gains are read jointly (reach_ceiling's `JOINT`)."""
        raise NotImplementedError

    def goal_readings(self) -> None:
        """`_goals_read`'s caches (made by `Ceiling.__init__`)."""
        self.by_spots = [g for g in self.read if self.rule[g] != "quarters"]
        """The goal cards that read only the spots of the new temples (`_readings`)."""
        self.by_dug = [g for g in self.read if self.rule[g] == "quarters"]
        """The quarters card, which reads their sites and cards (`_readings`)."""
        self.spot_points: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
        """`by_spots`' points by (the new temples' spots, sorted; board)."""
        self.dug_points: dict[frozenset[tuple[Quad, str]], tuple[int, ...]] = {}
        """`by_dug`'s points by the new temples (on any board)."""
        self.rule_caps: dict[str, list[tuple[int, int]]] = {}
        """`gain`'s spots by per-temple rule: each one's `caps` and `TwoRelaxed.counts`."""
        self.readings: dict[tuple[object, ...], int] = {}
        """`_goals_read`'s answers by (board, r, temples dug, the two points above)."""

    def _part(self, dug: frozenset[tuple[Quad, str]], mask: int, r: int) -> int:
        """The map and goal cards' points of any leaf with `dug` and at most `r` temples more, on
        a board of `mask`."""
        relaxed = self.r
        maps = relaxed.pos.components.map
        # Without the quarters card a goal card reads only the spots of the temples (`goal_on`).
        placed: tuple[int, ...] = tuple(sorted(i for i, _ in dug))  # type: ignore[misc]  # spots, typed as islands
        spots: object = dug if self.quarters else placed
        got = self.goals.get((spots, r))
        if got is None:
            got = self.goals[(spots, r)] = {}
        best = -(10**9)
        m = relaxed.finals(mask, len(dug) + r)
        if _cells.CELLS and r <= relaxed.left:  # one board of each cell (session 68)
            if self.cells is None:
                n = range(relaxed.left + 1)
                joint = self.jointly()
                self.cells = _cells.GoalCells(
                    relaxed,  # type: ignore[arg-type]
                    self.read,
                    lambda k: (
                        tuple(self.gain(k, g, j, 0) for g in self.read for j in n),
                        tuple(self.joint(k, j) for j in n) if joint else (),
                        self.joint_of.key(k, relaxed.left) if joint and reach_joint.DRAWN else (),
                    ),
                )
            m = self.cells.reads(m, placed)
        once = READ_ONCE
        while m:
            low = m & -m
            k = low.bit_length() - 1
            m ^= low
            one = got.get(k)
            if one is None:
                one = got[k] = self._goals_read(k, dug, r, placed) if once else self._goals_on(k, dug, r, spots)
            if one > best:
                best = one
        return relaxed.base_maps + sum(maps[c].points for _, c in dug) + best

    def _goals_on(self, k: int, dug: frozenset[tuple[Quad, str]], r: int, spots: object) -> int:
        """The goal cards' points of any leaf with `dug` (what they read of it: `spots`) and at
        most `r` temples more on board k."""
        relaxed = self.r
        values = self.values.get((spots, k))
        if values is None:
            values = self.values[(spots, k)] = {g: relaxed.goal_on(k, g, dug) for g in self.read}
        return self._goals_from(k, values, r, len(dug))

    def _goals_read(self, k: int, dug: frozenset[tuple[Quad, str]], r: int, placed: tuple[int, ...]) -> int:
        """`_goals_on`, kept by what it reads (`READ_ONCE`, module doc); `placed` the spots of
        `dug`, sorted."""
        relaxed = self.r
        near = self.spot_points.get((placed, k))
        if near is None:
            near = self.spot_points[(placed, k)] = tuple(relaxed.goal_on(k, g, dug) for g in self.by_spots)
        far: tuple[int, ...] = ()
        if self.by_dug:
            got = self.dug_points.get(dug)
            if got is None:
                got = self.dug_points[dug] = tuple(relaxed.goal_on(k, g, dug) for g in self.by_dug)
            far = got
        key = (k, r, len(dug), near, far)
        one = self.readings.get(key)
        if one is None:
            values = dict(zip(self.by_spots, near, strict=True))
            values.update(zip(self.by_dug, far, strict=True))
            one = self.readings[key] = self._goals_from(k, values, r, len(dug))
        return one

    def _goals_from(self, k: int, values: dict[str, int], r: int, n: int) -> int:
        """The goal cards' points of any leaf below a state with `n` temples dug, where each card
        reads `values` on board k, and at most `r` temples more."""
        relaxed = self.r

        def up(g: str) -> int:
            return max(0, values[g] + self.gain(k, g, r, values[g]))

        joint = self.jointly() and all(values[g] >= 0 for g in self.held)
        draws = relaxed.draws_after[n + r]
        if joint and reach_joint.DRAWN:  # the drawn cards with the held ones (reach_joint.py)
            return self.joint_of.points(k, values, r, draws, up, relaxed.hero.goals)
        if joint and self.held:  # `joint`: the held per-temple cards' gains read temple by temple
            held = sum(up(g) for g in relaxed.hero.goals if g not in self.held)
            held += sum(values[g] for g in self.held) + self.joint(k, r)
        else:
            held = sum(up(g) for g in relaxed.hero.goals)
        if draws:
            pool = self.pools[draws]
            held += sum(sorted((up(g) for g in pool), reverse=True)[:draws])
        return held

    def joint(self, k: int, r: int) -> int:
        """The most points `r` temples more add to the held per-temple goal cards together on
        board k (`JOINT`, session 69): the r largest *spot values* (a spot's: the held cards'
        values for which a temple there counts on board k), each spot taken as often as it holds
        temples (`caps`). Why (R-GOAL-1..8, R-EXC-1, R-EXC-2): the leaf reads such a card as its
        points before the turns plus its value for each new temple whose spot counts there
        (`TwoRelaxed.goal_on`), so the held ones gain the sum of the new temples' spot values; a
        temple stands where a card fits (`caps`' spots), at most `caps` a spot. `gain` counted
        each of the r temples for every card its own spots hold (s1t30: one temple, +10 for
        "portage 1", "no icon" and "three icons", where no spot counts for more than two: +7).
        Drawn cards keep `gain` (each at most its own best, none below 0) unless `DRAWN`
        (reach_joint.py, session 70: read with the held ones)."""
        return sum(self.joint_of.spot_values(k, tuple(sorted(self.held)))[:r])

    def gain(self, k: int, goal: str, r: int, now: int) -> int:
        """The most points `r` temples more add to `goal` (worth `now`) on board k (R-GOAL-*): a
        per-temple card its value for each on a spot where one counts there, the quarters card
        its value a temple up to its most, "not directly connected" its value a temple, the
        largest completed island up to its value times board k's largest completed island
        (`TwoRelaxed.completed_on`: a temple more only adds an island to the reading; nothing
        without `completed_temples`, where the reading holds no temple)."""
        rule, value = self.rule[goal], self.value[goal]
        if rule == "largest_completed":
            if not r or not self.r.completed_temples:  # type: ignore[attr-defined]
                return 0
            return max(0, value * self.r.completed_top[k] - now)  # type: ignore[attr-defined]
        if rule == "quarters":
            return min(value * r, max(0, self.most[goal] - now))
        if rule == "not_connected":
            return value * r
        key = (k, rule)
        room = self.rooms.get(key)
        if room is None:
            caps = self.rule_caps.get(rule)
            if caps is None:  # each spot's temples and boards where one counts, read once (session 81)
                relaxed = self.r
                caps = self.rule_caps[rule] = [(n, relaxed.counts(s, rule)) for s, n in self.caps.items()]
            room = self.rooms[key] = sum(n for n, bits in caps if bits >> k & 1)
        return value * min(r, room)
