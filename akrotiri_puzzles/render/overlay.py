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
from ..common.render.svgdoc import SVG_NS, serialise, sub
from ..geometry import Quad, Slot
from ..position import Position, evolve
from ..premise import Revealed
from .board_layer import BoardPainter
from .changes import Drawn, draw_changes
from .highlight import Highlights, draw_highlights
from .layout import Frame, Vec, local
from .style import DOCK_LABEL_PX, HIGHLIGHT, SLOT_PX
from .svg import after_placement, paint
from .tile_painter import SlotPainter, paint_slot, top_mark


class Overlay:
    """One position's picture, and lines drawn over it."""

    def __init__(
        self,
        pos: Position,
        key: bool = True,
        label_px: float = DOCK_LABEL_PX,
        open_slots: bool = True,
        revealed: Revealed | None = None,
    ) -> None:
        self._pos = pos
        root, self._painter = paint(pos, key=key, label_px=label_px, open_slots=open_slots, revealed=revealed)
        self.picture = serialise(root)
        """The picture, as `render_svg(pos, key=key, revealed=revealed)` draws it."""
        self._size = {k: root.attrib[k] for k in ("width", "height", "viewBox")}
        self._drawn = Drawn.read(root)

    @property
    def size(self) -> tuple[float, float]:
        """The picture's width and height in its user units."""
        return (float(self._size["width"]), float(self._size["height"]))

    @property
    def frame(self) -> Frame:
        """Where the picture draws the board: board units to the picture's user units."""
        return self._painter.frame

    def slot_box(self, slot: Slot) -> tuple[float, float, float]:
        """A slot's top-left corner in the picture and its size, in the picture's user units."""
        x, y = self.frame.px((slot[0], slot[1] + 1))
        return (x, y, SLOT_PX)

    def quad_spot(self, quad: Quad) -> Vec:
        """A point on the land a quadrant's piece has in its corner (where a cube would lie)."""
        return self.frame.px(local(quad, 0.24, 45.0))

    def dock_spot(self, dock: str) -> Vec | None:
        """Where the picture draws a dock (None for a dock not on its board)."""
        p = self._painter.layout.dock_point.get(dock)
        return None if p is None else self.frame.px(p)

    def line_svg(self, line: tuple[Action, ...], later: Position | None = None, changes: bool = False) -> str:
        """An SVG of the picture's size holding only the line: numbered arrows and notes, and
        each tile the line places, drawn alone over its empty slot. `later` is a position the
        line reached, on whose board the placed tiles (with their cubes) and the arrows are
        drawn; by default the position after the line's first action, when it places a tile.
        With `changes`, what the line changed on the board is marked too (render/changes.py),
        so that the picture reads as `later`."""
        line = tuple(line)
        root = ET.Element("svg", {"xmlns": SVG_NS, **self._size, "font-family": "sans-serif", "class": "line-overlay"})
        board_pos = later if later is not None else after_placement(self._pos, line)
        shown = self._pos.board.tile_at
        slots = [
            a.slot
            for a in line
            if isinstance(a, PlaceTile) and a.slot in board_pos.board.tile_at and a.slot not in shown
        ]
        painter = copy.copy(self._painter)
        painter.placer = self._painter.placer.copy()
        placed = []
        if slots:
            # The line starts from the picture's position (its boat), on the board with the new tiles.
            label_px = self._painter.label_px
            painter = BoardPainter(evolve(self._pos, board=board_pos.board), self.frame, label_px)
            painter.placer = self._painter.placer.copy()
            for slot in slots:
                tile = SlotPainter(board_pos, self.frame, slot, label_px)
                tile.placer = painter.placer
                tile.draw(root, labels=False)
                placed.append(tile)
        draw_highlights(root, painter, Highlights(line=line))
        if changes and later is not None:
            draw_changes(root, self._drawn, self._pos, later, painter)
        for tile in placed:  # the new tiles' dock names last, clear of the line
            tile.draw_dock_labels(root)
        return serialise(root)

    def tile_svg(self, after: Position, slot: Slot, rotation: int) -> str:
        """An SVG of the picture's size holding a tile as `after` has it at `slot` (its cubes and
        dock names too), outlined with the mark of its `rotation`: a placement's preview."""
        root = ET.Element("svg", {"xmlns": SVG_NS, **self._size, "font-family": "sans-serif", "class": "tile-preview"})
        paint_slot(root, after, slot, self._painter, clip_id=f"preview-{slot[0]}-{slot[1]}")
        x, y, size = self.slot_box(slot)
        sub(root, "rect", class_="preview-outline", x=x + 1.5, y=y + 1.5, width=size - 3, height=size - 3, rx=3.0,
            fill="none", stroke=HIGHLIGHT, stroke_width=3.0)  # fmt: skip
        top_mark(root, x, y, rotation, HIGHLIGHT)
        return serialise(root)
