"""Read a component set from YAML files, validated at the edge (RULES section 9).

A component directory holds any of `thera.yaml`, `tiles.yaml`, `maps.yaml`, `goals.yaml`,
`market.yaml` and `player_board.yaml`; a file it lacks is taken from the default set.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

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
from ..errors import ComponentError, located
from ..geometry import DIRECTIONS, PORT_STEP, PORTS, QUADRANTS, THERA_SLOTS
from .yamlio import read_yaml, validation_message

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "data" / "default"
FILES = ("thera", "tiles", "maps", "goals", "market", "player_board")

Basis = Literal["known", "reconstructed"]
Deck = Literal["easy", "medium", "hard"]
BasisMap = Basis | dict[str, Basis]
"""Whether values are known from the public record or reconstructed, for a file or per value."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TileModel(_Model):
    id: str
    icon: Literal["volcano", "lake", "tree", "mountain"]
    icon_quadrant: Literal["NW", "NE", "SW", "SE"]
    pieces: list[list[Literal["NW", "NE", "SW", "SE"]]]
    docks: list[Literal["NW", "NE", "SW", "SE"]]
    junctions: list[str] = Field(default_factory=list)
    routes: list[tuple[str, str]]
    basis: Basis = "reconstructed"


class TilesFile(_Model):
    basis: BasisMap = "reconstructed"
    tiles: list[TileModel]


class TheraDockModel(_Model):
    name: str
    quadrant: tuple[int, int]


class TheraIconModel(_Model):
    quadrant: tuple[int, int]
    icon: Literal["volcano", "lake", "tree", "mountain"]


class TheraFile(_Model):
    basis: BasisMap = "reconstructed"
    note: str = ""
    pieces: list[list[tuple[int, int]]]
    docks: list[TheraDockModel]
    junctions: list[str] = Field(default_factory=list)
    routes: list[tuple[str, str]]
    icons: list[TheraIconModel] = Field(default_factory=list)


class MapModel(_Model):
    id: str
    deck: Literal["easy", "medium", "hard"]
    cost: int = Field(ge=0)
    points: int = Field(ge=0)
    above: list[Literal["volcano", "lake", "tree", "mountain"]] = Field(default_factory=list)
    below: list[Literal["volcano", "lake", "tree", "mountain"]] = Field(default_factory=list)
    left: list[Literal["volcano", "lake", "tree", "mountain"]] = Field(default_factory=list)
    right: list[Literal["volcano", "lake", "tree", "mountain"]] = Field(default_factory=list)
    basis: Basis = "reconstructed"


class MapsFile(_Model):
    basis: BasisMap = "reconstructed"
    maps: list[MapModel]


class GoalModel(_Model):
    id: str
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
    points: dict[int, int]
    cap: int | None = None
    basis: Basis = "known"

    @field_validator("points")
    @classmethod
    def _both_editions(cls, v: dict[int, int]) -> dict[int, int]:
        missing = [e for e in EDITIONS if e not in v]
        if missing:
            raise ValueError(f"needs a value for edition {missing[0]}")
        return v


class GoalsFile(_Model):
    basis: BasisMap = "known"
    goals: list[GoalModel]


class MarketFile(_Model):
    basis: BasisMap = "known"
    track: list[int] = Field(min_length=1)
    colours: dict[Literal["volcano", "lake", "tree", "mountain"], Literal["red", "blue", "green", "gray"]]


class RevealModel(_Model):
    actions: int | None = Field(default=None, ge=1)
    goal_draw: bool = False
    label: str = ""


class SetupModel(_Model):
    drachmas: int = Field(default=2, ge=0)
    starting_maps: list[Deck] = Field(default_factory=lambda: list[Deck](["easy", "medium"]))
    goals_drawn: int = Field(default=2, ge=1)
    strategist_face_up: dict[int, int] = Field(default_factory=lambda: {2016: 5, 2014: 4})
    map_prices: list[int] = Field(default_factory=lambda: [1, 3, 7], min_length=1)


class PlayerBoardFile(_Model):
    basis: BasisMap = "reconstructed"
    start_actions: int = Field(ge=1)
    reveals: list[RevealModel] = Field(min_length=1)
    setup: SetupModel = Field(default_factory=SetupModel)


def _read(directory: Path, name: str, model: type[_Model]) -> tuple[Any, str]:
    path = directory / f"{name}.yaml"
    if not path.exists():
        path = DEFAULT_DIR / f"{name}.yaml"
    data = read_yaml(path, ComponentError)
    try:
        return model.model_validate(data), str(path)
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
    if not directory.is_dir():
        raise ComponentError(located(str(directory), "", "no such component directory"))
    return _load(directory.resolve())


@cache
def _load(directory: Path) -> Components:
    thera_m, thera_src = _read(directory, "thera", TheraFile)
    tiles_m, tiles_src = _read(directory, "tiles", TilesFile)
    maps_m, maps_src = _read(directory, "maps", MapsFile)
    goals_m, goals_src = _read(directory, "goals", GoalsFile)
    market_m, market_src = _read(directory, "market", MarketFile)
    board_m, _ = _read(directory, "player_board", PlayerBoardFile)

    _unique(tiles_src, "tiles", [t.id for t in tiles_m.tiles])
    _unique(maps_src, "maps", [m.id for m in maps_m.maps])
    _unique(goals_src, "goals", [g.id for g in goals_m.goals])
    if set(market_m.colours) != set(ICONS) or set(market_m.colours.values()) != set(COLOURS):
        raise ComponentError(
            located(market_src, "colours", "every icon needs its own colour of red, blue, green, gray")
        )
    for deck in DECKS:
        if not any(m.deck == deck for m in maps_m.maps):
            raise ComponentError(located(maps_src, "maps", f"the {deck} deck is empty"))
    setup = board_m.setup
    digest = hashlib.sha256()
    for name in FILES:
        path = directory / f"{name}.yaml"
        digest.update((path if path.exists() else DEFAULT_DIR / f"{name}.yaml").read_bytes())
    return Components(
        name=directory.name,
        version=digest.hexdigest()[:12],
        thera=_thera(thera_src, thera_m),
        tiles=tuple(_tile(tiles_src, i, t) for i, t in enumerate(tiles_m.tiles)),
        maps=tuple(_map(maps_src, i, m) for i, m in enumerate(maps_m.maps)),
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
