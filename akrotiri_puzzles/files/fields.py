"""Akrotiri's integer ranges for its file models (the range type itself is common)."""

from __future__ import annotations

from typing import Annotated

from ..common.files.fields import Range

# Ranges, wide enough for any component set a person might encode (docs/hardening.md).
Coord = Annotated[int, Range(-100, 100)]
"""A slot coordinate, or a quadrant coordinate of the Thera board."""
Small = Annotated[int, Range(0, 99)]
"""Prices, costs, points, cube counts, drachmas given by a component set."""
Actions = Annotated[int, Range(0, 20)]
"""Actions in a turn."""
Drachmas = Annotated[int, Range(0, 999)]
"""A seat's money."""
Turn = Annotated[int, Range(0, 1_000_000)]
"""The turn number: a game ends near turn 27, but `simulate --max-turns` may play on for long."""
Cost = Annotated[int, Range(0, 999)]
"""The cost of a line in actions (a puzzle's optimum)."""
