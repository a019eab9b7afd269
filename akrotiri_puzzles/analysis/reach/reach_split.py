"""A sale at Thera while turn 1 may go on, split by its turn (session 81, h81split; OFF by default:
`SPLIT_SALE`). The two-turn relaxation (analysis/reach/reach_two.py's `TwoRelaxed`) sells all its cargo at
each stop at Thera, reads the income with the next placement's takes first (reach_money.py's
`Money.income`, reach_sales.py's `sale_prices`) and keeps every action left. While turn 1 may go on
(`gained` below `OVER`) that pairs the turn-2 price with turn 1's unspent actions, which no real line
has (docs/benchmarks.md, session 81, h81gap: s5t11's `tile -1,1 r90` read 22 through it). With
`SPLIT_SALE` the stop is searched as three kinds of children (`SplitSale.split_sales`):

- (a) *turn 1's sale*: every cube sold, priced on today's market (`income_now`: no take; the next
  placement comes after turn 1's action phase, R-TURN-1, R-TILE-2), every action kept, turn 1 may
  go on;
- (h) *a hold*: `j` of the `c` cubes aboard sold (0 <= j < c) as in (a), the other `c - j` kept
  aboard, and the stop marked `HOLD` (`search`'s `held`): no other sale at this stop (it is one), a
  Buy or a Load at it keeps the mark (and, with cubes aboard, the cubes), the first leg away drops
  it;
- (b) *turn 2's sale*: turn 1 ends at this stop (or before it): every cube sold at the prices read
  now (the takes first, as many sales as the stop's possibly turn 1's, `pack_first`), turn 1 over,
  and the stop marked with the cap `1 + T2` (`T2 = start_acts - actions_left + gained`, turn 2's own
  actions, R-TURN-2): a Buy (or a Load) at the stop keeps every action and the mark, and every leg
  away leaves with at most `T2` actions (`search` asks the same state with `min(acts, T2)` and the
  mark dropped, and searches only the stop's own children with the mark).

*Sound.* Take a real line R and its relaxed image, which reaches this stop S with no fewer drachmas
and actions than R (reach_bound.py, reach_two.py's *Turn 2's actions*), `gained` at least R's turn-1
excavation bonus (reach_turns.py's `turn_one_lost`). The stop S is the image's: R's actions at
Thera up to its next action on another island (a Load, an Unload, an excavation); R's boat may
step away and back to Thera between them (the search's leg from a spot to itself takes no points,
and it makes no stop without an action: one stop of the image). Split by the turn of S's sales:
1. R makes a sale of S in turn 2 (some cubes sold at S in turn 1 and the rest after the placement,
   or all in turn 2, before or after a step away and back): (b). Its income is the reading every
   sale so far may be turn 1's (as before this split: at least R's total income of these cubes
   whichever turn and stop sells them, reach_sales.py's *Cubes sold back*), so the image has no
   fewer drachmas at every later point; it leaves S empty (2 points a Move, room for every Load);
   what R does at S (Buys, a Load, a Move between Thera's docks, in turn 1 or 2; an Oracle is the
   image's at its start, `oracle`) the image does at S with every action left (the sale is first
   at a stop), so it still has no fewer actions than R when R leaves; R is at Thera in turn 2, so
   every action R spends from its last time there on is turn 2's, at most `T2`, and
   `min(acts, T2)` is still at least R's on the leg to its next action.
2. Every sale of S is turn 1's (or there is none): on today's market (the passive opponent
   changes nothing, R-TURN-1), so `j` of them earn at most `income_now(sold + j)` with the sales
   before (the n best empty spaces now among the colours the cubes may have, each sale filling
   one, R-FREE-1); the image keeps every action, so its legs on are R's whichever turn they are
   in (turn 1 may end on the way); the cubes R still has aboard at its next action are sold at a
   later stop, whose own reading (this split again while turn 1 may go on, else the reading of
   every sale so far) is of all the cubes sold by then, at least R's total. If R keeps none: (a);
   else the hold that keeps as many cubes aboard as R (the rest sold now: where the image carries
   more than R, as the colour-blind tier's Loads may, it sells them, `income_now` never falling
   as it sells more), whose image has R's legs and room and makes R's Buys and Loads at S with
   the cubes aboard. A cube R unloads at S is kept aside as before (`stash_loads_again`,
   reach_two.py).
So every real line's image is searched under one of the children, each at least the line's score:
the bound stays sound. (Session 81 split by whether R leaves S in turn 1; the engine walker,
tools/check_two_cube_readings.py `--split-sale`, found both halves of that split short (session
82, h82split): a line that sells in turn 1, leaves in turn 1 and ends turn 1 on the way pays that
leg in turn 1, so it is (a)'s, not (b)'s; a line that holds cubes, leaves in turn 1 and comes back
to sell them in turn 2 with no action between makes no stop the hold could sell at, so it is
(b)'s. The children are the same.) A mixed sale at S (part in turn 1, part after the placement)
is case 1, read as loosely as before (every cube at the with-take prices, but with turn 1's
unspent actions lost); cubes kept past S and sold in turn 2 after an action elsewhere are case
2's hold, whose later sale reads the takes as before.

*One hold* (`ONE_HOLD`, session 82, h82sbench). Of the holds, the one keeping one cube aboard
(`j = c - 1`) is enough for case 2 where R keeps `m >= 1` cubes aboard: its image sells `c - 1 >= c - m`
cubes now (the argument's "where the image carries more than R, it sells them": `income_now` never
falls as it sells more, so it has no fewer drachmas from S on), has cargo aboard as R has (1 point a
Move, R-MOVE-2; where R unloads all its cubes, it unloads its one, as an unload of R's is the
image's) and more room for every Load; the later stop's reading is of every cube sold by then (the
same count, or more where its room loaded more), and more of the sales so far count as possibly turn
1's (`pack_first`, the reading every sale may be turn 1's being the loosest). So the holds keeping 2
or more cubes add no line: only the search's states. (Not yet checked against the engine walker,
tools/check_two_cube_readings.py, which follows every hold: off.)

*Turn 1's sales carried* (`SPLIT_SOLD`, session 92, h92split; off by default). A later reading
(`income_after`: (b), or a sale once turn 1 is over) priced every colour c from `M(e_c)`
(reach_sales.py's `sale_prices`), as if no cube of c had been sold in turn 1 beyond the `e_c` the
take needs, less the income (a) counted: on seed 4's turn 15 (2016, south), `tile -3,2 r270
blue@SE`, one blue on the market, (a) sold the blue aboard for 4 and turn 2 loaded one and sold it
at 5 (`M(0)`: 5 + 4 = 9 less 4), where the engine's second sale earns 4 (the first sale put a
blue back, the take removed one): the relaxation read 33 where the optimum is 31 (h90member). With
the flag, (a) and a hold that sell `j` cubes while the colours are read exactly add `j` to a count
`x` carried in `taken`'s last entry (`SOLD`, `sold_taken`), with, by colour, how many of them can be
of it (`Money.turn_one` of `taken` at the sale, capped at `x`); each later reading prices colour c
from `M(max(e_c, x_c))` (reach_sales.py's `sold_prices`), its first `max(e_c, x_c)` counted as
sold, the most over the ways `x` spreads over the colours (`spreads`: `x_c` at most the cap and
c's empty spaces now).
*Sound.* Take R and its image as above, the image under (a) or R's hold at each stop S where R's
sales are all turn 1's (case 2). While the colours are read exactly (`money` set, no unload:
`taken` unmarked), the image's Loads take what R's take (reach_money.py's `amounts`; a Load the
search cuts is never sold) and it makes no unload, so its cargo at S is R's or part of it; (a)
sells it all where R sells all of it in turn 1, the hold keeping R's `m` sells `c - m` where R
sells `c - m` (not with `ONE_HOLD`, whose hold may sell more: it adds nothing). So the image's
`x` cubes are R's own, sold by R in turn 1, and with `x_c` of colour c (R's colours at the stop:
at most the cubes of c aboard and on the spots loaded so far, `turn_one`, which only grows as
`taken` does, so the last sale's caps bound every earlier one's) some spread read has `x_c <=
s1_c`, R's turn-1 sales of c; no cube is sold twice, so `x_c` is also at most c's empty spaces
now. A reading on an image past an unload (`TOUCHED`, `UNREAD`) adds nothing to `x` (its Loads may
take more than R's) and keeps what was carried (R's sales still); `forget`'s `UNREAD` drops it
(colour-blind readings, looser). Then reach_sales.py's *Exact by colour* with `s1_c >= f_c =
max(e_c, x_c) >= e_c`: R's prices of c are `M(s1_c)`, and `M(s1_c)` against `M(f_c)` share
`track[k0 - f_c : k0]` and `track[: k0 - s1_c + t_c]`, the rest `t_c` spaces to the right in
`M(f_c)` (`k0 - f_c + t_c <= len`, as `f_c >= e_c`), so every prefix sum of R's sales of c, best
first, is at most `M(f_c)`'s, and R sells at least `f_c` of c (`s_c >= s1_c`): the most over
spreads and takes of the forced `f_c` best and the rest pooled is at least R's income, as before.
tests/test_reach_split_sold.py checks `sold_prices` against every line of a colour through the
engine's sale and take, and the image of h90member's line of 31 (engine: the two blue sales earn
8, read 8 with the flag, 9 without); the walker (tools/check_two_cube_readings.py
`--split-sold`) images every line with it (docs/benchmarks.md, session 92, h92split).

The ceiling (reach_ceiling.py) reads a state's drachmas less `income` plus the most the cubes sold
by then earn: a no-take income is below the with-take one of the same cubes (the take of none is
one of `next_takes`' and a take only adds empty spaces), so the ceiling stays at least every leaf.
tests/test_reach_split_sale.py reads a turn-1 sale against the engine's and plays a line of each
case through the engine, never above the bound with the flag on; docs/benchmarks.md (session 81,
h81split) has the values CP-SAT proved that the flag on keeps, and what it gains.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ...components import COLOURS

SPLIT_SALE = False
"""Whether `TwoRelaxed` splits a sale at Thera while turn 1 may go on (module doc); read when a
search is made."""

HOLD = -1
"""`search`'s `held` at a stop where a turn-1 sale kept cubes aboard: no other sale at this stop."""

