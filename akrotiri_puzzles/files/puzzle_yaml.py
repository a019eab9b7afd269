"""Puzzle files: id, title, the position (inline or by path), goal, horizon and what is known
of the answer (docs/formats.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..components import Components
from ..errors import NotationError, PositionError, PuzzleError, located
from ..notation import format_action, parse_action
from ..puzzle import Certificate, Goal, Puzzle, validate
from .position_yaml import load_position, position_from_data, position_to_data
from .yamlio import dump_yaml, parse_yaml, read_yaml, validated_document, write_atomic

FORMAT = "akrotiri-puzzle 1"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GoalModel(_Model):
    temples: int = Field(default=1, ge=1, le=6)
    map: str | None = None


class CertificateModel(_Model):
    optimum: int = Field(ge=0)
    status: str
    below_optimum: str
    unique: bool | None = None
    solver: str
    components: str
    seed: int | None = None


class PuzzleModel(_Model):
    format: str = FORMAT
    id: str
    title: str = ""
    goal: GoalModel = Field(default_factory=GoalModel)
    horizon: int = Field(default=1, ge=1, le=2, description="turns")
    position: dict[str, Any] | str
    solution: list[str] | str | None = None
    optimum: int | None = Field(default=None, ge=0)
    difficulty: str | None = None
    certificate: CertificateModel | None = None


def puzzle_from_data(data: Any, source: str, comps: Components, base: Path | None = None) -> Puzzle:
    """Build a puzzle from parsed YAML; a position given by path is read relative to `base`."""
    m = validated_document(data, source, PuzzleModel, PuzzleError, FORMAT, "puzzle")
    try:
        if isinstance(m.position, str):
            path = (base or Path(".")) / m.position
            start = load_position(path, comps)
        else:
            start = position_from_data(m.position, f"{source}: position", comps)
    except PositionError as exc:
        raise PuzzleError(str(exc)) from None
    solution = None
    if m.solution is not None:
        texts = [p for p in m.solution.split(";")] if isinstance(m.solution, str) else m.solution
        actions = []
        for i, text in enumerate(t for t in texts if t.strip()):
            try:
                actions.append(parse_action(text))
            except NotationError as exc:
                raise PuzzleError(located(source, f"solution.{i}", str(exc))) from None
        solution = tuple(actions)
    if m.goal.map is not None and m.goal.map not in comps.map:
        raise PuzzleError(located(source, "goal.map", f"unknown map card {m.goal.map!r}"))
    certificate = None
    if m.certificate is not None:
        c = m.certificate
        certificate = Certificate(c.optimum, c.status, c.below_optimum, c.unique, c.solver, c.components, c.seed)
    puzzle = Puzzle(
        id=m.id,
        start=start,
        goal=Goal(m.goal.temples, m.goal.map),
        turns=m.horizon,
        title=m.title,
        solution=solution,
        optimum=m.optimum,
        difficulty=m.difficulty,
        certificate=certificate,
    )
    return validate(puzzle, source)


def load_puzzle(path: str | Path, comps: Components) -> Puzzle:
    """Read a puzzle file."""
    path = Path(path)
    return puzzle_from_data(read_yaml(path, PuzzleError), str(path), comps, path.parent)


def loads_puzzle(text: str, comps: Components, source: str = "<text>") -> Puzzle:
    """Read a puzzle from YAML text."""
    return puzzle_from_data(parse_yaml(text, source, PuzzleError), source, comps)


def puzzle_to_data(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as plain data in file order, its position inline."""
    goal: dict[str, Any] = {"temples": puzzle.goal.temples}
    if puzzle.goal.map_card is not None:
        goal["map"] = puzzle.goal.map_card
    out: dict[str, Any] = {
        "format": FORMAT,
        "id": puzzle.id,
        "title": puzzle.title,
        "goal": goal,
        "horizon": puzzle.turns,
    }
    if puzzle.optimum is not None:
        out["optimum"] = puzzle.optimum
    if puzzle.difficulty is not None:
        out["difficulty"] = puzzle.difficulty
    if puzzle.solution is not None:
        out["solution"] = [format_action(a) for a in puzzle.solution]
    if puzzle.certificate is not None:
        c = puzzle.certificate
        out["certificate"] = {
            "optimum": c.optimum,
            "status": c.status,
            "below_optimum": c.below_optimum,
            "unique": c.unique,
            "solver": c.solver,
            "components": c.components,
            "seed": c.seed,
        }
    out["position"] = position_to_data(puzzle.start)
    return out


def dumps_puzzle(puzzle: Puzzle) -> str:
    """The puzzle as YAML text."""
    return dump_yaml(puzzle_to_data(puzzle))


def save_puzzle(puzzle: Puzzle, path: str | Path) -> None:
    """Write a puzzle file, whole or not at all."""
    write_atomic(path, dumps_puzzle(puzzle))
