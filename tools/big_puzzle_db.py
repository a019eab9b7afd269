"""A puzzle database of many rows, for timing the commands that read one (docs/benchmarks.md,
"Reading a puzzle database"): `python tools/big_puzzle_db.py out/5000.sqlite --rows 5000`.

Each row is a puzzle of the repository (puzzles/, the graded collection and the endgames, in
turn) under an id of its own (`x00000`, ...), stored as `generate --db` stores it, so that
`export`, `book` and `serve --check` read it as any database. Written with the standard
library's sqlite3 and the schema written out here, so that it can time an older checkout too.
"""

from __future__ import annotations

import argparse
import re
import sqlite3
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    key TEXT PRIMARY KEY, id TEXT NOT NULL, level TEXT, score INTEGER, techniques TEXT NOT NULL,
    optimum INTEGER, goal TEXT NOT NULL, horizon INTEGER NOT NULL, seed INTEGER, yaml TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_level ON puzzles (level, id);
"""


def main() -> None:
    """Write the database."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--rows", type=int, default=5000)
    args = parser.parse_args()
    texts = [p.read_text() for p in sorted((ROOT / "puzzles").rglob("*.yaml"))]
    texts = [t for t in texts if t.startswith("format: akrotiri-puzzle 1")]
    args.path.parent.mkdir(parents=True, exist_ok=True)
    args.path.unlink(missing_ok=True)
    with sqlite3.connect(args.path) as db:
        db.executescript(SCHEMA)
        for i in range(args.rows):
            ident = f"x{i:05d}"
            text = re.sub(r"^id: .*$", f"id: {ident}", texts[i % len(texts)], count=1, flags=re.M)
            row = (f"k{i}", ident, ("easy", "medium", "hard")[i % 3], 1, "", 3, "g", 1, 1, text)
            db.execute("INSERT INTO puzzles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
    print(f"{args.path}: {args.rows} puzzles from {len(texts)} files")


if __name__ == "__main__":
    main()
