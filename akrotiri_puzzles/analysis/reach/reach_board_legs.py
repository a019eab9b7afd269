"""The legs of the two-turn relaxation (analysis/reach/reach_two.py's `TwoRelaxed`) told apart by final
board (`LEGS_BY_BOARD`, session 66): a leg keeps only the boards of the group whose own routes give
it the points it is searched with.

`TwoRelaxed.moves` costs a leg over the union of the group's boards' route components and islands
(R-MOVE-1): the least points over every board at once. Searched together, a slot's boards (the
next tile's rotations and tiles at one slot) let one relaxed line sail a leg that only the routes of
one rotation shorten, then another that only another rotation's shorten, and end on a third; or
one leg that steps along the new routes of two rotations. On seed 2's turn 17 (2016, south) ten of
sixteen slots' searches together reached 25 where each of their four boards alone was below it
(a fifth of the question's CPU, then four searches alone each); with each board's legs alone the
search together was below on most of them.

Here each leg from a stop to a spot is searched once per distinct value of its points over the
group's final boards, each board's own (`legs_on`: the route groups of turn 1's board and that
board, the spot's docks on those two), cheapest first, and keeps only the boards (bits of the
search's `mask`) whose own points are at most those searched (turn 1's board, bit 0, always).
A leg no final board's own routes give within reach is not searched. With one final board (a
board alone, the group without a tile) the legs are `moves`' as before.

Sound. The real line a relaxed one stands for ends on one final board k of the group (the mask
keeps it: reach_two_goals' `finals`), and every one of its legs is sailed on board k's routes or
on turn 1's board's (R-TILE-1: the next tile is placed at the start of turn 2). A tile only adds
routes and joins islands, so each route component and island of turn 1's board lies within one of
board k's: a leg of turn 1 on turn 1's board, a leg of turn 2 on board k, and a leg that turn 1's
end splits, are paths over the route groups of turn 1's board and board k, so each costs at least
board k's own points to that spot (`legs_on`, the docks of the spot's islands on those two boards;
R-MOVE-3's other boat as `TwoRelaxed._legs`). The relaxed leg searched with exactly those points
keeps board k (its bits hold every board whose points are at most them), and it is searched with
the Move actions `_plan` gives those points (at least as many actions left as the real leg, as
before: `leg_actions` reads turn 1's board only). A line that ends on turn 1's board (the game
ending in turn 1) sails only on turn 1's board, whose points are at least every board's: bit 0 is
kept by every leg. So every real line is still one of the relaxed lines, and the bound holds; the
relaxed line gives up only the mixes of several boards' routes that no single board allows.
`TwoRelaxed.moves` (the union) is still what the ceiling reads (reach_ceiling.py): the relaxed
lines here are among the union's, so its bound on a state holds for them.
"""

from __future__ import annotations

from typing import Any

from ...board import Board
from ...geometry import Quad
from ...position import Position
from . import reach_delta_legs as _delta
from .reach_boards import Boards, cheapest_spots, leg_starts
from .reach_first_stops import first_docks, marked

LEGS_BY_BOARD = True
"""Whether a group's search together costs each leg by each final board's own routes
(`BoardLegs`; False: the union's legs for every board, as before session 66)."""


def _legs_of(spot: Quad, by: dict[int, int], out: list[tuple[Quad, int, int]]) -> None:
    """`plan_moves`' legs to `spot` appended to `out`: at each of its points (`by`, the boards
    reaching it at those points, a bit each), the boards reaching it at those points or fewer
    (turn 1's board's bit always set)."""
    bits = 1
    for p in sorted(by):
        bits |= by[p]
        out.append((spot, p, bits))


