"""The Move actions of a leg that turn 1's end splits, read by where turn 1 can leave the boat
(session 84, h84s1gap; `CROSS_LEGS`): analysis/reach/reach_turns.py's `TwoTurns.leg_actions`.

Before, a leg of the two-turn relaxation (analysis/reach/reach_two.py's `TwoRelaxed`) from a stop A
while turn 1 may go on to a stop B that turn 1's actions left (`left`) do not reach over turn 1's
board B1 was read as `left + 1` Move actions (turn 1's actions left, all lost or spent, and one of
turn 2), or as the leg's least Move actions over the union of the boards' routes, the larger.
On seed 1's turn 13 (2016, south), member `tile -1,1 r0 blue@NE`, the relaxed line took the
oracle, sailed to Thera, bought H06 and then reached island (0, -7) in two Move actions (turn 1's
last and one of turn 2, the next tile L01 at slot (0, 1) shortening the route), dug E07 there and
H06 next door: 22, which CP-SAT proves out of reach (408.8 CPU s, session 83). No real line does
it: from every dock turn 1's last Move action reaches on B1, turn 2 needs two Move actions more.

Here the turn-2 part is read from where turn 1 can end: `turn_two_actions` is the least Move
actions over the union of the search's boards' route groups (R-MOVE-1) from any dock of B1 that
the boat reaches within turn 1's actions left (R-MOVE-2: `free` points of a Move action already
taken at the start, then 2 points a Move action with an empty boat, 1 with cargo; no turn ends at
the other boat's dock, R-MOVE-3) or from any dock of A's spot (its island on every board), to any
dock of B's spot, at 2 points a Move action (1 with cargo) with no points carried (turn 2's
first Move action starts with none: the engine's end of turn sets them to 0). The leg is read as
`left + max(1, v)` Move actions (`crossing`): where v is 0 or 1 this is `left + 1` as before.

*Sound.* Take a real line R and its relaxed image at A with turn 1 going on in the image (its
`gained` below `OVER`), with no fewer actions than R and `left` at least R's turn-1 actions left
(reach_two.py's *Turn 2's actions*: the relaxed stops spend no more; `gained` at least R's
turn-1 bonus, so the image's turn 2 (`acts - left`) has at least R's actions). Between A and B R
takes only Move actions (its next action is B's; a sale at Thera on the way is a stop of the
image; an Unload on the way is one at A, which the search tries; the oracle is charged at the
start, `oracle`), all with the cargo the image has. Where v >= 2 no dock of B's spot is reached
within turn 1 (it would give v = 0), so R reaches B in turn 2, and either:
1. R's turn 1 goes on at A: R sails u <= (R's turn-1 actions left) Move actions on B1 (R-TILE-1:
   the next tile comes at turn 2's start) to a dock d within the points above (R-MOVE-2), not the
   other boat's (R-MOVE-3), ends turn 1 there (its unspent actions lost, R-TURN-3: none carries
   over), then sails from d on its final board k, whose routes hold B1's and the union holds
   (a tile only adds routes and joins islands), with at least v Move actions: R's actions after
   the leg are at most turn 2's own less v, and the image's are `acts - left - v`, turn 2's own
   as the image reads them (at least R's) less v;
2. R's turn 1 ended at or before A: R is at a dock of A's island on board k, one of the spot's
   docks, and spends at least v Move actions of turn 2, and again leaves the image no more.
So where v >= 2 the image keeps at least R's actions through the leg, and is past turn 1 (it has
spent more than turn 1's actions), as R is. Where v <= 1 the reading is the one before this
change. tools/check_two_cube_readings.py walks engine lines through the image (`leg_actions`) and
finds none that this reading leaves short (docs/benchmarks.md, session 84, h84s1gap).
"""

from __future__ import annotations

from typing import Any

from ...geometry import Quad
from .reach_boards import cheapest_spots, dock_points, route_groups
from .reach_first_stops import marked, spot

CROSS_LEGS = True
"""Whether a leg that turn 1's end splits reads turn 2's part from where turn 1 can end (module
doc); False: `left + 1` as before session 84."""

Spot = Quad
"""A spot of the search (an index, typed as an island where reach_bound.py's search reads them)."""


def turn_two_actions(r: Any, at: str | Spot, island: Spot, left: int, cargo: int, free: int) -> int | None:
    """The least Move actions of turn 2 from where the boat can be when turn 1 ends on the way
    from `at` (the boat's dock, or a spot) to spot `island` (module doc); None where `at` is no
    spot of turn 1's board (no reading: the caller keeps `left + 1`). `r` is a `TwoRelaxed`."""
    per = 1 if cargo else 2
    budget = free + per * left
    key = (at, budget, per)
    kept: dict[tuple[object, ...], dict[Spot, int] | None] = r.__dict__.setdefault("_cross_legs", {})
    if key not in kept:
        kept[key] = _turn_two_points(r, at, budget, per)
    got = kept[key]
    if got is None:
        return None
    p = got.get(island)
    return 10**6 if p is None else (p + per - 1) // per


def _turn_two_points(r: Any, at: str | Spot, budget: int, per: int) -> dict[Spot, int] | None:
    """The least points to each spot from the docks turn 1 may end at (`turn_two_actions`)."""
    b1 = r.boards[0]
    occupied = r.occupied
    if isinstance(at, str):
        starts = [at]
        near: list[str] = []
    else:
        isl = r.b1_island.get(spot(at))
        if isl is None:
            return None
        starts = [d for d in b1.docks_of_island.get(isl, ()) if d != occupied]
        # A marked stop (reach_first_stops.py, M2): the boat is at one of `starts`.
        near = [] if marked(at) else [d for d in r.spot_docks[at] if d != occupied]
    groups, groups_of = route_groups([b1], r.on.board_groups)
    one = dock_points(groups, groups_of, occupied, starts)
    ends = sorted({*near, *(d for d, n in one.items() if n <= budget and d != occupied)})
    two = dock_points(r.groups, r.groups_of, occupied, ends)
    return cheapest_spots(two, r.spot_docks, occupied)  # type: ignore[return-value]  # spots typed as islands


def crossing(r: Any, at: str | Spot, island: Spot, left: int, cargo: int, free: int) -> int:
    """The Move actions of a leg from `at` to `island` that turn 1's end splits, turn 1's `left`
    actions left spent or lost (module doc): `left + 1` without `CROSS_LEGS`."""
    if not CROSS_LEGS:
        return left + 1
    v = turn_two_actions(r, at, island, left, cargo, free)
    return left + 1 if v is None else left + max(1, v)
