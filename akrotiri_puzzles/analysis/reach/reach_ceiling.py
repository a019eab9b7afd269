"""A cheap ceiling on every leaf below a state of the two-turn relaxed search (analysis/reach/reach_two.py).

A question of the placement search asks whether any relaxed line reaches the value `ask`; the
search raises `Reached` at the first leaf that does. A state whose ceiling is below `ask` holds
no such leaf, so it is not expanded: its ceiling stands for its value (an upper bound still, so
the search's value stays a bound, and below `ask` exactly where it was). The ceiling of a state
with `n` temples dug (`dug`), the boards `mask`, `acts` actions left and `gained` turn-2 actions
gained so far is the sum of:

- *Actions.* At most `A = acts + bonus[n+1] + ...` actions are left for the rest of the line (an
  action is only ever added by an excavation's turn-2 actions, R-TURN-2, `turn_bonus`; none once
  turn 1 is over, `OVER`). k excavations more (at most `left - n`, R-END-2) take k actions
  (R-EXC-1), a Move action between two of them unless they lie on spots 0 points apart (`free`:
  at most the temples of each such group of spots less one follow without one; a leg of at
  least a point costs at least a Move action, R-MOVE-2, and only the start's leg has points
  left of a Move action already taken), and a buy for each 3 cards beyond the hand (R-BUY-1);
  the actions left over are at most Load actions.
- *Map cards.* The k cards come from the hand and the decks: their points and cost are bounded
  together by the sets of k cards no other set beats in both (`sets`), and the drachmas left
  after a set's cost and the buys' least price count a point per 10 (R-SCORE-1).
- *Goal cards.* On each board of `mask` (an excavation only narrows it, so the leaf's board is one
  of them), each card read at the leaf is worth at most its points with `dug` plus its value per
  new temple (`gain`, R-GOAL-*): a per-temple card only for as many temples as the spots where
  one counts on that board hold, the quarters card up to four quarters or its cap, "not directly
  connected" its value a temple, the largest completed island up to its value times the board's
  largest completed island (the relaxation reads the islands of the hero's temples); the cards held, and the best `d` of the pool of the `d` draws that `n + k`
  temples reveal (the pool and the draws only grow with the temples, no card is worth below 0).
  With `JOINT` the held per-temple cards' gains are read together, temple by temple (`joint`);
  with reach_joint's `DRAWN` the drawn cards' with them (`Ceiling._goals_on`, reach_joint.py).
- *Drachmas.* The drachmas now, plus the prices of the next cubes sold: at most those aboard,
  those unloaded, and 3 a Load action (R-LOAD-1), at the market's best prices after the `sold`
  ones (`earned`, R-FREE-1); buys and excavations only spend. With no cube on Thera's island on
  any board, the Load actions counted are also at most one more than a third of the actions
  left but the excavations and buys (`TRIPS`, `_trips`, session 64): a real line sells at most
  3 cubes a stop at Thera, and each stop after its first costs 3 actions of its own; with
  `CUBES` also by where the cubes lie (`_hauls`, analysis/reach/reach_hauls.py, session 68).

Each term bounds what the same term of any leaf below the state is worth, so the sum bounds
every leaf below it (tests/test_reach_ceiling.py checks it against the search's own best below
each state, and the excavations and drachmas the search reaches below it).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...geometry import Quad
from ...goals import PER_TEMPLE
from . import reach_goal_cells as _cells
from . import reach_hauls, reach_joint
from .reach_card_sets import free_digs, pareto
from .reach_ceiling_goals import GoalPart
from .reach_search import Search

OVER = 1_000
"""`gained` once turn 1's actions are spent: any value that keeps them spent (reach_two's
`turn_over`); no excavation adds any actions then. Kept here, read by reach_two.py."""


TRIPS = True
"""Whether the Load actions the drachmas count are capped by the stops at Thera a line can make
(`Ceiling._trips`, session 64; False: 3 cubes for each action left but the excavations, the
Moves between them and the buys, as before)."""


CUBES = True
"""Whether `_best`'s cubes sold are also capped by where they lie (`_hauls`); False: as before."""


