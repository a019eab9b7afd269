"""A group's boards searched alone, and a group searched together again, inside the two-turn
relaxation's questions (reach_below's `Below`, whose module doc argues them): the methods of
`Below` that search one group's final boards board by board (`alone_stops`, `alone_again`), a
group past the node cap together once more (`together_again`) and a survey's group
(`survey_stops`). Split off reach_below.py (session 66) when it passed 600 lines.
"""

from __future__ import annotations

from ...board import Board
from ...geometry import Slot
from ...position import Position
from . import reach_two
from .reach_boards import Boards
from .reach_bound import TooBig
from .reach_known import Part
from .reach_two import TwoRelaxed
from .reach_two_goals import Reached

TOGETHER_AGAIN = True
"""Whether a group whose boards together passed the node cap is searched together once more,
with `ALONE_AGAIN` times the states, before its boards alone (`Below.together_again`, session 66).
On seed 1's turn 30 (2016, north), the first placement at 57: each of the 9 groups past 20,000
states together completes below in 30,006 to 62,663 (4 to 12 CPU s), where their 4 or 16 boards
alone took 2 to 6 CPU s each. False: as before, a reference."""


SURVEY_SLACK = 4
"""A survey goes on while its boards alone not below are at most this many more than half those
below (`surveying`)."""


def surveying(tally: list[int]) -> bool:
    """Whether a survey goes on: its boards alone searched below and not below so far (`tally`)
    say that the one-turn cover is below on most boards (what the parts and members are spared).
    Where it is not (seed 3's turn 11, 2016, south, at 26: 357 of 360 boards not below), the
    survey would only pay for searches the later questions make anyway."""
    return tally[1] <= SURVEY_SLACK + tally[0] // 2


