"""Step 1b's rounds made cheaper (analysis/realise_climb.py, session 90): the groups not hinted
searched first with fewer states (`FIRST_NODES`, a cheap sweep; the groups past it then with the
member's), and the question a round asks between its leaves counted (`QUESTION_STATES`: a
question cut by its count answers not proven and is never kept as a no). Neither is a bound: each
answer is checked independently of the climb, its line replayed from the member and scored by
the engine at turn 2's end (R-SCORE-1 over the two turns, R-TURN-2), its value plus one read out
of reach by a fresh relaxation (reach_below's `Below`), its value that of the climb without the
lever."""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.analysis import board_solve, floor_first, realise_climb, watch_defer
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.realise_climb import Leaves, climb_line

from .test_floor_first_realised import _child


def _memo(child: Any) -> floor_first.Memo:
    """The analysis's question of the member (watch_defer's `Watch`: it has `counted`)."""
    return floor_first.Memo(watch_defer.Watch(reach_below.Below(), child))


def _checked(child: Any, got: Any, value: int) -> None:
    assert got is not None and got.value == value
    assert board_solve.two_turns_value(child, "score", got.line) == got.value  # the engine's score
    assert reach_below.Below()(child, got.value + 1)  # nothing reaches one more


def test_R_SCORE_1_R_TURN_2_a_cheap_sweep_first_climbs_to_the_same_optimum(monkeypatch: pytest.MonkeyPatch) -> None:
    # South's placement `tile -1,-2 r270` on seed 3's turn 11 (2014), nothing left to draw
    # (optimum 15). The cheap sweep given 5 states, so that its searches pass them (the premise:
    # the member's states then search the group): the climb answers as with one sweep.
    child = _child()
    puzzle = two_turn_puzzle(child)
    monkeypatch.setattr(realise_climb, "FIRST_NODES", 0)
    plain = climb_line(puzzle, child, 5, _memo(child), 6)
    _checked(child, plain, 15)
    monkeypatch.setattr(realise_climb, "FIRST_NODES", 5)
    got = climb_line(puzzle, child, 5, _memo(child), 6)
    _checked(child, got, 15)
    leaves = Leaves(child)
    assert leaves.first == 5
    assert leaves.leaf(15) is not None  # found past the cheap sweep, with the member's states
    assert leaves.past == {0: 5} and not leaves.too_big and leaves.searched == 2
    assert leaves.leaf(16) is None and leaves.below == {0: 16}  # 16 out of reach: no leaf


class _Cut:
    """The memo's question whose counted asks are all cut (`counted` answers None), recorded."""

    def __init__(self, memo: floor_first.Memo) -> None:
        self.memo = memo
        self.cut: list[int] = []

    @property
    def leaves(self) -> Any:
        return self.memo.leaves

    def __call__(self, value: int) -> bool:
        return self.memo(value)

    def counted(self, value: int, states: int) -> bool | None:
        self.cut.append(value)
        return None


def test_R_SCORE_1_a_counted_question_between_rounds_is_never_a_no(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same member (optimum 15), the question a round asks between its leaves counted: cut
    # every time, it stops nothing and is kept as no no, the climb's answer that of the questions
    # in full (16 asked in full at its end); allowed one state (the analysis's own count), the
    # memo's answers are those of a fresh relaxation.
    child = _child()
    puzzle = two_turn_puzzle(child)
    monkeypatch.setattr(realise_climb, "QUESTION_STATES", 1)
    for floor in (5, 13):
        cut = _Cut(_memo(child))
        _checked(child, climb_line(puzzle, child, floor, cut, 6), 15)
        assert cut.cut == [16]  # the premise: asked between rounds (at 16, after the line of 15), cut
        assert cut.memo.answers == {16: True}  # then asked in full, once
        memo = _memo(child)
        _checked(child, climb_line(puzzle, child, floor, memo, 6), 15)
        fresh = reach_below.Below()
        assert memo.answers and all(answer == fresh(child, value) for value, answer in memo.answers.items())
    monkeypatch.setattr(realise_climb, "QUESTION_STATES", 0)
    assert climb_line(puzzle, child, 16, _memo(child), 6) is None  # above the optimum: no line