JOINT = True
"""Whether the held per-temple goal cards' gains from the new temples are read jointly, temple by
temple (`Ceiling.joint`, session 69: one temple lies on one spot and counts only for the cards
its spot counts for); False: each card its own best, as before."""


LEAD = True
"""Whether the first excavation below a stop costs a Move action unless a spot 0 points from it
has room (`Ceiling.lead`, session 64; False: every state as the start, as before)."""


FIRST = True
"""Whether a state past turn 1 reads the drachmas by turn 1's sales (`earned_first`, session 75)."""


STAY = True
"""Whether a line below a stop that makes no Move action is read as staying on the spots 0 points
from it: no buy (Thera not among them), its cards of the hand that fit there (`Ceiling._plan`,
session 64; False: as with `LEAD` alone)."""


STAY_UNSOLD = True
"""Whether `_stay`'s drachmas count no cube sold below the stop (session 66: a line with no Move
action never stops at Thera, so it sells none, R-FREE-1); False: 3 cubes sold for each action
left but the excavations (session 64's `_stay`, which lost `TRIPS`'s cut on those lines)."""


MEMO = False
"""Whether `Ceiling.__call__` and `Ceiling.stop` keep their answers by their own arguments
(session 65): the same answers, each worked out once. Off: it read 0.94 to 0.96 of the CPU on two
groups of seed 2's turn 17 (south) but 1.11 to 1.20 on four of turn 13 (docs/benchmarks.md);
False is main's path exactly."""


Stop = tuple[int, int, tuple[str, ...] | None] | None
"""`Ceiling.stop`: below a stop, the room of the spots 0 points from it, their set (`_closures`)
and the hand's cards that fit there (`STAY`); None at the start or without `LEAD`."""


