"""The legs of the relaxed turn (analysis/reach/reach_bound.py's `Relaxed`, R-MOVE-1, R-MOVE-2, R-MOVE-3):
the islands a stop may follow one at a dock or island, the least movement points to each, and the
legs `search` tries from a stop, kept by what they read (`_plan`).

Moved out of reach_bound.py unchanged (session 61) so that module stays under ~600 lines."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import Any

from ...geometry import Quad
from ...position import Position

Plan = list[
    tuple[
        Quad,
        bool,
        frozenset[str] | None,
        tuple[tuple[int, int, tuple[tuple[int, int, int], ...], str | Quad], ...],
        int,
    ]
]
"""`Relaxed._plan`: per island, whether it is Thera, its cards that fit, per leg's Move actions
the actions left after the stop, the ways of a Load there (`load_turns`) and the stop the leg
leads to (`leg_stops`: the island, or reach_two's marked stop there), and the boards (bits of
`mask`) the leg keeps (`plan_moves`; -1: every board)."""


class Legs:
    """`Relaxed`'s legs (module doc)."""

    pos: Position
    occupied: str | None
    spots: list[Quad]
    thera: Quad
    fits: dict[Quad, frozenset[str]]
    shared: Any
    _dist: dict[str | Quad, list[tuple[Quad, int]]]
    _by_comp: dict[int, list[str]] | None
    _ways: dict[tuple[Quad, int, int], tuple[tuple[int, int, int], ...]]

    def leg_actions(
        self, at: str | Quad, island: Quad, least: int, acts: int, gained: int, cargo: int, free: int
    ) -> tuple[int, ...]:
        raise NotImplementedError  # Relaxed's, or reach_turns.TwoTurns'

    def leg_stops(
        self, at: str | Quad, island: Quad, least: int, acts: int, gained: int, cargo: int, free: int
    ) -> tuple[tuple[int, str | Quad], ...]:
        """`leg_actions`, each with the stop the leg leads to: here `island` (reach_turns.TwoTurns'
        may mark it, analysis/reach/reach_first_stops.py)."""
        return tuple((m, island) for m in self.leg_actions(at, island, least, acts, gained, cargo, free))

    def load_turns(self, island: Quad, after: int, gained: int) -> tuple[tuple[int, int, int], ...]:
        raise NotImplementedError  # Relaxed's, or reach_turns.TwoTurns'

    def moves(self, at: str | Quad) -> list[tuple[Quad, int]]:
        """The islands where a stop may follow one at `at` (the boat's dock at the start, an
        island after a stop: the boat at any of its docks), with the movement points the leg
        takes at least (R-MOVE-1: a ship step, 1 point, reaches any dock of the route component,
        a portage step any dock of the island; R-MOVE-3: leaving the other boat's dock costs 2,
        and no stop is made there), for the islands within the turn's reach."""
        if at in self._dist:
            return self._dist[at]
        _, points = self.legs(at)
        most = 2 * self.pos.actions_left + self.pos.points
        # Nearest first: the search stops at the first island its actions left do not reach.
        found = sorted(((i, points[i]) for i in self.spots if i in points and points[i] <= most), key=lambda x: x[1])
        self._dist[at] = found
        return found

    def legs(self, at: str | Quad) -> tuple[dict[str, int], dict[Quad, int]]:
        """The least movement points from `at` (as `moves`) to each dock, and to each island by
        its cheapest dock (the other boat's dock is passed, never a stop). Read only (shared)."""
        key = (self.occupied, at)
        if key not in self.shared.legs:
            self.shared.legs[key] = self._legs(at)
        return self.shared.legs[key]

    def _legs(self, at: str | Quad) -> tuple[dict[str, int], dict[Quad, int]]:
        board = self.pos.board
        comp_of = board.ship_component
        if self._by_comp is None:
            self._by_comp = {}
            for name, comp in comp_of.items():
                self._by_comp.setdefault(comp, []).append(name)
        by_comp = self._by_comp
        sources = [at] if isinstance(at, str) else [d for d in board.docks_of_island[at] if d != self.occupied]
        out = dict.fromkeys(sources, 0)
        heap = [(0, d) for d in sources]
        # A step reaches every dock of the route component and of the island at once, so the
        # first dock taken from the heap (the cheapest) that is not the other boat's gives them
        # all their least points: a later one of the same component or island is no cheaper.
        spent: set[tuple[bool, object]] = set()
        while heap:
            n, d = heapq.heappop(heap)
            if n > out[d]:
                continue
            other = d == self.occupied
            cost = n + (2 if other else 1)
            route = comp_of.get(d)
            island = board.island_of_dock[d]
            groups: list[tuple[tuple[bool, object], Sequence[str]]] = [((False, island), board.docks_of_island[island])]
            if route is not None:
                groups.append(((True, route), by_comp[route]))
            for group, docks in groups:
                if group in spent:
                    continue
                if not other:
                    spent.add(group)
                for e in docks:
                    if cost < out.get(e, 10**9):
                        out[e] = cost
                        heapq.heappush(heap, (cost, e))
        points: dict[Quad, int] = {}
        for d, n in out.items():
            if d == self.occupied:
                continue
            i = board.island_of_dock[d]
            points[i] = min(points.get(i, n), n)
        return out, points

    def _plan(self, at: str | Quad, acts: int, gained: int, cargo: int) -> Plan:
        """The legs `search` tries from `at`: each island of `moves(at)` in order, up to the first
        one `acts` actions do not reach, whether it is Thera and the cards that fit there, and for
        each Move action of `leg_stops` the actions left after the stop, the ways of a Load there
        (`load_turns`) and the stop it leads to. `moves`, `leg_actions` and `load_turns` are functions of their
        arguments and the search's fixed facts, so `search` keeps this by (at, acts, gained,
        cargo) (`_plans`): the same legs in the same order as working them out at each state."""
        free = self.pos.points if isinstance(at, str) else 0
        out: Plan = []
        for island, steps, bits in self.plan_moves(at):
            need = max(0, steps - free)
            least = need if cargo else (need + 1) // 2  # R-MOVE-2: 1 point a Move with cargo, else 2
            if least > acts:
                break  # the islands after it are no nearer (`moves`)
            ways = tuple(
                (m, acts - m - 1, self._load_ways(island, acts - m - 1, gained) if m < acts else (), to)
                for m, to in self.leg_stops(at, island, least, acts, gained, cargo, free)
            )
            out.append((island, island == self.thera, self.fits.get(island), ways, bits))
        return out

    def plan_moves(self, at: str | Quad) -> list[tuple[Quad, int, int]]:
        """`moves(at)` with the boards (bits of the search's `mask`) each leg keeps: here every
        board (-1); reach_board_legs.py's `BoardLegs` tells a group's boards apart by their own
        routes. Nearest first (`_plan` stops at the first island out of reach)."""
        return [(island, steps, -1) for island, steps in self.moves(at)]

    def _load_ways(self, island: Quad, after: int, gained: int) -> tuple[tuple[int, int, int], ...]:
        key = (island, after, gained)
        got = self._ways.get(key)
        if got is None:
            got = self._ways[key] = self.load_turns(island, after, gained)
        return got
