"""Actions as small frozen values; `str(action)` is its notation (see notation.py)."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import QUAD_OFFSET, Quad, Slot, global_quad, parse_quad


class _Notated:
    __slots__ = ()

    def __str__(self) -> str:
        from .notation import format_action

        return format_action(self)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


@dataclass(frozen=True, repr=False, slots=True)
class PlaceTile(_Notated):
    """Play the land tile in hand: slot, rotation, and where the second cube goes (R-TILE-1, 2).

    `quadrant` names, in board orientation, the first quadrant of the piece that takes the
    second cube; both are None when no second cube can be placed. It may also name a quadrant
    of the board outside the slot (e.g. `1,-2NE`): the engine refuses that (R-TILE-2), but a
    lesson's misreading line can say it ("the second cube may go on any island").
    """

    slot: Slot
    rotation: int
    colour: str | None = None
    quadrant: str | None = None

    def cube_site(self) -> Quad | None:
        """The global quadrant the second cube goes on (None when there is none, or when
        `quadrant` names no quadrant)."""
        if self.quadrant is None:
            return None
        if self.quadrant in QUAD_OFFSET:
            return global_quad(self.slot, self.quadrant)
        return parse_quad(self.quadrant)


@dataclass(frozen=True, repr=False, slots=True)
class Step(_Notated):
    """One step of a boat: by shipping route or by portage, to a dock (R-MOVE-1)."""

    dock: str
    portage: bool = False


@dataclass(frozen=True, repr=False, slots=True)
class Load(_Notated):
    """Load cubes of these colours from the boat's island (R-LOAD-1)."""

    colours: tuple[str, ...]


@dataclass(frozen=True, repr=False, slots=True)
class Unload(_Notated):
    """Unload cubes of these colours onto the boat's island, a free action (R-FREE-2)."""

    colours: tuple[str, ...]


@dataclass(frozen=True, repr=False, slots=True)
class Sell(_Notated):
    """Sell one cube at Thera, a free action (R-FREE-1)."""

    colour: str


@dataclass(frozen=True, repr=False, slots=True)
class Buy(_Notated):
    """Buy 1 to 3 map cards at Thera, naming each card's deck (R-BUY-1)."""

    decks: tuple[str, ...]


@dataclass(frozen=True, repr=False, slots=True)
class Excavate(_Notated):
    """Play a map card and place a temple on the excavation site (R-EXC-1)."""

    card: str
    site: Quad


@dataclass(frozen=True, repr=False, slots=True)
class Oracle(_Notated):
    """Consult the oracle for a terrain icon (R-ORA-1)."""

    icon: str


@dataclass(frozen=True, repr=False, slots=True)
class EndTurn(_Notated):
    """End the turn: draw a land tile and pass (R-END-1)."""


@dataclass(frozen=True, repr=False, slots=True)
class KeepGoal(_Notated):
    """Keep one offered goal card (R-SET-5, R-EXC-1)."""

    goal: str


@dataclass(frozen=True, repr=False, slots=True)
class PlaceBoat(_Notated):
    """Put the boat on a dock of Thera at setup (R-SET-6)."""

    dock: str


Action = PlaceTile | Step | Load | Unload | Sell | Buy | Excavate | Oracle | EndTurn | KeepGoal | PlaceBoat

FREE_ACTIONS = (Sell, Unload, KeepGoal)
"""Actions that never cost one of the turn's actions."""
