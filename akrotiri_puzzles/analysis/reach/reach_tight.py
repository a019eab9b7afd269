"""The tighter model-free bound (`tight_bound`): the relaxation of analysis/reach/reach_bound.py with the
cubes the boat unloads kept on the island where they were unloaded, sold only after a Load
there again (R-LOAD-1, R-FREE-2), and an action at the boat's own dock leaving it there.

The relaxed turn of reach_bound.py keeps unloaded cubes aside and sells them at the next sale
without a Load, so a line that unloads at the start moves at 2 points a Move (R-MOVE-2) and
still sells them: on the last turn of seed 102 2016 south that bound is 45 on 104 of 106
groups of placements whose members reach at most 44. Here, instead:

- `taken` counts the cubes each island has lost (loads less unloads): a load (R-LOAD-1) takes
  as many as the boat holds of those lying there at the start and those unloaded there, less
  those taken before;
- an unload (R-FREE-2) leaves any number of the cubes aboard on the island where the boat is,
  either at a stop (keeping the start's points left, which the engine's unload ends) or on a
  leg, at a dock on the way: a stop without an action, the boat leaving from that dock with no
  point left. An unload on the way where the cubes could not be loaded again and sold (fewer
  actions left than a Load and the points to Thera, 1 a Move with cargo) is not tried: the same
  unload at the stop before does as well (a leg through that dock, empty from there, takes no
  more Move actions: 2 points each instead of 1 with cargo up to the dock). Cubes that can no
  longer reach Thera so are forgotten, and with every temple placed the hand and the buys, so
  that states merge;
- an action at the start without a step leaves the boat at its dock (after any other stop it
  may leave from any dock of the island, as in reach_bound.py);
- a sale at the start keeps the points left of a Move action (the engine ends them: sound);
- the n cubes sold earn the n best prices among the empty spaces of the colours aboard and of
  the cubes on islands from which a Load and the way to Thera fit in the actions left
  (`prices`; reach_bound.py takes every colour on the board).

Everything else is reach_bound.py's relaxation, so every line of the turn is a sequence of such
stops, none cheaper here, and the bound is at least its score (often below reach_bound.py's).
It costs about twice as much, so the placement search asks it only where that bound
does not already skip (analysis/best_first.py). A test compares it with each sampled position's
own optimum (tests/test_reach_bound.py).
"""

from __future__ import annotations

from ...components import COLOURS
from ...geometry import Quad
from ...position import Position
from .reach_bound import NODES, Relaxed, Shared, TooBig


def tight_bound(pos: Position, nodes: int = NODES, shared: Shared | None = None, scale: int = 0) -> int | None:
    """An upper bound on the hero's score after any line of the action phase at `pos`, or None
    where the relaxation does not apply or its search is too large (as score_bound, `scale` too)."""
    hero = pos.hero
    if pos.phase != "act" or pos.passing or not pos.piles_known or hero.boat is None:
        return None
    try:
        return _Tight(pos, nodes, shared, scale).best()
    except TooBig:
        return None


