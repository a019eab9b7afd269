"""The SVG picture: well-formed, complete (every dock, boat, temple, cube and icon once), deterministic.

Elements are counted by the classes the renderer gives the board's own things (`dock`, `boat`,
`temple`, `cube`, `icon`, ...); the key in the side panel draws the same symbols without them.
To rewrite the golden file after a deliberate change to the picture:

    AKROTIRI_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_render_svg.py
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from akrotiri_puzzles import Position, dumps_position, load_components, load_position, loads_position
from akrotiri_puzzles.geometry import QUADRANTS, format_quad, global_quad
from akrotiri_puzzles.render import Highlights, render_svg
from akrotiri_puzzles.simulate import play_game
from tests.conftest import position, sample, simulated

GOLDEN = Path(__file__).parent / "data" / "golden"
NS = {"svg": "http://www.w3.org/2000/svg"}


@cache
def game_positions() -> tuple[Position, Position, Position]:
    """The start, middle and end of a game between greedy bots."""
    comps = load_components()
    seen: list[Position] = []
    _, final = play_game(comps, 3, bots=("greedy", "greedy"), on_position=seen.append)
    acting = [p for p in seen if p.phase == "act"]
    return acting[0], acting[len(acting) // 2], final


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    """Elements whose class attribute holds the token `cls`."""
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


@pytest.mark.parametrize("stage", [0, 1, 2], ids=["start", "middle", "end"])
def test_svg_is_well_formed_xml_with_a_size(stage):
    root = parse(render_svg(game_positions()[stage]))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert float(root.get("width", "0")) > 500 and float(root.get("height", "0")) > 500
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"


@pytest.mark.parametrize("stage", [0, 1, 2], ids=["start", "middle", "end"])
def test_every_dock_boat_temple_cube_and_icon_appears_once(stage):
    pos = game_positions()[stage]
    root = parse(render_svg(pos))
    board = pos.board

    docks = [el.get("data-dock") for el in with_class(root, "dock")]
    assert sorted(docks) == sorted(board.docks)
    labels = [el.text for el in with_class(root, "dock-label")]
    assert sorted(labels) == sorted(board.docks)  # labelled with the notation's names

    icons = Counter((el.get("data-quad"), el.get("data-kind")) for el in with_class(root, "icon"))
    assert icons == Counter((format_quad(q), kind) for q, kind in board.icons)

    cubes = Counter((el.get("data-piece"), el.get("data-colour")) for el in with_class(root, "cube"))
    expected = Counter[tuple[str, str]]()
    for piece, colour, n in pos.cubes:
        expected[(format_quad(piece), colour)] += n
    assert cubes == expected

    temples = Counter((el.get("data-seat"), el.get("data-site")) for el in with_class(root, "temple"))
    assert temples == Counter(
        (name, format_quad(site))
        for name, seat in zip(("south", "north"), pos.seats, strict=False)
        for _, site in seat.temples
    )

    boats = {(el.get("data-seat"), el.get("data-dock")) for el in with_class(root, "boat")}
    assert boats == {(name, seat.boat) for name, seat in zip(("south", "north"), pos.seats, strict=False) if seat.boat}
    assert len(with_class(root, "cargo")) == sum(len(s.cargo) for s in pos.seats)


def test_tiles_open_slots_and_pieces_are_all_drawn():
    pos = game_positions()[1]
    root = parse(render_svg(pos))
    tiles = {el.get("data-slot") for el in with_class(root, "tile")}
    assert tiles == {f"{x},{y}" for (x, y), _, _ in pos.board.placements}
    open_slots = {el.get("data-slot") for el in with_class(root, "open-slot")}
    assert open_slots == {f"{x},{y}" for x, y in pos.board.open_slots}
    pieces = {el.get("data-piece"): el.get("data-island") for el in with_class(root, "piece")}
    assert pieces == {format_quad(k): format_quad(pos.board.island_of_piece[k]) for k in pos.board.pieces}


def test_rendering_is_deterministic():
    pos = game_positions()[1]
    first = render_svg(pos)
    assert render_svg(pos) == first
    # The same position read back from its file draws the same bytes.
    again = loads_position(dumps_position(pos), load_components())
    assert render_svg(again) == first
    assert not re.search(r"\d\.\d{3,}", first), "numbers are written with at most two decimals"


def _translate(el: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\((-?[\d.]+) (-?[\d.]+)\)", el.get("transform", ""))
    assert m, el.get("transform")
    return float(m.group(1)), float(m.group(2))


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotated_tile_draws_its_icon_in_the_rotated_quadrant(rotation):
    # L01 shows its volcano on the NW quadrant facing north; a quarter turn clockwise moves
    # NW -> NE -> SE -> SW (R-GEO-8).
    pos = position(
        f"""
        board:
        - {{slot: [1, 0], tile: L01, rotation: {rotation}}}
        seats:
          south: {{boat: T1}}
          north: {{boat: T2}}
        """
    )
    expected = {0: "NW", 90: "NE", 180: "SE", 270: "SW"}[rotation]
    root = parse(render_svg(pos))
    (icon,) = with_class(root, "icon")
    assert icon.get("data-quad") == f"1,0{expected}"
    # And it is drawn inside that quarter of the tile's square (y grows down the page).
    (tile,) = with_class(root, "tile")
    x0, y0, size = float(tile.get("x", "0")), float(tile.get("y", "0")), float(tile.get("width", "0"))
    x, y = _translate(icon)
    east, north = x > x0 + size / 2, y < y0 + size / 2
    assert (("N" if north else "S") + ("E" if east else "W")) == expected
    assert x0 < x < x0 + size and y0 < y < y0 + size


def test_quadrant_names_of_icons_match_global_quadrants():
    # Every icon's data-quad is a quadrant of a placed tile (or the Thera board).
    pos = game_positions()[2]
    quads = {format_quad(global_quad(slot, q)) for slot in pos.board.filled for q in QUADRANTS}
    root = parse(render_svg(pos))
    assert {el.get("data-quad") for el in with_class(root, "icon")} <= quads


def test_golden_file_for_a_small_position():
    pos = load_position(GOLDEN / "small-position.yaml", load_components())
    svg = render_svg(pos)
    golden = GOLDEN / "small-position.svg"
    if os.environ.get("AKROTIRI_UPDATE_GOLDEN"):
        golden.write_text(svg, encoding="utf-8")
    assert svg == golden.read_text(encoding="utf-8"), "the picture changed: look at it, then update the golden file"


def test_highlights_draw_the_line_site_and_placed_tile():
    pos = load_position(GOLDEN / "small-position.yaml", load_components())
    from akrotiri_puzzles import parse_line

    line = tuple(parse_line("ship 1,0NW; portage 1,0SE; load red"))
    root = parse(render_svg(pos, Highlights(line=line, site=(3, 1), placed=(1, 0))))
    steps = with_class(root, "line-step")
    assert [s.get("data-step") for s in steps] == ["1", "2"]
    assert "stroke-dasharray" in steps[1].attrib  # portage is dashed, the ship step solid
    assert "stroke-dasharray" not in steps[0].attrib
    assert len(with_class(root, "line-note")) == 1  # "3: load red"
    assert [el.get("data-site") for el in with_class(root, "highlight-site")] == ["1,0NE"]
    assert len(with_class(root, "highlight-tile")) == 1


def test_without_highlights_nothing_is_highlighted():
    root = parse(render_svg(game_positions()[0]))
    assert not with_class(root, "highlights")


def test_the_seats_directions_and_the_rim_are_shown():
    pos = game_positions()[0]
    svg = render_svg(pos)
    root = parse(svg)
    sides = {el.get("data-seat"): "".join(el.itertext()) for el in with_class(root, "seat-side")}
    assert "above = up the page" in sides["south"] and "above = down the page" in sides["north"]
    rim = [("".join(el.itertext())) for el in with_class(root, "rim")[0].iter("{http://www.w3.org/2000/svg}text")]
    xs = {int(t.split()[1]) for t in rim if t.startswith("x ")}
    slots = {*pos.board.filled, *pos.board.open_slots}
    assert xs == {x for x, _ in slots}


def test_positions_from_random_games_all_draw_completely():
    # Setup (no boats yet), a boat passing through the other's dock if one occurs, a sample, the last.
    games = simulated(games=2, seed=300)
    passing = [p for p in games if p.passing][:1]
    for pos in [games[0], *passing, *sample(games, 8, seed=1), games[-1]]:
        root = parse(render_svg(pos))
        assert len(with_class(root, "dock")) == len(pos.board.docks)
        assert len(with_class(root, "boat")) == sum(1 for s in pos.seats if s.boat)
        assert len(with_class(root, "cube")) == sum(n for _, _, n in pos.cubes)


def _placement_puzzle():
    from akrotiri_puzzles.files.puzzle_yaml import load_puzzle

    puzzle = load_puzzle(Path(__file__).parents[1] / "puzzles" / "p05.yaml", load_components())
    assert puzzle.solution is not None and str(puzzle.solution[0]).startswith("tile -1,-2 ")
    return puzzle


def _tile_slots(root: ET.Element) -> set[str | None]:
    return {el.get("data-slot") for el in with_class(root, "tile")}


def test_R_TILE_1_a_line_that_places_a_tile_is_drawn_on_the_board_after_the_placement():
    puzzle = _placement_puzzle()
    line = tuple(puzzle.solution or ())
    assert "-1,-2" not in _tile_slots(parse(render_svg(puzzle.start)))
    root = parse(render_svg(puzzle.start, Highlights(line=line)))
    assert "-1,-2" in _tile_slots(root)  # the placed tile lies in its slot
    assert len(with_class(root, "highlight-tile")) == 1  # outlined as action 1
    # Step 2 sails onto the new tile's dock along its routes, not in a straight line.
    step = with_class(root, "line-step")[0]
    assert step.get("data-step") == "2" and step.get("d", "").count("L") >= 2
    # The tile's label keeps clear of the site ring of action 3 (-1,-2NW, under the top edge).
    (label,) = with_class(root, "highlight-tile-label")
    (ring,) = with_class(root, "highlight-site")
    lx, ly, lw, lh = (float(label.get(k, 0)) for k in ("x", "y", "width", "height"))
    cx, cy, r = (float(ring.get(k, 0)) for k in ("cx", "cy", "r"))
    assert lx + lw < cx - r or lx > cx + r or ly + lh < cy - r or ly > cy + r


def test_R_TILE_1_the_overlay_paints_the_placed_tile_over_the_empty_slot():
    from akrotiri_puzzles.render.overlay import Overlay

    puzzle = _placement_puzzle()
    overlay = Overlay(puzzle.start)
    assert "-1,-2" not in _tile_slots(parse(overlay.picture))
    root = parse(overlay.line_svg(tuple(puzzle.solution or ())))
    placed = with_class(root, "placed-tile")
    assert len(placed) == 1 and "-1,-2" in _tile_slots(placed[0])
    step = with_class(root, "line-step")[0]
    assert step.get("data-step") == "2" and step.get("d", "").count("L") >= 2
    # A line without a placement paints no tile.
    assert not with_class(parse(overlay.line_svg(tuple((puzzle.solution or ())[1:]))), "placed-tile")


def test_R_TURN_1_R_TILE_1_a_line_from_a_tile_placement_is_titled_with_the_position_given():
    """`show --line` from a position whose tile is still to be placed (R-TURN-1: the tile comes
    first, then the action phase) draws the placement on the board (R-TILE-1), and still says
    the position given: its phase and the tile in hand, not the state after the line's step 1."""
    from akrotiri_puzzles.render import render_html

    puzzle = _placement_puzzle()
    start = puzzle.start
    hand = start.seat(start.to_move).tile
    assert start.phase == "place" and hand is not None
    line = tuple(puzzle.solution or ())
    given = f"Turn {start.turn} \u00b7 {start.to_move} to move \u00b7 placing the land tile"
    root = parse(render_svg(start, Highlights(line=line)))
    assert "-1,-2" in _tile_slots(root)  # the placement is drawn on the board
    assert [el.text for el in with_class(root, "title")] == [given]
    assert root.findtext("svg:title", namespaces=NS) == f"Akrotiri position: {given}"
    words = {el.text for el in root.iter(f"{{{NS['svg']}}}text")}
    assert f"land tile in hand: {hand} ({start.components.tile[hand].icon})" in words
    assert len(with_class(root, "tile-drawn")) == len(with_class(parse(render_svg(start)), "tile-drawn"))
    # The page's heading and its picture's title agree.
    page = render_html(start, Highlights(line=line))
    assert f"<h1>{given}</h1>" in page and page.count(f'class="title">{given}<') == 1
