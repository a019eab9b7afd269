"""Kreta's rules: what is legal (legal.py), what an action does (effects.py), what the rules ask of
a position (queries.py). They know nothing of files, pictures, solvers or the command line."""

from .effects import apply, apply_unchecked
from .legal import is_legal, legal_actions, why_illegal

__all__ = ["apply", "apply_unchecked", "is_legal", "legal_actions", "why_illegal"]
