"""A cheap ceiling on every leaf below a state of the two-turn relaxed search (analysis/reach_two.py).

A question of the placement search asks whether any relaxed line reaches the value `ask`; the
search raises `Reached` at the first leaf that does. A state whose ceiling is below `ask` holds
no such leaf, so it is not expanded: its ceiling stands for its value (an upper bound still, so
the search's value stays a bound, and below `ask` exactly where it was). The ceiling of a state
with `n` temples dug (`dug`), the boards `mask`, `acts` actions left and `gained` turn-2 actions
gained so far is the sum of:

- *Actions.* At most `A = acts + bonus[n+1] + ... ` actions are left for the rest of the line (an
  action is only ever added by an excavation's turn-2 actions, R-TURN-2, `turn_bonus`; none once
  turn 1 is over, `_OVER`), so at most `r = min(left - n, A)` more temples (an excavation is an
  action, R-EXC-1; the player board holds `left` more, R-END-2).
- *Map cards.* The `r` most points among the hand's cards and every card of the decks (a card
  excavated comes from the hand or a buy of the decks' cards, R-BUY-1, R-SCORE-1).
- *Goal cards.* On each board of `mask` (an excavation only narrows it, so the leaf's board is one
  of them), each card read at the leaf is worth at most its points with `dug` plus its value per
  new temple (R-GOAL-*: a per-temple card, "not directly connected" and the quarters card gain at
  most their value a temple; the largest completed island reads no temple here): the cards held,
  and the best `d` of the pool of the `d` draws that `n + r` temples reveal (the pool and the
  draws only grow with the temples, and no card is worth less than 0).
- *Drachmas.* The drachmas now, plus the prices of the next cubes sold: at most those aboard,
  those unloaded, and 3 a Load action (R-LOAD-1, one action each), at the market's best prices
  after the `sold` ones (`earned`, R-FREE-1); buys and excavations only spend (R-SCORE-1: a point
  per 10 drachmas).

Each term bounds what the same term of any leaf below the state is worth, so the sum bounds
every leaf below it (tests/test_reach_ceiling.py checks it against the search's own best below
each state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .reach_two import TwoRelaxed

from ..geometry import Quad

_OVER = 1_000
"""reach_two's `_OVER`: turn 1's actions spent, no excavation adds any."""


class Ceiling:
    """The ceiling of the states of one `TwoRelaxed` search (module doc)."""

    def __init__(self, relaxed: TwoRelaxed) -> None:
        self.r = relaxed
        bonus = relaxed.bonus
        self.more = [sum(bonus[j + 1 :]) for j in range(len(bonus))]
        """Per temples dug: the most actions the later excavations may still add."""
        maps = relaxed.pos.components.map
        cards = [c for c in relaxed.hero.maps if c in relaxed.useful]
        cards += [c for deck in relaxed.decks for c in deck if c in relaxed.useful]
        points = sorted((max(0, maps[c].points) for c in cards), reverse=True)
        costs = sorted(maps[c].cost for c in cards)
        self.top = [sum(points[:k]) for k in range(relaxed.left + 1)]
        """The most map points k more excavations earn."""
        self.cheapest = [sum(costs[:k]) if k <= len(costs) else 10**9 for k in range(relaxed.left + 1)]
        """The least drachmas k more excavations pay for their cards."""
        self.free = self._free(relaxed)
        self.buy = min(relaxed.buy_prices) if relaxed.buys_help and relaxed.buy_prices else None
        self.parts: dict[tuple[frozenset[tuple[Quad, str]], int, int], int] = {}
        self.goals: dict[tuple[frozenset[tuple[Quad, str]], int], dict[int, int]] = {}
        """By (dug, r), then by board: `_goals_on`."""
        pos = relaxed.pos
        self.pools: dict[int, list[str]] = {}
        """By draws: the goal cards they may offer (as `goal_part`)."""
        for draws in sorted(set(relaxed.draws_after)):
            n = pos.components.setup.goals_drawn * draws
            whole = relaxed.goal_pool
            self.pools[draws] = sorted(set(whole if pos.strategist or len(whole) < n else whole[:n]))
        self.read = sorted({*relaxed.hero.goals, *(g for pool in self.pools.values() for g in pool)})
        """Every goal card a leaf may read."""
        self.gains = {
            g: 0 if pos.components.goal[g].rule == "largest_completed" else pos.components.goal[g].value(pos.edition)
            for g in self.read
        }
        """Each goal card's most points a temple more (module doc)."""
        self.values: dict[tuple[frozenset[tuple[Quad, str]], int], dict[str, int]] = {}
        """By (dug, board): each goal card's points (`goal_on`)."""
        self.plans: dict[tuple[frozenset[tuple[Quad, str]], int, int, int], list[tuple[int, int, int]]] = {}

    @staticmethod
    def _free(relaxed: TwoRelaxed) -> int:
        """How many excavations may follow the one before without a Move action between them:
        those on spots 0 points apart (one spot of the next tile's islands holds several;
        islands the next tile joins share docks), at most a component's temples less one."""
        spots = sorted(relaxed.fits)
        caps = {s: (len(relaxed.rooms[s]) - 1 if s in relaxed.rooms else 1) for s in spots}
        parent = {s: s for s in spots}

        def root(s: int) -> int:
            while parent[s] != s:
                s = parent[s]
            return s

        for s in spots:
            for t, points in relaxed.moves(s):  # type: ignore[arg-type]
                if points == 0 and t in parent and t != s:
                    parent[root(t)] = root(s)  # type: ignore[index]
        total: dict[int, int] = {}
        for s in spots:
            total[root(s)] = total.get(root(s), 0) + caps[s]
        return sum(n - 1 for n in total.values() if n > 1)

    def __call__(
        self,
        acts: int,
        drachmas: int,
        cargo: int,
        sold: int,
        stash: int,
        hand: int,
        dug: frozenset[tuple[Quad, str]],
        mask: int,
        gained: int,
    ) -> int:
        n = len(dug)
        most = acts + (self.more[n] if acts and gained < _OVER and n < len(self.more) else 0)
        key = (dug, mask, most, hand)
        plan = self.plans.get(key)
        if plan is None:
            plan = self.plans[key] = self._plan(dug, mask, most, hand)
        earned = self.r.earned
        last = len(earned) - 1
        aboard = sold + cargo + stash
        now = drachmas - earned[sold]
        best = -(10**9)
        for loads, paid, part in plan:
            money = now + earned[min(last, aboard + 3 * loads)] - paid
            if money < 0:
                break  # fewer Load actions and more to pay for each excavation more
            best = max(best, part + money // 10)
        return best

    def _plan(
        self, dug: frozenset[tuple[Quad, str]], mask: int, most: int, hand: int
    ) -> list[tuple[int, int, int]]:
        """For each number k of excavations more that `most` actions allow (in order): the Load
        actions left, the least drachmas paid (cards and buys) and the cards' points (`_part`)."""
        relaxed = self.r
        out: list[tuple[int, int, int]] = []
        for k in range(max(0, min(relaxed.left - len(dug), most)) + 1):
            # k excavations: k actions, a Move action between two unless 0 points apart
            # (`free`), a buy for each 3 cards beyond the hand; the rest Load actions.
            buys = 0 if k <= hand else -(-(k - hand) // 3)
            if buys and self.buy is None:
                break
            loads = most - k - max(0, k - 1 - self.free) - buys
            if loads < 0 or self.cheapest[k] >= 10**9:
                break
            key = (dug, mask, k)
            part = self.parts.get(key)
            if part is None:
                part = self.parts[key] = self._part(dug, mask, k)
            out.append((loads, self.cheapest[k] + buys * (self.buy or 0), part))
        return out

    def _part(self, dug: frozenset[tuple[Quad, str]], mask: int, r: int) -> int:
        """The map and goal cards' points of any leaf with `dug` and at most `r` temples more, on
        a board of `mask`."""
        relaxed = self.r
        maps = relaxed.pos.components.map
        got = self.goals.get((dug, r))
        if got is None:
            got = self.goals[(dug, r)] = {}
        best = -(10**9)
        m = mask
        while m:
            low = m & -m
            k = low.bit_length() - 1
            m ^= low
            one = got.get(k)
            if one is None:
                one = got[k] = self._goals_on(k, dug, r)
            best = max(best, one)
        return relaxed.base_maps + sum(maps[c].points for _, c in dug) + self.top[r] + best

    def _goals_on(self, k: int, dug: frozenset[tuple[Quad, str]], r: int) -> int:
        """The goal cards' points of any leaf with `dug` and at most `r` temples more on board k."""
        relaxed = self.r
        values = self.values.get((dug, k))
        if values is None:
            values = self.values[(dug, k)] = {g: relaxed.goal_on(k, g, dug) for g in self.read}
        gains = self.gains
        held = sum(max(0, values[g] + gains[g] * r) for g in relaxed.hero.goals)
        draws = relaxed.draws_after[len(dug) + r]
        if draws:
            pool = self.pools[draws]
            held += sum(sorted((max(0, values[g] + gains[g] * r) for g in pool), reverse=True)[:draws])
        return held
