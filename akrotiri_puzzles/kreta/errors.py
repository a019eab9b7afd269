"""Kreta's errors: each names what failed (the file, the field, the rule) on one line."""

from __future__ import annotations

from ..common.errors import InputError


class KretaError(InputError):
    """Base of every error Kreta's modules raise on bad input."""


class BoardError(KretaError):
    """A board file is malformed or breaks a stated fact of the board (K-SET-2, K-R-1)."""


class PositionError(KretaError):
    """A position (or its file) is malformed or impossible."""


class NotationError(KretaError):
    """An action string does not parse."""


class IllegalActionError(KretaError):
    """An action is not legal in the position it was applied to; `reason` names the rule."""

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason


class PuzzleError(KretaError):
    """A puzzle file is malformed, or its goal or certificate cannot be read."""
