"""Read a component set from YAML files, validated at the edge (RULES section 9).

A component directory holds any of `thera.yaml`, `tiles.yaml`, `maps.yaml`, `goals.yaml`,
`market.yaml` and `player_board.yaml`; a file it lacks is taken from the default set.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from ..common.errors import located, quote
from ..common.files.fields import Id, Range, Text
from ..common.files.guard import decode, read_bytes
from ..common.files.yamlio import parse_yaml, validation_message
from ..components import (
    COLOURS,
    DECKS,
    EDITIONS,
    ICONS,
    Components,
    GoalCard,
    MapCard,
    MarketSpec,
    PlayerBoardSpec,
    Reveal,
    SetupSpec,
    TheraDock,
    TheraSpec,
    TileSpec,
)
from ..errors import ComponentError
from ..geometry import DIRECTIONS, PORT_STEP, PORTS, QUADRANTS, THERA_SLOTS
from .fields import Coord, Small

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "data" / "default"
FILES = ("thera", "tiles", "maps", "goals", "market", "player_board")

Basis = Literal["known", "reconstructed"]
Deck = Literal["easy", "medium", "hard"]
Edition = Literal[2016, 2014]
MAX_TILES = 99
"""Land tiles a set may hold: a chain of them from Thera stays inside the slot range (-100..100)."""


def _basis(value: Any) -> Any:
    if isinstance(value, str) and value in ("known", "reconstructed"):
        return value
    if isinstance(value, dict):
        for statement, basis in value.items():
            if not isinstance(basis, str) or basis not in ("known", "reconstructed"):
                raise PydanticCustomError(
                    "basis",
                    "statement {statement}: expected known or reconstructed, got {got}",
                    {"statement": quote(statement), "got": quote(basis)},
                )
        return value
    raise PydanticCustomError(
        "basis", "expected known, reconstructed, or a mapping of statements to them, got {got}", {"got": quote(value)}
    )


BasisMap = Annotated[Any, AfterValidator(_basis)]
"""Whether values are known from the public record or reconstructed, for a file or per value."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TileModel(_Model):
    id: Id
    icon: Literal["volcano", "lake", "tree", "mountain"]
    icon_quadrant: Literal["NW", "NE", "SW", "SE"]
    pieces: list[list[Literal["NW", "NE", "SW", "SE"]]]
    docks: list[Literal["NW", "NE", "SW", "SE"]]
    junctions: list[Id] = Field(default_factory=list)
    routes: list[tuple[Id, Id]]
    basis: Basis = "reconstructed"


class TilesFile(_Model):
    basis: BasisMap = "reconstructed"
    tiles: list[TileModel] = Field(max_length=MAX_TILES)


class TheraDockModel(_Model):
    name: Id
    quadrant: tuple[Coord, Coord]


class TheraIconModel(_Model):
    quadrant: tuple[Coord, Coord]
    icon: Literal["volcano", "lake", "tree", "mountain"]


class TheraFile(_Model):
    basis: BasisMap = "reconstructed"
    note: Text = ""
    pieces: list[list[tuple[Coord, Coord]]]
    docks: list[TheraDockModel]
    junctions: list[Id] = Field(default_factory=list)
    routes: list[tuple[Id, Id]]
    icons: list[TheraIconModel] = Field(default_factory=list)


class MapModel(_Model):
    id: Id
    deck: Literal["easy", "medium", "hard"]
    cost: Small
    points: Small
    above: list[Literal["volcano", "lake", "tree", "mountain"]] = Field(default_factory=list)
    below: list[Literal["volcano", "lake", "tree", "mountain"]] = Field(default_factory=list)
    left: list[Literal["volcano", "lake", "tree", "mountain"]] = Field(default_factory=list)
    right: list[Literal["volcano", "lake", "tree", "mountain"]] = Field(default_factory=list)
    basis: Basis = "reconstructed"


class MapsFile(_Model):
    basis: BasisMap = "reconstructed"
    maps: list[MapModel]


class GoalModel(_Model):
    id: Id
    rule: Literal[
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
    ]
    points: dict[Edition, Small]
    cap: Small | None = None
    basis: Basis = "known"

    @field_validator("points")
    @classmethod
    def _both_editions(cls, v: dict[int, int]) -> dict[int, int]:
        return _both(v)


