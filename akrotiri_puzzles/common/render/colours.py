"""The font, inks and halo every picture of either game uses, so that both read alike."""

from __future__ import annotations

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""Labels ask for the condensed stretch; DejaVu Sans has one, other fonts fall back to normal."""
INK = "#1b1f24"
FAINT_INK = "#7d8791"
HALO = "#ffffff"
"""The outline drawn behind text, so that it stays readable over lines and fills."""
