"""PNG, HTML and terminal views of a position: made from the same picture and summary."""

from __future__ import annotations

import io
import re
import struct
from pathlib import Path

from rich.console import Console

from akrotiri_puzzles import load_components, load_position
from akrotiri_puzzles.render import Highlights, render_html, render_png, render_svg, terminal_view
from akrotiri_puzzles.render.summary import summarise

SMALL = Path(__file__).parent / "data" / "golden" / "small-position.yaml"


def small():
    return load_position(SMALL, load_components())


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_png_is_the_svg_rasterised_at_its_size_and_scale():
    pos = small()
    svg = render_svg(pos)
    width = float(re.search(r'width="([\d.]+)"', svg).group(1))
    height = float(re.search(r'height="([\d.]+)"', svg).group(1))
    assert png_size(render_png(pos)) == (round(width), round(height))
    w2, h2 = png_size(render_png(pos, scale=0.5))
    assert abs(w2 - width / 2) <= 1 and abs(h2 - height / 2) <= 1


def test_png_is_deterministic():
    pos = small()
    assert render_png(pos) == render_png(pos)


def test_html_page_is_self_contained_with_picture_and_summary():
    pos = small()
    page = render_html(pos, Highlights(site=(3, 1)), notes=("Goal: excavate a temple.",))
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<svg") == 1 and "<?xml" not in page
    # Nothing is fetched from elsewhere: no scripts, stylesheets or images by address.
    assert not re.search(r"\b(src|href)\s*=", page)
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for words in ("South seat (to move)", "North seat", "drachmas", "E01 (cost 3, 3 pts)", "Market", "Goal: excavate"):
        assert words in page, words
    assert render_html(pos) == render_html(pos)


def test_summary_names_each_seats_things_and_the_market():
    summary = summarise(small())
    south, north = summary.seats
    assert south.to_move and not north.to_move
    rows = dict(south.rows)
    assert rows["drachmas"] == "5" and rows["boat"] == "T1" and rows["cargo"] == "blue"
    assert rows["actions"] == "3 left this turn (3 a turn)"
    assert dict(north.rows)["temples"] == "1/6: E05 at 1,0NE"
    assert [c for c, _, _ in summary.market] == ["red", "blue", "green", "gray"]
    assert dict((c, left) for c, left, _ in summary.market) == {"red": 7, "blue": 7, "green": 6, "gray": 8}


def test_terminal_view_shows_the_board_map_seats_and_market():
    console = Console(file=io.StringIO(), width=110, color_system=None)
    console.print(terminal_view(small()))
    text = console.file.getvalue()
    for words in ("Turn 5", "south (to move)", "drachmas", "E01", "Market", "one sale earns", "~~"):
        assert words in text, words
