"""Puzzle files (`format: kreta-puzzle/1`, docs/kreta/formats.md): the goal and horizon, where
the start came from, the start position, and last the solution and its certificate.

The certificate says how the optimum was proven: CP-SAT's status and bound, and, where it was
run, the exhaustive search's optimum and the positions it visited. `kreta check` replays the
solution through the engine and proves the optimum again; it never trusts the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...common.errors import located
from ...common.files.fields import Range, Seed, Text
from ...common.files.yamlio import dump_yaml, read_yaml, validated_document, write_atomic
from ..actions import Action
from ..board import Board
from ..errors import NotationError, PositionError, PuzzleError
from ..notation import MAX_ACTION, parse_action
from ..position import Position
from ..puzzles.corpus import Origin
from ..puzzles.puzzle import MAX_HORIZON, Puzzle
from .position_yaml import position_data, position_from_data

FORMAT = "kreta-puzzle/1"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class OriginModel(_Strict):
    seed: Seed
    players: Annotated[int, Range(2, 4)]
    bot: Literal["random", "greedy"]
    actions: Annotated[int, Range(0, 100_000)]


Points = Annotated[int, Range(-9999, 9999)]
"""An optimum or bound: points (negative only for a margin), or cards."""


class ExhaustiveModel(_Strict):
    optimum: Points | None
    states: Annotated[int, Range(0, 10**9)]


class CertificateModel(_Strict):
    solver: Literal["cp-sat"]
    status: Literal["OPTIMAL", "INFEASIBLE"]
    bound: Points | None = None
    exhaustive: ExhaustiveModel | None = None


class PuzzleModel(_Strict):
    format: str
    id: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")]
    title: Text = ""
    goal: Literal["best", "margin", "province"]
    horizon: Annotated[int, Range(1, MAX_HORIZON)]
    province: Annotated[str, Field(max_length=40)] | None = None
    alone: bool = False
    origin: OriginModel | None = None
    start: dict[str, Any]
    solution: Annotated[list[Annotated[str, Field(max_length=MAX_ACTION)]], Field(max_length=60)] | None = None
    optimum: Points | None = None
    certificate: CertificateModel | None = None


@dataclass(frozen=True)
class Certificate:
    """How the recorded optimum was proven."""

    status: str
    bound: int | None = None
    exhaustive_optimum: int | None = None
    exhaustive_states: int | None = None


@dataclass(frozen=True)
class PuzzleFile:
    """A puzzle as its file holds it: the puzzle, its name, its origin, and the recorded answer."""

    id: str
    title: str
    puzzle: Puzzle
    origin: Origin | None = None
    solution: tuple[Action, ...] | None = None
    optimum: int | None = None
    certificate: Certificate | None = None


def load_puzzle(path: str | Path, board: Board) -> PuzzleFile:
    """A puzzle file, checked; PuzzleError naming the file and field otherwise."""
    return puzzle_from_data(read_yaml(path, PuzzleError), str(path), board)


def puzzle_from_data(data: Any, source: str, board: Board) -> PuzzleFile:
    """A parsed puzzle document checked and built."""
    m = validated_document(data, source, PuzzleModel, PuzzleError, FORMAT, "puzzle")
    try:
        start = position_from_data(m.start, f"{source}: start", board)
    except PositionError as exc:
        raise PuzzleError(str(exc)) from None
    puzzle = Puzzle(start, m.horizon, m.goal, m.province, m.alone)
    puzzle.check(source)
    if m.goal != "margin":
        ex = None if m.certificate is None else m.certificate.exhaustive
        recorded = (("optimum", m.optimum), ("certificate.exhaustive.optimum", None if ex is None else ex.optimum))
        for field, value in recorded:
            if value is not None and value < 0:
                raise PuzzleError(located(source, field, f"expected 0 or more for goal {m.goal}, got {value}"))
    solution = None
    if m.solution is not None:
        actions = []
        for k, text in enumerate(m.solution):
            try:
                actions.append(parse_action(text))
            except NotationError as exc:
                raise PuzzleError(located(source, f"solution.{k}", str(exc))) from None
        solution = tuple(actions)
    certificate = None
    if m.certificate is not None:
        ex = m.certificate.exhaustive
        certificate = Certificate(
            m.certificate.status,
            m.certificate.bound,
            None if ex is None else ex.optimum,
            None if ex is None else ex.states,
        )
    origin = None if m.origin is None else Origin(m.origin.seed, m.origin.players, m.origin.bot, m.origin.actions)
    return PuzzleFile(m.id, m.title, puzzle, origin, solution, m.optimum, certificate)


def puzzle_data(pf: PuzzleFile) -> dict[str, Any]:
    """A puzzle as the document its file holds: solution and certificate last."""
    p = pf.puzzle
    doc: dict[str, Any] = {"format": FORMAT, "id": pf.id}
    if pf.title:
        doc["title"] = pf.title
    doc["goal"] = p.goal
    doc["horizon"] = p.horizon
    if p.province is not None:
        doc["province"] = p.province
        doc["alone"] = p.alone
    if pf.origin is not None:
        o = pf.origin
        doc["origin"] = {"seed": o.seed, "players": o.players, "bot": o.bot, "actions": o.actions}
    doc["start"] = position_data(p.start)
    if pf.solution is not None:
        doc["solution"] = [str(a) for a in pf.solution]
    if pf.optimum is not None or pf.certificate is not None:
        doc["optimum"] = pf.optimum
    if pf.certificate is not None:
        c = pf.certificate
        cert: dict[str, Any] = {"solver": "cp-sat", "status": c.status, "bound": c.bound}
        if c.exhaustive_states is not None:
            cert["exhaustive"] = {"optimum": c.exhaustive_optimum, "states": c.exhaustive_states}
        doc["certificate"] = cert
    return doc


def dumps_puzzle(pf: PuzzleFile) -> str:
    """A puzzle as YAML text."""
    return dump_yaml(puzzle_data(pf))


def save_puzzle(pf: PuzzleFile, path: str | Path) -> None:
    """Write a puzzle file whole or not at all."""
    write_atomic(path, dumps_puzzle(pf))


def start_of(pf: PuzzleFile) -> Position:
    """The puzzle's start position."""
    return pf.puzzle.start
