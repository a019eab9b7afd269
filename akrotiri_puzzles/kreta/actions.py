"""Kreta's actions: one per way to carry out a card (K-TURN-1), the steps of a commander's march,
and the castellan's choice after the turn-up. `str(action)` is the notation (notation.py).

A card played through the king (K-KING-1) is the copied card's action with `king=True`.
Provinces are named by their id, fort spaces by their number.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import ABBOT, ADMIRAL, ARCHITECT, CASTELLAN, COMMANDER, FARMER


@dataclass(frozen=True, slots=True)
class Ship:
    """Admiral: a ship from supply into a province's port (K-ADM-1)."""

    port: str
    king: bool = False
    card = ADMIRAL

    def __str__(self) -> str:
        return f"{_king(self.king)}admiral ship {self.port}"


@dataclass(frozen=True, slots=True)
class Sail:
    """Admiral: one or both ships moved, each to another port (K-ADM-1); `moves` are
    (from, to) pairs, sorted."""

    moves: tuple[tuple[str, str], ...]
    king: bool = False
    card = ADMIRAL

    def __str__(self) -> str:
        return f"{_king(self.king)}admiral sail " + " ".join(f"{a}>{b}" for a, b in self.moves)


@dataclass(frozen=True, slots=True)
class Villager:
    """Commander: a villager from supply into a province (K-CMD-1)."""

    province: str
    king: bool = False
    card = COMMANDER

    def __str__(self) -> str:
        return f"{_king(self.king)}commander villager {self.province}"


@dataclass(frozen=True, slots=True)
class March:
    """Commander: the march begins, with its first journey, a villager from `source` to
    `target` (K-CMD-1, K-CMD-2, K-R-7)."""

    source: str
    target: str
    king: bool = False
    card = COMMANDER

    def __str__(self) -> str:
        return f"{_king(self.king)}commander march {self.source}>{self.target}"


@dataclass(frozen=True, slots=True)
class Journey:
    """A further journey of the march: a villager from `source` to `target` (K-R-7)."""

    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.source}>{self.target}"


@dataclass(frozen=True, slots=True)
class Halt:
    """The march ends with movement points left (unused points are lost, K-CMD-2)."""

    def __str__(self) -> str:
        return "halt"


@dataclass(frozen=True, slots=True)
class Abbot:
    """Abbot: the abbot from supply into a province, or moved 1 to 3 steps there (K-ABB-1)."""

    province: str
    king: bool = False
    card = ABBOT

    def __str__(self) -> str:
        return f"{_king(self.king)}abbot {self.province}"


@dataclass(frozen=True, slots=True)
class Fort:
    """Architect: a fort on an empty fort space (K-ARCH-1, K-R-9)."""

    space: int
    king: bool = False
    card = ARCHITECT

    def __str__(self) -> str:
        return f"{_king(self.king)}architect fort {self.space}"


@dataclass(frozen=True, slots=True)
class Village:
    """Architect: a village in a province (K-ARCH-1, K-ARCH-2)."""

    province: str
    king: bool = False
    card = ARCHITECT

    def __str__(self) -> str:
        return f"{_king(self.king)}architect village {self.province}"


@dataclass(frozen=True, slots=True)
class Harvest:
    """Farmer: the agriculture tile of a province harvested (K-FARM-1)."""

    province: str
    king: bool = False
    card = FARMER

    def __str__(self) -> str:
        return f"{_king(self.king)}farmer {self.province}"


@dataclass(frozen=True, slots=True)
class Castellan:
    """Castellan: the provinces round the leftmost face-up fort card's space are scored (K-CAST-1)."""

    card = CASTELLAN

    def __str__(self) -> str:
        return "castellan"


@dataclass(frozen=True, slots=True)
class Keep:
    """The castellan's player keeps the card just turned up (K-CAST-4)."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Replace:
    """The castellan's player puts the card just turned up under the pile and turns up the
    pile's top card in its place, which stays (K-CAST-4)."""

    def __str__(self) -> str:
        return "replace"


CardPlay = Ship | Sail | Villager | March | Abbot | Fort | Village | Harvest | Castellan
"""An action that plays a card from hand."""
Action = CardPlay | Journey | Halt | Keep | Replace


def card_played(action: Action) -> str | None:
    """The card that leaves the hand (the king when it copies), or None for a step that plays none."""
    card = getattr(action, "card", None)
    if card is None:
        return None
    return "king" if getattr(action, "king", False) else card


def _king(king: bool) -> str:
    return "king " if king else ""