class Alone:
    """`Below`'s searches of one group's boards (module doc); the state is `Below`'s."""

    relaxed: type[TwoRelaxed]
    nodes: int
    again: int
    too_big: dict[tuple[object, ...], int]
    capped: set[tuple[Slot | None, bool]]
    last: tuple[Slot | None, bool] | None
    last_board: int | None
    said_yes: bool

    def note(self, part: Part) -> None:
        raise NotImplementedError  # Below's

    def union_below(
        self, pos: Position, boards: list[Board], acts: int, shared: Boards, ask: int, oracle: bool
    ) -> bool:
        raise NotImplementedError  # Thin's (reach_thin.py)

    def alone_stops(
        self,
        pos: Position,
        slot: tuple[Slot | None, bool],
        group: list[Board],
        acts: int,
        shared: Boards,
        ask: int,
        known: set[Part],
    ) -> bool:
        """Whether the group's boards, each searched alone (the one that stopped the last
        question first), fail to put it below `ask`; where one of them passes the node cap, the
        group is searched together (as `group_bound`) before the question is stopped. Records
        where it stopped (`last`, `last_board`), and the boards found below (`known`: those
        already known below are not searched)."""
        start = self.last_board if slot == self.last and self.last_board is not None else 0
        order = list(range(len(group)))
        if start < len(group):
            order = [start, *order[:start], *order[start + 1 :]]
        for k in order:
            if (slot, k) in known:
                continue
            try:
                value = self.relaxed(pos, [pos.board, group[k]], acts, self.nodes, shared, ask, slot[1]).best()
            except Reached:
                value = ask
            except TooBig:
                # Not known below alone: the group's search together may still be (a union).
                if self.union_below(pos, group, acts, shared, ask, slot[1]):
                    self.note((slot, None))
                    return False
                value = self.alone_again(pos, slot, k, group[k], acts, shared, ask)
            if value >= ask:
                self.last, self.last_board, self.said_yes = slot, k, False
                return True
            self.note((slot, k))
        return False

    def alone_again(
        self,
        pos: Position,
        slot: tuple[Slot | None, bool],
        k: int,
        board: Board,
        acts: int,
        shared: Boards,
        ask: int,
    ) -> int:
        """A board alone that passed the node cap (and whose group together did too), searched
        again with `again` times the states (`ALONE_AGAIN`): its value, or `ask` where it passes
        those too (then not again for this position of the setup unless asked for more:
        `too_big`). The cap only bounds the cost: a search that completes bounds the lines
        ending on its board whatever its cap (module doc)."""
        if self.again <= 1:
            return ask
        value = self._again((self.relaxed, pos.cubes, pos.market, slot, k), pos, [board], acts, shared, ask, slot)
        return ask if value is None else value

    def together_again(
        self,
        pos: Position,
        slot: tuple[Slot | None, bool],
        group: list[Board],
        acts: int,
        shared: Boards,
        ask: int,
    ) -> bool:
        """Whether a group whose boards together passed the node cap (its boards alone come
        last, `past_cap`), searched together again with `again` times the states
        (`TOGETHER_AGAIN`), is below `ask`: then so is each of its boards (`group_bound`), and
        they are not searched alone. Where it reaches the value or passes those states too, not
        again for this position of the setup at that value or less (`too_big`), and the boards
        alone are searched as before. Only the cost changes, but where the boards alone would
        pass their caps: a search that completes bounds every line ending on its boards whatever
        its cap (module doc), so an answer changes only from no to yes where the relaxation
        proves it."""
        if not TOGETHER_AGAIN or self.again <= 1 or len(group) < 2:
            return False
        key = (self.relaxed, pos.cubes, pos.market, slot, None)
        value = self._again(key, pos, group, acts, shared, ask, slot)
        if value is None:
            return False
        if value >= ask:
            self.too_big[key] = ask
            return False
        return True

    def _again(
        self,
        key: tuple[object, ...],
        pos: Position,
        boards: list[Board],
        acts: int,
        shared: Boards,
        ask: int,
        slot: tuple[Slot | None, bool],
    ) -> int | None:
        """The search of `boards` (turn 2's) again with `again` times the states: its value
        (`ask` where it reaches it), or None where it passes those states too, now or for this
        position of the setup at `ask` or more before (`too_big`, then recorded at `ask`)."""
        if self.too_big.get(key, ask - 1) >= ask:
            return None
        try:
            return self.relaxed(pos, [pos.board, *boards], acts, self.nodes * self.again, shared, ask, slot[1]).best()
        except Reached:
            return ask
        except TooBig:
            self.too_big[key] = ask
            return None

    def survey_stops(
        self,
        pos: Position,
        slot: tuple[Slot | None, bool],
        group: list[Board],
        acts: int,
        shared: Boards,
        ask: int,
        past_cap: list[int],
        i: int,
        tally: list[int],
    ) -> bool:
        """A survey's search of one group (`SURVEY`): together first, as `group_bound`; where
        that is not below, each board alone, every one of them, those below kept (`note`), so
        that a later question of the setup searches only the others. Whether the group is not
        below (then `last`, `last_board`: its first board not below alone). Passing the node
        cap together: as `stops` (its boards alone last)."""
        try:
            value = self.relaxed(pos, [pos.board, *group], acts, self.nodes, shared, ask, slot[1]).best()
        except Reached:
            value = ask
        except TooBig:
            if reach_two.alone_past_cap:
                self.capped.add(slot)
                past_cap.append(i)
                return False
            value = ask
        if value < ask:
            self.note((slot, None))
            return False
        first: int | None = None
        for k, board in enumerate(group):
            if not surveying(tally):
                first = k if first is None else first
                break  # the survey stops paying: the cover is too loose (`surveying`)
            try:
                value = self.relaxed(pos, [pos.board, board], acts, self.nodes, shared, ask, slot[1]).best()
            except (Reached, TooBig):
                value = ask
            tally[value >= ask] += 1
            if value < ask:
                self.note((slot, k))
            elif first is None:
                first = k
        if first is None:
            self.note((slot, None))  # every board alone below: so is the group (`group_bound`)
            return False
        self.last, self.last_board, self.said_yes = slot, first, False
        return True
