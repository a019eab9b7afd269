"""Every file a command writes lies inside its output folder (issue 32, points 1 and 2): names
made from ids come from one safe transform (common/files/names.py), every path written under a folder
is checked to lie inside it once links are followed, and a refusal is one line, exit status 2,
with nothing written. One test per command that writes."""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from akrotiri_puzzles.common.errors import InputError
from akrotiri_puzzles.files.puzzle_db import add_puzzles
from akrotiri_puzzles.files.puzzle_yaml import dumps_puzzle, load_puzzle

from .conftest import ROOT, one_line_error, run_cli

P01 = ROOT / "puzzles" / "p01.yaml"
HOSTILE_IDS = ("../../escaped", "/tmp/absolute-escape", "sub/dir", "..", ".hidden", "a b", "é", "x" * 101, "")


def _files(folder: Path) -> list[str]:
    """Every file and link under `folder`, relative, sorted."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def _tree(tmp_path: Path) -> tuple[Path, Path]:
    """A working folder `work` (where the output goes) beside `outside` (which must stay as it is)."""
    work, outside = tmp_path / "work", tmp_path / "outside"
    work.mkdir()
    outside.mkdir()
    (outside / "keep.txt").write_text("untouched\n")
    return work, outside


def _untouched(outside: Path) -> None:
    assert _files(outside) == ["keep.txt"], _files(outside)
    assert (outside / "keep.txt").read_text() == "untouched\n"


# ---- the shared helper ----------------------------------------------------------------------


def test_every_id_in_the_repository_is_a_file_name():
    from akrotiri_puzzles.common.files.names import file_stem
    from akrotiri_puzzles.kreta.files.board_yaml import default_board
    from akrotiri_puzzles.kreta.files.puzzle_yaml import load_puzzle as load_kreta_puzzle

    kreta = ROOT / "puzzles" / "kreta"
    files = sorted((ROOT / "puzzles").rglob("*.yaml"))
    ids = [load_puzzle(p, _comps()).id for p in files if kreta not in p.parents]
    ids += [load_kreta_puzzle(p, default_board()).id for p in files if kreta in p.parents]
    assert len(ids) > 40 and any(kreta in p.parents for p in files)
    assert [file_stem(i, "test") for i in ids] == ids


@pytest.mark.parametrize("ident", HOSTILE_IDS)
def test_an_id_outside_the_character_set_cannot_name_a_file(ident):
    from akrotiri_puzzles.common.files.names import UnsafeNameError, file_stem

    with pytest.raises(UnsafeNameError, match=r"^db\.sqlite: puzzle x: id .* cannot name a file: an id written"):
        file_stem(ident, "db.sqlite: puzzle x")


def test_a_path_is_inside_its_folder_only_once_links_are_followed(tmp_path):
    from akrotiri_puzzles.common.files.names import UnsafeNameError, inside

    work, outside = _tree(tmp_path)
    assert inside(work, "a.yaml", "--out") == work / "a.yaml"
    assert inside(work, "pictures/a.svg", "--html") == work / "pictures" / "a.svg"
    (work / "pictures-link").symlink_to(outside, target_is_directory=True)
    (work / "file-link.yaml").symlink_to(outside / "keep.txt")
    for name in ("../x", "/etc/passwd", "pictures-link/a.svg", "file-link.yaml", "a/../../x", "."):
        with pytest.raises(UnsafeNameError, match="lies outside"):
            inside(work, name, "--out")


def test_two_ids_differing_only_in_case_name_one_file():
    from akrotiri_puzzles.common.files.names import UnsafeNameError, stems_distinct

    stems_distinct([("p01", "a"), ("p02", "b")], "--out")
    with pytest.raises(UnsafeNameError, match="'P01' names the same file as a"):
        stems_distinct([("p01", "a"), ("P01", "b")], "--out")


# ---- export (point 1) -----------------------------------------------------------------------


def _database(path: Path, *ids: str) -> Path:
    p01 = load_puzzle(P01, _comps())
    # Different positions (the turn) so that each is its own row.
    rows = [replace(p01, id=i, start=replace(p01.start, turn=p01.start.turn + n)) for n, i in enumerate(ids)]
    assert add_puzzles(path, rows) == len(ids)
    return path


@pytest.mark.parametrize("ident", ["../../escaped", "/ABSOLUTE", "sub/dir"])
def test_export_never_writes_outside_out(tmp_path, ident):
    """Point 1: an id with `../`, an absolute path or a `/` wrote a file wherever it said (exit 0)."""
    work, outside = _tree(tmp_path)
    ident = ident.replace("/ABSOLUTE", str(outside / "absolute"))
    db = _database(tmp_path / "p.sqlite", "fine", ident)
    line = one_line_error(run_cli("export", "--db", db, "--out", work / "out", cwd=work), "cannot name a file")
    assert "p.sqlite: puzzle" in line
    _untouched(outside)
    assert _files(work) == [], "nothing written, not even the good puzzle"
    assert not list(tmp_path.glob("*.yaml")) and not (tmp_path.parent / "escaped.yaml").exists()


def test_export_refuses_two_ids_naming_one_file_and_writes_the_rest_when_all_is_well(tmp_path):
    work, _ = _tree(tmp_path)
    db = _database(tmp_path / "twice.sqlite", "p-1", "P-1")
    one_line_error(run_cli("export", "--db", db, "--out", work), "written twice")
    assert _files(work) == []
    db = _database(tmp_path / "good.sqlite", "a.1", "b_2", "c-3")
    done = run_cli("export", "--db", db, "--out", work / "o")
    assert done.returncode == 0, done.stderr
    assert _files(work / "o") == ["a.1.yaml", "b_2.yaml", "c-3.yaml"]
    assert load_puzzle(work / "o" / "b_2.yaml", _comps()).id == "b_2"


def test_export_refuses_a_link_in_out_that_leads_outside(tmp_path):
    work, outside = _tree(tmp_path)
    (work / "fine.yaml").symlink_to(outside / "keep.txt")
    db = _database(tmp_path / "p.sqlite", "fine")
    one_line_error(run_cli("export", "--db", db, "--out", work), "lies outside")
    _untouched(outside)
    assert _files(work) == ["fine.yaml"]


# ---- book (point 2) -------------------------------------------------------------------------


@pytest.mark.parametrize("ident", ["../../escaped", "sub/dir"])
def test_book_never_writes_pictures_outside_html(tmp_path, ident):
    """Point 2: picture names came from ids: `../../x` wrote outside --html, a `/` made subfolders."""
    work, outside = _tree(tmp_path)
    db = _database(tmp_path / "p.sqlite", ident)
    one_line_error(run_cli("book", "--db", db, "--html", work / "book", cwd=work), "cannot name a file")
    _untouched(outside)
    assert _files(work) == []


def test_book_writes_its_pictures_under_html_by_id(tmp_path):
    work, outside = _tree(tmp_path)
    done = run_cli("book", P01, "--html", work / "book")
    assert done.returncode == 0, done.stderr
    written = _files(work / "book")
    assert {"index.html", "pictures/p01-line.svg", "pictures/p01.svg"} <= set(written)
    assert all(w in ("index.html", "pictures") or w.startswith("pictures/") for w in written), written
    (work / "book" / "pictures").rename(work / "old")
    (work / "book" / "pictures").symlink_to(outside, target_is_directory=True)
    one_line_error(run_cli("book", P01, "--html", work / "book"), "lies outside")
    _untouched(outside)


def test_printing_writes_its_scratch_files_inside_the_scratch_folder(tmp_path):
    """`book --pdf` and `teach --pdf` copy the pages into a scratch folder before printing: a
    name leading out of it is refused before Chromium is asked for anything."""
    from akrotiri_puzzles.book.pdf import print_pages

    _, outside = _tree(tmp_path)
    with pytest.raises(InputError, match="lies outside"):
        print_pages(
            {"index.html": "x", f"../../../../../../..{outside}/x.svg": "y"},
            "index.html",
            tmp_path / "b.pdf",
            Path("/bin/false"),
        )
    _untouched(outside)
    assert not (tmp_path / "b.pdf").exists()


# ---- the other commands that write ----------------------------------------------------------


def test_generate_refuses_a_link_in_out_that_leads_outside(tmp_path):
    """`generate` appends to a journal of dropped candidates in --out: a link there is refused
    before any work, never followed."""
    work, outside = _tree(tmp_path)
    (work / ".generate-dropped.tsv").symlink_to(outside / "keep.txt")
    one_line_error(run_cli("generate", "--difficulty", "easy", "--out", work), "lies outside")
    _untouched(outside)


def test_teach_book_writes_only_its_booklet_inside_book(tmp_path):
    """`teach --book DIR` writes DIR/lessons.html and nothing else; a lesson id that is not a
    name (lesson files allow a-z, 0-9 and '-') is refused; a link at DIR/lessons.html is refused."""
    work, outside = _tree(tmp_path)
    lessons = work / "lessons"
    lessons.mkdir()
    text = (ROOT / "lessons" / "empty-boat.yaml").read_text()
    (lessons / "hostile.yaml").write_text(text.replace("id: empty-boat", "id: ../../escaped", 1))
    one_line_error(run_cli("teach", "--lessons", lessons, "--book", work / "b"), "hostile.yaml: id:")
    assert not (work / "b").exists()
    (lessons / "hostile.yaml").write_text(text)
    done = run_cli("teach", "--lessons", lessons, "--book", work / "b")
    assert done.returncode == 0, done.stderr
    assert _files(work / "b") == ["lessons.html"]
    (work / "b" / "lessons.html").unlink()
    (work / "b" / "lessons.html").symlink_to(outside / "keep.txt")
    one_line_error(run_cli("teach", "--lessons", lessons, "--book", work / "b"), "lies outside")
    _untouched(outside)


def test_simulate_save_positions_writes_all_inside_or_nothing(tmp_path):
    work, outside = _tree(tmp_path)
    out = work / "pos"
    done = run_cli("simulate", "--games", "1", "--seed", "3", "--max-turns", "3", "--save-positions", out)
    assert done.returncode == 0, done.stderr
    assert _files(out) == ["game3-final.yaml", "game3-turn001.yaml"]
    (out / "game3-final.yaml").unlink()
    (out / "game3-final.yaml").symlink_to(outside / "keep.txt")
    (out / "game3-turn001.yaml").unlink()
    one_line_error(
        run_cli("simulate", "--games", "1", "--seed", "3", "--max-turns", "3", "--save-positions", out), "lies outside"
    )
    _untouched(outside)
    assert _files(out) == ["game3-final.yaml"], "nothing written"


@pytest.mark.parametrize("command", ["show", "apply"])
def test_a_single_output_file_that_is_a_link_is_replaced_never_followed(tmp_path, command):
    """`show --svg FILE`, `apply -o FILE` (and every option naming one file) write the file named:
    a link there is replaced by the file, and what it pointed at is left as it was."""
    work, outside = _tree(tmp_path)
    target = work / "out.yaml"
    target.symlink_to(outside / "keep.txt")
    if command == "show":
        done = run_cli("show", P01, "--svg", target)
    else:
        position = work / "pos.yaml"
        run_cli("simulate", "--games", "1", "--seed", "3", "--max-turns", "1", "--save-positions", work / "s")
        shutil.copy(work / "s" / "game3-turn001.yaml", position)
        legal = run_cli("legal", position).stdout.split("\n")[0]
        done = run_cli("apply", position, legal, "-o", target)
    assert done.returncode == 0, done.stderr
    assert not target.is_symlink() and target.stat().st_size > 0
    _untouched(outside)
    assert os.listdir(work).count("out.yaml") == 1


def _comps():
    from akrotiri_puzzles import load_components

    return load_components()


def test_dumps_of_a_hostile_id_reads_back(tmp_path):
    """The hostile ids above are valid puzzle ids (1 to 100 characters): only writing them as
    file names is refused, so `show`, `solve` and `serve` still take such a puzzle."""
    p = replace(load_puzzle(P01, _comps()), id="../../escaped")
    (tmp_path / "h.yaml").write_text(dumps_puzzle(p))
    assert load_puzzle(tmp_path / "h.yaml", _comps()).id == "../../escaped"
