"""One tile drawn on its own: the tile in hand beside the board, a placement's preview on the page,
a placed tile over its empty slot in a line's overlay.

A `SlotPainter` is a `BoardPainter` whose layout holds only one slot's tile (its land, routes,
ports, docks, icon, cubes and temples), so it draws in the board's own style and scale but in a
fraction of the time a whole board takes. `draw_tile` draws a tile that is not on the board (the
tile in hand, a revealed next tile) the same way, as printed or turned, with a mark on the edge
that is its top as printed (`top_mark`), which the outline of a placed tile carries too.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cached_property

from ..board import Board
from ..common.render.svgdoc import group, num, sub
from ..geometry import Point, Quad, Slot, quad_slot
from ..position import Position, evolve
from .board_layer import BoardPainter
from .layout import BoardLayout, Disc, Frame, Shape
from .style import DOCK_LABEL_PX, EMPTY_EDGE, QUAD_LINE, SEA, SEA_EDGE, SLOT_PX

S = SLOT_PX
APART = (1000, 1000)
"""Where a tile that is not on the board is laid to be drawn: far from every other slot."""
SIDE_OF_TOP = {0: "N", 90: "E", 180: "S", 270: "W"}
"""The side of the slot that a tile turned clockwise by so many degrees has as its printed top."""


class SlotLayout(BoardLayout):
    """The layout of one slot's tile only: its land, routes, ports, junctions and docks."""

    def __init__(self, board: Board, frame: Frame, slot: Slot) -> None:
        super().__init__(board, frame)
        self.slot = slot

    def shows(self, quad: Quad) -> bool:
        """Whether a quadrant lies in the slot drawn."""
        return quad_slot(quad) == self.slot

    @property
    def shows_thera(self) -> bool:
        """The Thera board is never one slot's tile."""
        return False

    @cached_property
    def piece_shapes(self) -> dict[Quad, tuple[Shape, ...]]:
        """The land shapes of the slot's pieces."""
        whole = super().piece_shapes
        return {k: v for k, v in whole.items() if self.board.pieces[k].slot == self.slot}

    @cached_property
    def necks(self) -> dict[Point, Disc]:
        """Necks on the slot's corners: they reach into it."""
        x, y = self.slot
        corners = {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
        return {p: d for p, d in super().necks.items() if p in corners}

    @cached_property
    def tile_edges(self) -> tuple[tuple[object, object], ...]:
        """The route edges inside the slot's tile."""
        tile = self.board.tile_at.get(self.slot)
        if tile is None:
            return ()
        return tuple(self.board.tile_route_edges((self.slot, tile[0], tile[1])))

    @cached_property
    def dock_point(self) -> dict[str, tuple[float, float]]:
        """The slot's docks on their coast."""
        return {n: p for n, p in super().dock_point.items() if self.shows(self.board.docks[n].quad)}


class SlotPainter(BoardPainter):
    """Draws one slot's tile of a position, in the board's style, into a group."""

    def __init__(self, pos: Position, frame: Frame, slot: Slot, label_px: float = DOCK_LABEL_PX) -> None:
        super().__init__(pos, frame, label_px)
        self.slot = slot
        self.layout = SlotLayout(pos.board, frame, slot)

    def draw_slots(self, parent: ET.Element) -> None:
        """The tile's sea and its quadrant lines."""
        x, y = self.px((self.slot[0], self.slot[1] + 1))
        tile, rot = self.board.tile_at[self.slot]
        g = group(parent, class_="sea")
        sub(g, "rect", class_="tile", data_slot=f"{self.slot[0]},{self.slot[1]}", data_tile=tile, data_rotation=rot,
            x=x, y=y, width=S, height=S, fill=SEA)  # fmt: skip
        lines = group(g, class_="quadrant-lines", stroke=QUAD_LINE, stroke_width=1.3, stroke_dasharray="2 4")
        sub(lines, "line", x1=x + S / 2, y1=y, x2=x + S / 2, y2=y + S)
        sub(lines, "line", x1=x, y1=y + S / 2, x2=x + S, y2=y + S / 2)

    def draw_tile_edges(self, parent: ET.Element) -> None:
        """The tile's edge, thin, over its land."""
        x, y = self.px((self.slot[0], self.slot[1] + 1))
        sub(parent, "rect", class_="tile-edge", x=x, y=y, width=S, height=S, fill="none", stroke=SEA_EDGE,
            stroke_width=1.3, stroke_opacity=0.85)  # fmt: skip

    def draw(self, parent: ET.Element, labels: bool = True, things: bool = True, clip_id: str = "") -> ET.Element:
        """The tile, layer by layer as the board draws them, clipped to its slot (its boats and
        dock names may reach out of it); `things`: its cubes, temples and boats; `labels`: its
        dock names."""
        x, y = self.px((self.slot[0], self.slot[1] + 1))
        clip_id = clip_id or f"slot-{self.slot[0]}-{self.slot[1]}"
        clip = sub(sub(parent, "defs"), "clipPath", id=clip_id)
        sub(clip, "rect", x=x, y=y, width=S, height=S)
        g = group(parent, class_="placed-tile", clip_path=f"url(#{clip_id})")
        self.draw_slots(g)
        self.draw_routes(g)
        self.draw_land(g)
        self.draw_tile_edges(g)
        self.draw_ports(parent)  # on the slot's edge: whole, as the board draws them
        self.draw_icons(g)
        self.draw_docks(g)
        if things:
            self.draw_temples(g)
            self.draw_cubes(g)
            self.draw_boats(parent)
        if labels:
            self.draw_dock_labels(parent)
        return g


def paint_slot(
    parent: ET.Element, pos: Position, slot: Slot, painter: BoardPainter, labels: bool = True, clip_id: str = ""
) -> SlotPainter:
    """A slot's tile of `pos` (its cubes and, with `labels`, its dock names) drawn over the
    picture `painter` drew, whose frame it keeps; what it places keeps clear of what that picture
    placed. The painter returned knows where everything went (and can draw the dock names later,
    once more is placed)."""
    import copy

    tile_painter = SlotPainter(pos, painter.frame, slot, painter.label_px)
    tile_painter.placer = copy.deepcopy(painter.placer)
    tile_painter.draw(parent, labels=labels, clip_id=clip_id)
    return tile_painter


def draw_tile(
    parent: ET.Element, pos: Position, tile: str, x: float, y: float, rotation: int = 0, scale: float = 1.0
) -> ET.Element:
    """A land tile that is not on the board (the tile in hand, a revealed next tile) drawn with
    its top-left corner at (x, y), as the board draws tiles (`scale` 1: the board's size), turned
    `rotation` degrees clockwise, with the mark of its printed top."""
    board = Board.empty(pos.components).with_tile(APART, tile, rotation)
    alone = evolve(pos, board=board, cubes=())
    frame = Frame(APART[0], APART[0], APART[1], APART[1], left=0.0, top=0.0)
    g = group(parent, class_="tile-drawn", data_tile=tile, data_rotation=rotation,
              transform=f"translate({num(x)} {num(y)})" + (f" scale({num(scale)})" if scale != 1.0 else ""))  # fmt: skip
    SlotPainter(alone, frame, APART).draw(
        g, labels=False, things=False, clip_id=f"tile-{tile}-r{rotation}-{num(x)}-{num(y)}"
    )
    # Not on the board: none of the classes by which tools find the board's things (docs/rendering.md).
    for el in g.iter():
        if el is not g:
            for name in [k for k in el.attrib if k == "class" or k.startswith("data-")]:
                del el.attrib[name]
    sub(g, "rect", x=0.5, y=0.5, width=S - 1, height=S - 1, fill="none", stroke=EMPTY_EDGE, stroke_width=1.0)
    top_mark(g, 0.0, 0.0, rotation, "#1b1f24")
    return g


def top_mark(parent: ET.Element, x: float, y: float, rotation: int, colour: str) -> None:
    """A small triangle outside the slot at (x, y), on the side that is the tile's printed top
    (beside the port in the side's middle), pointing out: which way the tile was turned."""
    side = SIDE_OF_TOP[rotation % 360]
    # Along the side, a quarter of the way from its corner: clear of the port in its middle.
    a, h = 0.3 * S, 9.0
    tips = {
        "N": [(x + a - h, y), (x + a + h, y), (x + a, y - h)],
        "S": [(x + S - a + h, y + S), (x + S - a - h, y + S), (x + S - a, y + S + h)],
        "E": [(x + S, y + a - h), (x + S, y + a + h), (x + S + h, y + a)],
        "W": [(x, y + S - a + h), (x, y + S - a - h), (x - h, y + S - a)],
    }[side]
    d = "M" + " L".join(f"{num(px)} {num(py)}" for px, py in tips) + " Z"
    sub(parent, "path", class_="top-mark", data_side=side, d=d, fill=colour)


CAPTION_EM = 0.62
"""The widest bold sans-serif letter's width, in ems, that a caption is laid out for."""


def tiles_svg(
    pos: Position, tiles: tuple[str, ...], scale: float = 0.6, per_row: int = 3, numbered: bool = True
) -> str:
    """Land tiles off the board (a puzzle's revealed next tiles, top first; the tile in hand)
    drawn in a row as printed, each with (`numbered`: its place in the pile,) its id and icon
    under it: an SVG document."""
    from ..common.render.colours import INK
    from ..common.render.svgdoc import SVG_NS, serialise, text

    side, gap, caption, size = S * scale, 14.0, 34.0, 13.0
    words = [
        (f"{i + 1}. " if numbered else "") + f"{t} \u00b7 {pos.components.tile[t].icon}" for i, t in enumerate(tiles)
    ]
    # A column is as wide as its tile or its caption, whichever is wider (a bold sans-serif
    # letter is at most about 0.62 of the font size wide), so no caption is cut at the edge.
    column = max([side, *(CAPTION_EM * size * len(w) for w in words)])
    cols = max(1, min(per_row, len(tiles)))
    rows = (len(tiles) + cols - 1) // cols
    width, height = cols * column + (cols - 1) * gap + 8, rows * (side + caption) + 8
    root = ET.Element("svg", {"xmlns": SVG_NS, "font-family": "sans-serif", "class": "tiles",
                              "width": num(width), "height": num(height), "viewBox": f"0 0 {num(width)} {num(height)}"})  # fmt: skip
    for i, tile in enumerate(tiles):
        x = 4 + (i % cols) * (column + gap) + (column - side) / 2
        y = 4 + 6 + (i // cols) * (side + caption)
        draw_tile(root, pos, tile, x, y, scale=scale)
        text(root, x + side / 2, y + side + 14, words[i], size, weight="bold", fill=INK, halo=None)
    return serialise(root)
