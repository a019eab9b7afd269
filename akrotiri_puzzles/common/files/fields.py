"""Field types shared by the file models of both games: integers in a range, ids and free text of
bounded length.

Every integer a file gives has a range far beyond anything a game reaches but far inside what
the engines and the solvers' 64-bit variables can hold, so a file cannot smuggle in a value
(a score of 10^30, a price of 2^63) that overflows anything downstream. Each game declares its
own ranges with `Range` beside its file models.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, GetCoreSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

from ..errors import quote

OWN_ERRORS = frozenset({"range", "basis", "position", "solution"})
"""The error types the file models raise themselves: their messages already quote the value."""


class Range:
    """Pydantic metadata: an integer from `lo` to `hi`, and a message that names both."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo = lo
        self.hi = hi

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        """The integer schema, then the range check."""
        return core_schema.no_info_after_validator_function(self._check, handler(source))

    def _check(self, value: int) -> int:
        if not self.lo <= value <= self.hi:
            raise PydanticCustomError(
                "range",
                "expected an integer from {lo} to {hi}, got {got}",
                {"lo": self.lo, "hi": self.hi, "got": quote(value)},
            )
        return value


# Ranges any game's files use (docs/hardening.md).
Seed = Annotated[int, Range(0, 2**32 - 1)]
"""A seed: 32 bits, as CP-SAT and the command line take."""

Id = Annotated[str, Field(min_length=1, max_length=40)]
"""The id of a component: a tile, a card, a dock, a province, a fort space."""
Text = Annotated[str, Field(max_length=500)]
"""A title, a note or a label."""
