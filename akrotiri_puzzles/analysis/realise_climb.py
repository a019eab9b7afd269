"""Step 1b's rounds: a turn's first model answered by relaxed leaves played through the engine,
climbing from the first pass's best plus one (floor_first.py's step 1b; session 87).

Session 86 ran step 1b through realise.py's `floor_line`: each value `v` asked, the relaxed leaf
at `v` from scratch (`relaxed_leaf`: every group of final boards in order, each search with fresh
shared facts), the engine line stopped at the first worth `v`, then the question at its value plus
one. Measured on seed 4's turn 14 (north, the first member `tile -1,-2 r0 blue@NE`, from 25,
session 87): four values (25, 26, 27, 28), 36.6 CPU s, of which the engine's plays 0.2 s, the
leaves 16.7 s (each scan searched groups 0-7, below, before group 8 reached 26, 27 and 28) and
the questions 19.7 s (26, 27 and 28 answered no at about 2.5 s each, 29 proven at 12.1). Here
(`climb_line`) the same answer costs less:

- *Leaves shared between rounds* (`Leaves`): the member's groups of final boards and their
  searches' shared facts (`Boards`) once; a group whose search returns a value below `v` is below
  every value above `v` (no relaxed line of it reaches `v`, so none reaches more) and is not
  searched again; a group whose search passes its states (`TooBig`) is not searched again. The
  groups searched first are *hinted*: the group whose boards hold the final boards of the leaf
  behind the question's no at `v` (floor_first's `Memo.leaves`: the question already ran that
  search), then the group of the last leaf found. Only where no hinted group reaches `v` are the
  other groups searched, in order.
- *A leaf before a question*: after a line of `w`, the hinted groups are searched at `w + 1`
  first; one that reaches it gives the next leaf with no question asked (the relaxation does not
  read `w + 1` out of reach, so the question would say no). Where none does, the question at
  `w + 1` is asked: proven, the answer is the line of `w`; not, the group of its leaf (now hinted)
  and then the others.
- *A line above the value asked* (realise.py's `extra`): once the engine line reaches `v`, the
  realiser goes on for `EXTRA` plays more and keeps the best line found: seed 4's turn 14's leaf
  at 27 gives a line of 28, so the value 28 is not asked.
- *Fewer plays* (`LEAF_NODES` a round, not realise's `NODES`): the lines step 1b's rounds
  realised took 1,000 to 4,000 plays (s4t14, s3t12), a floored member's 23,105 (s4t15, session
  85); a leaf not realised spent all 200,000 (3.3 CPU s on s4t15's leaf at 27, session 86).

- *The other groups' leaves* (`FALLBACK`, session 88): a round whose leaf the engine does not
  realise at its value goes on to the next leaf at that value (`Leaves.each`: the hinted groups,
  then the others in order, each searched only once the leaf before is given up; a group whose
  leaf was not realised at a value is not tried again at it), at most `TRIES` leaves of
  `FALLBACK_NODES` plays each and `ROUND_PLAYS` in all; the rounds' realisations may keep turn
  1's sales for turn 2 (`DEFER`, realise.py's `attempt`). Seed 4's turn 15 (south), its first
  member (`tile -1,-2 r0 blue@NE`, OPTIMAL 30): the first pass stops at 25; at 26 the hinted
  leaf (group 8, whose path buys two cards in turn 1 and digs both in turn 2) is not realised in
  50,000 plays (its last stop never made), but 13 other groups' leaves at 26 are (group 1's in
  7,191 plays); at 27 and at 30 none of the leaves of the 19 and 4 groups reaching them was
  realised in 50,000 plays (group 26's at 30 gives 28 in 1,000,000): their paths sell in turn 1 at the
  relaxation's best prices (R-FREE-1), where the engine's line of 30 sells its blues after its
  tile takes a blue off the market (R-TILE-2), which pays for its two excavations. With both:
  26 (group 1's leaf), 28 (group 5's at 27, the fourth tried), 30 (group 32's at 29, the third
  tried), 31 proven: the first model OPTIMAL 30 in 95.8 CPU s where it took 149.0
  (docs/benchmarks.md, session 88, h88leaves).

- *A cheap sweep first* (`FIRST_NODES`, session 90): where a round searches the groups not
  hinted (`every`), the groups that gave a leaf at a value before (`Leaves.reached`, the highest
  first) are searched next to the hints, with the member's states; then the others with
  `FIRST_NODES` states each, and only those past them (`Leaves.past`) again with the member's. A
  group past the member's states is not searched again (`too_big`), one past the cheap count is
  searched again only with the member's. Seed 1's turn 25 (2016, south), its first member
  (`tile -1,-3 r0 gray@NE`, OPTIMAL 56): the question's no at 49 names no group (its leaf's final
  boards are none of a group's), so the round at 49 searched the 21 groups before group 21 (whose
  leaf gives 50), 15 of them past their 20,000 states at about 5 CPU s each; with the cheap sweep
  each costs about 2.7 (group 21's leaf is found within 10,000); at 51 the group of 52's leaf
  (13, a leaf at 49 not realised) comes first, where the cheap sweep alone would search groups
  22 and on before it. The same rounds and line (scratch climb from 45, the memo holding 45's
  no): 237.8 CPU s where 278.7 (leaf searches 133.2 and 183.7).
- *A counted question* (`QUESTION_STATES`, off): the question a round asks between its leaves
  (where the hinted groups give no line) may be counted as floor_first's counted pass counts its
  questions (`Memo.counted`): cut, it answers not proven, is not kept as a no, and the round
  searches the other groups as after a no; the question after the last round is asked in full.
  Off: a cut question that would have been proven costs a sweep of every group (all below) before
  it is asked in full, which on the turns whose climb ends with a proven question between rounds
  (seed 4's turns 14 and 15) may cost more than the cut saves: at 25,000 states their proven
  questions (29 and 31) are both cut on a fresh relaxation (docs/benchmarks.md, session 90).

A round ends the climb where none of its leaves gives a line worth its value (the question at the last
line's value plus one is then asked, as `floor_line` asked it after each line); the rounds
(`rounds`: values whose leaf is realised) are counted, and after the last the question is asked at
the last line's value plus one. Deterministic: counts of engine plays and relaxed states, the
groups' order and hints read from the questions' answers, no clock.

Sound as `floor_line`: the answer is an engine line of the member's two-turn puzzle (played from
its start, every action offered, scored by `seat_score` at turn 2's end, replayed again by
board_solve's `best_two_turns`) worth `w`, returned only where the question (the analyser's sound
relaxation, reach_below.py, asked in full through the memo) proves `w + 1` out of reach: the
optimum is `w`. Nothing here is a bound: which groups are searched, and in what order, only
decides which leaf (a guess) is realised (the leaves tried after one not realised too), so the answer's status, value and bound are those of
the model solved to its end; its line may be another of the same value (the digest may move).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Set
from typing import Protocol

from ..board import Board
from ..position import Position
from ..puzzle import Puzzle
from .reach.reach_boards import Boards
from .reach.reach_bound import TooBig
from .reach.reach_two import group_bound, slot_groups
from .reach.reach_two_goals import Reached
from .realise import Realised, attempt, traced
from .realise_leaf import Leaf, TracedRelaxed, leaf_states

__all__ = [
    "DEFER",
    "EXTRA",
    "FALLBACK",
    "FALLBACK_NODES",
    "FIRST_NODES",
    "LEAF_NODES",
    "QUESTION_STATES",
    "ROUND_PLAYS",
    "TRIES",
    "Asked",
    "Leaves",
    "climb_line",
]

LEAF_NODES = 50_000
"""Engine plays a round's realisation may make (realise.py's `NODES` is the floored member's)."""

