"""Reading a puzzle database that may come from a stranger: read-only, checked, streamed.

The file is opened read-only (never created or changed), its schema must be exactly what
`generate --db` makes (puzzle_db.py: no view, trigger, generated column or virtual table, so
no SQL of the stranger's choosing runs when a row is read), and SQLite itself refuses any value
longer than LIMIT_LENGTH. Rows are read one at a time in id order: each row's types and sizes
are checked in SQL (`typeof`, `length`) before the row itself is loaded, and only a few
hundred bytes per row (its rowid, its id cut short) are held to put the rows in order.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..common.errors import located, quote
from ..common.files.guard import MAX_BYTES
from ..common.files.yamlio import parse_yaml
from ..components import Components
from ..errors import PuzzleError
from ..puzzle import Puzzle
from .puzzle_db import BUSY_SECONDS, TABLE, check_schema, database_error, harden
from .puzzle_yaml import puzzle_from_data

MAX_ROWS = 100_000
"""Puzzles a database may hold to be read (generate makes at most 10,000 per run)."""
MAX_ID = 100
"""Characters of a puzzle id (as puzzle files allow)."""
MAX_LEVEL = 40
"""Characters of a level name."""
LIMIT_LENGTH = 4 * MAX_BYTES
"""Bytes of any one value SQLite will make or load on a reading connection (SQLITE_TOOBIG beyond):
rows of up to this are refused with their id; anything longer by SQLite itself."""
READ_COLUMNS = ("id", "level", "yaml")
"""The columns reading needs: a database without one of them is not a puzzle database."""

_ROW_CHECK = f"""
SELECT typeof(id), length(id), typeof(level), length(level), typeof(yaml), length(yaml)
FROM {TABLE} WHERE rowid = ?
"""
_SIZED = (
    f"typeof(id) = 'text' AND length(id) BETWEEN 1 AND {MAX_ID}"
    f" AND typeof(level) IN ('text', 'null') AND coalesce(length(level), 0) <= {MAX_LEVEL}"
    f" AND typeof(yaml) = 'text' AND length(yaml) <= {MAX_BYTES}"
)
_ROW = f"""
SELECT CASE WHEN {_SIZED} THEN 1 END, CASE WHEN {_SIZED} THEN id END,
       CASE WHEN {_SIZED} THEN level END, CASE WHEN {_SIZED} THEN yaml END
FROM {TABLE} WHERE rowid = ?
"""
"""A row's values in one step, each given only when SQL has found every one of them text of a
sensible size (else NULL: nothing is loaded, and `_checked_row` says what is wrong)."""


@dataclass(frozen=True)
class Row:
    """One stored puzzle, checked for size and type: its id and level as stored, its YAML."""

    id: str
    level: str | None
    yaml: str
    source: str
    """How messages name it: the file and the puzzle's id."""


def open_to_read(path: Path) -> sqlite3.Connection:
    """A read-only connection to the database at `path`, hardened (puzzle_db.harden) and with
    SQLite's length limit lowered; PuzzleError if it cannot be opened."""
    if not path.exists():
        raise PuzzleError(f"{path}: no such database file")
    if not path.is_file():
        raise PuzzleError(f"{path}: not a file (expected a puzzle database, FILE.sqlite)")
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_SECONDS)
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        raise database_error(path, exc) from None
    db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, LIMIT_LENGTH)
    db.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    try:
        harden(db)
        db.execute("PRAGMA query_only = ON")
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        db.close()
        raise database_error(path, exc) from None
    return db


def read_rows(path: Path, level: str | None = None) -> Iterator[Row]:
    """The stored puzzles (of one level, if given) in id order, one row at a time; PuzzleError
    for a database that cannot be read, holds what generate --db does not make, or a row whose
    id, level or YAML is not text of a sensible size (each named)."""
    with closing(open_to_read(path)) as db:
        try:
            columns = check_schema(db, path, empty_ok=False)
            missing = [c for c in READ_COLUMNS if c not in columns]
            if missing:
                raise PuzzleError(f"{path}: table {TABLE!r} has no column {missing[0]!r} (not made by generate --db)")
            (count,) = db.execute(f"SELECT count(*) FROM {TABLE}").fetchone()
            if count > MAX_ROWS:
                raise PuzzleError(f"{path}: {count:,} puzzles; a database may hold at most {MAX_ROWS:,}")
            # Only the rowid and the id cut short are sorted: a stranger's long ids cost nothing.
            where = " WHERE level = ?" if level is not None else ""
            order = f"SELECT rowid FROM {TABLE}{where} ORDER BY substr(id, 1, {MAX_ID + 1}), rowid"
            rowids = [r for (r,) in db.execute(order, (level,) if level is not None else ())]
            for rowid in rowids:
                row = _checked_row(db, path, rowid)
                if row is not None:
                    yield row
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise database_error(path, exc) from None


