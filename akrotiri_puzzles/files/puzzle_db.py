"""A puzzle database in SQLite (standard library `sqlite3`): one row per puzzle.

Each row holds what a puzzle maker sorts by (level, score, techniques proven necessary,
optimum, goal, horizon, seed, themes) and the puzzle's YAML. The canonical key of the puzzle (its
position, goal and horizon) is unique: a puzzle already stored is skipped; so is a puzzle whose
starting position (the `position` column, `position_key`) a stored puzzle has.

The schema is COLUMNS and the one index below, nothing else: a database holding anything this
code did not make (a view, a trigger, a generated column, a virtual table, a column it does not
know) is refused before a row is read, since each of those runs SQL of the stranger's choosing
when the table is read or written (docs/hardening.md). Reading is db_reader.py's.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable
from contextlib import closing
from pathlib import Path

from ..common.files.yamlio import dump_yaml
from ..errors import PuzzleError
from ..position import Position
from ..puzzle import Puzzle
from ..themes import recorded_themes
from .position_yaml import position_to_data
from .puzzle_yaml import dumps_puzzle, revealed_to_data

COLUMNS: tuple[tuple[str, str], ...] = (
    ("key", "TEXT PRIMARY KEY"),
    ("id", "TEXT NOT NULL"),
    ("level", "TEXT"),
    ("score", "INTEGER"),
    ("techniques", "TEXT NOT NULL"),
    ("optimum", "INTEGER"),
    ("goal", "TEXT NOT NULL"),
    ("horizon", "INTEGER NOT NULL"),
    ("seed", "INTEGER"),
    ("yaml", "TEXT NOT NULL"),
    ("position", "TEXT"),
    ("themes", "TEXT"),
)
"""The puzzles table, column by column. A column added later is one line here (without NOT NULL,
or with a DEFAULT, so that an older database gains it by ALTER TABLE) and its value in `_row`."""
TABLE = "puzzles"
INDEX = ("puzzles_level", ("level", "id"))
"""The one index this code makes: its name and columns."""

SCHEMA = (
    f"CREATE TABLE IF NOT EXISTS {TABLE} (\n    "
    + ",\n    ".join(f"{name} {kind}" for name, kind in COLUMNS)
    + f"\n);\nCREATE INDEX IF NOT EXISTS {INDEX[0]} ON {TABLE} ({', '.join(INDEX[1])});\n"
)

BUSY_SECONDS = 5.0
"""How long to wait for another program's write lock before saying the database is locked."""


def puzzle_key(puzzle: Puzzle) -> str:
    """The canonical key of a puzzle: a hash of its position, goal, horizon and premise as
    written (a premise that reveals nothing is left out: such a puzzle keeps the key it had
    before premises were written)."""
    data: dict[str, object] = {
        "position": position_to_data(puzzle.start),
        "goal": [puzzle.goal.temples, puzzle.goal.map_card],
        "horizon": puzzle.turns,
    }
    if puzzle.revealed:
        data["revealed"] = revealed_to_data(puzzle.revealed)
    return hashlib.sha256(dump_yaml(data).encode()).hexdigest()[:32]


def position_key(position: Position) -> str:
    """The key of a puzzle's starting position alone (its goal, horizon and premise left out):
    two puzzles of a collection or a database never share one (issue 30: each position once)."""
    return hashlib.sha256(dump_yaml(position_to_data(position)).encode()).hexdigest()[:32]


def database_error(path: str | Path, exc: sqlite3.Error | UnicodeDecodeError) -> PuzzleError:
    """An SQLite failure as one line: a lock held by another program is said as such, not as a
    file that is not a puzzle database."""
    if isinstance(exc, UnicodeDecodeError):  # a damaged file: SQLite's own message is not UTF-8
        return PuzzleError(f"{path}: not a puzzle database (damaged: SQLite reports text that is not UTF-8)")
    name = getattr(exc, "sqlite_errorname", "")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return PuzzleError(
            f"{path}: the database is locked by another program (a generate --db still writing?); "
            "try again when it has finished"
        )
    if name == "SQLITE_TOOBIG":
        return PuzzleError(f"{path}: a value in the database is too large to be a puzzle's (SQLite: {exc})")
    return PuzzleError(f"{path}: not a puzzle database ({exc})")


def harden(db: sqlite3.Connection) -> None:
    """Settings of every connection to a database from a stranger: no SQL function with side
    effects runs from the schema, and the page cache is bounded whatever the file's header says."""
    db.execute("PRAGMA trusted_schema = OFF")
    db.execute("PRAGMA cache_size = -16000")


