"""A picture drawn once, and lines drawn over it in a moment: for pages that redraw after each action.

`render_svg` places every dock label afresh, which takes seconds on a large board. An
`Overlay` paints the position once (the same picture `render_svg` draws without highlights)
and keeps its painter; `line_svg` then draws a line of actions as a second, transparent SVG
of the same size, to lay over the picture. The line's notes keep clear of what the picture
placed (labels, boats, cubes); unlike `render_svg` with highlights, the labels do not move
out of the line's way.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

from ..actions import Action
from ..position import Position
from .highlight import Highlights, draw_highlights
from .svg import paint
from .svgdoc import SVG_NS, serialise


class Overlay:
    """One position's picture, and lines drawn over it."""

    def __init__(self, pos: Position, key: bool = True) -> None:
        root, self._painter = paint(pos, key=key)
        self.picture = serialise(root)
        """The picture, as `render_svg(pos, key=key)` draws it."""
        self._size = {k: root.attrib[k] for k in ("width", "height", "viewBox")}

    def line_svg(self, line: tuple[Action, ...]) -> str:
        """An SVG of the picture's size holding only the line: numbered arrows and notes."""
        painter = copy.copy(self._painter)
        painter.placer = copy.deepcopy(self._painter.placer)
        root = ET.Element("svg", {"xmlns": SVG_NS, **self._size, "font-family": "sans-serif", "class": "line-overlay"})
        draw_highlights(root, painter, Highlights(line=tuple(line)))
        return serialise(root)
