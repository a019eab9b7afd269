"""A thin group's market part asked the split relaxation through its cover before its members'
models (session 94, h94north; `PARTS_SPLIT`).

Where a thin group of placements (one slot and rotation, R-TILE-1, whose two-turn cover is not
claimed: placement.py's `two_turn_markets`) is not below the value asked by its questions
(reach_thin's `every`, then placement.py's `parts_below` through each market part's cover), its
members are asked one by one: the cheap relaxation (`below_once`), and where that says no a
two-turn model at the floor, whose watch asks the split relaxation of that floor first
(watch_split.py's `Retried.split`, `SPLIT_RETRY`). On seed 1's turn 13 (2016, south) at 24 the
three members of `tile -4,1 r270` taking a blue cube each paid that split question (12.1 CPU s
each, each INFEASIBLE by it with no model built), where the same question of their market part's
cover is below in 11.4 s and leaves the members' own split questions nothing to search (what it
proved below is kept for the positions the cover dominates, reach_known.py).

So in a thin group, once a member's cheap question says no, the members left of its market part
whose cheap questions say no too are asked, with it, the split relaxation of their cover
(`split_below`); below the value asked, none of them is solved. Asked once per market part and
value (as placement.py's `thin_part` asks a part's model, `MARKET_PARTS_THIN`), only where the
split would be asked of each of them anyway (`SPLIT_RETRY` on and `SPLIT_SALE` off, as
watch_split's `retried`), and only for two or more members.

*Sound.* All members of one market part take the second cube of one colour and leave one market,
so their cover is claimed over two turns (reach_known's `two_turn_markets` holds with one market)
and dominates each of them (placement.py's module doc, `cover`: every line of a member is one of
the cover's with at least its drachmas): the cover's optimum bounds each member's. The split
relaxation bounds every line of the position it is asked of (reach_split.py's module doc;
watch_split.py's): below the value asked, no line of the cover reaches it, so none of a member,
and each member's solve at that floor would be INFEASIBLE (floor - 1 its bound): they are dropped
with that bound, as a member the cheap question puts below is. A no drops nothing and each member
goes on as before. So the search's answer (value, bound, status, line) is the one without it;
only the cost changes. The question is watch_split's `split_below`, as `Retried.split` asks it: the
flags set for it alone, `Reached`'s readings of the last cheap leaf put back after a no.
"""

from __future__ import annotations

from . import watch_split
from .reach import reach_split
from .watch_split import split_below

__all__ = ["PARTS_SPLIT", "split_applies", "split_below"]

PARTS_SPLIT = True
"""Whether a thin group's market part, its members' cheap questions saying no, is asked the split
relaxation through its cover before their models (module doc; False: as before session 94)."""


def split_applies() -> bool:
    """Whether the members' models would ask the split themselves (watch_split's `retried`):
    `SPLIT_RETRY` on, the split not on everywhere already (`SPLIT_SALE`), and `PARTS_SPLIT`."""
    return PARTS_SPLIT and watch_split.SPLIT_RETRY and not reach_split.SPLIT_SALE