def _both(v: dict[int, int]) -> dict[int, int]:
    missing = [e for e in EDITIONS if e not in v]
    if missing:
        raise ValueError(f"needs a value for edition {missing[0]}")
    return v


class GoalsFile(_Model):
    basis: BasisMap = "known"
    goals: list[GoalModel]


class MarketFile(_Model):
    basis: BasisMap = "known"
    track: list[Small] = Field(min_length=1, max_length=20)
    colours: dict[Literal["volcano", "lake", "tree", "mountain"], Literal["red", "blue", "green", "gray"]]


class RevealModel(_Model):
    actions: Annotated[int, Range(1, 20)] | None = None
    goal_draw: bool = False
    label: Text = ""


class SetupModel(_Model):
    drachmas: Small = 2
    starting_maps: list[Deck] = Field(default_factory=lambda: list[Deck](["easy", "medium"]), max_length=6)
    goals_drawn: Annotated[int, Range(1, 12)] = 2
    strategist_face_up: dict[Edition, Small] = Field(default_factory=lambda: dict[Edition, int]({2016: 5, 2014: 4}))
    map_prices: list[Small] = Field(default_factory=lambda: [1, 3, 7], min_length=1, max_length=3)

    @field_validator("strategist_face_up")
    @classmethod
    def _both_editions(cls, v: dict[int, int]) -> dict[int, int]:
        return _both(v)


class PlayerBoardFile(_Model):
    basis: BasisMap = "reconstructed"
    start_actions: Annotated[int, Range(1, 20)]
    reveals: list[RevealModel] = Field(min_length=1, max_length=20)
    setup: SetupModel = Field(default_factory=SetupModel)


def _read(directory: Path, name: str, model: type[_Model]) -> tuple[Any, str, bytes]:
    """A component file of the directory, or else of the default set: the validated model,
    the file's name for messages, and its bytes (the set's version is a digest of them)."""
    path = directory / f"{name}.yaml"
    if not os.path.lexists(path):
        path = DEFAULT_DIR / f"{name}.yaml"
    data = read_bytes(path, ComponentError)
    parsed = parse_yaml(decode(data, str(path), ComponentError), str(path), ComponentError)
    try:
        return model.model_validate(parsed), str(path), data
    except ValidationError as exc:
        raise ComponentError(validation_message(str(path), exc)) from None


def _check_routes(src: str, where: str, nodes: set[str], routes: list[tuple[str, str]]) -> None:
    for i, (a, b) in enumerate(routes):
        for end in (a, b):
            if end not in nodes:
                raise ComponentError(
                    located(
                        src, f"{where}.routes.{i}", f"route end {end!r} is not a port, dock or junction of this tile"
                    )
                )


def _tile(src: str, i: int, m: TileModel) -> TileSpec:
    where = f"tiles.{i}"
    covered = [q for piece in m.pieces for q in piece]
    if sorted(covered) != sorted(QUADRANTS):
        raise ComponentError(
            located(src, f"{where}.pieces", f"tile {m.id}: land must cover NW, NE, SW, SE once each, got {covered}")
        )
    if not 2 <= len(m.pieces) <= 4:
        raise ComponentError(
            located(src, f"{where}.pieces", f"tile {m.id}: a land tile shows 2 to 4 pieces, got {len(m.pieces)}")
        )
    if len(set(m.docks)) != len(m.docks):
        raise ComponentError(located(src, f"{where}.docks", f"tile {m.id}: at most one dock per quadrant"))
    bad = [j for j in m.junctions if j in PORTS or j in QUADRANTS]
    if bad:
        raise ComponentError(
            located(src, f"{where}.junctions", f"tile {m.id}: junction name {bad[0]!r} is taken by a port or quadrant")
        )
    nodes = set(PORTS) | set(m.docks) | set(m.junctions)
    _check_routes(src, where, nodes, m.routes)
    ends = {end for route in m.routes for end in route}
    for port in PORTS:
        if port not in ends:
            raise ComponentError(
                located(
                    src, f"{where}.routes", f"tile {m.id}: no shipping route reaches port {port}; every side needs one"
                )
            )
    for dock in m.docks:
        if dock not in ends:
            raise ComponentError(located(src, f"{where}.docks", f"tile {m.id}: dock {dock} is on no route"))
    return TileSpec(
        id=m.id,
        icon=m.icon,
        icon_quadrant=m.icon_quadrant,
        pieces=tuple(tuple(p) for p in m.pieces),
        docks=tuple(m.docks),
        junctions=tuple(m.junctions),
        routes=tuple((a, b) for a, b in m.routes),
        basis=m.basis,
    )


