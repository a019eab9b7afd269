"""The prices of the cubes sold over the two turns where the next placement may take back a cube
turn 1 sold (reach_money.py's `Money`, reach_two.py's `earned`), and what a search carries of
turn 1's sales to read it (`FirstSales`).

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
number at most `k0 + t_c`. The colour-blind `earned` (reach_money.py's `earned_first`) reads the
same prices. It loosens the bound only where a colour has fewer than two cubes on the market (a
take beyond them is new: its price, and the laid cube read of that colour).
tests/test_reach_sold_back.py plays the line above through the engine and compares it with the
bound's income.

*Exact by colour* (session 75, lead). That clamp priced `e + 1` sales at the top, `e = t_c - on` the
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
tests/test_reach_sale_prices.py checks it against every line of a colour through the engine's
own sale and take (`effects`).

*Cubes sold back, by turn 1's sales* (session 75, h75sold, reach_money.py's `sold_back`, `FirstSales`). The mend
above lets every take beyond the market (`beyond`: `e_c = max(0, t_c - on_c)` of colour c) be
priced at the top whether or not the line sold c in turn 1; on seed 1's turn 30 (market 0, 0, 2,
0) that let ~131 questions at 57 reach it. Now a take `t` is read only where the line has made at
least `sum_c e_c` sales that may be turn 1's, at least `e_c` of them of c, and at least `e_c` of
the `n` cubes sold are of c (their best prices are counted first, the rest pooled as before).
Sound: the placement takes from the market as turn 1 left it (R-TURN-1, R-TILE-2), so its real
take `t*` has `t*_c <= on_c + s1_c`, `s1_c` the cubes of c the real line sold in turn 1
(R-FREE-1: each sale puts one back); those are among its cubes of c sold, so `e_c(t*) <= s1_c`.
The search's `n1` (cubes sold at stops that may be turn 1's) is at least `sum s1_c`: the relaxed
image sells at every stop at Thera all its cargo (no fewer cubes sold by then than the line), and
its stops spend no more actions than the line's (reach_two's *Turn 2's actions*), so a stop where
the relaxed line has spent more than turn 1's actions (`turn_over`'s `OVER`), or past a turn-2
excavation (`turn_bonus`) or a Load of turn 2 (reach_loads' `load_turns`), is the real line's in
turn 2; a sale at the stop where turn 1's actions are spent exactly is free and counted in `n1`
(R-TURN-3; reach_turns' `turn_one_over`; the start with points left of a Move action is not
over, R-MOVE-2: they may still take the boat to Thera in turn 1). While turn 1 may go on, every sale so far may be turn
1's: `n1` is `n`, and the colours those sales may have sold are those `income` reads of `taken`
without the laid cube (the next placement's, after turn 1's sales: `Money.turn_one`). Once turn 1
is over, `n1` is frozen and carried in the search's state, packed into `gained` past `OVER`
(`FirstSales.code`: capped at the most a take goes beyond the market; a frozen state splits only
where a colour has fewer than two market cubes), read at each later sale (`income_after`); with
reach_money.py's `first_colours` those colours too (each capped at `n1` and at the most a take goes beyond the
market in it; every colour where `n1` is 0). Off by default: on seed 1's turn 30 the colours
split the frozen states (about 1.6 to 1.8 times the count's) for no answer the count does not
give (docs/benchmarks.md, session 75, h75sold). So `t*` is one of the takes read, with `x_c = s1_c`
cubes of each colour counted first, and the bound is at least the real income as before. The
colour-blind `earned` (reach_money.py's `earned_first`, by `n1`) reads the same rule without `taken`; the ceiling
(reach_ceiling.py) reads its loosest (every take), as every later income is below it. A counts
cover (`BlindRelaxed`, `Members`) keeps its members' takes: a member's take `t` with `e(t)` has
in the cover (fewer market cubes, the same boards, takes downward closed) the take `t - (on_m -
on)` clamped at 0 with the same `e` and a count off the market no smaller, so prices no lower;
`FirstSales` reads its caps from the cover's market (no lower than any member's).
tests/test_reach_sold_back.py plays a line with no turn-1 sale through the engine (9) where the
mend read 10.
"""

from __future__ import annotations

from collections.abc import Sequence


