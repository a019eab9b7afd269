"""Worker processes end with their parent (issue 32, point 8): `generate --workers 2` killed with
SIGKILL left both workers running, with PID 1 as their parent, about 130 MB each."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT, big_database

GENERATE = ("generate", "--difficulty", "hard", "--count", "20", "--seed", "11", "--workers", "2")
"""A run that keeps two workers busy for minutes."""


def _children(pid: int) -> list[int]:
    """The live processes whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def _wait(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def _kill_while_two_workers_run(args: list[str], command: str) -> None:
    """Run the command line, SIGKILL it once it has two workers, and check the workers end."""
    # A session of its own, so that whatever happens the test can end every process it started.
    parent = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    workers: list[int] = []
    try:
        assert _wait(lambda: len(_children(parent.pid)) >= 2 or parent.poll() is not None, 120)
        workers = _children(parent.pid)
        assert len(workers) >= 2 and parent.poll() is None, f"{command} ended before its two workers could be seen"
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        assert _wait(lambda: not any(_alive(w) for w in workers), 15), [w for w in workers if _alive(w)]
    finally:
        parent.kill()
        parent.wait(timeout=30)
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_generate_workers_end_when_generate_is_killed_with_sigkill(tmp_path):
    _kill_while_two_workers_run([*GENERATE, "--out", str(tmp_path / "out")], "generate")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_an_exports_reading_workers_end_when_the_export_is_killed_with_sigkill(tmp_path, monkeypatch):
    # 1,500 rows: above PARALLEL_ROWS, so the database is read on forked workers
    # (files/db_workers.py) for a few seconds before anything is written.
    db = big_database(tmp_path / "big.sqlite", 1_500)
    monkeypatch.setenv("AKROTIRI_READ_WORKERS", "2")
    _kill_while_two_workers_run(["export", "--db", str(db), "--out", str(tmp_path / "out")], "export")


def _forked_worker_of_a_forked_parent(read_end: int, write_end: int) -> None:
    """In a child: fork a grandchild that calls die_with_parent, report its pid, then wait."""
    from akrotiri_puzzles.processes import die_with_parent

    me = os.getpid()
    grandchild = os.fork()
    if grandchild == 0:
        os.close(read_end)
        die_with_parent(me)
        time.sleep(120)
        os._exit(0)
    os.write(write_end, f"{grandchild}\n".encode())
    time.sleep(120)
    os._exit(0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks")
def test_die_with_parent_ends_a_process_whose_parent_is_killed():
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:
        _forked_worker_of_a_forked_parent(read_end, write_end)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        grandchild = int(pipe.readline())
    try:
        assert _alive(grandchild)
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        assert _wait(lambda: not _alive(grandchild), 10)
    finally:
        if _alive(grandchild):
            os.kill(grandchild, signal.SIGKILL)
