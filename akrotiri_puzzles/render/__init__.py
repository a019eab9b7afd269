"""Pictures of positions: SVG, PNG, an HTML page and a terminal view. The rules never import this.

    render_svg(pos)                  the picture as an SVG document (deterministic text)
    render_png(pos)                  the same picture rasterised (resvg)
    render_html(pos)                 a self-contained page: the picture and the position in words
    terminal_view(pos)               rich renderables for the command line to print

Each takes optional `Highlights`: a line of actions, an excavation site, a just-placed tile.
See docs/rendering.md.
"""

from .highlight import Highlights
from .html import render_html
from .png import RenderError, render_png, svg_to_png
from .svg import render_svg
from .terminal import terminal_view

__all__ = ["Highlights", "RenderError", "render_html", "render_png", "render_svg", "svg_to_png", "terminal_view"]
