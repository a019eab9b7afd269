"""A collection of puzzles (and lessons) read from directories or files, for the web page and the book.

Each YAML file says what it holds by its `format:` field: `akrotiri-puzzle 1` is a puzzle,
`akrotiri-lesson 1` a lesson (a text and an exercise that is a puzzle, docs/serve.md). Lessons
are read here only as far as the page shows them (title, texts, the exercise), so that the
collection does not depend on the teaching package. Puzzles may also come from a puzzle
database (`generate --db`, files/puzzle_db.py), read only, each at the level the database gives it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..common.errors import located
from ..common.files.yamlio import read_yaml
from ..components import Components
from ..errors import PuzzleError
from ..puzzle import Puzzle
from ..techniques import techniques
from .db_workers import checked_rows
from .puzzle_db import puzzle_key
from .puzzle_yaml import FORMAT as PUZZLE_FORMAT
from .puzzle_yaml import puzzle_from_data

GRADED = Path("puzzles") / "generated"
"""The graded collection in a clone of the project (relative to where a command runs): what
`book` (and the page) take when no puzzles are named. The hand-found p01-p10 are `puzzles/`."""

LESSON_FORMAT = "akrotiri-lesson 1"
LESSON_TEXTS = ("rule", "misreading", "task", "explanation")


@dataclass(frozen=True)
class Entry:
    """A puzzle of the collection and the file it came from."""

    puzzle: Puzzle
    source: str
    techniques: tuple[str, ...] | None = field(default=None, compare=False)
    """The techniques its solution uses, when the reader worked them out (techniques.py)."""


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


def read_database(path: Path, comps: Components) -> list[Entry]:
    """The puzzles of a puzzle database (`generate --db`), by id, each with the database's level
    as its difficulty. The file is opened read-only and read row by row (files/db_reader.py); a
    missing file, a file that is not SQLite, a database holding what generate --db does not
    make, or one without a puzzle raises a PuzzleError. A large database is read on worker
    processes (files/db_workers.py), with the same result."""
    entries = []
    # The techniques are worked out with the puzzle: on the workers too, for a large database.
    for row, puzzle, used in checked_rows(path, comps, also=techniques):
        if row.level:
            puzzle = replace(puzzle, difficulty=row.level)
        entries.append(Entry(puzzle, row.source, used))
    if not entries:
        raise PuzzleError(f"{path}: no puzzles in the database")
    return entries


def load_collection(paths: list[Path], comps: Components, databases: list[Path] | None = None) -> Collection:
    """Every puzzle in `databases` (puzzle databases) and every puzzle and lesson in `paths`
    (directories or files; a file named twice is read once, and a puzzle both in a database and
    in a file once); a source without a single puzzle raises a PuzzleError, as does an id given
    to two different puzzles or lessons."""
    puzzles: dict[str, Entry] = {}
    lessons: list[Lesson] = []
    seen: dict[str, str] = {}

    def take(key: str, source: str, entry: Entry | None = None) -> bool:
        """Whether to add what `source` holds under the id `key`: a puzzle also in an earlier
        source (the same position, goal and horizon) is taken once, from the first."""
        if key in seen:
            first = puzzles.get(key)
            if entry is not None and first is not None and puzzle_key(first.puzzle) == puzzle_key(entry.puzzle):
                return False
            raise PuzzleError(located(source, "id", f"{key!r} is also the id of {seen[key]}"))
        seen[key] = source
        return True

    for database in databases or []:
        for entry in read_database(database, comps):
            if take(entry.puzzle.id, entry.source, entry):
                puzzles[entry.puzzle.id] = entry
    read: set[Path] = set()
    for path in paths:
        found = 0
        for file in _files(path):
            found += 1
            if file.resolve() in read:  # named twice (a directory and one of its files): read once
                continue
            read.add(file.resolve())
            source = str(file)
            data = read_yaml(file, PuzzleError)
            found_format = data.get("format") if isinstance(data, dict) else None
            if isinstance(found_format, str) and found_format not in (PUZZLE_FORMAT, LESSON_FORMAT):
                raise PuzzleError(
                    located(
                        source,
                        "format",
                        f"expected {PUZZLE_FORMAT!r} (a puzzle) or {LESSON_FORMAT!r} (a lesson), got {found_format!r}",
                    )
                )
            if found_format == LESSON_FORMAT:
                lesson = _lesson(data, source, comps, file.parent)
                if take(lesson.id, source):
                    lessons.append(lesson)
            else:
                entry = Entry(puzzle_from_data(data, source, comps, file.parent), source)
                if take(entry.puzzle.id, source, entry):
                    puzzles[entry.puzzle.id] = entry
        if not found:
            raise PuzzleError(f"{path}: no puzzle files (*.yaml) here")
    if not puzzles:
        raise PuzzleError(f"{', '.join(map(str, paths))}: lessons only; the page needs at least one puzzle")
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return Collection(tuple(puzzles.values()), tuple(lessons))


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
