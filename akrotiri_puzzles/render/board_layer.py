"""Drawing the board itself: slots, sea, land, routes, ports, docks, icons, cubes, temples, boats.

Layers go bottom to top so that what a person reads is never covered: sea and quadrant lines,
routes, land (coast first, then the fill, so that touching pieces read as one island), tile
edges, ports, icons, temples, cubes, docks, boats, and last the dock labels.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from functools import partial
from typing import cast

from ..common.render.svgdoc import group, num, sub, text, text_width
from ..geometry import THERA_SLOTS, Quad, Slot, format_quad
from ..position import Position
from . import symbols
from .layout import Band, BoardLayout, Disc, Frame, Shape, Vec, clearance, local, quad_frame
from .placer import Box, Placer, box_at
from .style import (
    COAST,
    COAST_WIDTH,
    DOCK_LABEL_PX,
    EMPTY_EDGE,
    EMPTY_SLOT,
    JUNCTION_RADIUS,
    LAND,
    LAND_COMPLETED,
    PORT_RADIUS,
    QUAD_LINE,
    ROUTE,
    ROUTE_WIDTH,
    SEA,
    SEA_EDGE,
    SLOT_PX,
    THERA_LAND,
    THERA_SEA,
)

S = SLOT_PX
ICON_AT = 0.14
"""Distance of an icon's centre from its quadrant's corner, on the diagonal."""


class BoardPainter:
    """Draws one position's board into an SVG group; `placer` remembers what is where."""

    def __init__(self, pos: Position, frame: Frame, label_px: float = DOCK_LABEL_PX) -> None:
        self.pos = pos
        self.board = pos.board
        self.frame = frame
        self.label_px = label_px
        """Size of the dock names (a printed page asks for larger ones than a screen)."""
        self.layout = BoardLayout(pos.board, frame)
        self.placer = Placer()

    # ---- helpers ---------------------------------------------------------------------------

    def px(self, p: Vec) -> Vec:
        """A board point in user units."""
        return self.frame.px(p)

    def board_point(self, x: float, y: float) -> Vec:
        """A point in user units back in board units."""
        f = self.frame
        return (f.x0 + (x - f.left) / S, f.y1 + 1 - (y - f.top) / S)

    def land_share(self, box: Box) -> float:
        """Roughly which share of a box lies on land (3 x 3 samples)."""
        on = 0
        for i in range(3):
            for j in range(3):
                x = box[0] + (box[2] - box[0]) * (0.1 + 0.4 * i)
                y = box[1] + (box[3] - box[1]) * (0.1 + 0.4 * j)
                on += self.layout.on_land(self.board_point(x, y))
        return on / 9

    def inside_quad_land(self, box: Box, quad: Quad, margin: float = 0.015) -> bool:
        """Whether a box lies wholly on the land of one quadrant (the quarter disc and its strip)."""
        key = self.board.piece_at[quad]
        shapes = self.layout.piece_shapes[key]
        corner, sx, sy = quad_frame(quad)
        for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
            bx, by = self.board_point(x, y)
            u, v = (bx - corner[0]) * sx, (by - corner[1]) * sy
            if u < margin or v < margin or u > 0.5 or v > 0.5:
                return False
            if min(clearance((bx, by), s) for s in shapes) > -margin:
                return False
        return True

    # ---- slots and sea ---------------------------------------------------------------------

    def draw_slots(self, parent: ET.Element) -> None:
        """Empty slots where a tile may go (faint), the tiles' sea and their quadrant lines."""
        g = group(parent, class_="open-slots")
        f = self.frame
        for slot in self.board.open_slots:
            if not (f.x0 <= slot[0] <= f.x1 and f.y0 <= slot[1] <= f.y1):
                continue  # a picture framed on the placed tiles (render_svg(open_slots=False))
            x, y = self.px((slot[0], slot[1] + 1))
            sub(
                g,
                "rect",
                class_="open-slot",
                data_slot=_slot(slot),
                x=x + 3,
                y=y + 3,
                width=S - 6,
                height=S - 6,
                rx=6.0,
                fill=EMPTY_SLOT,
                stroke=EMPTY_EDGE,
                stroke_width=1.5,
                stroke_dasharray="6 5",
            )
            text(g, x + S / 2, y + S / 2, _slot(slot), 15.0, fill="#a9b3bc", halo=None)
        sea = group(parent, class_="sea")
        tx, ty = self.px((THERA_SLOTS[0][0], THERA_SLOTS[0][1] + 2))
        sub(sea, "rect", class_="thera-board", x=tx, y=ty, width=2 * S, height=2 * S, fill=THERA_SEA)
        for slot, tile, rot in self.board.placements:
            x, y = self.px((slot[0], slot[1] + 1))
            sub(
                sea,
                "rect",
                class_="tile",
                data_slot=_slot(slot),
                data_tile=tile,
                data_rotation=rot,
                x=x,
                y=y,
                width=S,
                height=S,
                fill=SEA,
            )
        lines = group(sea, class_="quadrant-lines", stroke=QUAD_LINE, stroke_width=1.3, stroke_dasharray="2 4")
        for slot in sorted(self.board.filled):
            x, y = self.px((slot[0], slot[1] + 1))
            sub(lines, "line", x1=x + S / 2, y1=y, x2=x + S / 2, y2=y + S)
            sub(lines, "line", x1=x, y1=y + S / 2, x2=x + S, y2=y + S / 2)
        # The Thera board's inner slot edges, dashed: its quadrants count like any tile's.
        cx, cy = self.px((0.0, 0.0))
        sub(lines, "line", x1=cx, y1=cy - S, x2=cx, y2=cy + S, stroke_dasharray="6 4")
        sub(lines, "line", x1=cx - S, y1=cy, x2=cx + S, y2=cy, stroke_dasharray="6 4")

    def draw_tile_edges(self, parent: ET.Element) -> None:
        """Tile edges over the land, thin, so that islands still read across them."""
        g = group(parent, class_="tile-edges", fill="none", stroke=SEA_EDGE)
        for slot, _, _ in self.board.placements:
            x, y = self.px((slot[0], slot[1] + 1))
            sub(g, "rect", x=x, y=y, width=S, height=S, stroke_width=1.3, stroke_opacity=0.85)
        tx, ty = self.px((THERA_SLOTS[0][0], THERA_SLOTS[0][1] + 2))
        sub(g, "rect", x=tx, y=ty, width=2 * S, height=2 * S, stroke_width=3.0)

    # ---- routes ----------------------------------------------------------------------------

    def draw_routes(self, parent: ET.Element) -> None:
        """Shipping routes inside tiles, and their junctions."""
        g = group(
            parent, class_="routes", stroke=ROUTE, stroke_width=ROUTE_WIDTH * S, stroke_linecap="round", fill="none"
        )
        for a, b in self.layout.tile_edges:
            (x1, y1), (x2, y2) = self.px(self.layout.node_point(a)), self.px(self.layout.node_point(b))
            sub(g, "line", class_="route", x1=x1, y1=y1, x2=x2, y2=y2)
            self.placer.add_segment(((x1, y1), (x2, y2)))
        for _node, p in self.layout.junctions.items():
            x, y = self.px(p)
            sub(parent, "circle", class_="junction", cx=x, cy=y, r=JUNCTION_RADIUS * S, fill=ROUTE)
            self.placer.take(box_at(x, y, 2 * JUNCTION_RADIUS * S, 2 * JUNCTION_RADIUS * S))

    def draw_ports(self, parent: ET.Element) -> None:
        """Ports at the middle of slot sides: filled where two slots' routes join, open where the sea is empty."""
        g = group(parent, class_="ports")
        filled = self.board.filled
        seen: set[Vec] = set()
        for node in sorted((n for n in self.layout.neighbours if self.layout.is_port(n)), key=repr):
            p = self.layout.port_point(node)
            if p in seen:
                continue
            seen.add(p)
            (sx, sy), side = cast(tuple[Slot, str], node)
            step = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}[side]
            joined = (sx + step[0], sy + step[1]) in filled
            x, y = self.px(p)
            r = PORT_RADIUS * S
            sub(
                g,
                "circle",
                class_="port",
                cx=x,
                cy=y,
                r=r,
                fill=ROUTE if joined else "#ffffff",
                stroke=ROUTE,
                stroke_width=2.0,
            )
            self.placer.take(box_at(x, y, 2 * r, 2 * r))

    # ---- land ------------------------------------------------------------------------------

    def draw_land(self, parent: ET.Element) -> None:
        """Every land piece: a coast outline under all the land, then the land on top."""
        coast = group(parent, class_="coast", fill=COAST, stroke=COAST, stroke_linejoin="round")
        land = group(parent, class_="land")
        cw = COAST_WIDTH * S
        completed = self.board.completed
        thera = self.board.thera_island
        for key, shapes in self.layout.piece_shapes.items():
            island = self.board.island_of_piece[key]
            fill = THERA_LAND if island == thera else LAND_COMPLETED if island in completed else LAND
            g = group(land, class_="piece", data_piece=format_quad(key), data_island=format_quad(island), fill=fill)
            for shape in shapes:
                self._shape(coast, shape, cw * 2, COAST)
                self._shape(g, shape, 0.0, fill)
        for point, disc in self.layout.necks.items():
            island = self.board.island_of_point[point]
            fill = LAND_COMPLETED if island in completed else LAND
            self._shape(coast, disc, cw * 2, COAST)
            self._shape(land, disc, 0.0, fill, class_="neck", data_island=format_quad(island))
        if not self.layout.shows_thera:
            return
        x, y = self.px((0.0, 0.0))
        text(land, x, y + 0.2 * S, "THERA", 17.0, weight="bold", fill="#6b5228", halo=None, letter_spacing=2.0)
        self.placer.take(box_at(x, y + 0.2 * S, 70.0, 20.0))

    def _shape(self, parent: ET.Element, shape: Shape, stroke: float, colour: str, **attrs: str) -> None:
        if isinstance(shape, Band):
            (x1, y1), (x2, y2) = self.px(shape.a), self.px(shape.b)
            width = 2 * shape.half * S + stroke
            sub(
                parent,
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke=colour,
                stroke_width=width,
                stroke_linecap="round",
                **attrs,
            )
            return
        if isinstance(shape, Disc):
            x, y = self.px(shape.centre)
            sub(parent, "circle", cx=x, cy=y, r=shape.r * S + stroke / 2, fill=colour, **attrs)
            return
        cx, cy = shape.corner
        c = self.px((cx, cy))
        a = self.px((cx + shape.sx * shape.r, cy))
        b = self.px((cx, cy + shape.sy * shape.r))
        # Sweep so that the arc bulges into the quadrant, whichever corner it is.
        sweep = 1 if (a[0] - c[0]) * (b[1] - c[1]) - (a[1] - c[1]) * (b[0] - c[0]) > 0 else 0
        r = num(shape.r * S)
        d = f"M{num(c[0])} {num(c[1])} L{num(a[0])} {num(a[1])} A{r} {r} 0 0 {sweep} {num(b[0])} {num(b[1])} Z"
        sub(parent, "path", d=d, stroke_width=stroke if stroke else None, **attrs)

    # ---- things on the land ----------------------------------------------------------------

    def draw_icons(self, parent: ET.Element) -> None:
        """Terrain icons on their quadrants."""
        g = group(parent, class_="icons")
        for quad, kind in self.board.icons:
            if not self.layout.shows(quad):
                continue
            x, y = self.px(local(quad, ICON_AT, 45.0))
            symbols.icon(g, x, y, kind, data_quad=format_quad(quad))
            r = symbols.ICON_PX
            self.placer.take(box_at(x, y, 2 * r + 2, 2 * r + 2))

    def draw_docks(self, parent: ET.Element) -> None:
        """Dock markers on the coast (their labels come last, once everything else is placed)."""
        g = group(parent, class_="docks")
        for name, p in self.layout.dock_point.items():
            x, y = self.px(p)
            symbols.dock(g, x, y, data_dock=name)
            d = symbols.DOCK_PX * 2 + 3
            self.placer.take(box_at(x, y, d, d))

    def _land_spots(self, quads: list[Quad], w: float, h: float) -> list[Box]:
        """Candidate boxes on the land of some quadrants, in order of preference."""
        out: list[Box] = []
        for quad in quads:
            for r in (0.25, 0.2, 0.3, 0.15, 0.34):
                for deg in (20.0, 70.0, 45.0, 10.0, 80.0, 32.0, 58.0):
                    x, y = self.px(local(quad, r, deg))
                    box = box_at(x, y, w, h)
                    if self.inside_quad_land(box, quad):
                        out.append(box)
        return out

    def draw_temples(self, parent: ET.Element) -> None:
        """Temples on their excavation sites, in their owner's colour."""
        g = group(parent, class_="temples")
        for seat_name, seat in zip(("south", "north"), self.pos.seats, strict=True):
            for card, site in seat.temples:
                self.draw_temple(g, seat_name, card, site)

    def draw_temple(self, g: ET.Element, seat_name: str, card: str, site: Quad, cls: str = "temple") -> None:
        """One temple on its site, on land the picture keeps free."""
        if not self.layout.shows(site):
            return
        w, h = symbols.TEMPLE_W_PX + 2, symbols.TEMPLE_H_PX + 2
        spots = self._land_spots([site], w, h) or [box_at(*self.px(local(site, 0.2, 45.0)), w, h)]
        box = self.placer.place(spots, segment_weight=0.0)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        symbols.temple(g, cx, cy, seat_name, cls=cls, data_site=format_quad(site), data_map=card)

    def draw_cubes(self, parent: ET.Element) -> None:
        """Cubes on their pieces, one square each, in a small block per piece."""
        g = group(parent, class_="cubes")
        by_piece: dict[Quad, list[str]] = {}
        for piece, colour, n in self.pos.cubes:
            if not self.layout.shows(piece):
                continue
            by_piece.setdefault(piece, []).extend([colour] * n)
        step = symbols.CUBE_PX + 2.0
        for key, colours in sorted(by_piece.items()):
            cols = min(len(colours), 3)
            rows = math.ceil(len(colours) / cols)
            w, h = cols * step + 2, rows * step + 2
            quads = list(self.board.pieces[key].quads)
            spots = self._land_spots(quads, w, h) or [box_at(*self.px(local(key, 0.2, 45.0)), w, h)]
            box = self.placer.place(spots, segment_weight=0.0)
            for i, colour in enumerate(colours):
                x = box[0] + 1 + step * (i % cols) + step / 2
                y = box[1] + 1 + step * (i // cols) + step / 2
                symbols.cube(g, x, y, colour, data_piece=format_quad(key))

    # ---- boats and labels --------------------------------------------------------------------

    def _around(self, dock: str, w: float, h: float, gap: float, turns: tuple[float, ...]) -> list[Box]:
        """Boxes just off a dock, in directions turned from its seaward side, nearest first."""
        x, y = self.px(self.layout.dock_point[dock])
        ox, oy = self.layout.dock_outward(dock)
        base = math.atan2(-oy, ox)  # user units have y growing down
        out: list[Box] = []
        for extra in (0.0, 8.0, 18.0):
            for turn in turns:
                t = base + math.radians(turn)
                dx, dy = math.cos(t), math.sin(t)
                # Distance from the dock to the box's centre so that the box's edge clears the dock by `gap`.
                reach = min(w / 2 / abs(dx) if dx else math.inf, h / 2 / abs(dy) if dy else math.inf)
                d = symbols.DOCK_PX + gap + extra + reach
                out.append(box_at(x + dx * d, y + dy * d, w, h))
        return out

    def draw_boats(self, parent: ET.Element) -> None:
        """Each boat on the sea beside its dock, with its cargo."""
        g = group(parent, class_="boats")
        for seat_name, seat in zip(("south", "north"), self.pos.seats, strict=True):
            self.draw_boat(g, seat_name, seat.boat, seat.cargo)

    def draw_boat(
        self, g: ET.Element, seat_name: str, dock: str | None, cargo: tuple[str, ...], cls: str = "boat"
    ) -> None:
        """One boat beside its dock, on sea the picture keeps free, moored to the dock."""
        if dock is None or dock not in self.layout.dock_point:
            return
        w, h = symbols.BOAT_W_PX + 2, symbols.BOAT_H_PX + symbols.CUBE_PX + 4
        turns = (0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0, 120.0, -120.0)
        spots = self._around(dock, w, h, 2.0, turns)
        box = self.placer.place(
            spots, penalty=lambda b: 4 * self.land_share(b) * (b[2] - b[0]) * (b[3] - b[1]), segment_weight=0.3
        )
        # The hull sits in the lower part of the box, the cargo above it.
        cx, cy = (box[0] + box[2]) / 2, box[3] - symbols.BOAT_H_PX / 2 - 1
        dx, dy = self.px(self.layout.dock_point[dock])
        # A mooring line under the boat to its dock, so that a person sees which dock it is at.
        sub(
            g,
            "line",
            class_="mooring",
            x1=dx,
            y1=dy,
            x2=cx,
            y2=cy,
            stroke="#111111",
            stroke_width=1.4,
            stroke_dasharray="3 2",
        )
        symbols.boat(g, cx, cy, seat_name, cargo, cls=cls, data_dock=dock)

    def draw_dock_labels(self, parent: ET.Element, within: Slot | None = None) -> None:
        """Dock names, exactly as the notation writes them, beside their docks (`within`: only
        the docks of that slot, for a picture clipped to it)."""
        g = group(parent, class_="dock-labels")
        size = self.label_px
        turns = tuple(float(t) for t in (0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180))
        docks = {name: self.px(p) for name, p in self.layout.dock_point.items()}

        def penalty(name: str, box: Box) -> float:
            area = (box[2] - box[0]) * (box[3] - box[1])
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            own = math.dist(centre, docks[name])
            # A label about as near another dock as its own could name the wrong dock.
            nearest = min((math.dist(centre, p) for n, p in docks.items() if n != name), default=math.inf)
            confusing = max(0.0, 1.4 - nearest / max(own, 1.0))
            return 0.6 * self.land_share(box) * area + 3 * area * confusing

        names = docks if within is None else [n for n, p in self.layout.dock_point.items() if _in_slot(p, within)]
        for name in sorted(names, key=_dock_order):
            w, h = text_width(name, size, bold=True) + 4, size + 3
            spots = self._around(name, w, h, 1.5, turns)
            box = self.placer.place(spots, penalty=partial(penalty, name), segment_weight=0.8)
            text(
                g,
                (box[0] + box[2]) / 2,
                (box[1] + box[3]) / 2,
                name,
                size,
                weight="bold",
                class_="dock-label",
                data_dock=name,
            )


def _in_slot(p: Vec, slot: Slot) -> bool:
    return slot[0] <= p[0] <= slot[0] + 1 and slot[1] <= p[1] <= slot[1] + 1


def _slot(slot: Slot) -> str:
    return f"{slot[0]},{slot[1]}"


def _dock_order(name: str) -> tuple[int, str]:
    """Thera's docks first, then by name: a fixed order for placing labels."""
    return (0 if len(name) <= 3 else 1, name)
