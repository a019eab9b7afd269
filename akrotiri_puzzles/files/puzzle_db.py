"""A puzzle database in SQLite (standard library `sqlite3`): one row per puzzle.

Each row holds what a puzzle maker sorts by (level, score, techniques proven necessary,
optimum, goal, horizon, seed) and the puzzle's YAML. The canonical key of the puzzle (its
position, goal and horizon) is unique: a puzzle already stored is skipped.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

from ..common.files.yamlio import dump_yaml
from ..components import Components
from ..errors import PuzzleError
from ..puzzle import Puzzle
from .position_yaml import position_to_data
from .puzzle_yaml import dumps_puzzle, loads_puzzle, revealed_to_data

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    key TEXT PRIMARY KEY,
    id TEXT NOT NULL,
    level TEXT,
    score INTEGER,
    techniques TEXT NOT NULL,
    optimum INTEGER,
    goal TEXT NOT NULL,
    horizon INTEGER NOT NULL,
    seed INTEGER,
    yaml TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_level ON puzzles (level, id);
"""


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


def _open(path: str | Path) -> sqlite3.Connection:
    try:
        db = sqlite3.connect(str(path))
        db.executescript(SCHEMA)
    except sqlite3.Error as exc:
        raise PuzzleError(f"{path}: not a puzzle database ({exc})") from None
    return db


def add_puzzles(path: str | Path, puzzles: list[Puzzle]) -> int:
    """Store puzzles in one transaction; those whose key is stored already are skipped.
    Returns how many were added."""
    added = 0
    with closing(_open(path)) as db, db:
        for p in puzzles:
            grade = p.grade
            row = (
                puzzle_key(p),
                p.id,
                grade.level if grade else p.difficulty,
                grade.score if grade else None,
                " ".join(n.technique for n in grade.necessary) if grade else "",
                p.optimum,
                p.goal.describe(),
                p.turns,
                p.certificate.seed if p.certificate else None,
                dumps_puzzle(p),
            )
            cur = db.execute("INSERT OR IGNORE INTO puzzles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            added += cur.rowcount
    return added


def read_puzzles(path: str | Path, comps: Components, level: str | None = None) -> Iterator[Puzzle]:
    """The stored puzzles (of one level, if given), by id."""
    if not Path(path).is_file():
        raise PuzzleError(f"{path}: no such database file")
    with closing(_open(path)) as db:
        query = "SELECT id, yaml FROM puzzles" + (" WHERE level = ?" if level else "") + " ORDER BY id"
        rows = db.execute(query, (level,) if level else ()).fetchall()
    for ident, text in rows:
        yield loads_puzzle(text, comps, f"{path}: puzzle {ident}")
