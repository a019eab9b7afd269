"""The board as a value: placed tiles and everything derived from them (R-GEO).

Derived structure (pieces, islands, docks, route components) is computed once per board and
cached. A board made by `with_tile` extends its parent's structure instead of rebuilding it,
since a game adds one tile at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from .components import Components
from .geometry import (
    OPPOSITE,
    PORT_STEP,
    THERA_SLOTS,
    Point,
    Quad,
    Slot,
    point_slots,
    quad_corner,
    quad_slot,
    slot_neighbours,
)
from .placed_tiles import Dock, Node, Piece, TileTemplate, UnionFind, joined, joined_pieces, tile_template

T = TypeVar("T")

Placement = tuple[Slot, str, int]
"""A placed land tile: slot, tile id, rotation in degrees clockwise."""

THERA = "thera"
"""What the Thera board's pieces record as their slot when counting tiles (R-GEO-9)."""


@dataclass(frozen=True)
class Board:
    """Placed land tiles around the Thera board."""

    placements: tuple[Placement, ...]
    components: Components = field(compare=False, repr=False, hash=False)
    _parent: Board | None = field(default=None, compare=False, repr=False, hash=False)
    """The board this one was made from by adding its last tile, if any."""

    @classmethod
    def empty(cls, components: Components) -> Board:
        """The Thera board alone."""
        return cls((), components)

    def with_tile(self, slot: Slot, tile: str, rotation: int) -> Board:
        """A new board with one more tile."""
        placements = tuple(sorted((*self.placements, (slot, tile, rotation))))
        return Board(placements, self.components, self)

    @cached_property
    def _last(self) -> Placement | None:
        """The tile added to the parent, when this board extends one."""
        if self._parent is None:
            return None
        parent_set = set(self._parent.placements)
        return next(p for p in self.placements if p not in parent_set)

    def _template(self, tile: str, rotation: int) -> TileTemplate:
        return tile_template(self.components.tile[tile], rotation)

    # ---- slots -------------------------------------------------------------------------

    @cached_property
    def tile_at(self) -> dict[Slot, tuple[str, int]]:
        """Tile id and rotation of each land-tile slot."""
        return {slot: (tile, rot) for slot, tile, rot in self.placements}

    @cached_property
    def filled(self) -> frozenset[Slot]:
        """Slots holding a land tile or the Thera board."""
        return frozenset(THERA_SLOTS) | frozenset(self.tile_at)

    @cached_property
    def open_slots(self) -> tuple[Slot, ...]:
        """Empty slots orthogonally next to a filled one, where a tile may go (R-TILE-1)."""
        filled = self.filled
        out = {n for s in filled for n in slot_neighbours(s) if n not in filled}
        return tuple(sorted(out))

    # ---- pieces (R-GEO-3) ----------------------------------------------------------------

    def _tile_pieces(self, placement: Placement) -> tuple[Piece, ...]:
        slot, tile, rot = placement
        return self._template(tile, rot).placed(slot).pieces

    @cached_property
    def pieces(self) -> dict[Quad, Piece]:
        """Every land piece, by key."""
        if self._last is not None:
            out = dict(self._parent.pieces)  # type: ignore[union-attr]
            new: Iterable[Placement] = (self._last,)
        else:
            out = {}
            for quads in self.components.thera.pieces:
                quads = tuple(sorted(quads))
                out[quads[0]] = Piece(quads[0], quads, None, tuple(sorted({quad_corner(q) for q in quads})))
            new = self.placements
        for placement in new:
            for piece in self._tile_pieces(placement):
                out[piece.key] = piece
        return out

    @cached_property
    def piece_at(self) -> dict[Quad, Quad]:
        """The key of the piece lying in each land quadrant."""
        if self._last is not None:
            out = dict(self._parent.piece_at)  # type: ignore[union-attr]
            for piece in self._tile_pieces(self._last):
                out.update((q, piece.key) for q in piece.quads)
            return out
        return {q: p.key for p in self.pieces.values() for q in p.quads}

    # ---- islands (R-GEO-4) ---------------------------------------------------------------

    @cached_property
    def _islands(self) -> tuple[dict[Quad, Quad], dict[Point, Quad], dict[Quad, tuple[Quad, ...]]]:
        """Island of each piece and of each board point, and the pieces of each island.

        An island is named by the smallest key among its pieces.
        """
        of_piece: dict[Quad, Quad]
        of_point: dict[Point, Quad]
        members: dict[Quad, tuple[Quad, ...]]
        if self._last is not None:
            parent = self._parent
            assert parent is not None
            of_piece, of_point, members = (dict(d) for d in parent._islands)  # type: ignore[assignment]
            new_pieces = list(self._tile_pieces(self._last))
        else:
            of_piece, of_point, members = {}, {}, {}
            new_pieces = list(self.pieces.values())
        groups = joined_pieces(new_pieces, of_point)
        pieces = self.pieces
        for new_keys, old_islands in groups.values():
            keys = sorted(new_keys + [k for isl in old_islands for k in members.pop(isl)])
            name = keys[0]
            members[name] = tuple(keys)
            for k in keys:
                of_piece[k] = name
                for p in pieces[k].points:
                    of_point[p] = name
        return of_piece, of_point, members

    @cached_property
    def island_of_piece(self) -> dict[Quad, Quad]:
        """Each piece's island, named by its smallest piece key."""
        return self._islands[0]

    @cached_property
    def island_of_point(self) -> dict[Point, Quad]:
        """The island touching each board point that has land."""
        return self._islands[1]

    @cached_property
    def islands(self) -> dict[Quad, tuple[Quad, ...]]:
        """Pieces of each island, sorted."""
        return self._islands[2]

    def island_at(self, quad: Quad) -> Quad | None:
        """The island holding a quadrant's land, or None for sea."""
        piece = self.piece_at.get(quad)
        return None if piece is None else self.island_of_piece[piece]

    @cached_property
    def thera_island(self) -> Quad:
        """The island holding the Thera board's central piece."""
        return self.island_of_piece[min(self.components.thera.pieces[0])]

    @cached_property
    def island_quads(self) -> dict[Quad, tuple[Quad, ...]]:
        """Land quadrants of each island, sorted."""
        pieces = self.pieces
        return {
            island: tuple(sorted(q for k in keys for q in pieces[k].quads)) for island, keys in self.islands.items()
        }

    # ---- icons (R-GEO-5) -------------------------------------------------------------------

    @cached_property
    def icons(self) -> tuple[tuple[Quad, str], ...]:
        """Every terrain icon on the board with its quadrant."""
        out = list(self.components.thera.icons)
        for (x, y), tile, rot in self.placements:
            i, j = self._template(tile, rot).icon
            out.append(((2 * x + i, 2 * y + j), self.components.tile[tile].icon))
        return tuple(sorted(out))

    @cached_property
    def icon_coordinates(self) -> dict[tuple[str, int], tuple[int, ...]]:
        """Per terrain kind and axis (0: x, 1: y), the icons' coordinates on it, sorted."""
        out: dict[tuple[str, int], list[int]] = {}
        for quad, kind in self.icons:
            out.setdefault((kind, 0), []).append(quad[0])
            out.setdefault((kind, 1), []).append(quad[1])
        return {key: tuple(sorted(v)) for key, v in out.items()}

    @cached_property
    def island_icons(self) -> dict[Quad, tuple[str, ...]]:
        """Icons on each island, sorted."""
        out: dict[Quad, list[str]] = {i: [] for i in self.islands}
        for quad, kind in self.icons:
            island = self.island_at(quad)
            if island is not None:
                out[island].append(kind)
        return {k: tuple(sorted(v)) for k, v in out.items()}

    # ---- docks and shipping routes (R-GEO-6, R-GEO-7) --------------------------------------

    def _tile_docks(self, placement: Placement) -> tuple[tuple[str, Quad], ...]:
        slot, tile, rot = placement
        return self._template(tile, rot).placed(slot).docks

    @cached_property
    def docks(self) -> dict[str, Dock]:
        """Every dock by name."""
        piece_at = self.piece_at
        if self._last is not None:
            out = dict(self._parent.docks)  # type: ignore[union-attr]
            new: Iterable[Placement] = (self._last,)
        else:
            out = {d.name: Dock(d.name, d.quad, piece_at[d.quad], True) for d in self.components.thera.docks}
            new = self.placements
        for slot, tile, rot in new:
            placed = self._template(tile, rot).placed(slot)
            for (name, quad), dock in zip(placed.docks, placed.dock_of, strict=True):
                out[name] = dock if dock is not None else Dock(name, quad, piece_at[quad], False)
        return out

    @cached_property
    def island_of_dock(self) -> dict[str, Quad]:
        """The island each dock belongs to."""
        of_piece = self.island_of_piece
        return {n: of_piece[d.piece] for n, d in self.docks.items()}

    @cached_property
    def docks_of_island(self) -> dict[Quad, tuple[str, ...]]:
        """Docks of each island, sorted by name."""
        out: dict[Quad, list[str]] = {}
        for name, island in sorted(self.island_of_dock.items()):
            out.setdefault(island, []).append(name)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def thera_docks(self) -> tuple[str, ...]:
        """Docks of the island of Thera."""
        return self.docks_of_island[self.thera_island]

    def thera_route_edges(self) -> tuple[tuple[Node, Node], ...]:
        """The Thera board's own route edges."""
        return self._thera_routes()[0]

    def _thera_routes(self) -> tuple[tuple[tuple[Node, Node], ...], dict[object, object]]:
        """The Thera board's route edges and the union-find entries joining them alone."""
        comps = self.components
        kept = _THERA_ROUTES.get(id(comps))
        if kept is None or kept[0] is not comps:
            if len(_THERA_ROUTES) >= 16:
                _THERA_ROUTES.clear()
            edges = tuple((_thera_node(a, comps), _thera_node(b, comps)) for a, b in comps.thera.routes)
            kept = _THERA_ROUTES[id(comps)] = (comps, edges, joined(edges))
        return kept[1], kept[2]

    def tile_route_edges(self, placement: Placement) -> tuple[tuple[Node, Node], ...]:
        """Route edges inside one placed tile."""
        slot, tile, rot = placement
        return self._template(tile, rot).placed(slot).edges

    def port_joins(self, slots: Iterable[Slot]) -> Iterator[tuple[Node, Node]]:
        """Facing ports joined between each of `slots` and its filled neighbours (R-GEO-7)."""
        filled = self.filled
        for slot in slots:
            for port, (dx, dy) in PORT_STEP.items():
                other = (slot[0] + dx, slot[1] + dy)
                if other in filled:
                    yield (slot, port), (other, OPPOSITE[port])

    def route_edges(self, with_thera: bool = True) -> Iterator[tuple[Node, Node]]:
        """Every edge of the board's route graph; without the Thera board's own routes if asked."""
        if with_thera:
            yield from self.thera_route_edges()
        for placement in self.placements:
            yield from self.tile_route_edges(placement)
        for a, b in self.port_joins(self.filled):
            if a < b:  # type: ignore[operator]
                yield a, b

    def _route_sets(self, with_thera: bool) -> UnionFind:
        attr = "_route_uf" if with_thera else "_direct_uf"
        parent = self._parent
        if self._last is not None and parent is not None and attr in parent.__dict__:
            uf = parent.__dict__[attr].copy()
            edges: Iterable[tuple[Node, Node]] = (
                *self.tile_route_edges(self._last),
                *self.port_joins((self._last[0],)),
            )
        else:
            # The edges of route_edges in its order, each tile's (and the Thera board's) joined
            # as worked out once: a tile's nodes are its own, so joining its edges on this board
            # makes the very entries joining them alone made.
            uf = UnionFind(dict(self._thera_routes()[1])) if with_thera else UnionFind()
            for slot, tile, rot in self.placements:
                placed = self._template(tile, rot).placed(slot)
                if uf.parent.keys().isdisjoint(placed.route_parent):
                    uf.parent.update(placed.route_parent)
                else:
                    for a, b in placed.edges:
                        uf.union(a, b)
            edges = ((a, b) for a, b in self.port_joins(self.filled) if a < b)  # type: ignore[operator]
        for a, b in edges:
            uf.union(a, b)
        return uf

    @cached_property
    def _route_uf(self) -> UnionFind:
        return self._route_sets(True)

    @cached_property
    def _direct_uf(self) -> UnionFind:
        return self._route_sets(False)

    def route_root(self, node: Node) -> object | None:
        """A label of the route component holding a node (a dock name or `(slot, port)`), the
        same for every node of one component; None for a node no route touches."""
        uf = self._route_uf
        return uf.find(node) if node in uf.parent else None

    def _components_of(self, uf: UnionFind) -> dict[str, int]:
        roots: dict[object, int] = {}
        return {name: roots.setdefault(uf.find(name), len(roots)) for name in sorted(self.docks)}

    @cached_property
    def ship_component(self) -> dict[str, int]:
        """The route-graph component of each dock: one ship step joins docks of one component."""
        return self._components_of(self._route_uf)

    @cached_property
    def direct_component(self) -> dict[str, int]:
        """Route components without the Thera board's routes (R-GOAL-11)."""
        return self._components_of(self._direct_uf)

    @cached_property
    def ship_reach(self) -> dict[str, tuple[str, ...]]:
        """Docks one ship step reaches from each dock (R-MOVE-1)."""
        by_comp: dict[int, list[str]] = {}
        at: dict[str, int] = {}
        for name, comp in self.ship_component.items():
            docks = by_comp.setdefault(comp, [])
            at[name] = len(docks)
            docks.append(name)
        together = {comp: tuple(docks) for comp, docks in by_comp.items()}
        out: dict[str, tuple[str, ...]] = {}
        for name, comp in self.ship_component.items():
            others, i = together[comp], at[name]
            out[name] = others[:i] + others[i + 1 :]  # every dock of its component but itself
        return out

    # ---- what goal cards ask of the board (R-GOAL-1, 2, 11) -----------------------------------

    def kept(self, name: str, make: Callable[[Board], T]) -> T:
        """A value derived from the board by `make`, worked out once per board and kept with it
        (goals.py keeps the goal cards' graphs here: the positions of a line share their board
        until a tile is placed). The board is frozen; what is kept is not one of its fields."""
        memo: dict[str, object] = self.__dict__.setdefault("_kept", {})
        if name not in memo:
            memo[name] = make(self)
        return memo[name]  # type: ignore[return-value]

    # ---- completed islands (R-GEO-9) -------------------------------------------------------

    @cached_property
    def island_points(self) -> dict[Quad, frozenset[Point]]:
        """Board points each island touches."""
        out: dict[Quad, set[Point]] = {}
        for pt, island in self.island_of_point.items():
            out.setdefault(island, set()).add(pt)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def completed(self) -> frozenset[Quad]:
        """Islands no tile could ever extend: every slot around their points is filled."""
        filled = self.filled
        return frozenset(
            island
            for island, points in self.island_points.items()
            if all(s in filled for p in points for s in point_slots(p))
        )

    @cached_property
    def island_size(self) -> dict[Quad, int]:
        """Tiles each island lies on, the Thera board counting as one (R-GEO-9)."""
        pieces = self.pieces
        return {
            island: len({THERA if pieces[k].slot is None else pieces[k].slot for k in keys})
            for island, keys in self.islands.items()
        }

    # ---- placing a tile --------------------------------------------------------------------

    def islands_after(self, slot: Slot, tile: str, rotation: int) -> list[int]:
        """For each piece of a tile about to be placed (data order), a label of its island after.

        Two pieces get the same label exactly when placing the tile leaves them on one island:
        pieces of one tile touch different points, so they can only meet through islands already
        on the board. Computed locally, without building the new board.
        """
        template = self._template(tile, rotation)
        of_point = self.island_of_point
        x, y = slot
        touched = [
            {of_point[(x + i, y + j)] for i, j in piece if (x + i, y + j) in of_point} for piece in template.pieces
        ]
        labels = list(range(len(touched)))
        merged = True
        while merged:
            merged = False
            for a in range(len(touched)):
                for b in range(a + 1, len(touched)):
                    if labels[a] != labels[b] and touched[a] & touched[b]:
                        old, new = labels[b], labels[a]
                        labels = [new if lab == old else lab for lab in labels]
                        touched[a] = touched[b] = touched[a] | touched[b]
                        merged = True
        return labels


_THERA_ROUTES: dict[int, tuple[Components, tuple[tuple[Node, Node], ...], dict[object, object]]] = {}
"""`Board._thera_routes` of each component set (its object kept, so that its id is its own)."""


def _thera_node(node: str, comps: Components) -> Node:
    if node in comps.thera_dock_names:
        return node
    if ":" in node:  # a rim port "x,y:SIDE"
        xy, port = node.split(":")
        x, y = xy.split(",")
        return ((int(x), int(y)), port)
    return ("thera", node)


def quad_of(slot: Slot, offset: tuple[int, int]) -> Quad:
    """Global quadrant of a quadrant offset within a slot."""
    return (2 * slot[0] + offset[0], 2 * slot[1] + offset[1])


__all__ = ["THERA", "Board", "Dock", "Piece", "Placement", "quad_of", "quad_slot", "tile_template"]
