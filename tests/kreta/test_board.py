"""The default board (reconstructed) satisfies every stated fact, and a user's board file goes
through the same checks: each broken fact is one BoardError naming the file and the field."""

from __future__ import annotations

import copy

import pytest
import yaml

from akrotiri_puzzles.kreta.errors import BoardError
from akrotiri_puzzles.kreta.files.board_yaml import DEFAULT_BOARD, load_board

RAW = yaml.safe_load(DEFAULT_BOARD.read_text())


@pytest.fixture(scope="module")
def board():
    return load_board()


def write(tmp_path, doc) -> str:
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return str(path)


def broken(tmp_path, change) -> str:
    """The message of the BoardError a changed copy of the default board raises."""
    doc = copy.deepcopy(RAW)
    change(doc)
    with pytest.raises(BoardError) as info:
        load_board(write(tmp_path, doc))
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(tmp_path))
    return message


def test_K_SET_2_sixteen_provinces_two_yellow_eight_green_six_brown(board):
    colours = [p.colour for p in board.provinces]
    assert len(colours) == 16
    assert (colours.count("yellow"), colours.count("green"), colours.count("brown")) == (2, 8, 6)


def test_K_SET_2_twenty_six_fort_spaces_each_touching_two_to_four_provinces(board):
    assert [s.number for s in board.spaces] == list(range(1, 27))
    assert all(2 <= len(s.provinces) <= 4 for s in board.spaces)
    assert len({s.at for s in board.spaces}) == 26
    assert {len(s.provinces) for s in board.spaces} == {2, 3, 4}


def test_K_SET_2_fort_space_two_touches_one_brown_and_two_green(board):
    colours = sorted(board.provinces[p].colour for p in board.space(2).provinces)
    assert colours == ["brown", "green", "green"]


def test_K_SET_2_ports_only_on_coastal_provinces_and_at_least_four(board):
    ports = [p for p in board.provinces if p.port]
    assert len(ports) == 8 and all(p.coast for p in ports)
    assert any(not p.coast for p in board.provinces)  # interior provinces exist (Ida, Lasithi, Lefka Ori)


def test_K_SCORE_2_values_are_colour_plus_two_for_a_port_and_match_the_hexagons(board):
    for p in board.provinces:
        assert p.value == {"brown": 2, "green": 3, "yellow": 4}[p.colour] + 2 * p.port == p.hexagons


def test_K_R_1_the_default_board_is_marked_reconstructed_and_every_province_is_scored_somewhere(board):
    assert board.reconstructed and "reconstructed" in board.name.lower()
    assert all(board.spaces_of[i] for i in range(16))


def test_K_R_2_K_CMD_2_provinces_meeting_only_at_a_fort_space_are_not_adjacent(board):
    four = next(s for s in board.spaces if len(s.provinces) == 4)
    a, b, c, d = four.provinces
    adjacent = board.adjacency
    assert frozenset((a, b)) in adjacent and frozenset((b, c)) in adjacent
    assert frozenset((a, c)) not in adjacent and frozenset((b, d)) not in adjacent
    assert board.distance[a][c] == 2


def test_K_R_2_the_adjacency_is_connected_and_read_off_the_outlines(board):
    assert max(max(row) for row in board.distance) <= 15


def test_K_SET_2_a_board_with_a_wrong_colour_count_is_refused(tmp_path):
    def change(doc):
        doc["provinces"][0]["colour"] = "yellow"
        doc["provinces"][0]["hexagons"] = 6

    assert "expected 2 yellow provinces (K-SET-2), got 3" in broken(tmp_path, change)


def test_K_SCORE_2_wrong_hexagons_are_refused_naming_the_field(tmp_path):
    def change(doc):
        doc["provinces"][2]["hexagons"] = 5

    assert ": provinces.2.hexagons: expected 2 (brown, port False: K-SCORE-2), got 5" in broken(tmp_path, change)


def test_K_SET_2_fort_space_two_must_touch_one_brown_and_two_green(tmp_path):
    def change(doc):
        doc["fort_spaces"][1], doc["fort_spaces"][2] = doc["fort_spaces"][2], doc["fort_spaces"][1]
        doc["fort_spaces"][1]["number"], doc["fort_spaces"][2]["number"] = 2, 3

    assert "fort_spaces.1.provinces: fort space 2 touches 1 brown and 2 green" in broken(tmp_path, change)


def test_K_R_1_an_adjacency_the_outlines_do_not_show_is_refused(tmp_path):
    def change(doc):
        doc["adjacency"].append(["kissamos", "sitia"])

    assert "kissamos and sitia are adjacent in the data but their outlines do not share a border" in broken(
        tmp_path, change
    )


def test_K_R_1_a_fort_space_at_a_point_of_other_provinces_is_refused(tmp_path):
    def change(doc):
        doc["fort_spaces"][0]["at"] = doc["fort_spaces"][5]["at"]

    assert "fort_spaces.0.at: fort space 1 is a corner of chania, rethymno" in broken(tmp_path, change)


def test_K_SET_2_a_port_without_a_coast_is_refused(tmp_path):
    def change(doc):
        ida = next(p for p in doc["provinces"] if p["id"] == "ida")
        ida["port"], ida["hexagons"] = True, 4

    assert "ida has a port but no coast" in broken(tmp_path, change)


def test_a_board_without_geometry_is_checked_on_the_graph_alone(tmp_path):
    doc = copy.deepcopy(RAW)
    for p in doc["provinces"]:
        for key in ("shape", "port_at", "label_at"):
            p.pop(key, None)
    for s in doc["fort_spaces"]:
        s.pop("at")
    board = load_board(write(tmp_path, doc))
    assert len(board.provinces) == 16 and not board.provinces[0].shape
    doc["adjacency"] = [pair for pair in doc["adjacency"] if "sitia" not in pair]
    with pytest.raises(BoardError, match="adjacency: the provinces are not connected: sitia"):
        load_board(write(tmp_path, doc))


def test_K_R_1_a_non_planar_adjacency_is_refused(tmp_path):
    doc = copy.deepcopy(RAW)
    for p in doc["provinces"]:
        p.pop("shape")
    for s in doc["fort_spaces"]:
        s.pop("at")
    ids = ["kissamos", "chania", "sfakia", "rethymno", "messara"]
    pairs = {tuple(sorted(p)) for p in doc["adjacency"]}
    pairs |= {tuple(sorted((a, b))) for a in ids for b in ids if a != b}  # K5
    doc["adjacency"] = [list(p) for p in sorted(pairs)]
    with pytest.raises(BoardError, match="not planar"):
        load_board(write(tmp_path, doc))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="kreta-board/9"), "format: expected 'kreta-board/1'"),
        (lambda d: d["provinces"][0].update(colour="blue"), "provinces.0.colour"),
        (lambda d: d["provinces"][0].update(extra=1), "provinces.0.extra: unknown field"),
        (lambda d: d["adjacency"].append(["kissamos", "atlantis"]), "unknown province 'atlantis'"),
        (lambda d: d["adjacency"].append(["chania", "kissamos"]), "listed twice"),
        (lambda d: d["fort_spaces"].pop(), "expected 26 fort spaces"),
        (lambda d: d["fort_spaces"][3]["provinces"].append("sitia"), "fort_spaces.3.provinces"),
    ],
)
def test_K_R_1_malformed_board_files_are_one_line(tmp_path, change, words):
    assert words in broken(tmp_path, change)
