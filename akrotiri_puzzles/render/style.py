"""Colours, sizes and fonts of the pictures, in one place so that every part draws alike.

Sizes are in slot units (one tile slot = 1.0) unless named `_PX`; `SLOT_PX` turns them into
SVG user units. Colours were chosen to print well in grey too: every icon and seat differs by
shape as well as by colour.
"""

from __future__ import annotations

SLOT_PX = 180.0
"""SVG user units per tile slot."""

# ---- the sea and the land ------------------------------------------------------------------
SEA = "#d4ebf7"
THERA_SEA = "#c2e0f2"
SEA_EDGE = "#7fa8c2"
QUAD_LINE = "#9cbfd4"
LAND = "#eedcab"
LAND_COMPLETED = "#d9bd83"
THERA_LAND = "#e8cf95"
COAST = "#8a6a3d"
EMPTY_SLOT = "#f4f6f8"
EMPTY_EDGE = "#c5ccd3"

LAND_RADIUS = 0.4
"""Radius of a land piece's quarter disc round its corner point."""
THERA_RADIUS = 0.58
BAND_HALF = 0.075
"""Half the width of the strip of land that joins a tile's corners through its middle."""
NECK_RADIUS = 0.11
"""A disc where only two diagonal pieces meet at a point, so that they read as one island."""
COAST_WIDTH = 0.02

# ---- shipping routes -------------------------------------------------------------------------
ROUTE = "#2f6ea3"
ROUTE_WIDTH = 0.016
PORT_RADIUS = 0.022
JUNCTION_RADIUS = 0.02

# ---- things on the board ---------------------------------------------------------------------
ICON_RADIUS = 0.068
ICON_COLOUR = {"volcano": "#d62728", "lake": "#1f77b4", "tree": "#2ca02c", "mountain": "#7f7f7f"}
CUBE_COLOUR = {"red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "gray": "#8c8c8c"}
CUBE_SIZE = 0.058
CUBE_GAP = 0.012
DOCK_RADIUS = 0.03
DOCK_FILL = "#ffffff"
DOCK_EDGE = "#1d3557"
TEMPLE_W = 0.125
TEMPLE_H = 0.105
BOAT_W = 0.3
BOAT_H = 0.11

SEAT_FILL = {"south": "#ffffff", "north": "#262626"}
SEAT_INK = {"south": "#262626", "north": "#ffffff"}
"""Detail drawn on a seat's pieces (columns of a temple, letters on a boat)."""
SEAT_EDGE = "#111111"

HIGHLIGHT = "#d1007a"
"""Highlights (action arrows, excavation site, just-placed tile): a colour nothing else uses."""

# ---- text (the font, ink and halo are common: common/render/colours.py) -----------------------
DOCK_LABEL_PX = 13.0
RIM_LABEL_PX = 16.0
TITLE_PX = 22.0
TEXT_PX = 15.0

MARGIN_PX = 54.0
"""Room round the board for the slot coordinates and the seat markers."""
PANEL_W_PX = 430.0
