"""One board as the solver reads it, with docks named by alias, cheap to extend by one tile.

A `BoardView` holds what a line can use on a board: which docks one step joins (a shipping-route
component or an island, R-MOVE-1), which docks lie on Thera, where a map card fits (R-EXC-1,
R-EXC-2) and on which island each *part* of land lies (for loading cubes, R-LOAD-1).

Docks of a tile the line places are named by aliases that do not depend on where it goes:
`+1:NE` is the dock the turn-1 tile shows in its NE quadrant when facing north; `+2:...`
likewise for the turn-2 tile. Parts are islands of the puzzle's start board, named `I:x,y`
after their key, and the pieces of placed tiles, `+1:p0` for the turn-1 tile's first piece.

A view of the board after one more tile (`extend`) is worked out from the view before it and
the tile's few neighbours, without building the new board's structure: a tile joins the route
components its ports face and the islands its land touches, and adds one icon.
"""

from __future__ import annotations

import bisect
import math
from collections import deque
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import cast

from ..board import Board, tile_template
from ..components import MapCard
from ..excavation import Bounds, IconCoordinates, bounds_from, fits_bounds
from ..geometry import OPPOSITE, PORT_STEP, PORTS, Quad, format_quad
from ..puzzle import Puzzle
from .points import FAR, Points, built, extended

Label = Hashable
"""A route component or an island: equal labels are the same one."""

START_PREFIX = "I:"


def part_name(island_key: Quad) -> str:
    """The part naming an island of the puzzle's start board."""
    return f"{START_PREFIX}{island_key[0]},{island_key[1]}"


def tile_names(board: Board, which: int, slot: tuple[int, int], tile: str, rotation: int) -> dict[str, str]:
    """Alias -> dock name of the docks of a tile the line places (`which`: 1 or 2), as it lies
    in `slot`, turned by `rotation` (the names `BoardView.names` holds)."""
    spec = board.components.tile[tile]
    t = tile_template(spec, rotation)
    x2, y2 = 2 * slot[0], 2 * slot[1]
    return {f"+{which}:{q}": format_quad((x2 + i, y2 + j)) for q, (i, j) in zip(spec.docks, t.docks, strict=True)}


def cube_parts(puzzle: Puzzle) -> frozenset[str]:
    """The parts of the start board's islands that hold a cube."""
    return frozenset(part_name(isl) for isl, n in puzzle.start.cubes_by_island.items() if any(n.values()))


def cube_docks(view: BoardView, parts: frozenset[str]) -> list[str]:
    """The docks of `view` whose island holds a cube of the start board (`parts`, from
    `cube_parts`) or land of a tile the line places (whose cubes go on its own land, R-TILE-2):
    where a cube may be loaded (R-LOAD-1) before the hero has unloaded any."""
    islands = {view.part[p] for p in parts if p in view.part}
    islands.update(isl for p, isl in view.part.items() if p.startswith("+"))
    return [d for d, isl in view.island.items() if isl in islands]


def cube_counts(puzzle: Puzzle) -> dict[str, int]:
    """The cubes on each island of the start board that holds one, by its part (`cube_parts`)."""
    return {part_name(isl): sum(n.values()) for isl, n in puzzle.start.cubes_by_island.items() if any(n.values())}


def load_docks(view: BoardView, counts: dict[str, int], market: int) -> dict[str, int]:
    """`cube_docks` (from the parts of `counts`, `cube_counts`), each with the most cubes its
    island can hold for a line's only load: the start board's cubes on the parts it took in
    (cubes stay on their piece, R-TILE-3, and islands only merge), and those the tiles the line
    placed on it took from the market (R-TILE-2: two at most a tile, both on its own land), at
    most the `market` held at the start, since a line's only load comes before its first sale
    (only a sale puts a cube back on the market, R-FREE-1)."""
    held = island_cubes(view, counts, market)
    return {d: held[isl] for d, isl in view.island.items() if isl in held}


