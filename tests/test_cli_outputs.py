"""Every file a command writes (`apply -o`, `simulate --save-positions`, `show --svg/--png/--html`):
a path that cannot be written is one line naming it and the problem, exit status 2, and nothing
is written, not even the outputs that could have been; a file is written whole or not at all."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import one_line_error, run_cli

DATA = Path(__file__).parent / "data"
PORT = DATA / "port.yaml"
SMALL = DATA / "golden" / "small-position.yaml"

WRITERS: dict[str, Callable[[Path], tuple[str | Path, ...]]] = {
    "apply -o": lambda out: ("apply", PORT, "end", "-o", out),
    "show --svg": lambda out: ("show", SMALL, "--svg", out),
    "show --png": lambda out: ("show", SMALL, "--png", out),
    "show --html": lambda out: ("show", SMALL, "--html", out),
}


def _unwritable(tmp_path: Path) -> Path:
    """A directory no file can be created in, whoever runs the tests (root ignores permissions)."""
    if os.geteuid() == 0:
        return Path("/proc")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    return locked


BAD_FILE_PATHS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "a directory": (lambda tmp: tmp, "is a directory"),
    "the current directory": (lambda tmp: Path("."), "is a directory"),
    "under a file": (lambda tmp: tmp / "file" / "out.x", "is a file, not a directory"),
    "under a file, deeper": (lambda tmp: tmp / "file" / "sub" / "out.x", "is a file, not a directory"),
    "a name too long": (lambda tmp: tmp / ("x" * 300 + ".x"), "file name too long"),
    "a directory name too long": (lambda tmp: tmp / ("d" * 300) / "out.x", "file name too long"),
    "an unwritable place": (lambda tmp: _unwritable(tmp) / "out.x", "cannot write in"),
}


def _setup(tmp_path: Path) -> set[str]:
    (tmp_path / "file").write_text("keep me\n")
    return {"file"}


def _left(tmp_path: Path) -> set[str]:
    return {p.name for p in tmp_path.iterdir() if p.name != "locked"}


@pytest.mark.parametrize("case", sorted(BAD_FILE_PATHS))
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_bad_output_path_is_one_line_exit_status_2_and_nothing_is_written(tmp_path, writer, case):
    before = _setup(tmp_path)
    make, problem = BAD_FILE_PATHS[case]
    out = make(tmp_path)
    option = writer.split()[1]
    one_line_error(run_cli(*WRITERS[writer](out), cwd=tmp_path), str(out), problem, option.replace("-o", "--output"))
    assert _left(tmp_path) == before
    assert (tmp_path / "file").read_text() == "keep me\n"


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_good_output_path_is_written_whole_with_its_missing_directories(tmp_path, writer):
    out = tmp_path / "new" / "dir" / "out.x"
    result = run_cli(*WRITERS[writer](out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 100
    assert sorted(p.name for p in out.parent.iterdir()) == ["out.x"]  # no temporary file left


def test_show_checks_every_output_before_writing_any(tmp_path):
    good, bad = tmp_path / "good.svg", tmp_path / "file" / "bad.png"
    _setup(tmp_path)
    one_line_error(run_cli("show", SMALL, "--svg", good, "--png", bad, "--html", tmp_path / "good.html"), "--png")
    assert _left(tmp_path) == {"file"}


def test_show_refuses_two_outputs_on_one_file(tmp_path):
    same = tmp_path / "p.out"
    one_line_error(run_cli("show", SMALL, "--svg", same, "--html", same), "--html", "the same file as --svg")
    assert not same.exists()


BAD_DIRS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "a file": (lambda tmp: tmp / "file", "is a file, expected a directory"),
    "under a file": (lambda tmp: tmp / "file" / "pos", "is a file, not a directory"),
    "a name too long": (lambda tmp: tmp / ("p" * 300), "file name too long"),
    "an unwritable place": (lambda tmp: _unwritable(tmp) / "pos", "cannot write in"),
}


@pytest.mark.parametrize("case", sorted(BAD_DIRS))
def test_simulate_checks_its_directory_before_playing(tmp_path, case):
    before = _setup(tmp_path)
    make, problem = BAD_DIRS[case]
    out = make(tmp_path)
    # A thousand games would take minutes: the path is refused before the first is played.
    result = run_cli("simulate", "--games", "1000", "--save-positions", out, cwd=tmp_path, timeout=60)
    one_line_error(result, str(out), "--save-positions", problem)
    assert _left(tmp_path) == before


def test_simulate_saves_into_the_current_directory(tmp_path):
    result = run_cli("simulate", "--games", "1", "--max-turns", "3", "--save-positions", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game1-final.yaml",
        "game1-turn001.yaml",
    ]
