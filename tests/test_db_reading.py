"""A puzzle database from a stranger (issue 32, points 4, 9 and 11): read-only everywhere but
`generate --db`, its schema exactly what generate --db makes (no generated column, view,
trigger, virtual table or unknown column), every row's sizes checked in SQL before the row is
loaded, rows read one at a time, and a locked database said to be locked."""

from __future__ import annotations

import hashlib
import resource
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from akrotiri_puzzles.errors import PuzzleError
from akrotiri_puzzles.files.puzzle_db import SCHEMA, add_puzzles
from akrotiri_puzzles.files.puzzle_yaml import dumps_puzzle, load_puzzle

from .conftest import ROOT, one_line_error

P01 = ROOT / "puzzles" / "p01.yaml"
COMMANDS = {
    "export": lambda db, tmp: ["export", "--db", db, "--out", tmp / "out"],
    "book": lambda db, tmp: ["book", "--db", db, "--html", tmp / "book"],
    "serve": lambda db, tmp: ["serve", "--port", "0", "--check", "--db", db],
}
MEMORY = 700 * 1024 * 1024
"""Address space each command gets here: a database that makes SQLite build a huge value must be
refused long before it."""


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _start(*args: object) -> subprocess.Popen[str]:
    """The command line started in a child capped as `_run`'s, not waited for."""
    return subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_cap,
    )