EXTRA = 5_000
"""Plays a round's realisation goes on for once its line reaches the value asked (realise.py's
`extra`): about 0.1 CPU s. Seed 4's turn 14's leaf at 27 gives 28 after 2,000 more (session 87)."""


FALLBACK = True
"""Whether a round whose first leaf the engine does not realise tries the other groups' leaves at
the same value (`TRIES` leaves of `FALLBACK_NODES` plays at most, `ROUND_PLAYS` in all; session
88, module doc); False: one leaf a round, of `LEAF_NODES` plays (session 87)."""

TRIES = 6
"""Leaves a round realises at most where `FALLBACK`."""

FALLBACK_NODES = 150_000
"""Engine plays one leaf's realisation makes at most where `FALLBACK` (seed 4's turn 15's first
member: its leaves at 27 and 29 realised in 132,464 and 138,365 plays with `DEFER`)."""

ROUND_PLAYS = 600_000
"""Engine plays a round's realisations make in all where `FALLBACK` (about 10 CPU s)."""

FIRST_NODES = 10_000
"""States of each search of step 1b's cheap sweep (`Leaves.each`, module doc: *a cheap sweep
first*): the groups not hinted are searched first with this many states, those past it then with
the member's (reach_two's `NODES`); 0: one sweep with the member's states (session 88)."""

QUESTION_STATES = 0
"""States the question a round asks between its leaves (`climb_line`: where the hinted groups give
no line) may start its searches within (floor_first's `Memo.counted`, watch_defer's
`Watch.counted`: a count, no clock), a question cut answering not proven and never kept as a no
(module doc: *a counted question*); 0: in full (session 88). The question after the last round
is always asked in full."""

DEFER = True
"""Whether the rounds' realisations may keep turn 1's sales for turn 2 (realise.py's `attempt`,
`defer`; session 88); False: as session 87's. The floored member's step (realise.py's
`floor_line`) does not."""


