"""Component data: the default set against docs/rules.md section 9, and validation of user files."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from akrotiri_puzzles import ComponentError, apply, legal_actions, load_components, new_game
from akrotiri_puzzles.files.components_yaml import DEFAULT_DIR

DATA = Path(__file__).parent / "data" / "components"
CLI = Path(sys.executable).with_name("akrotiri-puzzle")


# ---- the default set (docs/rules.md section 9) ------------------------------------------------------


def test_R_SET_1_market_has_four_colours_of_eight_cubes_on_the_known_track(comps):
    """R-SET-1: market has four colours of eight cubes on the known track."""
    assert comps.market.track == (1, 2, 2, 3, 3, 4, 4, 5)
    assert comps.market.cubes_per_colour == 8
    colours = {icon: comps.market.colour_of(icon) for icon in ("volcano", "lake", "tree", "mountain")}
    assert colours == {"volcano": "red", "lake": "blue", "tree": "green", "mountain": "gray"}


def test_default_tiles_are_36_with_nine_of_each_icon(comps):
    assert len(comps.tiles) == 36
    assert Counter(t.icon for t in comps.tiles) == {"volcano": 9, "lake": 9, "tree": 9, "mountain": 9}
    for t in comps.tiles:
        ends = {end for route in t.routes for end in route}
        assert {"N", "E", "S", "W"} <= ends, t.id  # a shipping route on every side


def test_default_map_cards_follow_rules_section_9(comps):
    by_deck = {d: [comps.map[m] for m in comps.deck(d)] for d in ("easy", "medium", "hard")}
    assert {d: len(cards) for d, cards in by_deck.items()} == {"easy": 12, "medium": 12, "hard": 12}
    expect = {"easy": (3, 3, {3}), "medium": (6, 5, {4, 5}), "hard": (9, 7, {6, 7})}
    for deck, cards in by_deck.items():
        cost, points, icons = expect[deck]
        for card in cards:
            assert (card.cost, card.points) == (cost, points), card.id
            assert sum(n for _, _, n in card.requires) in icons, card.id
            per_side = Counter()
            for direction, _, n in card.requires:
                per_side[direction] += n
            assert len(per_side) == 3 and max(per_side.values()) <= 3, card.id
            if deck == "easy":
                assert set(per_side.values()) == {1}, card.id


@pytest.mark.parametrize(
    ("edition", "values"),
    [(2016, [3, 6, 4, 2, 2, 2, 2, 3, 2, 1, 3, 2]), (2014, [3, 5, 3, 2, 2, 2, 2, 6, 2, 1, 2, 2])],
)
def test_default_goal_cards_have_the_values_of_each_edition(comps, edition, values):
    assert [g.rule_number for g in comps.goals] == list(range(1, 13))
    assert [g.value(edition) for g in comps.goals] == values
    assert comps.goal["G09"].cap == 8


def test_every_default_file_marks_its_basis():
    for name in ("thera", "tiles", "maps", "goals", "market", "player_board"):
        text = (DEFAULT_DIR / f"{name}.yaml").read_text()
        assert "\nbasis:" in text, name
    assert "reconstructed" in (DEFAULT_DIR / "tiles.yaml").read_text()


# ---- validation of user files ---------------------------------------------------------------

GOOD_TILE = """
    - id: X1
      icon: volcano
      icon_quadrant: NW
      pieces: [[NW, SE], [NE], [SW]]
      docks: [NE, SW]
      routes: [[N, NE], [NE, E], [S, SW], [SW, W]]