class _Tight(Relaxed):
    """The tighter relaxed turn of one position (module doc)."""

    def __init__(self, pos: Position, nodes: int, shared: Shared | None = None, scale: int = 0) -> None:
        super().__init__(pos, nodes, shared, scale)
        self._docks: dict[str | Quad, list[tuple[str, int]]] = {}
        self._to_thera: dict[Quad, int] = {}
        self._stops: dict[str | Quad, list[tuple[str | Quad, Quad, int]]] = {}
        self._unloads: dict[tuple[str | Quad, int, int], list[tuple[str, Quad, int]]] = {}
        self.earned = self.prices()

    def prices(self) -> list[int]:
        """What n cubes sold earn at most (R-FREE-1): the n best prices among the empty market
        spaces of the colours aboard and of the cubes on islands from which a line could still
        sell them: reach a dock of the island (2 points a Move at best, R-MOVE-2, the points left
        first), a Load there, then the points from that dock to Thera, 1 a Move with cargo."""
        pos = self.pos
        hero = pos.hero
        assert hero.boat is not None
        island_of = pos.board.island_of_dock
        island_of_piece = pos.board.island_of_piece
        with_cubes = {island_of_piece[piece] for piece, _, n in pos.cubes if n}
        sellable: set[Quad] = set()
        for dock, n in self.dock_moves(hero.boat):
            if island_of[dock] not in with_cubes or island_of[dock] in sellable:
                continue
            to_thera = next((k for i, k in self.moves(dock) if i == self.thera), None)
            if to_thera is not None and (max(0, n - pos.points) + 1) // 2 + 1 + to_thera <= pos.actions_left:
                sellable.add(island_of[dock])
        present = set(hero.cargo) | {c for piece, c, n in pos.cubes if n and island_of_piece[piece] in sellable}
        track = pos.components.market.track
        prices: list[int] = []
        for colour, on_market in zip(COLOURS, pos.market, strict=True):
            if colour in present:
                prices += track[: len(track) - on_market]
        prices.sort(reverse=True)
        return [sum(prices[:n]) for n in range(len(prices) + 1)]

    def moves(self, at: str | Quad) -> list[tuple[Quad, int]]:
        """As `Relaxed.moves`, to every island within the turn's reach (not only the spots of
        the coarser bound), keeping the docks too (`dock_moves`)."""
        if at in self._dist:
            return self._dist[at]
        out, points = self.legs(at)
        most = 2 * self.pos.actions_left + self.pos.points
        found = [(i, n) for i, n in sorted(points.items()) if n <= most]
        self._dist[at] = found
        self._docks[at] = sorted((d, n) for d, n in out.items() if d != self.occupied and n <= most)
        return found

    def dock_moves(self, at: str | Quad) -> list[tuple[str, int]]:
        """The docks a leg from `at` may end at, with their movement points (as `moves`)."""
        if at not in self._docks:
            self.moves(at)
        return self._docks[at]

    def to_thera(self, island: Quad) -> int:
        """The fewest movement points from a stop on `island` to Thera (a large number when
        beyond the turn's reach)."""
        if island not in self._to_thera:
            self._to_thera[island] = next((n for i, n in self.moves(island) if i == self.thera), 10**6)
        return self._to_thera[island]

    def stops(self, at: str | Quad) -> list[tuple[str | Quad, Quad, int]]:
        """Where the next stop (an action, or a sale) may be made from `at`: the dock or island
        the boat is then at, its island, and the leg's movement points (`moves`). An action
        without a step leaves the boat at its dock (no portage for free after it); a stop at
        another dock of the island takes a portage step at least."""
        if at not in self._stops:
            out: list[tuple[str | Quad, Quad, int]] = [(i, i, n) for i, n in self.moves(at)]
            if isinstance(at, str):
                island_of = self.pos.board.island_of_dock
                here = island_of[at]
                own = [n for d, n in self.dock_moves(at) if d != at and island_of[d] == here]
                out = [(at, here, 0)] + ([(here, here, min(own))] if own else []) + [x for x in out if x[1] != here]
            # Nearest first: the search stops at the first one its actions left do not reach.
            self._stops[at] = sorted(out, key=lambda x: x[2])
        return self._stops[at]

    def unloads(self, at: str | Quad, free: int, acts: int) -> list[tuple[str, Quad, int]]:
        """The docks on the way from `at` where the boat may stop to unload cubes that could
        still be loaded again there and sold (search), each with its island and the Move actions
        its leg takes with cargo (R-MOVE-2: 1 point each, the `free` points left spent first)."""
        key = (at, free, acts)
        if key not in self._unloads:
            board = self.pos.board
            here = board.island_of_dock[at] if isinstance(at, str) else at
            out = []
            for dock, steps in self.dock_moves(at):
                island = board.island_of_dock[dock]
                m = max(0, steps - free)
                if island not in (here, self.thera) and acts - m > self.to_thera(island):
                    out.append((dock, island, m))
            self._unloads[key] = out
        return self._unloads[key]

    def best(self) -> int:
        hero = self.hero
        assert hero.boat is not None
        start = hero.boat
        hand = tuple(c for c in hero.maps if c in self.useful)  # a card that fits nowhere scores nothing
        return self.walk(
            start,
            self.pos.points,
            self.pos.actions_left,
            hero.drachmas,
            len(hero.cargo),
            0,
            hand,
            frozenset(),
            (0, 0, 0),
            (),
        )

    def walk(
        self,
        at: str | Quad,
        free: int,
        acts: int,
        drachmas: int,
        cargo: int,
        sold: int,
        hand: tuple[str, ...],
        dug: frozenset[tuple[Quad, str]],
        bought: tuple[int, int, int],
        taken: tuple[tuple[Quad, int], ...],
    ) -> int:
        """The best leaf from a dock `at` (the start, or a stop to unload on the way) with `free`
        movement points left of a Move action, or from a stop on island `at`, with `sold` cubes
        sold so far and `taken` the cubes each island has lost (loads less unloads)."""
        if taken:
            # Cubes of an island from which no load can reach Thera with the actions left (a
            # Load, then a point a Move with cargo, R-MOVE-2) are never sold: forget them.
            taken = tuple((i, n) for i, n in taken if acts > self.to_thera(i))
        # Every temple placed, or no action left: no card is excavated any more, so none
        # bought is read (`Relaxed.unread`).
        hand, bought = self.unread(acts, hand, dug, bought)
        key = (at, free, acts, drachmas, cargo, sold, hand, dug, bought, taken)
        if key in self._memo:
            return self._memo[key]
        self.nodes -= 1
        if self.nodes < 0:
            raise TooBig
        board = self.pos.board
        best = self.leaf(drachmas, dug)
        here = board.island_of_dock[at] if isinstance(at, str) else at
        if here == self.thera and cargo:
            # Selling is free and only adds drachmas: a stop at Thera sells the cargo first (the
            # points left of a Move action kept, which a sale ends, R-MOVE-2).
            n = min(len(self.earned) - 1, sold + cargo)
            gain = self.earned[n] - self.earned[sold]
            best = max(best, self.walk(at, free, acts, drachmas + gain, 0, n, hand, dug, bought, taken))
            self._memo[key] = best
            return best
        if not acts and not free:
            # No action left and no point: no leg, and an unload sells nothing away from Thera,
            # so the line stops here.
            self._memo[key] = best
            return best
        if cargo and here != self.thera:
            # An unload (R-FREE-2, free) of some of the cubes, which stay on this island, to be
            # loaded again only here (R-LOAD-1). It ends the Move action, but the points left
            # are kept here: then an unload on the way is never better than one here (below).
            for j in range(1, cargo + 1):
                t = _moved(taken, here, -j)
                best = max(best, self.walk(at, free, acts, drachmas, cargo - j, sold, hand, dug, bought, t))
        done = {i for i, _ in dug}
        maps = self.pos.components.map
        cards = sorted(set(hand))
        got = dict(taken)
        if cargo:
            # The boat may stop on the way to unload (free, the Move action's points lost,
            # R-MOVE-2): a stop at a dock without an action, the cubes left on its island to be
            # loaded again there. Where they could not be (no action left for a Load and the
            # way to Thera), the unload is as good here: a leg through that dock from here,
            # empty, takes no more actions (module doc).
            for dock, island, m in self.unloads(at, free, acts):
                for j in range(1, cargo + 1):
                    t = _moved(taken, island, -j)
                    best = max(best, self.walk(dock, 0, acts - m, drachmas, cargo - j, sold, hand, dug, bought, t))
        for dest, island, steps in self.stops(at):
            need = max(0, steps - free)
            m = need if cargo else (need + 1) // 2  # R-MOVE-2: 1 point a Move with cargo, else 2
            if m > acts:
                break  # the stops after it are no nearer (`stops`)
            if island == self.thera and cargo:
                best = max(best, self.walk(island, 0, acts - m, drachmas, cargo, sold, hand, dug, bought, taken))
                continue
            if m + 1 > acts:
                continue
            if island == self.thera and acts - m - 1 >= 1 and len(dug) < self.left:
                # A card bought scores only once excavated, which takes another action.
                best = max(best, self.walk_buys(dest, acts - m - 1, drachmas, sold, hand, dug, bought, taken))
            fits = self.fits.get(island)
            if fits is not None and island not in done and len(dug) < self.left:
                for c in cards:
                    if c in fits and maps[c].cost <= drachmas:
                        rest = list(hand)
                        rest.remove(c)
                        nd = dug | {(island, c)}
                        sub = self.walk(
                            dest,
                            0,
                            acts - m - 1,
                            drachmas - maps[c].cost,
                            cargo,
                            sold,
                            tuple(rest),
                            nd,
                            bought,
                            taken,
                        )
                        best = max(best, sub)
            left = self.cubes.get(island, 0) - got.get(island, 0)
            if cargo < 3 and left > 0:
                # The boat takes as many as it can (fewer is the same as unloading some here):
                # the island's cubes and those unloaded on it, less those already taken.
                k = min(3 - cargo, left)
                more = _moved(taken, island, k)
                best = max(best, self.walk(dest, 0, acts - m - 1, drachmas, cargo + k, sold, hand, dug, bought, more))
        self._memo[key] = best
        return best

    def walk_buys(
        self,
        at: str | Quad,
        acts: int,
        drachmas: int,
        sold: int,
        hand: tuple[str, ...],
        dug: frozenset[tuple[Quad, str]],
        bought: tuple[int, int, int],
        taken: tuple[tuple[Quad, int], ...],
    ) -> int:
        """The best after one buy at Thera (R-BUY-1; the boat empty, its cargo sold), the cards
        the decks' next ones (`Relaxed.purchases`)."""
        best = -(10**9)
        for cost, new_hand, t in self.purchases(acts, drachmas, hand, bought):
            best = max(best, self.walk(at, 0, acts, drachmas - cost, 0, sold, new_hand, dug, t, taken))
        return best


def _moved(taken: tuple[tuple[Quad, int], ...], island: Quad, k: int) -> tuple[tuple[Quad, int], ...]:
    """`taken` with `k` more cubes taken from `island` (a negative `k`: unloaded on it)."""
    got = dict(taken)
    n = got.get(island, 0) + k
    if n:
        got[island] = n
    else:
        got.pop(island, None)
    return tuple(sorted(got.items()))
