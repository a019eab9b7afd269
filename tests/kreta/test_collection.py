"""The puzzle collection, puzzles/kreta/: each puzzle reached by legal play from its origin, its
solution replayed by the engine to its optimum, the optimum proven again by CP-SAT (and, where the
file records it, equal to the exhaustive search's), and a picture beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.kreta.puzzles.corpus import reached
from akrotiri_puzzles.kreta.puzzles.model import solve
from akrotiri_puzzles.kreta.puzzles.puzzle import replay, value_of

COLLECTION = sorted((Path(__file__).parents[2] / "puzzles" / "kreta").glob("*.yaml"))


def test_the_collection_holds_at_least_ten_puzzles_of_both_kinds():
    goals = [load_puzzle(path, default_board()).puzzle.goal for path in COLLECTION]
    assert len(goals) >= 10 and set(goals) == {"best", "province"}


@pytest.mark.parametrize("path", COLLECTION, ids=lambda p: p.stem)
def test_K_TURN_2_each_puzzle_is_reached_by_legal_play_and_its_optimum_is_proven(path):
    board = default_board()
    pf = load_puzzle(path, board)
    assert pf.origin is not None and reached(board, pf.origin) == pf.puzzle.start
    assert pf.solution is not None and value_of(pf.puzzle, replay(pf.puzzle, pf.solution)) == pf.optimum
    result = solve(pf.puzzle)
    assert result.proven and result.optimum == pf.optimum
    assert pf.certificate is not None and pf.certificate.status == result.status
    if pf.certificate.exhaustive_states is not None:
        assert pf.certificate.exhaustive_optimum == pf.optimum
    assert path.with_suffix(".png").stat().st_size > 10_000
