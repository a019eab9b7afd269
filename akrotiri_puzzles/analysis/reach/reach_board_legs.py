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
from .reach_boards import Boards, cheapest_spots, leg_starts
from .reach_first_stops import first_docks, marked

LEGS_BY_BOARD = True
"""Whether a group's search together costs each leg by each final board's own routes
(`BoardLegs`; False: the union's legs for every board, as before session 66)."""


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
        else:
            most = 2 * self.acts + self.pos.points
            per = [self.legs_on(at, k) for k in range(1, n)]
            out: list[tuple[Quad, int, int]] = []
            for spot, _ in union:
                by: dict[int, int] = {}
                for k, points in enumerate(per, start=1):
                    p = points.get(spot)
                    if p is not None and p <= most:
                        by[p] = by.get(p, 0) | 1 << k
                bits = 1
                for p in sorted(by):
                    bits |= by[p]
                    out.append((spot, p, bits))
            out.sort(key=lambda leg: leg[1])
            got = out
        kept[at] = got
        return got

    def legs_on(self, at: str | Quad, k: int) -> dict[Quad, int]:
        """The least movement points from `at` (the boat's dock, or any dock of spot `at` on turn
        1's board or board k; a marked stop's island's docks on turn 1's board only,
        analysis/reach/reach_first_stops.py) to each spot over the route groups of turn 1's board and final
        board k only (R-MOVE-1; leaving the other boat's dock costs 2 and no stop is made there,
        R-MOVE-3), as `TwoRelaxed._legs` over the union."""
        kept: dict[int, tuple[dict[int, tuple[str, ...]], int]] = self.__dict__.setdefault("_board_routes", {})
        if k not in kept:
            docks = {
                s: tuple(
                    sorted({d for j, isl in ms if j in (0, k) for d in self.boards[j].docks_of_island.get(isl, ())})
                )
                for s, ms in enumerate(self.members)
            }
            kept[k] = (docks, self.on.spots_id(tuple(docks.values())))
        spot_docks, spots_id = kept[k]
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
