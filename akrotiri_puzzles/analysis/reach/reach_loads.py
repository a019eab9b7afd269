"""Loads of the two-turn relaxation (analysis/reach/reach_two.py) told apart by turn: turn 1's Load takes
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

from ...geometry import Quad
from ...position import Position
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


SHARED = True
"""Whether a Load, while the colours are read, keeps only the boards where the island it loads
from holds the cubes the line has taken from it (`load_boards`, session 70); False: as before."""


BY_BOARD = True
"""Whether `spot_caps` reads a spot that no board joins to another too, where some board
holds fewer cubes there than the most (else only the spots some board joins)."""


def load_boards(r: Any, spot: Any, taken: tuple[tuple[Any, int], ...]) -> int:
    """The boards (bits of the search's `mask`, -1: every board) a Load on `spot` keeps, `taken`
    the line's Loads by spot with this one in: those where the island of `spot` holds at least
    the cubes taken from the spots of turn 1's board that lie on it there (R-LOAD-1).

    The relaxation reads a spot's cubes as the most any of its islands holds over the group's
    boards, and counts the cubes taken spot by spot; where the next tile joins two islands of
    turn 1's board into one (reach_two's `joined`), both spots stood for its cubes, each whole.
    On seed 1's turn 30 (2016, north), the cover of `tile -2,-2 r0 green@NE`: a relaxed line took
    3 cubes from each of two spots that are one island of 4 cubes on the boards where either
    holds more than 2, and sold 8 cubes for 57 (tools/trace_two_turn_relaxed.py).

    Sound: a real line ends on one final board F (bit 0, turn 1's board, where the game ends in
    turn 1, R-END-2), which the mask of its relaxed image keeps. While the colours are read
    (analysis/reach/reach_money.py: no unload yet, `amounts` tries every number of cubes), the image
    takes at each Load exactly the cubes the line's Load takes, on the spot of the island it
    loads from (an island of F holding land of turn 1's board is the island of those spots there;
    a turn-1 Load takes from turn 1's island of the spot, which lies in it on F: islands only
    grow and cubes stay on their pieces, R-TILE-3). So on F the image has taken from the spots
    lying on one island I no more than the line took from I: no more than the cubes on I's
    pieces at the start plus the one the next placement lays on it (R-TILE-2; reach_two's
    `_cubes_on`, which the relaxation already reads as the spot's cubes there). F stays in the
    mask. After an unload (the colours no longer read, `UNREAD`/`TOUCHED`), Loads take as many as
    they can and every board is kept here (`load_ways` splits them by board, session 71); so are
    the spots of the next tile's islands alone (no land of turn 1's board: never one island with a
    spot of it)."""
    if not SHARED or r.money is None or (taken and taken[0][0] < 0):
        return -1
    caps = spot_caps(r, spot)
    if caps is None:
        return -1
    key = (spot, taken)
    memo = r.load_memo
    bits = memo.get(key)
    if bits is None:
        got = dict(taken)
        bits = 0
        for k, together, cap in caps:
            if sum(got.get(t, 0) for t in together) <= cap:
                bits |= 1 << k
        memo[key] = bits
    return bits


def spot_caps(r: Any, spot: Any) -> list[tuple[int, tuple[Any, ...], int]] | None:
    """For a spot of turn 1's board with cubes (`load_boards`), per board k: the spots of turn
    1's board whose islands are the spot's island there, and its cubes (reach_two's
    `_cubes_on`); None (every board kept) for the other spots and for those no board joins to
    another where (`BY_BOARD`) no board holds fewer than the spot's cubes (the search never
    takes more than those). Worked out at the spot's first Load (kept on `r`, with `load_memo`)."""
    cache = r.spot_caps_memo
    if cache is None:
        cache = r.spot_caps_memo = {}
        r.load_memo = {}
        r.ways_memo = {}
        on: list[dict[Any, tuple[Any, ...]]] = [{} for _ in r.boards]
        for t in sorted(r.b1_island):
            for k, isl in r.members[t]:
                on[k][isl] = (*on[k].get(isl, ()), t)
        r.island_spots = on
    if spot in cache:
        return cache[spot]
    rows = None
    most = r.cubes.get(spot, 0)
    if most and spot in r.b1_island:
        on = r.island_spots
        got = [(k, on[k][isl], r._cubes_on(k, isl)) for k, isl in r.members[spot]]
        if any(len(together) > 1 or (BY_BOARD and cap < most) for _, together, cap in got):
            rows = got
    cache[spot] = rows
    return rows


