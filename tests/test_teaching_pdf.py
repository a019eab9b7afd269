"""`akrotiri-puzzle teach --pdf`: the lessons' booklet printed by headless Chromium, as the
puzzle book is (read back with poppler's pdftotext and pdftoppm)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.lesson_yaml import load_lessons
from akrotiri_puzzles.notation import format_line

from .conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
LESSONS_DIR = ROOT / "lessons"
SAMPLE = ("ship-steps", "second-cube")  # the first lesson, and one whose picture shows a tile laid


def _needs(tool: str) -> None:
    if shutil.which(tool) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is missing in CI: .ci/run should have installed it")
        pytest.skip(f"needs {tool} (apt-get install chromium poppler-utils)")


def _teach(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return run_cli("teach", *args, timeout=300)


def _sample(tmp_path: Path) -> Path:
    where = tmp_path / "lessons"
    where.mkdir()
    for name in SAMPLE:
        shutil.copy(LESSONS_DIR / f"{name}.yaml", where)
    return where


def test_R_TILE_2_R_MOVE_1_teach_pdf_holds_every_lesson_with_its_picture(tmp_path):
    _needs("chromium")
    _needs("pdftotext")
    lessons = load_lessons(_sample(tmp_path), load_components())
    pdf, book = tmp_path / "lessons.pdf", tmp_path / "book"
    done = _teach("--book", book, "--pdf", pdf, "--lessons", tmp_path / "lessons")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"2 lessons: {book / 'lessons.html'}, {pdf}"
    assert (book / "lessons.html").is_file()
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    flat = " ".join(text.split())
    for lesson in lessons:
        assert f"{lessons.index(lesson) + 1}. {lesson.title}" in flat
        assert f"akrotiri-puzzle teach {lesson.id} --answer" in flat  # its exercise
    # The answers are at the back, after every exercise (a reader is not shown one by accident).
    back = flat.index("Answers Answer 1.")
    for lesson in lessons:
        assert flat.index(f"akrotiri-puzzle teach {lesson.id} --answer") < back
        assert flat.index(" ".join(format_line(list(lesson.answer)).split()), back) > back
    # The first lesson's picture is on a page of its own after its words: many dark pixels.
    pages = text.split("\f")
    at = next(i for i, page in enumerate(pages) if "Exercise" in page) + 1
    subprocess.run(
        ["pdftoppm", "-r", "30", "-f", str(at), "-l", str(at), "-gray", str(pdf), str(tmp_path / "p")], check=True
    )
    (page,) = tmp_path.glob("p-*.pgm")
    pixels = page.read_bytes().split(b"\n", 3)[3]
    assert sum(1 for b in pixels if b < 200) > len(pixels) // 20


def test_teach_pdf_bad_input_is_one_line_and_writes_nothing(tmp_path):
    """A failed print (a Chromium that exits 1) leaves neither the PDF nor the booklet; --pdf with
    a lesson id, and --chromium without --pdf, are refused before anything is written."""
    false = str(shutil.which("false"))
    pdf, book = tmp_path / "out" / "lessons.pdf", tmp_path / "book"
    where = _sample(tmp_path)
    cases = [
        (("--book", book, "--pdf", pdf, "--chromium", false), "error: --pdf: Chromium failed to print"),
        (("--pdf", pdf, "--chromium", tmp_path), "is not an executable file"),
        (("second-cube", "--pdf", pdf), "error: --book and --pdf write every lesson"),
        (("--book", book, "--chromium", false), "error: --chromium is for printing with --pdf"),
        (("ship-steps", "--chromium", false), "error: --chromium is for printing with --pdf"),
    ]
    for args, said in cases:
        done = _teach(*args, "--lessons", where)
        assert done.returncode == 2 and said in done.stderr, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert not pdf.exists() and not book.exists()
