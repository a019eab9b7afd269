"""The documents say what the code does: their examples are extracted and run here.

docs/formats.md: its examples load, the complete one round-trips exactly, and its field tables
list every field the loader knows. docs/notation.md: every example in the verbs table parses to
its written form, the parse errors it quotes are the parser's, and its counting example holds.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from akrotiri_puzzles import (
    NotationError,
    Seat,
    action_cost,
    apply,
    dumps_position,
    format_action,
    load_components,
    load_position,
    loads_position,
    parse_action,
    parse_line,
)
from akrotiri_puzzles.files import position_yaml, puzzle_yaml

DOCS = Path(__file__).resolve().parent.parent / "docs"
DATA = Path(__file__).parent / "data"


def section(text: str, heading: str) -> str:
    """The body of a markdown section, up to the next heading of the same or a higher level."""
    level = heading.split(" ")[0]
    start = text.index(heading + "\n")
    rest = text[start + len(heading) + 1 :]
    end = re.search(rf"^#{{1,{len(level)}}} ", rest, re.M)
    return rest[: end.start()] if end else rest


def code_blocks(text: str, language: str) -> list[str]:
    """The fenced code blocks of one language, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.S | re.M)


def table_column(text: str, column: int = 0) -> list[str]:
    """The backticked contents of one column of a markdown table's body rows."""
    out = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) > column:
            out.append(cells[column].strip("`"))
    return out


# ---- docs/formats.md --------------------------------------------------------------------------

FORMATS = (DOCS / "formats.md").read_text()


def test_formats_complete_example_loads_and_round_trips_exactly():
    (example,) = code_blocks(section(FORMATS, "## A complete example"), "yaml")
    comps = load_components()
    pos = loads_position(example, comps, "docs/formats.md")
    assert dumps_position(pos) == example
    assert loads_position(dumps_position(pos), comps).key() == pos.key()
    assert (pos.to_move, pos.actions_left, pos.market) == ("north", 2, (7, 5, 8, 8))


def test_formats_small_example_gets_the_defaults_the_doc_describes():
    small = code_blocks(FORMATS, "yaml")[0]
    pos = loads_position(small, load_components())
    assert (pos.to_move, pos.turn, pos.phase, pos.actions_left) == ("south", 1, "act", 3)
    assert pos.market == (8, 8, 8, 8)
    assert not pos.piles_known
    assert len(pos.land_pile) == 35 and pos.land_pile[0] == "L01"  # every tile but L25, id order
    assert [d[0] for d in pos.map_decks] == ["E01", "M01", "H01"]


@pytest.mark.parametrize(
    ("heading", "model"),
    [
        ("### Top level", position_yaml.PositionModel),
        ("### Board placements", position_yaml.PlacementModel),
        ("### Cubes", position_yaml.CubeModel),
        ("### Seats", position_yaml.SeatModel),
        ("### Piles", position_yaml.PilesModel),
    ],
)
def test_formats_tables_list_every_field(heading, model):
    assert table_column(section(FORMATS, heading)) == list(model.model_fields)


PUZZLE_FORMAT = FORMATS[FORMATS.index("# Puzzle files") :]


@pytest.mark.parametrize(
    ("heading", "model"),
    [
        ("## Puzzle fields", puzzle_yaml.PuzzleModel),
        ("`goal`:", puzzle_yaml.GoalModel),
        ("`certificate`:", puzzle_yaml.CertificateModel),
    ],
)
def test_formats_puzzle_tables_list_every_field(heading, model):
    body = PUZZLE_FORMAT[PUZZLE_FORMAT.index(heading + "\n") :]
    table = body[: body.index("\n\n", body.index("|"))]
    assert table_column(table) == list(model.model_fields)


# ---- docs/notation.md -------------------------------------------------------------------------

NOTATION = (DOCS / "notation.md").read_text()


def test_notation_verbs_table_examples_parse_to_their_written_form():
    verbs = section(NOTATION, "## The verbs")
    typed, written = table_column(verbs, 0), table_column(verbs, 1)
    assert len(typed) == len(written) >= 12
    for t, w in zip(typed, written, strict=True):
        assert format_action(parse_action(t)) == w
        assert parse_action(w) == parse_action(t)
    assert {w.split()[0] for w in written} == {
        "tile", "ship", "portage", "load", "unload", "sell", "buy", "excavate", "oracle", "end", "keep", "boat"
    }  # fmt: skip


@pytest.mark.parametrize(
    "text", ["ship 1,0", "tile 1,0 r45", "tile 1,0 r90 blue", "load red red red red", "oracle sea", "fly"]
)
def test_notation_parse_errors_quoted_in_the_doc_are_the_parsers(text):
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    (errors,) = code_blocks(section(NOTATION, "## Parse errors"), "text")[:1]
    assert str(caught.value) in errors.splitlines()


def test_notation_counting_example_holds():
    # The example is the port position of tests/data/port.yaml, with the other boat moved to T2.
    counting = section(NOTATION, "## Counting actions")
    line = "portage T2; ship 1,0NE; portage 1,0SW; end"
    assert f"`{line}` costs 2 actions" in counting
    comps = load_components()
    for cargo, total in (((), 2), (("red",), 4)):
        pos = load_position(DATA / "port.yaml", comps)
        pos = pos.with_seat("north", Seat(boat="T2"))
        pos = replace(pos.with_seat("south", Seat(boat="T1", cargo=cargo)), actions_left=4)
        costs = []
        for action in parse_line(line):
            costs.append(action_cost(pos, action))
            pos = apply(pos, action)
        assert sum(costs) == total
        if not cargo:
            documented = [int(re.findall(rf"^\| `{a}` \| (\d) \|", counting, re.M)[0]) for a in line.split("; ")]
            assert costs == documented == [1, 1, 0, 0]


# ---- docs/rules.md -----------------------------------------------------------------------------

RULE_ID = re.compile(r"(?<![A-Za-z0-9])R[-_]([A-Z]+)[-_](\d+)(?![0-9])")


def test_every_rule_a_test_names_is_in_docs_rules_and_every_rule_there_is_tested():
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\*\*(R-[A-Z]+-\d+)\b", rules)) | set(re.findall(r"^\| (R-[A-Z]+-\d+) \|", rules, re.M))
    named: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        named |= {f"R-{kind}-{n}" for kind, n in RULE_ID.findall(path.read_text(encoding="utf-8"))}
    assert len(defined) >= 50
    assert sorted(named - defined) == [], "named by a test, not in docs/rules.md"
    assert sorted(defined - named) == [], "in docs/rules.md, named by no test"
