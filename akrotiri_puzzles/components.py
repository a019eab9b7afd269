"""The game's components as frozen values, built once from YAML files (R-SET, docs/rules.md section 9)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .geometry import Quad, Slot

ICONS = ("volcano", "lake", "tree", "mountain")
COLOURS = ("red", "blue", "green", "gray")
DECKS = ("easy", "medium", "hard")
EDITIONS = (2016, 2014)

GOAL_RULES = (
    "portage_1",
    "portage_2",
    "no_icon",
    "volcano",
    "lake",
    "tree",
    "mountain",
    "three_icons",
    "quarters",
    "largest_completed",
    "not_connected",
    "uncompleted",
)
"""Goal rules in the order of R-GOAL-1..12."""


@dataclass(frozen=True)
class TileSpec:
    """A land tile as printed, facing north (R-GEO-3, 5, 6, 7)."""

    id: str
    icon: str
    icon_quadrant: str
    pieces: tuple[tuple[str, ...], ...]
    docks: tuple[str, ...]
    junctions: tuple[str, ...]
    routes: tuple[tuple[str, str], ...]
    basis: str = "reconstructed"


@dataclass(frozen=True)
class TheraDock:
    """One of the Thera board's docks, with the name the notation uses."""

    name: str
    quad: Quad


@dataclass(frozen=True)
class TheraSpec:
    """The Thera board: 2x2 slots, its land pieces, docks and routes (R-GEO-3, 6, 7)."""

    pieces: tuple[tuple[Quad, ...], ...]
    docks: tuple[TheraDock, ...]
    junctions: tuple[str, ...]
    routes: tuple[tuple[str, str], ...]
    icons: tuple[tuple[Quad, str], ...] = ()
    basis: str = "reconstructed"


@dataclass(frozen=True)
class MapCard:
    """A map card: cost, points and the icons required in three directions (R-EXC-2)."""

    id: str
    deck: str
    cost: int
    points: int
    requires: tuple[tuple[str, str, int], ...]
    """(direction, icon, how many) triples."""
    basis: str = "reconstructed"


@dataclass(frozen=True)
class GoalCard:
    """A goal card: which rule of R-GOAL it scores and its value per edition."""

    id: str
    rule: str
    points: tuple[tuple[int, int], ...]
    """(edition, points) pairs."""
    cap: int | None = None

    def value(self, edition: int) -> int:
        """Points of this card in the given edition."""
        return dict(self.points)[edition]

    @property
    def rule_number(self) -> int:
        """The card's number in R-GOAL-1..12."""
        return GOAL_RULES.index(self.rule) + 1


@dataclass(frozen=True)
class MarketSpec:
    """The market: colours, their icons, and the price track (R-SET-1)."""

    track: tuple[int, ...]
    icon_colour: tuple[tuple[str, str], ...]

    @property
    def cubes_per_colour(self) -> int:
        """Cubes of each colour, one per track space."""
        return len(self.track)

    def colour_of(self, icon: str) -> str:
        """The cube colour of a terrain icon."""
        return dict(self.icon_colour)[icon]


@dataclass(frozen=True)
class Reveal:
    """What removing a temple from the player board reveals (R-TURN-2)."""

    actions: int | None = None
    goal_draw: bool = False
    label: str = ""


@dataclass(frozen=True)
class PlayerBoardSpec:
    """The player board's action track and the bonuses under the temples."""

    start_actions: int
    reveals: tuple[Reveal, ...]

    @property
    def temples(self) -> int:
        """Temples each player owns."""
        return len(self.reveals)

    def actions_after(self, temples_placed: int) -> int:
        """The rightmost visible number once `temples_placed` temples are off the board."""
        actions = self.start_actions
        for reveal in self.reveals[:temples_placed]:
            if reveal.actions is not None:
                actions = reveal.actions
        return actions


@dataclass(frozen=True)
class SetupSpec:
    """Starting supplies and the strategist variant's face-up goals (R-SET-2..8)."""

    drachmas: int = 2
    starting_maps: tuple[str, ...] = ("easy", "medium")
    goals_drawn: int = 2
    strategist_face_up: tuple[tuple[int, int], ...] = ((2016, 5), (2014, 4))
    map_prices: tuple[int, ...] = (1, 3, 7)

    def face_up(self, edition: int) -> int:
        """Face-up goal cards in the strategist variant for an edition."""
        return dict(self.strategist_face_up)[edition]


@dataclass(frozen=True)
class Components:
    """A whole component set; positions refer to its tiles and cards by id."""

    name: str
    thera: TheraSpec
    tiles: tuple[TileSpec, ...]
    maps: tuple[MapCard, ...]
    goals: tuple[GoalCard, ...]
    market: MarketSpec
    player_board: PlayerBoardSpec
    setup: SetupSpec = field(default_factory=SetupSpec)
    version: str = "unversioned"
    """A fingerprint of the component files' contents: certificates name the set they hold for."""

    @cached_property
    def tile(self) -> dict[str, TileSpec]:
        """Tiles by id."""
        return {t.id: t for t in self.tiles}

    @cached_property
    def map(self) -> dict[str, MapCard]:
        """Map cards by id."""
        return {m.id: m for m in self.maps}

    @cached_property
    def goal(self) -> dict[str, GoalCard]:
        """Goal cards by id."""
        return {g.id: g for g in self.goals}

    @cached_property
    def thera_dock_names(self) -> frozenset[str]:
        """Names of the Thera board's docks."""
        return frozenset(d.name for d in self.thera.docks)

    def deck(self, name: str) -> tuple[str, ...]:
        """Ids of the map cards of one deck, in file order."""
        return tuple(m.id for m in self.maps if m.deck == name)


THERA_ORIGIN: Slot = (-1, -1)
