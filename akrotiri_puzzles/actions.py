"""Actions as small frozen values; `str(action)` is its notation (`format_action` here; notation.py
parses it back)."""

from __future__ import annotations

from dataclasses import dataclass

from .components import COLOURS, DECKS
from .geometry import QUAD_OFFSET, Quad, Slot, format_quad, global_quad, parse_quad


class _Notated:
    __slots__ = ()

    def __str__(self) -> str:
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


def in_order(words: tuple[str, ...], order: tuple[str, ...]) -> list[str]:
    """Words sorted in the order given; unknown ones last, so that any action can be shown."""
    return sorted(words, key=lambda w: (order.index(w), w) if w in order else (len(order), w))


def sorted_colours(colours: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(in_order(colours, COLOURS))


def format_action(action: Action) -> str:
    """The notation of an action."""
    match action:
        case PlaceTile(slot, rotation, colour, quadrant):
            text = f"tile {slot[0]},{slot[1]} r{rotation}"
            return text if colour is None else f"{text} {colour}@{quadrant}"
        case Step(dock, portage):
            return f"{'portage' if portage else 'ship'} {dock}"
        case Load(colours):
            return "load " + " ".join(sorted_colours(colours))
        case Unload(colours):
            return "unload " + " ".join(sorted_colours(colours))
        case Sell(colour):
            return f"sell {colour}"
        case Buy(decks):
            return "buy " + " ".join(in_order(decks, DECKS))
        case Excavate(card, site):
            return f"excavate {card} {format_quad(site)}"
        case Oracle(icon):
            return f"oracle {icon}"
        case EndTurn():
            return "end"
        case KeepGoal(goal):
            return f"keep {goal}"
        case PlaceBoat(dock):
            return f"boat {dock}"
    raise TypeError(f"not an action: {action!r}")
