"""Position files: every position of seeded games is written and read back equal; impossible
positions are refused in one line naming the field."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.kreta.errors import PositionError
from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.files.position_yaml import (
    dumps_position,
    load_position,
    loads_position,
    position_data,
    position_from_data,
    save_position,
)
from akrotiri_puzzles.kreta.setup import new_game

from .test_notation import positions


def test_K_R_18_every_position_round_trips_through_its_file():
    board = default_board()
    for pos in positions()[::2]:
        back = loads_position(dumps_position(pos), board)
        assert back == pos and back.key() == pos.key()
        assert hash(back.key()) == hash(pos.key())


def test_save_and_load(tmp_path):
    board = default_board()
    pos = positions()[40]
    save_position(pos, tmp_path / "p.yaml")
    assert load_position(tmp_path / "p.yaml", board) == pos


def change(**edits):
    doc = position_data(new_game(default_board(), 2, 0))
    for path, value in edits.items():
        where = doc
        keys = path.split("__")
        for key in keys[:-1]:
            where = where[key]
        where[keys[-1]] = value
    return doc


@pytest.mark.parametrize(
    ("edits", "words"),
    [
        (
            {"seats__red__villagers": {"ida": 6}},
            "seats.red.villagers: 6 villagers on the board; a player has 5 (K-SET-1)",
        ),
        ({"seats__red__villagers": {"atlantis": 1}}, "seats.red.villagers.atlantis: unknown province 'atlantis'"),
        ({"seats__red__villages": {"ida": 1}}, "1 villages need as many harvested tiles, got 0 (K-ARCH-2)"),
        ({"seats__red__table": ["castellan"]}, "the castellan is never on a table"),
        ({"seats__red__ships": ["ida"]}, "ida has no port"),
        ({"seats__red__ships": ["chania", "chania"]}, "never both ships in one port"),
        (
            {"seats__red__villagers": {"ida": 4}, "seats__blue__villagers": {"ida": 4}},
            "ida holds 8 figures; at most 7 (K-FIG-2)",
        ),
        ({"seats__red__ships": ["chania"], "seats__blue__ships": ["chania"]}, "at most 1 with 2 players (K-ADM-2)"),
        ({"to_move": "white"}, "to_move: white is not playing"),
        ({"row": [1, 2, 3]}, "after 0 scorings the row holds 11 cards"),
        ({"pile": [1]}, "the pile always holds 15"),
        ({"tiles": {}}, "tiles: 16 tiles in all"),
        ({"seats__red__score": -1}, "seats.red.score: expected an integer from 0 to 9999"),
        ({"forts": {27: "red"}}, "forts.27"),
        ({"phase": "march"}, "march: a position in a march gives its points and origin"),
        ({"format": "kreta-position/2"}, "format: expected 'kreta-position/1'"),
        ({"board": "Atlantis"}, "written for the board 'Atlantis'"),
    ],
)
def test_impossible_positions_are_refused_in_one_line(edits, words):
    with pytest.raises(PositionError) as info:
        position_from_data(change(**edits), "p.yaml", default_board())
    message = str(info.value)
    assert words in message and message.startswith("p.yaml: ") and "\n" not in message


def test_a_file_that_is_not_yaml_is_one_line(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("format: [unclosed\n")
    with pytest.raises(PositionError, match="not valid YAML"):
        load_position(path, default_board())
    with pytest.raises(PositionError, match="no such file"):
        load_position(tmp_path / "none.yaml", default_board())
