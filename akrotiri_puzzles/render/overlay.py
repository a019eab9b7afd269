"""A picture drawn once, and lines drawn over it in a moment: for pages that redraw after each action.

`render_svg` places every dock label afresh, which takes seconds on a large board. An
`Overlay` paints the position once (the same picture `render_svg` draws without highlights)
and keeps its painter; `line_svg` then draws a line of actions as a second, transparent SVG
of the same size, to lay over the picture. The line's notes keep clear of what the picture
placed (labels, boats, cubes); unlike `render_svg` with highlights, the labels do not move
out of the line's way.

A line that starts with its tile placement shows the tile: the overlay paints the board after
the placement, clipped to the tile's slot, over the empty slot of the picture, and draws the
arrows on that board (so they follow the new tile's routes).
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

from ..actions import Action, PlaceTile
from ..geometry import Slot
from ..position import Position
from .board_layer import BoardPainter
from .highlight import Highlights, draw_highlights
from .style import DOCK_LABEL_PX, SLOT_PX
from .svg import after_placement, paint
from .svgdoc import SVG_NS, group, serialise, sub


class Overlay:
    """One position's picture, and lines drawn over it."""

    def __init__(
        self, pos: Position, key: bool = True, label_px: float = DOCK_LABEL_PX, open_slots: bool = True
    ) -> None:
        self._pos = pos
        root, self._painter = paint(pos, key=key, label_px=label_px, open_slots=open_slots)
        self.picture = serialise(root)
        """The picture, as `render_svg(pos, key=key)` draws it."""
        self._size = {k: root.attrib[k] for k in ("width", "height", "viewBox")}

    def line_svg(self, line: tuple[Action, ...]) -> str:
        """An SVG of the picture's size holding only the line: numbered arrows and notes."""
        line = tuple(line)
        root = ET.Element("svg", {"xmlns": SVG_NS, **self._size, "font-family": "sans-serif", "class": "line-overlay"})
        pos = after_placement(self._pos, line)
        painter = copy.copy(self._painter)
        if pos is not self._pos and isinstance(line[0], PlaceTile):
            frame, label_px = self._painter.frame, self._painter.label_px
            _paint_placed_tile(root, BoardPainter(pos, frame, label_px), line[0].slot)
            painter = BoardPainter(pos, frame, label_px)
        painter.placer = copy.deepcopy(self._painter.placer)
        draw_highlights(root, painter, Highlights(line=line))
        return serialise(root)


def _paint_placed_tile(root: ET.Element, painter: BoardPainter, slot: Slot) -> None:
    """The board after a placement, clipped to the placed tile's slot: its land, routes,
    icons, docks, cubes and dock names, over the picture's empty slot."""
    x, y = painter.px((slot[0], slot[1] + 1))
    clip_id = f"placed-{slot[0]}-{slot[1]}"
    clip = sub(sub(root, "defs"), "clipPath", id=clip_id)
    sub(clip, "rect", x=x, y=y, width=SLOT_PX, height=SLOT_PX)
    g = group(root, class_="placed-tile", clip_path=f"url(#{clip_id})")
    painter.draw_slots(g)
    painter.draw_routes(g)
    painter.draw_land(g)
    painter.draw_tile_edges(g)
    painter.draw_ports(g)
    painter.draw_icons(g)
    painter.draw_docks(g)
    painter.draw_temples(g)
    painter.draw_cubes(g)
    painter.draw_boats(g)
    painter.draw_dock_labels(g)
