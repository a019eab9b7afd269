"""The goal cards and leaves of the two-turn relaxation (analysis/reach/reach_two.py's `TwoRelaxed`,
R-SCORE-1, R-SCORE-2, R-GOAL-*): a leaf's map cards, goal cards and drachmas, each goal card
read on one final board at a time (the boards the line's excavations allow, `mask`).

Moved out of reach_two.py unchanged (session 55) so that module stays under ~600 lines."""

from __future__ import annotations

from ...board import Board
from ...geometry import Quad
from . import reach_goal_cells as _cells
from .reach_boards import Boards
from .reach_goals import Goals

Spot = int
Member = tuple[int, Quad]
"""(board index within a group, island of that board)."""


class Reached(Exception):
    """A relaxed line reaches the value asked for: the bound cannot prove it out of reach."""

    cards: frozenset[str] | None = None
    """The map cards the last leaf that reached a value excavates (`TwoGoals.leaf`): read by
    floor_first.py as a guess of a real line's excavations (no bound reads it)."""

    finals: frozenset[Board] | None = None
    """The final boards of the group (the next tile placed) that last leaf may end on (`finals`
    of its mask, turn 1's board left out): read by floor_cards.py with `cards` (no bound reads
    it)."""

    goals: dict[str, int] | None = None
    """The points of each goal card the hero holds that last leaf read on its best final board
    (`TwoGoals.readings`), where `read_goals` is set: read by floor_cards.py as a guess of a real
    line's goal cards, where the cards alone find no line (no bound reads it)."""

    read_goals = False
    """Whether a leaf that reaches the value sets `goals` (floor_cards.py's questions only: the
    other questions do not pay for the readings)."""


