"""Position files: YAML a person can write and read (docs/formats.md).

Reading validates the shape with pydantic, then checks that the position could occur in a
game (cubes conserved, every tile and card in one place, boats on docks, ...); every failure
is one PositionError naming the file and the dotted field.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..board import Board
from ..common.errors import located, quote
from ..common.files.fields import Id, Range, Seed, Text
from ..common.files.yamlio import dump_yaml, parse_yaml, read_yaml, validated_document, write_atomic
from ..components import COLOURS, DECKS, Components
from ..errors import PositionError
from ..geometry import SEATS, THERA_SLOTS, format_quad, parse_quad, slot_neighbours
from ..position import Position, Seat
from .fields import Actions, Coord, Drachmas, Turn

FORMAT = "akrotiri-position 1"

Colour = Literal["red", "blue", "green", "gray"]
SeatName = Literal["south", "north"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlacementModel(_Model):
    slot: tuple[Coord, Coord]
    tile: Id
    rotation: Literal[0, 90, 180, 270] = 0


class CubeModel(_Model):
    piece: Id
    colour: Colour
    count: Annotated[int, Range(1, 99)] = 1


class TempleModel(_Model):
    map: Id
    site: Id


class SeatModel(_Model):
    drachmas: Drachmas = 2
    boat: Id | None = None
    cargo: list[Colour] = Field(default_factory=list, max_length=3)
    maps: list[Id] = Field(default_factory=list)
    temples: list[TempleModel] = Field(default_factory=list)
    goals: list[Id] = Field(default_factory=list)
    tile: Id | None = None


class PilesModel(_Model):
    known: bool = True
    land: list[Id] = Field(default_factory=list)
    discard: list[Id] = Field(default_factory=list)
    maps: dict[Literal["easy", "medium", "hard"], list[Id]] = Field(default_factory=dict)
    goals: list[Id] = Field(default_factory=list)
    goals_face_up: list[Id] = Field(default_factory=list)
    shuffle_seed: Seed = 0


class PositionModel(_Model):
    format: Text = FORMAT
    components: Text | None = None
    edition: Literal[2016, 2014] = 2016
    variant: Literal["standard", "strategist"] = "standard"
    first: SeatName = "south"
    turn: Turn = 1
    to_move: SeatName = "south"
    phase: Literal["setup_tile", "setup_goal", "setup_boat", "place", "act", "goal", "over"] = "act"
    actions_left: Actions | None = None
    movement_points: Annotated[int, Range(0, 2)] = 0
    passing: bool = False
    oracle_used: bool = False
    goal_offer: list[Id] = Field(default_factory=list)
    board: list[PlacementModel] = Field(default_factory=list)
    market: dict[Colour, Annotated[int, Range(0, 99)]] | None = None
    cubes: list[CubeModel] = Field(default_factory=list)
    seats: dict[SeatName, SeatModel] = Field(default_factory=dict)
    piles: PilesModel | None = None


class _Checker:
    """Turns a validated model into a Position, raising PositionError at the first problem."""

    def __init__(self, source: str, comps: Components) -> None:
        self.source = source
        self.comps = comps

    def fail(self, field: str, problem: str) -> PositionError:
        return PositionError(located(self.source, field, problem))

    def board(self, m: PositionModel) -> Board:
        seen_slots: set[tuple[int, int]] = set()
        for i, p in enumerate(m.board):
            if p.tile not in self.comps.tile:
                raise self.fail(f"board.{i}.tile", f"unknown land tile {quote(p.tile)}")
            if p.slot in THERA_SLOTS or p.slot in seen_slots:
                raise self.fail(f"board.{i}.slot", f"slot {p.slot[0]},{p.slot[1]} is already filled")
            seen_slots.add(p.slot)
        # Every tile must be joined to the board through tiles next to each other (R-TILE-1). The
        # board is then built in one go: tile by tile, each board a child of the last, costs
        # half the time of reading a puzzle (a puzzle database holds thousands).
        pending = {p.slot: (i, p) for i, p in enumerate(m.board)}
        filled = set(THERA_SLOTS)
        while pending:
            ready = sorted(s for s in pending if any(n in filled for n in slot_neighbours(s)))
            if not ready:
                i, p = pending[min(pending)]
                raise self.fail(f"board.{i}.slot", f"slot {p.slot[0]},{p.slot[1]} is not joined to the board")
            for s in ready:
                pending.pop(s)
                filled.add(s)
        return Board(tuple(sorted((p.slot, p.tile, p.rotation) for p in m.board)), self.comps)

    def piece(self, board: Board, field: str, text: str) -> tuple[int, int]:
        quad = parse_quad(text)
        if quad is None:
            raise self.fail(field, f"expected a quadrant like 1,0NE, got {quote(text)}")
        piece = board.piece_at.get(quad)
        if piece is None:
            raise self.fail(field, f"no land at {text}")
        return piece

    def position(self, m: PositionModel) -> Position:
        comps = self.comps
        board = self.board(m)
        cubes: Counter[tuple[tuple[int, int], str]] = Counter()
        for i, c in enumerate(m.cubes):
            cubes[(self.piece(board, f"cubes.{i}.piece", c.piece), c.colour)] += c.count

        seats: dict[str, Seat] = {}
        for name in SEATS:
            sm = m.seats.get(name, SeatModel())  # type: ignore[call-overload]
            where = f"seats.{name}"
            if sm.boat is not None and sm.boat.upper() not in board.docks and sm.boat not in board.docks:
                raise self.fail(f"{where}.boat", f"no dock {sm.boat} on the board")
            temples = []
            for i, t in enumerate(sm.temples):
                site = parse_quad(t.site)
                if site is None:
                    raise self.fail(f"{where}.temples.{i}.site", f"expected a quadrant like 1,0NE, got {quote(t.site)}")
                island = board.island_at(site)
                if island is None:
                    raise self.fail(f"{where}.temples.{i}.site", f"no land at {t.site}")
                if island == board.thera_island:
                    raise self.fail(f"{where}.temples.{i}.site", "no temple can stand on Thera (R-EXC-1)")
                temples.append((t.map, site))
            if len(temples) > comps.player_board.temples:
                raise self.fail(f"{where}.temples", f"at most {comps.player_board.temples} temples")
            boat = None if sm.boat is None else (sm.boat if sm.boat in board.docks else sm.boat.upper())
            seats[name] = Seat(
                drachmas=sm.drachmas,
                boat=boat,
                cargo=tuple(sorted(sm.cargo, key=COLOURS.index)),
                maps=tuple(sorted(sm.maps)),
                temples=tuple(temples),
                goals=tuple(sorted(sm.goals)),
                tile=sm.tile,
            )

        piles = m.piles
        known = piles is not None and piles.known
        land_pile, discard, decks, goal_deck, face_up = self.piles(m, board, seats)
        market = self.market(m, cubes, seats)
        to_move = m.to_move
        actions_left = m.actions_left
        if actions_left is None:
            actions_left = comps.player_board.actions_after(len(seats[to_move].temples)) if m.phase == "act" else 0
        pos = Position(
            board=board,
            seats=(seats["south"], seats["north"]),
            market=market,
            cubes=tuple(sorted((p, c, n) for (p, c), n in cubes.items())),
            to_move=to_move,
            first=m.first,
            phase=m.phase,
            turn=m.turn,
            actions_left=actions_left,
            points=m.movement_points,
            passing=m.passing,
            oracle_used=m.oracle_used,
            goal_offer=tuple(m.goal_offer),
            land_pile=land_pile,
            land_discard=discard,
            map_decks=decks,
            goal_deck=goal_deck,
            goal_face_up=face_up,
            edition=m.edition,
            strategist=m.variant == "strategist",
            piles_known=known,
            shuffle_seed=piles.shuffle_seed if piles is not None else 0,
        )
        self.consistent(pos)
        return pos

    def piles(
        self, m: PositionModel, board: Board, seats: dict[str, Seat]
    ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...], tuple[str, ...], tuple[str, ...]]:
        comps = self.comps
        piles = m.piles or PilesModel(known=False)
        # Every land tile lies in exactly one place.
        placed: dict[str, str] = {}

        def put(tile: str, field: str) -> None:
            if tile not in comps.tile:
                raise self.fail(field, f"unknown land tile {quote(tile)}")
            if tile in placed:
                raise self.fail(field, f"land tile {tile} is also at {placed[tile]}")
            placed[tile] = field

        for i, p in enumerate(m.board):
            put(p.tile, f"board.{i}.tile")
        for name, s in seats.items():
            if s.tile is not None:
                put(s.tile, f"seats.{name}.tile")
        for i, t in enumerate(piles.land):
            put(t, f"piles.land.{i}")
        for i, t in enumerate(piles.discard):
            put(t, f"piles.discard.{i}")
        land = list(piles.land)
        if m.piles is None:
            land = [t.id for t in comps.tiles if t.id not in placed]
        elif piles.known and len(placed) != len(comps.tiles):
            missing = next(t.id for t in comps.tiles if t.id not in placed)
            raise self.fail("piles.land", f"land tile {missing} is nowhere; a known pile lists every tile")

        cards: dict[str, str] = {}

        def put_card(card: str, field: str, kind: str) -> None:
            known_ids = comps.map if kind == "map" else comps.goal
            if card not in known_ids:
                raise self.fail(field, f"unknown {kind} card {quote(card)}")
            if card in cards:
                raise self.fail(field, f"{kind} card {card} is also at {cards[card]}")
            cards[card] = field

        for name, s in seats.items():
            for i, c in enumerate(s.maps):
                put_card(c, f"seats.{name}.maps.{i}", "map")
            for i, (c, _) in enumerate(s.temples):
                put_card(c, f"seats.{name}.temples.{i}.map", "map")
            for i, g in enumerate(s.goals):
                put_card(g, f"seats.{name}.goals.{i}", "goal")
        for deck in DECKS:
            for i, c in enumerate(piles.maps.get(deck, [])):  # type: ignore[call-overload]
                put_card(c, f"piles.maps.{deck}.{i}", "map")
                if comps.map[c].deck != deck:
                    raise self.fail(f"piles.maps.{deck}.{i}", f"map card {c} belongs to the {comps.map[c].deck} deck")
        for i, g in enumerate(piles.goals):
            put_card(g, f"piles.goals.{i}", "goal")
        for i, g in enumerate(piles.goals_face_up):
            put_card(g, f"piles.goals_face_up.{i}", "goal")
        offer = list(m.goal_offer)
        for i, g in enumerate(offer):
            if g not in comps.goal:
                raise self.fail(f"goal_offer.{i}", f"unknown goal card {quote(g)}")
        if m.piles is None:
            decks = tuple(tuple(c for c in comps.deck(d) if c not in cards) for d in DECKS)
            goals = tuple(g.id for g in comps.goals if g.id not in cards)
        else:
            decks = tuple(tuple(piles.maps.get(d, [])) for d in DECKS)  # type: ignore[call-overload]
            goals = tuple(piles.goals)
        return tuple(land), tuple(piles.discard), decks, goals, tuple(piles.goals_face_up)

    def market(
        self, m: PositionModel, cubes: Counter[tuple[tuple[int, int], str]], seats: dict[str, Seat]
    ) -> tuple[int, ...]:
        per = self.comps.market.cubes_per_colour
        off = Counter({c: 0 for c in COLOURS})
        for (_, c), n in cubes.items():
            off[c] += n
        for s in seats.values():
            off.update(s.cargo)
        if m.market is None:
            for c in COLOURS:
                if off[c] > per:
                    raise self.fail("cubes", f"{off[c]} {c} cubes on the board and boats; only {per} exist")
            return tuple(per - off[c] for c in COLOURS)
        out = []
        for c in COLOURS:
            have = m.market.get(c, per)  # type: ignore[call-overload]
            if have + off[c] != per:
                raise self.fail(
                    f"market.{c}",
                    f"{have} on the market + {off[c]} on the board and boats = {have + off[c]}, not {per} (R-SET-1)",
                )
            out.append(have)
        return tuple(out)

    def consistent(self, pos: Position) -> None:
        """Checks that need the whole position."""
        south, north = pos.seats
        if south.boat is not None and south.boat == north.boat and not pos.passing:
            raise self.fail("seats.north.boat", f"both boats are at {south.boat}; two boats never share a dock")
        if pos.passing and pos.hero.boat != pos.seat(pos.other).boat:
            raise self.fail("passing", "the boat to move is not at the other boat's dock")
        sites: dict[tuple[int, int], str] = {}
        for name, seat in zip(SEATS, pos.seats, strict=True):
            for i, (_, site) in enumerate(seat.temples):
                if site in sites:
                    raise self.fail(f"seats.{name}.temples.{i}.site", f"a temple already stands at {format_quad(site)}")
                sites[site] = name
        if pos.phase in ("goal", "setup_goal") and not pos.goal_offer:
            raise self.fail("goal_offer", f"phase {pos.phase} needs goal cards on offer")
        if pos.phase == "place" and pos.hero.tile is None:
            raise self.fail(f"seats.{pos.to_move}.tile", "phase place needs a land tile in hand")


def position_from_data(data: Any, source: str, comps: Components) -> Position:
    """Build a position from parsed YAML data; `source` names it in errors."""
    model = validated_document(data, source, PositionModel, PositionError, FORMAT, "position")
    return _Checker(source, comps).position(model)


def load_position(path: str | Path, comps: Components) -> Position:
    """Read a position file."""
    return position_from_data(read_yaml(path, PositionError), str(path), comps)


def loads_position(text: str, comps: Components, source: str = "<text>") -> Position:
    """Read a position from YAML text."""
    return position_from_data(parse_yaml(text, source, PositionError), source, comps)


def position_to_data(pos: Position) -> dict[str, Any]:
    """The position as plain data in file order."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "components": pos.components.name,
        "edition": pos.edition,
        "variant": "strategist" if pos.strategist else "standard",
        "first": pos.first,
        "turn": pos.turn,
        "to_move": pos.to_move,
        "phase": pos.phase,
        "actions_left": pos.actions_left,
        "movement_points": pos.points,
        "passing": pos.passing,
        "oracle_used": pos.oracle_used,
        "goal_offer": list(pos.goal_offer),
        "board": [{"slot": [s[0], s[1]], "tile": t, "rotation": r} for s, t, r in pos.board.placements],
        "market": dict(zip(COLOURS, pos.market, strict=True)),
        "cubes": [{"piece": format_quad(p), "colour": c, **({"count": n} if n != 1 else {})} for p, c, n in pos.cubes],
        "seats": {},
    }
    for name, s in zip(SEATS, pos.seats, strict=True):
        out["seats"][name] = {
            "drachmas": s.drachmas,
            "boat": s.boat,
            "cargo": list(s.cargo),
            "maps": list(s.maps),
            "temples": [{"map": m, "site": format_quad(q)} for m, q in s.temples],
            "goals": list(s.goals),
            "tile": s.tile,
        }
    out["piles"] = {
        "known": pos.piles_known,
        "land": list(pos.land_pile),
        "discard": list(pos.land_discard),
        "maps": {d: list(cards) for d, cards in zip(DECKS, pos.map_decks, strict=True)},
        "goals": list(pos.goal_deck),
        "goals_face_up": list(pos.goal_face_up),
        "shuffle_seed": pos.shuffle_seed,
    }
    return out


def dumps_position(pos: Position) -> str:
    """The position as YAML text."""
    return dump_yaml(position_to_data(pos))


def save_position(pos: Position, path: str | Path) -> None:
    """Write a position file, whole or not at all."""
    write_atomic(path, dumps_position(pos))


__all__ = [
    "FORMAT",
    "dumps_position",
    "load_position",
    "loads_position",
    "position_from_data",
    "position_to_data",
    "save_position",
]
