"""What a line changed on the board, drawn over the picture of the position it started from.

The page draws a puzzle's start once and lays each line over it (render/overlay.py). After a
few actions the start is no longer where things stand: a boat has sailed, cubes were loaded,
a temple rose. `draw_changes` marks it on the overlay, so that the picture reads as the
position now: the picture's title line says the turn and actions left now, each cube taken from the board since the start is veiled and crossed where the
picture drew it, each boat that moved or changed cargo is veiled where it was and drawn again
at its dock now with its cargo now, and each new temple is drawn on its site. Cubes laid on a
newly placed tile are the placed tile's (the overlay draws it with them).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass

from ..common.render.svgdoc import group, sub, text
from ..geometry import format_quad
from ..position import Position
from . import symbols
from .board_layer import BoardPainter
from .style import TITLE_PX
from .words import title_line

VEIL = "#ffffff"
VEIL_OPACITY = 0.72
CROSS = "#1b1f24"
SEATS = ("south", "north")
_TRANSLATE = re.compile(r"translate\(([-\d.e]+) ([-\d.e]+)\)")


@dataclass(frozen=True)
class Drawn:
    """Where a picture drew its cubes (piece, colour, centre), its boats (seat: centre) and its
    title line (where its text starts), and how wide the picture is."""

    cubes: tuple[tuple[str, str, float, float], ...]
    boats: dict[str, tuple[float, float]]
    title: tuple[float, float] | None
    width: float

    @classmethod
    def read(cls, picture: ET.Element) -> Drawn:
        cubes = []
        boats = {}
        title = None
        for el in picture.iter():
            kind = el.get("class")
            if kind == "title":  # a text element: y is its baseline, 0.36 of its size below the middle
                middle = float(el.get("y", "0")) - 0.36 * float(el.get("font-size", str(TITLE_PX)))
                title = (float(el.get("x", "0")), middle)
            elif kind == "cube":
                size = float(el.get("width", "0"))
                x, y = float(el.get("x", "0")) + size / 2, float(el.get("y", "0")) + size / 2
                cubes.append((el.get("data-piece", ""), el.get("data-colour", ""), x, y))
            elif kind == "boat":
                found = _TRANSLATE.match(el.get("transform", ""))
                if found is not None:
                    boats[el.get("data-seat", "")] = (float(found.group(1)), float(found.group(2)))
        return cls(tuple(cubes), boats, title, float(picture.get("width", "0")))


def draw_changes(parent: ET.Element, drawn: Drawn, start: Position, now: Position, painter: BoardPainter) -> None:
    """Mark on `parent` what changed on the board from `start` (drawn as `drawn` records) to
    `now`; `painter` draws on the board of `now` and keeps clear of what is already placed."""
    g = group(parent, class_="changes")
    if drawn.title is not None and title_line(now) != title_line(start):
        x, y = drawn.title
        # The band of the title line, blanked, and the title of the position now in its place.
        sub(g, "rect", class_="title-was", x=0.0, y=y - TITLE_PX * 0.75, width=drawn.width,
            height=TITLE_PX * 1.5, fill=VEIL)  # fmt: skip
        text(g, x, y, title_line(now), TITLE_PX, anchor="start", weight="bold", halo=None, class_="title now")
    _taken_cubes(g, drawn, start, now)
    for seat_name, was, seat in zip(SEATS, start.seats, now.seats, strict=True):
        if (was.boat, was.cargo) != (seat.boat, seat.cargo):
            if seat_name in drawn.boats:
                x, y = drawn.boats[seat_name]
                w, h = symbols.BOAT_W_PX + 4, symbols.BOAT_H_PX + symbols.CUBE_PX + 6
                _veil(g, x - w / 2, y - h + symbols.BOAT_H_PX / 2 + 2, w, h, "boat-was", data_seat=seat_name)
            painter.draw_boat(g, seat_name, seat.boat, seat.cargo, cls="boat now")
        for card, site in sorted(set(seat.temples) - set(was.temples)):
            painter.draw_temple(g, seat_name, card, site, cls="temple now")


def _taken_cubes(g: ET.Element, drawn: Drawn, start: Position, now: Position) -> None:
    before = Counter({(format_quad(p), c): n for p, c, n in start.cubes})
    after = Counter({(format_quad(p), c): n for p, c, n in now.cubes})
    gone = before - after
    for (piece, colour), n in sorted(gone.items()):
        spots = [(x, y) for p, c, x, y in drawn.cubes if (p, c) == (piece, colour)]
        for x, y in spots[len(spots) - n :]:
            s = symbols.CUBE_PX + 2
            _veil(g, x - s / 2, y - s / 2, s, s, "cube-taken", data_piece=piece, data_colour=colour)
            for dx in (-1, 1):
                sub(g, "line", x1=x - s / 2, y1=y - dx * s / 2, x2=x + s / 2, y2=y + dx * s / 2, stroke=CROSS,
                    stroke_width=1.2)  # fmt: skip


def _veil(g: ET.Element, x: float, y: float, w: float, h: float, cls: str, **attrs: str) -> None:
    sub(g, "rect", class_=cls, x=x, y=y, width=w, height=h, rx=2.0, fill=VEIL, fill_opacity=VEIL_OPACITY, **attrs)