def check_schema(db: sqlite3.Connection, path: str | Path, empty_ok: bool) -> set[str]:
    """Refuse (PuzzleError) a database holding anything this code does not make; return the
    columns the puzzles table has. `empty_ok`: a database without the table is fine (to write)."""
    known = {name for name, _ in COLUMNS}
    objects = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    if not empty_ok and not any(name == TABLE for _, name, _, _ in objects):
        raise PuzzleError(f"{path}: no table {TABLE!r} (not a puzzle database made by generate --db)")
    for kind, name, table, sql in objects:
        ours = (
            (kind == "table" and name == TABLE)
            or (kind == "index" and table == TABLE and (name == INDEX[0] or name.startswith("sqlite_autoindex_")))
            or (kind == "table" and name.startswith("sqlite_stat"))  # ANALYZE's statistics
        )
        if not ours:
            raise PuzzleError(f"{path}: holds a {kind} {name!r:.60} that generate --db does not make; refused")
        if kind == "table" and name == TABLE and isinstance(sql, str) and "VIRTUAL" in sql.upper().split("(")[0]:
            raise PuzzleError(f"{path}: the table {TABLE!r} is a virtual table; refused")
    if not any(kind == "table" and name == TABLE for kind, name, _, _ in objects):
        return set()
    columns = set()
    for row in db.execute(f"PRAGMA table_xinfo({TABLE})"):
        name, hidden = row[1], row[6]
        if hidden:
            raise PuzzleError(f"{path}: column {name!r:.60} of {TABLE!r} is computed (a generated column); refused")
        if name not in known:
            raise PuzzleError(f"{path}: column {name!r:.60} of {TABLE!r} is not one generate --db makes; refused")
        columns.add(name)
    if "id" in columns:
        index_columns = tuple(row[2] for row in db.execute(f"PRAGMA index_info({INDEX[0]})"))
        if index_columns and index_columns != INDEX[1]:
            raise PuzzleError(f"{path}: index {INDEX[0]!r} is not the one generate --db makes; refused")
    return columns


def _open_to_write(path: str | Path) -> sqlite3.Connection:
    """The database, made if missing, checked and brought up to COLUMNS."""
    try:
        db = sqlite3.connect(str(path), timeout=BUSY_SECONDS)
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        raise database_error(path, exc) from None
    try:
        harden(db)
        have = check_schema(db, path, empty_ok=True)
        db.executescript(SCHEMA)
        for name, kind in COLUMNS:
            if have and name not in have:  # an older database: the column added since
                db.execute(f"ALTER TABLE {TABLE} ADD COLUMN {name} {kind}")
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        db.close()
        raise database_error(path, exc) from None
    except PuzzleError:
        db.close()
        raise
    return db


def _row(puzzle: Puzzle) -> dict[str, object]:
    grade = puzzle.grade
    return {
        "key": puzzle_key(puzzle),
        "id": puzzle.id,
        "level": grade.level if grade else puzzle.difficulty,
        "score": grade.score if grade else None,
        "techniques": " ".join(n.technique for n in grade.necessary) if grade else "",
        "optimum": puzzle.optimum,
        "goal": puzzle.goal.describe(),
        "horizon": puzzle.turns,
        "seed": puzzle.certificate.seed if puzzle.certificate else None,
        "yaml": dumps_puzzle(puzzle),
        "position": position_key(puzzle.start),
        "themes": " ".join(recorded_themes(puzzle)) if puzzle.solution is not None or puzzle.grade else None,
    }


def add_puzzles(path: str | Path, puzzles: Iterable[Puzzle]) -> int:
    """Store puzzles in one transaction; those whose key is stored already are skipped, and so
    are those whose starting position a stored puzzle has (each position once, across levels
    and runs; rows stored before the position column have none and are not matched).
    Returns how many were added."""
    names = [name for name, _ in COLUMNS]
    insert = f"INSERT OR IGNORE INTO {TABLE} ({', '.join(names)}) VALUES ({', '.join(':' + n for n in names)})"
    added = 0
    with closing(_open_to_write(path)) as db:
        try:
            with db:
                for p in puzzles:
                    row = _row(p)
                    if db.execute(f"SELECT 1 FROM {TABLE} WHERE position = ?", (row["position"],)).fetchone():
                        continue
                    added += db.execute(insert, row).rowcount
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise database_error(path, exc) from None
    return added