def _run(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command line in a child whose address space is capped at MEMORY."""
    return subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=_cap,
        cwd=cwd,
    )


def _p01_text(ident: str = "p01") -> str:
    return dumps_puzzle(replace(load_puzzle(P01, _comps()), id=ident))


def _comps():
    from akrotiri_puzzles import load_components

    return load_components()


def _made(path: Path, schema: str, rows: int = 2, base: str = "yaml") -> Path:
    """A database of `schema` (SQL), with `rows` copies of p01 put into its table `puzzles`, the
    puzzle's text in column `base` and the other columns it has that generate --db makes filled."""
    with sqlite3.connect(path) as db:
        db.executescript(schema)
        columns = {row[1] for row in db.execute("PRAGMA table_info(puzzles)")}
        for i in range(rows):
            values = {"key": f"k{i}", "id": f"p{i}", "level": "easy", "techniques": "", "goal": "g", "horizon": 1}
            values[base] = _p01_text(f"p{i}")
            names = [n for n in values if n in columns]
            db.execute(
                f"INSERT INTO puzzles ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                [values[n] for n in names],
            )
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


HOSTILE = {
    # Point 4: a 12 KB file whose yaml SQLite makes on every read: 2.7 GB before.
    "generated-virtual": (
        "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT NOT NULL, level TEXT, goal TEXT,"
        " yaml TEXT GENERATED ALWAYS AS (goal || printf('%.*c', 400000000, ' ')) VIRTUAL);",
        "computed (a generated column)",
    ),
    "generated-stored": (
        "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT NOT NULL, level TEXT, goal TEXT,"
        " yaml TEXT GENERATED ALWAYS AS (goal) STORED);",
        "computed (a generated column)",
    ),
    "view": (
        "CREATE VIEW puzzles AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
        " SELECT 'k' || i AS key, 'p' || i AS id, 'easy' AS level, printf('%.*c', 900000, 'x') AS yaml FROM n;",
        "holds a view 'puzzles'",
    ),
    "trigger": (
        SCHEMA + "CREATE TRIGGER spy AFTER INSERT ON puzzles BEGIN DELETE FROM puzzles; END;",
        "holds a trigger 'spy'",
    ),
    "unknown-column": (
        "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT NOT NULL, level TEXT, yaml TEXT, secret TEXT);",
        "column 'secret' of 'puzzles' is not one generate --db makes",
    ),
    "virtual-table": ("CREATE VIRTUAL TABLE puzzles USING fts5(key, id, level, yaml);", "refused"),
}


def _hostile(tmp_path: Path, name: str) -> Path:
    schema, _ = HOSTILE[name]
    # One row where SQLite computes a 400 MB value for each row written (about 1.3 s of CPU a
    # row): one such row already makes a reader that reads the column build it.
    rows = 0 if name == "view" else 1 if name == "generated-virtual" else 3
    return _made(tmp_path / f"{name}.sqlite", schema, rows, "goal" if name.startswith("generated") else "yaml")


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_database_holding_what_generate_does_not_make_is_refused_by_every_reader(tmp_path, name):
    """Point 4: generated columns, views, triggers, virtual tables, unknown columns: refused by
    export, book and serve --check alike, one line, exit status 2, the file unchanged."""
    path = _hostile(tmp_path, name)
    before = _digest(path)
    for command, args in COMMANDS.items():
        line = one_line_error(_run(*args(path, tmp_path)), str(path))
        assert HOSTILE[name][1] in line, (command, line)
    assert _digest(path) == before
    assert not (tmp_path / "out").exists() and not (tmp_path / "book").exists()


def test_generate_db_refuses_to_write_into_a_database_with_a_trigger(tmp_path):
    """Writing runs triggers: add_puzzles refuses the database before its first INSERT."""
    path = _hostile(tmp_path, "trigger")
    before = _digest(path)
    with pytest.raises(PuzzleError, match="holds a trigger 'spy'"):
        add_puzzles(path, [replace(load_puzzle(P01, _comps()), id="new")])
    assert _digest(path) == before


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "printf('%.*c', 2000000, 'x')",
            "yaml: expected the puzzle's YAML, at most 1,048,576 characters, got text of 2,000,000 characters",
        ),
        ("zeroblob(3000)", "yaml: expected the puzzle's YAML, at most 1,048,576 characters, got a blob of 3,000 bytes"),
        ("printf('%.*c', 6000000, 'x')", "too large to be a puzzle's"),
        ("NULL", "got nothing (NULL)"),
        ("CAST(X'666f726dff' AS TEXT)", "p1-big: level or yaml: not UTF-8 text"),
    ],
)
def test_each_row_is_measured_in_sql_before_it_is_loaded(tmp_path, value, message):
    """Point 4: sizes and types checked with SQL's length() and typeof() before the row is read;
    a value beyond SQLite's lowered limit is refused by SQLite itself."""
    path = _made(
        tmp_path / "big.sqlite", "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT NOT NULL, level TEXT, yaml TEXT);"
    )
    with sqlite3.connect(path) as db:
        db.execute(f"INSERT INTO puzzles (key, id, level, yaml) VALUES ('kb', 'p1-big', 'easy', {value})")
    line = one_line_error(_run(*COMMANDS["export"](path, tmp_path)))
    assert message in line, line
    assert "p1-big" in line or "too large" in line


def test_a_stored_puzzle_may_not_name_a_position_file(tmp_path):
    """A row whose position is a file name would make the reader open a file of the stranger's
    choosing (a valid position there would then be served)."""
    other = tmp_path / "mine.yaml"
    other.write_text("secret: 1\n")
    text = _p01_text("p1")
    text = text[: text.index("position:")] + f"position: {other}\n"
    path = _made(tmp_path / "ref.sqlite", SCHEMA, rows=0)
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO puzzles (key, id, techniques, goal, horizon, yaml) VALUES ('k', 'p1', '', 'g', 1, ?)", (text,)
        )
    from akrotiri_puzzles.files.db_reader import read_puzzles

    with pytest.raises(PuzzleError, match="position: a stored puzzle holds its position inline"):
        list(read_puzzles(path, _comps()))


def test_export_opens_its_database_read_only_and_never_changes_it(tmp_path):
    """Point 9: on a database without a puzzles table, export created one and exited 0."""
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (x)")
    before = _digest(path)
    one_line_error(_run("export", "--db", path, "--out", tmp_path / "out"), "no table 'puzzles'")
    assert _digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite"]


def test_export_of_a_missing_database_makes_no_file(tmp_path):
    one_line_error(_run("export", "--db", tmp_path / "none.sqlite", "--out", tmp_path / "o"), "no such database file")
    assert list(tmp_path.iterdir()) == []