class Ceiling(GoalPart):
    """The ceiling of the states of one `TwoRelaxed` search (module doc; its cards' term:
    reach_ceiling_goals.py)."""

    def __init__(self, relaxed: Search) -> None:
        self.r = relaxed
        bonus = relaxed.bonus
        self.more = [sum(bonus[j + 1 :]) for j in range(len(bonus))]
        """Per temples dug: the most actions the later excavations may still add."""
        maps = relaxed.pos.components.map
        cards = [c for c in relaxed.hero.maps if c in relaxed.useful]
        cards += [c for deck in relaxed.decks for c in deck if c in relaxed.useful]
        kinds = sorted(Counter((maps[c].cost, max(0, maps[c].points)) for c in cards).items())
        self.sets = [pareto(kinds, k) for k in range(relaxed.left + 1)]
        """By k: the (drachmas, points) of k cards among them, those no other k cards beat in both."""
        self.cheapest = [min((c for c, _ in pairs), default=10**9) for pairs in self.sets]
        """The least drachmas k more excavations pay for their cards."""
        self.spent_by: list[dict[int, int]] = [{} for _ in self.sets]
        """By k, then drachmas: the most points k cards bought with them and the drachmas left give."""
        spots: dict[Any, frozenset[str]] = relaxed.fits  # spots, where reach_bound reads islands
        self.caps: dict[Any, int] = {s: (len(relaxed.rooms[s]) - 1 if s in relaxed.rooms else 1) for s in spots}
        """By spot: the most temples it can hold (one an island, R-EXC-1: a spot of the next
        tile's islands as many as its islands on one board, `rooms`; any other one)."""
        self.free = free_digs(relaxed, self.caps)
        self.buy = min(relaxed.buy_prices) if relaxed.buys_help and relaxed.buy_prices else None
        self.trips = TRIPS and relaxed.thera not in relaxed.cubes
        """Whether `_trips` caps the Load actions: no cube lies on Thera's island on any board
        (a Load there would sell at once, without a Move action)."""
        self.spare = 1 if relaxed.pos.points else 0
        """The points of a Move action already taken may be a stop's Move action leaving Thera
        (`_trips`)."""
        self.kinds = reach_hauls.classes(relaxed, self.caps) if CUBES and self.trips else None
        """`_hauls`' classes of cubes (ship steps from Thera, cubes); None: no cap."""
        self.parts: dict[tuple[frozenset[tuple[Quad, str]], int, int], int] = {}
        self.goals: dict[tuple[object, int], dict[int, int]] = {}
        """By (dug, or its spots without the quarters card, r), then by board: `_goals_on`."""
        pos = relaxed.pos
        self.pools: dict[int, list[str]] = {}
        """By draws: the goal cards they may offer (as `goal_part`)."""
        for draws in sorted(set(relaxed.draws_after)):
            n = pos.components.setup.goals_drawn * draws
            whole = relaxed.goal_pool
            self.pools[draws] = sorted(set(whole if pos.strategist or len(whole) < n else whole[:n]))
        self.read = sorted({*relaxed.hero.goals, *(g for pool in self.pools.values() for g in pool)})
        """Every goal card a leaf may read."""
        goal = pos.components.goal
        self.rule = {g: goal[g].rule for g in self.read}
        self.value = {g: goal[g].value(pos.edition) for g in self.read}
        self.quarters = "quarters" in self.rule.values()
        caps = {g: goal[g].cap for g in self.read}
        self.most = {g: min(4 * self.value[g], 10**9 if c is None else c) for g, c in caps.items()}
        """The quarters card's most points (four quarters, its cap)."""
        self.rooms: dict[tuple[int, str], int] = {}
        """By (board, per-temple rule): how many temples the spots where one counts hold."""
        self.values: dict[tuple[object, int], dict[str, int]] = {}
        """By (what the goal cards read of dug, board): each goal card's points (`goal_on`)."""
        self.known: dict[tuple[object, ...], int] = {}
        """`__call__`'s answers by what they read (the place read as its number, `place_ids`)."""
        self.seen: dict[tuple[object, ...], int] = {}
        """`__call__`'s answers by its arguments (`MEMO`: states that differ only in what the
        ceiling does not read, the cards bought and the cubes taken, share one lookup)."""
        self.plans: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        """`_best`'s plan costs (`_costs`) by (`pid`, `most`)."""
        self.costs: dict[tuple[object, ...], list[tuple[int, int, int]]] = {}
        """`_costs`' answers by its arguments (session 81)."""
        self.places: dict[tuple[object, ...], tuple[Any, ...]] = {}
        """`__call__`'s `stop`, hand's count, `home`, their number in `place_ids` (with `dug`), the
        actions the later excavations may add and `sales`, by (at, dug, hand, gained) (session 78)."""
        self.place_ids: dict[tuple[object, ...], int] = {}
        """A number for each (dug, stop, hand's count, home) `__call__` reads (`known`'s keys)."""
        self.by_gained: dict[int, tuple[int, Any]] = {}
        """`sales`' answers by `gained`."""
        self.closure: dict[object, int] | None = None
        """By spot: its set of spots 0 points apart (`_closures`, made on first use)."""
        self.members: list[list[object]] = []
        self.others: list[list[int]] = []
        """By set: the most temples the other sets take, largest first, summed (0, the largest, ...)."""
        self.stops: dict[tuple[object, frozenset[tuple[Quad, str]]], tuple[int, int, frozenset[str] | None]] = {}
        """`stop`'s room, set and cards that fit near, by stop and temples dug."""
        self.stopped: dict[tuple[object, frozenset[tuple[Quad, str]], object], tuple[Stop, int]] = {}
        """`stop`'s answers by its arguments (a stop, session 65: the cards near read once)."""
        self.fit_sets: dict[frozenset[str], frozenset[str]] = {}
        """One object for each set of cards that fit near a stop (the keys of `nears`)."""
        self.nears: dict[tuple[frozenset[str], tuple[str, ...]], tuple[str, ...]] = {}
        """`stop`'s cards near by the cards that fit there and the hand (session 81)."""
        self.near_sets: dict[tuple[tuple[str, ...], int], list[tuple[int, int]]] = {}
        self.near_spent: dict[tuple[tuple[str, ...], int, int], int | None] = {}
        """`_stay`'s best points of k of the cards near with some drachmas, by (cards, k, drachmas)."""
        """By cards and k: the (cost, points) of k of them, but those another beats."""
        self.far_now = 0
        """The actions a sale or buy before an excavation takes below the state `_best` reads, but
        the excavations (0: not read): always 0 here, reach_ceiling_paid's `PaidCeiling` sets it
        (`_paid`), with the state's `drachmas`."""
        self.drachmas = 0
        self.capped: dict[tuple[int, int, int], int] = {}
        """By (k, money, cap): the most points k cards costing at most `cap` give, `money` the
        drachmas before paying them (`_best`'s entries paid before a sale, `far_now`)."""
        self.held = [g for g in relaxed.hero.goals if self.rule[g] in PER_TEMPLE]
        """The held per-temple goal cards (`joint`)."""
        self.joint_of = reach_joint.Joint(relaxed, self.caps, self.rule, self.value, self.held, self.pools)
        """`joint`'s and `_goals_on`'s spot values, the drawn cards with the held (reach_joint.py)."""
        self.cells: _cells.GoalCells | None = None
        """`_part`'s boards that read the goal cards alike, and their gains (reach_goal_cells.py)."""
        self.goal_readings()

    def jointly(self) -> bool:
        """`JOINT`, read when asked (a test may switch it)."""
        return JOINT

    def __call__(
        self,
        acts: int,
        drachmas: int,
        cargo: int,
        sold: int,
        stash: int,
        hand: int | tuple[str, ...],
        dug: frozenset[tuple[Quad, str]],
        mask: int,
        gained: int,
        income: int | None = None,
        at: object = None,
    ) -> int:
        if MEMO:
            raw = (acts, drachmas, cargo, sold, stash, hand, dug, mask, gained, income, at)
            seen = self.seen.get(raw)
            if seen is not None:
                return seen
        # What the stop, the hand and the boat's place read (`stop`, `home`), what the sales read
        # of `gained` (`sales`) and the actions the later excavations may add: worked out once,
        # kept by their arguments (session 78). `_best`'s answers are kept by a number for what
        # it reads of the place (`place_ids`) and the numbers it reads besides: the same answers
        # as by the values themselves, with cheaper keys.
        place = (at, dug, hand, gained)
        read = self.places.get(place)
        if read is None:
            stop, count = self.stop(at, dug, hand)
            home = 0 if self.kinds is None else reach_hauls.home(self.r, self.spare, at)
            pid = self.place_ids.setdefault((dug, stop, count, home), len(self.place_ids))
            n, more = len(dug), self.more
            bonus = more[n] if gained < OVER and n < len(more) else 0
            read = self.places[place] = (stop, count, home, pid, bonus, *self.sales(gained))
        stop, count, home, pid, bonus, n1, earned = read
        most = acts + bonus if acts else 0
        # The drachmas but those the cubes sold earned (`income`: at most `earned[sold]`, and the
        # sales' income after them at most `earned` of the cubes sold then, analysis/reach/reach_money.py).
        now = drachmas - (earned[sold] if income is None else income)
        aboard = sold + cargo + stash
        whole = (pid, mask, most, now, aboard, n1, self._paid(stop, drachmas, cargo, stash))
        got = self.known.get(whole)
        if got is None:
            got = self.known[whole] = self._best(dug, mask, most, count, now, aboard, stop, home, earned, pid)
        if MEMO:
            self.seen[raw] = got
        return got

    def _paid(self, stop: Stop, drachmas: int, cargo: int, stash: int) -> object:
        """What `_best` reads of the state besides `__call__`'s numbers, a part of `known`'s keys:
        nothing here (`far_now` stays 0); reach_ceiling_paid's `PaidCeiling` sets `far_now` and
        `drachmas` and reads them."""
        return None

    def sales(self, gained: int) -> tuple[int, Any]:
        """Turn 1's sales as `gained` packs them (-1: not read) and the incomes they allow:
        once turn 1 is over, every later sale reads turn 1's sales as frozen (`gained` past
        `OVER`, reach_sales.py's `FirstSales`), the incomes below at most `earned_first` of them;
        else the search's `earned`. Kept by `gained` (`by_gained`)."""
        got = self.by_gained.get(gained)
        if got is None:
            first = getattr(self.r, "first", None) if FIRST and gained > OVER else None
            n1 = -1 if first is None else first.read(gained - OVER - 1)[0]
            earned = self.r.earned if first is None else getattr(self.r, "earned_first")[n1]  # noqa: B009
            got = self.by_gained[gained] = (n1, earned)
        return got

    def _best(
        self,
        dug: frozenset[tuple[Quad, str]],
        mask: int,
        most: int,
        hand: int,
        now: int,
        aboard: int,
        stop: Stop,
        home: int,
        earned: Any,
        pid: int,
    ) -> int:
        """`__call__` by what it reads: `now` the drachmas less the prices of the cubes sold,
        `aboard` the cubes sold, aboard and unloaded, `stop` as `stop`, `home` as `_hauls`,
        `earned` the search's (by default) or `earned_first`'s once turn 1 is over; `pid` the
        number of (dug, stop, hand, home) in `place_ids` (`__call__`'s), which keys `plans`.

        The plan (`_plan`) read entry by entry: its costs kept by `pid` and `most` (`plans`, of
        `_costs`' answers), each entry's points (`_part`) read only where the loop reaches it
        (session 81: the same answer, `_part` asked no more than before). Where `far_now` is read
        (reach_ceiling_paid's `PaidCeiling`), an entry of k excavations with `k + far_now > most`
        pays its cards from the state's `drachmas` (that module's doc)."""
        ckey = (pid, most)
        costs = self.plans.get(ckey)
        if costs is None:
            costs = self.plans[ckey] = self._kept_costs(len(dug), most, hand, stop, home)
        last = len(earned) - 1
        best = -(10**9)
        cheapest, spent_by, parts, sets = self.cheapest, self.spent_by, self.parts, self.sets
        far, drachmas = self.far_now, self.drachmas
        for k, cubes, paid in costs:
            money = now + earned[min(last, aboard + cubes)] - paid
            if money < cheapest[k]:
                break  # fewer Load actions and more to pay for each excavation more
            cap = money
            if far and k and k + far > most:
                cap = min(money, drachmas - paid)  # no sale nor buy before the cards (reach_ceiling_paid)
                if cap < cheapest[k]:
                    continue
            pkey = (dug, mask, k)
            part = parts.get(pkey)
            if part is None:
                part = parts[pkey] = self._part(dug, mask, k)
            if cap == money:
                spent = spent_by[k]  # by k, then drachmas: an int key (session 83)
                got = spent.get(money)
                if got is None:
                    got = spent[money] = max(p + (money - c) // 10 for c, p in sets[k] if c <= money)
            else:
                xkey = (k, money, cap)
                got = self.capped.get(xkey)
                if got is None:
                    got = self.capped[xkey] = max(p + (money - c) // 10 for c, p in sets[k] if c <= cap)
            if part + got > best:
                best = part + got
        if stop is None or stop[2] is None:
            return best  # no line that stays (`_stay`)
        return max(best, self._stay(dug, mask, most, now, aboard, stop, earned))

    def _plan(
        self, dug: frozenset[tuple[Quad, str]], mask: int, most: int, hand: int, stop: Stop = None, home: int = 0
    ) -> list[tuple[int, int, int, int]]:
        """For each number k of excavations more that `most` actions allow (in order): k, the
        cubes the Load actions left may sell (`_trips`, `_hauls`), the drachmas the buys cost at
        least and the points but those of the cards excavated (`_part`); the Move actions between
        them as `_moves` reads `stop`, `home` as reach_hauls' `home`. All but the points read
        only the temples' count of `dug` (`_costs`, kept by what it reads: session 81)."""
        return [
            (k, cubes, paid, self._kept_part(dug, mask, k))
            for k, cubes, paid in self._kept_costs(len(dug), most, hand, stop, home)
        ]

    def _kept_part(self, dug: frozenset[tuple[Quad, str]], mask: int, k: int) -> int:
        """`_part`, kept by its arguments (`parts`; `_best` reads the same cache inline, its hot path)."""
        key = (dug, mask, k)
        part = self.parts.get(key)
        if part is None:
            part = self.parts[key] = self._part(dug, mask, k)
        return part

    def _kept_costs(self, n: int, most: int, hand: int, stop: Stop, home: int) -> list[tuple[int, int, int]]:
        """`_costs`, kept by its arguments (`costs`)."""
        key = (n, most, hand, stop, home)
        costs = self.costs.get(key)
        if costs is None:
            costs = self.costs[key] = self._costs(n, most, hand, stop, home)
        return costs

    def _costs(self, n: int, most: int, hand: int, stop: Stop, home: int) -> list[tuple[int, int, int]]:
        """`_plan` but the points, for `n` temples dug."""
        out: list[tuple[int, int, int]] = []
        for k in range(max(0, min(self.r.left - n, most)) + 1):
            # k excavations: k actions, a Move action between two unless 0 points apart
            # (`free`), a buy for each 3 cards beyond the hand; the rest Load actions.
            buys = 0 if k <= hand else -(-(k - hand) // 3)
            if buys and self.buy is None:
                break
            loads = most - k - self._moves(k, stop) - buys
            if loads < 0 or not self.sets[k]:
                break
            cubes = 3 * self._trips(loads, most - k - buys)
            out.append((k, self._hauls(cubes, most - k - buys, home), buys * (self.buy or 0)))
        return out

    def _trips(self, loads: int, other: int) -> int:
        """The Load actions whose cubes `_best` counts sold, at most `loads`, of a line with
        `other` actions left for its Moves and Loads (those left but the excavations and buys):
        with `trips`, at most `1 + (other + spare) // 3`.

        Why (a real line from the state, R-LOAD-1, R-MOVE-1, R-MOVE-2, R-FREE-1, R-FREE-2): cubes
        are sold only with the boat at a dock of Thera's island, at most 3 a stop there (the boat
        holds at most 3, and Thera takes no unload). Take the line's stops at Thera where it sells,
        merged where no Load takes a cube between two (the second sells only cubes aboard at the
        first: at most 3 for the two): V stops. Each after the first needs, after the stop
        before it, a Move action leaving Thera (a Load takes cubes only on another island: none
        lie on Thera's, `trips`; a dock is one island's, so that is a step, and the Move action
        that brought cubes to Thera gave 1 point, spent on the step into it), the Load, and a
        Move action begun after the Load (its points are lost at the Load) to step back into
        Thera: 3 actions, none another stop's. So 3(V - 1) <= other and the cubes sold from the
        state are at most 3V <= 3 + 3 * (other // 3): the cubes aboard and unloaded count on top
        (`_best`), so `1 + other // 3` Load actions are enough. The first stop is free: the
        points of a Move action already taken may reach it, or the boat be at Thera. The Move
        action leaving Thera after it is begun after the step into Thera before it, so after the
        state, or it is a Move action the relaxed legs did not count (then `other` holds it), or
        one taken before the search's start with points left (`spare`, the position's points).

        This bounds the real lines, not the relaxed ones (a relaxed line may sell more: its
        unloaded cubes are sold at one stop for one action), which is what the answer must bound:
        a real line's relaxed image (reach_two's module doc) passes through a state with at
        least the line's actions left, cubes sold, aboard and unloaded, and drachmas but the
        sales' income; below it the line makes the k excavations of one of the plan's entries
        and at least its buys, so at most `other` Moves and Loads."""
        if not self.trips:
            return loads
        return min(loads, 1 + max(0, other + self.spare) // 3)

    def _hauls(self, cubes: int, other: int, home: int) -> int:
        """At most `cubes`, and with `CUBES` and `trips` the most new cubes a real line with
        `other` Move and Load actions can bring to Thera and sell (reach_hauls.py's module doc:
        its soundness; `home` as reach_hauls' `home`)."""
        return cubes if self.kinds is None else reach_hauls.most_cubes(self.kinds, other, home, cubes)

    # -- below a stop (`LEAD`, `STAY`, session 64): docs/analysis.md, its section on them --------

    def stop(self, at: object, dug: frozenset[tuple[Quad, str]], hand: int | tuple[str, ...]) -> tuple[Stop, int]:
        """Below a state at `at` (a stop: not the boat's dock, where the position's movement
        points left may reach further, reach_legs' `_plan`; None: not read), the temples the
        spots 0 points from it may still take (through other spots 0 points apart: the search's
        legs from a stop start at every dock of its spot; `caps`, none on a spot dug but a spot
        of the next tile's islands, `multi`, which keeps its `caps`), their set, and with
        `STAY` the hand's cards that fit one of them with room (None where Thera is one of them,
        or the hand is read as a count); and the hand's count."""
        count = len(hand) if isinstance(hand, tuple) else hand
        if not LEAD or at is None or isinstance(at, str):
            return None, count
        if MEMO:
            seen = self.stopped.get((at, dug, hand))
            if seen is not None:
                return seen
        key = (at, dug)
        got = self.stops.get(key)
        if got is None:
            if self.closure is None:
                self._closures()
            assert self.closure is not None
            done = {i for i, _ in dug}
            multi = self.r.multi
            caps = self.caps
            where = self.closure[at]
            members = self.members[where]
            roomy = [s for s in members if s in caps and (s not in done or s in multi)]
            fits: dict[Any, frozenset[str]] = self.r.fits
            fit = None if self.r.thera in members else frozenset().union(*(fits[s] for s in roomy if s in fits))
            if fit is not None:
                fit = self.fit_sets.setdefault(fit, fit)  # one object for equal sets (`nears`' keys)
            got = self.stops[key] = (sum(caps[s] for s in roomy), where, fit)
        room, where, fit = got
        near = None
        if STAY and room and fit is not None and isinstance(hand, tuple):
            nkey = (fit, hand)
            near = self.nears.get(nkey)
            if near is None:
                near = self.nears[nkey] = tuple(c for c in hand if c in fit)
        got_stop: tuple[Stop, int] = ((room, where, near), count)
        if MEMO:
            self.stopped[(at, dug, hand)] = got_stop
        return got_stop

    def _closures(self) -> None:
        """The spots joined by legs of 0 points (`moves`), each set with the most temples the
        others than it take, largest first, summed (`others`)."""
        self.closure = {}
        self.members = []
        for start in [*self.r.spots, *self.caps]:
            if start in self.closure:
                continue
            c = len(self.members)
            seen = [start]
            self.closure[start] = c
            todo = [start]
            while todo:
                s = todo.pop()
                for t, steps in self.r.moves(s):  # nearest first
                    if steps:
                        break
                    if t not in self.closure:
                        self.closure[t] = c
                        seen.append(t)
                        todo.append(t)
            self.members.append(seen)
        rooms = [sum(self.caps.get(s, 0) for s in m) for m in self.members]
        self.others = []
        for c in range(len(self.members)):
            rest = sorted((n for j, n in enumerate(rooms) if j != c and n), reverse=True)
            sums = [0]
            for n in rest:
                sums.append(sums[-1] + n)
            self.others.append(sums)

    def _moves(self, k: int, stop: Stop) -> int:
        """The Move actions k more excavations take at least: between two of them unless 0
        points apart (`free`); below a stop (`LEAD`) also before the first unless on a spot 0
        points from it, and as many more as the sets of spots 0 points apart (`_closures`) they
        must spread over beyond its room; with `STAY`'s cards, at least one (the lines with
        none are `_stay`'s)."""
        old = max(0, k - 1 - self.free)
        if stop is None or not k:
            return old
        room, where, near = stop
        if room >= k:
            return old if near is None else max(old, 1)
        sums = self.others[where]
        m = 1
        while m < len(sums) - 1 and room + sums[m] < k:
            m += 1
        return max(old, m)

    def _stay(
        self, dug: frozenset[tuple[Quad, str]], mask: int, most: int, now: int, aboard: int, stop: Stop, earned: Any
    ) -> int:
        """The best of the lines below a stop that make no Move action (`STAY`): they stay on
        the spots 0 points from it, Thera not among them, so they buy nothing (R-BUY-1) and
        excavate k cards of the hand that fit there (`near`, k at most the spots' room).

        Its drachmas (`STAY_UNSOLD`, session 66): those now and the cubes already sold, aboard
        and unloaded (`aboard`, looser: those aboard and unloaded are not sold either), no cube
        it loads. Why: a sale is made only with the boat at Thera (R-FREE-1; the search sells
        only at a stop on Thera's spot, reach_bound's `search`); the boat leaves its dock only
        by steps, each paid with a Move action's points (R-MOVE-1, R-MOVE-2), and a stop's are
        spent (its action ended them; a leg from a stop starts with no points, reach_legs'
        `_plan`), so with no Move action every leg below is of 0 points and every stop in the
        stop's set, which does not hold Thera. Turn 2 changes nothing: the boat stays docked
        over the turn's end and the other seat's turn, and a turn's actions only add Move
        actions to take, none given. So a leaf below (and a real line through the state) ends
        with at most the drachmas now less what it spends: at most `now + earned[sold]`
        (`income`, the sales' income so far, is at most `earned[sold]`), and `sold <= aboard`.
        With `TRIPS` the plan's lines keep their cap; before, this term counted 3 cubes sold a
        Load (R-LOAD-1) with no cap, and `_best`'s max lost the cut (h65end)."""
        if stop is None or stop[2] is None:
            return -(10**9)
        room, _, near = stop
        assert near is not None
        best = -(10**9)
        near_spent, parts = self.near_spent, self.parts
        for k in range(1, min(room, len(near), most, self.r.left - len(dug)) + 1):
            money = self._stay_money(now, aboard, most, k, earned)
            nkey = (near, k, money)
            if nkey in near_spent:
                got = near_spent[nkey]
            else:
                sets = self._near_sets(near, k)
                got = near_spent[nkey] = max((p + (money - c) // 10 for c, p in sets if c <= money), default=None)
            if got is None:
                continue
            key = (dug, mask, k)
            part = parts.get(key)
            if part is None:
                part = parts[key] = self._part(dug, mask, k)
            if part + got > best:
                best = part + got
        return best

    def _stay_money(self, now: int, aboard: int, most: int, k: int, earned: Any) -> int:
        """The drachmas a line below that stays ends with at most, before its k cards (`_stay`):
        `now` and the cubes aboard and unloaded at the best prices (`STAY_UNSOLD` off: 3 cubes
        more a Load action left). reach_ceiling_paid's `PaidCeiling` reads the state's drachmas."""
        return now + earned[min(len(earned) - 1, aboard if STAY_UNSOLD else aboard + 3 * (most - k))]

    def _near_sets(self, cards: tuple[str, ...], k: int) -> list[tuple[int, int]]:
        """The (cost, points) of every k of `cards`, but those another beats in both."""
        key = (cards, k)
        got = self.near_sets.get(key)
        if got is None:
            maps = self.r.pos.components.map
            kinds = sorted(Counter((maps[c].cost, max(0, maps[c].points)) for c in cards).items())
            got = self.near_sets[key] = pareto(kinds, k)
        return got
