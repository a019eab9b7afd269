"""A turn's first model after a climb that realised a line but proved none (analysis/climb_cards.py,
`CLIMB_CARDS`, session 98): the model narrowed to the cards of the leaf above the climb's best line
answers where the relaxation proves its line the most, with the status, value and bound of the
full search (R-TURN-2's two turns, R-SCORE-1's score); where off, the steps run as before.

The bed: tests/test_floor_first_realised.py's (south's `tile -1,-2 r270` on seed 3's turn 11, 2014,
nothing left to draw, optimum 15), its first pass cut to almost nothing and step 1b allowed one
value (`LEAF_ROUNDS` 1): the climb realises a line below the optimum and proves nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.analysis import board_solve, climb_cards, floor_first, realise
from akrotiri_puzzles.analysis.reach import reach_below

from .test_floor_first_realised import _child, _watched

OPTIMUM = 15
"""The bed's optimum (the full search's, tests/test_floor_first_realised.py)."""


def _steps(monkeypatch: pytest.MonkeyPatch, on: bool) -> tuple[board_solve.BoardResult, list[dict[str, Any]]]:
    child = _child()
    monkeypatch.setattr(realise, "REALISE_FIRST", True)
    monkeypatch.setattr(floor_first, "LEAF_ROUNDS", 1)
    monkeypatch.setattr(climb_cards, "CLIMB_CARDS", on)
    steps: list[dict[str, Any]] = []
    monkeypatch.setattr(climb_cards, "TRACE", lambda **facts: steps.append(facts))
    got = _watched(child, steps, monkeypatch)
    return got, steps


def test_R_TURN_2_R_SCORE_1_a_climbed_line_s_next_leaf_cards_answer_the_first_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Mutation: `CLIMB_CARDS` off, or `Memo.climb` never told (board_solve not giving it to
    # realise_climb's `climb_line` as `climbed`, or `climb_line` not calling it), or `after_climb`
    # not called after step 1b: no `climb_cards` step, and step 2's cards (`cards`) run instead.
    got, steps = _steps(monkeypatch, True)
    kinds = [s["kind"] for s in steps]
    assert kinds[:2] == ["first_pass", "realised"] and steps[1]["value"] is None, steps  # the premise
    assert "climb_cards" in kinds and "cards" not in kinds and "counted_pass" not in kinds, steps
    step = next(s for s in steps if s["kind"] == "climb_cards")
    assert step["proven"] and step["value"] == OPTIMUM and step["ask"] <= OPTIMUM, steps
    assert (got.status, got.value, got.bound) == ("OPTIMAL", OPTIMUM, OPTIMUM)
    # The line is the engine's: replayed from the member and scored at turn 2's end (R-SCORE-1).
    assert board_solve.two_turns_value(_child(), "score", got.line) == OPTIMUM
    # The bound is the relaxation's: no line reaches one more.
    assert reach_below.Below()(_child(), OPTIMUM + 1)


@pytest.mark.slow  # two watched searches
def test_R_TURN_2_R_SCORE_1_off_the_steps_run_as_before_with_the_same_value(monkeypatch: pytest.MonkeyPatch) -> None:
    on, _ = _steps(monkeypatch, True)
    off, steps = _steps(monkeypatch, False)
    assert "climb_cards" not in [s["kind"] for s in steps] and "cards" in [s["kind"] for s in steps], steps
    assert (on.status, on.value, on.bound) == (off.status, off.value, off.bound) == ("OPTIMAL", OPTIMUM, OPTIMUM)
