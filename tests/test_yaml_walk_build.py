"""The guard's walk builds a document as it checks it (common/files/guard.py `load_document`):
what it builds is exactly what the safe YAML reader builds, and whatever it leaves to the
reader (anchors, tags, merge keys, a second document, syntax errors) the reader still builds or
reports. The guard's refusals themselves are tests/test_files_hardening.py's."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from akrotiri_puzzles.common.files.guard import UNBUILT, check_document, load_document
from akrotiri_puzzles.common.files.yamlio import parse_yaml
from akrotiri_puzzles.errors import PuzzleError

ROOT = Path(__file__).resolve().parents[1]
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
FILES = sorted(
    p
    for folder in ("puzzles", "lessons", "akrotiri_puzzles", "tests/data")
    for p in (ROOT / folder).rglob("*.yaml")
    if p.stat().st_size < 200_000
)


def same(a: object, b: object) -> bool:
    """Equal values of equal types all the way down (NaN equal to NaN, True not equal to 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return same(list(a), list(b)) and same(list(a.values()), list(b.values()))
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return a == b


def built(text: str) -> object:
    return load_document(text, "t.yaml", PuzzleError, LOADER)


def test_every_yaml_file_of_the_repository_is_built_as_the_reader_builds_it():
    assert len(FILES) > 100
    unbuilt = []
    for path in FILES:
        text = path.read_text(encoding="utf-8-sig")
        try:
            expected = yaml.load(text, Loader=LOADER)
        except yaml.YAMLError:
            continue
        got = built(text)
        if got is UNBUILT:
            unbuilt.append(path.name)
            continue
        assert same(got, expected), path
    # Only files with anchors or explicit tags are left to the reader: the puzzles never.
    assert not [n for n in unbuilt if n.startswith("p")], unbuilt
    assert len(unbuilt) < len(FILES) // 10, unbuilt


SCALARS = [
    # ints as YAML 1.1 spells them: octal, hex, binary, underscores, sexagesimal, signs
    "0",
    "-0",
    "+5",
    "012",
    "0o17",
    "0x1F",
    "-0x1f",
    "0b101",
    "1_000",
    "1:30",
    "190:20:30",
    "08",
    "09.5",
    # floats
    "1.5",
    "-1.5e3",
    "1e3",
    ".5",
    "6.8523015e+5",
    "685.230_15e+03",
    "190:20:30.15",
    ".inf",
    "-.Inf",
    ".NaN",
    ".nan",
    # booleans and nulls
    "yes",
    "No",
    "ON",
    "off",
    "y",
    "true",
    "False",
    "~",
    "null",
    "Null",
    "",
    # timestamps and dates
    "2001-12-14",
    "2001-12-14t21:59:43.10-05:00",
    "2001-12-14 21:59:43.10 -5",
    "2002-12-14",
    # strings that look like something else
    "'012'",
    '"true"',
    "1,0NE",
    "-4,1NW",
    "L10",
    "G09",
    "1.2.3",
    "0x",
    "12:",
    "a: b",
    "! 12",
    "! yes",
    "!!str 12",
    "=",
    "<<",
    "|\n  block\n  text\n",
    ">\n  folded\n  text\n",
    "2001-13-45",
]


@pytest.mark.parametrize("scalar", SCALARS)
def test_a_scalar_is_built_as_the_reader_builds_it(scalar):
    for text in (f"v: {scalar}\n", f"- {scalar}\n- x\n", f"{{k: [{scalar}]}}\n" if "\n" not in scalar else "a\n"):
        try:
            expected = yaml.load(text, Loader=LOADER)
        except Exception:  # the reader fails (2001-13-45): so does the walk, leaving it to the reader
            assert built(text) is UNBUILT
            continue
        got = built(text)
        assert got is UNBUILT or same(got, expected), (text, got, expected)


@pytest.mark.parametrize(
    "text",
    [
        "1: a\n0x1: b\n",  # one int key written two ways: the later value wins, as in the reader
        "true: a\n1: b\n",  # True == 1 in a dict
        "'1': a\n1: b\n",
        ".nan: a\n.NaN: b\n",
        "~: a\nnull: b\n",
        "a: {x: 1, y: [1, 2, {z: 3}]}\nb: []\nc: {}\n",
        "[[[[1]]]]",
        "plain text\n",
        "",
        "# only a comment\n",
        "--- \na: 1\n...\n",
        "%YAML 1.1\n---\na: 1\n",
        "? a\n: 1\n",
        "{a: 1, b}\n",
    ],
)
def test_documents_are_built_as_the_reader_builds_them(text):
    expected = yaml.load(text, Loader=LOADER)
    got = built(text)
    assert got is not UNBUILT or text in ("", "# only a comment\n"), text
    if got is not UNBUILT:
        assert same(got, expected), (text, got, expected)


@pytest.mark.parametrize(
    "text",
    [
        "a: &x [1, 2]\nb: *x\n",  # an alias: the reader shares the list
        "base: &b {x: 1}\nd:\n  <<: *b\n  y: 2\n",  # a merge key
        "s: !!set {a, b}\n",
        "o: !!omap [{a: 1}, {b: 2}]\n",
        "b: !!binary aGVsbG8=\n",
        "i: !!int 12\n",
        "t: !custom x\n",
        "a: 1\n---\nb: 2\n",  # a second document
        "? [a, b]\n: 1\n",  # a list as a key
        "? {a: 1}\n: 1\n",
        "a: [1, 2\n",  # a syntax error
        "a: 1\n b: 2\n",
    ],
)
def test_what_the_walk_leaves_to_the_reader(text):
    assert built(text) is UNBUILT
    # ... and parse_yaml still answers as the reader does: the same value or one line of error.
    try:
        expected = yaml.load(text, Loader=LOADER)
    except Exception:
        with pytest.raises(PuzzleError):
            parse_yaml(text, "t.yaml", PuzzleError)
        return
    assert same(parse_yaml(text, "t.yaml", PuzzleError), expected)


def test_check_document_builds_nothing_and_still_refuses():
    assert check_document("a: [1, 2]\n", "t.yaml", PuzzleError, LOADER) is None
    with pytest.raises(PuzzleError, match="appears twice"):
        check_document("a: 1\na: 2\n", "t.yaml", PuzzleError, LOADER)


def test_a_duplicate_key_is_refused_while_building_with_both_lines():
    with pytest.raises(PuzzleError) as info:
        parse_yaml("x:\n  a: 1\n  b: 2\n  a: 3\n", "t.yaml", PuzzleError)
    assert str(info.value) == "t.yaml: x.a: the key 'a' appears twice in one mapping (first on line 2) (line 4)"


def test_built_values_are_not_shared_between_documents():
    first = parse_yaml("a: [1, {b: 2}]\n", "t.yaml", PuzzleError)
    first["a"][1]["b"] = 99
    assert parse_yaml("a: [1, {b: 2}]\n", "t.yaml", PuzzleError) == {"a": [1, {"b": 2}]}
