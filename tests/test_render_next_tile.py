"""A two-turn line's second tile in the pictures (render/next_tile.py): `show --turns 2` and a
two-turn puzzle's `--solution` lay the tile drawn at the end of turn 1 (R-END-1) or given by the
oracle (R-ORA-1) in its slot, as the engine places it (R-TILE-1, R-TILE-2), and say whether a
player could know it when the line starts."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import PlaceTile
from akrotiri_puzzles.files.position_yaml import load_position
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.geometry import format_quad
from akrotiri_puzzles.notation import parse_line
from akrotiri_puzzles.premise import WHOLE
from akrotiri_puzzles.puzzle import Goal, Puzzle, State, play
from akrotiri_puzzles.render.highlight import Highlights
from akrotiri_puzzles.render.html import render_html
from akrotiri_puzzles.render.svg import render_svg

from .conftest import ROOT, run_cli

COMPS = load_components()
NEXT_TURN = Path(__file__).parent / "data" / "analysis" / "next-turn.yaml"
TWO_TURN_LINE = (
    "oracle lake; end; tile 1,-3 r180 red@SW; unload red; excavate M01 -1,-3NW; portage -1,-3NW; ship -1,-2SE; "
    "excavate E08 -1,-3NE"
)
ORACLE_PUZZLE = ROOT / "puzzles" / "generated" / "hard-s565-t2-drawn-oracle-no-portage-00278.yaml"
DRAWN_PUZZLE = ROOT / "puzzles" / "generated" / "hard-s402-t2-drawn-00049.yaml"
SVG = "{http://www.w3.org/2000/svg}"


def _engine_states(puzzle: Puzzle, line: list) -> list[State]:
    """Every state of the line as the engine plays it, the opponent passive (puzzle.play)."""
    states = [State(puzzle.start)]
    for action in line:
        states.append(play(puzzle, states[-1], action))
    return states


def _second_placement(puzzle: Puzzle, line: list) -> tuple[str, PlaceTile, Counter, Counter]:
    """The engine's answer: the tile the hero holds at its second turn's placement, the
    placement, and the board's cubes just before and after it."""
    states = _engine_states(puzzle, line)
    i = next(i for i, a in enumerate(line) if isinstance(a, PlaceTile) and states[i].turn == 2)
    before, after = states[i].pos, states[i + 1].pos
    assert before.hero.tile is not None
    return (
        before.hero.tile,
        line[i],
        Counter({(p, c): n for p, c, n in before.cubes}),
        Counter({(p, c): n for p, c, n in after.cubes}),
    )


def _board(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    board = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "board")
    return board


def _board_tiles(svg: str) -> dict[str, str]:
    """Slot -> tile of every tile the picture's board draws."""
    return {
        el.get("data-slot"): el.get("data-tile") for el in _board(svg).iter(f"{SVG}rect") if el.get("class") == "tile"
    }


def _board_cubes(svg: str) -> Counter:
    """(piece, colour) of every cube the picture's board draws."""
    return Counter(
        (el.get("data-piece"), el.get("data-colour")) for el in _board(svg).iter() if el.get("class") == "cube"
    )


def _next_tile_panel(svg: str) -> ET.Element | None:
    root = ET.fromstring(svg)
    return next((g for g in root.iter(f"{SVG}g") if g.get("class") == "next-tile"), None)


def _words(el: ET.Element) -> str:
    return " ".join(t.text or "" for t in el.iter(f"{SVG}text"))


@pytest.fixture(scope="module")
def next_turn() -> tuple[Puzzle, list]:
    pos = load_position(NEXT_TURN, COMPS)
    return Puzzle("line", pos, Goal(), turns=2, revealed=WHOLE), list(parse_line(TWO_TURN_LINE))


