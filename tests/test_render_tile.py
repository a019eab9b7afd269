"""The tile in hand drawn beside the board, a placed tile drawn alone (the page's preview, a line's
overlay) with the mark of its rotation, and a route travelled twice drawn so that neither arrow
nor badge hides the other (render/tile_painter.py, render/highlight.py)."""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from akrotiri_puzzles import load_components, parse_line
from akrotiri_puzzles.actions import PlaceTile
from akrotiri_puzzles.common.render.svgdoc import SVG_NS, serialise
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.geometry import ROTATIONS, format_quad, global_quad, quad_slot, rotate_quadrant
from akrotiri_puzzles.render import Highlights, render_svg, terminal_view
from akrotiri_puzzles.render.overlay import Overlay
from akrotiri_puzzles.render.style import ICON_COLOUR, SLOT_PX
from akrotiri_puzzles.render.summary import summarise
from akrotiri_puzzles.render.tile_painter import draw_tile
from akrotiri_puzzles.render.words import tile_words

ROOT = Path(__file__).resolve().parents[1]
SVG = f"{{{SVG_NS}}}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def _with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def _puzzle(pid: str):
    return load_puzzle(ROOT / "puzzles" / f"{pid}.yaml", load_components())


def _translate(el: ET.Element) -> tuple[float, float]:
    m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", el.get("transform", ""))
    assert m, el.attrib
    return float(m.group(1)), float(m.group(2))


def _drawn(tile: str, rotation: int) -> ET.Element:
    pos = _puzzle("p05").start
    root = ET.Element("svg", {"xmlns": SVG_NS})
    draw_tile(root, pos, tile, 0.0, 0.0, rotation)
    return _parse(serialise(root))


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_R_GEO_8_the_tile_in_hand_is_drawn_with_its_docks_routes_and_icon_where_its_rotation_puts_them(rotation):
    """Every tile of the game, drawn alone: one dock marker per dock of its data, one route line
    per route, its icon (the kind's colour) in the quadrant the rotation turns it to, and the mark
    of its printed top on the side the rotation turns north to."""
    comps = load_components()
    for tile, spec in comps.tile.items():
        root = _drawn(tile, rotation)
        circles = list(root.iter(f"{SVG}circle"))
        docks = [c for c in circles if c.get("stroke") == "#1d3557"]
        assert len(docks) == len(spec.docks), tile
        routes = [line for g in root.iter(f"{SVG}g") if g.get("stroke") == "#2f6ea3" for line in g.iter(f"{SVG}line")]
        assert len(routes) == len(spec.routes), tile
        icons = [g for g in root.iter(f"{SVG}g") if any(
            c.get("stroke") == ICON_COLOUR[spec.icon] and c.get("fill") == "#ffffff" for c in g.findall(f"{SVG}circle")
        )]  # fmt: skip
        assert len(icons) == 1, tile
        x, y = _translate(icons[0])
        quadrant = ("N" if y < SLOT_PX / 2 else "S") + ("W" if x < SLOT_PX / 2 else "E")
        assert quadrant == rotate_quadrant(spec.icon_quadrant, rotation), tile
        (mark,) = [el for el in root.iter() if el.get("class") == "top-mark"]
        assert mark.get("data-side") == {0: "N", 90: "E", 180: "S", 270: "W"}[rotation]


def test_the_tile_in_hand_carries_none_of_the_classes_that_find_the_boards_things():
    """Tools count docks, icons and tiles by class (docs/rendering.md): a tile off the board has none."""
    root = _drawn("L05", 90)
    classes = {el.get("class") for el in root.iter()} - {None}
    assert classes == {"tile-drawn", "top-mark"}


