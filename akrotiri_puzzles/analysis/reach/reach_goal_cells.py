"""The final boards of a two-turn relaxed search that read the same goal cards alike (session 68).

A leaf (reach_two_goals' `TwoGoals.leaf`) and the ceiling (reach_ceiling's `Ceiling._part`) read
the goal cards on every final board of a line's `mask` and keep the best. Most of those boards
give every card the same points: the next tile changes only the islands near its slot, so the
boards of a group differ mostly where no goal card looks. For the new temples' spots `spots` (a
line's `dug`, its cards left out), this module splits the boards into *cells* whose boards give
each card read the same points with any `dug` on those spots (and, for the ceiling, the same
`gain` for each number of temples more), so a mask's best is read on one board of each cell it
meets (`reads`). A cost change only: the same best, board by board (tests/test_reach_goal_cells.py
compares both on every leaf and ceiling call of searches of both editions).

Why two boards k, k' of a cell read every card alike (`TwoGoals._goal_on`, R-GOAL-*):

- *Per-temple cards* (R-GOAL-1..8): the card's points before the turns on the board
  (`Boards.old_score`, the same on both: the cells start as the boards of equal old scores) plus
  its value for each new temple whose spot counts there (`TwoGoals.counts`, a bit per board):
  the cells are cut by `counts(s, rule)` for each spot s of `spots`, so both count the same ones.
- *"Not directly connected"* (R-GOAL-11, `TwoGoals.alone_on`): its value times the temples,
  old and new, directly connected to no other island holding one (`Boards.alone_count`). A
  temple of the count is an old temple or one on a spot of turn 1's board (its island on each
  board known: `members`), read against the islands of all of them: the cells are cut by the
  boards where it is directly connected to another one's island (a different island, one ship
  step away, `BoardFacts.connected`), for each; a temple on the next tile's islands alone
  (`rooms`) counts on a board where none of its islands there is listed or one is connected to
  none of theirs: the cells are cut by those boards. Without `connections`, its old score and
  its value per new temple (static).
- *The largest completed island holding a temple* (R-GOAL-10, `TwoGoals.completed_on`): the
  size of board k's largest completed island among the old temples' islands and the spots'
  (a spot of the next tile's islands alone: its largest completed one there), read for `spots`
  on each board: the cells are cut by its value (without `completed_temples`, the group's most
  completed island, read on no board).
- *Quarters* (R-GOAL-9): read on no board (`quarters_points` reads every board's sites at once).

The ceiling's cells also start cut by each card's `gain` for each number of temples more (its
`rooms` of a per-temple rule are the board's; the other rules' gains read no board).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ...board import Board
from ...geometry import Quad
from ...goals import PER_TEMPLE
from ...position import Position, Seat
from .reach_boards import Boards

CELLS = True
"""Whether the leaves and the ceiling read a mask's goal cards on one board of each cell (module
doc); False: on every board of the mask, as before session 68."""


class TwoGoals(Protocol):
    """What the cells read of their search (reach_two_goals' `TwoGoals` with reach_two's
    `TwoRelaxed`): a protocol, so that this module imports neither (they import it)."""

    pos: Position
    hero: Seat
    on: Boards
    boards: list[Board]
    members: list[list[tuple[int, Quad]]]
    rooms: dict[int, list[int]]
    fit_members: dict[int, list[tuple[int, Quad]]]
    every: int
    connections: bool
    completed_temples: bool

    def goals_on(self, k: int, dug: frozenset[tuple[Quad, str]]) -> int: ...
    def completed_on(self, k: int, spots: tuple[int, ...]) -> int: ...
    def counts(self, spot: int, rule: str) -> int: ...


Atom = tuple[str, int]
"""A temple whose island is known on every board: ("old", j) the hero's j-th temple before the
turns, ("spot", s) a new one on spot s of turn 1's board."""


def refine(cells: list[int], cut: int) -> list[int]:
    """The cells (board bits) split by whether their boards are in `cut`."""
    out: list[int] = []
    for c in cells:
        a = c & cut
        if a and a != c:
            out += (a, c ^ a)
        else:
            out.append(c)
    return out


