"""Endgame analysis: the best final score the seat to move can reach (docs/analysis.md)."""
