"""The small pictures: terrain icons, cubes, temples, boats and docks.

Each function draws one thing centred on a point (user units) and returns its group, so that
the board and the legend draw them alike. The board's own copies carry a class (`icon`, `cube`,
`temple`, `boat`, `dock`) that tests count; the legend passes `cls=None`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..common.render.colours import FONT
from ..common.render.svgdoc import Attr, group, num, path_d, sub
from .style import (
    BOAT_H,
    BOAT_W,
    CUBE_COLOUR,
    CUBE_SIZE,
    DOCK_EDGE,
    DOCK_FILL,
    DOCK_RADIUS,
    ICON_COLOUR,
    ICON_RADIUS,
    SEAT_EDGE,
    SEAT_FILL,
    SEAT_INK,
    SLOT_PX,
    TEMPLE_H,
    TEMPLE_W,
)

ICON_PX = ICON_RADIUS * SLOT_PX
CUBE_PX = CUBE_SIZE * SLOT_PX
TEMPLE_W_PX = TEMPLE_W * SLOT_PX
TEMPLE_H_PX = TEMPLE_H * SLOT_PX
BOAT_W_PX = BOAT_W * SLOT_PX
BOAT_H_PX = BOAT_H * SLOT_PX
DOCK_PX = DOCK_RADIUS * SLOT_PX


def _at(parent: ET.Element, x: float, y: float, cls: str | None, **attrs: Attr) -> ET.Element:
    return group(parent, class_=cls, transform=f"translate({num(x)} {num(y)})", **attrs)


def _scaled(points: list[tuple[float, float]], k: float) -> list[tuple[float, float]]:
    return [(x * k, y * k) for x, y in points]


def icon(parent: ET.Element, x: float, y: float, kind: str, cls: str | None = "icon", **attrs: Attr) -> ET.Element:
    """A terrain icon in a white badge: each kind has its own shape as well as its colour."""
    g = _at(parent, x, y, f"{cls} icon-{kind}" if cls else None, data_kind=kind, **attrs)
    colour = ICON_COLOUR[kind]
    sub(g, "circle", r=ICON_PX, fill="#ffffff", stroke=colour, stroke_width=2.0)
    k = ICON_PX / 13.0  # the shapes below are drawn for a badge of radius 13
    if kind == "volcano":
        sub(g, "path", d=path_d(_scaled([(-9, 7), (-3, -3), (3, -3), (9, 7)], k)), fill=colour)
        sub(g, "path", d=path_d(_scaled([(-3, -3), (0, 0), (3, -3)], k)), fill="#ffffff")
        sub(g, "circle", cx=-2.5 * k, cy=-7.5 * k, r=2.2 * k, fill=colour)
        sub(g, "circle", cx=2.0 * k, cy=-9.0 * k, r=1.8 * k, fill=colour)
    elif kind == "lake":
        sub(g, "ellipse", rx=9.5 * k, ry=6.0 * k, fill=colour)
        for dy in (-1.5, 2.0):
            d = f"M{num(-5 * k)} {num(dy * k)} q{num(2.5 * k)} {num(-2 * k)} {num(5 * k)} 0 t{num(5 * k)} 0"
            sub(g, "path", d=d, fill="none", stroke="#ffffff", stroke_width=1.3 * k, stroke_linecap="round")
    elif kind == "tree":
        sub(g, "rect", x=-1.6 * k, y=1.0 * k, width=3.2 * k, height=8.0 * k, fill="#6b4a2b")
        sub(g, "circle", cy=-2.5 * k, r=6.8 * k, fill=colour)
    else:  # mountain
        sub(g, "path", d=path_d(_scaled([(-10, 7), (-3.5, -5), (0, 0), (3.5, -8), (10, 7)], k)), fill=colour)
        sub(g, "path", d=path_d(_scaled([(3.5, -8), (1.6, -4.5), (5.3, -4.5)], k)), fill="#ffffff")
    return g


def cube(parent: ET.Element, x: float, y: float, colour: str, cls: str | None = "cube", **attrs: Attr) -> ET.Element:
    """One cube, a small square in its colour."""
    s = CUBE_PX
    return sub(
        parent,
        "rect",
        class_=cls,
        x=x - s / 2,
        y=y - s / 2,
        width=s,
        height=s,
        rx=1.5,
        fill=CUBE_COLOUR[colour],
        stroke="#1b1f24",
        stroke_width=0.9,
        data_colour=colour,
        **attrs,
    )


def temple(parent: ET.Element, x: float, y: float, seat: str, cls: str | None = "temple", **attrs: Attr) -> ET.Element:
    """A temple in its owner's colour: pediment, three columns, steps."""
    g = _at(parent, x, y, cls, data_seat=seat, **attrs)
    w, h = TEMPLE_W_PX, TEMPLE_H_PX
    fill, ink = SEAT_FILL[seat], SEAT_INK[seat]
    # A dark outline first, so that the white temple stands out on pale land.
    outline = [(-w / 2, h / 2), (-w / 2, -h / 6), (0, -h / 2), (w / 2, -h / 6), (w / 2, h / 2)]
    sub(g, "path", d=path_d(outline), fill=fill, stroke=SEAT_EDGE, stroke_width=2.2, stroke_linejoin="round")
    sub(
        g,
        "path",
        d=path_d([(-w / 2 + 2, -h / 6), (0, -h / 2 + 2), (w / 2 - 2, -h / 6)], False),
        fill="none",
        stroke=ink,
        stroke_width=1.2,
    )
    for cx in (-w / 4, 0.0, w / 4):
        sub(g, "line", x1=cx, y1=-h / 6 + 2, x2=cx, y2=h / 2 - 3, stroke=ink, stroke_width=2.0)
    sub(g, "line", x1=-w / 2 + 1.5, y1=h / 2 - 2, x2=w / 2 - 1.5, y2=h / 2 - 2, stroke=ink, stroke_width=1.2)
    return g


