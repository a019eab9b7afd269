"""Solvers for puzzles: the CP-SAT model and an independent exhaustive search."""
