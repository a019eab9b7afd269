"""Board geometry: slots, quadrants, ports, rotation and seats (R-GEO-1, 2, 8, 10)."""

from __future__ import annotations

import re
from typing import Literal

Slot = tuple[int, int]
"""A tile slot `(x, y)`, x growing east, y growing north (R-GEO-1)."""
Quad = tuple[int, int]
"""A global quadrant `(2x+i, 2y+j)` (R-GEO-2)."""
Point = tuple[int, int]
"""A board point: a corner shared by up to four slots."""

QUADRANTS = ("NW", "NE", "SW", "SE")
PORTS = ("N", "E", "S", "W")
SEATS = ("south", "north")

THERA_SLOTS: tuple[Slot, ...] = ((-1, -1), (0, -1), (-1, 0), (0, 0))

# (i, j) of each quadrant inside its slot: i = 1 for the east half, j = 1 for the north half.
QUAD_OFFSET = {"NW": (0, 1), "NE": (1, 1), "SW": (0, 0), "SE": (1, 0)}
_QUAD_BY_OFFSET = {v: k for k, v in QUAD_OFFSET.items()}

# A quarter turn clockwise (R-GEO-8).
_QUAD_CW = {"NW": "NE", "NE": "SE", "SE": "SW", "SW": "NW"}
_PORT_CW = {"N": "E", "E": "S", "S": "W", "W": "N"}
PORT_STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

ROTATIONS = (0, 90, 180, 270)


def rotate_quadrant(quadrant: str, rotation: int) -> str:
    """The quadrant a north-facing quadrant lands in after turning `rotation` degrees clockwise."""
    for _ in range((rotation // 90) % 4):
        quadrant = _QUAD_CW[quadrant]
    return quadrant


def rotate_port(port: str, rotation: int) -> str:
    """The side a north-facing port lands on after turning `rotation` degrees clockwise."""
    for _ in range((rotation // 90) % 4):
        port = _PORT_CW[port]
    return port


def global_quad(slot: Slot, quadrant: str) -> Quad:
    """Global quadrant coordinates of a slot's quadrant (R-GEO-2)."""
    i, j = QUAD_OFFSET[quadrant]
    return (2 * slot[0] + i, 2 * slot[1] + j)


def quad_slot(quad: Quad) -> Slot:
    """The slot a global quadrant lies in."""
    return (quad[0] // 2, quad[1] // 2)


def quad_name(quad: Quad) -> str:
    """The quadrant's name (NW, NE, SW, SE) inside its slot."""
    return _QUAD_BY_OFFSET[(quad[0] % 2, quad[1] % 2)]


def quad_corner(quad: Quad) -> Point:
    """The board point a quadrant's land piece touches (R-GEO-3)."""
    # The east half of a slot touches x+1, the north half y+1.
    return ((quad[0] + 1) // 2, (quad[1] + 1) // 2)


def point_slots(point: Point) -> tuple[Slot, ...]:
    """The four slots around a board point."""
    x, y = point
    return ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))


def slot_neighbours(slot: Slot) -> tuple[Slot, ...]:
    """The four slots orthogonally next to a slot."""
    x, y = slot
    return ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y))


_SITE_RE = re.compile(r"^(-?\d{1,6}),(-?\d{1,6})(NW|NE|SW|SE)$")
"""A quadrant in text; six digits at most, far beyond any board, so that a number of thousands
of digits is not a quadrant (Python refuses to read it as an integer)."""


def format_quad(quad: Quad) -> str:
    """A quadrant written as its slot and name, e.g. `1,-2NE`."""
    x, y = quad_slot(quad)
    return f"{x},{y}{quad_name(quad)}"


def parse_quad(text: str) -> Quad | None:
    """Parse `x,yQ` (e.g. `1,-2NE`) into a global quadrant, or None if it is not one."""
    m = _SITE_RE.match(text.strip().upper())
    if not m:
        return None
    return global_quad((int(m.group(1)), int(m.group(2))), m.group(3))


Direction = Literal["above", "below", "left", "right"]
DIRECTIONS: tuple[Direction, ...] = ("above", "below", "left", "right")


def in_direction(seat: str, direction: str, site: Quad, quad: Quad) -> bool:
    """Whether `quad` lies in the region `direction` of `site`, seen from `seat` (R-GEO-10, R-EXC-2)."""
    dx = quad[0] - site[0]
    dy = quad[1] - site[1]
    if seat == "north":  # the north seat sees everything mirrored
        dx, dy = -dx, -dy
    if direction == "above":
        return dy > 0
    if direction == "below":
        return dy < 0
    if direction == "right":
        return dx > 0
    return dx < 0


def board_quarter(quad: Quad) -> str:
    """Which quarter of the board (cut through the Thera centre) a quadrant lies in (R-GOAL-9)."""
    return ("N" if quad[1] >= 0 else "S") + ("E" if quad[0] >= 0 else "W")