class TwoGoals(Goals):
    """`TwoRelaxed`'s leaves and goal cards (module doc): read its boards, spots and members,
    the boards' shared facts (`on`) and the value asked (`ask`)."""

    ask: int | None
    on: Boards
    boards: list[Board]
    base_maps: int
    completed_most: int
    completed_top: list[int]
    """By board: its largest completed island's size (none: 0)."""
    _completed: dict[tuple[int, tuple[Spot, ...]], int]
    """`completed_on`'s answers by board and the new temples' spots (sorted)."""
    members: list[list[Member]]
    fit_members: dict[Spot, list[Member]]
    count_on: dict[tuple[Spot, str], int]
    _values: dict[tuple[frozenset[tuple[Quad, str]], int], int]
    _goal_cards: dict[str, tuple[str, int]]
    """Each goal card's rule and value, read once a search (session 83: `GoalCard.value` makes a
    dict at each call)."""
    rooms: dict[Spot, list[int]]
    _alone: dict[tuple[int, tuple[Quad, ...]], int]
    _old_islands: dict[int, list[Quad | None]]
    every: int
    _goal_cells: _cells.GoalCells | None = None

    def leaf(self, drachmas: int, dug: frozenset[tuple[Quad, str]], mask: int = 1) -> int:
        """The bound on a line that stops here: its map cards, its goal cards on the best board
        its excavations allow, its drachmas (R-SCORE-1, R-SCORE-2)."""
        key = (dug, mask)
        value = self._values.get(key)
        if value is None:
            maps = self.pos.components.map
            best = -(10**9)
            m = self.finals(mask, len(dug))
            if _cells.CELLS:  # one board of each cell that reads the goal cards alike (session 68)
                cells = self.goal_cells()
                spots: tuple[int, ...] = tuple(sorted(i for i, _ in dug))  # type: ignore[misc]
                m = cells.reads(m, spots)
                while m:
                    low = m & -m
                    best = max(best, cells.goals_on(low.bit_length() - 1, dug, spots))
                    m ^= low
            while m:
                low = m & -m
                best = max(best, self.goals_on(low.bit_length() - 1, dug))
                m ^= low
            value = self._values[key] = self.base_maps + sum(maps[c].points for _, c in dug) + best
        value += drachmas // 10
        if self.ask is not None and value >= self.ask:
            Reached.cards = frozenset(c for _, c in dug)
            m = self.finals(mask, len(dug)) & ~1
            Reached.finals = frozenset(self.boards[k] for k in range(1, len(self.boards)) if m >> k & 1)
            Reached.goals = self.readings(dug, mask) if Reached.read_goals else None
            raise Reached
        return value

    def readings(self, dug: frozenset[tuple[Quad, str]], mask: int) -> dict[str, int]:
        """The points of each goal card the hero holds on the final board of `mask` where the
        leaf's goal cards read the most (`goals_on`, the first such board): what a leaf that
        reaches the value asked reads (`Reached.goals`). Read only then: a guess for
        floor_cards.py, no bound."""
        m = self.finals(mask, len(dug))
        best, at = -(10**9), None
        while m:
            low = m & -m
            k = low.bit_length() - 1
            got = self.goals_on(k, dug)
            if got > best:
                best, at = got, k
            m ^= low
        if at is None:
            return {}
        return {g: self.goal_on(at, g, dug) for g in self.hero.goals}

    def goal_cells(self) -> _cells.GoalCells:
        """The leaves' cells of boards (reach_goal_cells.py): for the cards `goal_part` reads."""
        if self._goal_cells is None:
            n = self.pos.components.setup.goals_drawn * max(self.draws_after)
            pool = self.goal_pool if self.pos.strategist or len(self.goal_pool) < n else self.goal_pool[:n]
            self._goal_cells = _cells.GoalCells(self, sorted({*self.hero.goals, *pool}))
        return self._goal_cells

    left: int

    b1_final_at_end = True
    """Whether a leaf reads turn 1's board as final only for a line that may end the game in turn
    1 (`finals`, session 59); before, every board of `mask` was read, turn 1's too."""

    def finals(self, mask: int, temples: int) -> int:
        """The boards of `mask` a line with `temples` new temples may end on. Bit 0 is turn 1's
        board B1, searched with the group of final boards (`TwoRelaxed`'s `boards[0]`); the
        others are the group's final boards (the next tile placed, or B1 again for the
        scenarios without one: `slot_groups`' group of its own). A line of the two turns ends on
        B1 only where the game ends in turn 1, which needs the hero's last temple excavated then
        (R-END-2): with fewer temples than the hero has left (`left`), turn 2 follows and its
        placement is never skipped (R-TURN-1, R-TILE-1; the scenario's tile, or none for the
        group without one), so the line's final board is one of the group's, which `mask` keeps
        wherever it keeps the line (an excavation narrows it only to the boards where its card
        fits and its island holds one more temple: `room`, which for turn 1's islands drops the
        boards that join two of them only for a temple of turn 2, since two of turn 1 may merge
        later). So the leaf's goal cards need not be read on B1:
        seed 2's turn 24 (2016, north), first group, read G03 ("no icon") on B1, where the next
        tile does not yet join an island with an icon to the one E10 is excavated on: 17 against
        the placements' optimum of 13 (docs/analysis.md, session 59)."""
        if not self.b1_final_at_end or temples >= self.left or len(self.boards) < 2:
            return mask
        return mask & ~1

    def goals_on(self, k: int, dug: frozenset[tuple[Quad, str]]) -> int:
        """At least the goal cards' points with the new temples `dug` when board k is final (as
        reach_bound's goal_part, each card read on board k)."""
        return self.goal_part(dug, lambda g: self.goal_on(k, g, dug))

    _goal_values: dict[tuple[int, str, frozenset[tuple[Quad, str]]], int]

    def goal_on(self, k: int, goal: str, dug: frozenset[tuple[Quad, str]]) -> int:
        """The goal card's points with the new temples `dug` when board k is final, kept by its
        arguments (`_goal_on` reads only them and the search's fixed facts; the leaves and the
        ceiling, reach_ceiling.py, ask the same ones: session 61)."""
        key = (k, goal, dug)
        got = self._goal_values.get(key)
        if got is None:
            got = self._goal_values[key] = self._goal_on(k, goal, dug)
        return got

    def _goal_on(self, k: int, goal: str, dug: frozenset[tuple[Quad, str]]) -> int:
        read = self._goal_cards.get(goal)
        if read is None:
            card = self.pos.components.goal[goal]
            read = self._goal_cards[goal] = (card.rule, card.value(self.pos.edition))
        rule, value = read
        if rule == "quarters":
            return self.quarters_points(goal, dug)
        if rule == "largest_completed":
            if not self.completed_temples:
                return value * self.completed_most
            return value * self.completed_on(k, tuple(sorted(i for i, _ in dug)))  # type: ignore[misc]
        if rule == "not_connected":
            return (
                value * self.alone_on(k, dug)
                if self.connections
                else self.on.old_score(self.boards[k], goal) + value * len(dug)
            )
        old = self.on.old_score(self.boards[k], goal)
        bit = 1 << k
        return old + value * sum(1 for i, _ in dug if self.counts(i, rule) & bit)  # type: ignore[arg-type, misc]

    completed_temples = True
    """Whether "the largest completed island holding one of your temples" (R-GOAL-10) is read on
    the final board's islands of the hero's temples, old and new (`completed_on`, session 84);
    False: the largest completed island of any board of the search, temple or not, as before."""

    def completed_on(self, k: int, spots: tuple[Spot, ...]) -> int:
        """At least the size of the largest completed island of board k holding one of the
        hero's temples, old or new on `spots` (sorted; 0: none), when board k is final (R-GOAL-10,
        goals.score_goal: value times that size).

        Read on board k, as the leaf reads it (`alone_on`'s islands). An old temple lies on the
        island of board k holding its site. A new temple on a spot of turn 1's board lies on that
        spot's one island of board k (its member there). A new temple on a spot of the next
        tile's islands alone lies on one of the spot's islands of board k, not known here: the
        largest completed one is read (the largest completed island of board k where the spot
        has none there). So the size read is at least the real line's on board k, and the leaf
        stays a bound. Seed 5's turn 13 (2016, south), the cover of `tile -1,-3 r270
        blue@NW`'s group: the relaxed line drew G10 and read it 6, the size of a completed island
        of turn 1's board where the hero has no temple, and reached 25; the engine reads G10 0
        on every board there. More temples only add islands to the reading, and none is larger
        than board k's largest completed island: the ceiling's `gain` (reach_ceiling_goals.py)
        reads at most that."""
        key = (k, spots)
        got = self._completed.get(key)
        if got is None:
            board = self.boards[k]
            done, size = board.completed, board.island_size
            old = self._old_islands.get(k)
            if old is None:
                old = self._old_islands[k] = [board.island_at(site) for _, site in self.hero.temples]
            got = max((size[i] for i in old if i in done), default=0)
            for s in set(spots):
                if s in self.rooms:
                    islands = [i for j, i in self.members[s] if j == k]
                    most = max((size[i] for i in islands if i in done), default=0)
                    got = max(got, most if islands else self.completed_top[k])
                else:
                    i = next(i for j, i in self.members[s] if j == k)
                    if i in done:
                        got = max(got, size[i])
            self._completed[key] = got
        return got

    connections = True
    """Whether "not directly connected" (R-GOAL-11) reads the final board's direct connections
    between the new temples' islands and the old ones' (`alone_on`); before session 55 every new
    temple counted."""

    def alone_on(self, k: int, dug: frozenset[tuple[Quad, str]]) -> int:
        """At least how many of the hero's temples, old and `dug`, count for "not directly
        connected" (R-GOAL-11) when board k is final: a temple counts when its island is directly
        connected (one ship step without the Thera board's routes, `BoardFacts.connected`) to no
        other island holding a temple of the hero's (goals.score_goal).

        Read on board k, as the leaf reads it. An old temple lies on the island of board k holding
        its site. A new temple on a spot of turn 1's board lies on that spot's one island of board
        k (its member there: a turn-1 excavation's island, grown or joined by the next tile, or the
        island of board k a turn-2 excavation stands for), so it is *fixed*. A new temple on a spot
        of the next tile's islands alone lies on one of the spot's islands of board k where a card
        fits (`fit_members`), not known here: it counts unless every one of them is directly
        connected to a fixed or old temple's island, and it is never read as making another temple
        connected. Each count is at least the real line's on board k: a temple the bound does not
        count is directly connected to another island holding a temple of the real line's too
        (the old temples and the fixed ones lie where read); so the leaf stays a bound. More
        temples only add connections, so a temple more adds at most the card's value: the
        ceiling's `gain` (reach_ceiling.py) still bounds the leaves below a state.

        Kept by board and the spots of `dug` with how many temples each holds (session 68: by
        their set before, so two temples on one spot of the next tile's islands read the count of
        one, kept from a line with one there: a loose temple too few, below the real count)."""
        key = (k, tuple(sorted(i for i, _ in dug)))
        got = self._alone.get(key)
        if got is None:
            board = self.boards[k]
            old = self._old_islands.get(k)
            if old is None:
                old = self._old_islands[k] = [board.island_at(site) for _, site in self.hero.temples]
            fixed: list[Quad] = []
            loose: list[list[Quad]] = []
            for s, _ in dug:
                if s in self.rooms:
                    loose.append([i for j, i in self.fit_members.get(s, ()) if j == k])  # type: ignore[call-overload]
                else:
                    fixed.append(next(i for j, i in self.members[s] if j == k))  # type: ignore[call-overload]
            # The count reads only the board, the old islands and the new temples' islands:
            # shared by the searches of the position (`Boards.alone_count`, session 66).
            got = self._alone[key] = self.on.alone_count(board, old, fixed, loose)
        return got

    def counts(self, spot: Spot, rule: str) -> int:
        """The boards (bits) on which a temple on one of the spot's islands where a card fits
        counts for a per-temple rule (R-GOAL-1..8), worked out once, when first read."""
        key = (spot, rule)
        got = self.count_on.get(key)
        if got is None:
            got = 0
            for k, isl in self.fit_members.get(spot, ()):
                if self.on.counts_for(self.boards[k], rule, isl):
                    got |= 1 << k
            self.count_on[key] = got
        return got

    def site_quarters(self, island: Quad, card: str) -> frozenset[str]:
        key = (island, card)
        if key not in self._quarters:
            out: set[str] = set()
            for k, isl in self.members[island]:  # type: ignore[call-overload]
                out |= self.on.quarters_of(self.boards[k], isl, card)  # shared by the searches
            self._quarters[key] = frozenset(out)
        return self._quarters[key]
