"""Pictures of positions: SVG, PNG, an HTML page and a terminal view. The rules never import this.

    render_svg(pos)                  the picture as an SVG document (deterministic text)
    render_png(pos)                  the same picture rasterised (resvg)
    render_html(pos)                 a self-contained page: the picture and the position in words
    terminal_view(pos)               rich renderables for the command line to print

Each takes optional `Highlights`: a line of actions, an excavation site, a just-placed tile.
See docs/rendering.md. The names are imported lazily, so that importing the package (or its
terminal view) does not load the PNG renderer.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "Highlights": "highlight",
    "render_html": "html",
    "render_png": "png",
    "render_svg": "svg",
    "terminal_view": "terminal",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = sorted(_WHERE)
