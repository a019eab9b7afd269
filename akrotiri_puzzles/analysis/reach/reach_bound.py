"""A cheap upper bound on the hero's final score in an action phase, without CP-SAT.

Used by the placement search (analysis/placement.py) to skip a placement, before its model is
built, when even a relaxed turn cannot reach the score it would be asked for. The relaxation
plays the turn as a search over *stops* (an action, or a sale at Thera) on the board after the
placement, and lets the hero do everything the rules allow and more:

- a leg between two stops costs its movement points over the route graph (R-MOVE-1: a ship
  step to any dock of the route component, a portage step to a dock of the same island, 1
  point each; leaving the other boat's dock 2, R-MOVE-3, where no stop is made), at 2 points a
  Move action with an empty boat and 1 with cargo (R-MOVE-2; an unload, free, may empty the
  boat before a leg); after a stop the boat may leave from any dock of the island (reach_two's
  stops of turn 1 on turn 1's board: its docks there, reach_first_stops.py), and at the start the
  points left of a Move action already taken are spent first;
- a load (R-LOAD-1) takes as many of the island's cubes as the boat holds, less those taken
  before; an unload (R-FREE-2) empties the boat at a stop, and its cubes are sold at the next
  sale without being loaded again;
- the n cubes sold at Thera (R-FREE-1) earn the n best prices among the empty market spaces of
  the colours on the board or boat (each sale fills one space, and the track never gains one);
- an excavation (R-EXC-1, R-EXC-2) is allowed on any island without a temple where the card
  fits a site, paying the card's cost; a buy (R-BUY-1) takes the decks' next cards as the
  engine does, and only when two actions are left after it (a Move action away from Thera,
  at least one point, and the excavation of a card bought);
- the goal cards are bounded on the final temples (`goal_bound`): exact for the per-temple
  cards (every island fact is fixed on the board after the placement), the quarters card as if
  the new temples whose cards fit a site in a quarter without a temple opened as many distinct
  quarters as they can, one a temple (reach_goals.py's `quarters_opened`, session 79), "not
  directly connected" not lowered for old temples by new ones, and the k-th goal draw
  (R-EXC-1) as the best card among the goal deck's first 2k (the whole deck when shorter, the
  face-up goals for the strategist variant).

Every line of the real action phase is a sequence of such stops, each no costlier in the
relaxation, so the best leaf is at least the line's score (R-SCORE-1): the bound is sound. A test
compares it with each sampled placement's own optimum (tests/test_reach_bound.py). The search
is cut after `NODES` states: then there is no bound (None), never a guess; no clock is read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...components import COLOURS
from ...excavation import fits_bounds, site_bounds
from ...geometry import Quad
from ...goals import BoardFacts
from ...position import Position
from ...rules import temple_island_set
from .reach_buys import Buys
from .reach_ceiling import OVER
from .reach_children import LATE as LATE  # read by reach_money.py and the tests
from .reach_children import Children
from .reach_goals import Goals
from .reach_hooks import Hooks
from .reach_legs import Legs, Plan
from .reach_split import SplitSale

NODES = 20_000
"""States the relaxed search may visit before it gives up (no bound)."""


Taken = tuple[tuple[Quad, int], ...]
"""The cubes the line's Loads took, by island (or a subclass's spot)."""

Key = tuple[object, ...]
"""A state of `Relaxed.search` in its memo."""


class TooBig(Exception):
    """The relaxed search passed its states: no bound."""


def score_bound(pos: Position, nodes: int = NODES, shared: Shared | None = None, scale: int = 0) -> int | None:
    """An upper bound on the hero's score after any line of the action phase at `pos`, or None
    where the relaxation does not apply (not in an action phase, the boat passing through the
    other's dock, piles not known) or its search is too large. `shared`: what positions on one
    board share, kept from one call to the next (the first actions of one turn). With `scale`,
    a bound on the score times `scale` plus the final drachmas instead (`Relaxed.leaf`)."""
    hero = pos.hero
    if pos.phase != "act" or pos.passing or not pos.piles_known or hero.boat is None:
        return None
    try:
        return Relaxed(pos, nodes, shared, scale).best()
    except TooBig:
        return None


class Shared:
    """What the relaxations of positions on one board (the same Board object) share, worked out
    once: where each card fits (by seat, cards and the islands that have a temple) and the
    least movement points from each dock or island (by the other boat's dock). Kept for the
    last board only: on another board it starts again."""

    def __init__(self) -> None:
        self.board: object = None
        self.fits: dict[object, tuple[dict[Quad, frozenset[str]], set[str]]] = {}
        self.legs: dict[object, tuple[dict[str, int], dict[Quad, int]]] = {}

    def on(self, board: object) -> Shared:
        if self.board is not board:
            self.board, self.fits, self.legs = board, {}, {}
        return self


class Relaxed(Hooks, SplitSale, Children, Buys, Goals, Legs):
    """The relaxed turn of one position (module doc)."""

    last_loads_unread = False
    """Whether a load with no action left after it is not searched, and the cubes taken are
    forgotten with at most one action left (analysis/reach/reach_two.py). Such a load's cubes are never
    sold (no leg is free after a stop, and no action follows it to excavate and gain turn 2's
    actions), so leaving it out loses no leaf; forgetting the cubes taken only lets a later load
    take them again (after an excavation's turn-2 actions, R-TURN-2), a looser state, still
    sound. The same bounds in fewer states (tests/test_reach_two.py)."""

    ceiling: (
        Callable[[int, int, int, int, int, tuple[str, ...], frozenset[tuple[Quad, str]], int, int, int, object], int]
        | None
    ) = None
    """A ceiling on every leaf below a state, and the value `ask` it is compared with: a state
    whose ceiling is below it is not expanded (reach_two's, analysis/reach/reach_ceiling.py)."""
    ask: int | None = None

    def __init__(self, pos: Position, nodes: int, shared: Shared | None = None, scale: int = 0) -> None:
        self.pos = pos
        self.nodes = nodes
        self.scale = scale
        """0: a leaf is worth its score; else its score times `scale` plus its drachmas (`leaf`)."""
        comps = pos.components
        board = pos.board
        self.shared = (shared or Shared()).on(board)
        hero = pos.hero
        self.hero = hero
        self.facts = BoardFacts(board)
        self.base_maps = sum(comps.map[c].points for c, _ in hero.temples)
        self.old_islands = [board.island_at(site) for _, site in hero.temples]
        self.left = comps.player_board.temples - len(hero.temples)
        track = comps.market.track
        # Each colour's empty spaces, filled right to left by sales (R-FREE-1): no n sales earn
        # more than the n best of these prices, for the colours of a cube on the board or boat.
        present = set(hero.cargo) | {c for _, c, n in pos.cubes if n}
        prices: list[int] = []
        for colour, on_market in zip(COLOURS, pos.market, strict=True):
            if colour in present:
                prices += track[: len(track) - on_market]
        prices.sort(reverse=True)
        self.earned = [sum(prices[:n]) for n in range(len(prices) + 1)]
        self.decks = pos.map_decks
        self.buy_prices = comps.setup.map_prices
        taken = temple_island_set(pos)
        cards = set(hero.maps) | {c for deck in self.decks for c in deck}
        key = (pos.to_move, frozenset(cards), frozenset(taken))
        if key not in self.shared.fits:
            fits: dict[Quad, frozenset[str]] = {}
            useful: set[str] = set()
            # Each card's requirements as bounds on a site's coordinates, once (R-EXC-2).
            tests = [(c, site_bounds(board, pos.to_move, comps.map[c])) for c in sorted(cards)]
            for island, quads in board.island_quads.items():
                if island == board.thera_island or island in taken:
                    continue
                ok = frozenset(c for c, b in tests if any(fits_bounds(b, q) for q in quads))
                if ok:
                    fits[island] = ok
                    useful |= ok
            self.shared.fits[key] = (fits, useful)
        self.fits, self.useful = self.shared.fits[key]
        """Read only (shared by the positions of one board)."""
        self.cubes = {i: sum(n.values()) for i, n in pos.cubes_by_island.items() if sum(n.values())}
        self.thera = board.thera_island
        self.spots = sorted({self.thera, *self.fits, *self.cubes})
        self.occupied = pos.seat(pos.other).boat
        self._dist: dict[str | Quad, list[tuple[Quad, int]]] = {}
        self._by_comp: dict[int, list[str]] | None = None
        self._goals: dict[frozenset[tuple[Quad, str]], int] = {}
        self._old: dict[str, int] = {}
        self._quarters: dict[tuple[Quad, str], frozenset[str]] = {}
        """Each goal card's points for the hero's temples before the turn."""
        self._memo: dict[tuple[object, ...], int] = {}
        self.prune_poorer = False
        """Whether `search` drops a state reached before with more drachmas (reach_two's)."""
        self._richest: dict[tuple[object, ...], int] = {}
        """With `prune_poorer`: the most drachmas each state was reached with."""
        self.multi: frozenset[Quad] | set[Quad] = frozenset()
        """Islands (a subclass's spots) where more than one temple may be excavated."""
        self.stash_loads_again = False
        """Whether unloaded cubes are sold only after a load takes them aboard again (reach_two's);
        else at the next sale, without a load."""
        self.bonus = [0] * (self.left + 2)
        """Actions the j-th excavation of the line adds (reach_two's turn 2, R-TURN-2)."""
        self.allowed: dict[tuple[Quad, str], int] | None = None
        """Per (island, card): the boards (bits) where the card fits there (reach_two's); None:
        one board."""
        self.buys_help = True
        """Whether a buy is worth trying at all."""
        self.goal_pool = pos.goal_face_up if pos.strategist else pos.goal_deck
        reveals = comps.player_board.reveals
        n0 = len(hero.temples)
        self.draws_after = [sum(1 for r in reveals[n0 : n0 + k] if r.goal_draw) for k in range(self.left + 1)]
        self.keep_states()

    def best(self) -> int:
        hero = self.hero
        assert hero.boat is not None
        start = hero.boat
        hand = tuple(c for c in hero.maps if c in self.useful)  # a card that fits nowhere scores nothing
        return self.search(
            start, self.pos.actions_left, hero.drachmas, len(hero.cargo), 0, hand, frozenset(), (0, 0, 0), ()
        )

    def unread(
        self, acts: int, hand: tuple[str, ...], dug: frozenset[tuple[Quad, str]], bought: tuple[int, int, int]
    ) -> tuple[tuple[str, ...], tuple[int, int, int]]:
        """The hand and the cards bought from each deck as far as the rest of the search reads
        them, so that states that differ only in what is never read merge (the same bound,
        fewer states): with no action left no card is excavated (an excavation is an action),
        nor with every temple placed; with fewer than 2 actions no card is bought (a buy, then
        an excavation)."""
        if not acts or len(dug) >= self.left:
            return (), (0, 0, 0)
        if acts < 2:
            return hand, (0, 0, 0)
        return hand, bought

    def leaf(self, drachmas: int, dug: frozenset[tuple[Quad, str]], mask: int = 1) -> int:
        """The bound on the score of a line that stops here (R-SCORE-1); with `scale`, on its score
        times `scale` plus its drachmas (the margin objective's order, R-SCORE-3): a real line's
        relaxed stops leave it no fewer drachmas (sales earn the best prices, a buy and an
        excavation cost what they cost) and no fewer points, so the pair bounds it too."""
        if dug not in self._goals:
            maps = self.pos.components.map
            self._goals[dug] = self.base_maps + sum(maps[c].points for _, c in dug) + self.goal_part(dug)
        points = self._goals[dug] + drachmas // 10
        return points * self.scale + drachmas if self.scale else points

    def keep_states(self) -> None:
        """What `search` keeps per search (session 61): its legs from a stop by what they read
        (`_plan`), each card's cost, a hand's distinct cards in order, the islands of the temples
        dug, `load_turns` and `amounts` by their arguments (`amounts` for one memo: it may read
        the search's mode, which `blind_first` changes only with a new memo). Called by the
        constructors."""
        self._plans: dict[tuple[object, ...], Plan] = {}
        self._costs = {c: card.cost for c, card in self.pos.components.map.items()}
        self._hands: dict[tuple[str, ...], list[str]] = {}
        self._dug_islands: dict[frozenset[tuple[Quad, str]], set[Quad]] = {}
        self._dug: dict[tuple[object, ...], tuple[tuple[str, ...], frozenset[tuple[Quad, str]]]] = {}
        """An excavation's hand and temples after it, by (hand, dug, spot, card)."""
        self._digs: dict[tuple[object, ...], tuple[int, int, int]] = {}
        """`dig_turns` by its arguments."""
        self._ways: dict[tuple[Quad, int, int], tuple[tuple[int, int, int], ...]] = {}
        self._amounts: dict[tuple[object, ...], Sequence[tuple[int, int]]] = {}
        self._loading: dict[tuple[object, ...], tuple[tuple[int, int, Taken, int], ...]] = {}
        """`load_children` by its arguments (for one memo, as `_amounts`)."""
        self._amounts_of: object = None
        self._packs: dict[tuple[int, Taken], int] = {}
        """`turn_one_over`'s answers past turn 1 by (sold, taken), for the memo `_packs_of`."""
        self._packs_of: object = None

    def search(
        self,
        at: str | Quad,
        acts: int,
        drachmas: int,
        cargo: int,
        sold: int,
        hand: tuple[str, ...],
        dug: frozenset[tuple[Quad, str]],
        bought: tuple[int, int, int],
        taken: tuple[tuple[Quad, int], ...],
        stash: int = 0,
        mask: int = 1,
        gained: int = 0,
        income: int = 0,
        held: int = 0,
    ) -> int:
        """The best leaf from the start (`at` the boat's dock) or a stop on island `at`, with
        `sold` cubes sold so far for `income` drachmas at most (`income_after`). `mask`: the boards
        the excavations so far allow, where a subclass searches several (analysis/reach/reach_two.py:
        `allowed`, `bonus`, `multi`).

        What a state reads of the search's fixed facts is kept by what it reads (`_plan`, a
        hand's cards, the islands dug: session 61; an excavation's hand, temples, actions and
        room, and a Load's children: session 78, reach_children.py), and the children are searched
        in the same order as before, so the states, their values and where the search stops
        (`Reached`, `TooBig`) are unchanged: only the cost of each state is lower."""
        if self.last_loads_unread:
            if not acts and not isinstance(at, str):
                sellable = cargo if self.stash_loads_again else cargo + stash
                if not (sellable and self.stop_at(at) == self.thera):
                    # No action left after a stop away from a sale: the line stops here (below).
                    return self.leaf(drachmas, dug, mask)
            if acts <= 1 and self.thera not in self.cubes:
                # No load is searched with one action left (the `late` cut below): the cubes
                # taken are forgotten (looser: only an excavation's turn-2 actions let a load
                # follow, which may then take them again).
                taken = self.forget(taken, cargo + stash)
        # `unread`, inlined (session 78: a call at every state).
        if not acts or len(dug) >= self.left:
            hand, bought = (), (0, 0, 0)
        elif acts < 2:
            bought = (0, 0, 0)
        was = gained
        if gained < OVER:  # `turn_over` reads no more once turn 1 is over (reach_turns')
            gained = self.turn_over(acts, gained)
        memo = self._memo
        if gained == OVER:
            if was >= OVER:
                # A child made past turn 1: `turn_one_over` reads only `sold` and `taken` (and the
                # search's mode, which `blind_first` changes only with a new memo), so its answers
                # are kept by them for one memo (session 81).
                if self._packs_of is not memo:
                    self._packs, self._packs_of = {}, memo
                packs_key = (sold, taken)
                packed = self._packs.get(packs_key)
                if packed is None:
                    packed = self._packs[packs_key] = self.turn_one_over(was, acts, at, sold, cargo, stash, taken)
                gained = packed
            else:
                gained = self.turn_one_over(was, acts, at, sold, cargo, stash, taken)
        key: Key = (at, acts, drachmas, cargo, sold, hand, dug, bought, taken, stash, mask, gained, income)
        if held:
            # A stop of reach_split.py's split sale: `HOLD`, or `1 + T2` (every leg away with at
            # most T2 actions; none more than `acts`: the mark is void).
            held = held if held < 0 or held <= acts else 0
            key = (*key, held)
        known = memo.get(key)
        if known is not None:
            return known
        if self.ceiling is not None and self.ask is not None:
            # No leaf below reaches the value asked: the ceiling stands for the state's value
            # (analysis/reach/reach_ceiling.py).
            place = at if isinstance(at, str) else self.stop_at(at)  # a marked stop as its spot
            top = self.ceiling(acts, drachmas, cargo, sold, stash, hand, dug, mask, gained, income, place)
            if top < self.ask:
                memo[key] = top
                return top
        if self.prune_poorer:
            # A state that differs from one already reached only in fewer drachmas can do
            # nothing more (every cost is checked against the drachmas, and the score grows with
            # them): its leaves are no better than that state's, whose leaves reach the maximum.
            poorer = (at, acts, cargo, sold, hand, dug, bought, taken, stash, mask, gained, income, held)
            richest = self._richest
            if richest.get(poorer, -1) > drachmas:
                return -(10**9)
            richest[poorer] = drachmas
        self.nodes -= 1
        if self.nodes < 0:
            raise TooBig
        best = self.leaf(drachmas, dug, mask)
        here = self.stop_at(at)
        thera = self.thera
        kept = stash if self.stash_loads_again else 0
        search = self.search
        if here == thera and cargo + stash - kept and held >= 0:
            # Selling is free and only adds drachmas: a stop at Thera sells first, the cubes
            # unloaded before too (as if loaded again on the way, without the action). With
            # `stash_loads_again` those are sold only after a Load takes them aboard again (below).
            n = min(len(self.earned) - 1, sold + cargo + stash - kept)
            if gained < OVER and self.split_sale:  # by its turn (reach_split.py)
                args = (at, acts, drachmas, cargo, sold, hand, dug, bought, taken, kept, mask, gained, income)
                best = max(best, self.split_sales(*args, n))
                memo[key] = best
                return best
            earns = max(income, self.income_after(n, taken, gained))
            best = max(
                best,
                search(
                    at, acts, drachmas + earns - income, 0, n, hand, dug, bought, taken, kept, mask, gained, earns, held
                ),
            )
            memo[key] = best
            return best
        if here == thera and kept and acts:
            # The cubes unloaded before, sold after a Load took them aboard again on the way
            # (one action, anywhere: looser); or not (the search goes on from here).
            n = min(len(self.earned) - 1, sold + kept)
            earns = max(income, self.income_after(n, taken, gained))
            best = max(
                best,
                search(
                    at,
                    acts - 1,
                    drachmas + earns - income,
                    0,
                    n,
                    hand,
                    dug,
                    bought,
                    taken,
                    0,
                    mask,
                    gained,
                    earns,
                    max(0, held),
                ),
            )
        if held > 0:
            # Turn 1 ended at this stop (reach_split.py's (b)): every leg away with at most turn 2's
            # own actions; below, only the stop's own children (a Buy, a Load) with every action.
            best = max(
                best,
                search(at, held - 1, drachmas, cargo, sold, hand, dug, bought, taken, stash, mask, gained, income),
            )
        if not acts and not isinstance(at, str):
            # No action left after a stop: no leg is free (the free points are the start's), and
            # an unload sells nothing away from Thera, so the line stops here.
            memo[key] = best
            return best
        if cargo:
            # An unload (R-FREE-2, free, ending the Move action) empties the boat, whose Move
            # actions then give 2 points; its cubes stay on an island, to be loaded again (here
            # kept aside and sold at the next sale). An unload on the way is one at this stop.
            for j, gone in self.unload_amounts(cargo, taken):
                sub = search(
                    at, acts, drachmas, cargo - j, sold, hand, dug, bought, gone, stash + j, mask, gained, income, held
                )
                if sub > best:
                    best = sub
        pkey = (at, acts, gained, cargo)
        plan = self._plans.get(pkey)
        if plan is None:
            plan = self._plans[pkey] = self._plan(at, acts, gained, cargo)
        if not plan:
            memo[key] = best
            return best
        cards = self._hands.get(hand)
        if cards is None:
            cards = self._hands[hand] = sorted(set(hand))
        can_dig = len(dug) < self.left
        done: set[Quad] = set()
        if can_dig and dug:
            done = self._dug_islands.get(dug) or self._dug_islands.setdefault(dug, {i for i, _ in dug})
        cost_of = self._costs
        dug_of = self._dug
        digs = self._digs
        sells = cargo + stash - kept
        buys = self.buys_help and can_dig
        multi = self.multi
        allowed = self.allowed
        late_cut = self.last_loads_unread
        may_load = cargo < 3 or self.touches(taken)
        if self._amounts_of is not memo:
            self._amounts, self._loading, self._amounts_of = {}, {}, memo
        loading = self._loading
        for island, at_thera, fits, legs, bits in plan:
            narrow = mask & bits  # the boards whose own routes give the leg (`plan_moves`)
            if not narrow or (held > 0 and island != here):
                continue  # with `held` above 0, every leg away is the capped state's (above)
            stay = held if island == here else 0  # a split sale's mark, kept at its stop
            for m, after, loads, to in legs:
                if at_thera and (sells or (kept and acts > m and here != thera)) and not (stay < 0 and not m):
                    sub = search(
                        to,
                        acts - m,
                        drachmas,
                        cargo,
                        sold,
                        hand,
                        dug,
                        bought,
                        taken,
                        stash,
                        narrow,
                        gained,
                        income,
                        max(0, stay),
                    )
                    if sub > best:
                        best = sub
                    continue
                if after < 0:
                    continue
                if at_thera and buys and after >= 2:
                    # A card bought scores only once excavated: a Move action to an island other
                    # than Thera (at least one point from it) and the excavation. After a buy with
                    # fewer actions left, the cards bought score nothing and nothing else is
                    # reachable that the stop before it does not reach with more drachmas.
                    last = len(dug) + 1 == self.left  # one excavation left (`last_buys`)
                    for cost, new_hand, t in self.purchases(after, drachmas, hand, bought, last):
                        sub = search(
                            to,
                            after,
                            drachmas - cost,
                            cargo,  # none but at a hold's stop (reach_split.py): sold first
                            sold,
                            new_hand,
                            dug,
                            t,
                            taken,
                            stash,
                            narrow,
                            gained,
                            income,
                            stay,
                        )
                        if sub > best:
                            best = sub
                if fits is not None and can_dig and (island not in done or island in multi):
                    for c in cards:
                        if c in fits and cost_of[c] <= drachmas:
                            allow = narrow if allowed is None else narrow & allowed[(island, c)]
                            if not allow:
                                continue
                            # Its actions and room, kept by what they read (`dig_turns`, session 78).
                            tkey = (after, gained, island, c, dug)
                            turned = digs.get(tkey)
                            if turned is None:
                                turned = digs[tkey] = self.dig_turns(after, gained, island, c, dug)
                            extra, now, room = turned
                            allow &= room
                            if not allow:
                                continue
                            # The hand and temples after it, each made once (`_dug`, session 78).
                            dkey = (hand, dug, island, c)
                            made = dug_of.get(dkey)
                            if made is None:
                                rest = list(hand)
                                rest.remove(c)
                                made = dug_of[dkey] = (tuple(rest), dug | {(island, c)})
                            sub = search(
                                to,
                                after + extra,
                                drachmas - cost_of[c],
                                cargo,
                                sold,
                                made[0],
                                made[1],
                                bought,
                                taken,
                                stash,
                                allow,
                                now,
                                income,
                            )
                            if sub > best:
                                best = sub
                if not may_load or (late_cut and after == 0 and not at_thera):
                    continue  # `late`: a Load with no action after it is never sold
                for lying, later, now in loads:
                    # The Loads' children by what they read (`load_children`, session 78).
                    lkey = (island, lying, now >= OVER, cargo, kept, taken)
                    children = loading.get(lkey)
                    if children is None:
                        children = loading[lkey] = self.load_children(island, lying, now >= OVER, cargo, kept, taken)
                    for again, k, more, bits in children:
                        keep = narrow & bits
                        if not keep:
                            continue
                        sub = search(
                            to,
                            later,
                            drachmas,
                            cargo + again + k,
                            sold,
                            hand,
                            dug,
                            bought,
                            more,
                            stash - again,
                            keep,
                            now,
                            income,
                            stay,
                        )
                        if sub > best:
                            best = sub
        memo[key] = best
        return best