def test_a_locked_database_is_said_to_be_locked(tmp_path):
    """Point 11: a database another program holds locked was 'not a puzzle database'. The
    readers wait a few seconds for the lock (puzzle_db.BUSY_SECONDS), then say so."""
    path = tmp_path / "p.sqlite"
    add_puzzles(path, [load_puzzle(P01, _comps())])
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        # The three wait for the lock at the same time (each BUSY_SECONDS), not one after another.
        started = {command: _start(*args(path, tmp_path)) for command, args in COMMANDS.items()}
        for command, child in started.items():
            out, err = child.communicate(timeout=300)
            result = subprocess.CompletedProcess(child.args, child.returncode, out, err)
            line = one_line_error(result, str(path))
            assert "the database is locked by another program" in line, (command, line)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    done = _run(*COMMANDS["export"](path, tmp_path))
    assert done.returncode == 0, done.stderr


def test_rows_are_read_one_at_a_time(tmp_path):
    """Point 11 (streaming): a row is loaded only when the reader comes to it: rows deleted by
    another program after the first was read are not read at all."""
    from akrotiri_puzzles.files.db_reader import read_rows

    path = tmp_path / "p.sqlite"
    p01 = load_puzzle(P01, _comps())
    add_puzzles(path, [replace(p01, id=f"p{i}", start=replace(p01.start, turn=p01.start.turn + i)) for i in range(5)])
    rows = read_rows(path)
    assert next(rows).id == "p0"
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM puzzles WHERE id != 'p0' AND id != 'p4'")
    assert [r.id for r in rows] == ["p4"]


def test_an_older_database_gains_a_new_column_when_written(tmp_path, monkeypatch):
    """A column added to COLUMNS is one line: an older database is brought up to it by ALTER
    TABLE when generate --db writes to it, and read as before."""
    from akrotiri_puzzles.files import puzzle_db
    from akrotiri_puzzles.files.db_reader import read_puzzles
    from akrotiri_puzzles.files.puzzle_db import COLUMNS

    path = tmp_path / "p.sqlite"
    p01 = load_puzzle(P01, _comps())
    add_puzzles(path, [p01])
    monkeypatch.setattr(puzzle_db, "COLUMNS", (*COLUMNS, ("notes", "TEXT")))
    original = puzzle_db._row
    monkeypatch.setattr(puzzle_db, "_row", lambda p: {**original(p), "notes": "a b"})
    add_puzzles(path, [replace(p01, id="p02", start=replace(p01.start, turn=3))])
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT id, notes FROM puzzles ORDER BY id").fetchall() == [("p01", None), ("p02", "a b")]
    assert [p.id for p in read_puzzles(path, _comps())] == ["p01", "p02"]


def test_each_position_is_stored_once_across_goals_levels_and_runs(tmp_path):
    """Issue 30, each position once: a puzzle whose starting position a stored puzzle has is
    skipped, whatever its goal, level or run; another position is stored. Checked against the
    positions themselves, read back from the stored YAML."""
    from akrotiri_puzzles.files.db_reader import read_puzzles
    from akrotiri_puzzles.puzzle import Goal

    path = tmp_path / "p.sqlite"
    p01 = load_puzzle(P01, _comps())
    assert add_puzzles(path, [p01]) == 1
    other_goal = replace(p01, id="p01-two", goal=Goal(temples=2), difficulty="hard")
    assert other_goal.goal != p01.goal
    assert add_puzzles(path, [other_goal]) == 0  # a later run, another goal and level: skipped
    moved = replace(p01, id="p01-later", start=replace(p01.start, turn=p01.start.turn + 1))
    assert add_puzzles(path, [moved, replace(moved, id="p01-later-again", goal=Goal(temples=2))]) == 1
    stored = list(read_puzzles(path, _comps()))
    assert [p.id for p in stored] == ["p01", "p01-later"]
    assert stored[0].start != stored[1].start
