"""Position files (`format: kreta-position/1`, docs/kreta/formats.md): read, checked, written.

Players are named by colour (red, blue, white, black: seat 0, 1, 2, 3), provinces by id, fort
spaces by number. A position that could not arise in a game (more pieces than a player owns,
an 8th figure in a province, a village without the tiles for it, fort cards twice...) is
refused with one line naming the file and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...common.errors import located
from ...common.files.fields import Id, Range
from ...common.files.yamlio import dump_yaml, parse_yaml, read_yaml, validated_document, write_atomic
from ..board import Board
from ..components import CARDS, COLOURS, FACE_UP, FORT_CARDS, FULL, PIECES, PORT_CAPACITY, ROW, TILE_DEAL, TILES
from ..errors import PositionError
from ..position import Game, March, Player, Position, Rules
from ..rules.legal import forts_left

FORMAT = "kreta-position/1"
Count = Annotated[int, Range(0, 99)]
Score = Annotated[int, Range(0, 9999)]
Colour = Literal["red", "blue", "white", "black"]
Card = Literal["king", "architect", "admiral", "commander", "castellan", "abbot", "farmer"]
Tile = Literal["wheat", "olive", "wine", "thyme", "cheese"]
FortCard = Annotated[int, Range(1, FORT_CARDS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RulesModel(_Strict):
    villagers_cross_full: bool = True
    start_seat: Annotated[int, Range(0, 3)] = 0


class SeatModel(_Strict):
    score: Score = 0
    table: Annotated[list[Card], Field(max_length=7)] = []
    villagers: Annotated[dict[Id, Count], Field(max_length=64)] = {}
    villages: Annotated[dict[Id, Count], Field(max_length=64)] = {}
    abbot: Id | None = None
    ships: Annotated[list[Id], Field(max_length=2)] = []
    tiles: Annotated[dict[Tile, Count], Field(max_length=5)] = {}


class MarchModel(_Strict):
    points: Annotated[int, Range(0, 4)]
    origin: Annotated[dict[Id, Count], Field(max_length=64)] = {}
    arrived: Annotated[dict[Id, Count], Field(max_length=64)] = {}


class PositionModel(_Strict):
    format: str
    board: Annotated[str, Field(max_length=80)] | None = None
    rules: RulesModel = RulesModel()
    to_move: Colour
    phase: Literal["play", "march", "turnup", "over"] = "play"
    march: MarchModel | None = None
    scorings: Annotated[int, Range(0, ROW)] = 0
    row: Annotated[list[FortCard], Field(max_length=ROW)]
    face_up: Annotated[int, Range(0, FACE_UP)] = FACE_UP
    pile: Annotated[list[FortCard], Field(max_length=FORT_CARDS)]
    tiles: Annotated[dict[Id, Tile], Field(max_length=64)]
    forts: Annotated[dict[FortCard, Colour], Field(max_length=FORT_CARDS)] = {}
    seats: Annotated[dict[Colour, SeatModel], Field(min_length=2, max_length=4)]


def load_position(path: str | Path, board: Board) -> Position:
    """A position file, checked; PositionError naming the file and field otherwise."""
    return position_from_data(read_yaml(path, PositionError), str(path), board)


def loads_position(text: str, board: Board, source: str = "<text>") -> Position:
    """A position from YAML text."""
    return position_from_data(parse_yaml(text, source, PositionError), source, board)


def position_from_data(data: Any, source: str, board: Board) -> Position:
    """A parsed position document checked and built into a Position."""
    model = validated_document(data, source, PositionModel, PositionError, FORMAT, "position")
    return _build(model, source, board)


def _build(m: PositionModel, source: str, board: Board) -> Position:
    def fail(field: str, problem: str) -> PositionError:
        return PositionError(located(source, field, problem))

    if m.board is not None and m.board != board.name:
        raise fail("board", f"written for the board {m.board!r}, not {board.name!r} (give it with --board FILE)")
    n = len(m.seats)
    colours = list(m.seats)
    if colours != list(COLOURS[:n]):
        raise fail("seats", f"{n} players are {', '.join(COLOURS[:n])}, in that order; got {', '.join(colours)}")
    index = board.index

    def province(pid: str, field: str) -> int:
        if pid not in index:
            raise fail(field, f"unknown province {pid!r}")
        return index[pid]

    def per_province(counts: dict[str, int], field: str) -> tuple[int, ...]:
        out = [0] * len(board.provinces)
        for pid, k in counts.items():
            out[province(pid, f"{field}.{pid}")] = k
        return tuple(out)

    players = []
    for colour, seat in m.seats.items():
        at = f"seats.{colour}"
        if "castellan" in seat.table:
            raise fail(f"{at}.table", "the castellan is never on a table: it returns at once (K-CAST-3)")
        if len(set(seat.table)) != len(seat.table):
            raise fail(f"{at}.table", "a card listed twice")
        ships = [province(p, f"{at}.ships") for p in seat.ships]
        if len(set(ships)) != len(ships):
            raise fail(f"{at}.ships", "never both ships in one port (K-ADM-2)")
        for p in ships:
            if not board.provinces[p].port:
                raise fail(f"{at}.ships", f"{board.provinces[p].id} has no port")
        player = Player(
            villagers=per_province(seat.villagers, f"{at}.villagers"),
            villages=per_province(seat.villages, f"{at}.villages"),
            abbot=None if seat.abbot is None else province(seat.abbot, f"{at}.abbot"),
            ships=tuple(sorted(ships)),
            table=frozenset(seat.table),
            tiles=tuple(seat.tiles.get(t, 0) for t in TILES),
            score=seat.score,
        )
        for piece, field in (("villager", "villagers"), ("village", "villages")):
            if player.supply(piece) < 0:
                raise fail(
                    f"{at}.{field}",
                    f"{PIECES[piece] - player.supply(piece)} {field} on the board; a player has {PIECES[piece]} (K-SET-1)",
                )
        if sum(player.villages) > player.harvested:
            raise fail(
                f"{at}.villages",
                f"{sum(player.villages)} villages need as many harvested tiles, got {player.harvested} (K-ARCH-2)",
            )
        players.append(player)
    tiles: list[str | None] = [None] * len(board.provinces)
    for pid, tile in m.tiles.items():
        p = province(pid, f"tiles.{pid}")
        if tile not in TILE_DEAL[board.provinces[p].colour]:
            raise fail(
                f"tiles.{pid}",
                f"a {board.provinces[p].colour} province holds {' or '.join(TILE_DEAL[board.provinces[p].colour])}, not {tile} (K-SET-3)",
            )
        tiles[p] = tile
    deal = {t: k for kinds in TILE_DEAL.values() for t, k in kinds.items()}
    for t in TILES:
        total = tiles.count(t) + sum(p.tiles[TILES.index(t)] for p in players)
        if total > deal[t]:
            raise fail(
                "tiles", f"{total} {t} tiles on the board and harvested; the game has {deal[t]} (K-SET-3, K-R-16)"
            )
    harvested = sum(p.harvested for p in players)
    if harvested + sum(t is not None for t in tiles) != len(board.provinces):
        raise fail(
            "tiles",
            f"{len(board.provinces)} tiles in all: on the board and harvested make {harvested + sum(t is not None for t in tiles)}",
        )
    forts: list[int | None] = [None] * len(board.spaces)
    for number, colour in m.forts.items():
        if number > len(board.spaces):
            raise fail(f"forts.{number}", f"no fort space {number}")
        if colour not in m.seats:
            raise fail(f"forts.{number}", f"{colour} is not playing")
        forts[number - 1] = COLOURS.index(colour)
    if m.to_move not in m.seats:
        raise fail("to_move", f"{m.to_move} is not playing")
    if len(m.row) != ROW - m.scorings:
        raise fail(
            "row", f"after {m.scorings} scorings the row holds {ROW - m.scorings} cards, got {len(m.row)} (K-CAST-1)"
        )
    if len(m.pile) != FORT_CARDS - ROW:
        raise fail("pile", f"the pile always holds {FORT_CARDS - ROW} cards (K-R-10), got {len(m.pile)}")
    cards = m.row + m.pile
    if len(set(cards)) != len(cards):
        raise fail("row", "a fort card appears twice in the row and pile")
    if m.face_up != min(FACE_UP, len(m.row)) and not (m.phase == "over" and m.face_up == 0):
        raise fail(
            "face_up", f"the row shows {min(FACE_UP, len(m.row))} face-up cards here (K-CAST-4), got {m.face_up}"
        )
    if (m.phase == "over") != (m.scorings == ROW):
        raise fail("phase", f"the game is over exactly after the {ROW}th scoring (K-END-1)")
    march = None
    if m.phase == "march":
        if m.march is None:
            raise fail("march", "a position in a march gives its points and origin")
        march = March(
            m.march.points, per_province(m.march.origin, "march.origin"), per_province(m.march.arrived, "march.arrived")
        )
        mover = players[COLOURS.index(m.to_move)]
        if any(a > v for a, v in zip(march.arrived, mover.villagers, strict=True)) or sum(march.origin) != sum(
            mover.villagers
        ):
            raise fail("march", "the march's origin and arrivals do not fit the villagers of the player to move")
    elif m.march is not None:
        raise fail("march", "only a position in the march phase has a march")
    pos = Position(
        game=Game(board, n, Rules(m.rules.villagers_cross_full, m.rules.start_seat)),
        players=tuple(players),
        forts=tuple(forts),
        tiles=tuple(tiles),
        row=tuple(m.row),
        face_up=m.face_up,
        pile=tuple(m.pile),
        to_move=COLOURS.index(m.to_move),
        phase=m.phase,
        march=march,
        scorings=m.scorings,
    )
    if m.rules.start_seat >= n:
        raise fail("rules.start_seat", f"the seats are 0 to {n - 1}")
    for s in range(n):
        if forts_left(pos, s) < 0:
            raise fail(
                "forts",
                f"{COLOURS[s]} has {PIECES['fort'] - forts_left(pos, s)} forts; a player has {PIECES['fort']} (K-SET-1)",
            )
    for p, prov in enumerate(board.provinces):
        if pos.figures(p) > FULL:
            raise fail("seats", f"{prov.id} holds {pos.figures(p)} figures; at most {FULL} (K-FIG-2)")
        if pos.ships_in(p) > PORT_CAPACITY[n]:
            raise fail(
                "seats",
                f"{prov.id}'s port holds {pos.ships_in(p)} ships; at most {PORT_CAPACITY[n]} with {n} players (K-ADM-2)",
            )
    return pos


def position_data(pos: Position) -> dict[str, Any]:
    """A position as the document a file holds."""
    board = pos.board
    ids = [p.id for p in board.provinces]

    def counts(values: tuple[int, ...]) -> dict[str, int]:
        return {ids[p]: k for p, k in enumerate(values) if k}

    seats: dict[str, Any] = {}
    for s, p in enumerate(pos.players):
        seat: dict[str, Any] = {"score": p.score, "table": [c for c in CARDS if c in p.table]}
        if any(p.villagers):
            seat["villagers"] = counts(p.villagers)
        if any(p.villages):
            seat["villages"] = counts(p.villages)
        if p.abbot is not None:
            seat["abbot"] = ids[p.abbot]
        if p.ships:
            seat["ships"] = [ids[q] for q in p.ships]
        if any(p.tiles):
            seat["tiles"] = {t: k for t, k in zip(TILES, p.tiles, strict=True) if k}
        seats[COLOURS[s]] = seat
    doc: dict[str, Any] = {"format": FORMAT, "board": board.name}
    rules = pos.game.rules
    if rules != Rules():
        doc["rules"] = {"villagers_cross_full": rules.villagers_cross_full, "start_seat": rules.start_seat}
    doc["to_move"] = COLOURS[pos.to_move]
    doc["phase"] = pos.phase
    if pos.march is not None:
        doc["march"] = {
            "points": pos.march.points,
            "origin": counts(pos.march.origin),
            "arrived": counts(pos.march.arrived),
        }
    doc["scorings"] = pos.scorings
    doc["row"] = list(pos.row)
    doc["face_up"] = pos.face_up
    doc["pile"] = list(pos.pile)
    doc["tiles"] = {ids[p]: t for p, t in enumerate(pos.tiles) if t is not None}
    doc["forts"] = {n + 1: COLOURS[o] for n, o in enumerate(pos.forts) if o is not None}
    doc["seats"] = seats
    return doc


def dumps_position(pos: Position) -> str:
    """A position as YAML text."""
    return dump_yaml(position_data(pos))


def save_position(pos: Position, path: str | Path) -> None:
    """Write a position file whole or not at all."""
    write_atomic(path, dumps_position(pos))
