"""`kreta solve` and `kreta check`: Kreta puzzles (docs/kreta/puzzles.md)."""

from __future__ import annotations
