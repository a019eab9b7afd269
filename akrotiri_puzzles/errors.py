"""Errors raised by the library; each names what failed and how to fix it."""

from __future__ import annotations

from .common.errors import InputError


class AkrotiriError(InputError):
    """Base of every error Akrotiri's modules raise on bad input."""


class ComponentError(AkrotiriError):
    """A component file is malformed or breaks a rule of the component model."""


class PositionError(AkrotiriError):
    """A position (or its file) is malformed or impossible."""


class NotationError(AkrotiriError):
    """An action string does not parse."""


class IllegalActionError(AkrotiriError):
    """An action is not legal in the position it was applied to; `reason` names the rule."""

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason


class PuzzleError(AkrotiriError):
    """A puzzle file is malformed or its goal cannot be read."""
