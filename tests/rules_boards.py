"""Small boards and helpers shared by the action-rule tests (test_rules_moves.py,
test_rules_actions.py): quadrants are written `x,yQ` (slot and quadrant, R-GEO-2) and an island
is named by its smallest piece, as the engine names it."""

from __future__ import annotations

import textwrap

from akrotiri_puzzles import (
    Position,
    Step,
    apply,
    legal_actions,
)
from akrotiri_puzzles.geometry import parse_quad
from tests.conftest import position


def at(board: str, rest: str) -> Position:
    """A position on one of the boards below; `rest` holds the position's other fields."""
    return position(textwrap.dedent(board) + textwrap.dedent(rest))


def quad(text: str) -> tuple[int, int]:
    """A quadrant from its notation, e.g. `1,0SW`."""
    q = parse_quad(text)
    assert q is not None
    return q


def steps(pos: Position) -> set[Step]:
    """The legal steps of a position."""
    return {a for a in legal_actions(pos) if isinstance(a, Step)}


def play(pos: Position, *actions: object) -> Position:
    """Apply legal actions in turn."""
    for action in actions:
        pos = apply(pos, action)  # type: ignore[arg-type]
    return pos


# The port board: Thera and one land tile, L25 unturned, in slot (1,0) east of Thera.
#
#   Thera's docks T1 (west half) and T2 (east half) lie on the island of Thera, so a portage
#   joins them; no route does (T1's routes run to the western rim ports only).
#   L25 joins its NE and SW corners into one piece: the island "1,0SW", with docks 1,0NE and
#   1,0SW. Its SE corner is the islet "1,0SE" with dock 1,0SE; its NW corner has no dock.
#   T2's routes reach Thera's east rim; port 0,0:E meets L25's W port, whose route ends at 1,0NE.
#   1,0SW and 1,0SE share a route. So:
#
#       ship:     T2 -- 1,0NE         1,0SW -- 1,0SE
#       portage:  T1 -- T2            1,0NE -- 1,0SW
PORT = """
board:
- {slot: [1, 0], tile: L25}
"""

# The route board: L01 unturned in slot (1,0). Its four corners are four islets, each with a
# dock. One route runs from its W port (met by Thera's port 0,0:E, so by T2) to 1,0SW, on to
# 1,0SE and out through its S port; another runs N -> 1,0NW -> 1,0NE -> E.
ROUTE = """
board:
- {slot: [1, 0], tile: L01}
"""
