"""Solvers for puzzles: the CP-SAT model and an independent exhaustive search.

The public entry points, imported lazily so that importing the package does not load OR-Tools:

- `solve(puzzle, time_limit=None, workers=1, seed=0, unique=False, forbid=()) -> SolveResult`:
  the shortest line to the puzzle's goal, proven optimal by CP-SAT; `forbid` names techniques
  (`TECHNIQUES`) no line may use;
- `techniques_used(puzzle, line) -> frozenset[str]`: the techniques a line uses, by the engine;
- `search(puzzle, max_nodes=None) -> SearchResult`: the exhaustive search, for cross-checks.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "solve": "cpsat",
    "SolveResult": "cpsat",
    "SolverError": "cpsat",
    "TECHNIQUES": "model.core",
    "techniques_used": "techniques",
    "search": "exhaustive",
    "SearchResult": "exhaustive",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = sorted(_WHERE)