def island_cubes(view: BoardView, counts: dict[str, int], market: int) -> dict[Label, int]:
    """Per island of `view` holding a part of `counts` or land of a placed tile, with or without
    a dock, the most cubes it can hold for a line's only load (`load_docks`)."""
    held: dict[Label, int] = {}
    tiles: dict[Label, set[str]] = {}
    for p, isl in view.part.items():
        if p.startswith("+"):
            tiles.setdefault(isl, set()).add(p.split(":", 1)[0])
        elif p in counts:
            held[isl] = held.get(isl, 0) + counts[p]
    for isl, placed in tiles.items():
        held[isl] = held.get(isl, 0) + min(market, 2 * len(placed))
    return held


def box(bounds: Bounds) -> tuple[float, float, float, float]:
    """`fits_bounds(bounds, q)` as `lx < q[0] < hx and ly < q[1] < hy`: each bound is one strict
    inequality on one axis (`excavation.site_bounds`), so their conjunction is the least upper
    and the greatest lower bound per axis (infinite where none). `bounds` is not None."""
    low = [-math.inf, -math.inf]
    high = [math.inf, math.inf]
    assert bounds is not None
    for axis, below, bound in bounds:
        if below:
            high[axis] = min(high[axis], bound)
        else:
            low[axis] = max(low[axis], bound)
    return low[0], high[0], low[1], high[1]


