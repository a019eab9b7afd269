"""Every command that solves takes --time-limit, with a default that bounds it (issue 32, point
5): `grade` had no limit at all, and a two-turn puzzle (p08 with `horizon: 2`) ran past 90 s and
1.3 GB, still growing. A limit turns a result into "not proven", said so, never into a claim."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer

from akrotiri_puzzles.cli import app, load_commands

from .conftest import ROOT, run_cli

SOLVING = ("solve", "check", "grade", "analyse")


def _p08_over_two_turns(tmp_path: Path) -> Path:
    """p08 with a horizon of two turns and nothing proven: its grade takes minutes."""
    text = (ROOT / "puzzles" / "p08.yaml").read_text()
    # Two turns reveal the land tile turn 1's end draws (R-END-1): L25, the top of p08's pile.
    text = text.replace("horizon: 1\n", "horizon: 2\nrevealed: {land: [L25]}\n", 1)
    text = re.sub(r"^optimum: \d+\n", "", text, flags=re.M)
    text = re.sub(r"^certificate:\n(  .*\n)+", "", text, flags=re.M)
    assert "horizon: 2" in text and "certificate" not in text
    path = tmp_path / "p08-h2.yaml"
    path.write_text(text)
    return path


def test_grade_stops_at_its_time_limit_and_claims_no_level(tmp_path):
    """The subprocess timeout (180 s) catches a runaway, not a slow machine."""
    path = _p08_over_two_turns(tmp_path)
    done = run_cli("grade", path, "--time-limit", "2", "--json", timeout=180)
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)
    assert data["timed_out"] is True
    assert data["level"] is None and data["score"] is None and data["necessary"] == []
    text = run_cli("grade", path, "--time-limit", "2", timeout=180)
    assert text.returncode == 1 and "Not graded: the time limit (2 s) came first" in text.stdout


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "2000000"])
def test_grade_refuses_a_time_limit_that_is_not_a_bound(tmp_path, value):
    done = run_cli("grade", ROOT / "puzzles" / "p01.yaml", f"--time-limit={value}")
    assert done.returncode == 2 and done.stderr.startswith("error: --time-limit: expected"), done.stderr


@pytest.mark.parametrize("name", SOLVING)
def test_every_command_that_solves_has_a_time_limit_by_default(name):
    from akrotiri_puzzles.common.cli import DEFAULT_TIME_LIMIT

    load_commands([name])
    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    option = next(p for p in command.params if p.name == "time_limit")
    assert option.default == DEFAULT_TIME_LIMIT == 600.0
    assert "default 600" in (option.help or "")
