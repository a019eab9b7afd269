"""One land tile drawn on its own, as printed (facing north): for tiles off the board.

The tile is laid apart from the Thera board in a scratch position and painted by the board's own
painter (render/board_layer.py), clipped to its slot and scaled: land pieces, routes, ports,
docks and the icon look exactly as on the board. Dock names are left out: they name a slot,
and this tile has none yet. The revealed panel (render/legend.py) draws the next land tiles
of a puzzle's premise with it; a picture of the tile in hand can use it too.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from ..board import Board
from ..position import Position
from .board_layer import BoardPainter
from .layout import Frame
from .style import SLOT_PX
from .svgdoc import group, sub

SCRATCH_SLOT = (5, 5)
"""Where the tile is laid in the scratch position: away from the Thera board, so that no port of
it is joined to another (each shows as open sea, as on a tile in hand)."""


def draw_tile(parent: ET.Element, pos: Position, tile: str, x: float, y: float, size: float) -> ET.Element:
    """Draw land tile `tile` unturned, its top-left corner at (x, y), `size` user units wide;
    return its group (class `tile-picture`, `data-tile` its id)."""
    board = Board.empty(pos.components).with_tile(SCRATCH_SLOT, tile, 0)
    south, north = (replace(s, boat=None, temples=()) for s in pos.seats)
    alone = replace(pos, board=board, cubes=(), seats=(south, north))
    frame = Frame(SCRATCH_SLOT[0], SCRATCH_SLOT[0], SCRATCH_SLOT[1], SCRATCH_SLOT[1], 0.0, 0.0)
    painter = BoardPainter(alone, frame)
    scale = size / SLOT_PX
    g = group(parent, class_="tile-picture", data_tile=tile, transform=f"translate({x} {y}) scale({scale:.4f})")
    clip_id = f"tile-picture-{tile}-{round(x)}-{round(y)}"
    clip = sub(sub(g, "defs"), "clipPath", id=clip_id)
    sub(clip, "rect", x=0, y=0, width=SLOT_PX, height=SLOT_PX)
    inner = group(g, clip_path=f"url(#{clip_id})")
    painter.draw_slots(inner)
    painter.draw_routes(inner)
    painter.draw_land(inner)
    painter.draw_tile_edges(inner)
    painter.draw_ports(inner)
    painter.draw_icons(inner)
    painter.draw_docks(inner)
    sub(g, "rect", x=0, y=0, width=SLOT_PX, height=SLOT_PX, fill="none", stroke="#8a7a5a", stroke_width=2.0)
    return g
