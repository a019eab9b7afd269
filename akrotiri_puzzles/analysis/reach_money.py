"""What the two-turn relaxation's sales earn, read by colour (analysis/reach_two.py, `TwoRelaxed.colours`).

The relaxation sells its n-th cube at the n-th best empty market space of any colour (`earned`):
one Load of a red cube and the next placement's cube sells at blue's 5 and 4 where a real line
earns 8 at most (seed 3's turn 11, docs/analysis.md). Here the income of the first n cubes sold
is bounded by the cubes' colours instead (`Money.income`):

- *Where the cubes come from.* The cubes aboard at the start (their colours known) and those the
  line's Loads took, `taken` (cubes by spot). A spot's cubes of colour c are at most the most any
  of its islands holds (on turn 1's board, or on a final board: those of turn 1's board on its
  pieces), plus the next placement's cube where its tile grows the island (`laid`, R-TILE-2),
  whose colour is one the placement takes from the market. So of the cubes taken on a spot, at
  most `min(taken, of c + laid)` are of colour c, `laid` counting only where the placement takes c.
- *The market.* The next placement takes at most two cubes from the market (R-TILE-2), `t_c` of
  colour c (none without a next tile, the boards of turn 1 alone). By each final board's tile
  (`next_takes`, session 74): the first cube is of the tile's icon's colour, so at most one of
  another colour (see *By tile* below). Each sale of colour c fills its
  rightmost empty space (R-FREE-1): moving a take before a sale only raises that sale's price (the
  track never falls to the right), so with every take first the j-th cube of colour c sold earns
  at most the j-th best of the `off_c + t_c` empty spaces (`off_c` those empty now), the spaces
  past the track's top priced at the top (`sale_prices`: a take may be a cube sold in turn 1,
  *Cubes sold back* below).
- The income of the first n cubes sold is then at most the most, over the takes `t`, of the n
  best prices among each colour's best `A_c` spaces, `A_c` the cubes of colour c there can be
  (at most `earned[n]`, the colour-blind bound).

Sound, with three changes to the search that keep every real line's relaxed image: a Load may
take fewer cubes than it can (`amounts`: the image takes what the real Load takes, so its cubes
aboard and `taken` are the real line's); once the boat unloads, the colours are not read any more
(`unloaded`: the cubes unloaded may be loaded again anywhere, `stash_loads_again`); and where
`last_loads_unread` forgets `taken` with cubes aboard it keeps it (the colours of the next sale),
and with none marks the colours unread (a later Load's sale counts the cubes sold before). The
search carries the income so far (`income`), and a sale adds the new bound less it: each sale's
bound reads the cubes taken by then, which only grow, so the income never falls and is at least
the real line's after each sale (the drachmas checked against every cost are no fewer). The
ceiling (reach_ceiling.py) reads the drachmas less that income plus `earned` of the cubes there
may be sold, at least every later income.
tests/test_reach_loads.py compares the bound with covers' and placements' own optima.

*Through unloads* (session 55, `TOUCHED`, `Money.touched`). Not reading the colours after an unload
was the slack of seed 3's turn 11 past its first group (bound 25, best 24; now 23): the relaxed line loads a
cube, unloads it (free) and takes it aboard again with the next island's cube, the two sold
colour-blind for 9 where their colours earn 8. After an unload the colours are now read with each
spot of `taken` counted *whole* (every cube of each colour it can hold, `most + laid`, not only as
many as its Loads took), Loads and unloads take and leave as many as they can (as colour-blind),
and every Load on a spot with cubes left marks it in `taken`, even one that takes none of them
(a full boat's Load is searched for that). Sound: every cube sold is a cube aboard at the start or
one that lay on (or was laid by the next placement on) a spot where the real line made a Load; the
relaxed image makes its Loads at the same stops (where it searches none, the spot is exhausted
and so already in `taken`, or the Load is one whose cubes are never sold, `last_loads_unread`),
so every spot a sold cube came from is in `taken`, read for at least as many cubes of each colour
as it can hold; the income is then bounded as above. It costs states (every Load marks a spot),
so with a value asked it is the third search of `blind_first`, only where the colours read up to
an unload reach the value too; past its node cap it answers as that one did.
tests/test_reach_touched.py checks it against covers' and a placement's optima and shows it tighter
on seed 3's turn 11.

*By tile* (session 74, `tile_takes`, `next_takes`). Before, the takes were any two cubes the market
holds, on every group of final boards: on seed 5's turn 11 (2016, south) the relaxed line sold a
green cube at 5, the market's last green space once both its green cubes were taken, where the next
tile (L24) shows a mountain and so takes one green at most (the price 4): the bound of `tile -1,-3
r180 green@NW` was 14, its optimum 12. Now a search's takes are the union, over its final boards,
of what each board's tile takes (R-TILE-2: first one cube of its icon's colour, skipped where that
colour is sold out, then one of any colour left on a different island, or none): at most two, at
most one of a colour not the icon's; a board with no new tile (B1 itself, the piles empty) takes
none (R-TILE-1, R-TURN-1: the placement is the hero's turn-2 tile, the only one between its turns
the two-turn lines model). Sound: every line ends on one of the search's boards (`group_bound`; a
mask never adds one), its placement is that board's tile, and the take it makes is in that board's
set, so in the union; the argument above (a take only adds empty spaces, taken first it only raises
the prices, R-FREE-1) is unchanged for each take. A board searched alone (`boards_alone`) reads its
own tile's takes only. The colour-blind bound (reach_two's `earned`) is the most over the same
takes of the n best empty spaces (before: every colour two cubes fewer at once). It keeps
`BlindRelaxed`'s counts cover: a cover with at most a member's market cubes of each colour, on the
same boards, has the member's takes (they read the boards only, *Cubes sold back*), each with at
least as good a price for every j-th sale of each colour (`sale_prices` never falls as `on` falls).
tests/test_reach_takes.py checks the takes against the engine's placements and the bound against
that placement's optimum (CP-SAT).

*Cubes sold back* (session 74, h74market, `sale_prices`). Until then a take of colour c was at most
c's cubes on the market now. That was unsound: a cube of c sold in turn 1 goes onto the market
(R-FREE-1), and the next placement, made after turn 1's action phase (R-TURN-1), takes it from the
leftmost occupied space (R-TILE-2, the engine's `effects._take_cube` reads the market as it then
is), so c's next sale earns the top price again: with no c on the market (`k = 8` off it), sell one
in turn 1 at `track[7] = 5`, the tile takes it back, sell another in turn 2 at 5: 10, where two
sales were bounded by 5 + 4 = 9 (and the cube taken back, laid on an island, could not be of c:
`laid` read only where `t_c` is not 0). Now the takes are only the tile's (at most two, at most one
of a colour not the icon's), not capped by the market, and the j-th sale of c over both turns is
priced at most `track[min(k0 + t_c - j + 1, len(track)) - 1]` (`k0` c's cubes off the market now).
Sound: the real line sells `s1` cubes of c in turn 1, the placement takes `t_c <= on + s1` of c
(each take raises the count off the market by one, R-TILE-2), then turn 2 sells; each sale earns
`track[k - 1]` at the count `k` off the market and lowers it by one (R-FREE-1). Turn 1's j-th sale
(`j <= s1`) earns `track[k0 - j]`, at most the price at index `min(k0 + t_c - j + 1, len) - 1`
(the track never falls to the right; `k0 - j + 1 <= len`); turn 2's j-th earns
`track[k0 - s1 + t_c - (j - s1 - 1) - 1]`, exactly that price (the real count is at most `len`). So
moving every take first only raises the prices, and the clamp covers the real cap; the sales of c
number at most `k0 + t_c`.

Exact by colour (session 75, lead). That clamp priced `e + 1` sales at the top, `e = t_c - on` the
takes beyond the market's cubes, where a real line earns the top at most twice: each take beyond
`on` is a cube turn 1 sold (`s1 >= e`), at the spaces left of the count off now. The line's
prices are the multiset `M(s1) = track[k0 - s1 : k0] + track[: k0 - s1 + t_c]` (turn 1's, then
turn 2's from the count after the takes, `k0 - s1 + t_c <= len`). For `s1 >= e`, `M(s1)` and
`M(e)` share `track[k0 - e : k0]` and `track[: k0 - s1 + t_c]`; the rest are `track[k0 - s1 :
k0 - e]` in `M(s1)` and `track[k0 - s1 + t_c : k0 - e + t_c]` in `M(e)`, entry by entry `t_c`
spaces to the right (never cheaper). So every prefix sum of `M(s1)` best first is at most
`M(e)`'s, and `M(e)` is a real line's (sell `e` in turn 1, take them back, sell from the top):
`sale_prices` returns `M(e)` best first (`k0 - e + t_c` is `min(k0 + t_c, len)`). It is tighter
than the clamp only where two cubes of c are taken and c has at most one on the market (on the
printed track: 5, 5, 4 where the clamp read 5, 5, 5; 5, 4, 4 where it read 5, 5, 4).
tests/test_reach_sold_back.py checks it against every line through the engine's own sale and
take (`effects`). The colour-blind `earned` (reach_two's `_earned`) reads the same prices.
It loosens the bound only where a colour has fewer than two cubes on the market (a take beyond them
is new: its price, and the laid cube read of that colour). tests/test_reach_sold_back.py plays the line above through the
engine and compares it with the bound's income.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from ..components import COLOURS
from .reach_bound import LATE, TooBig

Taken = tuple[tuple[Any, int], ...]

UNREAD = -1
"""A spot that is never one: in `taken`, the colours are not read (`taken` forgotten; an unload
too with `touched` off)."""
TOUCHED = -2
"""A spot that is never one: in `taken`, the boat has unloaded (`unloads`): each spot of `taken` is
read for every cube it holds, not only for as many as its Loads took (`Money.income`)."""


late_loads = True
"""Whether a spot's Loads all of turn 1 are read for the cubes of its island on turn 1's board
(the late-Load rule, session 63: `Money.late`); else for the laid cube too, as before."""

touched = True
"""Whether a search may read the colours through unloads, each spot loaded read whole (`TOUCHED`,
session 55; `blind_first` tries it last); else they are read no more after one (`UNREAD`)."""


tile_takes = True
"""Whether the next placement's takes are those of each final board's tile (`next_takes`, session
74: at most one cube of a colour not its icon's, R-TILE-2); else any two cubes."""


def sale_prices(track: Sequence[int], on: int, take: int) -> list[int]:
    """At most what the cubes of one colour sold over the two turns earn, best first, `on` cubes
    of it on the market now (`k0 = len(track) - on` off it) and the next placement taking `take`
    of it: the prices `track[k0 - e : k0]` and `track[: k0 - e + take]`, `e = max(0, take - on)`
    (module doc, *Cubes sold back*; session 75: every prefix sum of a real line's sales of the
    colour, best first, is at most this list's, and some line's equals it)."""
    k0 = len(track) - on
    e = max(0, take - on)
    return sorted([*track[k0 - e : k0], *track[: k0 - e + take]], reverse=True)


def next_takes(pos: Any, boards: Sequence[Any]) -> list[tuple[int, ...]]:
    """The cubes by colour (`COLOURS`) the next placement may take from `pos`'s market on the way
    to any of the final boards `boards[1:]` (`boards[0]` is turn 1's board), with `tile_takes`:
    the union over those boards of what the tile each adds to turn 1's board takes (R-TILE-2:
    first one cube of its icon's colour, skipped where that colour is sold out, then one of any
    colour left): at most two cubes, at most one of them of a colour not the icon's; none on a
    board without a new tile (R-TILE-1: no tile, no placement). Without `tile_takes` (as before
    session 74): any two cubes wherever there are final boards. A take is not capped by `pos`'s
    market (session 74, h74market): turn 1's sales put cubes back that the placement may take
    (R-FREE-1, R-TILE-2), priced by `sale_prices` (module doc, *Cubes sold back*)."""
    width = len(COLOURS)
    none = (0,) * width
    if len(boards) < 2:
        return [none]
    every = [t for t in product(range(3), repeat=width) if sum(t) <= 2]
    if not tile_takes:
        return every
    comps = pos.components
    first = set(boards[0].placements)
    icons: set[int | None] = set()
    for b in boards[1:]:
        new = [p for p in b.placements if p not in first]
        if len(new) > 1:
            return every  # not one tile's board: read as any two cubes
        icons.add(COLOURS.index(comps.market.colour_of(comps.tile[new[0][1]].icon)) if new else None)
    out = [none] if None in icons else []
    for t in every:
        if any(i is not None and sum(t) - t[i] <= 1 for i in icons) and t not in out:
            out.append(t)
    return out


class Money:
    """The colour-read income of one `TwoRelaxed` search (module doc)."""

    def __init__(self, r: Any) -> None:
        pos = r.pos
        self.earned = r.earned
        track = pos.components.market.track
        self.aboard = Counter(r.hero.cargo)
        pools: dict[int, tuple[dict[str, int], int]] = {}
        for s, members in enumerate(r.members):
            most: dict[str, int] = {}
            wild = 0
            for k, isl in members:
                if k == 0:
                    here = dict(pos.cubes_by_island.get(isl, {}))
                else:
                    b = r.boards[k]
                    here = {}
                    for piece, colour, count in pos.cubes:
                        if b.island_of_piece.get(piece) == isl:
                            here[colour] = here.get(colour, 0) + count
                    if any(q not in r.old_land for q in b.island_quads[isl]):
                        wild = r.laid
                for c, n in here.items():
                    most[c] = max(most.get(c, 0), n)
            pools[s] = (most, wild)
        self.pools = pools
        # The late-Load rule (session 63, module doc): a spot's Loads all of turn 1 read the cubes
        # of its island on turn 1's board, no laid cube; `late` the spots where that differs.
        early: dict[int, tuple[dict[str, int], int]] = {}
        for s, members in enumerate(r.members):
            k, isl = members[0]
            first = {c: n for c, n in pos.cubes_by_island.get(isl, {}).items() if n} if k == 0 else {}
            early[s] = (first, 0)
        self.early = early
        splits: set[int] = set()
        if late_loads and getattr(r, "split_loads", False):  # `load_turns` searches turn 1's way apart
            splits = {s for s, n in r.cubes.items() if r.first_cubes.get(s, 0) < n}
        self.late = frozenset(
            s for s in splits if early[s] != ({c: n for c, n in pools[s][0].items() if n}, pools[s][1])
        )
        """Spots where a Load's turn changes its colours: there a Load not certainly turn 1's (not
        the turn-1 way of `load_turns`'s split) marks the spot `LATE` in `taken`; the others are
        read as before."""
        market = pos.market
        takes = next_takes(pos, r.boards)
        self.takes = [(t, [sale_prices(track, on, n) for n, on in zip(t, market, strict=True)]) for t in takes]
        """Each take of the next placement (cubes by colour) and each colour's empty spaces' prices
        after it, best first."""
        self._known: dict[tuple[tuple[tuple[int, int], ...], int], int] = {}
        self.touched = touched
        """Whether an unload marks `taken` `TOUCHED` (else `UNREAD`): this search's mode."""

    def income(self, n: int, taken: tuple[tuple[int, int], ...]) -> int:
        """At most what the first `n` cubes sold earn, those loaded being `taken` (module doc)."""
        if n <= 0:
            return 0
        if taken and taken[0][0] == UNREAD:
            return self.earned[n]
        whole = bool(taken) and taken[0][0] == TOUCHED
        key = (taken, n)
        got = self._known.get(key)
        if got is None:
            got = self._known[key] = min(self.earned[n], self._income(n, taken[1:] if whole else taken, whole))
        return got

    def _income(self, n: int, taken: tuple[tuple[int, int], ...], whole: bool = False) -> int:
        """`income` with the spots `taken`; `whole`: each read for every cube it holds (`TOUCHED`)."""
        best = 0
        marked = {s - LATE for s, _ in taken if s >= LATE}
        read = [
            (self.pools[s] if s not in self.late or s in marked else self.early[s], had) for s, had in taken if s < LATE
        ]
        for t, prices in self.takes:
            spaces: list[int] = []
            for i, c in enumerate(COLOURS):
                can = self.aboard.get(c, 0)
                for (most, wild), had in read:
                    lying = most.get(c, 0) + (wild if t[i] else 0)
                    can += lying if whole else min(had, lying)
                spaces += prices[i][:can]
            spaces.sort(reverse=True)
            best = max(best, sum(spaces[:n]))
        return best


class _As:
    """A search `r` seen from another position (`Members`): `pos` replaced, all else `r`'s."""

    def __init__(self, r: Any, pos: Any) -> None:
        self._r = r
        self.pos = pos

    def __getattr__(self, name: str) -> Any:
        return getattr(self._r, name)


class Members:
    """The income of one `TwoRelaxed` search from a thin group's counts cover (reach_below.py's
    `Below.by_member`, session 64), read by colour member by member: at most the most, over the
    group's members, of `Money`'s bound with that member's cubes and market (`Money` built from
    the search with the member's position: its spots, counts, splits and boards are the cover's).

    Sound for each member's lines: the counts cover's search holds the image of every line of a
    member (its counts are at least the member's on every piece: the colour-blind argument of
    `BlindRelaxed`, reach_two.py), with the same Loads, `taken` and marks; `Money`'s argument
    (module doc, and the late-Load rule's) then bounds that line's income by the member's own
    colours and market, read on the image's `taken`: a spot of `late` that is not `late` for the
    member reads the same either way. So the most over the members bounds every member's line,
    and, each member's bound never falling as `taken` grows, so does their most."""

    def __init__(self, r: Any, members: Sequence[Any]) -> None:
        self.earned = r.earned
        self.each = [Money(_As(r, m)) for m in members]
        self.late = frozenset().union(*(m.late for m in self.each))
        self.touched = touched
        """As `Money.touched` (the search's mode, read by `ByColour.unload_amounts`)."""
        self._known: dict[tuple[tuple[tuple[int, int], ...], int], int] = {}

    def income(self, n: int, taken: tuple[tuple[int, int], ...]) -> int:
        """At most what the first `n` cubes sold earn for any member (class doc)."""
        key = (taken, n)
        got = self._known.get(key)
        if got is None:
            got = self._known[key] = max(m.income(n, taken) for m in self.each)
        return got


def amounts(room: int, kept: int, lying: int, taken: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """The cubes a Load takes (`Relaxed.amounts`): while the colours are read (nothing unloaded
    yet), any number of the island's, one at least; else as many as it can, those unloaded first."""
    again = min(room, kept)
    if _unread(taken) or again:
        return [(again, min(room - again, lying))]
    return [(0, k) for k in range(min(room, lying), 0, -1)]


def unloads(
    cargo: int, taken: tuple[tuple[int, int], ...], touched: bool = False
) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """The cubes an unload leaves and `taken` after it: while the colours are read exactly, any
    number of those aboard, after which each spot loaded is read whole (`TOUCHED`; with `touched`
    off, the colours are read no more); after that, all of them (its counts kept for the Loads)."""
    if _unread(taken):
        return [(cargo, taken)]
    mark = TOUCHED if touched else UNREAD  # the search's mode (`Money.touched`)
    return [(j, ((mark, 0), *taken)) for j in range(cargo, 0, -1)]


def _unread(taken: tuple[tuple[int, int], ...]) -> bool:
    """Whether the colours are no longer read exactly (`UNREAD` or `TOUCHED`): Loads and unloads
    then take and leave as many cubes as they can."""
    return bool(taken) and taken[0][0] in (UNREAD, TOUCHED)


def forget(taken: tuple[tuple[int, int], ...], cargo: int) -> tuple[tuple[int, int], ...]:
    """`taken` where no later Load is searched: kept with cubes aboard or unloaded (`cargo`: the
    next sale reads it), else forgotten, the colours not read."""
    if cargo and not (taken and taken[0][0] == UNREAD):
        return taken  # TOUCHED kept too: the next sale reads it
    return ((UNREAD, 0),)


class ByColour:
    """`Relaxed`'s hooks read by colour where `money` is set (reach_two's `TwoRelaxed`)."""

    money: Money | None = None
    earned: list[int]

    def income_after(self, n: int, taken: Taken) -> int:
        return self.earned[n] if self.money is None else self.money.income(n, taken)

    def amounts(self, room: int, kept: int, lying: int, taken: Taken) -> Sequence[tuple[int, int]]:
        if self.money is None:
            return super().amounts(room, kept, lying, taken)  # type: ignore[misc]
        return amounts(room, kept, lying, taken)

    def unload_amounts(self, cargo: int, taken: Taken) -> Sequence[tuple[int, Taken]]:
        return ((cargo, taken),) if self.money is None else unloads(cargo, taken, self.money.touched)

    def touches(self, taken: Taken) -> bool:
        return self.money is not None and bool(taken) and taken[0][0] == TOUCHED

    def forget(self, taken: Taken, cargo: int) -> Taken:
        return () if self.money is None else forget(taken, cargo)

    def late_spots(self) -> frozenset[Any]:
        return frozenset() if self.money is None else self.money.late


def blind_first(r: Any, search: Callable[[], int], reached: type[Exception]) -> int:
    """`search` with a value asked (`r.ask`): first with the colours not read (fewer states: no
    Load or unload of fewer cubes), then, only where that reaches the value, with them (each its
    own states and node cap). Both are bounds, so either answer is one; without a value asked, or
    without the colours, `search` once."""
    money = r.money
    if r.ask is None or money is None:
        return search()
    r.money = None
    try:
        return search()
    except reached:
        pass
    finally:
        r.money = money
    if money.touched:
        # The colours read through unloads cost states (every Load marks its spot): tried only
        # where the colours read up to an unload reach the value too (session 55).
        money.touched = False
        r.nodes, r._memo, r._richest = r.start_nodes, {}, {}
        try:
            return search()
        except reached:
            pass
        finally:
            money.touched = True
        r.nodes, r._memo, r._richest = r.start_nodes, {}, {}
        try:
            return search()
        except TooBig:
            # Past its node cap: the answer is the tier before's (it reached the value).
            raise reached from None
    r.nodes, r._memo, r._richest = r.start_nodes, {}, {}
    return search()
