"""Colours and sizes of Kreta's pictures, in one place (the font and inks are common)."""

from __future__ import annotations

SCALE = 1.25
"""SVG user units per board unit."""
MARGIN = 24.0

SEA = "#cfe6f5"
PROVINCE_FILL = {"yellow": "#f3dc7a", "green": "#a9d18e", "brown": "#c49a6c"}
BORDER = "#e07b00"
"""The orange border lines of the rulebook (K-CMD-2)."""
COAST = "#5b4a32"
MARK = "#d1007a"
"""The provinces and fort space the next scoring reads."""
HEXAGON = "#ffffff"

PLAYER_FILL = {"red": "#d62728", "blue": "#1f77b4", "white": "#ffffff", "black": "#262626"}
PLAYER_EDGE = {"red": "#6b0f10", "blue": "#0d3a5c", "white": "#333333", "black": "#000000"}
PLAYER_INK = {"red": "#ffffff", "blue": "#ffffff", "white": "#1b1f24", "black": "#ffffff"}

FIGURE = 10.5
"""The size of a figure (villager, village, abbot) in SVG units."""
FORT_SPACE_R = 8.5
CARD_W, CARD_H = 76.0, 22.0
FORT_CARD_W, FORT_CARD_H = 30.0, 40.0
TITLE_PX = 17.0
TEXT_PX = 12.5
LABEL_PX = 12.0
SMALL_PX = 10.0