def _thera(src: str, m: TheraFile) -> TheraSpec:
    thera_quads = {(2 * x + i, 2 * y + j) for x, y in THERA_SLOTS for i in (0, 1) for j in (0, 1)}
    seen: set[tuple[int, int]] = set()
    for i, piece in enumerate(m.pieces):
        for q in piece:
            if q not in thera_quads:
                raise ComponentError(located(src, f"pieces.{i}", f"quadrant {list(q)} is not on the Thera board"))
            if q in seen:
                raise ComponentError(located(src, f"pieces.{i}", f"quadrant {list(q)} is in two pieces"))
            seen.add(q)
    centre = {(-1, -1), (0, -1), (-1, 0), (0, 0)}
    if not m.pieces or set(m.pieces[0]) != centre:
        raise ComponentError(located(src, "pieces.0", "the first piece must be Thera: the four central quadrants"))
    for i, d in enumerate(m.docks):
        if d.quadrant not in seen:
            raise ComponentError(located(src, f"docks.{i}", f"dock {d.name} is not on a land piece"))
    ports = {
        f"{x},{y}:{p}"
        for x, y in THERA_SLOTS
        for p, (dx, dy) in PORT_STEP.items()
        if (x + dx, y + dy) not in THERA_SLOTS
    }
    nodes = ports | {d.name for d in m.docks} | set(m.junctions)
    _check_routes(src, "thera", nodes, m.routes)
    for i, icon in enumerate(m.icons):
        if icon.quadrant not in seen:
            raise ComponentError(located(src, f"icons.{i}", "an icon must lie on a land piece"))
    return TheraSpec(
        pieces=tuple(tuple(tuple(q) for q in p) for p in m.pieces),  # type: ignore[misc]
        docks=tuple(TheraDock(d.name, tuple(d.quadrant)) for d in m.docks),  # type: ignore[arg-type]
        junctions=tuple(m.junctions),
        routes=tuple((a, b) for a, b in m.routes),
        icons=tuple((tuple(i.quadrant), i.icon) for i in m.icons),  # type: ignore[misc]
        basis=str(m.basis),
    )


def _map(src: str, i: int, m: MapModel) -> MapCard:
    requires: list[tuple[str, str, int]] = []
    sides = 0
    for direction in DIRECTIONS:
        icons: list[str] = getattr(m, direction)
        if len(icons) > 3:
            raise ComponentError(located(src, f"maps.{i}.{direction}", f"map {m.id}: at most 3 icons per side"))
        if icons:
            sides += 1
        for kind in ICONS:
            if icons.count(kind):
                requires.append((direction, kind, icons.count(kind)))
    if sides == 0:
        raise ComponentError(located(src, f"maps.{i}", f"map {m.id}: requires no icon at all"))
    return MapCard(m.id, m.deck, m.cost, m.points, tuple(requires), m.basis)


