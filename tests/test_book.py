"""`akrotiri-puzzle book`: the HTML and the PDF (read back with poppler's pdftotext and pdftoppm)."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.book.html import build
from akrotiri_puzzles.files.collection import load_collection
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.render.style import SLOT_PX

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).parent / "akrotiri-puzzle"
SAMPLE = ["p08.yaml", "p09.yaml"]  # two lengths, a named map card, portage, a tile placement
GRADED = ROOT / "puzzles" / "generated"
GRADED_SAMPLE = [sorted(GRADED.glob(f"{level}-*.yaml"))[0].name for level in ("hard", "easy", "medium")]
"""One puzzle of each level of the graded collection (its files' names start with their level)."""


def _needs(tool: str) -> None:
    if shutil.which(tool) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is missing in CI: .ci/run should have installed it")
        pytest.skip(f"needs {tool} (apt-get install chromium poppler-utils)")


def test_the_book_orders_puzzles_by_level_and_indexes_techniques(comps):
    files = build(load_collection([ROOT / "puzzles" / n for n in reversed(SAMPLE)], comps))
    html = files["index.html"]
    first = html.index('id="puzzle-1"')
    assert first < html.index("North, turn 16", first) < html.index('id="puzzle-2"')
    assert html.index('id="puzzle-2"') < html.index('id="solution-1"') < html.index("<h2>Index by technique")
    assert "<tr><th>portage</th><td>2</td></tr>" in html
    assert "<tr><th>a named map card</th><td>1</td></tr>" in html
    assert "<tr><th>tile placement</th><td>2</td></tr>" in html
    assert set(files) == {
        "index.html",
        "pictures/key.svg",
        *(f"pictures/{p}{part}.svg" for p in ("p08", "p09") for part in ("", "-panel", "-line")),
    }
    assert "http" not in html.replace("http://www.w3.org", "")


def test_the_book_has_sections_by_level_and_contents_with_page_numbers(comps):
    """The graded collection's levels are sections (easy, medium, hard), each opened by a page of
    its own; the contents give each puzzle's page and its solution's, and the solutions follow
    every puzzle (R-TURN-1: the answers are never beside a puzzle)."""
    chosen = [GRADED / name for name in GRADED_SAMPLE]
    html = build(load_collection(chosen, comps))["index.html"]
    sections = re.findall(r'<section class="page ([a-z]+)"', html)
    assert sections[:3] == ["title", "reading", "contents"]
    levels = re.findall(r'<section class="page divider" id="level-([a-z]+)">', html)
    assert levels == ["easy", "medium", "hard"]
    assert html.index('id="level-hard"') < html.index('id="puzzle-3"') < html.index('id="solutions"')
    assert html.index('id="solutions"') < html.index('id="solution-1"')
    # Every section is one printed page, so the n-th section is page n.
    pages = {
        kind_id: n for n, kind_id in enumerate(re.findall(r'<section class="page [a-z]+"(?: id="([^"]*)")?', html), 1)
    }
    for number in (1, 2, 3):
        row = re.search(rf"<tr><td>{number}</td>.*?<td>solution (\d+)</td><td>(\d+)</td></tr>", html)
        assert row is not None
        assert (int(row[2]), int(row[1])) == (pages[f"puzzle-{number}"], pages[f"solution-{number}"])


def test_book_pdf_is_numbered_as_its_contents_say_and_its_dock_names_print_at_7_pt(tmp_path):
    """The printed book: the title, how to play, the contents; page n carries the number n at its
    foot and holds what the contents put there; each puzzle's board is printed large enough that
    its dock names are at least 7 pt (measured on the PDF: the printed distance between the rim's
    slot labels gives the scale of the picture); the solutions with their lines; the index."""
    _needs("chromium")
    _needs("pdftotext")
    source = tmp_path / "src"
    source.mkdir()
    for path in [ROOT / "puzzles" / SAMPLE[0], GRADED / GRADED_SAMPLE[0]]:
        shutil.copy(path, source / path.name)
    pdf, html = tmp_path / "book.pdf", tmp_path / "html"
    done = subprocess.run(
        [str(EXE), "book", str(source), "--html", str(html), "--pdf", str(pdf)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = text.split("\f")[:-1]
    for n, page in enumerate(pages, start=1):
        assert page.split()[-1] == str(n), (n, page[-200:])  # the number at the foot
    assert "Akrotiri puzzles" in pages[0] and "2 puzzles" in pages[0]
    assert "How to play a puzzle" in pages[1] and "Contents" in pages[2]
    index = (html / "index.html").read_text()
    for number in (1, 2):
        row = re.search(rf"<tr><td>{number}</td>.*?<td>solution (\d+)</td><td>(\d+)</td></tr>", index)
        assert row is not None
        puzzle_page, solution_page = pages[int(row[2]) - 1], pages[int(row[1]) - 1]
        assert f"Puzzle {number}" in puzzle_page and "Goal:" in puzzle_page
        assert f"Solution {number}" in solution_page and "actions" in solution_page
        picture = re.search(rf'id="puzzle-{number}".*?src="pictures/([^"]+).svg"', index, re.S)
        assert picture is not None
        svg = (html / "pictures" / f"{picture[1]}.svg").read_text()
        label_px = min(float(size) for size in re.findall(r'font-size="([0-9.]+)"[^>]*class="dock-label"', svg))
        assert label_px * _printed_slot_pt(pdf, int(row[2])) / SLOT_PX >= 7.0
    flat = " ".join(text.split())
    for path in source.iterdir():  # every solution's line is printed, action by action
        answer = load_puzzle(path, load_components()).solution or ()
        assert answer and all(str(action) in flat for action in answer)
    assert "Index by technique" in pages[-1]
    # A page of the book rendered: the picture is there (many non-white pixels).
    first = int(re.search(r"<tr><td>1</td>.*?<td>(\d+)</td></tr>", index)[1])  # type: ignore[index]
    subprocess.run(
        ["pdftoppm", "-r", "30", "-f", str(first), "-l", str(first), "-gray", str(pdf), str(tmp_path / "p")], check=True
    )
    (page,) = tmp_path.glob("p-*.pgm")
    pixels = page.read_bytes().split(b"\n", 3)[3]
    assert sum(1 for b in pixels if b < 200) > len(pixels) // 20


def _printed_slot_pt(pdf: Path, page: int) -> float:
    """The printed width of one tile slot on a page, in points: the distance between the rim's
    neighbouring slot labels ("x -1", "x 0", ...) along the top of the board."""
    words = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-bbox", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rim = [(float(y), float(x)) for x, y in re.findall(r'xMin="([0-9.]+)" yMin="([0-9.]+)"[^>]*>x</word>', words)]
    top = min(y for y, _ in rim)
    xs = sorted(x for y, x in rim if abs(y - top) < 1)
    gaps = [b - a for a, b in itertools.pairwise(xs)]
    assert len(gaps) >= 2
    return sorted(gaps)[len(gaps) // 2]


def test_book_without_an_output_or_chromium_is_one_line_and_exit_status_2(tmp_path):
    done = subprocess.run([str(EXE), "book", str(ROOT / "puzzles")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr == "error: give --html DIR, --pdf FILE or both\n"
    done = subprocess.run(
        [str(EXE), "book", str(ROOT / "puzzles"), "--pdf", str(tmp_path / "b.pdf"), "--chromium", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "is not an executable file" in done.stderr
    assert not (tmp_path / "b.pdf").exists()


def test_without_chromium_the_pdf_is_one_clear_line(tmp_path, monkeypatch):
    """On a machine without Chromium (no chromium on PATH, none at Debian's place)."""
    from akrotiri_puzzles.book.pdf import PrintError, find_chromium

    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(PrintError) as raised:
        find_chromium(None, fallback=tmp_path / "chromium")
    assert str(raised.value) == "--pdf: needs Chromium to print (apt-get install chromium), or give --chromium PATH"


def test_a_failed_print_leaves_neither_the_pdf_nor_the_html(tmp_path):
    """A Chromium that fails (here `false`) is one line and exit status 2, and nothing is written:
    the PDF is printed before the HTML is written."""
    html, pdf, false = tmp_path / "html", tmp_path / "b.pdf", str(shutil.which("false"))
    done = subprocess.run(
        [
            str(EXE),
            "book",
            str(ROOT / "puzzles" / "p04.yaml"),
            "--html",
            str(html),
            "--pdf",
            str(pdf),
            "--chromium",
            false,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stderr.startswith("error: --pdf: Chromium failed to print"), done.stderr
    assert done.stderr.count("\n") == 1 and not html.exists() and list(tmp_path.iterdir()) == []


def test_book_of_a_puzzle_database_and_a_file_named_twice(tmp_path, comps):
    """`book --db` takes the database's puzzles at its levels; a file named twice is read once."""
    from akrotiri_puzzles.files.puzzle_db import add_puzzles
    from akrotiri_puzzles.files.puzzle_yaml import load_puzzle

    database = tmp_path / "p.sqlite"
    add_puzzles(database, [load_puzzle(ROOT / "puzzles" / "p09.yaml", comps)])
    collection = load_collection([ROOT / "puzzles" / "p04.yaml", ROOT / "puzzles" / "p04.yaml"], comps, [database])
    assert [e.puzzle.id for e in collection.puzzles] == ["p09", "p04"]
    assert "Puzzle 2" in build(collection)["index.html"]
