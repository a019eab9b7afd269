"""A position as a PNG picture: its SVG rasterised (common/render/png.py)."""

from __future__ import annotations

from ..common.render.png import svg_to_png
from ..position import Position
from ..premise import Revealed
from .highlight import Highlights
from .svg import render_svg


def render_png(
    pos: Position,
    highlights: Highlights | None = None,
    scale: float = 1.0,
    key: bool = True,
    notes: tuple[str, ...] = (),
    revealed: Revealed | None = None,
) -> bytes:
    """The position as a PNG picture: `render_svg` rasterised."""
    return svg_to_png(render_svg(pos, highlights, key, notes, revealed=revealed), scale)