class GoalCells:
    """A search's cells of boards (module doc): `two` the search, `cards` the goal cards read,
    `key` by board what else its reader reads of it (the ceiling's gains; None: nothing)."""

    def __init__(self, two: TwoGoals, cards: Sequence[str], key: Callable[[int], object] | None = None) -> None:
        self.two = two
        pos = two.pos
        goal = pos.components.goal
        rules = {g: goal[g].rule for g in cards}
        self.rules = sorted({r for r in rules.values() if r in PER_TEMPLE})
        self.alone = two.connections and "not_connected" in rules.values()
        self.completed = two.completed_temples and "largest_completed" in rules.values()
        """Whether R-GOAL-10's card is read by the temples' islands on each board (`_cuts`)."""
        olds = sorted(g for g, r in rules.items() if r in PER_TEMPLE or (r == "not_connected" and not self.alone))
        by: dict[object, int] = {}
        for k, board in enumerate(two.boards):
            facts = (tuple(two.on.old_score(board, g) for g in olds), None if key is None else key(k))
            by[facts] = by.get(facts, 0) | 1 << k
        self.static = sorted(by.values())
        """The boards of equal old scores (and `key`)."""
        self.cells: dict[tuple[int, ...], list[int]] = {}
        self.read: dict[tuple[tuple[int, ...], int], int] = {}
        self.islands: dict[Atom, list[Quad | None]] = {}
        self.near: dict[tuple[Atom, Atom], int] = {}
        self.loose: dict[tuple[int, tuple[Atom, ...]], int] = {}
        self.connected = [two.on.on(b)[1].connected for b in two.boards] if self.alone else []
        self.by_spots = "quarters" not in rules.values()
        """Whether the cards read only the new temples' spots, not their cards (`goals_on`)."""
        self.values: dict[tuple[int, tuple[int, ...]], int] = {}

    def goals_on(self, k: int, dug: frozenset[tuple[Quad, str]], spots: tuple[int, ...]) -> int:
        """`TwoGoals.goals_on(k, dug)`, kept by board and `spots` (`dug`'s, sorted) where no
        quarters card is read: every other card's points read only the spots of the new temples
        (as many as `dug`'s) and the board (`TwoGoals._goal_on`; `alone_on` by the spots too, with
        how many temples each holds), and the goal draws only how many there are."""
        if not self.by_spots:
            return self.two.goals_on(k, dug)
        key = (k, spots)
        got = self.values.get(key)
        if got is None:
            got = self.values[key] = self.two.goals_on(k, dug)
        return got

    def reads(self, mask: int, spots: tuple[int, ...]) -> int:
        """The boards of `mask` to read for new temples on `spots` (sorted): the lowest of each
        cell it meets."""
        key = (spots, mask)
        got = self.read.get(key)
        if got is None:
            got = 0
            for c in self.of(spots):
                x = c & mask
                if x:
                    got |= x & -x
            self.read[key] = got
        return got

    def of(self, spots: tuple[int, ...]) -> list[int]:
        """The cells for new temples on `spots` (module doc)."""
        got = self.cells.get(spots)
        if got is None:
            got = self.static
            for cut in self._cuts(spots):
                got = refine(got, cut)
            self.cells[spots] = got
        return got

    def _cuts(self, spots: tuple[int, ...]) -> list[int]:
        two = self.two
        distinct = sorted(set(spots))
        cuts = [two.counts(s, r) for r in self.rules for s in distinct]
        if self.alone:
            atoms: list[Atom] = [("old", j) for j in range(len(two.hero.temples))]
            atoms += [("spot", s) for s in spots if s not in two.rooms]
            for x, a in enumerate(atoms):
                near = 0
                for y, b in enumerate(atoms):
                    if y != x:
                        near |= self._near(a, b)
                cuts.append(near)
            mine = tuple(sorted(set(atoms)))
            cuts += [self._loose(s, mine) for s in distinct if s in two.rooms]
        if self.completed:
            by: dict[int, int] = {}
            for k in range(len(two.boards)):
                size = two.completed_on(k, spots)
                by[size] = by.get(size, 0) | 1 << k
            cuts += by.values()
        return cuts

    def _islands(self, a: Atom) -> list[Quad | None]:
        """By board: the island of `a` (as `TwoGoals.alone_on` reads it)."""
        got = self.islands.get(a)
        if got is None:
            two = self.two
            kind, n = a
            if kind == "old":
                site = two.hero.temples[n][1]
                got = [b.island_at(site) for b in two.boards]
            else:
                first: dict[int, Quad] = {}
                for k, isl in two.members[n]:
                    first.setdefault(k, isl)
                got = [first[k] for k in range(len(two.boards))]
            self.islands[a] = got
        return got

    def _near(self, a: Atom, b: Atom) -> int:
        """The boards where `a`'s island is another than `b`'s and directly connected to it."""
        key = (a, b) if a <= b else (b, a)
        got = self.near.get(key)
        if got is None:
            got = 0
            for k, (i, o) in enumerate(zip(self._islands(a), self._islands(b), strict=True)):
                if i != o and frozenset((i, o)) in self.connected[k]:
                    got |= 1 << k
            self.near[key] = got
        return got

    def _loose(self, s: int, mine: tuple[Atom, ...]) -> int:
        """The boards where a temple on spot `s` of the next tile's islands counts against the
        islands of `mine` (`Boards.alone_count`: none of its islands listed, or one connected to
        none of theirs)."""
        key = (s, mine)
        got = self.loose.get(key)
        if got is None:
            two = self.two
            listed = 0
            alone = 0
            for k, i in two.fit_members.get(s, ()):
                listed |= 1 << k
                conn = self.connected[k]
                if not any(frozenset((i, o)) in conn for o in {self._islands(a)[k] for a in mine} if o != i):
                    alone |= 1 << k
            got = self.loose[key] = (two.every & ~listed) | alone
        return got
