"""Cubes and drachmas: stops, cargo, the placements' cubes, the market, cubes on land.

A stop does its non-move actions in the fixed order unload, sell, load, buy, excavate,
oracle; sell and buy only at Thera, unload anywhere else (R-FREE-1, R-FREE-2, R-BUY-1).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from ...components import COLOURS
from .core import Core, Expr, Lit


class Economy(Core):
    """Stops, cargo, placement cubes, market and money, cubes on land."""

    def add_stops(self) -> None:
        # What a stop does (all zero unless the event is a stop), and where: sell and buy only
        # at Thera, unload anywhere else.
        m, E = self.m, self.events
        self.unload = [{c: m.new_int_var(0, 3, f"unload {c} at {k}") for c in COLOURS} for k in range(E)]
        self.sell = [{c: m.new_int_var(0, 3, f"sell {c} at {k}") for c in COLOURS} for k in range(E)]
        self.load = [{c: m.new_int_var(0, 3, f"load {c} at {k}") for c in COLOURS} for k in range(E)]
        self.loads = [m.new_bool_var(f"load action at {k}") for k in range(E)]
        self.thera = [m.new_bool_var(f"boat at Thera at {k}") for k in range(E)]
        forbid = self.spec.forbid
        for k in range(E):
            stop = self.stop[k]
            for group in (self.unload[k], self.sell[k], self.load[k]):
                for v in group.values():
                    m.add(v == 0).only_enforce_if(stop.negated())
            m.add(sum(self.load[k].values()) >= 1).only_enforce_if(self.loads[k])
            m.add(sum(self.load[k].values()) == 0).only_enforce_if(self.loads[k].negated())
            for d, at in self.at[k].items():
                self.require(k, [at, self.thera[k]], "thera", d)
                self.require(k, [at, self.thera[k].negated()], "thera", d, negate=True)
            m.add(sum(self.sell[k].values()) == 0).only_enforce_if(self.thera[k].negated())
            m.add(sum(self.unload[k].values()) == 0).only_enforce_if(self.thera[k])
            for name, group in (("sell", self.sell[k]), ("unload", self.unload[k]), ("load", self.load[k])):
                if name in forbid:
                    for v in group.values():
                        m.add(v == 0)

    def add_cargo(self) -> None:
        # Cargo: at most 3 cubes (R-LOAD-1); a stop unloads, sells, then loads. The boat is
        # empty during the leg before event k exactly when cargo[k] is empty (R-MOVE-2).
        m, E = self.m, self.events
        self.cargo = [{c: m.new_int_var(0, 3, f"cargo {c} before {k}") for c in COLOURS} for k in range(E + 1)]
        for c in COLOURS:
            m.add(self.cargo[0][c] == self.hero.cargo.count(c))
        for k in range(E + 1):
            total = sum(self.cargo[k].values())
            m.add(total <= 3)
            m.add(total == 0).only_enforce_if(self.empty[k])
            m.add(total >= 1).only_enforce_if(self.empty[k].negated())
        for k in range(E):
            for c in COLOURS:
                m.add(self.unload[k][c] + self.sell[k][c] <= self.cargo[k][c])
                m.add(self.cargo[k + 1][c] == self.cargo[k][c] - self.unload[k][c] - self.sell[k][c] + self.load[k][c])

    def add_placement_cubes(self) -> None:
        # A placed tile takes a cube of its icon's colour onto the icon's piece if the market has
        # one; then, if a piece of the tile lies on another island and a cube is left, one cube of
        # any colour there (R-TILE-2). Turn 1's placement is before the first event, turn 2's at
        # the end of turn 1, with the market as it then is.
        m = self.m
        self.first_cube = []
        self.second_colour = []
        self.second_piece = []
        self.icon_piece = []
        self.placement_market = []
        for which in range(1, self.turns + 1):
            facts = self.f.placement[which - 1]
            market = {c: m.new_int_var(0, 8, f"market {c} at placement {which}") for c in COLOURS}
            placed = self.holds(facts.keys())
            n_pieces = max((pf.pieces for pf in facts.values()), default=0)
            first: dict[str, Lit] = {}
            left: dict[str, cp_model.IntVar] = {}
            for c in COLOURS:
                icon_c = self.holds(s for s, pf in facts.items() if pf.icon_colour == c)
                if isinstance(icon_c, int) and icon_c == 0:
                    first[c] = 0
                else:
                    lit = m.new_bool_var(f"first cube {c} at placement {which}")
                    # Taken exactly when the tile's icon is of this colour and the market has one.
                    m.add(market[c] >= 1).only_enforce_if(lit)
                    self.clause([lit], icon_c)
                    has = m.new_bool_var(f"market has {c} at placement {which}")
                    m.add(market[c] >= 1).only_enforce_if(has)
                    m.add(market[c] == 0).only_enforce_if(has.negated())
                    self.clause([has, icon_c], lit)
                    first[c] = lit
                rest = m.new_bool_var(f"{c} left for the second cube at placement {which}")
                m.add(market[c] - first[c] >= 1).only_enforce_if(rest)
                m.add(market[c] - first[c] <= 0).only_enforce_if(rest.negated())
                left[c] = rest
            colours = {c: m.new_bool_var(f"second cube {c} at placement {which}") for c in COLOURS}
            for c in COLOURS:
                m.add_implication(colours[c], left[c])
            pieces = [m.new_bool_var(f"second cube on piece {k} at placement {which}") for k in range(n_pieces)]
            for k, lit in enumerate(pieces):
                self.clause([lit], self.holds(s for s, pf in facts.items() if k in pf.second_cube))
            some_piece = self.holds(s for s, pf in facts.items() if pf.second_cube)
            some_colour = m.new_bool_var(f"a cube is left at placement {which}")
            m.add_bool_or(list(left.values())).only_enforce_if(some_colour)
            for lit in left.values():
                m.add_implication(lit, some_colour)
            owed = m.new_bool_var(f"second cube owed at placement {which}")
            self.clause([owed], some_piece)
            self.clause([owed], placed)
            m.add_implication(owed, some_colour)
            self.clause([some_piece, placed, some_colour], owed)
            m.add(sum(colours.values()) == owed)
            m.add(sum(pieces) == owed)
            self.first_cube.append(first)
            self.second_colour.append(colours)
            self.second_piece.append(pieces)
            self.icon_piece.append(
                [self.holds(s for s, pf in facts.items() if pf.icon_piece == k) for k in range(n_pieces)]
            )
            self.placement_market.append(market)

    def add_market_and_money(self) -> None:
        # Market cubes per colour and drachmas. A cube sells for the price of the rightmost empty
        # space of its colour, cube by cube (R-FREE-1).
        m, E = self.m, self.events
        track = self.comps.market.track
        per = len(track)
        revenue = [
            sum(track[per - (k + i) - 1] for i in range(q)) if k + q <= per else 0
            for k in range(per + 1)
            for q in range(4)
        ]
        self.market = [{c: m.new_int_var(0, per, f"market {c} before {k}") for c in COLOURS} for k in range(E + 1)]
        most = self.hero.drachmas + max(revenue) * len(COLOURS) * (self.bound + 1)
        self.money = [m.new_int_var(0, most, f"drachmas before {k}") for k in range(E + 1)]
        start_market = dict(zip(COLOURS, self.start.market, strict=True))
        first_placement = self.start.phase == "place"
        for c in COLOURS:
            if first_placement:
                m.add(self.placement_market[0][c] == start_market[c])
                m.add(self.market[0][c] == start_market[c] - self.first_cube[0][c] - self.second_colour[0][c])
            else:
                m.add(self.market[0][c] == start_market[c])
        m.add(self.money[0] == self.hero.drachmas)
        self.income = []
        for k in range(E):
            gain = []
            for c in COLOURS:
                index = m.new_int_var(0, len(revenue) - 1, f"sale index {c} at {k}")
                m.add(index == self.market[k][c] * 4 + self.sell[k][c])
                m.add(self.market[k][c] + self.sell[k][c] <= per)
                got = m.new_int_var(0, max(revenue), f"income {c} at {k}")
                m.add_element(index, revenue, got)
                gain.append(got)
                taken: Expr = 0
                if self.turns == 2:
                    # The turn-2 placement takes its cubes at the end of turn 1.
                    m.add(self.placement_market[1][c] == self.market[k][c]).only_enforce_if(self.end[k])
                    cubes = m.new_int_var(0, 2, f"placement cubes {c} taken at {k}")
                    m.add(cubes == self.first_cube[1][c] + self.second_colour[1][c]).only_enforce_if(self.end[k])
                    m.add(cubes == 0).only_enforce_if(self.end[k].negated())
                    taken = cubes
                m.add(self.market[k + 1][c] == self.market[k][c] + self.sell[k][c] - taken)
            self.income.append(sum(gain))

    def add_cubes_on_land(self) -> None:
        # Cubes on each part of land; a load takes them from parts on the boat's island, an
        # unload puts them on the piece of the boat's dock (R-LOAD-1, R-FREE-2, R-TILE-3).
        m, E = self.m, self.events
        parts = self.parts
        placed = {1: self._piece_cubes(1)} if self.start.phase == "place" else {}
        second = self._piece_cubes(2) if self.turns == 2 else {}
        self.cubes = [
            {(q, c): m.new_int_var(0, 8, f"{c} on {q} before {k}") for q in parts for c in COLOURS}
            for k in range(E + 1)
        ]
        for q in parts:
            for c in COLOURS:
                v = self.cubes[0][(q, c)]
                if q.startswith("I:"):
                    m.add(v == self.f.start_cubes.get(q, {}).get(c, 0))
                elif q.startswith("+1:") and (q, c) in placed.get(1, {}):
                    m.add(v == placed[1][(q, c)])
                else:
                    m.add(v == 0)
        own_docks: dict[str, list[str]] = {}
        for d in self.docks:
            own_docks.setdefault(self.f.part_of_dock[d], []).append(d)
        for k in range(E):
            taken: dict[str, list[cp_model.IntVar]] = {c: [] for c in COLOURS}
            dropped: dict[str, list[cp_model.IntVar]] = {c: [] for c in COLOURS}
            for q in parts:
                on_island = m.new_bool_var(f"boat on {q}'s island at {k}")
                m.add_bool_or([self.at[k][d] for d in self.part_docks[q]]).only_enforce_if(on_island)
                for d in self.part_docks[q]:
                    self.require(k, [self.at[k][d], on_island], "same_island", (q, d))
                here = own_docks.get(q, [])
                for c in COLOURS:
                    t = m.new_int_var(0, 3, f"load {c} from {q} at {k}")
                    m.add(t <= 3 * on_island)
                    m.add(t <= self.cubes[k][(q, c)])
                    taken[c].append(t)
                    add: Expr = 0
                    if here:
                        u = m.new_int_var(0, 3, f"unload {c} onto {q} at {k}")
                        m.add(u <= 3 * sum(self.at[k][d] for d in here))
                        dropped[c].append(u)
                        add = u
                    if (q, c) in second:
                        extra = m.new_int_var(0, 2, f"placed {c} on {q} at {k}")
                        m.add(extra == second[(q, c)]).only_enforce_if(self.end[k])
                        m.add(extra == 0).only_enforce_if(self.end[k].negated())
                        add = add + extra
                    m.add(self.cubes[k + 1][(q, c)] == self.cubes[k][(q, c)] - t + add)
            for c in COLOURS:
                m.add(sum(taken[c]) == self.load[k][c])
                m.add(sum(dropped[c]) == self.unload[k][c])

    def _piece_cubes(self, which: int) -> dict[tuple[str, str], cp_model.IntVar]:
        """Cubes a placement puts on each of its pieces."""
        m = self.m
        out: dict[tuple[str, str], cp_model.IntVar] = {}
        for k, piece in enumerate(self.second_piece[which - 1]):
            q = f"+{which}:p{k}"
            if q not in self.part_docks:
                continue
            for c in COLOURS:
                v = m.new_int_var(0, 2, f"placed {c} on {q}")
                first = self.first_cube[which - 1][c]
                on_icon = m.new_bool_var(f"first cube {c} on {q}")
                self.clause([on_icon], first)
                self.clause([on_icon], self.icon_piece[which - 1][k])
                self.clause([first, self.icon_piece[which - 1][k]], on_icon)
                second = m.new_bool_var(f"second cube {c} on {q}")
                m.add_bool_and([piece, self.second_colour[which - 1][c]]).only_enforce_if(second)
                m.add_bool_or([piece.negated(), self.second_colour[which - 1][c].negated()]).only_enforce_if(
                    second.negated()
                )
                m.add(v == on_icon + second)
                out[(q, c)] = v
        return out