"""


def _tiles_file(tile: str) -> str:
    return "tiles:\n" + textwrap.indent(textwrap.dedent(tile).strip("\n"), "  ") + "\n"


def _load_error(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / f"{name}.yaml").write_text(text)
    with pytest.raises(ComponentError) as info:
        load_components(tmp_path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(str((tmp_path / f"{name}.yaml").resolve()) + ": ")
    return message


def test_a_good_tile_file_loads(tmp_path):
    (tmp_path / "tiles.yaml").write_text(_tiles_file(GOOD_TILE + GOOD_TILE.replace("X1", "X2")))
    comps = load_components(tmp_path)
    assert [t.id for t in comps.tiles] == ["X1", "X2"]


def test_R_SET_3_a_tile_file_with_fewer_than_two_tiles_cannot_set_up_a_game(tmp_path):
    message = _load_error(tmp_path, "tiles", _tiles_file(GOOD_TILE))
    assert ": tiles: 1 land tile(s); setup needs 2" in message
    assert "R-SET-3" in message
    assert "tiles: 0 land tile(s)" in _load_error(tmp_path, "tiles", "tiles: []\n")


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        # every tile shows exactly one icon (R-GEO-5)
        (("icon: volcano", "icon: [volcano, lake]"), "tiles.0.icon", "volcano"),
        (("icon: volcano", "icon: sun"), "tiles.0.icon", "'sun'"),
        (("    icon: volcano\n", ""), "tiles.0.icon", "required field is missing"),
        # land in all four quadrants, in 2 to 4 pieces (R-GEO-3)
        (("[[NW, SE], [NE], [SW]]", "[[NW, SE], [NE]]"), "tiles.0.pieces", "must cover NW, NE, SW, SE"),
        (("[[NW, SE], [NE], [SW]]", "[[NW, SE], [NE], [SW], [SW]]"), "tiles.0.pieces", "must cover"),
        (("[[NW, SE], [NE], [SW]]", "[[NW, SE, NE, SW]]"), "tiles.0.pieces", "2 to 4 pieces, got 1"),
        # a shipping route on each side (R-GEO-7)
        (("[SW, W]]", "[SW, S]]"), "tiles.0.routes", "port W"),
        # every dock is on a route, on a quadrant's piece (R-GEO-6)
        (("docks: [NE, SW]", "docks: [NE, SW, NW]"), "tiles.0.docks", "dock NW is on no route"),
        (("docks: [NE, SW]", "docks: [NE, XX]"), "tiles.0.docks.1", "'XX'"),
        # every route end is a port, dock or junction of the tile
        (("[S, SW]", "[S, reef]"), "tiles.0.routes.2", "route end 'reef'"),
        (("routes:", "colour: red\n    routes:"), "tiles.0.colour", "unknown field"),
    ],
)
def test_tile_file_errors_name_the_file_and_field(tmp_path, change, field, words):
    old, new = change
    text = _tiles_file(GOOD_TILE)
    assert old in text
    message = _load_error(tmp_path, "tiles", text.replace(old, new, 1))
    assert f": {field}: " in message
    assert words in message


def test_duplicate_tile_ids_are_named(tmp_path):
    message = _load_error(tmp_path, "tiles", _tiles_file(GOOD_TILE + GOOD_TILE))
    assert ": tiles.1.id: " in message and "'X1' appears twice" in message


THERA = (DEFAULT_DIR / "thera.yaml").read_text()


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("{name: T2, quadrant: [0, -1]}", "{name: T2, quadrant: [1, 1]}", "docks.1", "not on a land piece"),
        ("[T2, east]", "[T2, middle]", "thera.routes.5", "route end 'middle'"),
        ('[east, "0,0:N"]', '[east, "0,0:S"]', "thera.routes.9", "route end '0,0:S'"),
        ("[[-1, -1], [0, -1], [-1, 0], [0, 0]]", "[[-1, -1], [0, -1], [-1, 0]]", "pieces.0", "must be Thera"),
        ("icons: []", "icons: [{quadrant: [1, 1], icon: lake}]", "icons.0", "on a land piece"),
    ],
)
def test_thera_file_errors_name_the_file_and_field(tmp_path, old, new, field, words):
    assert old in THERA
    message = _load_error(tmp_path, "thera", THERA.replace(old, new, 1))
    assert f": {field}: " in message
    assert words in message


MAPS = """maps:
  - {id: E1, deck: easy, cost: 3, points: 3, left: [tree]}
  - {id: E2, deck: easy, cost: 3, points: 3, left: [lake]}
  - {id: M1, deck: medium, cost: 6, points: 5, left: [tree]}
  - {id: M2, deck: medium, cost: 6, points: 5, left: [lake]}
  - {id: H1, deck: hard, cost: 9, points: 7, left: [tree]}
