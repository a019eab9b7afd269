"""The two-turn ceiling with the cards paid before any sale (`PAID`, session 93; reach_ceiling.py's
`Ceiling`, whose terms it keeps): a tighter ceiling on the states a thin group's cover question
expands past turn 1 with few actions left.

Why (seed 5's turn 13, 2016, south, the cover of `tile -1,-3 r270 blue@NE` at 25, one group of
final boards): 99.5 % of the 100,302 states the search keeps are past turn 1, and of the 41,105
it expands (the ceiling 25 or more, the value found at most 24) most have 1 to 3 actions left and
a ceiling 15 to 19 points above their value. The ceiling counts the cubes aboard, unloaded and
loaded later as sold before the excavations it funds with them, where a line with one or two
actions left away from Thera cannot both sell and excavate: one excavation's card (with the goal
card its temple draws) reads 25 where the line cannot pay for it.

Two terms, each a bound on every relaxed leaf below the state (so the search's value stays a
bound, and below the value asked exactly where the relaxation is; tests/test_reach_ceiling_paid.py
checks both against the search's own best below every state):

- *Paid before a sale* (`far`, `_paid`; reach_ceiling's `Ceiling._best` reads them). Below a state
  at a stop (not the start: a leg from a stop starts with no points, reach_legs' `_plan`) whose
  spots 0 points apart (`_closures`) do not hold Thera's, a sale (R-FREE-1: only at a stop on
  Thera's spot, reach_bound's `search`) or a buy (R-BUY-1: only there too) before an excavation
  takes, besides the excavations' own actions (R-EXC-1): the legs to Thera's spot, at least `to`
  points over the union's least points (`moves`: no leg of the search is shorter), so `ceil(to / 2)`
  Move actions (R-MOVE-2) and at least one; with no cube aboard (and none unloaded that sells
  without a Load: reach_two's `stash_loads_again`) an action more, a Load (on the way, or taking the
  unloaded cubes aboard again at Thera) or the buy itself, and with cubes aboard either that or a
  Move action a point carrying them (`min(to, ...)`); then the legs from Thera's spot to a spot with
  room, the boat empty (every cube aboard is sold at Thera: `search`), `ceil(back / 2)` Move
  actions. `far` is their sum (`far_legs`; `NEVER` where Thera or a spot with room after it is out
  of the search's reach; with `FAR_LEGS` off: 1, and 1 more unless a spot 0 points from Thera's has
  room). A line below with k excavations and a sale or buy before its last one spends at least
  `k + far` actions, and `most` bounds every action the line has (reach_ceiling's module doc). So where
  `k + far > most` the k cards are bought with no sale before them: the search pays each card when
  it digs it (`cost <= drachmas`) and drachmas grow only at a sale, so their cost is at most the
  state's drachmas (`cap`; the buys' price off: such an entry's buys are made by no line). The
  points are read as before from the drachmas the sales after them may bring (`money`).
- *Staying* (`_stay`, reach_ceiling's `STAY`). A line below a stop that makes no Move action never
  stops at Thera (its spots 0 points apart do not hold it), so it sells nothing: its drachmas are
  at most the state's, not `now` and the cubes aboard and unloaded at the best prices (reach_ceiling's
  `STAY_UNSOLD` reads them as sold, looser: its own argument bounds them by the drachmas now).

Measured (`--paid on|off` of tools/time_questions.py; docs/benchmarks.md, session 93, h93cover):
that group 41,105 states to 15,485 (19,734 with `far` 1 or 2, 18,715 with the legs read but not
the cubes aboard); its 20 plain groups of final boards searched as one 240,377 to 67,664.
"""

from __future__ import annotations

from typing import Any

from .reach_ceiling import Ceiling, Stop

PAID = True
"""Whether the two-turn search's ceiling is `PaidCeiling` (module doc; False: reach_ceiling's
`Ceiling`, as before session 93). Read when a search is made (reach_two's `TwoRelaxed`)."""


FAR_LEGS = True
"""Whether `far` reads the legs' least points to Thera and back to a spot with room (`far_legs`);
False: 1 Move action there, and 1 back unless a spot 0 points from Thera's has room."""

NEVER = 1_000
"""`far` where no line below reaches Thera, or a spot with room after it."""


class PaidCeiling(Ceiling):
    """`Ceiling` with the cards paid before any sale where a sale cannot come before them, and a
    staying line's drachmas those of the state (module doc)."""

    def __init__(self, relaxed: Any) -> None:
        super().__init__(relaxed)
        self.fars: dict[int, int] = {}
        """`far` by the stop's set of spots 0 points apart."""

    def _paid(self, stop: Stop, drachmas: int, cargo: int, stash: int) -> object:
        """`far` and the state's drachmas for `Ceiling._best` (`far_now`, `drachmas`); the part of
        `known`'s key they make: the drachmas and whether cubes are aboard where a term of this
        class reads them (a stop with `far`, or one `_stay` reads), else nothing."""
        # Cubes a sale at Thera takes without a Load: aboard, or unloaded where they need none.
        loaded = cargo > 0 or (stash > 0 and not getattr(self.r, "stash_loads_again", False))
        far = 0 if stop is None else self.fars.get(stop[1] * 2 + loaded)  # `far`'s kept answers first:
        if far is None:  # a call as many as before the fold into `Ceiling` (hot: each ceiling asked)
            far = self.far(stop, loaded)
        self.drachmas, self.far_now = drachmas, far
        if far or (stop is not None and stop[2] is not None):
            return (drachmas, loaded)
        return None

    def far(self, stop: Stop, loaded: bool = True) -> int:
        """The actions a sale or buy before an excavation below `stop` takes at least, but the
        excavations (module doc): 0 (not read) at the start or where Thera's spot is 0 points from
        the stop. `loaded`: cubes aboard (with `FAR_LEGS`, none: a Load or a buy more)."""
        if stop is None:
            return 0
        key = stop[1] * 2 + loaded
        got = self.fars.get(key)
        if got is None:
            assert self.closure is not None  # made by `stop`
            thera = self.r.thera
            if thera in self.members[stop[1]] or thera not in self.closure:
                got = 0
            elif FAR_LEGS:
                got = self.far_legs(self.members[stop[1]], loaded)
            else:
                near = self.members[self.closure[thera]]
                got = 1 if any(s in self.caps for s in near) else 2
            self.fars[key] = got
        return got

    def far_legs(self, members: list[object], loaded: bool) -> int:
        """`far` by the legs (`FAR_LEGS`), over the union's least points (`moves`: no leg of the
        search is shorter) from the stop's spots to Thera's (`to`) and from Thera's to the nearest
        spot with room (`back`): there with a Move action a point where cubes aboard are carried
        (R-MOVE-2), or 2 points and an action more (a Load on the way or at Thera, or the buy),
        the only ways where none is aboard; back with the boat empty (every cube aboard is sold at
        Thera, reach_bound's `search`), 2 points a Move action. `NEVER` where either is out of the
        search's reach (then no line below sells or buys before an excavation)."""
        thera = self.r.thera
        to = min((p for m in members for s, p in self.r.moves(m) if s == thera), default=None)
        back = next((p for s, p in self.r.moves(thera) if s in self.caps), None)
        if to is None or back is None:
            return NEVER
        empty = max(1, (to + 1) // 2) + 1
        return (min(to, empty) if loaded else empty) + (back + 1) // 2

    def _stay_money(self, now: int, aboard: int, most: int, k: int, earned: Any) -> int:
        """reach_ceiling's `Ceiling._stay` reads the state's drachmas (module doc: no sale below a
        line that stays)."""
        return self.drachmas
