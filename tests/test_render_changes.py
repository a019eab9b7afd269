"""The page's picture reads as the position a line reached (render/changes.py): the cubes the line
took from the board are crossed where the start's picture drew them, a boat that moved is drawn
again at its dock now with its cargo now, a new temple stands on its site, and the title line
says the turn now. Checked against the engine's own positions, step by step along a two-turn
line that loads, sails, places a tile and excavates."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.geometry import format_quad
from akrotiri_puzzles.puzzle import replay
from akrotiri_puzzles.render.overlay import Overlay
from akrotiri_puzzles.render.words import title_line

ROOT = Path(__file__).resolve().parent.parent
TWO_TURNS = ROOT / "puzzles" / "generated" / "hard-s44-t2-two-temples-00000.yaml"


def _of_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("class") == cls]


@pytest.fixture(scope="module")
def played(comps):
    puzzle = load_puzzle(TWO_TURNS, comps)
    assert puzzle.solution is not None
    return puzzle, Overlay(puzzle.start, key=False), replay(puzzle, puzzle.solution).states


def test_R_LOAD_1_R_MOVE_1_R_EXC_1_each_step_of_a_line_marks_what_the_engine_changed(played):
    puzzle, overlay, states = played
    start = puzzle.start
    drawn = ET.fromstring(overlay.picture)
    seen = Counter()
    for k in range(1, len(states)):
        now = states[k].pos
        root = ET.fromstring(overlay.line_svg(tuple(puzzle.solution[:k]), later=now, changes=True))
        # Cubes: those gone from each piece since the start, crossed over the start's own cubes.
        gone = Counter({(format_quad(p), c): n for p, c, n in start.cubes}) - Counter(
            {(format_quad(p), c): n for p, c, n in now.cubes}
        )
        taken = _of_class(root, "cube-taken")
        assert Counter((el.get("data-piece"), el.get("data-colour")) for el in taken) == gone
        for el in taken:  # each cross lies on a cube the start's picture drew of that piece and colour
            x, y = float(el.get("x")) + float(el.get("width")) / 2, float(el.get("y")) + float(el.get("height")) / 2
            assert any(
                (c.get("data-piece"), c.get("data-colour")) == (el.get("data-piece"), el.get("data-colour"))
                and abs(float(c.get("x")) + float(c.get("width")) / 2 - x) < 0.05
                and abs(float(c.get("y")) + float(c.get("height")) / 2 - y) < 0.05
                for c in _of_class(drawn, "cube")
            )
        # Boats: one drawn again, at the dock it is at now, with its cargo now, when it changed.
        for seat, was, is_ in zip(("south", "north"), start.seats, now.seats, strict=True):
            boats = [el for el in _of_class(root, "boat now") if el.get("data-seat") == seat]
            if (was.boat, was.cargo) == (is_.boat, is_.cargo):
                assert boats == []
            else:
                assert [b.get("data-dock") for b in boats] == [is_.boat]
                cargo = [c.get("data-colour") for c in boats[0].iter() if c.get("class") == "cargo"]
                assert cargo == list(is_.cargo)
                seen["boat"] += 1
        # Temples: the ones raised since the start.
        new = {format_quad(site) for seat in now.seats for _, site in seat.temples} - {
            format_quad(site) for seat in start.seats for _, site in seat.temples
        }
        assert {el.get("data-site") for el in _of_class(root, "temple now")} == new
        seen["temple"] += bool(new)
        seen["cube"] += bool(gone)
        # The title line: the position's now, where it differs from the start's.
        titles = [el.text for el in _of_class(root, "title now")]
        assert titles == ([] if title_line(now) == title_line(start) else [title_line(now)])
    assert seen["boat"] and seen["temple"] and seen["cube"]  # the line exercised every kind of change


def test_without_changes_the_overlay_is_the_line_alone(played):
    """The book's solution pictures draw the line alone over the start (changes off by default)."""
    puzzle, overlay, states = played
    line = tuple(puzzle.solution[:3])
    plain = overlay.line_svg(line, later=states[3].pos)
    assert 'class="changes"' not in plain
    assert 'class="changes"' in overlay.line_svg(line, later=states[3].pos, changes=True)
