"""What the two-turn relaxation's sales earn, read by colour (analysis/reach/reach_two.py, `TwoRelaxed.colours`).

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

*Cubes sold back* (sessions 74 and 75): a take may be a cube turn 1 sold, put back on the market
(R-FREE-1) and taken by the next placement (R-TILE-2, after turn 1's action phase, R-TURN-1), so
the takes are not capped by the market now; each colour's prices (`sale_prices`) and the reading
by turn 1's sales (`sold_back`, `FirstSales`) are argued in reach_sales.py's module doc.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from ...components import COLOURS
from .reach_bound import LATE, TooBig
from .reach_ceiling import OVER
from .reach_sales import FirstSales, beyond, sale_prices, sold_prices, spreads
from .reach_split import SOLD, sold_mark

Taken = tuple[tuple[Any, int], ...]
First = tuple[int, tuple[int, ...]] | None
"""Turn 1's sales once turn 1 is over (`FirstSales.read`: how many, and by colour how many can be
of it), or None while every sale so far may be turn 1's."""

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


sold_back = True
"""Whether a take beyond a colour's cubes on the market now is read only where the line has sold
that colour in a sale that may be turn 1's, as many as those sales (session 75, `FirstSales`,
reach_sales.py's *Cubes sold back, by turn 1's sales*); else any take of the tile's, as h74market's
mend."""


first_colours = False
"""Whether `FirstSales` carries, once turn 1 is over, the colours turn 1's sales may have sold
(`Money.turn_one`); else only how many (each colour read as any)."""


def earned_first(pos: Any, boards: Sequence[Any]) -> list[list[int]]:
    """What the first n cubes sold earn at most, read colour-blind (reach_two's `earned`), by the
    cubes `n1` sold in sales that may be turn 1's (`FirstSales`) and then by n: the most, over
    the next placement's takes (`next_takes`) whose cubes beyond the market (`beyond`) number
    at most `n1` (with `sold_back` off: every take), of the forced `e_c` best prices of each
    colour c (a cube of c taken back is one of c sold, so at least `e_c` of the n are of c) and
    the best of the other empty spaces (`sale_prices`; R-FREE-1: a take only adds empty spaces,
    each sale fills the rightmost of its colour's). Never falls as n or `n1` grows; each list
    as long as the last (`n1` the most a take goes beyond the market)."""
    track = pos.components.market.track
    market = pos.market
    fewer = 2 if len(boards) > 1 else 0
    takes = next_takes(pos, boards) if tile_takes else [(fewer,) * len(market)]
    most = max(sum(beyond(market, t)) for t in takes) if sold_back else 0
    out: list[list[int]] = []
    for n1 in range(most + 1):
        best: list[int] = [0]
        for take in takes:
            extra = beyond(market, take) if sold_back else (0,) * len(market)
            if sum(extra) > n1:
                continue
            forced: list[int] = []
            prices: list[int] = []
            for on_market, n, e in zip(market, take, extra, strict=True):
                each = sale_prices(track, on_market, n)
                forced += each[:e]
                prices += each[e:]
            prices.sort(reverse=True)
            head = sum(forced)
            # Fewer cubes sold than the take goes beyond: not this take (0, the take of none's).
            sums = [0] * len(forced) + [head + sum(prices[:k]) for k in range(len(prices) + 1)]
            best = [max(a, b) for a, b in zip(best, sums, strict=False)] + sums[len(best) :]
        out.append(best)
    size = max(len(b) for b in out)
    for best in out:
        best += [best[-1]] * (size - len(best))
        for n in range(1, size):
            best[n] = max(best[n], best[n - 1])  # never falls (a take with fewer spaces ends sooner)
    for k in range(1, len(out)):
        out[k] = [max(a, b) for a, b in zip(out[k], out[k - 1], strict=True)]
    return out


