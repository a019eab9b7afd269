"""Two-turn puzzles at easy and medium (issue 30): their --drawn-site look lets the idle line
exist (generator/generate.py, SHORTER)."""

from __future__ import annotations

from dataclasses import replace

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.generator import generate as gen
from akrotiri_puzzles.generator.drawn_site import idle_dead, needs_drawn_tile
from akrotiri_puzzles.puzzle import Puzzle

from .conftest import ROOT

DRAWN = ROOT / "puzzles" / "generated" / "hard-s402-t2-drawn-00049.yaml"


def test_the_shorter_look_lets_the_idle_line_exist() -> None:
    # hard-s402-t2-drawn-00049: M02 has no site until the drawn tile is placed. Hard's look
    # also asks that turn 2 alone cannot reach it; the shorter look (easy and medium) asks
    # only for the site the drawn tile makes, so it takes every goal hard's look takes, and
    # E02 (a site after a placement, within reach of turn 2 alone) only by itself.
    p: Puzzle = load_puzzle(DRAWN, load_components())
    assert needs_drawn_tile(p) and needs_drawn_tile(p, shorter=True)
    e02 = replace(p, goal=replace(p.goal, map_card="E02"))
    assert not idle_dead(e02)
    assert needs_drawn_tile(e02, shorter=True) and not needs_drawn_tile(e02)
    assert gen.SHORTER == ("easy", "medium")