class BoardLegs:
    """`TwoRelaxed`'s legs by final board (module doc)."""

    pos: Position
    boards: list[Board]
    acts: int
    occupied: str | None
    members: list[list[tuple[int, Quad]]]
    on: Boards

    def moves(self, at: str | Quad) -> list[tuple[Quad, int]]:
        raise NotImplementedError  # TwoRelaxed's

    def plan_moves(self, at: str | Quad) -> list[tuple[Quad, int, int]]:
        """`moves(at)` by final board (module doc): per spot, a leg for each distinct value of
        its points over the boards' own legs, with the boards (bits) whose points are at most
        that, turn 1's board always; nearest first."""
        kept: dict[Any, list[tuple[Quad, int, int]]] = self.__dict__.setdefault("_board_moves", {})
        got = kept.get(at)
        if got is not None:
            return got
        union = self.moves(at)
        n = len(self.boards)
        if not LEGS_BY_BOARD or n <= 2:
            got = [(spot, steps, -1) for spot, steps in union]
        elif _delta.DELTA_LEGS:
            got = self._by_change(at, union)
            if _delta.CHECK:
                assert got == self._by_board(at, union), at
        else:
            got = self._by_board(at, union)
        kept[at] = got
        return got

    def _by_board(self, at: str | Quad, union: list[tuple[Quad, int]]) -> list[tuple[Quad, int, int]]:
        """`plan_moves`' legs from every final board's `legs_on` (as before session 96)."""
        most = 2 * self.acts + self.pos.points
        per = [self.legs_on(at, k) for k in range(1, len(self.boards))]
        out: list[tuple[Quad, int, int]] = []
        for spot, _ in union:
            by: dict[int, int] = {}
            for k, points in enumerate(per, start=1):
                p = points.get(spot)
                if p is not None and p <= most:
                    by[p] = by.get(p, 0) | 1 << k
            _legs_of(spot, by, out)
        out.sort(key=lambda leg: leg[1])
        return out

    def _by_change(self, at: str | Quad, union: list[tuple[Quad, int]]) -> list[tuple[Quad, int, int]]:
        """`plan_moves`' legs from turn 1's board's own points to each spot (`legs_on` with B1's
        docks alone) and each final board's changes to them (`changes_on`): a board with no
        change there has B1's points (reach_delta_legs.py, `DELTA_LEGS`). The same legs in the
        same order as from every board's `legs_on`."""
        n = len(self.boards)
        most = 2 * self.acts + self.pos.points
        base = self._b1_spots(at)
        over: dict[int, list[tuple[int, int | None]]] = {}
        for k in range(1, n):
            for s, p in self.changes_on(at, k).items():
                over.setdefault(s, []).append((k, p))
        every = (1 << n) - 2
        out: list[tuple[Quad, int, int]] = []
        for spot, _ in union:
            by: dict[int, int] = {}
            rest = every
            for k, p in over.get(spot, ()):  # type: ignore[call-overload]
                rest &= ~(1 << k)
                if p is not None and p <= most:
                    by[p] = by.get(p, 0) | 1 << k
            b = base.get(spot)  # type: ignore[call-overload]
            if b is not None and b <= most and rest:
                by[b] = by.get(b, 0) | rest
            _legs_of(spot, by, out)
        out.sort(key=lambda leg: leg[1])
        return out

    def _b1_spots(self, at: str | Quad) -> dict[int, int]:
        """The least points from `at`'s docks on turn 1's board to each spot's docks there, over
        that board's groups alone (`legs_on`'s over B1 and B1)."""
        kept: dict[Any, dict[int, int]] = self.__dict__.setdefault("_b1_spot_points", {})
        got = kept.get(at)
        if got is None:
            spot_docks, _ = self._spot_docks(0)
            starts = leg_starts(at, spot_docks, self.occupied, first_docks(self) if marked(at) else None)
            points = self.on.b1_dock_points(self.boards[0], self.occupied, starts)
            got = kept[at] = cheapest_spots(points, spot_docks, self.occupied)
        return got

    def changes_on(self, at: str | Quad, k: int) -> dict[int, int | None]:
        """The spots whose least points from `at` over the route groups of turn 1's board and
        final board k (`legs_on(at, k)`) are not those over turn 1's board alone (`_b1_spots`),
        with them (None: no dock reached): worked out from B1's dock points (reach_delta_legs'
        `delta_points`, the docks it changes), read again only for the spots with a dock changed
        or other docks on board k; kept by the setup's shared facts as `legs_on`'s."""
        spot_docks, spots_id = self._spot_docks(k)
        b1_docks, b1_id = self._spot_docks(0)
        occupied = self.occupied
        first = first_docks(self) if marked(at) else None
        starts = leg_starts(at, spot_docks, occupied, first)
        starts0 = leg_starts(at, b1_docks, occupied, first)
        b1, bk = self.boards[0], self.boards[k]
        pkey = ("changes", id(b1), id(bk), occupied, starts, starts0, spots_id, b1_id)
        got = self.on.spot_points.get(pkey)
        if got is not None:
            return got  # type: ignore[return-value]
        base = self.on.b1_dock_points(b1, occupied, starts0)
        groups, groups_of, new = self.on.pair_routes(b1, bk)
        changed: set[str] = set()
        points = _delta.delta_points(base, groups, groups_of, new, occupied, starts, changed)
        grown, dock_spots = self._grown_spots(k)
        again = set(grown)
        for d in changed:
            again.update(dock_spots.get(d, ()))
        b1_points = self._b1_spots(at)
        out: dict[int, int | None] = {}
        for s in again:
            near = [points[d] for d in spot_docks[s] if d in points and d != occupied]
            p = min(near) if near else None
            if p != b1_points.get(s):
                out[s] = p
        self.on.spot_points[pkey] = out  # type: ignore[assignment]
        return out

    def _spot_docks(self, k: int) -> tuple[dict[int, tuple[str, ...]], int]:
        """The spots' docks on turn 1's board and final board k (k 0: turn 1's alone), and their
        number (`Boards.spots_id`), kept by the search."""
        kept: dict[int, tuple[dict[int, tuple[str, ...]], int]] = self.__dict__.setdefault("_board_routes", {})
        if k not in kept:
            by_board: list[dict[int, list[Quad]]] | None = self.__dict__.get("_members_by_board")
            if by_board is None:
                by_board = []
                for ms in self.members:
                    of: dict[int, list[Quad]] = {}
                    for j, isl in ms:
                        of.setdefault(j, []).append(isl)
                    by_board.append(of)
                self.__dict__["_members_by_board"] = by_board
            docks: dict[int, tuple[str, ...]] = {}
            for s, of in enumerate(by_board):
                found: set[str] = set()
                for j in {0, k}:
                    on_j = self.boards[j].docks_of_island
                    for isl in of.get(j, ()):
                        found.update(on_j.get(isl, ()))
                docks[s] = tuple(sorted(found))
            if _delta.CHECK:
                assert docks == {
                    s: tuple(
                        sorted({d for j, isl in ms if j in (0, k) for d in self.boards[j].docks_of_island.get(isl, ())})
                    )
                    for s, ms in enumerate(self.members)
                }, k
            kept[k] = (docks, self.on.spots_id(tuple(docks.values())))
        return kept[k]

    def _grown_spots(self, k: int) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]]]:
        """The spots with docks on board k that are not theirs on turn 1's board, and the spots
        of each dock on turn 1's board (`_spot_docks(0)`), kept by the search."""
        kept: dict[int, tuple[int, ...]] = self.__dict__.setdefault("_board_grown", {})
        b1_docks, _ = self._spot_docks(0)
        if "_b1_dock_spots" not in self.__dict__:
            of: dict[str, list[int]] = {}
            for s, docks in b1_docks.items():
                for d in docks:
                    of.setdefault(d, []).append(s)
            self.__dict__["_b1_dock_spots"] = {d: tuple(v) for d, v in of.items()}
        if k not in kept:
            on_k, _ = self._spot_docks(k)
            kept[k] = tuple(s for s, ds in on_k.items() if ds != b1_docks[s])
        return kept[k], self.__dict__["_b1_dock_spots"]

    def legs_on(self, at: str | Quad, k: int) -> dict[Quad, int]:
        """The least movement points from `at` (the boat's dock, or any dock of spot `at` on turn
        1's board or board k; a marked stop's island's docks on turn 1's board only,
        analysis/reach/reach_first_stops.py) to each spot over the route groups of turn 1's board and final
        board k only (R-MOVE-1; leaving the other boat's dock costs 2 and no stop is made there,
        R-MOVE-3), as `TwoRelaxed._legs` over the union."""
        spot_docks, spots_id = self._spot_docks(k)
        occupied = self.occupied
        # `leg_points` over the two boards, kept by the setup's shared facts (reach_boards'
        # `pair_points`, session 78): the same points, worked out once a setup for the searches
        # whose spots have the same docks on the two boards (`spots_id`).
        starts = leg_starts(at, spot_docks, occupied, first_docks(self) if marked(at) else None)
        b1, bk = self.boards[0], self.boards[k]
        pkey = (id(b1), id(bk), occupied, starts, spots_id)
        points = self.on.spot_points.get(pkey)
        if points is None:
            out = self.on.pair_points(b1, bk, occupied, starts)
            points = self.on.spot_points[pkey] = cheapest_spots(out, spot_docks, occupied)
        return points  # type: ignore[return-value]
