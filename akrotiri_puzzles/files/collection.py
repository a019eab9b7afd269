"""A collection of puzzles (and lessons) read from directories or files, for the web page and the book.

Each YAML file says what it holds by its `format:` field: `akrotiri-puzzle 1` is a puzzle,
`akrotiri-lesson 1` a lesson (a text and an exercise that is a puzzle, docs/serve.md). Lessons
are read here only as far as the page shows them (title, texts, the exercise), so that the
collection does not depend on the teaching package.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..components import Components
from ..errors import PuzzleError, located
from ..puzzle import Puzzle
from .puzzle_yaml import puzzle_from_data
from .yamlio import read_yaml

LESSON_FORMAT = "akrotiri-lesson 1"
LESSON_TEXTS = ("rule", "misreading", "task", "explanation")


@dataclass(frozen=True)
class Entry:
    """A puzzle of the collection and the file it came from."""

    puzzle: Puzzle
    source: str


@dataclass(frozen=True)
class Lesson:
    """A lesson: its title and texts, and its exercise (a puzzle)."""

    id: str
    title: str
    order: int
    texts: tuple[tuple[str, str], ...]
    """(field, text) for each of LESSON_TEXTS the file has."""
    exercise: Entry


@dataclass(frozen=True)
class Collection:
    """Puzzles and lessons, in the order of their files."""

    puzzles: tuple[Entry, ...]
    lessons: tuple[Lesson, ...] = ()


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    if path.exists():
        return [path]
    raise PuzzleError(f"{path}: no such file or directory")


def load_collection(paths: list[Path], comps: Components) -> Collection:
    """Every puzzle and lesson in `paths` (directories or files); a source without a single
    puzzle raises a PuzzleError, as does a duplicate id."""
    puzzles: list[Entry] = []
    lessons: list[Lesson] = []
    seen: dict[str, str] = {}
    for path in paths:
        found = 0
        for file in _files(path):
            source = str(file)
            data = read_yaml(file, PuzzleError)
            if isinstance(data, dict) and data.get("format") == LESSON_FORMAT:
                lesson = _lesson(data, source, comps, file.parent)
                key = lesson.id
                lessons.append(lesson)
            else:
                entry = Entry(puzzle_from_data(data, source, comps, file.parent), source)
                key = entry.puzzle.id
                puzzles.append(entry)
            if key in seen:
                raise PuzzleError(located(source, "id", f"{key!r} is also the id of {seen[key]}"))
            seen[key] = source
            found += 1
        if not found:
            raise PuzzleError(f"{path}: no puzzle files (*.yaml) here")
    if not puzzles:
        raise PuzzleError(f"{', '.join(map(str, paths))}: lessons only; the page needs at least one puzzle")
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return Collection(tuple(puzzles), tuple(lessons))


def _lesson(data: dict[str, Any], source: str, comps: Components, base: Path) -> Lesson:
    def text(field: str) -> str:
        value = data.get(field, "")
        if not isinstance(value, str):
            raise PuzzleError(located(source, field, "expected text"))
        return value

    exercise = data.get("exercise")
    if not isinstance(exercise, dict):
        raise PuzzleError(located(source, "exercise", "expected a puzzle (a mapping)"))
    puzzle = puzzle_from_data(exercise, f"{source}: exercise", comps, base)
    order = data.get("order", 0)
    texts = tuple((f, text(f)) for f in LESSON_TEXTS if text(f))
    return Lesson(
        id=puzzle.id,
        title=text("title") or puzzle.title or puzzle.id,
        order=order if isinstance(order, int) else 0,
        texts=texts,
        exercise=Entry(puzzle, source),
    )
