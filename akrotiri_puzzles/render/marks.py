"""Labelled marks over the board for lessons: docks, sites and islands to look at, and regions
(above, below, left or right of a site as a seat sees them, R-EXC-2; a quarter of the board,
R-GOAL-9) shaded so that a new player sees which icons count.

Regions are drawn first, faint, under the other marks; each label is placed where it covers
the least of what is already drawn.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from ..common.render.svgdoc import group, sub, text, text_width
from ..geometry import format_quad
from ..teaching.lesson import Mark
from .board_layer import ICON_AT, BoardPainter
from .layout import Vec, local
from .placer import Box, box_at
from .style import HIGHLIGHT, SLOT_PX

S = SLOT_PX
LABEL_PX = 14.0
REGION_FILL = "#d1007a"
REGION_OPACITY = 0.16


def draw_marks(parent: ET.Element, painter: BoardPainter, marks: tuple[Mark, ...]) -> None:
    """Draw a lesson's marks: shaded regions first, then islands, sites and docks with labels."""
    if not marks:
        return
    g = group(parent, class_="marks")
    # Regions tint the sea under the land, so that icons and land read as before.
    regions = ET.Element("g", {"class": "mark-regions"})
    coast = next((i for i, el in enumerate(parent) if el.get("class") == "coast"), len(parent))
    parent.insert(coast, regions)
    for mark in marks:
        if mark.kind in ("above", "below", "left", "right", "quarter"):
            _region(regions, g, painter, mark)
    anchors = [_anchor(painter, mark) for mark in marks]
    # Islands first (their tint lies under the rings), then sites, icons and docks.
    for kinds in (("island",), ("site", "icon", "dock")):
        for i, (mark, at) in enumerate(zip(marks, anchors, strict=True)):
            if mark.kind in kinds and at is not None:
                others = tuple(a for j, a in enumerate(anchors) if j != i and a is not None)
                DRAW[mark.kind](g, painter, mark, at, others)


def _anchor(painter: BoardPainter, mark: Mark) -> Vec | None:
    """Where a mark's label points: the dock, the site's or icon's ring, the island's quadrant."""
    if mark.kind == "dock" and mark.dock is not None:
        point = painter.layout.dock_point.get(mark.dock)
        return None if point is None else painter.px(point)
    if mark.quad is None:
        return None
    if mark.kind == "site":
        return painter.px(local(mark.quad, 0.2, 45.0))
    if mark.kind == "icon":
        return painter.px(local(mark.quad, ICON_AT, 45.0))
    if mark.kind == "island":
        return painter.px(local(mark.quad, 0.25, 45.0))
    return None


def _label(
    g: ET.Element,
    painter: BoardPainter,
    at: Vec,
    words: str,
    distance: float,
    ring: float = 0.0,
    others: tuple[Vec, ...] = (),
) -> None:
    """A label in a white box near a point, where it covers least, with a thin line from the
    box to the mark (to the edge of its ring of radius `ring`): where two marks lie close
    together, a label placed nearer the other mark still says which one it names."""
    if not words:
        return
    w, h = text_width(words, LABEL_PX, bold=True) + 12, LABEL_PX + 8
    spots: list[Box] = []
    for dy, dx in ((-1, 0), (1, 0), (0, 1), (0, -1), (-1, 1), (-1, -1), (1, 1), (1, -1)):
        cx = at[0] + dx * (distance + w / 2)
        cy = at[1] + dy * (distance + h / 2)
        spots.append(box_at(cx, cy, w, h))
    # Keep the label on the picture: off the left edge it would be cut, right of the board it
    # would cover the key.
    f = painter.frame
    inside = [b for b in spots if b[0] >= 0 and b[1] >= 0 and b[2] <= f.left + f.width + f.left] or spots
    # A label nearer another mark than its own would seem to name that one: such spots go last.
    own = [b for b in inside if all(_gap(b, at) <= _gap(b, o) for o in others)]
    box = painter.placer.place(own or inside, segment_weight=0.3)
    _leader(g, box, at, ring)
    sub(
        g,
        "rect",
        class_="mark-label",
        x=box[0],
        y=box[1],
        width=w,
        height=h,
        rx=4.0,
        fill="#ffffff",
        stroke=HIGHLIGHT,
        stroke_width=1.5,
    )
    text(g, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, words, LABEL_PX, weight="bold", fill=HIGHLIGHT, halo=None)


def _gap(box: Box, at: Vec) -> float:
    """The distance from a point to a box (0 inside it)."""
    return math.hypot(at[0] - min(max(at[0], box[0]), box[2]), at[1] - min(max(at[1], box[1]), box[3]))


def _leader(g: ET.Element, box: Box, at: Vec, ring: float) -> None:
    """A thin line from the label's box (its point nearest the mark) to the mark's ring."""
    bx = min(max(at[0], box[0]), box[2])
    by = min(max(at[1], box[1]), box[3])
    dx, dy = bx - at[0], by - at[1]
    far = math.hypot(dx, dy)
    if far - ring < 4.0:
        return  # the box touches the ring: no line needed
    ex, ey = at[0] + dx * ring / far, at[1] + dy * ring / far
    sub(
        g,
        "line",
        class_="mark-leader",
        x1=round(bx, 2),
        y1=round(by, 2),
        x2=round(ex, 2),
        y2=round(ey, 2),
        stroke=HIGHLIGHT,
        stroke_width=1.5,
    )