ONE_HOLD = False
"""With `SPLIT_SALE`: whether the only hold searched is the one keeping one cube aboard (`j = c - 1`),
which is at least every other (*One hold* above; session 82, h82sbench); read at each split sale."""

ASK_UNSPLIT_FIRST = False
"""With `SPLIT_SALE`: whether each question of reach_below's `Below` is asked first with the split
off and again with it only where that one is not below (`Below.__call__`, session 82, h82sbench:
a question below without the split costs what it cost before it; a search-level cascade, each
search made without the split first, paid the split for every search not below, the runs of groups
and groups together that boards alone answer after them too: 0.99-1.25 of off in session 82,
removed in session 83, docs/benchmarks.md)."""

paused = False
"""Set while a question's pass without the split runs (`ASK_UNSPLIT_FIRST`): the searches made
then do not split (`TwoRelaxed`)."""

SPLIT_SOLD = False
"""With `SPLIT_SALE`: whether the cubes a turn-1 sale ((a), a hold) sells while the colours are
read exactly are carried in `taken` (`sold_mark`, `SOLD`) and each later reading prices colour c
from `M(max(e_c, x_c))` (*Turn 1's sales carried* above; reach_sales.py's `sold_prices`); read at
each split sale."""

SOLD = 1 << 30
"""The key of `taken`'s last entry carrying turn 1's sales of the split (`sold_mark`): above every
spot and every `LATE` mark (reach_children.py), so sorted last and never a spot read."""


