"""Files from strangers: sizes, nesting, aliases, duplicate keys, numbers and values beyond the
game are refused in one short line naming the file and the field (docs/hardening.md)."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from akrotiri_puzzles import ComponentError, NotationError, PositionError, PuzzleError, load_components
from akrotiri_puzzles.common.errors import quote
from akrotiri_puzzles.common.files.guard import MAX_BYTES, MAX_DEPTH, MAX_VALUES
from akrotiri_puzzles.files.components_yaml import DEFAULT_DIR
from akrotiri_puzzles.files.position_yaml import load_position, loads_position
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle, loads_puzzle
from akrotiri_puzzles.notation import MAX_LINE, parse_action, parse_line

ROOT = Path(__file__).resolve().parents[1]
PORT = (ROOT / "tests" / "data" / "port.yaml").read_text()
P01 = (ROOT / "puzzles" / "p01.yaml").read_text()


def short_line(message: str, limit: int = 220) -> str:
    """A message is one line, and short once the file name is left out."""
    assert "\n" not in message and "\r" not in message, message
    assert len(message) <= limit, f"{len(message)} characters: {message[:300]}"
    return message


def position_error(comps, text: str) -> str:
    with pytest.raises(PositionError) as info:
        loads_position(text, comps, "pos.yaml")
    return short_line(str(info.value))


def bomb(levels: int = 10, width: int = 9) -> str:
    """A flow list whose aliases stand for width**levels items ("billion laughs")."""
    parts = ["&a0 [" + ", ".join(["lol"] * width) + "]"]
    parts += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


# ---- files that are not small regular files -------------------------------------------------


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_without_reading_it(comps, path):
    with pytest.raises(PositionError, match="is not a regular file"):
        load_position(path, comps)


def test_a_fifo_is_refused_without_waiting_for_a_writer(comps, tmp_path):
    fifo = tmp_path / "pos.yaml"
    os.mkfifo(fifo)
    with pytest.raises(PositionError, match="is not a regular file"):
        load_position(fifo, comps)


def test_a_directory_is_refused(comps, tmp_path):
    with pytest.raises(PositionError, match="is a directory"):
        load_position(tmp_path, comps)


@pytest.mark.parametrize("shape", ["one line", "many lines"])
def test_a_file_over_the_size_limit_is_refused(comps, tmp_path, shape):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a" * (MAX_BYTES + 1) if shape == "one line" else b"# comment\n" * (MAX_BYTES // 10 + 1))
    with pytest.raises(PositionError) as info:
        load_position(big, comps)
    assert "a file may hold at most 1.0 MiB" in short_line(str(info.value))


def test_a_puzzle_whose_position_names_a_device_names_both_files(comps, tmp_path):
    puzzle = tmp_path / "puz.yaml"
    puzzle.write_text("format: akrotiri-puzzle 1\nid: x\nposition: /dev/zero\n")
    with pytest.raises(PuzzleError) as info:
        load_puzzle(puzzle, comps)
    assert str(info.value) == f"{puzzle}: position: /dev/zero: is not a regular file (a device, a pipe or a socket?)"


def test_a_component_file_that_is_a_fifo_is_refused(tmp_path):
    os.mkfifo(tmp_path / "tiles.yaml")
    with pytest.raises(ComponentError, match=r"tiles\.yaml: is not a regular file"):
        load_components(tmp_path)


def test_text_that_is_not_utf8_names_the_line(comps, tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_bytes(b"format: akrotiri-position 1\nturn: \xff\n")
    with pytest.raises(PositionError) as info:
        load_position(path, comps)
    assert str(info.value) == f"{path}: line 2: not UTF-8 text (byte 0xff)"


def test_a_utf16_file_with_its_byte_order_mark_reads(comps, tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_bytes(PORT.encode("utf-16"))
    assert load_position(path, comps).turn == 3


@pytest.mark.parametrize("junk", ["turn: \x07\n", "\x00\x01\x02", "turn: 3\x1b[31m\n"])
def test_control_characters_are_one_line_with_the_line(comps, junk):
    message = position_error(comps, junk)
    assert "not valid YAML (character" in message and ": line " in message


# ---- the shape of the document --------------------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 30_000, 300_000])
def test_deep_nesting_is_refused_quickly_naming_the_field(comps, depth):
    message = position_error(comps, "seats:\n  south:\n    maps: " + "[" * depth + "]" * depth + "\n")
    assert message.startswith("pos.yaml: seats.south.maps.0.0.0.0.")
    assert f"nested more than {MAX_DEPTH} levels deep (line 3)" in message


def test_a_reader_that_stops_at_its_own_nesting_limit_still_names_the_field():
    """libyaml (PyYAML 6.0.4 and later) refuses deep flow nesting while it reads ahead, before
    the walk reaches MAX_DEPTH: the text up to where it stopped is walked again by the
    pure-Python reader, so the message still names the field. Here a reader that stops at once,
    as libyaml does at its limit, stands in for it whatever PyYAML version is installed."""
    import yaml

    from akrotiri_puzzles.common.files.guard import check_document

    text = "seats:\n  south:\n    maps: " + "[" * 1000 + "]" * 1000 + "\n"
    stop = text.index("]")

    class Limited(yaml.SafeLoader):
        def check_event(self, *choices):  # type: ignore[no-untyped-def]
            mark = yaml.Mark("pos.yaml", stop, 2, stop - text.index("["), None, None)
            raise yaml.scanner.ScannerError("while increasing flow level", mark, "exceeded maximum nesting depth", mark)

    with pytest.raises(PositionError) as info:
        check_document(text, "pos.yaml", PositionError, Limited)
    message = short_line(str(info.value))
    assert message.startswith("pos.yaml: seats.south.maps.0.0.0.0.")
    assert f"nested more than {MAX_DEPTH} levels deep (line 3)" in message


def test_deep_block_nesting_is_refused(comps):
    text = "".join(" " * i + f"k{i}:\n" for i in range(200))
    assert f"nested more than {MAX_DEPTH} levels deep" in position_error(comps, text)


def test_nesting_up_to_the_limit_is_read(comps):
    depth = MAX_DEPTH - 1
    message = position_error(comps, "goal_offer: " + "[" * depth + "]" * depth + "\n")
    assert "goal_offer.0: Input should be a valid string, got a list" in message


@pytest.mark.parametrize("where", ["board: {}\n", "phase: {}\n", "seats: {{south: {{cargo: {}}}}}\n", "{}: 1\n"])
def test_an_alias_bomb_is_refused_without_being_expanded(comps, where):
    message = position_error(comps, where.format(bomb()))
    assert f"more than {MAX_VALUES:,} values in one file, counting what alias *a" in message


def test_an_alias_bomb_through_merge_keys_is_refused(comps):
    lines = ["a0: &a0 {k0: 1, k1: 2, k2: 3, k3: 4, k4: 5, k5: 6, k6: 7, k7: 8, k8: 9}"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 8)]
    assert "counting what alias" in position_error(comps, "\n".join(lines) + "\n")


def test_a_few_aliases_are_fine(comps):
    pos = loads_position(PORT + "goal_offer: &g [G01]\npiles: {known: false, goals: *g}\n", comps)
    assert pos.goal_deck == ("G01",)


def test_an_alias_inside_its_own_anchor_is_refused(comps):
    assert "alias *a refers to a value that contains it" in position_error(comps, "board: &a [*a]\n")
    assert "seats.south: alias *s refers to a value" in position_error(comps, "seats: &s {south: *s}\n")


def test_an_undefined_alias_is_one_line(comps):
    assert (
        position_error(comps, "seats: *nowhere\n")
        == "pos.yaml: seats: alias *nowhere refers to no anchor before it (line 1)"
    )


@pytest.mark.parametrize(
    ("text", "field", "line", "first"),
    [
        (PORT + "edition: 2014\n", "edition", len(PORT.splitlines()) + 1, 7),
        ("seats:\n  south:\n    drachmas: 3\n    drachmas: 4\n", "seats.south.drachmas", 4, 3),
        ("edition: 2016\n'edition': 2014\n", "edition", 2, 1),
        ("board:\n- {slot: [1, 0], tile: L25, tile: L01}\n", "board.0.tile", 2, 2),
    ],
)
def test_a_duplicate_key_is_named_with_both_lines(comps, text, field, line, first):
    message = position_error(comps, text)
    key = field.rsplit(".", 1)[-1]
    assert (
        message
        == f"pos.yaml: {field}: the key '{key}' appears twice in one mapping (first on line {first}) (line {line})"
    )


def test_keys_that_differ_only_in_type_are_not_duplicates(comps):
    # 1 and '1' are different keys; the file is refused for another reason.
    assert "appears twice" not in position_error(comps, "1: a\n'1': b\n")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("turn: !!int abc\n", "pos.yaml: turn: 'abc' is not a valid !!int (line 1)"),
        ("turn: !!timestamp 2001-12-14 of the reveals\n", "is not a valid !!timestamp"),
        ("passing: !!bool maybe\n", "pos.yaml: passing: 'maybe' is not a valid !!bool"),
        ("turn: !!python/object/apply:os.system ['true']\n", "pos.yaml: line 1: not valid YAML (could not determine a"),
        ("turn: !mytag 3\n", "not valid YAML (could not determine a constructor for the tag '!mytag')"),
        (
            "a: 1\n---\nb: 2\n",
            "pos.yaml: line 2: not valid YAML (expected a single document in the stream, but found another document)",
        ),
    ],
)
def test_tags_the_reader_cannot_build_are_one_line(comps, text, words):
    assert words in position_error(comps, text)


# ---- numbers and strings too long for any field ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("turn: " + "9" * 5000 + "\n", "turn"),
        ("turn: -" + "9" * 5000 + "\n", "turn"),
        ("seats: {south: {drachmas: " + "1" * 5000 + "}}\n", "seats.south.drachmas"),
        ("9" * 500 + ": 1\n", "(key)"),
        ("turn: !!int " + "7" * 5000 + "\n", "turn"),
        ("turn: 1" + "0" * 400 + ".5\n", "turn"),
        ("turn: 1" + "0" * 100 + "\n", "turn"),
    ],
)
def test_a_number_of_thousands_of_digits_is_refused_by_the_reader(comps, text, field):
    message = position_error(comps, text)
    assert message.startswith(f"pos.yaml: {field}: a number of ")
    assert "no value here needs more than 100" in message


def test_a_huge_string_is_refused_by_the_reader(comps):
    message = position_error(comps, "phase: " + "x" * 100_000 + "\n")
    assert message == "pos.yaml: phase: a value of 100000 characters; at most 10000 are allowed (line 1)"


# ---- values beyond the game -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "allowed"),
    [
        ("seats: {south: {drachmas: 1000000000000000000000000000000}}", "seats.south.drachmas", "from 0 to 999"),
        ("seats: {south: {drachmas: -1}}", "seats.south.drachmas", "from 0 to 999"),
        ("market: {red: 9223372036854775808}", "market.red", "from 0 to 99"),
        ("turn: 9223372036854775807", "turn", "from 0 to 1000000"),
        ("actions_left: 100", "actions_left", "from 0 to 20"),
        ("movement_points: 3", "movement_points", "from 0 to 2"),
        ("board: [{slot: [1000000000000000000000, 0], tile: L01}]", "board.0.slot.0", "from -100 to 100"),
        ("cubes: [{piece: '1,0NE', colour: red, count: 100}]", "cubes.0.count", "from 1 to 99"),
        ("piles: {known: false, shuffle_seed: 4294967296}", "piles.shuffle_seed", "from 0 to 4294967295"),
    ],
)
def test_a_position_value_beyond_the_game_names_the_field_and_the_range(comps, text, field, allowed):
    message = position_error(comps, text + "\n")
    assert message.startswith(f"pos.yaml: {field}: expected an integer {allowed}, got ")


def test_a_quadrant_with_thousands_of_digits_is_not_a_quadrant(comps):
    message = position_error(comps, PORT + "cubes: [{piece: '" + "9" * 30 + ",0NE', colour: red}]\n")
    assert (
        message == "pos.yaml: cubes.0.piece: expected a quadrant like 1,0NE, got '999999999999999999999999999999,0NE'"
    )


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("optimum: 2\n", f"optimum: {2**63}\n", "optimum", "expected an integer from 0 to 999"),
        ("seed: 501", f"seed: {10**20}", "certificate.seed", "expected an integer from 0 to 4294967295"),
        ("horizon: 1", "horizon: 3", "horizon", "expected an integer from 1 to 2, got 3"),
        ("goal: {temples: 1}", f"goal: {{temples: {10**25}}}", "goal.temples", "from 1 to 6"),
        ("id: p01", "id: " + "p" * 1000, "id", "String should have at most 100 characters, got 'ppp"),
        ("title: ", "title: " + "t" * 600 + " #", "title", "at most 500 characters"),
        ("solution: [", "solution: [" + "end, " * 600, "solution", "602 actions; a solution holds at most 500"),
        ("solution: [", "solution: '" + "end; " * 600 + "' #", "solution", "601 actions; a solution holds at most 500"),
        ("solution: [", "solution: [" + "x" * 150 + ", ", "solution.0", "an action of 150 characters"),
        ("position:\n", "position: 42\nx:\n", "position", "expected a mapping (the position itself) or the name"),
    ],
)
def test_a_puzzle_value_beyond_the_game_names_the_field(comps, old, new, field, words):
    assert old in P01
    with pytest.raises(PuzzleError) as info:
        loads_puzzle(P01.replace(old, new, 1), comps, "puz.yaml")
    message = short_line(str(info.value))
    assert message.startswith(f"puz.yaml: {field}: "), message
    assert words in message


# ---- component sets ---------------------------------------------------------------------------


def component_error(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / f"{name}.yaml").write_text(textwrap.dedent(text))
    with pytest.raises(ComponentError) as info:
        load_components(tmp_path)
    message = str(info.value)
    assert message.startswith(f"{tmp_path / name}.yaml: ")
    return short_line(message.removeprefix(str(tmp_path)), 240)


@pytest.mark.parametrize(
    ("name", "old", "new", "field", "words"),
    [
        (
            "market",
            "track: [1, 2, 2, 3, 3, 4, 4, 5]",
            f"track: [1, 2, 2, 3, 3, 4, 4, {2**63}]",
            "track.7",
            "from 0 to 99",
        ),
        ("market", "track: [1, 2, 2, 3, 3, 4, 4, 5]", "track: [" + "1, " * 30 + "1]", "track", "at most 20 items"),
        ("player_board", "start_actions: 3", "start_actions: 1000000", "start_actions", "from 1 to 20"),
        ("player_board", "drachmas: 2", f"drachmas: {10**30}", "setup.drachmas", "from 0 to 99"),
        ("player_board", "map_prices: [1, 3, 7]", "map_prices: [1, 3, 7, 9]", "setup.map_prices", "at most 3 items"),
        ("player_board", "map_prices: [1, 3, 7]", f"map_prices: [1, 3, {2**63}]", "setup.map_prices.2", "from 0 to 99"),
        ("player_board", "{2016: 5, 2014: 4}", "{2016: 5}", "setup.strategist_face_up", "edition 2014"),
        ("player_board", "goals_drawn: 2", "goals_drawn: 13", "setup.goals_drawn", "from 1 to 12"),
        ("maps", "cost: 3", f"cost: {10**30}", "maps.0.cost", "from 0 to 99"),
        ("goals", "{2016: 3, 2014: 3}", f"{{2016: 3, 2014: {2**63}}}", "goals.0.points.2014", "from 0 to 99"),
        ("thera", "quadrant: [-1, 0]", f"quadrant: [-1, {10**30}]", "docks.0.quadrant.1", "from -100 to 100"),
        ("thera", "basis:\n", "basis: maybe\nx:\n", "basis", "expected known, reconstructed, or a mapping"),
        ("tiles", "count (36): known", "count (36): guessed", "basis", "statement 'count (36)': expected known"),
        ("tiles", "routes: [[N, NW]", "routes: [[N, " + "x" * 50 + "]", "tiles.0.routes.0.1", "at most 40 characters"),
    ],
)
def test_a_component_value_beyond_the_game_names_the_file_and_field(tmp_path, name, old, new, field, words):
    text = (DEFAULT_DIR / f"{name}.yaml").read_text()
    assert old in text, (name, old)
    message = component_error(tmp_path, name, text.replace(old, new, 1))
    assert f".yaml: {field}: " in message
    assert words in message


def _default(name: str) -> str:
    return (DEFAULT_DIR / f"{name}.yaml").read_text()


ONE_DOCK = """
pieces:
  - [[-1, -1], [0, -1], [-1, 0], [0, 0]]
