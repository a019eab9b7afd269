"""The techniques a line uses (`akrotiri_puzzles.techniques`), under the solver's names:
what `solve(forbid=...)` bans and checks every line it finds against."""

from __future__ import annotations

from ..techniques import bonus_points, used

techniques_used = used

__all__ = ["bonus_points", "techniques_used", "used"]
