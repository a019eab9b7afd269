"""PNG pictures, rasterised from the same SVG by resvg (a self-contained wheel: no system library).

resvg draws text with the fonts installed on the machine; the pictures ask for DejaVu Sans
(Debian's fonts-dejavu-core) and fall back to any sans-serif font. With no font at all the
text would silently vanish, so that case is an error that says what to install.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

import resvg_py

from ..errors import InputError


class RenderError(InputError):
    """A picture cannot be made on this machine."""


_FONT_DIRS = (
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "~/.fonts",
    "~/.local/share/fonts",
    "/Library/Fonts",
    "/System/Library/Fonts",
    "~/Library/Fonts",
    os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts"),
)


@cache
def _has_fonts() -> bool:
    """Whether any TrueType or OpenType font is installed where resvg looks."""
    suffixes = (".ttf", ".otf", ".ttc", ".TTF", ".OTF", ".TTC")
    for folder in _FONT_DIRS:
        path = Path(folder).expanduser()
        if path.is_dir() and any(p.suffix in suffixes for p in path.rglob("*")):
            return True
    return False


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """Rasterise an SVG document; `scale` multiplies its size in pixels."""
    if not _has_fonts():
        hint = (
            "fonts-dejavu-core (apt-get install fonts-dejavu-core)"
            if sys.platform.startswith("linux")
            else "DejaVu Sans"
        )
        raise RenderError(f"PNG output needs a font to draw its labels and none is installed: install {hint}")
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=scale))
    except ValueError as exc:  # resvg's word for a document it cannot draw
        raise RenderError(f"cannot rasterise the picture: {exc}") from None