def test_R_SET_7_the_picture_draws_each_seats_tile_in_hand_in_the_panel():
    puzzle = _puzzle("p05")
    root = _parse(render_svg(puzzle.start))
    drawn = {el.get("data-tile") for el in _with_class(root, "tile-drawn")}
    assert drawn == {s.tile for s in puzzle.start.seats if s.tile}
    panel = _with_class(root, "key")[0]
    assert all(el in set(panel.iter()) for el in _with_class(root, "tile-drawn"))
    text = " ".join("".join(t.itertext()) for t in panel.iter(f"{SVG}text"))
    hero_tile = puzzle.start.hero.tile
    assert f"{hero_tile} \u00b7 {load_components().tile[hero_tile].icon}" in text
    # After the placement the tile is on the board, no longer in hand.
    after = _parse(render_svg(apply(puzzle.start, (puzzle.solution or ())[0])))
    assert {el.get("data-tile") for el in _with_class(after, "tile-drawn")} == {puzzle.start.seat("north").tile}


def test_R_TILE_1_a_placed_tile_is_outlined_with_the_mark_of_its_rotation():
    puzzle = _puzzle("p05")
    placing = (puzzle.solution or ())[0]
    assert isinstance(placing, PlaceTile) and placing.rotation == 180
    for svg in (render_svg(puzzle.start, Highlights(line=tuple(puzzle.solution or ()))),
                Overlay(puzzle.start).line_svg(tuple(puzzle.solution or ()))):  # fmt: skip
        root = _parse(svg)
        (mark,) = _with_class(_with_class(root, "highlights")[0], "top-mark")  # (the panel's tiles have theirs)
        assert mark.get("data-side") == "S"  # turned half round: its printed top faces south
        (outline,) = _with_class(root, "highlight-tile")
        ys = [float(v) for v in re.findall(r"[-\d.]+", mark.get("d", ""))[1::2]]
        bottom = float(outline.get("y", 0)) + float(outline.get("height", 0))
        assert min(ys) >= bottom - 3  # on the slot's south edge, outside


def test_R_TILE_2_the_overlay_draws_the_placed_tile_alone_with_its_docks_cubes_and_icon():
    """The slot painter draws the placed tile's things and nothing of any other slot: its docks
    (named), the icon in the quadrant its rotation turns it to, the cubes the placement put on it."""
    puzzle = _puzzle("p05")
    placing = (puzzle.solution or ())[0]
    assert isinstance(placing, PlaceTile)
    after = apply(puzzle.start, placing)
    root = _parse(Overlay(puzzle.start).line_svg((placing,)))
    assert len(_with_class(root, "placed-tile")) == 1
    slot_docks = sorted(n for n, d in after.board.docks.items() if quad_slot(d.quad) == placing.slot)
    assert sorted(el.get("data-dock") for el in _with_class(root, "dock")) == slot_docks
    assert sorted(el.get("data-dock") for el in _with_class(root, "dock-label")) == slot_docks
    spec = after.components.tile[puzzle.start.hero.tile or ""]
    icon_quad = global_quad(placing.slot, rotate_quadrant(spec.icon_quadrant, placing.rotation))
    assert [el.get("data-quad") for el in _with_class(root, "icon")] == [format_quad(icon_quad)]
    cubes = [el.get("data-colour") for el in _with_class(root, "cube")]
    new = [(p, c, n) for p, c, n in after.cubes if quad_slot(p) == placing.slot]
    assert sorted(cubes) == sorted(c for _, c, n in new for _ in range(n))
    assert "green" in cubes  # the second cube of the solution, green@SE


