"""Where everything of a board goes in the picture: slots, land shapes, ports, junctions, docks.

All geometry here is in board units (one slot = 1.0, y growing north) until `Frame.px` turns
a point into SVG user units (y growing down). A land piece is drawn as a quarter disc in the
corner of each of its quadrants; corners of one piece are joined by strips of land through the
tile's middle, as on the printed tiles. Pieces touching at a board point then touch in the
picture too, which is what makes them one island (R-GEO-4).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import cast

from ..board import Board
from ..geometry import PORTS, Point, Quad, Slot, quad_corner, quad_slot
from .style import BAND_HALF, LAND_RADIUS, MARGIN_PX, NECK_RADIUS, SLOT_PX, THERA_RADIUS

Vec = tuple[float, float]

SIDE_MIDPOINT = {"N": (0.5, 1.0), "E": (1.0, 0.5), "S": (0.5, 0.0), "W": (0.0, 0.5)}


@dataclass(frozen=True)
class Frame:
    """The slots shown and the mapping from board units to SVG user units."""

    x0: int
    x1: int
    y0: int
    y1: int
    """Slot ranges shown, inclusive."""
    left: float
    top: float
    """User units of the board point (x0, y1 + 1), the top-left corner of the board area."""

    @classmethod
    def around(cls, slots: list[Slot], left: float = MARGIN_PX, top: float = MARGIN_PX) -> Frame:
        """The smallest frame showing every slot given."""
        xs = [s[0] for s in slots]
        ys = [s[1] for s in slots]
        return cls(min(xs), max(xs), min(ys), max(ys), left, top)

    def px(self, p: Vec) -> Vec:
        """A board point in SVG user units."""
        return (self.left + (p[0] - self.x0) * SLOT_PX, self.top + (self.y1 + 1 - p[1]) * SLOT_PX)

    @property
    def width(self) -> float:
        """Width of the board area in user units."""
        return (self.x1 - self.x0 + 1) * SLOT_PX

    @property
    def height(self) -> float:
        """Height of the board area in user units."""
        return (self.y1 - self.y0 + 1) * SLOT_PX


@dataclass(frozen=True)
class QuarterDisc:
    """Land in one quadrant: a quarter disc round the quadrant's corner point."""

    corner: Point
    sx: int
    sy: int
    """Directions from the corner into the quadrant (+1 or -1 along x and y)."""
    r: float


@dataclass(frozen=True)
class Band:
    """A strip of land from a corner to the middle of a tile, joining corners of one piece."""

    a: Vec
    b: Vec
    half: float


@dataclass(frozen=True)
class Disc:
    """A small disc of land on a board point where two pieces meet only diagonally."""

    centre: Vec
    r: float


Shape = QuarterDisc | Band | Disc


def quad_frame(quad: Quad) -> tuple[Point, int, int]:
    """A quadrant's corner point and the directions from it into the quadrant."""
    sx = 1 if quad[0] % 2 == 0 else -1  # a west-half quadrant's corner is on the slot's west edge
    sy = 1 if quad[1] % 2 == 0 else -1
    return quad_corner(quad), sx, sy


def local(quad: Quad, r: float, degrees: float) -> Vec:
    """The board point at distance r from a quadrant's corner, `degrees` from its x edge towards its y edge."""
    (cx, cy), sx, sy = quad_frame(quad)
    t = math.radians(degrees)
    return (cx + sx * r * math.cos(t), cy + sy * r * math.sin(t))


def _bounds(shape: Shape) -> tuple[float, float, float, float]:
    """A box round a shape: x0, y0, x1, y1."""
    if isinstance(shape, Disc):
        (x, y), r = shape.centre, shape.r
        return (x - r, y - r, x + r, y + r)
    if isinstance(shape, Band):
        h = shape.half
        xs, ys = (shape.a[0], shape.b[0]), (shape.a[1], shape.b[1])
        return (min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h)
    (x, y), dx, dy = shape.corner, shape.sx * shape.r, shape.sy * shape.r
    return (min(x, x + dx), min(y, y + dy), max(x, x + dx), max(y, y + dy))


