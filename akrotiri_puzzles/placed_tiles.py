"""What one land tile adds to a board, worked out once per tile, rotation and slot (R-GEO-3,
R-GEO-6, R-GEO-7): its pieces, its docks, its route edges; and the union-find the board joins
them with.

A game places the same tiles at the same slots board after board, and the positions of a
puzzle database (thousands of them) do so again: `TileTemplate.placed` keeps what a placement
adds, so that a board is built from it instead of anew.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import cast

from .components import TileSpec
from .geometry import PORTS, QUAD_OFFSET, Point, Quad, Slot, format_quad, quad_corner, rotate_port, rotate_quadrant

Node = object
"""A node of the route graph: a dock name, `(slot, port)` or `(slot, junction)`."""


@dataclass(frozen=True)
class Piece:
    """A land piece on the board, keyed by its smallest quadrant (R-GEO-3, R-TILE-3)."""

    key: Quad
    quads: tuple[Quad, ...]
    slot: Slot | None
    """The slot of a land tile's piece; None for the Thera board."""
    points: tuple[Point, ...]
    """Board points the piece touches."""


@dataclass(frozen=True)
class Dock:
    """A dock on the board, named as the notation writes it (R-GEO-6)."""

    name: str
    quad: Quad
    piece: Quad
    thera: bool


@dataclass(frozen=True)
class TileTemplate:
    """A tile turned to a rotation, in offsets from its slot: `quad = (2x+i, 2y+j)`, `point = (x+i, y+j)`."""

    pieces: tuple[tuple[tuple[int, int], ...], ...]
    """Quadrant offsets of each piece, sorted, pieces in data order."""
    icon: tuple[int, int]
    icon_piece: int
    docks: tuple[tuple[int, int], ...]
    edges: tuple[tuple[tuple[str, object], tuple[str, object]], ...]
    """Route edges between ("port", side), ("dock", offset) and ("junction", name)."""

    placed_at: dict[Slot, PlacedTile] = field(default_factory=dict, compare=False, hash=False, repr=False)
    """What the tile adds to a board at each slot it was placed at so far (`placed`)."""

    def place(self, slot: Slot) -> list[tuple[Quad, ...]]:
        """Global quadrants of each piece at a slot."""
        x2, y2 = 2 * slot[0], 2 * slot[1]
        return [tuple((x2 + i, y2 + j) for i, j in piece) for piece in self.pieces]

    def placed(self, slot: Slot) -> PlacedTile:
        """Its pieces, docks and route edges at a slot, worked out once: boards of one game,
        and the thousands of positions of a puzzle database, place the same tiles at the same
        slots again and again."""
        found = self.placed_at.get(slot)
        if found is None:
            if len(self.placed_at) >= _PLACED_MOST:
                self.placed_at.clear()
            found = self.placed_at[slot] = _placed(self, slot)
        return found


_PLACED_MOST = 512
"""Slots a template keeps what it adds at (a board has fewer than a hundred)."""


@dataclass(frozen=True)
class PlacedTile:
    """What a tile turned one way adds to a board at one slot."""

    pieces: tuple[Piece, ...]
    docks: tuple[tuple[str, Quad], ...]
    """Each dock's name and quadrant."""
    edges: tuple[tuple[Node, Node], ...]
    """Its route edges between board nodes (`Board.tile_route_edges`)."""
    dock_of: tuple[Dock | None, ...]
    """The dock at each of `docks`, with its piece (None: no piece of the tile holds it)."""
    route_parent: dict[object, object]
    """The union-find entries that joining `edges` alone makes."""


def _placed(template: TileTemplate, slot: Slot) -> PlacedTile:
    x2, y2 = 2 * slot[0], 2 * slot[1]
    pieces = tuple(
        Piece(quads[0], quads, slot, tuple(sorted({quad_corner(q) for q in quads}))) for quads in template.place(slot)
    )
    docks = tuple((format_quad(quad), quad) for quad in ((x2 + i, y2 + j) for i, j in template.docks))

    def node(n: tuple[str, object]) -> Node:
        kind, v = n
        if kind == "dock":
            i, j = cast(tuple[int, int], v)
            return format_quad((x2 + i, y2 + j))
        return (slot, v)

    piece_of = {q: p.key for p in pieces for q in p.quads}
    dock_of = tuple(Dock(name, quad, piece_of[quad], False) if quad in piece_of else None for name, quad in docks)
    edges = tuple((node(a), node(b)) for a, b in template.edges)
    return PlacedTile(pieces, docks, edges, dock_of, joined(edges))