class Asked(Protocol):
    """The question step 1b asks (floor_first.py's `Memo`): in full, by value, and the final boards
    of the leaf behind each no (`leaves`)."""

    @property
    def leaves(self) -> Mapping[int, tuple[frozenset[str] | None, frozenset[Board] | None]]: ...

    def __call__(self, value: int) -> bool: ...


class Leaves:
    """A member's relaxed leaves at the values asked, its searches shared (module doc)."""

    def __init__(self, pos: Position, nodes: int | None = None, first: int | None = None) -> None:
        self.pos = pos
        self.nodes = leaf_states() if nodes is None else nodes
        self.first = FIRST_NODES if first is None else first
        """States of the cheap sweep's searches (`FIRST_NODES`; 0 or `nodes` and above: none)."""
        self.past: dict[int, int] = {}
        """By group, the most states a search of it passed (at any value)."""
        self.groups = slot_groups(pos)
        """The member's groups of final boards (`reach_two.slot_groups`; None: no relaxation)."""
        self.shared = Boards(pos)
        self.below: dict[int, int] = {}
        """By group, the least value its search was below."""
        self.too_big: set[int] = set()
        """The groups whose search passed the member's states (`nodes`)."""
        self.last: int | None = None
        """The group of the last leaf found."""
        self.reached: dict[int, int] = {}
        """By group, the most value a leaf of it was found at."""
        self.searched = 0
        """Group searches run (tests)."""

    def group_of(self, finals: frozenset[Board] | None) -> int | None:
        """The first group whose boards hold `finals` (a leaf's, `Reached.finals`), or None."""
        if not finals or self.groups is None:
            return None
        _, groups, _ = self.groups
        return next((i for i, g in enumerate(groups) if finals <= set(g)), None)

    def open(self, i: int, ask: int, nodes: int | None = None) -> bool:
        """Whether group `i` may reach `ask`, as far as its searches so far tell (with `nodes`:
        and whether a search of `nodes` states has not passed them at any value)."""
        fresh = nodes is None or self.past.get(i, 0) < nodes
        return fresh and i not in self.too_big and self.below.get(i, ask + 1) > ask

    def leaf(self, ask: int, hints: tuple[int | None, ...] = (), every: bool = True) -> Leaf | None:
        """A relaxed leaf that reaches `ask`: the hinted groups searched first, then (`every`) the
        others in order; None where none reaches it (or the relaxation does not apply)."""
        return next((leaf for _, leaf in self.each(ask, hints, every)), None)

    def each(
        self, ask: int, hints: tuple[int | None, ...] = (), every: bool = True, skip: Set[int] = frozenset()
    ) -> Iterator[tuple[int, Leaf]]:
        """The relaxed leaves that reach `ask`, by group (`leaf`'s order, the groups in `skip`
        left out), each group searched only when the one before is done with: the hinted groups
        with `nodes` states, then (`every`) the others with `first` states (`FIRST_NODES`, module
        doc: *a cheap sweep first*) and those past them with `nodes`."""
        if self.groups is None:
            return
        hinted = [i for i in dict.fromkeys(hints) if i is not None]
        if every:  # the groups that gave a leaf before, the highest first, then the others
            hinted += sorted((i for i in self.reached if i not in hinted), key=lambda i: (-self.reached[i], i))
        order = [i for i in range(len(self.groups[1])) if i not in hinted] if every else []
        caps = [self.first, self.nodes] if 0 < self.first < self.nodes else [self.nodes]
        done = set(skip)
        for cap, group in [(self.nodes, hinted), *((c, order) for c in caps)]:
            for i in group:
                if i not in done and self.open(i, ask, cap):
                    got = self.search(i, ask, cap)
                    if self.past.get(i, 0) < cap:  # searched to its end: not again at `ask`
                        done.add(i)
                    if got is not None:
                        yield i, got

    def search(self, i: int, ask: int, nodes: int | None = None) -> Leaf | None:
        """Group `i` searched at `ask` as `relaxed_leaf` searches it (`TracedRelaxed`, `nodes`
        states: by default the member's): its leaf, or None (the group then kept below `ask`, or
        past those states)."""
        assert self.groups is not None
        keys, groups, acts = self.groups
        cap = self.nodes if nodes is None else nodes
        self.searched += 1
        TracedRelaxed.last = None
        try:
            value = group_bound(self.pos, groups[i], acts, cap, self.shared, ask, keys[i][1], relaxed=TracedRelaxed)
        except Reached:
            r = TracedRelaxed.last
            if r is None:
                return None
            self.last = i
            self.reached[i] = max(self.reached.get(i, ask), ask)
            return Leaf(r, r.leaf_path, r.leaf_finals)
        except TooBig:
            self.past[i] = max(self.past.get(i, 0), cap)
            if cap >= self.nodes:
                self.too_big.add(i)
            return None
        if value < ask:
            self.below[i] = min(self.below.get(i, ask), ask)
        return None