def _towards(a: Point, b: Vec, d: float) -> Vec:
    """The point at distance d from a towards b."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return (a[0] + (b[0] - a[0]) * d / length, a[1] + (b[1] - a[1]) * d / length)


def _dist_to_segment(p: Vec, a: Vec, b: Vec) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def clearance(p: Vec, shape: Shape) -> float:
    """How far a point is from a land shape (negative inside it)."""
    if isinstance(shape, Disc):
        return math.hypot(p[0] - shape.centre[0], p[1] - shape.centre[1]) - shape.r
    if isinstance(shape, Band):
        return _dist_to_segment(p, shape.a, shape.b) - shape.half
    cx, cy = shape.corner
    u, v = (p[0] - cx) * shape.sx, (p[1] - cy) * shape.sy
    if u >= 0 and v >= 0:
        return math.hypot(u, v) - shape.r
    # Outside the quadrant: distance to the nearest point of the disc's two straight edges.
    return math.hypot(u - min(max(u, 0.0), shape.r), v - min(max(v, 0.0), shape.r))


class BoardLayout:
    """Positions of every land shape, port, junction and dock of a board, in board units."""

    def __init__(self, board: Board, frame: Frame) -> None:
        self.board = board
        self.frame = frame

    def shows(self, quad: Quad) -> bool:
        """Whether a quadrant's things (icon, cubes, temple) are drawn: the whole board's are."""
        return True

    @property
    def shows_thera(self) -> bool:
        """Whether the Thera board's name is drawn."""
        return True

    # ---- land ----------------------------------------------------------------------------

    def radius(self, piece_key: Quad) -> float:
        """Quarter-disc radius of a piece's quadrants: the Thera board's central island is bigger."""
        return THERA_RADIUS if self.board.pieces[piece_key].slot is None else LAND_RADIUS

    @cached_property
    def piece_shapes(self) -> dict[Quad, tuple[Shape, ...]]:
        """The land shapes of each piece, by piece key."""
        out: dict[Quad, tuple[Shape, ...]] = {}
        for key, piece in sorted(self.board.pieces.items()):
            r = self.radius(key)
            shapes: list[Shape] = []
            for q in piece.quads:
                corner, sx, sy = quad_frame(q)
                shapes.append(QuarterDisc(corner, sx, sy, r))
            corners = sorted(set(piece.points))
            if len(corners) > 1:
                hub = self.piece_hub(key)
                # Each strip starts inside its corner's disc, so that its round end stays on the tile.
                shapes.extend(Band(_towards(c, hub, r / 2), hub, BAND_HALF) for c in corners)
            out[key] = tuple(shapes)
        return out

    def piece_hub(self, key: Quad) -> Vec:
        """Where the strips of a piece with several corners meet: the tile's middle."""
        piece = self.board.pieces[key]
        if piece.slot is not None:
            return (piece.slot[0] + 0.5, piece.slot[1] + 0.5)
        xs = [p[0] for p in piece.points]
        ys = [p[1] for p in piece.points]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    @cached_property
    def necks(self) -> dict[Point, Disc]:
        """Discs on board points where land of two slots meets only across the diagonal."""
        land_quads: dict[Point, set[Quad]] = {}
        for _key, piece in self.board.pieces.items():
            for q in piece.quads:
                land_quads.setdefault(quad_corner(q), set()).add(q)
        out: dict[Point, Disc] = {}
        for point, quads in sorted(land_quads.items()):
            slots = {quad_slot(q) for q in quads}
            if len(slots) != 2:
                continue
            (ax, ay), (bx, by) = sorted(slots)
            if ax != bx and ay != by:  # the two slots share only the point
                out[point] = Disc((float(point[0]), float(point[1])), NECK_RADIUS)
        return out

    @cached_property
    def all_shapes(self) -> tuple[Shape, ...]:
        """Every land shape on the board."""
        shapes = [s for v in self.piece_shapes.values() for s in v]
        shapes.extend(self.necks.values())
        return tuple(shapes)

    @cached_property
    def _shapes_near(self) -> dict[Slot, tuple[Shape, ...]]:
        """The land shapes reaching into (or within 0.1 of) each slot, so that a point is tested against few."""
        out: dict[Slot, list[Shape]] = {}
        for shape in self.all_shapes:
            x0, y0, x1, y1 = _bounds(shape)
            for x in range(math.floor(x0 - 0.1), math.floor(x1 + 0.1) + 1):
                for y in range(math.floor(y0 - 0.1), math.floor(y1 + 0.1) + 1):
                    out.setdefault((x, y), []).append(shape)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def _boxes_near(self) -> dict[Slot, tuple[tuple[tuple[float, float, float, float], Shape], ...]]:
        """The shapes of `_shapes_near`, each with its box: a point outside the box is off it."""
        return {k: tuple((_bounds(s), s) for s in v) for k, v in self._shapes_near.items()}

    def on_land(self, p: Vec) -> bool:
        """Whether a point lies on land: `land_clearance(p) < 0`, without measuring every shape."""
        x, y = p
        for (x0, y0, x1, y1), shape in self._boxes_near.get((math.floor(x), math.floor(y)), ()):
            if x0 <= x <= x1 and y0 <= y <= y1 and clearance(p, shape) < 0:
                return True
        return False

    def land_clearance(self, p: Vec) -> float:
        """Distance from a point to the nearest land (negative on land); exact within a slot's reach."""
        near = self._shapes_near.get((math.floor(p[0]), math.floor(p[1])), ())
        return min((clearance(p, s) for s in near), default=1.0)

    # ---- shipping routes -----------------------------------------------------------------

    @cached_property
    def tile_edges(self) -> tuple[tuple[object, object], ...]:
        """Route edges drawn inside tiles and the Thera board (facing ports share a point)."""
        edges = list(self.board.thera_route_edges())
        for placement in self.board.placements:
            edges.extend(self.board.tile_route_edges(placement))
        return tuple(edges)

    @cached_property
    def neighbours(self) -> dict[object, list[object]]:
        """Route neighbours of each node inside its tile."""
        out: dict[object, list[object]] = {}
        for a, b in self.tile_edges:
            out.setdefault(a, []).append(b)
            out.setdefault(b, []).append(a)
        return out

    @staticmethod
    def is_port(node: object) -> bool:
        """Whether a route node is a port `(slot, side)`."""
        return isinstance(node, tuple) and isinstance(node[0], tuple) and node[1] in PORTS

    @staticmethod
    def port_point(node: object) -> Vec:
        """The middle of the slot side a port sits on."""
        (x, y), side = cast(tuple[Slot, str], node)
        dx, dy = SIDE_MIDPOINT[side]
        return (x + dx, y + dy)

    @cached_property
    def junctions(self) -> dict[object, Vec]:
        """Junction positions: between the ports they join and the tile's middle, clear of land."""
        out: dict[object, Vec] = {}
        for node in sorted(self.neighbours, key=repr):
            if isinstance(node, str) or self.is_port(node):
                continue
            ports = [self.port_point(n) for n in self.neighbours[node] if self.is_port(n)]
            owner = node[0]  # type: ignore[index]
            centre = (owner[0] + 0.5, owner[1] + 0.5) if isinstance(owner, tuple) else None
            if not ports:
                out[node] = centre or (0.0, 0.0)
                continue
            p = (sum(x for x, _ in ports) / len(ports), sum(y for _, y in ports) / len(ports))
            if centre is not None:
                p = ((p[0] + centre[0]) / 2, (p[1] + centre[1]) / 2)
            out[node] = self._clear_of_land(p, centre)
        return out

    def _clear_of_land(self, p: Vec, towards: Vec | None) -> Vec:
        """Move a point off the land: towards a tile's middle, or on the Thera board out from its centre."""
        for _ in range(20):
            if self.land_clearance(p) >= 0.05:
                break
            if towards is not None and math.dist(p, towards) > 0.03:
                p = (p[0] + (towards[0] - p[0]) * 0.2, p[1] + (towards[1] - p[1]) * 0.2)
            else:
                p = (p[0] * 1.05, p[1] * 1.05)
        return p

    # ---- docks ---------------------------------------------------------------------------

    def _nominal(self, node: object) -> Vec:
        """Where a route node roughly is, for pointing docks towards their routes."""
        if isinstance(node, str):
            quad = self.board.docks[node].quad
            return local(quad, 0.35, 45.0)
        if self.is_port(node):
            return self.port_point(node)
        return self.junctions[node]

    @cached_property
    def dock_angle(self) -> dict[str, float]:
        """Where on its quadrant's coast each dock sits, in degrees from the quadrant's x edge."""
        out: dict[str, float] = {}
        for name, dock in sorted(self.board.docks.items()):
            (cx, cy), sx, sy = quad_frame(dock.quad)
            u = v = 0.0
            for n in self.neighbours.get(name, []):
                nx, ny = self._nominal(n)
                du, dv = (nx - cx) * sx, (ny - cy) * sy
                length = math.hypot(du, dv) or 1.0
                u, v = u + du / length, v + dv / length
            theta = math.degrees(math.atan2(v, u)) if (u or v) else 45.0
            theta = min(72.0, max(18.0, theta))
            if len(self.board.pieces[dock.piece].points) > 1:
                # The strip through the tile's middle leaves the coast only on either side of it.
                theta = min(theta, 22.0) if theta < 45.0 else max(theta, 68.0)
            out[name] = theta
        return out

    @cached_property
    def dock_point(self) -> dict[str, Vec]:
        """Each dock's point on its piece's coast."""
        return {
            name: local(dock.quad, self.radius(dock.piece), self.dock_angle[name])
            for name, dock in sorted(self.board.docks.items())
        }

    def dock_outward(self, name: str) -> Vec:
        """The unit vector from a dock out to sea, in board units."""
        quad = self.board.docks[name].quad
        _, sx, sy = quad_frame(quad)
        t = math.radians(self.dock_angle[name])
        return (sx * math.cos(t), sy * math.sin(t))

    def node_point(self, node: object) -> Vec:
        """Where a route node is drawn."""
        if isinstance(node, str):
            return self.dock_point[node]
        if self.is_port(node):
            return self.port_point(node)
        return self.junctions[node]
