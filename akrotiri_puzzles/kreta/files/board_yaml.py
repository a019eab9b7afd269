"""Board files (`format: kreta-board/1`): the default board and a user's real one.

A board file is read through the common guard, checked by a pydantic model (types, ranges,
unknown fields), built into a `Board`, then checked against every stated fact of the board
(`boardcheck.py`). Any problem is one `BoardError` naming the file, the dotted field and the
problem (docs/kreta/formats.md).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...common.errors import located
from ...common.files.fields import Id, Range, Text
from ...common.files.yamlio import read_yaml, validated_document
from ..board import Board, FortSpace, Province
from ..boardcheck import board_problems
from ..errors import BoardError

FORMAT = "kreta-board/1"
DEFAULT_BOARD = Path(__file__).resolve().parent.parent / "data" / "board.yaml"

Coordinate = Annotated[float, Field(ge=-100_000, le=100_000, allow_inf_nan=False)]
XY = tuple[Coordinate, Coordinate]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ProvinceModel(_Strict):
    id: Annotated[Id, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    name: Annotated[str, Field(min_length=1, max_length=40)]
    colour: Literal["yellow", "green", "brown"]
    coast: bool
    port: bool
    hexagons: Annotated[int, Range(0, 99)]
    shape: Annotated[list[XY], Field(max_length=2000)] = []
    port_at: XY | None = None
    label_at: XY | None = None


class FortSpaceModel(_Strict):
    number: Annotated[int, Range(1, 99)]
    provinces: Annotated[list[Id], Field(max_length=8)]
    at: XY | None = None


class BoardModel(_Strict):
    format: str
    name: Annotated[str, Field(min_length=1, max_length=80)]
    reconstructed: bool = False
    note: Text = ""
    size: XY | None = None
    provinces: Annotated[list[ProvinceModel], Field(max_length=64)]
    adjacency: Annotated[list[tuple[Id, Id]], Field(max_length=500)]
    fort_spaces: Annotated[list[FortSpaceModel], Field(max_length=99)]

    @field_validator("adjacency")
    @classmethod
    def _no_loops(cls, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
        for a, b in pairs:
            if a == b:
                raise ValueError(f"{a} is listed as adjacent to itself")
        return pairs


def load_board(path: str | Path | None = None) -> Board:
    """The board in a file (default: the reconstructed board), checked; BoardError otherwise."""
    if path is None:
        return default_board()
    return _load(str(path))


@cache
def default_board() -> Board:
    """The reconstructed default board, loaded once."""
    return _load(str(DEFAULT_BOARD))


def _load(source: str) -> Board:
    data = read_yaml(source, BoardError)
    model = validated_document(data, source, BoardModel, BoardError, FORMAT, "board")
    return board_from_model(model, source)


def board_from_model(model: BoardModel, source: str) -> Board:
    """A checked model built into a Board, then checked against the board's stated facts."""
    index: dict[str, int] = {}
    for i, p in enumerate(model.provinces):
        if p.id in index:
            raise BoardError(located(source, f"provinces.{i}.id", f"{p.id!r} appears twice"))
        index[p.id] = i

    def lookup(pid: str, field: str) -> int:
        if pid not in index:
            raise BoardError(located(source, field, f"unknown province {pid!r}"))
        return index[pid]

    adjacency: set[frozenset[int]] = set()
    for k, (a, b) in enumerate(model.adjacency):
        pair = frozenset((lookup(a, f"adjacency.{k}"), lookup(b, f"adjacency.{k}")))
        if pair in adjacency:
            raise BoardError(located(source, f"adjacency.{k}", f"{a} and {b} are listed twice"))
        adjacency.add(pair)
    provinces = tuple(
        Province(
            id=p.id,
            name=p.name,
            colour=p.colour,
            coast=p.coast,
            port=p.port,
            hexagons=p.hexagons,
            shape=tuple(p.shape),
            port_at=p.port_at,
            label_at=p.label_at,
        )
        for p in model.provinces
    )
    spaces = tuple(
        FortSpace(
            number=s.number,
            provinces=tuple(lookup(pid, f"fort_spaces.{k}.provinces") for pid in s.provinces),
            at=s.at,
        )
        for k, s in enumerate(model.fort_spaces)
    )
    board = Board(
        name=model.name,
        provinces=provinces,
        adjacency=frozenset(adjacency),
        spaces=spaces,
        reconstructed=model.reconstructed,
        note=model.note,
        size=model.size,
        source=source,
    )
    problems = board_problems(board)
    if problems:
        field, problem = problems[0]
        more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        raise BoardError(located(source, field, problem + more))
    return board