def boat(
    parent: ET.Element, x: float, y: float, seat: str, cargo: tuple[str, ...], cls: str | None = "boat", **attrs: Attr
) -> ET.Element:
    """A boat in its owner's colour with its cargo on deck; empty cargo places show how much fits."""
    g = _at(parent, x, y, cls, data_seat=seat, **attrs)
    w, h = BOAT_W_PX, BOAT_H_PX
    hull = [(-w / 2, -h * 0.15), (w / 2, -h * 0.15), (w / 2 - h * 0.55, h / 2), (-w / 2 + h * 0.55, h / 2)]
    sub(g, "path", d=path_d(hull), fill=SEAT_FILL[seat], stroke=SEAT_EDGE, stroke_width=1.8, stroke_linejoin="round")
    letter = sub(
        g,
        "text",
        x=0.0,
        y=h * 0.36,
        font_size=h * 0.55,
        font_family=FONT,
        font_weight="bold",
        text_anchor="middle",
        fill=SEAT_INK[seat],
    )
    letter.text = seat[0].upper()
    s = CUBE_PX
    for i in range(3):
        cx = (i - 1) * (s + 3.0)
        cy = -h * 0.15 - s / 2 - 1.0
        if i < len(cargo):
            cube(g, cx, cy, cargo[i], cls="cargo" if cls else None)
        else:
            sub(
                g,
                "rect",
                x=cx - s / 2,
                y=cy - s / 2,
                width=s,
                height=s,
                rx=1.5,
                fill="none",
                stroke="#55606b",
                stroke_width=0.8,
                stroke_dasharray="2 1.5",
            )
    return g


def dock(parent: ET.Element, x: float, y: float, cls: str | None = "dock", **attrs: Attr) -> ET.Element:
    """A dock: a ringed point on the coast where routes end."""
    return sub(
        parent, "circle", class_=cls, cx=x, cy=y, r=DOCK_PX, fill=DOCK_FILL, stroke=DOCK_EDGE, stroke_width=2.2, **attrs
    )
