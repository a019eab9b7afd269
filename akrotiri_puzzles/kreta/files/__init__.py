"""Kreta's files: the board, positions and puzzles as YAML, read through the common guard."""
