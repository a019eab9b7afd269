"""A floored member's other relaxed leaves played through the engine where its own leaf is not
(analysis/floor_climb.py, `CLIMB_AFTER`, session 96): where realise.py's `floor_line` asked a leaf
and played no line, realise_climb.py's `climb_line` runs from the floor; a line of `w` whose
`w + 1` the watch proves out of reach is the member's answer, OPTIMAL `w`, with no model solved.
Where nothing is proven, the solve goes on as before.

The position: south's placement `tile -1,-2 r270` on seed 3's turn 11 (2014), nothing left to draw
(tests/test_floor_first_realised.py's `_child`): optimum 15, the relaxation reads 16 out of reach
(tests/test_realise_climb.py). `floor_line` is made to play no line of its leaf at the floor, as on
seed 4's turn 15's `tile 0,2 r0 blue@NW` at 38 (module doc).
"""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import board_solve, floor_climb, floor_member, realise, watch_defer
from akrotiri_puzzles.analysis.engine_line import objective_value, replay_line
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_floor_first_realised import _child

FLOOR = 12
"""A floor below the member's optimum (`OPTIMUM`): the climb goes past it."""
OPTIMUM = 15


class _Model(Exception):
    """A model was reached (CARDS_FIRST's narrowed solve or the whole one)."""


def _model(*args: object, **kwargs: object) -> None:
    raise _Model


def test_R_SCORE_1_R_FREE_1_R_TILE_2_the_climb_answers_a_floored_member_whose_leaf_floor_line_does_not_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Mutation: the step skipped (`CLIMB_AFTER` off, or `climb_after` not called where `floor_line`
    # gives no line) reaches a model (`_Model`).
    pos = _child()
    leaf = realise.relaxed_leaf(pos, FLOOR)
    assert leaf is not None

    def not_played(*args: object, **kwargs: object) -> realise.Floored:
        return realise.Floored(None, (FLOOR, leaf))  # the engine plays no line of the leaf

    monkeypatch.setattr(realise, "floor_line", not_played)
    monkeypatch.setattr(floor_member, "cards_first", _model)
    monkeypatch.setattr(board_solve, "_solve_to_ceiling", _model)
    monkeypatch.setattr(floor_climb, "CLIMB_AFTER", True)
    below = reach_below.Below()
    r = board_solve.best_two_turns(pos, "score", Deadline(None), FLOOR, 1, None, watch_defer.Watch(below, pos))
    assert (r.status, r.value, r.bound) == ("OPTIMAL", OPTIMUM, OPTIMUM)
    # The line is the engine's: played from the member's start and scored at turn 2's end (R-SCORE-1).
    assert objective_value(replay_line(board_solve.two_turn_puzzle(pos), list(r.line)), "score") == OPTIMUM


def test_R_SCORE_1_a_climbed_line_not_proven_the_most_answers_nothing() -> None:
    # A watch that proves nothing: the climb's lines reach the floor but no value above them is
    # proven out of reach, so the step answers nothing (the model is then solved). (Mutation: a
    # climbed line returned without its value plus one proven fails here.)
    pos = _child()
    leaf = realise.relaxed_leaf(pos, FLOOR)
    assert leaf is not None
    asked: list[int] = []

    def never(value: int) -> bool:
        asked.append(value)
        return False

    puzzle = board_solve.two_turn_puzzle(pos)
    assert floor_climb.climb_after(puzzle, pos, FLOOR, never, (FLOOR, leaf), rounds=1) is None
    assert asked and all(FLOOR < v <= OPTIMUM + 1 for v in asked)  # a line realised, its value plus one asked


def test_R_SCORE_1_where_floor_line_asked_no_leaf_nothing_is_climbed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Where `floor_line` asked no leaf (the relaxation reads the floor out of reach), nothing is
    # climbed: the model's own answer (INFEASIBLE) stands.
    monkeypatch.setattr(floor_climb, "climb_line", _model)
    pos = _child()
    puzzle = board_solve.two_turn_puzzle(pos)
    assert floor_climb.climb_after(puzzle, pos, FLOOR, lambda v: True, None) is None
