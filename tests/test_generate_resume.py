"""A rerun of `generate` (after Ctrl-C, a SIGKILL, or a run without --db) stores in --db exactly
what a single run stores (issue 32, point 11): candidates graded at another level were only in
the journal of dropped candidates, so a rerun that read them from it left them out."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from .conftest import run_cli

# Medium, seed 6: a candidate grades hard (and passes the hard gate) before the medium puzzle is
# kept (measured: ~8 s of CPU). Seed 7's candidate that graded hard is found by the beam planner
# since the gate, so it is kept at no level.
ARGS = ("generate", "--difficulty", "medium", "--count", "1", "--seed", "6")


def _rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT * FROM puzzles ORDER BY key").fetchall()


@pytest.mark.slow
def test_a_rerun_stores_in_the_database_what_a_single_run_stores(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    single = run_cli(*ARGS, "--out", one, "--db", tmp_path / "single.sqlite", timeout=1200)
    assert single.returncode == 0, single.stderr
    assert "(1 graded at another level)" in single.stdout, single.stdout
    # What a run leaves in its folder, as if it had been stopped after its last candidate and
    # before writing the database; the rerun reads every candidate back from there.
    shutil.copytree(one, two)
    rerun = run_cli(*ARGS, "--out", two, "--db", tmp_path / "rerun.sqlite", timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert "known from an earlier run" in rerun.stdout and "(0 known" not in rerun.stdout
    levels = [row[2] for row in _rows(tmp_path / "single.sqlite")]
    assert sorted(levels) == ["hard", "medium"]
    assert _rows(tmp_path / "rerun.sqlite") == _rows(tmp_path / "single.sqlite")


def test_each_position_once_a_position_of_another_command_in_out_is_not_kept_again(tmp_path):
    """Issue 30, each position once: a candidate whose starting position a puzzle of another
    command in --out already has is dropped ("position used", in the journal) and the next one
    is kept. The collection's easy-s21-00002 copied in under another command's name makes
    `generate --difficulty easy --seed 21` skip its task 2 and keep a later task instead; the
    positions are compared by reading both files back."""
    from akrotiri_puzzles import load_components
    from akrotiri_puzzles.files.puzzle_yaml import load_puzzle

    root = Path(__file__).resolve().parents[1]
    out = tmp_path / "out"
    out.mkdir()
    # Named as `--turns 2` of the same level and seed names its files: another command's.
    shutil.copyfile(root / "puzzles" / "generated" / "easy-s21-00002.yaml", out / "easy-s21-t2-00002.yaml")
    result = run_cli("generate", "--difficulty", "easy", "--count", "1", "--seed", "21", "--out", out, timeout=300)
    assert result.returncode == 0, result.stderr
    made = sorted(p.name for p in out.glob("easy-s21-0*.yaml"))
    assert len(made) == 1 and made[0] != "easy-s21-00002.yaml", made
    assert "easy-s21-00002\tposition used" in (out / ".generate-dropped.tsv").read_text()
    comps = load_components()
    assert load_puzzle(out / made[0], comps).start != load_puzzle(out / "easy-s21-t2-00002.yaml", comps).start
    # Without the other command's puzzle, task 2 is kept: the skip is the position's doing.
    alone = tmp_path / "alone"
    result = run_cli("generate", "--difficulty", "easy", "--count", "1", "--seed", "21", "--out", alone, timeout=300)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in alone.glob("easy-s21-*.yaml")] == ["easy-s21-00002.yaml"]
