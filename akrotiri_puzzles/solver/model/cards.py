"""Map cards and the oracle: buying, excavating, and asking for a tile (R-BUY-1, R-EXC-1, R-ORA-1)."""

from __future__ import annotations

from ...components import DECKS
from .core import Core, Expr

ONLY_SHARED = True
"""Whether `_distinct_islands` asks only the pairs of docks some class has on one island (the
same model, built faster); tests turn it off to compare."""


class Cards(Core):
    """Buying and playing map cards, islands for several temples, the oracle."""

    def add_map_cards(self) -> None:
        # Buying at Thera: 1, 2 or 3 cards per action for 1, 3 or 7 drachmas, each from a chosen
        # deck, from the top (R-BUY-1). Excavating: a card in hand, its cost paid, on an island
        # where it fits, not Thera, with no temple (R-EXC-1, R-EXC-2).
        m, E = self.m, self.events
        prices = self.comps.setup.map_prices
        start = self.start
        buys = 0 if "buy" in self.spec.forbid else max(0, self.bound - 2)
        most = 3 * buys
        self.bought = [{x: m.new_int_var(0, most, f"bought {x} before {k}") for x in DECKS} for k in range(E + 1)]
        self.buy_count = [
            [m.new_int_var(0, buys, f"buys of {n + 1} at {k}") for n in range(len(prices))] for k in range(E)
        ]
        self.buy_decks = [{x: m.new_int_var(0, most, f"buy {x} at {k}") for x in DECKS} for k in range(E)]
        for x in DECKS:
            m.add(self.bought[0][x] == 0)
        hand = set(self.hero.maps)
        self.dig = [{card: m.new_bool_var(f"excavate {card} at {k}") for card in self.cards} for k in range(E)]
        self.digs = [m.new_bool_var(f"excavation at {k}") for k in range(E)]
        where = {
            card: sorted({d for layer in self.f.layers for (c, d) in layer.dig if c == card and d in self.dock_set})
            for card in self.cards
        }
        for k in range(E):
            self.check()
            n_buys = sum(self.buy_count[k])
            m.add(n_buys == 0).only_enforce_if(self.thera[k].negated())
            m.add(n_buys == 0).only_enforce_if(self.stop[k].negated())
            m.add(sum(self.buy_decks[k].values()) == sum((n + 1) * v for n, v in enumerate(self.buy_count[k])))
            for x_i, x in enumerate(DECKS):
                m.add(self.bought[k + 1][x] == self.bought[k][x] + self.buy_decks[k][x])
                m.add(self.bought[k + 1][x] <= len(start.map_decks[x_i]))
            m.add(sum(self.dig[k].values()) == self.digs[k])
            m.add_implication(self.digs[k], self.stop[k])
            cost_dig: Expr = 0
            for card, lit in self.dig[k].items():
                spec = self.comps.map[card]
                cost_dig = cost_dig + spec.cost * lit
                if card not in hand:
                    deck = DECKS.index(spec.deck)
                    m.add(self.bought[k][spec.deck] >= start.map_decks[deck].index(card) + 1).only_enforce_if(lit)
                # The card fits where the boat is.
                m.add_bool_or([self.at[k][d] for d in where[card]]).only_enforce_if(lit)
                for d in where[card]:
                    self.require(k, [lit, self.at[k][d]], "dig", (card, d))
            spent = sum(prices[n] * v for n, v in enumerate(self.buy_count[k])) + cost_dig
            m.add(self.money[k + 1] == self.money[k] + self.income[k] - spent)
        for card in self.cards:
            m.add(sum(self.dig[k][card] for k in range(E)) <= 1)
        self._distinct_islands(where)

    def _distinct_islands(self, where: dict[str, list[str]]) -> None:
        # Each excavation needs an island with no temple yet, counting this line's (R-EXC-1).
        # One temple asked over two turns may still take two: one in turn 1 for turn 2's extra
        # action (R-TURN-2), then the named card's, which must not share its island.
        if self.goal.temples < 2 and self.turns != 2:
            return
        E = self.events
        diggable = sorted({d for ds in where.values() for d in ds})
        # A pair no class has on one island gives a clause that holds already (`require` over
        # every class adds nothing): only the others are asked, in the same order, so the
        # model is the same clause for clause (tests/test_solver_model.py).
        same = {key for layer in self.f.layers for key in layer.dock_island}
        pairs = []
        for d1 in diggable:
            for d2 in diggable:
                key = (d1, d2) if d1 <= d2 else (d2, d1)
                if key in same or not ONLY_SHARED:
                    pairs.append((d1, d2, key))
        for k2 in range(E):
            for k1 in range(k2):
                for d1, d2, key in pairs:
                    premises = [self.digs[k1], self.at[k1][d1], self.digs[k2], self.at[k2][d2]]
                    self.require(k2, premises, "dock_island", key, negate=True)

    def add_oracle(self) -> None:
        # The oracle, once, in turn 1 of a two-turn puzzle; its icon is the scenario's (R-ORA-1).
        m, E = self.m, self.events
        icons = sorted({sc.oracle for sc in self.f.scenarios if sc.oracle is not None})
        if "oracle" in self.spec.forbid:
            icons = []
            for c, sc in enumerate(self.f.scenarios):
                if sc.oracle is not None:
                    m.add(self.scen[c] == 0)
        self.ask = [{i: m.new_bool_var(f"oracle {i} at {k}") for i in icons} for k in range(E)]
        self.asks = [m.new_int_var(0, 1, f"oracle at {k}") for k in range(E)]
        for k in range(E):
            m.add(self.asks[k] == sum(self.ask[k].values()))
            m.add(self.asks[k] == 0).only_enforce_if(self.stop[k].negated())
            m.add(self.asks[k] == 0).only_enforce_if(self.t2[k])
        for i in icons:
            used = sum(self.ask[k][i] for k in range(E))
            m.add(used == sum(self.scen[s] for s, sc in enumerate(self.f.scenarios) if sc.oracle == i))
