"""A large puzzle database is read on worker processes (files/db_workers.py) with the same
puzzles, in the same order, and the same first error as one process reading it (issue 32)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from akrotiri_puzzles.errors import PuzzleError
from akrotiri_puzzles.files import db_workers
from akrotiri_puzzles.files.components_yaml import load_components
from akrotiri_puzzles.techniques import techniques

from .conftest import ROOT, big_database, run_cli

ROWS = 150
"""Three chunks of rows and a part of one."""


def _read(path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object, object]]:
    monkeypatch.setattr(db_workers, "reading_workers", lambda rows: workers)
    comps = load_components()
    return [(row.source, puzzle, used) for row, puzzle, used in db_workers.checked_rows(path, comps, also=techniques)]


def _error(path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> str:
    with pytest.raises(PuzzleError) as caught:
        _read(path, workers, monkeypatch)
    return str(caught.value)


def test_workers_read_the_same_puzzles_in_the_same_order(tmp_path, monkeypatch):
    db = big_database(tmp_path / "p.sqlite", ROWS)
    alone = _read(db, 0, monkeypatch)
    shared = _read(db, 2, monkeypatch)
    assert len(alone) == ROWS
    assert [s for s, _, _ in shared] == [s for s, _, _ in alone]
    assert [p for _, p, _ in shared] == [p for _, p, _ in alone]
    assert [t for _, _, t in shared] == [t for _, _, t in alone]
    assert any(t for _, _, t in alone), "the techniques were worked out"
    # A board sent back is rebuilt on this process's component set and derives the same.
    one = shared[7][1]
    assert one.start.components is load_components()
    assert one.start.board.docks == alone[7][1].start.board.docks


def test_the_first_row_refused_is_the_same_with_workers(tmp_path, monkeypatch):
    db = big_database(tmp_path / "p.sqlite", ROWS)
    with sqlite3.connect(db) as conn:
        # Row 70 is not a puzzle; row 130's YAML is a blob, refused by SQL before it is loaded.
        conn.execute(
            "UPDATE puzzles SET yaml = 'format: akrotiri-puzzle 1' || char(10) || 'id: x00070' WHERE id = 'x00070'"
        )
        conn.execute("UPDATE puzzles SET yaml = zeroblob(10) WHERE id = 'x00130'")
    first = _error(db, 0, monkeypatch)
    assert "puzzle x00070" in first and "position" in first
    assert _error(db, 2, monkeypatch) == first
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM puzzles WHERE id = 'x00070'")
    later = _error(db, 0, monkeypatch)
    assert "puzzle x00130: yaml" in later and "a blob" in later
    assert _error(db, 2, monkeypatch) == later


def test_a_small_database_is_read_in_one_process_and_a_large_one_by_workers(monkeypatch):
    monkeypatch.setattr(db_workers.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert db_workers.reading_workers(db_workers.PARALLEL_ROWS - 1) == 0
    expected = 2 if sys.platform.startswith("linux") else 0
    assert db_workers.reading_workers(db_workers.PARALLEL_ROWS) == expected
    monkeypatch.setattr(db_workers.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert db_workers.reading_workers(10 * db_workers.PARALLEL_ROWS) == 0


def test_export_of_a_large_database_writes_what_is_stored(tmp_path):
    """Through the command line, with the workers a database of PARALLEL_ROWS rows gets."""
    db = big_database(tmp_path / "big.sqlite", db_workers.PARALLEL_ROWS)
    done = run_cli("export", "--db", db, "--out", tmp_path / "out", timeout=300)
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(db) as conn:
        stored = dict(conn.execute("SELECT id, yaml FROM puzzles"))
    written = {p.stem: p.read_text() for p in (tmp_path / "out").iterdir()}
    assert written == stored


@pytest.mark.parametrize(("value", "workers"), [("0", 0), ("1", 0), ("2", 2), ("9", 2), ("", 2)])
def test_the_workers_are_bounded_by_an_environment_variable(monkeypatch, value, workers):
    monkeypatch.setattr(db_workers.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setenv(db_workers.WORKERS_VARIABLE, value)
    expected = workers if sys.platform.startswith("linux") else 0
    assert db_workers.reading_workers(db_workers.PARALLEL_ROWS) == expected


def test_a_bad_number_of_workers_is_one_line(tmp_path):
    db = big_database(tmp_path / "p.sqlite", 3)
    env = {db_workers.WORKERS_VARIABLE: "many"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), "export", "--db", str(db), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.splitlines() == [
        f"error: {db_workers.WORKERS_VARIABLE}: expected a whole number of worker processes (0: none), got 'many'"
    ]
    assert not (tmp_path / "out").exists()
