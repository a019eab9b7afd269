"""A command writing many files into a folder (export, book --html, simulate --save-positions)
stages them in a hidden scratch folder inside it. Killed by SIGKILL it cannot remove that
folder; the next run into the same folder removes it (issue 32: nothing half-written is left)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from akrotiri_puzzles.common.cli.outputs import SCRATCH, clear_stale

from .conftest import ROOT, big_database, run_cli

ROWS = 400
"""Rows enough for the export to be caught writing (about a second of work)."""


def test_an_export_killed_by_sigkill_leaves_its_scratch_folder_and_the_next_run_removes_it(tmp_path):
    db = big_database(tmp_path / "big.sqlite", ROWS)
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), "export", "--db", str(db), "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # Wait until the export has staged some files, then kill it before it moves them.
        scratch: list[Path] = []
        for _ in range(12_000):
            scratch = list(out.glob(f"{SCRATCH}*")) if out.exists() else []
            if scratch and len(list(scratch[0].iterdir())) >= 10:
                break
            assert proc.poll() is None, "the export ended before it could be killed"
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert [p.name for p in out.iterdir()] == [scratch[0].name], "nothing moved into place, the scratch left"
    assert scratch[0].name.startswith(f"{SCRATCH}{proc.pid}.")

    done = run_cli("export", "--db", db, "--out", out, timeout=300)
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"x{i:05d}.yaml" for i in range(ROWS)], "every puzzle, and no scratch folder"


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_only_scratch_folders_of_processes_that_are_gone_are_removed(tmp_path):
    dead = tmp_path / f"{SCRATCH}{_dead_pid()}.abc123"
    (dead / "sub").mkdir(parents=True)
    (dead / "sub" / "x.yaml").write_text("half")
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        alive = tmp_path / f"{SCRATCH}{sleeper.pid}.def456"
        alive.mkdir()
        (alive / "x.yaml").write_text("being written")
        mine = tmp_path / f"{SCRATCH}{os.getpid()}.ghi789"
        mine.mkdir()
        elsewhere = tmp_path.parent / f"{tmp_path.name}-kept"
        elsewhere.mkdir()
        (elsewhere / "keep.txt").write_text("keep")
        link = tmp_path / f"{SCRATCH}{_dead_pid()}.link"
        link.symlink_to(elsewhere)
        unnamed = tmp_path / f"{SCRATCH}notapid"
        unnamed.mkdir()
        other = tmp_path / "p01.yaml"
        other.write_text("a user's file")

        clear_stale(tmp_path)

        assert not dead.exists()
        assert alive.is_dir() and (alive / "x.yaml").read_text() == "being written"
        assert mine.is_dir() and unnamed.is_dir() and other.read_text() == "a user's file"
        assert link.is_symlink() and (elsewhere / "keep.txt").read_text() == "keep"
    finally:
        sleeper.kill()
        sleeper.wait()


def test_book_and_simulate_clear_what_a_killed_run_left_too(tmp_path):
    """The same staging writes `book --html` and `simulate --save-positions`."""
    for command in (
        ["book", str(ROOT / "puzzles" / "p01.yaml"), "--html", "html"],
        ["simulate", "--games", "1", "--seed", "3", "--max-turns", "2", "--save-positions", "html"],
    ):
        folder = tmp_path / "html"
        folder.mkdir(exist_ok=True)
        left = folder / f"{SCRATCH}{_dead_pid()}.abc123"
        left.mkdir()
        (left / "index.html").write_text("half")
        done = run_cli(*command, cwd=tmp_path, timeout=300)
        assert done.returncode == 0, (command, done.stderr)
        assert not list(folder.glob(f"{SCRATCH}*")), command
