"""Loads of the two-turn relaxation (analysis/reach_two.py) told apart by turn: turn 1's Load takes
only the cubes of turn 1's board, and a Load of turn 2 leaves no more than turn 2's actions.

The relaxed two turns read a spot's cubes as the most any of its islands holds on its board: on a
final board, those of turn 1's board there plus the two the next placement lays on the land of the
next tile (R-TILE-2). A line's turn-1 Load cannot take those two: the next tile is placed at the
start of turn 2 (R-TURN-1, R-TILE-1). Spending turn 1 on a Load of cubes that lie there only in
turn 2 was how the relaxation reached 29 on seed 3's turn 11 (2016, south; the best line scores 24):
excavate, load three cubes on an island the next tile grows, sell them at Thera, buy two cards and
excavate them, in turn 1's four actions and turn 2's five. Here a Load on a spot where the final
boards hold more cubes than turn 1's island is searched two ways (`load_turns`):

- *turn 1's Load*: the cubes of the spot's island on turn 1's board (`first_cubes`), less those
  taken before; the actions and those turn 2 gains as they are (the spot of the next tile's
  islands alone has none: its land is not on the board in turn 1);
- *turn 2's Load*: the spot's cubes as before; then turn 1 is over, so no later excavation adds
  turn 2's actions (`gained` becomes `OVER`, as `TwoRelaxed.turn_over` marks it), and the actions
  left after it are at most turn 2's less the Load: `A + gained - 1`, with `A` turn 2's actions
  without a temple of turn 1 (R-TURN-2) and `gained` the actions the relaxed line's turn-1
  excavations added.

Sound: the relaxed line that stands for a real one (its stops, `TwoRelaxed`) searches, at each of
its Loads, the way of that Load's turn. A Load of turn 1 takes cubes lying on turn 1's board, on
the island of the spot, and none of those taken before by the line. A Load of turn 2 takes no
more than the spot's cubes; every excavation after it is turn 2's, which adds no action
(R-TURN-2); and the real line has, after it, at most turn 2's actions less one: `A` plus what its
own turn-1 excavations added, which the relaxed line's `gained` is at least (each real turn-1
excavation is a relaxed stop that `turn_bonus` credits: its relaxed actions spent are no more
than the real line's, and it is in `first_digs`). The relaxed line's actions left are at least
the real line's (module doc of reach_two.py), so their least with the cap is too. Where a spot's
final boards hold no more cubes than turn 1's island, or turn 1 is already over for the search
(`gained` is `OVER`), the Load is searched as before (one way, the spot's cubes): turn 1's way,
no narrower. tests/test_reach_loads.py compares the bound with covers' and placements' own
two-turn optima, and shows it lower than without the split on seed 3's turn 11.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..geometry import Quad
from ..position import Position
from .reach_ceiling import OVER


class Loads(Protocol):
    """What `load_turns` reads of its search (reach_two's `TwoRelaxed`)."""

    @property
    def pos(self) -> Position: ...
    @property
    def cubes(self) -> dict[Quad, int]: ...
    @property
    def first_cubes(self) -> dict[Any, int]: ...
    @property
    def start_acts(self) -> int: ...


def first_cubes(b1_island: dict[int, Quad], pos: Position) -> dict[int, int]:
    """By spot of turn 1's board: the cubes on its island there (the spots of the next tile's
    islands alone have none in turn 1)."""
    out: dict[int, int] = {}
    for s, isl in b1_island.items():
        n = sum(pos.cubes_by_island.get(isl, {}).values())
        if n:
            out[s] = n
    return out


def load_turns(r: Loads, spot: Any, after: int, gained: int) -> tuple[tuple[int, int, int], ...]:
    """The ways a Load on `spot` is searched (module doc): (cubes lying there, actions left after
    it, actions gained), `after` the actions left after it searched as one turn."""
    lying = r.cubes.get(spot, 0)
    first = r.first_cubes.get(spot, 0)
    if gained >= OVER or first >= lying:
        return ((lying, after, gained),)
    turn_two = r.start_acts - r.pos.actions_left + gained - 1
    out = ((first, after, gained),) if first else ()
    return (*out, (lying, min(after, turn_two), OVER)) if turn_two >= 0 else out