def sale_prices(track: Sequence[int], on: int, take: int) -> list[int]:
    """At most what the cubes of one colour sold over the two turns earn, best first, `on` cubes
    of it on the market now (`k0 = len(track) - on` off it) and the next placement taking `take`
    of it: the prices `track[k0 - e : k0]` and `track[: k0 - e + take]`, `e = max(0, take - on)`
    (module doc, *Cubes sold back*; session 75: every prefix sum of a real line's sales of the
    colour, best first, is at most this list's, and some line's equals it)."""
    k0 = len(track) - on
    e = max(0, take - on)
    return sorted([*track[k0 - e : k0], *track[: k0 - e + take]], reverse=True)


def beyond(market: Sequence[int], take: Sequence[int]) -> tuple[int, ...]:
    """The cubes of each colour a take (`next_takes`) takes beyond that colour's cubes on the
    market now (`market`): each one a cube sold in turn 1 and taken back (R-FREE-1, R-TILE-2)."""
    return tuple(max(0, t - on) for t, on in zip(take, market, strict=True))


class FirstSales:
    """What a `TwoRelaxed` search carries of its sales that may be turn 1's once turn 1 is over
    (session 75, module doc *Cubes sold back*, by turn 1's sales): how many (`n1`, at most `most`,
    the most a take goes beyond the market) and, by colour, how many of them can be of that colour
    (at most `caps`, the most a take goes beyond the market in that colour), packed in the
    search's `gained` past `OVER` (`code`, `read`): `OVER` itself is turn 1 over, not yet read."""

    def __init__(self, market: Sequence[int], takes: Sequence[Sequence[int]]) -> None:
        extras = [beyond(market, t) for t in takes]
        self.caps = tuple(max(e[i] for e in extras) for i in range(len(market)))
        self.most = max(sum(e) for e in extras)
        self.coded: dict[int, int] = {}
        """`code_any`'s answers."""

    def code(self, n1: int, caps1: Sequence[int]) -> int:
        """`n1` and `caps1` (each at most `most` and `caps`) as one number from 0."""
        out = 0
        for c, cap in zip(caps1, self.caps, strict=True):
            out = out * (cap + 1) + min(c, cap)
        return out * (self.most + 1) + min(n1, self.most)

    def code_any(self, n1: int) -> int:
        """`code(n1, caps)`: every colour read as any, kept by `n1` (session 78)."""
        got = self.coded.get(n1)
        if got is None:
            got = self.coded[n1] = self.code(n1, self.caps)
        return got

    def read(self, code: int) -> tuple[int, tuple[int, ...]]:
        """`code`'s `n1` and `caps1`."""
        n1 = code % (self.most + 1)
        code //= self.most + 1
        caps1: list[int] = []
        for cap in reversed(self.caps):
            caps1.append(code % (cap + 1))
            code //= cap + 1
        return n1, tuple(reversed(caps1))


def sold_prices(track: Sequence[int], on: int, take: int, s: int) -> list[int]:
    """`sale_prices` where at least `s` cubes of the colour were sold in turn 1 (`s` at most
    `len(track) - on`, the empty spaces now): the prices `M(f)`, `f = max(e, s)`, best first
    (*Exact by colour* above with `max(e, s)` for `e`; reach_split.py's *Turn 1's sales carried*:
    every prefix sum of a real line's sales of the colour with at least `s` of them in turn 1, best
    first, is at most this list's, and the line selling `max(e, s)` in turn 1 earns them)."""
    k0 = len(track) - on
    f = max(0, take - on, s)
    return sorted([*track[k0 - f : k0], *track[: k0 - f + take]], reverse=True)


def spreads(x: int, caps: Sequence[int], room: Sequence[int]) -> list[tuple[int, ...]]:
    """The ways `x` cubes sold in turn 1 may be spread over the colours: `x_c` of colour c, at
    most `caps[c]` (the cubes of c those sales may have sold) and `room[c]` (its empty spaces
    now: a turn-1 sale fills one, R-FREE-1), summing to `x`."""
    out: list[tuple[int, ...]] = [()]
    for i, cap in enumerate(caps):
        rest = sum(min(c, r) for c, r in zip(caps[i + 1 :], room[i + 1 :], strict=True))
        out = [(*p, k) for p in out for k in range(min(cap, room[i], x - sum(p)) + 1) if sum(p) + k + rest >= x]
    return out
