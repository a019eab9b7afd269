"""`akrotiri-puzzle book`: the HTML and the PDF (read back with poppler's pdftotext and pdftoppm)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from akrotiri_puzzles.book.html import build
from akrotiri_puzzles.files.collection import load_collection

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).parent / "akrotiri-puzzle"
SAMPLE = ["p08.yaml", "p09.yaml"]  # two lengths, a named map card, portage, a tile placement


def _needs(tool: str) -> None:
    if shutil.which(tool) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is missing in CI: .ci/run should have installed it")
        pytest.skip(f"needs {tool} (apt-get install chromium poppler-utils)")


def test_the_book_orders_puzzles_by_level_and_indexes_techniques(comps):
    files = build(load_collection([ROOT / "puzzles" / n for n in reversed(SAMPLE)], comps))
    html = files["index.html"]
    assert html.index("Puzzle 1") < html.index("North, turn 16") < html.index("Puzzle 2")
    assert html.index("Puzzle 2") < html.index("Solution 1") < html.index("Index by technique")
    assert "<tr><th>portage</th><td>2</td></tr>" in html
    assert "<tr><th>a named map card</th><td>1</td></tr>" in html
    assert "<tr><th>tile placement</th><td>2</td></tr>" in html
    assert set(files) == {
        "index.html",
        "pictures/p08.svg",
        "pictures/p09.svg",
        "pictures/p08-line.svg",
        "pictures/p09-line.svg",
    }
    assert "http" not in html.replace("http://www.w3.org", "")


def test_book_pdf_has_the_title_the_puzzles_the_solutions_and_the_index(tmp_path):
    _needs("chromium")
    _needs("pdftotext")
    source = tmp_path / "src"
    source.mkdir()
    for name in SAMPLE:
        shutil.copy(ROOT / "puzzles" / name, source / name)
    pdf = tmp_path / "book.pdf"
    done = subprocess.run(
        [str(EXE), "book", str(source), "--html", str(tmp_path / "html"), "--pdf", str(pdf)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = text.split("\f")
    assert "Akrotiri puzzles" in pages[0] and "2 puzzles" in pages[0]
    assert "Puzzle 1" in pages[1] and "with map card H07" in pages[1]
    assert "Puzzle 2" in pages[2] and "Goal: North to excavate a temple, this turn." in pages[2]
    assert "Solution 1" in pages[3] and "ship 0,1SE" in pages[3] and "excavate H07 0,1SE" in pages[3]
    assert "Solution 2" in pages[4] and "portage 1,0NE" in pages[4] and "excavate H09 -1,-2NE" in pages[4]
    assert "Index by technique" in pages[5] and "portage" in pages[5]
    # A page of the book rendered: the picture is there (many non-white pixels).
    subprocess.run(["pdftoppm", "-r", "30", "-f", "4", "-l", "4", "-gray", str(pdf), str(tmp_path / "p")], check=True)
    (page,) = tmp_path.glob("p-*.pgm")
    pixels = page.read_bytes().split(b"\n", 3)[3]
    assert sum(1 for b in pixels if b < 200) > len(pixels) // 20


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