@dataclass
class BoardView:
    """What a line can use on one board (see the module docstring)."""

    ship: dict[str, Label]
    """Dock -> its shipping-route component."""
    island: dict[str, Label]
    """Dock -> its island."""
    thera: Label
    blocked: frozenset[Label]
    """Islands where no temple can go: Thera's, and every island holding a temple (R-EXC-1)."""
    icons: IconCoordinates
    part: dict[str, Label]
    """Part -> the island it lies on."""
    quads_of: dict[Label, tuple[Quad, ...]]
    """Land quadrants of each island that holds a dock."""
    names: dict[str, str] = field(default_factory=dict)
    """Alias -> the dock's name on this board, for docks of placed tiles."""
    parent: BoardView | None = field(default=None, repr=False)
    """The view this one extends by one tile, and that tile's icon kind."""
    new_icon: str | None = field(default=None, repr=False)
    _hubs: tuple[list[list[str]], dict[str, list[int]]] | None = field(default=None, repr=False)
    _steps: dict[frozenset[str], dict[str, int]] = field(default_factory=dict, repr=False)
    _bounds: dict[tuple[str, str], Bounds] = field(default_factory=dict, repr=False)
    _fitting: dict[tuple[str, str], frozenset[Label]] = field(default_factory=dict, repr=False)
    _docks_of: dict[Label, list[str]] | None = field(default=None, repr=False)
    _fits: dict[tuple[Bounds, Label], bool] = field(default_factory=dict, repr=False)
    _fit_sets: dict[Bounds, frozenset[Label]] = field(default_factory=dict, repr=False)
    _merged: dict[Label, tuple[tuple[Label, ...], tuple[Quad, ...]]] | None = field(default=None, repr=False)
    """In a view made by `extend`: each island the tile made or enlarged, with the islands of
    the view before it that it took in, and its other land (the tile's pieces, islands that
    had no dock)."""
    _gone: frozenset[Label] = field(default=frozenset(), repr=False)
    """In a view made by `extend`: the islands of the view before it that the tile merged
    into others (their labels are no longer in use)."""
    _points: dict[tuple[str | None, bool, bool], Points] = field(default_factory=dict, repr=False)

    # ---- steps ------------------------------------------------------------------------

    def hubs(self) -> tuple[list[list[str]], dict[str, list[int]]]:
        """The groups of docks one step joins (a shipping-route component, an island; two
        docks or more), and each dock's groups."""
        if self._hubs is None:
            by: dict[tuple[str, Label], list[str]] = {}
            for d in sorted(self.ship):
                by.setdefault(("s", self.ship[d]), []).append(d)
                by.setdefault(("i", self.island[d]), []).append(d)
            hubs = [members for members in by.values() if len(members) >= 2]
            of: dict[str, list[int]] = {d: [] for d in self.ship}
            for h, members in enumerate(hubs):
                for d in members:
                    of[d].append(h)
            self._hubs = (hubs, of)
        return self._hubs

    def groups(self) -> dict[str, list[str]]:
        """Each dock's neighbours: the docks one step reaches, by ship or by portage."""
        hubs, of = self.hubs()
        return {d: sorted({n for h in hs for n in hubs[h]} - {d}) for d, hs in of.items()}

    def by_ship(self, a: str, b: str) -> bool:
        """Whether a ship step joins two docks (else only portage does)."""
        return self.ship[a] == self.ship[b]

    def steps_from(self, sources: Iterable[str]) -> dict[str, int]:
        """Least steps from any source to each dock (breadth first over the groups); worked
        out once per set of sources."""
        key = frozenset(sources)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = self._bfs(key)
        return found

    def _bfs(self, sources: frozenset[str]) -> dict[str, int]:
        hubs, of = self.hubs()
        dist = {d: 0 for d in sorted(sources) if d in of}
        queue = deque(dist)
        done: set[int] = set()
        while queue:
            d = queue.popleft()
            nd = dist[d] + 1
            for h in of[d]:
                if h in done:
                    continue
                done.add(h)
                for n in hubs[h]:
                    if n not in dist:
                        dist[n] = nd
                        queue.append(n)
        return dist

    def nearest_apart(self, label: dict[str, Label]) -> int:
        """Least steps between two docks of `label` whose labels differ (FAR: none), in one
        breadth-first search from all of them: each dock keeps the first two labels that reach
        it, and each group passes on at most two labels (a third arrives later than both)."""
        hubs, of = self.hubs()
        got: dict[str, list[Label]] = {}
        queue: deque[tuple[str, Label, int]] = deque()
        for d in sorted(label):
            if d in of:
                got[d] = [label[d]]
                queue.append((d, label[d], 0))
        passed: dict[int, list[Label]] = {}
        best = FAR
        while queue:
            d, lab, dist = queue.popleft()
            if dist + 1 >= best:
                break  # every later entry is at least as far
            for h in of[d]:
                through = passed.setdefault(h, [])
                if len(through) >= 2 or lab in through:
                    continue
                through.append(lab)
                for n in hubs[h]:
                    have = got.setdefault(n, [])
                    if len(have) >= 2 or lab in have:
                        continue
                    have.append(lab)
                    if n in label and label[n] != lab:
                        best = min(best, dist + 1)
                    queue.append((n, lab, dist + 1))
        return best

    def step_groups(self, portage: bool = True) -> list[tuple[str, ...]]:
        """The groups one step joins (`hubs`); without `portage`, only those a ship step
        joins (a route component, or an island whose docks are all on one)."""
        hubs, _ = self.hubs()
        return [tuple(m) for m in hubs if portage or len({self.ship[d] for d in m}) == 1]

    def points(self, occupied: str | None, passing: bool = True, portage: bool = True) -> Points:
        """Least movement points between every two docks (solver/points.py): a step costs 1,
        2 when it leaves `occupied`, the dock of the opponent's boat (R-MOVE-3); without
        `passing` no step leaves it, without `portage` only ship steps are taken (R-MOVE-1).
        A view one tile larger than its parent derives its matrix from the parent's."""
        key = (occupied, passing, portage)
        found = self._points.get(key)
        if found is None:
            if self.parent is not None and self.parent.ship is self.ship:
                return self.parent.points(*key)  # only an icon more (`with_icon`)
            groups = self.step_groups(portage)
            if self.parent is None:
                found = built(sorted(self.ship), groups, occupied, passing)
            else:
                found = extended(self.parent.points(*key), sorted(self.ship), groups, occupied, passing)
            self._points[key] = found
        return found

    # ---- map cards ----------------------------------------------------------------------

    def bounds(self, seat: str, card: MapCard) -> Bounds:
        """The card's requirements on this board as bounds on a site (excavation.bounds_from),
        taken from the board before the last tile when its icon is of no kind the card needs."""
        key = (seat, card.id)
        if key in self._bounds:
            return self._bounds[key]
        if self.parent is not None and all(kind != self.new_icon for _, kind, _ in card.requires):
            found = self.parent.bounds(seat, card)
        else:
            found = bounds_from(self.icons, seat, card)
        self._bounds[key] = found
        return found

    def docks_of_island(self) -> dict[Label, list[str]]:
        """The docks of each island."""
        if self._docks_of is None:
            out: dict[Label, list[str]] = {}
            for d in sorted(self.island):
                out.setdefault(self.island[d], []).append(d)
            self._docks_of = out
        return self._docks_of

    def fitting(self, seat: str, card: MapCard) -> frozenset[Label]:
        """The islands with a dock where the card fits, read from the seat (R-EXC-1, R-EXC-2)."""
        key = (seat, card.id)
        found = self._fitting.get(key)
        if found is None:
            found = self._fitting[key] = self.fit_set(self.bounds(seat, card))
        return found

    def fit_set(self, bounds: Bounds) -> frozenset[Label]:
        """The islands with a dock, not blocked, with a site within `bounds`. A view made by
        `extend` takes the islands the tile left alone from the view before it (the same land
        under the same label), and an island the tile made or enlarged fits when one of the
        islands it took in does, or its other land (the tile's pieces, islands without a
        dock) has such a site; unless it is blocked (merged with a temple's or Thera's)."""
        found = self._fit_sets.get(bounds)
        if found is not None:
            return found
        merged, parent = self._merged, self.parent
        if bounds is None:
            found = frozenset()
        elif merged is None or parent is None:
            # `fits_bounds` as one box per axis (`box`): the same answer, quadrant by quadrant.
            lx, hx, ly, hy = box(bounds)
            found = frozenset(
                isl
                for isl in self.docks_of_island()
                if isl not in self.blocked and any(lx < x < hx and ly < y < hy for x, y in self.quads_of[isl])
            )
        else:
            lx, hx, ly, hy = box(bounds)
            base = parent.fit_set(bounds)
            gone = self._gone
            made = frozenset(
                isl
                for isl, (took, rest) in merged.items()
                if isl not in self.blocked
                and (any(m in base for m in took) or any(lx < x < hx and ly < y < hy for x, y in rest))
            )
            found = (base - gone if gone & base else base) | made
        self._fit_sets[bounds] = found
        return found

    def fits(self, seat: str, card: MapCard, island: Label) -> bool:
        """Whether the card fits a site of the island, read from the seat (R-EXC-2); blocked
        islands never fit."""
        if island in self.blocked:
            return False
        bounds = self.bounds(seat, card)
        if bounds is None:
            return False
        key = (bounds, island)
        found = self._fits.get(key)
        if found is None:
            found = any(fits_bounds(bounds, q) for q in self.quads_of[island])
            self._fits[key] = found
        return found

    # ---- building -----------------------------------------------------------------------

    @classmethod
    def of_board(
        cls,
        board: Board,
        start_islands: Iterable[Quad],
        temple_sites: Iterable[Quad],
        placed: Iterable[tuple[int, tuple[int, int], str, int]] = (),
    ) -> BoardView:
        """The view of a built board. `placed` lists the tiles the line placed, as (which,
        slot, tile, rotation), whose docks and pieces get aliases."""
        names: dict[str, str] = {}
        part: dict[str, Label] = {}
        for key in start_islands:
            part[part_name(key)] = board.island_of_piece[key]
        for which, slot, tile, rotation in placed:
            spec = board.components.tile[tile]
            t = tile_template(spec, rotation)
            x2, y2 = 2 * slot[0], 2 * slot[1]
            names.update(tile_names(board, which, slot, tile, rotation))
            for k, piece in enumerate(t.pieces):
                i, j = piece[0]
                part[f"+{which}:p{k}"] = board.island_of_piece[(x2 + i, y2 + j)]
        alias = {n: a for a, n in names.items()}
        ship: dict[str, Label] = {}
        island: dict[str, Label] = {}
        dock_islands = board.island_of_dock
        for name, isl in dock_islands.items():
            a = alias.get(name, name)
            root = board.route_root(name)
            ship[a] = ("dock", name) if root is None else root
            island[a] = isl
        blocked = {board.thera_island} | {board.island_at(q) for q in temple_sites}
        quads = board.island_quads
        return cls(
            ship=ship,
            island=island,
            thera=board.thera_island,
            blocked=frozenset(b for b in blocked if b is not None),
            icons=board.icon_coordinates,
            part=part,
            quads_of={isl: quads[isl] for isl in set(dock_islands.values())},
            names=names,
        )

    @staticmethod
    def touches(board: Board, slot: tuple[int, int], tile: str, rotation: int) -> tuple[set[Label], set[Label]]:
        """The route components and the islands of `board` a tile placed there would join:
        those its ports face and those at the board points its land touches."""
        t = tile_template(board.components.tile[tile], rotation)
        x, y = slot
        ships: set[Label] = set()
        for side in PORTS:
            dx, dy = PORT_STEP[side]
            other = (x + dx, y + dy)
            if other in board.filled:
                root = board.route_root((other, OPPOSITE[side]))
                if root is not None:
                    ships.add(root)
        of_point = board.island_of_point
        islands: set[Label] = {of_point[p] for piece in t.pieces for i, j in piece if (p := (x + i, y + j)) in of_point}
        return ships, islands

    def with_icon(self, board: Board, which: int, slot: tuple[int, int], tile: str, rotation: int) -> BoardView:
        """The view after placing a tile that joins no component and no island with a dock this
        view's lines can use: the same docks and steps (shared, not copied), one icon more,
        and the tile's pieces as parts on islands of their own."""
        spec = board.components.tile[tile]
        t = tile_template(spec, rotation)
        labels = board.islands_after(slot, tile, rotation)
        part = dict(self.part)
        for k, label in enumerate(labels):
            part[f"+{which}:p{k}"] = ("far", which, tile, slot, rotation, label)
        view = BoardView(
            ship=self.ship,
            island=self.island,
            thera=self.thera,
            blocked=self.blocked,
            icons=_with_icon(self.icons, spec.icon, (2 * slot[0] + t.icon[0], 2 * slot[1] + t.icon[1])),
            part=part,
            quads_of=self.quads_of,
            names=self.names,
            parent=self,
            new_icon=spec.icon,
        )
        view._hubs = self.hubs()
        view._points = self._points
        view._steps = self._steps
        view._fits = self._fits
        view._fit_sets = self._fit_sets
        view._docks_of = self.docks_of_island()
        return view

    def extend(self, board: Board, which: int, slot: tuple[int, int], tile: str, rotation: int) -> BoardView:
        """The view after placing one more tile on `board` (the board this view shows), worked
        out locally: the tile's route groups join the components its ports face, its pieces
        join the islands whose points they touch (R-GEO-4, R-GEO-7), and its icon is added."""
        spec = board.components.tile[tile]
        t = tile_template(spec, rotation)
        x, y = slot
        # New labels name this placement, and every component or island the tile touches takes
        # one (`union(old, new)` makes the new label the root): a label kept from the view
        # before still names the same dock group or land, so cached fits stay true.
        here = (which, tile, slot, rotation)
        parent: dict[Label, Label] = {}

        def find(a: Label) -> Label:
            while parent.get(a, a) != a:
                a = parent[a]
            return a

        def union(a: Label, b: Label) -> None:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb

        # Routes: the tile's own route graph, then its ports joined to the facing ports.
        def node(n: tuple[str, object]) -> Label:
            return ("route", here, n)

        for a, b in t.edges:
            union(node(a), node(b))
        for side in PORTS:
            dx, dy = PORT_STEP[side]
            other = (x + dx, y + dy)
            if other in board.filled:
                root = board.route_root((other, OPPOSITE[side]))
                if root is not None:
                    union(root, node(("port", side)))
        # Islands: each piece with the islands at the board points it touches.
        of_point = board.island_of_point
        piece_label: list[Label] = []
        new_quads: dict[Label, list[Quad]] = {}
        for k, piece in enumerate(t.pieces):
            label: Label = ("piece", here, k)
            piece_label.append(label)
            new_quads[label] = [(2 * x + i, 2 * y + j) for i, j in piece]
            for i, j in piece:
                touched = of_point.get((x + i, y + j))
                if touched is not None:
                    union(touched, label)
        # Only labels the tile touched change: map them once, then every dock by lookup.
        remap = {label: find(label) for label in parent}
        ship = {d: remap.get(c, c) for d, c in self.ship.items()}
        island = {d: remap.get(i, i) for d, i in self.island.items()}
        names = dict(self.names)
        for q, (i, j) in zip(spec.docks, t.docks, strict=True):
            alias = f"+{which}:{q}"
            names[alias] = format_quad((2 * x + i, 2 * y + j))
            ship[alias] = find(node(("dock", (i, j))))
            k = next(k for k, piece in enumerate(t.pieces) if (i, j) in piece)
            island[alias] = find(piece_label[k])
        part = {p: remap.get(i, i) for p, i in self.part.items()}
        for k, label in enumerate(piece_label):
            part[f"+{which}:p{k}"] = find(label)
        # Land of each island with a dock: merged islands take their members' land.
        members: dict[Label, list[Label]] = {}
        for label in {*new_quads, *parent}:
            members.setdefault(find(label), []).append(label)
        quads_of: dict[Label, tuple[Quad, ...]] = {}
        merged: dict[Label, tuple[tuple[Label, ...], tuple[Quad, ...]]] = {}
        for root in set(island.values()):
            group = members.get(root)
            if group is None:
                quads_of[root] = self.quads_of[root]
            else:
                quads_of[root] = tuple(
                    sorted(q for m in group for q in (self.quads_of.get(m) or _island_quads(board, m, new_quads)))
                )
                took = tuple(m for m in group if m in self.quads_of)
                rest = tuple(q for m in group if m not in self.quads_of for q in _island_quads(board, m, new_quads))
                merged[root] = (took, rest)
        icons = _with_icon(self.icons, spec.icon, (2 * x + t.icon[0], 2 * y + t.icon[1]))
        view = BoardView(
            ship=ship,
            island=island,
            thera=remap.get(self.thera, self.thera),
            blocked=frozenset(remap.get(b, b) for b in self.blocked),
            icons=icons,
            part=part,
            quads_of=quads_of,
            names=names,
            parent=self,
            new_icon=spec.icon,
        )
        # Fits of islands the tile left alone, with bounds the tile's icon left alone, carry over.
        view._fits = self._fits
        view._merged = merged
        view._gone = frozenset(m for took, _ in merged.values() for m in took)
        return view


def _with_icon(icons: IconCoordinates, kind: str, quad: Quad) -> dict[tuple[str, int], tuple[int, ...]]:
    """Icon coordinates with one more icon, inserted in its kind's sorted coordinates."""
    out = {key: tuple(v) for key, v in icons.items()}
    for axis in (0, 1):
        coords = list(out.get((kind, axis), ()))
        bisect.insort(coords, quad[axis])
        out[(kind, axis)] = tuple(coords)
    return out


def _island_quads(board: Board, label: Label, new_quads: dict[Label, list[Quad]]) -> tuple[Quad, ...]:
    """Land quadrants of an island of the board (by key) or of a new piece."""
    if label in new_quads:
        return tuple(new_quads[label])
    return board.island_quads.get(cast(Quad, label), ())