def test_R_MOVE_1_a_route_sailed_out_and_back_has_two_lanes_and_two_badges_in_sight():
    """p01: ship from T1 to -1,-2SE and back along the same routes: the arrows run side by side
    and the badges 1 and 2 lie apart (the demo's hard-s1-00006 had step 2 under step 4)."""
    puzzle = _puzzle("p01")
    start = puzzle.start.hero.boat
    line = tuple(parse_line(f"ship -1,-2SE; ship {start}"))
    for svg in (render_svg(puzzle.start, Highlights(line=line)), Overlay(puzzle.start).line_svg(line)):
        root = _parse(svg)
        steps = _with_class(root, "line-step")
        assert [s.get("data-step") for s in steps] == ["1", "2"]
        out, back = ([tuple(map(float, p)) for p in re.findall(r"([-\d.]+) ([-\d.]+)", s.get("d", ""))] for s in steps)
        # The way back runs beside the way out, never on it.
        assert min(math.dist(p, q) for p in back for q in out) > 4.0
        badges = {b.get("data-step"): b.find(f"{SVG}circle") for b in _with_class(root, "line-badge")}
        centres = [(float(c.get("cx", 0)), float(c.get("cy", 0))) for c in badges.values() if c is not None]
        assert len(centres) == 2
        for a, b in itertools.combinations(centres, 2):
            assert math.dist(a, b) >= 2 * 10.0  # two badge radii: neither covers the other


def test_the_terminal_names_the_tile_in_hand_its_land_docks_and_routes():
    from rich.console import Console

    puzzle = _puzzle("p05")
    console = Console(width=300, record=True)
    console.print(terminal_view(puzzle.start))
    shown = " ".join(console.export_text().split())
    tile = puzzle.start.hero.tile or ""
    assert f"{tile} (volcano on NE) as printed: land NW | NE | SW | SE" in shown
    (row,) = [w for what, w in summarise(puzzle.start).seats[0].rows if what == "land tile"]
    assert row == tile_words(puzzle.start, tile)
    words = tile_words(puzzle.start, "L05")
    assert words == (
        "L05 (volcano on NE) as printed: land NW | NE | SW | SE; docks NE SE SW; routes N E by dock NE, S W by docks SE SW"
    )


def test_R_MOVE_2_a_line_is_counted_in_actions_and_in_steps():
    """hard-s1-00006's answer: 8 steps, of which a Move's second step and two free sales cost
    nothing, so 5 actions (the page's counter and show --solution say both)."""
    from akrotiri_puzzles.render.words import count_words

    assert count_words((1, 1, 0, 1, 0, 0, 1, 1)) == "5 actions (8 steps)"
    assert count_words((1, 1)) == "2 actions"
    assert count_words((0,)) == "0 actions (1 step)"


def test_R_END_1_revealed_next_tiles_are_drawn_top_first_with_their_ids_and_icons():
    from akrotiri_puzzles.render.tile_painter import tiles_svg

    pos = _puzzle("p05").start
    root = _parse(tiles_svg(pos, ("L16", "L05", "L02")))
    assert [el.get("data-tile") for el in _with_class(root, "tile-drawn")] == ["L16", "L05", "L02"]
    words = [("".join(t.itertext())) for t in root.iter(f"{SVG}text")]
    assert words == ["1. L16 \u00b7 mountain", "2. L05 \u00b7 volcano", "3. L02 \u00b7 lake"]
    assert {load_components().tile[t].icon for t in ("L16", "L05", "L02")} == {"mountain", "volcano", "lake"}


@pytest.mark.parametrize("tiles", [("L16",), ("L16", "L05", "L02"), ("L05",)])
def test_R_END_1_a_revealed_tiles_caption_is_never_cut_at_the_pictures_edge(tiles):
    """One revealed tile at the page's scale: its caption ("1. L16 · mountain") is wider than the
    tile; the picture is laid out wide enough for it (found cut on the page, 2026-11-29)."""
    from akrotiri_puzzles.render.tile_painter import CAPTION_EM, tiles_svg

    pos = _puzzle("p05").start
    root = _parse(tiles_svg(pos, tiles, scale=0.5))
    width = float(root.get("width"))
    for t in root.iter(f"{SVG}text"):
        words, x, size = "".join(t.itertext()), float(t.get("x")), float(t.get("font-size"))
        half = CAPTION_EM * size * len(words) / 2
        assert t.get("text-anchor") == "middle" and x - half >= 0 and x + half <= width, words