def next_takes(pos: Any, boards: Sequence[Any]) -> list[tuple[int, ...]]:
    """The cubes by colour (`COLOURS`) the next placement may take from `pos`'s market on the way
    to any of the final boards `boards[1:]` (`boards[0]` is turn 1's board), with `tile_takes`:
    the union over those boards of what the tile each adds to turn 1's board takes (R-TILE-2:
    first one cube of its icon's colour, skipped where that colour is sold out, then one of any
    colour left): at most two cubes, at most one of them of a colour not the icon's; none on a
    board without a new tile (R-TILE-1: no tile, no placement). Without `tile_takes` (as before
    session 74): any two cubes wherever there are final boards. A take is not capped by `pos`'s
    market (session 74, h74market): turn 1's sales put cubes back that the placement may take
    (R-FREE-1, R-TILE-2), priced by `sale_prices` (reach_sales.py)."""
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
        self.takes = [
            (t, [sale_prices(track, on, n) for n, on in zip(t, market, strict=True)], beyond(market, t)) for t in takes
        ]
        """Each take of the next placement (cubes by colour), each colour's empty spaces' prices
        after it, best first, and its cubes beyond the market now (`beyond`)."""
        self.now = [((0,) * len(market), [sale_prices(track, on, 0) for on in market], (0,) * len(market))]
        """The market as it is (no take): turn 1's sales (reach_split.py's `income_now`)."""
        self.earned_now: list[int] = r.earned_now
        """The colour-blind bound of turn 1's sales (`ByColour.earned_now`)."""
        self.earned_first: list[list[int]] = r.earned_first
        """`earned_first` of the search (the colour-blind bound by turn 1's sales)."""
        self._known: dict[tuple[Any, ...], int] = {}
        self._now: dict[tuple[Any, ...], int] = {}
        self.track, self.market = track, market
        self.room = tuple(len(track) - on for on in market)
        """Each colour's empty spaces now: the most turn 1 sells of it (R-FREE-1)."""
        self._spreads: dict[tuple[Any, ...], list[tuple[int, ...] | None]] = {}
        self._prices: dict[tuple[int, int, int], list[int]] = {}
        self.touched = touched
        """Whether an unload marks `taken` `TOUCHED` (else `UNREAD`): this search's mode."""

    def income(self, n: int, taken: tuple[tuple[int, int], ...], first: First = None) -> int:
        """At most what the first `n` cubes sold earn, those loaded being `taken` (module doc);
        `first`: turn 1's sales (`FirstSales.read`) once turn 1 is over, else None (every sale so
        far may be turn 1's: `n1` is `n`, the colours those `taken` holds)."""
        if n <= 0:
            return 0
        blind = self.earned_first[min(n, len(self.earned_first) - 1) if first is None else first[0]]
        if taken and taken[0][0] == UNREAD:
            return blind[n]
        whole = bool(taken) and taken[0][0] == TOUCHED
        key = (taken, n, first)
        got = self._known.get(key)
        if got is None:
            got = self._known[key] = min(blind[n], self._income(n, taken[1:] if whole else taken, whole, first))
        return got

    def income_now(self, n: int, taken: tuple[tuple[int, int], ...]) -> int:
        """At most what the first `n` cubes sold earn in turn 1, those loaded being `taken`: as
        `income` on the market as it is now (no take; reach_split.py), never the laid cube's."""
        if n <= 0:
            return 0
        blind = self.earned_now[min(n, len(self.earned_now) - 1)]
        if taken and taken[0][0] == UNREAD:
            return blind
        whole = bool(taken) and taken[0][0] == TOUCHED
        key = (taken, n)
        got = self._now.get(key)
        if got is None:
            got = self._now[key] = min(blind, self._income(n, taken[1:] if whole else taken, whole, None, self.now))
        return got

    def _read(self, taken: tuple[tuple[int, int], ...]) -> list[tuple[tuple[dict[str, int], int], int]]:
        """The spots of `taken` as `income` reads them: each one's cubes by colour, laid cube
        and cubes taken (the late-Load rule's pools, module doc)."""
        marked = {s - LATE for s, _ in taken if LATE <= s < SOLD}
        return [
            (self.pools[s] if s not in self.late or s in marked else self.early[s], had) for s, had in taken if s < LATE
        ]

    def turn_one(self, taken: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """By colour, the cubes of it a sale so far may have sold, those loaded being `taken`: those
        aboard at the start and those its spots hold, no laid cube (the next placement's, after
        turn 1's sales, R-TURN-1); every colour unbounded (99) where the colours are not read."""
        if taken and taken[0][0] == UNREAD:
            return (99,) * len(COLOURS)
        whole = bool(taken) and taken[0][0] == TOUCHED
        read = self._read(taken[1:] if whole else taken)
        out = []
        for c in COLOURS:
            can = self.aboard.get(c, 0)
            for (most, _), had in read:
                can += most.get(c, 0) if whole else min(had, most.get(c, 0))
            out.append(can)
        return tuple(out)

    def _income(
        self, n: int, taken: tuple[tuple[int, int], ...], whole: bool = False, first: First = None, takes: Any = None
    ) -> int:
        """`income` with the spots `taken`; `whole`: each read for every cube it holds (`TOUCHED`);
        `first` as `income`'s. With `sold_back`, a take's cubes beyond the market (`beyond`: cubes
        sold in turn 1 and taken back) number at most `n1`, those of each colour at most the
        cubes of it turn 1's sales may have sold (`turn_one`, or `first`'s), and at least as many
        of the `n` sold are of that colour: their best prices are counted first (module doc).
        `takes`: `takes` (None) or `now` (no take: `income_now`)."""
        best = 0
        read = self._read(taken)
        n1, caps1 = (n, None) if first is None else first
        ways = self.spreads(taken)
        for t, prices, extra in self.takes if takes is None else takes:
            if sold_back and sum(extra) > n1:
                continue
            cans: list[int] = []
            for i, c in enumerate(COLOURS):
                can = one = self.aboard.get(c, 0)
                for (most, wild), had in read:
                    lying = most.get(c, 0) + (wild if t[i] else 0)
                    can += lying if whole else min(had, lying)
                    one += most.get(c, 0) if whole else min(had, most.get(c, 0))
                e = extra[i] if sold_back else 0
                if e and e > min(can, one if caps1 is None else caps1[i]):
                    break  # the line cannot have sold that many of c in turn 1
                cans.append(can)
            else:
                for way in ways:
                    # `way`: turn 1's sales the split carries, by colour (reach_split.py's
                    # `SPLIT_SOLD`): colour c priced from `M(max(e_c, x_c))`, that many forced.
                    spaces: list[int] = []
                    forced = 0
                    need = 0
                    for i, can in enumerate(cans):
                        e = extra[i] if sold_back else 0
                        f = e if way is None else max(e, way[i])
                        if f > can:
                            break  # no line sold that many of c
                        each = prices[i] if f == e else self._sold(i, t[i], f)
                        forced += sum(each[:f])
                        need += f
                        spaces += each[f:can]
                    else:
                        if need > n:
                            continue
                        spaces.sort(reverse=True)
                        best = max(best, forced + sum(spaces[: n - need]))
        return best

    def spreads(self, taken: tuple[tuple[int, int], ...]) -> list[tuple[int, ...] | None]:
        """The ways the turn-1 sales `taken` carries (reach_split.py's `sold_mark`) spread over the
        colours (reach_sales.py's `spreads`); [None] without them."""
        x, caps = sold_mark(taken)
        if not x or caps is None:
            return [None]
        got = self._spreads.get((x, caps))
        if got is None:
            got = self._spreads[(x, caps)] = list(spreads(x, caps, self.room))
        return got

    def _sold(self, i: int, take: int, f: int) -> list[int]:
        """`sold_prices` of colour `i` (its index in `COLOURS`), kept by its arguments."""
        key = (i, take, f)
        got = self._prices.get(key)
        if got is None:
            got = self._prices[key] = sold_prices(self.track, self.market[i], take, f)
        return got


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
        self._known: dict[tuple[Any, ...], int] = {}

    def income(self, n: int, taken: tuple[tuple[int, int], ...], first: First = None) -> int:
        """At most what the first `n` cubes sold earn for any member (class doc)."""
        key = (taken, n, first)
        got = self._known.get(key)
        if got is None:
            got = self._known[key] = max(m.income(n, taken, first) for m in self.each)
        return got

    def income_now(self, n: int, taken: tuple[tuple[int, int], ...]) -> int:
        """`Money.income_now`'s most over the members (a bound for each)."""
        return max(m.income_now(n, taken) for m in self.each)

    def turn_one(self, taken: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """`Money.turn_one`'s most over the members (a bound for each)."""
        return tuple(max(col) for col in zip(*(m.turn_one(taken) for m in self.each), strict=True))


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
    earned_first: list[list[int]]
    first: FirstSales | None = None
    """Turn 1's sales as the search carries them (None: not read, `sold_back` off)."""

    def income_after(self, n: int, taken: Taken, gained: int = 0) -> int:
        first = None if self.first is None or gained <= OVER else self.first.read(gained - OVER - 1)
        if self.money is None:
            n1 = min(n, len(self.earned_first) - 1) if first is None else first[0]
            return self.earned_first[n1][n]
        return self.money.income(n, taken, first)

    @property
    def earned_now(self) -> list[int]:
        """What the first n cubes sold in turn 1 earn at most, read colour-blind: the n best empty
        spaces of the market as it is (no take: the next placement comes after turn 1's action
        phase, R-TURN-1; each sale fills one, R-FREE-1); for a counts cover (fewer market cubes of
        each colour than a member) at least each member's (reach_split.py)."""
        got: list[int] | None = self.__dict__.get("_earned_now")
        if got is None:
            pos: Any = self.pos  # type: ignore[attr-defined]
            track = pos.components.market.track
            spaces = sorted((p for on in pos.market for p in track[: len(track) - on]), reverse=True)
            got = self.__dict__["_earned_now"] = [sum(spaces[:k]) for k in range(len(spaces) + 1)]
        return got

    def income_now(self, n: int, taken: Taken) -> int:
        """At most what the first `n` cubes sold earn in turn 1 (reach_split.py's (a) and holds)."""
        if self.money is None:
            now = self.earned_now
            return now[min(n, len(now) - 1)]
        return self.money.income_now(n, taken)

    def pack_first(self, n1: int, taken: Taken) -> int:
        """`gained` once turn 1 is over (`OVER`: reach_turns' `turn_over` and `turn_bonus`, a Load
        of turn 2), with turn 1's sales packed in (`FirstSales`): `n1` of them, of the colours
        those `taken` holds (`Money.turn_one`; reach_sales.py's *Cubes sold back, by turn 1's sales*)."""
        if self.first is None:
            return OVER
        n1 = min(n1, self.first.most)
        if self.money is None or not first_colours or not n1:
            return OVER + 1 + self.first.code_any(n1)  # `code(n1, caps)`, kept by n1
        caps1 = tuple(min(n1, c) for c in self.money.turn_one(taken))
        return OVER + 1 + self.first.code(n1, caps1)

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
