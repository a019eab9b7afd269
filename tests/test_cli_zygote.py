"""`run_cli` forks its commands from an interpreter that has imported the library
(tests/cli_zygote.py): a command run so prints, writes and exits exactly as in a fresh one."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from . import cli_zygote
from .conftest import ROOT, run_cli

DATA = ROOT / "tests" / "data"
COMMANDS = [
    pytest.param(("score", DATA / "endgame.yaml"), {}, id="score"),
    pytest.param(("show", DATA / "golden" / "small-position.yaml"), {"COLUMNS": "120"}, id="show-120-columns"),
    pytest.param(("show", DATA / "golden" / "small-position.yaml"), {"COLUMNS": "60"}, id="show-60-columns"),
    pytest.param(("solve", ROOT / "puzzles" / "p01.yaml", "--json"), {}, id="solve"),
    pytest.param(("solve", "no-such-puzzle.yaml"), {}, id="missing-file"),
    pytest.param(("legal", DATA / "endgame.yaml", "--bogus"), {}, id="bad-option"),
    pytest.param(("kreta", "--help"), {}, id="kreta-help"),
    pytest.param((), {}, id="no-arguments"),
]


def _timeless(text: str) -> str:
    """The output with the times it reports taken out (they differ from run to run)."""
    return re.sub(r'"seconds": [0-9.e-]+', '"seconds": _', text)


@pytest.mark.parametrize(("args", "env"), COMMANDS)
def test_a_forked_command_prints_and_exits_as_in_a_fresh_interpreter(args, env):
    forked, fresh = run_cli(*args, env=env), run_cli(*args, env=env, fresh=True)
    assert (forked.returncode, _timeless(forked.stdout), forked.stderr) == (
        fresh.returncode,
        _timeless(fresh.stdout),
        fresh.stderr,
    )
    assert forked.stdout or forked.stderr


def test_a_forked_command_writes_in_its_working_directory(tmp_path: Path):
    out = tmp_path / "out"
    done = run_cli(
        "simulate", "--games", "1", "--seed", "3", "--max-turns", "2", "--save-positions", "out", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir())


def test_what_python_reads_as_it_starts_sends_a_command_to_a_fresh_interpreter():
    assert cli_zygote.forks(dict(os.environ))
    other = "latin-1" if os.environ.get("PYTHONIOENCODING") != "latin-1" else "utf-8"
    assert not cli_zygote.forks({**os.environ, "PYTHONIOENCODING": other})
    assert not cli_zygote.forks(
        {**os.environ, "PYTHONHASHSEED": "12345" if os.environ.get("PYTHONHASHSEED") != "12345" else "1"}
    )