def test_R_END_1_R_TILE_1_the_second_turns_tile_is_laid_where_the_engine_places_it(next_turn):
    # `show --turns 2` of a position file: the tile south holds at its next placement (the
    # oracle's, R-ORA-1) lies in the slot the line names, with the cubes its placement lays
    # (R-TILE-2); before, that slot was an outline over an empty slot.
    puzzle, line = next_turn
    tile, placement, _, _ = _second_placement(puzzle, line)
    svg = render_svg(puzzle.start, Highlights(line=tuple(line)))
    slot = f"{placement.slot[0]},{placement.slot[1]}"
    assert slot not in puzzle.start.board.tile_at
    assert _board_tiles(svg).get(slot) == tile
    # Every tile of the position is drawn too, and no other.
    shown = {f"{s[0]},{s[1]}": t for s, (t, _) in puzzle.start.board.tile_at.items()}
    assert _board_tiles(svg) == {**shown, slot: tile}


def test_R_TILE_2_the_second_turns_tile_carries_the_cubes_its_placement_lays(next_turn):
    puzzle, line = next_turn
    _, _, cubes_before, cubes_after = _second_placement(puzzle, line)
    laid = cubes_after - cubes_before
    assert sum(laid.values()) >= 1  # the icon's cube at least (its colour is on the market)
    svg = render_svg(puzzle.start, Highlights(line=tuple(line)))
    without = render_svg(puzzle.start, Highlights(line=tuple(line[:1])))
    drawn = _board_cubes(svg) - _board_cubes(without)
    assert sum(drawn.values()) == sum(laid.values())
    assert drawn == Counter({(format_quad(piece), colour): n for (piece, colour), n in laid.items()})


def test_R_ORA_1_the_panel_says_the_oracles_tile_is_hidden_in_play(next_turn):
    # A position file is read whole, as `analyse --turns 2` reads it: the line rests on which
    # lake tile the pile gives, which no player knows when the line starts.
    puzzle, line = next_turn
    tile, _, _, _ = _second_placement(puzzle, line)
    panel = _next_tile_panel(render_svg(puzzle.start, Highlights(line=tuple(line))))
    assert panel is not None
    assert panel.get("data-tile") == tile and panel.get("data-hidden") == "yes"
    words = _words(panel)
    assert "R-ORA-1" in words and "lake" in words and "hidden in play" in words


def test_R_END_1_a_puzzles_premise_makes_the_drawn_tile_known():
    # A two-turn puzzle that reveals the pile's top: its answer's drawn tile is no secret.
    puzzle = load_puzzle(DRAWN_PUZZLE, COMPS)
    assert puzzle.solution is not None
    tile, placement, _, _ = _second_placement(puzzle, list(puzzle.solution))
    assert tile in puzzle.revealed.land
    svg = render_svg(puzzle.start, Highlights(line=tuple(puzzle.solution)), revealed=puzzle.revealed)
    assert _board_tiles(svg).get(f"{placement.slot[0]},{placement.slot[1]}") == tile
    panel = _next_tile_panel(svg)
    assert panel is not None and panel.get("data-hidden") == "no"
    words = _words(panel)
    assert "R-END-1" in words and "known" in words and "hidden" not in words


def test_a_one_turn_line_has_no_second_tile(next_turn):
    puzzle, line = next_turn
    svg = render_svg(puzzle.start, Highlights(line=tuple(line[:1])))
    assert _next_tile_panel(svg) is None
    assert _board_tiles(svg) == {f"{s[0]},{s[1]}": t for s, (t, _) in puzzle.start.board.tile_at.items()}


def test_R_ORA_1_the_html_page_says_where_the_tile_came_from(next_turn):
    puzzle, line = next_turn
    tile, _, _, _ = _second_placement(puzzle, line)
    page = render_html(puzzle.start, Highlights(line=tuple(line)))
    found = re.search(r'<p class="next-tile">([^<]*)</p>', page)
    assert found is not None
    assert tile in found.group(1) and "R-ORA-1" in found.group(1) and "hidden in play" in found.group(1)


def test_R_ORA_1_show_in_the_terminal_names_the_second_turns_tile():
    puzzle = load_puzzle(ORACLE_PUZZLE, COMPS)
    assert puzzle.solution is not None
    tile, _, _, _ = _second_placement(puzzle, list(puzzle.solution))
    result = run_cli("show", ORACLE_PUZZLE, "--solution")
    assert result.returncode == 0, result.stderr
    said = " ".join(result.stdout.split())
    assert f"Turn 2's tile {tile}" in said and "R-ORA-1" in said and "known" in said
