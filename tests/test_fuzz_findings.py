"""What the extended fuzzer found (issue 32, `make fuzz` with hostile cases), each as the case
that showed it: a damaged database whose SQLite error is not UTF-8 (an internal error from
export, book and serve), and a puzzle or position whose seat to move has no boat in the action
phase (an AssertionError in the solver from solve, grade and analyse)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import ROOT, one_line_error, run_cli
from .fuzz.cases import Corpus
from .fuzz.hostile import hostile_case


@pytest.mark.parametrize("command", ["export", "book", "serve"])
def test_a_damaged_database_is_one_line(tmp_path, command):
    case, what = hostile_case(Corpus.load(), 1, 781)
    assert what == "file:flipped"
    path = tmp_path / "p.sqlite"
    path.write_bytes(case.files["p.sqlite"])
    args = {
        "export": ["export", "--db", path, "--out", tmp_path / "out"],
        "book": ["book", "--db", path, "--html", tmp_path / "book"],
        "serve": ["serve", "--port", "0", "--check", "--db", path],
    }[command]
    one_line_error(run_cli(*args), "p.sqlite")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.sqlite"]


def _without_hero_boat(tmp_path: Path) -> Path:
    """p01 with the seat to move's boat taken off the board (an analysis position too)."""
    text = (ROOT / "puzzles" / "p01.yaml").read_text()
    hero = re.search(r"^  to_move: (\w+)$", text, re.M)
    assert hero is not None
    start = text.index(f"    {hero.group(1)}:\n")
    boat = re.compile(r"^      boat: .*\n", re.M).search(text, start)
    assert boat is not None
    path = tmp_path / "no-boat.yaml"
    path.write_text(text[: boat.start()] + text[boat.end() :])
    return path


@pytest.mark.parametrize("command", ["solve", "grade", "check"])
def test_R_SET_2_a_puzzle_whose_hero_has_no_boat_is_refused(tmp_path, command):
    path = _without_hero_boat(tmp_path)
    args = {"solve": [path], "grade": [path], "check": [path, "end"]}[command]
    one_line_error(run_cli(command, *args, "--time-limit", "30"), "has no boat")


def test_R_SET_2_analyse_refuses_a_position_whose_seat_to_move_has_no_boat(tmp_path):
    puzzle = _without_hero_boat(tmp_path)
    position = tmp_path / "pos.yaml"
    text = puzzle.read_text()
    block = text[text.index("position:") : text.index("\nsolution:") + 1]  # the position alone, not the certificate
    position.write_text(block.replace("position:\n", "", 1).replace("\n  ", "\n")[2:])
    one_line_error(run_cli("analyse", position, "--time-limit", "30"), "has no boat")