class _Round:
    """A round's realisations (`climb_line`): the leaves at a value tried best first, within the
    round's plays and leaves (module doc, *the other groups' leaves*)."""

    def __init__(
        self, puzzle: Puzzle, leaves: Leaves, nodes: int, extra: int, tries: int, plays: int, defer: bool
    ) -> None:
        self.puzzle = puzzle
        self.defer = defer
        self.leaves = leaves
        self.nodes = nodes
        self.extra = extra
        self.tries = tries
        self.plays = plays
        self.failed: set[tuple[int, int]] = set()
        """(group, value) whose leaf at that value the engine did not realise."""
        self.spent = 0
        self.tried = 0

    def start(self) -> None:
        self.spent = self.tried = 0

    def line(self, ask: int, hints: tuple[int | None, ...], every: bool) -> Realised | None:
        """An engine line worth at least `ask` from the first leaf (`Leaves.each`'s order) that
        the engine realises; None where none does within the round's leaves and plays."""
        if self.over():
            return None
        skip = {i for i, v in self.failed if v == ask}
        for i, leaf in self.leaves.each(ask, hints, every, skip):
            nodes = min(self.nodes, self.plays - self.spent)
            got, plays = attempt(self.puzzle, leaf, nodes, ask, extra=self.extra, defer=self.defer)
            self.spent += plays
            self.tried += 1
            if got is not None and got.value >= ask:
                return got
            self.failed.add((i, ask))
            if self.over():  # checked before the next group is searched
                return None
        return None

    def over(self) -> bool:
        return self.tried >= self.tries or self.spent >= self.plays


def climb_line(
    puzzle: Puzzle,
    pos: Position,
    floor: int,
    question: Asked,
    rounds: int,
    nodes: int | None = None,
    extra: int = EXTRA,
    tries: int | None = None,
    plays: int | None = None,
    defer: bool | None = None,
    climbed: Callable[[Realised], None] | None = None,
) -> Realised | None:
    """An engine line of the member at `pos` (the turn-1 action phase of `puzzle`, its two-turn
    puzzle) worth w >= `floor` with w + 1 proven out of reach by `question`: the member's optimum,
    that line (module doc); None where no leaf gives a line of the value asked, or `rounds`
    values are realised and the last line's value plus one is not proven. `tries` leaves a round
    realises at most, within `plays` engine plays in all (module doc; None: `TRIES` and
    `ROUND_PLAYS` where `FALLBACK`, else one leaf of `nodes` plays, session 87's rounds); `nodes`
    plays a leaf (None: `FALLBACK_NODES` where `FALLBACK`, else `LEAF_NODES`); `defer`: realise.py's
    `attempt`'s (None: `DEFER`); `climbed`: told the best line where the rounds realised one but
    proved none (floor_first's `Memo.climb`, read by climb_cards.py; given by board_solve)."""
    if nodes is None:
        nodes = FALLBACK_NODES if FALLBACK else LEAF_NODES
    if tries is None:
        tries = TRIES if FALLBACK else 1
    if plays is None:
        plays = ROUND_PLAYS if FALLBACK else nodes
    leaves = Leaves(pos)
    best: Realised | None = None
    ask = floor
    no: set[int] = set()
    tried = _Round(puzzle, leaves, nodes, extra, tries, plays, DEFER if defer is None else defer)

    def hinted() -> tuple[int | None, ...]:
        _, finals = question.leaves.get(ask, (None, None))
        return (leaves.group_of(finals), leaves.last)

    def proven(value: int, count: int = 0) -> bool:
        """The question at `value` in full (asked once here); with `count` (`QUESTION_STATES`,
        where the question has `counted`), its searches started only within that many states:
        a question cut answers not proven and is not kept as a no (asked in full at the end)."""
        if value in no:
            return False
        counted = getattr(question, "counted", None) if count > 0 else None
        got = question(value) if counted is None else counted(value, count)
        if got is None:
            return False
        if got:
            return True
        no.add(value)
        return False

    for _ in range(rounds):
        tried.start()
        got = tried.line(ask, hinted(), every=best is None)
        if got is None and best is not None:
            if proven(ask, QUESTION_STATES):
                traced(ask, best.value, True)
                return best
            got = tried.line(ask, hinted(), every=True)
        traced(ask, None if got is None else got.value, False)
        if got is None:
            break
        best, ask = got, got.value + 1
    if best is not None and proven(best.value + 1):
        traced(best.value + 1, best.value, True)
        return best
    if best is not None and climbed is not None:
        climbed(best)
    return None