docks:
  - {name: T1, quadrant: [-1, 0]}
routes:
  - [T1, "-1,0:N"]
  - [T1, "0,0:E"]
"""


def test_R_SET_6_thera_with_one_dock_cannot_set_up_a_game(tmp_path):
    message = component_error(tmp_path, "thera", ONE_DOCK)
    assert "thera.yaml: docks: 1 dock(s); the boats start on 2 different docks of Thera (R-SET-6)" in message


def test_R_SET_5_too_few_goal_cards_for_setup_and_the_strategist_variant(tmp_path):
    goals = "goals:\n" + "".join(
        f"  - {{id: G0{i}, rule: volcano, points: {{2016: 2, 2014: 2}}}}\n" for i in range(1, 7)
    )
    message = component_error(tmp_path, "goals", goals)
    assert "goals.yaml: goals: 6 goal card(s); setup needs 7" in message


MAPS = """maps:
  - {id: E1, deck: easy, cost: 3, points: 3, left: [tree]}
  - {id: E2, deck: easy, cost: 3, points: 3, left: [lake]}
  - {id: M1, deck: medium, cost: 6, points: 5, left: [tree]}
  - {id: M2, deck: medium, cost: 6, points: 5, left: [lake]}
  - {id: H1, deck: hard, cost: 9, points: 7, left: [tree]}