AFTER_UNLOAD = True
"""Whether a Load past the line's first unload takes, on each board, no more than the island of
its spot holds there less what the line took from it (`load_ways`, session 71); False: as before
(as many as the spot's cubes allow, every board kept)."""


def load_ways(r: Any, spot: Any, taken: tuple[tuple[Any, int], ...], most: int) -> tuple[tuple[int, int], ...]:
    """Past the line's first unload (`taken` marked `UNREAD` or `TOUCHED`, analysis/reach/reach_money.py),
    the cubes of its spot a Load takes, by board: (cubes, the boards' bits), `most` as many as the
    spot's cubes and the boat allow (`amounts`). On board k it takes `min(most, cap - had)`, `cap`
    the cubes of the spot's island there (`spot_caps`: those on its pieces at the start and the one
    the next placement lays) and `had` those the line took from the spots of turn 1's board lying
    on it (`taken`); a board `spot_caps` does not list (or a spot it reads as None) takes `most`.
    Before the first unload, and with the colours not read, as before: `most` on every board.

    The cover of `tile -3,-1 r0 green@NE` on seed 1's turn 30 (2016, north): a relaxed line loaded
    3 cubes from a spot, unloaded one (so that `load_boards` no longer read its Loads), later took 3
    from another spot that the next tile joins with the first into one island of 4 cubes, and sold
    8 for 57 (the turn's optimum is 56).

    Sound: past an unload the relaxed image of a real line no longer takes what the line's Loads
    take: its Loads take as many as they can (the cubes unloaded first, then the island's, less
    those taken before: reach_money.py's `amounts`, the colour-blind Load of reach_bound.py's
    module doc), and a spot's income is read whole (`TOUCHED`) or colour-blind (`UNREAD`), so only
    the counts matter. The line ends on one final board F (bit 0: turn 1's board, the game over in
    turn 1, R-END-2), and every cube it loads from an island of F lay on that island's pieces at
    the start, was laid there by the next placement (R-TILE-2, one at most an island: `_cubes_on`)
    or was unloaded there (R-FREE-2; the image's `stash`, loaded again first). So the Loads of the
    image kept on F are the Loads of the one-board relaxation on F: as many as the boat holds of
    the island's cubes on F less those taken from it before (R-LOAD-1: "from anywhere on the
    island"; the spots of turn 1's board lying on one island of F are that island, `spot_caps`),
    which is the rule the image's Loads follow past an unload, with F's own counts where the spots
    read the most over the boards, each spot apart. `min(most, cap - had)` is no more than `most`
    (the spot's cubes less those taken from it, `cap - had` counting the spot's own Loads and
    those of the other spots on the island), so each board is searched with at most the cubes
    it was before, and F with the cubes its island holds; `had` is the image's own count (where
    `taken` was forgotten, `last_loads_unread`, none: `cap`, looser). Boards split this way are
    searched apart (each its own `mask`), F among them, so its line's leaf is still found."""
    if not AFTER_UNLOAD or not most or r.money is None or not taken or taken[0][0] >= 0:
        return ((most, -1),)
    caps = spot_caps(r, spot)
    if caps is None:
        return ((most, -1),)
    key = (spot, taken, most)
    memo = r.ways_memo
    ways = memo.get(key)
    if ways is None:
        got = dict(taken)
        by: dict[int, int] = {}
        listed = 0
        for k, together, cap in caps:
            take = min(most, max(0, cap - sum(got.get(t, 0) for t in together)))
            by[take] = by.get(take, 0) | 1 << k
            listed |= 1 << k
        by[most] = by.get(most, 0) | ~listed
        ways = memo[key] = tuple(sorted(by.items(), reverse=True))
    return ways