@contextmanager
def split_on(sold: bool = True) -> Iterator[None]:
    """`SPLIT_SALE` on (and `SPLIT_SOLD` as `sold`) for the searches made inside, both put back as
    they were on the way out (an exception too): one question asked with the split (analysis/
    watch_split.py's cascade) leaves every other question as it was. The flags are read when a
    search is made and at each split sale, so only searches made inside the block split."""
    global SPLIT_SALE, SPLIT_SOLD
    saved = (SPLIT_SALE, SPLIT_SOLD)
    SPLIT_SALE, SPLIT_SOLD = True, sold
    try:
        yield
    finally:
        SPLIT_SALE, SPLIT_SOLD = saved


class SplitSale:
    """`Relaxed.search`'s sale at Thera while turn 1 may go on, split by its turn (module doc)."""

    split_sale = False
    """Whether this search splits the sale (`SPLIT_SALE`, two-turn searches only)."""
    start_acts: int
    pos: Any
    search: Any
    income_after: Any
    pack_first: Any
    income_now: Any

    def turn_two_actions(self, gained: int) -> int:
        """`T2`, turn 2's own actions (R-TURN-2: those of the hero's board after turn 1's
        excavations, `gained` of them added by turn 1's so far): (b)'s cap on every leg away."""
        return self.start_acts - self.pos.actions_left + gained

    def split_sales(
        self,
        at: Any,
        acts: int,
        drachmas: int,
        cargo: int,
        sold: int,
        hand: tuple[str, ...],
        dug: Any,
        bought: tuple[int, int, int],
        taken: Any,
        kept: int,
        mask: int,
        gained: int,
        income: int,
        n: int,
    ) -> int:
        """The best of the children (a), (h) and (b) of the stop (module doc): `n` the cubes sold by
        its end, `kept` those unloaded before and left aside, `gained` below `OVER`."""
        search = self.search
        best = -(10**9)
        for j in range(cargo - 1 if ONE_HOLD and cargo else 0, cargo + 1):
            # (a) with j = cargo; a hold of cargo - j cubes else (today's market, every action).
            k = min(n, sold + j)
            now = max(income, self.income_now(k, taken))
            after = self.sold_taken(taken, k - sold, j < cargo) if SPLIT_SOLD else taken
            sub = search(
                at,
                acts,
                drachmas + now - income,
                cargo - j,
                k,
                hand,
                dug,
                bought,
                after,
                kept,
                mask,
                gained,
                now,
                0 if j == cargo else HOLD,
            )
            best = max(best, sub)
        # (b): turn 1 ends here; the takes first; every leg away with at most turn 2's own actions.
        two = self.turn_two_actions(gained)
        first = self.pack_first(n, taken)
        earns = max(income, self.income_after(n, taken, first))
        sub = search(
            at, acts, drachmas + earns - income, 0, n, hand, dug, bought, taken, kept, mask, first, earns, 1 + two
        )
        return max(best, sub)

    def sold_taken(self, taken: Any, j: int, hold: bool) -> Any:
        """`taken` after a turn-1 sale of the split ((a), or a hold: `hold`) of `j` cubes, with
        `SPLIT_SOLD`: where the colours are read exactly (`money` set, no unload: a Load takes what
        the line's takes, so the cubes sold are the line's own, all sold in turn 1) and the sale is
        not `ONE_HOLD`'s (which may sell more than the line), `j` more cubes carried as turn 1's
        (`SOLD`: their count and, by colour, how many can be of it, `Money.turn_one`); else as it
        is (*Turn 1's sales carried* above)."""
        money = getattr(self, "money", None)
        if not j or money is None or (hold and ONE_HOLD) or (taken and taken[0][0] < 0):
            return taken
        x, _ = sold_mark(taken)
        rest = taken[:-1] if x else taken
        x += j
        caps = tuple(min(x, c) for c in money.turn_one(taken))
        return (*rest, (SOLD, code_sold(x, caps)))


def code_sold(x: int, caps: tuple[int, ...]) -> int:
    """`x` cubes sold in turn 1 and by colour how many can be of it (each at most `x`), as one
    number (`SOLD`'s entry)."""
    out = 0
    for c in reversed(caps):
        out = out * 64 + min(c, 63)
    return out * 64 + min(x, 63)


def sold_mark(taken: Any) -> tuple[int, tuple[int, ...] | None]:
    """The turn-1 sales `taken` carries (`SOLD`, `sold_taken`): how many and by colour how many
    can be of it; (0, None) without the mark."""
    if not taken or taken[-1][0] != SOLD:
        return 0, None
    code = taken[-1][1]
    x = code % 64
    caps = []
    for _ in COLOURS:
        code //= 64
        caps.append(code % 64)
    return x, tuple(caps)
