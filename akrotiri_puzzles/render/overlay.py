"""A picture drawn once, and lines drawn over it in a moment: for pages that redraw after each action.

`render_svg` places every dock label afresh, which takes seconds on a large board. An
`Overlay` paints the position once (the same picture `render_svg` draws without highlights)
and keeps its painter; `line_svg` then draws a line of actions as a second, transparent SVG
of the same size, to lay over the picture. The line's notes keep clear of what the picture
placed (labels, boats, cubes); unlike `render_svg` with highlights, the labels do not move
out of the line's way.

A line that starts with its tile placement shows the tile: the overlay paints the placed tile
alone (render/tile_painter.py: its land, routes, cubes; its dock names last, clear of the line)
over the empty slot of the picture, and draws the arrows on the board after the placement (so
they follow the new tile's routes).
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

from ..actions import Action, PlaceTile
from ..position import Position
from .board_layer import BoardPainter
from .highlight import Highlights, draw_highlights
from .svg import after_placement, paint
from .svgdoc import SVG_NS, serialise
from .tile_painter import paint_slot


class Overlay:
    """One position's picture, and lines drawn over it."""

    def __init__(self, pos: Position, key: bool = True) -> None:
        self._pos = pos
        root, self._painter = paint(pos, key=key)
        self.picture = serialise(root)
        """The picture, as `render_svg(pos, key=key)` draws it."""
        self._size = {k: root.attrib[k] for k in ("width", "height", "viewBox")}

    def line_svg(self, line: tuple[Action, ...]) -> str:
        """An SVG of the picture's size holding only the line: numbered arrows and notes."""
        line = tuple(line)
        root = ET.Element("svg", {"xmlns": SVG_NS, **self._size, "font-family": "sans-serif", "class": "line-overlay"})
        pos = after_placement(self._pos, line)
        painter = copy.copy(self._painter)
        painter.placer = copy.deepcopy(self._painter.placer)
        placed = None
        if pos is not self._pos and isinstance(line[0], PlaceTile):
            placed = paint_slot(root, pos, line[0].slot, self._painter, labels=False)
            painter = BoardPainter(pos, self._painter.frame)
            painter.placer = placed.placer
        draw_highlights(root, painter, Highlights(line=line))
        if placed is not None:  # the new tile's dock names last, clear of the line
            placed.draw_dock_labels(root)
        return serialise(root)
