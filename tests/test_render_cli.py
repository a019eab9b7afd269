"""`akrotiri-puzzle show`: the terminal view, the picture files, and one clear line for bad input."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from .conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "data" / "golden" / "small-position.yaml"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run `akrotiri-puzzle ARGS` from the checkout."""
    return run_cli(*args, env={"COLUMNS": "120"})


def one_error_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for w in words:
        assert w in lines[0], (w, lines[0])


def test_show_prints_a_compact_view():
    result = run("show", SMALL)
    assert result.returncode == 0, result.stderr
    for words in ("Turn 5", "south to move", "drachmas", "cargo", "map card", "temples", "Market"):
        assert words in result.stdout, words
    assert result.stderr == ""


def test_show_writes_svg_png_and_html(tmp_path):
    svg, png, html = tmp_path / "p.svg", tmp_path / "sub" / "p.png", tmp_path / "p.html"
    result = run(
        "show", SMALL, "--svg", svg, "--png", png, "--html", html, "--line", "portage T2; ship 1,0NW; load red"
    )
    assert result.returncode == 0, result.stderr
    assert svg.read_text().startswith("<?xml") and 'class="line-step"' in svg.read_text()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in html.read_text()
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["p.html", "p.png", "p.svg", "sub"]  # no temporary files left


def test_show_missing_file_is_one_line(tmp_path):
    one_error_line(run("show", tmp_path / "nope.yaml"), "nope.yaml", "no such file")


def test_show_malformed_yaml_is_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("board: [\n")
    one_error_line(run("show", bad), "bad.yaml", "not valid YAML")


def test_show_bad_field_names_the_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("turn: soon\n")
    one_error_line(run("show", bad), "bad.yaml", "turn")


def test_show_bad_output_path_is_one_line_and_writes_nothing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    one_error_line(run("show", SMALL, "--png", blocker / "p.png"), "p.png", "--png", "not a directory")
    one_error_line(run("show", SMALL, "--svg", tmp_path), "--svg", "is a directory")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_show_bad_highlights_are_one_line():
    one_error_line(run("show", SMALL, "--line", "fly 1,0NW"), "--line", "fly")
    one_error_line(run("show", SMALL, "--site", "north"), "--site", "north")
    one_error_line(run("show", SMALL, "--placed", "5,5"), "--placed", "5,5")


def test_show_a_puzzle_file_with_its_goal_and_solution(tmp_path):
    pytest.importorskip("akrotiri_puzzles.files.puzzle_yaml")
    (tmp_path / "start.yaml").write_text(SMALL.read_text())
    puzzle = tmp_path / "puzzle.yaml"
    puzzle.write_text(
        "format: akrotiri-puzzle 1\nid: demo\nposition: start.yaml\nsolution: 'portage T2; ship 1,0NW; load red'\n"
    )
    result = run("show", puzzle)
    assert result.returncode == 0, result.stderr
    assert "Goal: south to excavate a temple this turn." in result.stdout
    svg = tmp_path / "p.svg"
    result = run("show", puzzle, "--solution", "--svg", svg)
    assert result.returncode == 0, result.stderr
    assert svg.read_text().count('class="line-step"') == 2
    # The picture says what the puzzle asks, under its title, as the terminal view does.
    notes = re.findall(r'<text[^>]*class="note"[^>]*>([^<]*)</text>', svg.read_text())
    assert notes == [
        "Puzzle demo",
        "Goal: south to excavate a temple this turn.",
        "Solution, 3 actions: portage T2; ship 1,0NW; load red",
    ]
    result = run("show", puzzle, "--svg", svg)
    assert result.returncode == 0, result.stderr
    assert "Solution" not in svg.read_text() and "Goal: south to excavate a temple this turn." in svg.read_text()