"""


def test_R_SET_4_a_starting_deal_larger_than_the_deck(tmp_path):
    board = _default("player_board").replace("starting_maps: [easy, medium]", "starting_maps: [easy, medium, medium]")
    (tmp_path / "player_board.yaml").write_text(board)
    message = component_error(tmp_path, "maps", MAPS)
    assert "maps.yaml: maps: the medium deck holds 2 card(s); setup deals 2 to each player" in message
    assert "player_board.yaml: setup.starting_maps) (R-SET-4)" in message


def test_the_default_set_keeps_its_version(comps):
    # Certificates name the component set's version: reading files differently must not change it.
    assert f"components: {comps.name} {comps.version}" in P01


def test_component_directory_that_is_a_file(tmp_path):
    path = tmp_path / "box"
    path.write_text("")
    with pytest.raises(ComponentError, match="is not a directory"):
        load_components(path)


# ---- messages quote little -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "phase: " + "x" * 9000 + "\n",
        "to_move: [" + ", ".join(["red"] * 5000) + "]\n",
        "phase: " + bomb(4) + "\n",
        "board: [{slot: [1, 0], tile: " + "L" * 5000 + "}]\n",
        "seats: {south: {boat: " + "T" * 5000 + "}}\n",
        "x" * 5000 + ": 1\n",
        "seats: {" + "s" * 5000 + ": {}}\n",
        "format: " + "f" * 5000 + "\n",
    ],
)
def test_messages_quote_at_most_a_few_dozen_characters_of_a_bad_value(comps, text):
    message = position_error(comps, text)
    assert "x" * 50 not in message and "L" * 50 not in message and "lol', 'lol', 'lol', 'lol" not in message


def test_quote_cuts_long_values_and_never_builds_them_whole():
    assert quote("x" * 10**6) == "'" + "x" * 39 + "'…"
    assert quote(int("9" * 4000)).startswith("an integer of about 400")  # 4000 or 4001
    assert quote(-(10**200)).startswith("a negative integer of about 20")
    nested: list[object] = ["lol"] * 9
    for _ in range(30):  # 9**30 items if expanded
        nested = [nested] * 9
    assert len(quote(nested)) < 120


# ---- action strings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("ship " + "A" * 100_000, "an action of 100005 characters ('ship AAAAAAAAAAAAAA'…); actions are short"),
        (
            "tile " + "9" * 50 + ",0 r0",
            "'tile': expected a slot like 1,0, got '" + "9" * 39 + "'…",
        ),
        ("tile 1,0 r" + "9" * 50, "'tile': expected a rotation r0, r90, r180 or r270"),
        ("ship 9999999,0NE", "'ship': expected a dock like 1,0NE or T1, got '9999999,0NE'"),
        ("excavate " + "E" * 60 + " 1,0NE", "'excavate': expected a map card id like E03, got 'EEEE"),
    ],
)
def test_a_bad_action_is_quoted_short(text, words):
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert words in short_line(str(info.value))


def test_a_line_of_too_many_actions_is_refused():
    with pytest.raises(NotationError, match=f"{MAX_LINE + 1} actions; a line holds at most {MAX_LINE}"):
        parse_line("; ".join(["end"] * (MAX_LINE + 1)))
    assert len(parse_line("; ".join(["end"] * MAX_LINE))) == MAX_LINE