def _unique(src: str, section: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            raise ComponentError(located(src, f"{section}.{i}.id", f"id {ident!r} appears twice"))
        seen.add(ident)


def load_components(directory: str | Path | None = None) -> Components:
    """Load and validate a component set; None means the default set."""
    directory = Path(directory) if directory is not None else DEFAULT_DIR
    if not directory.exists():
        raise ComponentError(located(str(directory), "", "no such component directory"))
    if not directory.is_dir():
        raise ComponentError(
            located(str(directory), "", "is not a directory; --components takes a directory of YAML files")
        )
    return _load(directory.resolve())


@cache
def _load(directory: Path) -> Components:
    thera_m, thera_src, thera_bytes = _read(directory, "thera", TheraFile)
    tiles_m, tiles_src, tiles_bytes = _read(directory, "tiles", TilesFile)
    maps_m, maps_src, maps_bytes = _read(directory, "maps", MapsFile)
    goals_m, goals_src, goals_bytes = _read(directory, "goals", GoalsFile)
    market_m, market_src, market_bytes = _read(directory, "market", MarketFile)
    board_m, board_src, board_bytes = _read(directory, "player_board", PlayerBoardFile)

    _unique(tiles_src, "tiles", [t.id for t in tiles_m.tiles])
    _unique(maps_src, "maps", [m.id for m in maps_m.maps])
    _unique(goals_src, "goals", [g.id for g in goals_m.goals])
    if set(market_m.colours) != set(ICONS) or set(market_m.colours.values()) != set(COLOURS):
        raise ComponentError(
            located(market_src, "colours", "every icon needs its own colour of red, blue, green, gray")
        )
    setup = board_m.setup
    thera = _thera(thera_src, thera_m)
    tiles = tuple(_tile(tiles_src, i, t) for i, t in enumerate(tiles_m.tiles))
    maps = tuple(_map(maps_src, i, m) for i, m in enumerate(maps_m.maps))
    sources = {"thera": thera_src, "tiles": tiles_src, "maps": maps_src, "goals": goals_src, "board": board_src}
    _playable(sources, thera_m, tiles_m, maps_m, goals_m, setup)
    digest = hashlib.sha256()
    for data in (thera_bytes, tiles_bytes, maps_bytes, goals_bytes, market_bytes, board_bytes):
        digest.update(data)
    return Components(
        name=directory.name,
        version=digest.hexdigest()[:12],
        thera=thera,
        tiles=tiles,
        maps=maps,
        goals=tuple(GoalCard(g.id, g.rule, tuple(sorted(g.points.items())), g.cap) for g in goals_m.goals),
        market=MarketSpec(
            track=tuple(market_m.track),
            icon_colour=tuple((icon, market_m.colours[icon]) for icon in ICONS),
        ),
        player_board=PlayerBoardSpec(
            start_actions=board_m.start_actions,
            reveals=tuple(Reveal(r.actions, r.goal_draw, r.label) for r in board_m.reveals),
        ),
        setup=SetupSpec(
            drachmas=setup.drachmas,
            starting_maps=tuple(setup.starting_maps),
            goals_drawn=setup.goals_drawn,
            strategist_face_up=tuple(sorted(setup.strategist_face_up.items())),
            map_prices=tuple(setup.map_prices),
        ),
    )


def _playable(
    src: dict[str, str], thera: TheraFile, tiles: TilesFile, maps: MapsFile, goals: GoalsFile, setup: SetupModel
) -> None:
    """Refuse a set that cannot set up a game (R-SET), naming the file and field short of it."""
    if len(tiles.tiles) < 2:
        raise ComponentError(
            located(
                src["tiles"],
                "tiles",
                f"{len(tiles.tiles)} land tile(s); setup needs 2, one placed by each player (R-SET-3)",
            )
        )
    if len(thera.docks) < 2:
        raise ComponentError(
            located(
                src["thera"],
                "docks",
                f"{len(thera.docks)} dock(s); the boats start on 2 different docks of Thera (R-SET-6)",
            )
        )
    for deck in DECKS:
        held = sum(m.deck == deck for m in maps.maps)
        dealt = 2 * sum(d == deck for d in setup.starting_maps)
        if held < max(1, dealt):
            why = (
                f"setup deals {dealt // 2} to each player ({src['board']}: setup.starting_maps)"
                if dealt
                else "a deck needs a card"
            )
            raise ComponentError(located(src["maps"], "maps", f"the {deck} deck holds {held} card(s); {why} (R-SET-4)"))
    most_face_up = max(setup.strategist_face_up.values())
    need = max(setup.goals_drawn + 1, 2 + most_face_up)
    if len(goals.goals) < need:
        raise ComponentError(
            located(
                src["goals"],
                "goals",
                f"{len(goals.goals)} goal card(s); setup needs {need}: each player draws {setup.goals_drawn} and keeps 1,"
                f" then the strategist variant lays {most_face_up} face up ({src['board']}: setup) (R-SET-5, R-SET-8)",
            )
        )