def joined(edges: Iterable[tuple[Node, Node]]) -> dict[object, object]:
    """The union-find entries that joining `edges`, in order, in an empty union-find makes."""
    uf = UnionFind()
    for a, b in edges:
        uf.union(a, b)
    return uf.parent


@cache
def tile_template(spec: TileSpec, rotation: int) -> TileTemplate:
    """A tile's pieces, icon, docks and routes after turning it `rotation` degrees (R-GEO-8)."""

    def off(q: str) -> tuple[int, int]:
        return QUAD_OFFSET[rotate_quadrant(q, rotation)]

    pieces = tuple(tuple(sorted(off(q) for q in piece)) for piece in spec.pieces)
    icon = off(spec.icon_quadrant)
    icon_piece = next(i for i, p in enumerate(pieces) if icon in p)

    def node(n: str) -> tuple[str, object]:
        if n in PORTS:
            return ("port", rotate_port(n, rotation))
        if n in spec.docks:
            return ("dock", off(n))
        return ("junction", n)

    edges = tuple((node(a), node(b)) for a, b in spec.routes)
    return TileTemplate(pieces, icon, icon_piece, tuple(off(d) for d in spec.docks), edges)


class UnionFind:
    """Disjoint sets over hashable items; `copy` is cheap, for extending a parent's sets."""

    __slots__ = ("parent",)

    def __init__(self, parent: dict[object, object] | None = None) -> None:
        self.parent: dict[object, object] = parent if parent is not None else {}

    def copy(self) -> UnionFind:
        """The same sets, to extend apart."""
        return UnionFind(dict(self.parent))

    def find(self, item: object) -> object:
        """The root of the set holding `item` (a set of its own if new)."""
        parent = self.parent
        root = parent.get(item)
        if root is None:
            parent[item] = item
            return item
        if root == item or parent[root] == root:  # a root, or a root's child: nothing to shorten
            return root
        root = item
        while parent[root] != root:
            root = parent[root]
        while parent[item] != root:
            parent[item], item = root, parent[item]
        return root

    def union(self, a: object, b: object) -> None:
        """Join the sets of `a` and `b`."""
        # `find` of each, its commonest cases (a new item, a root, a root's child) written out.
        parent = self.parent
        ra = parent.get(a)
        if ra is None:
            ra = parent[a] = a
        elif ra != a and parent[ra] != ra:
            ra = self.find(a)
        rb = parent.get(b)
        if rb is None:
            rb = parent[b] = b
        elif rb != b and parent[rb] != rb:
            rb = self.find(b)
        if ra != rb:
            parent[ra] = rb


def joined_pieces(new_pieces: list[Piece], of_point: dict[Point, Quad]) -> dict[object, tuple[list[Quad], list[Quad]]]:
    """New pieces grouped by the island they end up on: each group's new piece keys, in the
    order given, and the islands already on the board (named by `of_point`) it joins; groups
    in the order of their first piece."""
    uf = UnionFind()
    if not of_point:  # a board built in one go: pieces are joined by the points they share
        first_at: dict[Point, Quad] = {}
        for piece in new_pieces:
            key = piece.key
            uf.find(key)
            for p in piece.points:
                other = first_at.setdefault(p, key)
                if other != key:
                    uf.union(key, other)
        fresh: dict[object, tuple[list[Quad], list[Quad]]] = {}
        for piece in new_pieces:
            fresh.setdefault(uf.find(piece.key), ([], []))[0].append(piece.key)
        return fresh
    for piece in new_pieces:
        for p in piece.points:
            uf.union(("piece", piece.key), ("point", p))
            if p in of_point:
                uf.union(("piece", piece.key), ("island", of_point[p]))
    groups: dict[object, tuple[list[Quad], list[Quad]]] = {}
    for piece in new_pieces:
        groups.setdefault(uf.find(("piece", piece.key)), ([], []))[0].append(piece.key)
    for item in list(uf.parent):
        if isinstance(item, tuple) and item[0] == "island":
            groups[uf.find(item)][1].append(item[1])
    return groups