def _dock(g: ET.Element, painter: BoardPainter, mark: Mark, at: Vec, others: tuple[Vec, ...]) -> None:
    x, y = at
    sub(
        g,
        "circle",
        class_="mark-dock",
        data_dock=mark.dock,
        cx=x,
        cy=y,
        r=15.0,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=4.0,
    )
    _label(g, painter, (x, y), mark.label, 18.0, 15.0, others)


def _site(g: ET.Element, painter: BoardPainter, mark: Mark, at: Vec, others: tuple[Vec, ...]) -> None:
    assert mark.quad is not None
    x, y = at
    r = 0.2 * S
    sub(
        g,
        "circle",
        class_="mark-site",
        data_site=format_quad(mark.quad),
        cx=x,
        cy=y,
        r=r,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=4.0,
        stroke_dasharray="8 4",
    )
    _label(g, painter, (x, y), mark.label, r + 4, r, others)


def _icon(g: ET.Element, painter: BoardPainter, mark: Mark, at: Vec, others: tuple[Vec, ...]) -> None:
    """A ring round an icon, which the map card counts or does not."""
    assert mark.quad is not None
    x, y = at
    sub(
        g,
        "circle",
        class_="mark-icon",
        data_quad=format_quad(mark.quad),
        cx=x,
        cy=y,
        r=17.0,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=3.5,
    )
    _label(g, painter, (x, y), mark.label, 20.0, 17.0, others)


def _island(g: ET.Element, painter: BoardPainter, mark: Mark, at: Vec, others: tuple[Vec, ...]) -> None:
    """The island's land, tinted, with its label by the marked quadrant."""
    assert mark.quad is not None
    board = painter.board
    island = board.island_at(mark.quad)
    if island is None:
        return
    # One opacity for the whole group: the strips joining its pieces (drawn as thick lines) tint
    # like the pieces, and where shapes overlap the tint does not darken.
    tint = group(g, class_="mark-island", data_island=format_quad(island), fill=HIGHLIGHT, opacity=0.28, stroke="none")
    for key, shapes in painter.layout.piece_shapes.items():
        if board.island_of_piece[key] == island:
            for shape in shapes:
                painter._shape(tint, shape, 0.0, HIGHLIGHT)
    for point, disc in painter.layout.necks.items():
        if board.island_of_point.get(point) == island:
            painter._shape(tint, disc, 0.0, HIGHLIGHT)
    _label(g, painter, at, mark.label, 24.0, 0.0, others)


DRAW = {"island": _island, "site": _site, "icon": _icon, "dock": _dock}
"""How each mark with a point is drawn, given the point (`_anchor`) and the other marks' points."""


def _region(tint: ET.Element, g: ET.Element, painter: BoardPainter, mark: Mark) -> None:
    """A band of whole quadrant rows or columns beyond a site, or a quarter of the board."""
    f = painter.frame
    x0, x1, y0, y1 = float(f.x0), float(f.x1 + 1), float(f.y0), float(f.y1 + 1)
    if mark.kind == "quarter":
        assert mark.quarter is not None
        if "N" in mark.quarter:
            y0 = 0.0
        else:
            y1 = 0.0
        if "E" in mark.quarter:
            x0 = 0.0
        else:
            x1 = 0.0
    else:
        assert mark.quad is not None
        qx, qy = mark.quad
        # Quadrant column i spans x from i/2 to (i+1)/2; a region starts beyond the site's own.
        north = mark.seat == "north"
        direction = mark.kind
        if north:  # the north seat sees everything mirrored (R-GEO-10)
            direction = {"above": "below", "below": "above", "left": "right", "right": "left"}[direction]
        if direction == "above":
            y0 = (qy + 1) / 2
        elif direction == "below":
            y1 = qy / 2
        elif direction == "right":
            x0 = (qx + 1) / 2
        else:
            x1 = qx / 2
    if x1 <= x0 or y1 <= y0:
        return
    (ax, ay), (bx, by) = painter.px((x0, y1)), painter.px((x1, y0))
    sub(
        tint,
        "rect",
        class_="mark-region",
        data_region=mark.kind,
        x=ax,
        y=ay,
        width=bx - ax,
        height=by - ay,
        fill=REGION_FILL,
        fill_opacity=REGION_OPACITY,
        stroke=HIGHLIGHT,
        stroke_width=2.5,
        stroke_dasharray="10 6",
    )
    if mark.label:
        w = text_width(mark.label, LABEL_PX, bold=True) + 12
        h = LABEL_PX + 8
        # The label sits inside the region, along its edge nearest the site.
        cx = (ax + bx) / 2
        cy = ay + h / 2 + 4 if mark.kind != "quarter" and direction == "below" else by - h / 2 - 4
        if mark.kind in ("left", "right") or (mark.kind == "quarter"):
            cy = ay + h / 2 + 4
        box = box_at(cx, cy, w, h)
        painter.placer.take(box)
        sub(g, "rect", x=box[0], y=box[1], width=w, height=h, rx=4.0, fill=HIGHLIGHT)
        text(g, cx, cy, mark.label, LABEL_PX, weight="bold", fill="#ffffff", halo=None)
