"""Kreta's pictures: the SVG shows every piece by colour, the provinces the next scoring reads
marked, the fort cards and each player's cards; the same position gives the same bytes; PNG and
the terminal view; a board file without geometry is drawn schematically."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

import yaml

from akrotiri_puzzles.common.render.png import svg_to_png
from akrotiri_puzzles.kreta.files.board_yaml import DEFAULT_BOARD, load_board
from akrotiri_puzzles.kreta.render.svg import render_svg
from akrotiri_puzzles.kreta.render.terminal import terminal_view
from akrotiri_puzzles.kreta.setup import new_game

from .conftest import build, tiles_without
from .test_notation import positions

NS = "{http://www.w3.org/2000/svg}"


def classes(svg: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for el in ET.fromstring(svg).iter():
        c = el.get("class")
        if c:
            counts[c] = counts.get(c, 0) + 1
    return counts


def test_K_SCORE_1_every_piece_is_drawn_once():
    for pos in positions()[::25]:
        counts = classes(render_svg(pos))
        players = pos.players
        assert counts.get("villager", 0) == sum(sum(p.villagers) for p in players)
        assert counts.get("village", 0) == sum(sum(p.villages) for p in players)
        assert counts.get("abbot", 0) == sum(p.abbot is not None for p in players)
        assert counts.get("ship", 0) == sum(len(p.ships) for p in players)
        assert counts.get("fort", 0) == sum(f is not None for f in pos.forts)
        assert counts["province"] == 16 and counts["port"] == 8


def test_K_CAST_1_the_provinces_the_next_scoring_reads_are_marked():
    pos = build(scored=17)
    root = ET.fromstring(render_svg(pos))
    marked = next(g for g in root.iter(f"{NS}g") if g.get("id") == "next-scoring")
    assert len(list(marked)) == 4  # fort space 17 touches 4 provinces


def test_pieces_take_their_players_colours_and_cards_show_held_and_played():
    pos = build(
        players=3,
        red={"villagers": {"ida": 2}, "table": ["admiral"], "tiles": {build().tiles[1]: 1}, "villages": {"ida": 1}},
        blue={"abbot": "ida"},
        white={"ships": ["chania"]},
        tiles=tiles_without("chania"),
    )
    svg = render_svg(pos)
    assert svg.count('fill="#d62728"') >= 4  # red: 2 villagers, 1 village, the admiral played, the panel
    assert ">admiral<" in svg and ">king<" in svg
    assert "in supply: 3 villagers, 3 villages" in svg


def test_the_same_position_gives_the_same_bytes_and_a_png():
    pos = positions()[60]
    assert render_svg(pos) == render_svg(pos)
    png = svg_to_png(render_svg(pos), 0.5)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_terminal_view_names_the_scored_provinces_and_the_cards():
    from rich.console import Console

    console = Console(width=120, record=True)
    console.print(terminal_view(build(scored=2)))
    text = console.export_text()
    assert "* kissamos" in text and "* sfakia" in text and "Fort cards: next 2" in text


def test_a_board_without_geometry_is_drawn_schematically(tmp_path):
    doc = copy.deepcopy(yaml.safe_load(DEFAULT_BOARD.read_text()))
    for p in doc["provinces"]:
        for key in ("shape", "port_at", "label_at"):
            p.pop(key, None)
    for s in doc["fort_spaces"]:
        s.pop("at")
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(doc))
    board = load_board(path)
    counts = classes(render_svg(new_game(board, 2, 1)))
    assert counts["province"] == 16 and counts["port"] == 8