def _checked_row(db: sqlite3.Connection, path: Path, rowid: int) -> Row | None:
    """The row, loaded only once SQL says its values are text of a sensible size (None: it was
    deleted since the rows were put in order)."""
    try:
        found = db.execute(_ROW, (rowid,)).fetchone()
    except sqlite3.OperationalError as exc:
        if "decode" not in str(exc):
            raise
        found = None  # text that is not UTF-8: the steps below name the value
    if found is not None and found[0] == 1:
        ident, level, text = found[1:]
        return Row(ident, level, text, _source(path, ident))
    # Something is wrong with the row, or it is gone: the same checks one value at a time.
    sizes = db.execute(_ROW_CHECK, (rowid,)).fetchone()
    if sizes is None:
        return None
    id_type, id_length, level_type, level_length, yaml_type, yaml_length = sizes
    where = f"{path}: row {rowid}"
    if id_type != "text" or not 1 <= id_length <= MAX_ID:
        raise PuzzleError(located(where, "id", f"expected text of 1 to {MAX_ID} characters, got {_kind(sizes[:2])}"))
    (ident,) = _text(db, f"SELECT id FROM {TABLE} WHERE rowid = ?", rowid, located(where, "id", "not UTF-8 text"))
    source = _source(path, ident)
    if level_type not in ("text", "null") or (level_length or 0) > MAX_LEVEL:
        raise PuzzleError(
            located(source, "level", f"expected text of at most {MAX_LEVEL} characters, got {_kind(sizes[2:4])}")
        )
    if yaml_type != "text" or yaml_length > MAX_BYTES:
        raise PuzzleError(
            located(
                source, "yaml", f"expected the puzzle's YAML, at most {MAX_BYTES:,} characters, got {_kind(sizes[4:])}"
            )
        )
    bad = located(source, "level or yaml", "not UTF-8 text")
    level, text = _text(db, f"SELECT level, yaml FROM {TABLE} WHERE rowid = ?", rowid, bad)
    return Row(ident, level, text, source)


def _source(path: Path, ident: str) -> str:
    """How messages name a row: the file and the puzzle's id."""
    return f"{path}: puzzle {quote(ident) if not ident.isprintable() else ident}"


def _text(db: sqlite3.Connection, query: str, rowid: int, bad: str) -> tuple[Any, ...]:
    """A row's values; PuzzleError `bad` when SQLite holds text that is not UTF-8."""
    try:
        row: tuple[Any, ...] = db.execute(query, (rowid,)).fetchone()
    except sqlite3.OperationalError as exc:
        if "decode" in str(exc):
            raise PuzzleError(bad) from None
        raise
    return row


def _kind(typed: tuple[Any, ...]) -> str:
    kind, length = typed
    if kind == "null":
        return "nothing (NULL)"
    what = {"text": "text", "blob": "a blob", "integer": "a number", "real": "a number"}.get(kind, kind)
    return f"{what} of {length:,} characters" if kind == "text" else f"{what} of {length:,} bytes"


def row_puzzle(row: Row, comps: Components) -> Puzzle:
    """The puzzle a row holds. Its position must be inline: a row naming a position file would
    make the reader open a file of the stranger's choosing on this machine."""
    data = parse_yaml(row.yaml, row.source, PuzzleError)
    if isinstance(data, dict) and "position" in data and not isinstance(data["position"], dict):
        raise PuzzleError(located(row.source, "position", "a stored puzzle holds its position inline, not a file name"))
    return puzzle_from_data(data, row.source, comps)


def read_puzzles(path: str | Path, comps: Components, level: str | None = None) -> Iterator[Puzzle]:
    """The stored puzzles (of one level, if given), by id, one at a time."""
    for row in read_rows(Path(path), level):
        yield row_puzzle(row, comps)
