"""The first model's plain search answers no at once at a value a line of the model is known to
reach (analysis/floor_first.py's `REACHED_NO`, session 88): the answer is the full search's (the
independent computation: the model solved to its end without any watch), the line the same as with
every question asked, and each question not asked is one the relaxation answers no in full.
R-TURN-2 (the two turns' actions), R-SCORE-1 (the value)."""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.analysis import board_solve, floor_first
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, solved_two_turns

# The CP-SAT paths under test: the realised floor (on by default) would answer first (conftest).
pytestmark = pytest.mark.usefixtures("realised_floor_off")


class _Watch:
    """The relaxation's question of one position (a fresh `Below`), in full, each value logged;
    every budgeted question spent at once (`within`: None), so that the first pass and the cards'
    solve keep nothing in the memo and the plain search asks its values anew."""

    def __init__(self, child: Any) -> None:
        self.below = reach_below.Below()
        self.child = child
        self.asked: list[int] = []

    def __call__(self, value: int) -> bool:
        self.asked.append(value)
        return self.below(self.child, value)

    def within(self, value: int, seconds: float) -> bool | None:
        return None


def _watched(child: Any, reached_no: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[Any], list[int]]:
    """The member's answer with `_Watch`, `REACHED_NO` as given; floor_first's steps traced, and
    the values the relaxation was asked in full."""
    monkeypatch.setattr(floor_first, "REACHED_NO", reached_no)
    steps: list[dict[str, Any]] = []
    monkeypatch.setattr(floor_first, "TRACE", lambda **facts: steps.append(facts))
    watch = _Watch(child)
    got = board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=watch)
    return got, steps, watch.asked


@pytest.mark.slow
def test_R_TURN_2_R_SCORE_1_questions_at_a_value_a_found_line_reaches_are_not_asked_and_the_answer_holds(monkeypatch):
    # South before its placement on turn 11 (seed 3, 2014), nothing left to draw, its third group's
    # first placement (optimum 15); the first pass cut to almost nothing and the cards' solve given
    # little time (`FIRST_DET` 0.05, `FLOOR_DET` 0.1: a line of 12, not proven the most), so the
    # plain search runs after a line of the model is known (the premise).
    pos = no_draw(before_placement(3, 2014, 11))
    monkeypatch.setattr(floor_first, "FIRST_DET", 0.05)
    monkeypatch.setattr(floor_first, "FLOOR_DET", 0.1)
    monkeypatch.setattr(floor_first, "FINALS_AFTER_LINE", False)
    _, child = placement_groups(pos)[2][0]
    full = solved_two_turns(child)
    assert full.status == "OPTIMAL" and full.value == full.bound

    got, steps, asked = _watched(child, True, monkeypatch)
    cards = [s for s in steps if s["kind"] == "cards"]
    assert cards and cards[0]["value"] is not None and not cards[0]["proven"], steps  # the premise
    reached = max(cards[0]["value"], steps[0]["asked"] or 0)
    assert (got.status, got.value, got.bound) == (full.status, full.value, full.bound)
    assert board_solve.two_turns_value(child, "score", got.line) == full.value
    # Nothing at or below the line the steps found is asked once that line is known.
    after = asked[asked.index(cards[0]["value"] + 1) + 1 :]
    assert all(v > reached for v in after), (reached, asked)

    # Without it: the same answer and line, and every question it did not ask (those at or below
    # the line found, asked by the plain search) answered no in full: the relaxation never proves a
    # value a line reaches out of reach.
    again, _, asked_all = _watched(child, False, monkeypatch)
    assert (again.status, again.value, again.bound, again.line) == (got.status, got.value, got.bound, got.line)
    skipped = [v for v in asked_all[asked_all.index(cards[0]["value"] + 1) + 1 :] if v <= reached]
    assert skipped, (str(asked_all), str(steps))  # the premise: the plain search asks below the line found
    fresh = reach_below.Below()
    assert not any(fresh(child, v) for v in skipped)
