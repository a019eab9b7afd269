"""The two turns of the two-turn relaxation told apart where the rules tell them apart
(analysis/reach/reach_two.py's `TwoRelaxed`): turn 2's actions only from turn 1's excavations
(R-TURN-2, `tight_turns`), turn 1's legs on turn 1's board (R-MOVE-1, R-TILE-1), and a Load of
turn 1 or of turn 2 (analysis/reach/reach_loads.py, `split_loads`). The argument of each is in its
docstring and in reach_two.py's module doc.

Moved out of reach_two.py unchanged (session 55) so that module stays under ~600 lines."""

from __future__ import annotations

from collections.abc import Callable

from ...board import Board
from ...geometry import Quad
from ...position import Position
from . import reach_first_stops as _first
from .reach_boards import Boards
from .reach_ceiling import OVER as _OVER
from .reach_cross import crossing as _crossing
from .reach_loads import load_boards as _load_boards
from .reach_loads import load_turns as _load_turns
from .reach_loads import load_ways as _load_ways

Spot = int
Member = tuple[int, Quad]


class TwoTurns:
    """`TwoRelaxed`'s hooks that tell the two turns apart (module doc)."""

    pos: Position
    on: Boards
    start_acts: int
    bonus: list[int]
    occupied: str | None
    fit_first: set[tuple[Spot, str]]
    members: list[list[Member]]
    b1_island: dict[Spot, Quad]
    first_digs: set[tuple[Spot, str]]
    cubes: dict[Quad, int]
    first_cubes: dict[int, int]
    thera: Quad
    stash_loads_again: bool
    stop_at: Callable[[str | Quad], Quad]

    def _first_digs(self, boards: list[Board]) -> set[tuple[Spot, str]]:
        """(spot, card): an excavation turn 1 can make, on an island of turn 1's board where the
        card fits (R-EXC-2) that the boat reaches on that board with a Move action and the
        excavation left of turn 1's actions (R-MOVE-1, R-MOVE-2: at most 2 points a Move, the
        points left of one taken spent first): the legs over turn 1's board alone."""
        b1 = boards[0]
        points = self.on.first_legs(b1)
        out: set[tuple[Spot, str]] = set()
        for s, card in self.fit_first:
            k, isl = self.members[s][0]  # a spot of turn 1's board holds its island first
            docks = b1.docks_of_island.get(isl, ()) if k == 0 else ()
            near = [points[d] for d in docks if d in points and d != self.occupied]
            # An unload first (free, R-FREE-2) leaves the boat empty: 2 points a Move action.
            if near and (max(0, min(near) - self.pos.points) + 1) // 2 + 1 <= self.pos.actions_left:
                out.add((s, card))
        return out

    def leg_actions(
        self, at: str | Quad, island: Quad, least: int, acts: int, gained: int, cargo: int, free: int
    ) -> tuple[int, ...]:
        """A leg within turn 1 is sailed on turn 1's board (R-MOVE-1, R-TILE-1: the next tile is
        placed in turn 2), at its points (`Boards.turn_one_legs`); else turn 1 ends on the way,
        short of the stop, so the leg spends turn 1's actions left and turn 2's from where turn 1
        can leave the boat (reach_cross.py's `crossing`: at least one). The relaxed stops spend no
        more than the line's, so turn 1's actions left are at least the line's. Two answers only
        as (`within`, `cross`): the leg of turn 1, then the leg turn 1's end splits (`leg_stops`)."""
        if not self.tight_turns or gained >= _OVER:
            return (least,)
        left = self.pos.actions_left - (self.start_acts + gained - acts)
        if least > left:
            cross = max(least, _crossing(self, at, island, left, cargo, free))
            return (cross,) if cross <= acts else ()
        src = at if isinstance(at, str) else self.b1_island.get(_first.spot(at))
        dest = self.b1_island.get(island)  # type: ignore[call-overload]
        points = None if src is None or dest is None else self.on.turn_one_legs(src).get(dest)
        within = None
        if points is not None:
            need = max(0, points - free)
            within = need if cargo else (need + 1) // 2  # R-MOVE-2
            if within == least:
                return (least,)
        out = (within,) if within is not None and within <= left else ()
        cross = _crossing(self, at, island, left, cargo, free)
        return (*out, cross) if cross <= acts else out

    def leg_stops(
        self, at: str | Quad, island: Quad, least: int, acts: int, gained: int, cargo: int, free: int
    ) -> tuple[tuple[int, str | Quad], ...]:
        """`leg_actions`' Move actions, each with the stop it leads to: `island`, or with
        `FIRST_STOPS` a marked stop there (reach_first_stops.py): M1, the first of two answers
        (`within`, then `cross`: the leg of turn 1 over turn 1's board, where it differs from the
        union's); M3, another action at a marked stop (0 Move actions, or 1 without the mark)."""
        got = self.leg_actions(at, island, least, acts, gained, cargo, free)
        if not (_first.FIRST_STOPS and self.tight_turns):
            return tuple((m, island) for m in got)
        if _first.marked(at) and ~at == island:  # type: ignore[operator]
            return (*((m, at) for m in got), *(((1, island),) if acts >= 1 else ()))  # M3
        if len(got) == 2 and _first.grown(self, island):  # type: ignore[arg-type]
            return ((got[0], ~island), (got[1], island))  # type: ignore[operator]  # M1
        return tuple((m, island) for m in got)

    spot_caps_memo: dict[Spot, list[tuple[int, tuple[Spot, ...], int]] | None] | None = None
    """reach_loads.py's `spot_caps` by spot, made at the first Load that reads them."""
    island_spots: list[dict[Quad, tuple[Spot, ...]]]
    """By board: the spots of turn 1's board on each island (reach_loads.py's `spot_caps`)."""
    load_memo: dict[tuple[Spot, tuple[tuple[Quad, int], ...]], int]
    """`load_boards`' answers by spot and `taken`."""

    def load_boards(self, island: Quad, taken: tuple[tuple[Quad, int], ...]) -> int:
        """The boards a Load on `island` (a spot) keeps, `taken` with it in (reach_loads.py)."""
        return _load_boards(self, island, taken)

    ways_memo: dict[tuple[Spot, tuple[tuple[Quad, int], ...], int], tuple[tuple[int, int], ...]]
    """`load_ways`' answers by spot, `taken` and the cubes the boat can take (set with `spot_caps_memo`)."""

    def load_ways(self, island: Quad, taken: tuple[tuple[Quad, int], ...], most: int) -> tuple[tuple[int, int], ...]:
        """The cubes a Load on `island` (a spot) takes by board past an unload (reach_loads.py)."""
        return _load_ways(self, island, taken, most)

    split_loads = True
    """Whether a Load is searched as turn 1's (turn 1's cubes) and as turn 2's (turn 2's actions
    left), where the spot holds more cubes on the final boards (analysis/reach/reach_loads.py)."""

    def load_turns(self, island: Quad, after: int, gained: int) -> tuple[tuple[int, int, int], ...]:
        if not self.split_loads:
            return super().load_turns(island, after, gained)  # type: ignore[misc]
        return _load_turns(self, island, after, gained)

    tight_turns = True
    """Whether an excavation adds turn 2's actions only where it can be turn 1's (`turn_bonus`)."""

    def turn_bonus(self, j: int, after: int, gained: int, island: Quad, card: str) -> tuple[int, int]:
        """Turn 2's actions the j-th excavation adds (R-TURN-2), and those gained after it: only
        a turn-1 excavation adds them. A line's relaxed stops spend no more actions than its
        own, so an excavation after which the line has spent more than turn 1's actions is turn
        2's; so is one on a spot without an island of turn 1's board where the card fits and
        that turn 1's actions reach on that board (`_first`); after a turn-2 excavation every
        later one is turn 2's too (`_OVER`). The first turn-2 excavation leaves at most turn 2's
        own actions after it (`turn_one_lost`: a negative count)."""
        if not self.tight_turns:
            return self.bonus[j], gained + self.bonus[j]
        spent = self.start_acts + gained - after
        if spent <= self.pos.actions_left and (island, card) in self.first_digs:
            return self.bonus[j], gained + self.bonus[j]
        if self.turn_one_lost and gained < _OVER:
            # The line's first excavation of turn 2: turn 1 is over, and what it left unspent is
            # lost (R-TURN-2, R-TURN-3), so the actions after it are at most turn 2's own less
            # this one (`turn_one_lost`). A negative count: the caller adds it to `after`.
            return min(0, self.start_acts - self.pos.actions_left + gained - 1 - after), _OVER
        return 0, max(gained, _OVER)  # past `_OVER`: turn 1's sales packed in (reach_sales.py's `FirstSales`)

    turn_one_lost = True
    """Whether the line's first excavation that `turn_bonus` finds turn 2's leaves at most turn
    2's own actions less one after it (session 60). Turn 2 has the actions its player board shows
    once turn 1's excavations are made (R-TURN-2): `start_acts - actions_left + gained`, `gained`
    the bonus of the excavations before it that may be turn 1's, at least the real line's (each of
    its turn-1 excavations is one `turn_bonus` counts); turn 1's unspent actions are lost (R-TURN-3:
    fewer may be taken; none carries over). The excavation is turn 2's, so it and every action
    after it are turn 2's: at most turn 2's actions, and the relaxed stops spend no more than the
    line's. It binds only where the excavation is turn 2's by its card's fit (`first_digs`) before
    turn 1's actions are spent: where they are spent, the actions left are below turn 2's already.
    On seed 4's turn 12 (2016, north), the cover of `tile -1,4 r0 blue@NW`: the relaxed line dug
    E12, which fits no island of turn 1's board, with two actions spent, then spent six more
    (a load, a sale, a buy, M03), where turn 2 has four; CP-SAT proves 21 out of reach (107 s)."""

    taken: list[set[Quad | None]]
    _blocked: dict[Spot, int]
    """`turn_two_blocked`'s answers by spot, for this search's boards (set with `taken`)."""

    turn_two_temples = True
    """Whether an excavation that `turn_bonus` finds turn 2's is kept off the final boards where its
    spot's island holds a temple already (`turn_two_blocked`, session 61)."""

    def turn_two_blocked(self, spot: Spot) -> int:
        """The boards (bits) on which an excavation of turn 2 on `spot` (an island of turn 1's
        board) cannot be made: there the spot's island holds a temple placed before this turn, of
        either seat (R-EXC-1: the island excavated "has no temple yet"). Read by reach_two's
        `room` for an excavation that `turn_bonus` finds turn 2's only.

        Sound: turn 2's tile is placed before its actions (R-TURN-1, R-TILE-1), so an excavation
        of turn 2 is made on the line's final board (board k of the group, the next tile placed
        at the scenario's slot), on the island of board k that holds the spot's land (the spot's
        member on board k: the next tile may grow it or join it to other islands). The temples
        placed before this turn stay where they are (the passive opponent places none), so where
        that island of board k holds one of them, no excavation of turn 2 is made there on board
        k (R-EXC-1), and the real line that the relaxed one stands for ends on another board of
        the mask. An excavation that `turn_bonus` finds turn 2's is turn 2's in every real line
        the relaxed one stands for (its stops spend no more actions than the line's; a card that
        fits no island of turn 1's board within turn 1's actions is excavated in turn 2; after
        one of turn 2, every later one is: `turn_bonus`). An excavation that may be turn 1's is
        not narrowed: made on turn 1's board, where its island holds no temple (`fitting`), it
        stands even where the next tile joins that island to one holding a temple ("islands
        that merge later may hold several temples"). The next tile's islands alone (`rooms`)
        already offer no card where they hold a temple (`fitting`).

        Seed 4's turn 12 (2016, north), the cover of `tile -2,-1 r0 blue@NW`: the relaxed line
        bought M03 and M09 in turn 1 and excavated M03 in turn 2 on the island of (-7, 0), which
        the next tile at slot (-3, -1) joins to the island of the opponent's temple at (-3, 0);
        it reached 21, which CP-SAT proves out of reach (122 s)."""
        if not self.turn_two_temples:
            return 0
        got = self._blocked.get(spot)
        if got is None:
            got = self._blocked[spot] = sum(1 << k for k, isl in self.members[spot] if isl in self.taken[k])
        return got

    def turn_over(self, acts: int, gained: int) -> int:
        """Once turn 1's actions are spent no excavation adds any (`turn_bonus`): the actions
        gained are not read again, and states merge."""
        if self.tight_turns and gained < _OVER and self.start_acts + gained - acts >= self.pos.actions_left:
            return _OVER
        return gained

    def turn_one_over(
        self,
        was: int,
        acts: int,
        at: str | Quad,
        sold: int,
        cargo: int,
        stash: int,
        taken: tuple[tuple[Quad, int], ...],
    ) -> int:
        """`turn_over`'s `OVER` with turn 1's sales packed in (reach_sales.py's `FirstSales`): the
        cubes sold so far, and where turn 1's actions are spent exactly at this stop at Thera
        (`was` below `OVER`: the state before did not end turn 1) those it sells, free (R-FREE-1,
        R-TURN-3: a sale after turn 1's last action is still turn 1's). At the start with points
        left of a Move action already taken, turn 1 is not over yet (`was`, unmarked: a looser
        state): those points may still carry the boat to Thera within turn 1 (R-MOVE-2), where
        its stop is then the one that spends turn 1's actions exactly."""
        if was >= _OVER:  # a child made past turn 1 (the most common): no sale of this stop
            return self.pack_first(sold, taken)  # type: ignore[attr-defined]
        if isinstance(at, str) and self.pos.points:
            return was
        here = 0
        if self.start_acts + was - acts == self.pos.actions_left and self.stop_at(at) == self.thera:
            here = cargo + (0 if self.stash_loads_again else stash)
        return self.pack_first(sold + here, taken)  # type: ignore[attr-defined]