"""


def test_a_good_maps_file_loads(tmp_path):
    (tmp_path / "maps.yaml").write_text(MAPS)
    assert [m.id for m in load_components(tmp_path).maps] == ["E1", "E2", "M1", "M2", "H1"]


@pytest.mark.parametrize(
    ("name", "text", "field", "words"),
    [
        ("maps", MAPS.replace("left: [tree]", "above: [lake, lake, lake, lake]", 1), "maps.0.above", "at most 3"),
        ("maps", MAPS.replace(", left: [tree]", "", 1), "maps.0", "requires no icon"),
        ("maps", MAPS.replace("deck: easy", "deck: simple"), "maps.0.deck", "'simple'"),
        # R-SET-4: each player is dealt an easy and a medium map card
        (
            "maps",
            MAPS.replace("E2, deck: easy", "E2, deck: hard"),
            "maps",
            "easy deck holds 1 card(s); setup deals 1 to each",
        ),
        ("maps", MAPS.replace("H1, deck: hard", "H1, deck: easy"), "maps", "the hard deck holds 0 card(s)"),
        ("goals", "goals:\n  - {id: G01, rule: portage_1, points: {2016: 3}}\n", "goals.0.points", "2014"),
        (
            "market",
            "track: [1, 2]\ncolours: {volcano: red, lake: red, tree: green, mountain: gray}\n",
            "colours",
            "own colour",
        ),
        ("player_board", "start_actions: 0\nreveals: [{actions: 4}]\n", "start_actions", "from 1 to 20, got 0"),
    ],
)
def test_other_file_errors_name_the_file_and_field(tmp_path, name, text, field, words):
    message = _load_error(tmp_path, name, text)
    assert f": {field}: " in message
    assert words in message


def test_broken_yaml_names_the_file_and_line(tmp_path):
    message = _load_error(tmp_path, "market", "track: [1, 2\ncolours: {}\n")
    assert "line " in message and "not valid YAML" in message


def test_a_user_dir_with_only_tiles_falls_back_to_the_defaults(comps):
    user = load_components(DATA / "only_tiles")
    assert [t.id for t in user.tiles] == ["U1", "U2"]
    assert user.tile["U1"].basis == "known"
    assert user.thera == comps.thera
    assert user.maps == comps.maps
    assert user.goals == comps.goals
    assert user.market == comps.market
    assert user.player_board == comps.player_board
    # A whole setup runs on it: the two tiles are placed and nobody holds a third.
    pos = new_game(user, seed=1)
    while pos.phase != "act":
        pos = apply(pos, legal_actions(pos)[0])
    assert {t for _, t, _ in pos.board.placements} == {"U1", "U2"}
    assert pos.hero.tile is None and pos.land_pile == ()


def test_a_player_board_file_overrides_the_action_track(comps):
    short = load_components(DATA / "short_board")
    assert short.player_board.start_actions == 2
    assert [short.player_board.actions_after(n) for n in range(7)] == [2, 5, 5, 5, 5, 5, 5]
    assert short.tiles == comps.tiles


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CLI), *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("directory", "words"),
    [
        (DATA / "bad_tile", "tiles.yaml: tiles.0.pieces: tile B1: land must cover NW, NE, SW, SE"),
        (DATA / "no_such_dir", "no_such_dir: no such component directory"),
    ],
)
def test_cli_with_bad_components_exits_2_with_one_line(directory, words):
    result = _cli("--components", str(directory), "simulate", "--games", "1")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert words in lines[0]
    assert "Traceback" not in result.stderr
