"""Lesson files: a puzzle (the exercise, in the puzzle file format) plus the lesson's text, the
picture's marks, the misreading lines and where the position came from (docs/teaching.md).

Reading validates every field with pydantic, then the lesson against its position (docks and
sites exist, lines parse); every failure is one LessonError naming the file and the dotted field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..actions import Action
from ..board import Board
from ..common.errors import located, quote
from ..common.files.yamlio import dump_yaml, parse_yaml, read_yaml, validated_document, write_atomic
from ..components import EDITIONS, Components
from ..errors import NotationError, PuzzleError
from ..geometry import SEATS, format_quad, parse_quad
from ..notation import format_action, parse_action
from ..teaching.lesson import (
    MARK_KINDS,
    OUTCOMES,
    RULE_ID,
    Lesson,
    LessonError,
    Mark,
    Misreading,
    Origin,
    picture_start,
)
from .puzzle_yaml import puzzle_from_data, puzzle_to_data

FORMAT = "akrotiri-lesson 1"

REGIONS = ("above", "below", "left", "right")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MarkModel(_Model):
    kind: Literal["dock", "site", "icon", "island", "above", "below", "left", "right", "quarter"]
    label: str = ""
    dock: str | None = None
    site: str | None = None
    seat: Literal["south", "north"] | None = None
    quarter: Literal["NE", "NW", "SE", "SW"] | None = None


class MisreadingModel(_Model):
    says: str = Field(min_length=1)
    line: list[str] | str
    outcome: Literal["illegal", "dearer", "short", "scores less"]
    rule: str | None = None


class OriginModel(_Model):
    seed: int
    edition: Literal[2016, 2014] = 2016
    how: str = ""
    line: list[str] | str


class LessonModel(_Model):
    format: str = FORMAT
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str = Field(min_length=1)
    order: int = 0
    rules: list[str] = Field(min_length=1)
    rule: str = Field(min_length=1)
    misreading: str = Field(min_length=1)
    task: str = ""
    explanation: str = ""
    goal_card: str | None = None
    marks: list[MarkModel] = Field(default_factory=list)
    misreadings: list[MisreadingModel] = Field(min_length=1)
    origin: OriginModel
    exercise: dict[str, Any]


def _line(source: str, field: str, value: list[str] | str) -> tuple[Action, ...]:
    """A line written as a list of actions or one string of actions separated by ';'."""
    texts = value.split(";") if isinstance(value, str) else value
    out = []
    for i, text in enumerate(t for t in texts if t.strip()):
        try:
            out.append(parse_action(text))
        except NotationError as exc:
            raise LessonError(located(source, f"{field}.{i}", str(exc))) from None
    if not out:
        raise LessonError(located(source, field, "no actions"))
    return tuple(out)


def _mark(source: str, field: str, m: MarkModel, board: Board) -> Mark:
    """A mark checked against the board of the lesson's picture (teaching.picture_start): its
    dock exists, its site holds land."""

    def need(name: str, value: object) -> None:
        if value is None:
            raise LessonError(located(source, f"{field}.{name}", f"a {m.kind} mark needs a {name}"))

    if m.kind == "dock":
        need("dock", m.dock)
        assert m.dock is not None
        if m.dock not in board.docks:
            raise LessonError(located(source, f"{field}.dock", f"no dock {m.dock} on the exercise's board"))
        return Mark("dock", m.label, dock=m.dock)
    if m.kind == "quarter":
        need("quarter", m.quarter)
        return Mark("quarter", m.label, quarter=m.quarter)
    need("site", m.site)
    assert m.site is not None
    quad = parse_quad(m.site)
    if quad is None:
        raise LessonError(located(source, f"{field}.site", f"expected a quadrant like 1,-2NE, got {m.site!r}"))
    if m.kind in ("site", "island") and board.island_at(quad) is None:
        raise LessonError(located(source, f"{field}.site", f"quadrant {m.site} holds no land"))
    if m.kind == "icon" and quad not in dict(board.icons):
        raise LessonError(located(source, f"{field}.site", f"quadrant {m.site} shows no icon"))
    if m.kind in REGIONS:
        need("seat", m.seat)
    return Mark(m.kind, m.label, quad=quad, seat=m.seat)


def lesson_from_data(data: Any, source: str, comps: Components, base: Path | None = None) -> Lesson:
    """Build a lesson from parsed YAML."""
    m = validated_document(data, source, LessonModel, LessonError, FORMAT, "lesson")
    for i, rule in enumerate(m.rules):
        if not RULE_ID.fullmatch(rule):
            raise LessonError(located(source, f"rules.{i}", f"expected a rule ID like R-MOVE-3, got {quote(rule)}"))
    exercise = dict(m.exercise)
    exercise.setdefault("id", m.id)
    try:
        puzzle = puzzle_from_data(exercise, f"{source}: exercise", comps, base)
    except PuzzleError as exc:
        raise LessonError(str(exc)) from None
    if puzzle.solution is None:
        raise LessonError(located(source, "exercise.solution", "a lesson's exercise must carry its answer"))
    if puzzle.optimum is None and puzzle.certificate is None:
        raise LessonError(located(source, "exercise.optimum", "a lesson's exercise must state its optimum"))
    if m.goal_card is not None and m.goal_card not in comps.goal:
        raise LessonError(located(source, "goal_card", f"unknown goal card {m.goal_card!r}"))
    misreadings = []
    for i, mm in enumerate(m.misreadings):
        field = f"misreadings.{i}"
        if mm.outcome == "illegal" and (mm.rule is None or not RULE_ID.fullmatch(mm.rule)):
            raise LessonError(located(source, f"{field}.rule", "an illegal line names the rule its reason gives"))
        misreadings.append(Misreading(mm.says, _line(source, f"{field}.line", mm.line), mm.outcome, mm.rule))
    origin = Origin(m.origin.seed, m.origin.edition, _line(source, "origin.line", m.origin.line), m.origin.how)
    if origin.edition != puzzle.start.edition:
        raise LessonError(
            located(source, "origin.edition", f"{origin.edition} is not the exercise's edition {puzzle.start.edition}")
        )
    board = picture_start(puzzle)[0].board
    marks = tuple(_mark(source, f"marks.{i}", mk, board) for i, mk in enumerate(m.marks))
    return Lesson(
        id=m.id,
        title=m.title,
        order=m.order,
        rules=tuple(m.rules),
        rule=m.rule.strip(),
        misreading=m.misreading.strip(),
        exercise=puzzle,
        misreadings=tuple(misreadings),
        origin=origin,
        marks=marks,
        task=m.task.strip(),
        explanation=m.explanation.strip(),
        goal_card=m.goal_card,
    )


def load_lesson(path: str | Path, comps: Components) -> Lesson:
    """Read a lesson file."""
    path = Path(path)
    return lesson_from_data(read_yaml(path, LessonError), str(path), comps, path.parent)


def loads_lesson(text: str, comps: Components, source: str = "<text>") -> Lesson:
    """Read a lesson from YAML text."""
    return lesson_from_data(parse_yaml(text, source, LessonError), source, comps)


def load_lessons(directory: str | Path, comps: Components) -> tuple[Lesson, ...]:
    """Every lesson file (`*.yaml`) of a directory, in course order; ids must be unique."""
    directory = Path(directory)
    if not directory.is_dir():
        raise LessonError(located(str(directory), "", "no such directory of lessons"))
    lessons = [load_lesson(p, comps) for p in sorted(directory.glob("*.yaml"))]
    seen: dict[str, str] = {}
    for path, lesson in zip(sorted(directory.glob("*.yaml")), lessons, strict=True):
        if lesson.id in seen:
            raise LessonError(located(str(path), "id", f"{lesson.id!r} is also the id of {seen[lesson.id]}"))
        seen[lesson.id] = str(path)
    if not lessons:
        raise LessonError(located(str(directory), "", "holds no lesson files (*.yaml)"))
    return tuple(sorted(lessons, key=lambda le: (le.order, le.id)))


def _mark_data(mark: Mark) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": mark.kind}
    if mark.dock is not None:
        out["dock"] = mark.dock
    if mark.quad is not None:
        out["site"] = format_quad(mark.quad)
    if mark.seat is not None:
        out["seat"] = mark.seat
    if mark.quarter is not None:
        out["quarter"] = mark.quarter
    out["label"] = mark.label
    return out


def lesson_to_data(lesson: Lesson) -> dict[str, Any]:
    """The lesson as plain data in file order, its exercise a whole puzzle."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "id": lesson.id,
        "title": lesson.title,
        "order": lesson.order,
        "rules": list(lesson.rules),
        "rule": lesson.rule,
        "misreading": lesson.misreading,
    }
    if lesson.task:
        out["task"] = lesson.task
    if lesson.explanation:
        out["explanation"] = lesson.explanation
    if lesson.goal_card is not None:
        out["goal_card"] = lesson.goal_card
    out["marks"] = [_mark_data(mk) for mk in lesson.marks]
    out["misreadings"] = []
    for mr in lesson.misreadings:
        item: dict[str, Any] = {"says": mr.says, "line": [format_action(a) for a in mr.line], "outcome": mr.outcome}
        if mr.rule is not None:
            item["rule"] = mr.rule
        out["misreadings"].append(item)
    out["origin"] = {
        "seed": lesson.origin.seed,
        "edition": lesson.origin.edition,
        "how": lesson.origin.how,
        "line": [format_action(a) for a in lesson.origin.line],
    }
    out["exercise"] = puzzle_to_data(lesson.exercise)
    return out


def dumps_lesson(lesson: Lesson) -> str:
    """The lesson as YAML text."""
    return dump_yaml(lesson_to_data(lesson))


def save_lesson(lesson: Lesson, path: str | Path) -> None:
    """Write a lesson file, whole or not at all."""
    write_atomic(path, dumps_lesson(lesson))


__all__ = [
    "EDITIONS",
    "FORMAT",
    "MARK_KINDS",
    "OUTCOMES",
    "SEATS",
    "dumps_lesson",
    "lesson_from_data",
    "lesson_to_data",
    "load_lesson",
    "load_lessons",
    "loads_lesson",
    "save_lesson",
]
