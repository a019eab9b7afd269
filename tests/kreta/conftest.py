"""Kreta's test fixtures: the default board, and positions built from a new game and a few changes."""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.files.position_yaml import position_data, position_from_data
from akrotiri_puzzles.kreta.position import Position
from akrotiri_puzzles.kreta.setup import new_game


@pytest.fixture(scope="session")
def board():
    return default_board()


def build(players: int = 2, seed: int = 0, scored: int | None = None, **changes: Any) -> Position:
    """A new game's position with fields of its file replaced: `red={"villagers": {...}}` replaces
    red's seat fields; other keys (`forts`, `to_move`, `tiles`, `rules`) the document's;
    `scored=n` puts fort card n first in the row, so that the next castellan scores space n."""
    doc = position_data(new_game(default_board(), players, seed))
    if scored is not None:
        cards = doc["row"] + doc["pile"]
        cards.remove(scored)
        cards.insert(0, scored)
        doc["row"], doc["pile"] = cards[: len(doc["row"])], cards[len(doc["row"]) :]
    for key, value in changes.items():
        if key in doc["seats"]:
            doc["seats"][key].update(value)
        else:
            doc[key] = value
    return position_from_data(doc, "<test>", default_board())


def tiles_without(*pids: str, seed: int = 0) -> dict[str, str]:
    """The tiles of a new game's board (seed `seed`) with those of some provinces harvested."""
    board = default_board()
    tiles = new_game(board, 2, seed).tiles
    return {p.id: t for p, t in zip(board.provinces, tiles, strict=True) if t is not None and p.id not in pids}
