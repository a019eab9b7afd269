"""The first model's plain search run first as a counted pass (analysis/floor_first.py's
`PLAIN_BUDGET`, session 89): each question with a count of relaxed states (watch_defer's
`Watch.counted`), a question cut by its count never taken as a no, and the answer the full
search's (the independent computation: the model solved to its end without any watch), its line
the plain search's. R-TURN-2 (the two turns' actions), R-SCORE-1 (the value)."""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.analysis import board_solve, floor_first, watch_defer
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, solved_two_turns

# The CP-SAT paths under test: the realised floor (on by default) would answer first (conftest).
pytestmark = pytest.mark.usefixtures("realised_floor_off")


def _child(seed: int, turn: int, group: int) -> Any:
    """South's first placement of a group before its tile placement (2014), nothing left to draw
    (small models: each solved to its end in under a CPU s)."""
    return placement_groups(no_draw(before_placement(seed, 2014, turn)))[group][0][1]


def _steps3(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Steps 1 and 2 given almost no time, so that step 3 runs (the premise), both traces kept."""
    monkeypatch.setattr(floor_first, "FIRST_DET", 0.01)
    monkeypatch.setattr(floor_first, "FLOOR_DET", 0.01)
    monkeypatch.setattr(floor_first, "FINALS_DET", 0.0)
    steps: list[dict[str, Any]] = []
    monkeypatch.setattr(floor_first, "TRACE", lambda **facts: steps.append(facts))
    monkeypatch.setattr(watch_defer, "TRACE", lambda **facts: steps.append(facts))
    return steps


def test_R_TURN_2_R_SCORE_1_a_counted_pass_keeps_the_full_search_s_answer_and_the_plain_search_s_line(monkeypatch):
    # Seed 3's turn 8 (2014), its second group's first placement (optimum 8). Each question of the
    # counted pass allowed one state (cut at its second relaxed search): the status, value and
    # bound of the model solved to its end without a watch, the line one of that value by the
    # engine and the very line of the plain search (`PLAIN_BUDGET` off). A pass of `PLAIN_DET`
    # 1000 ends by a question proven within its count, one of 0.05 at its limit (its end question
    # asked in full, or step 3b after it).
    steps = _steps3(monkeypatch)
    child = _child(3, 8, 1)
    full = solved_two_turns(child)
    assert full.status == "OPTIMAL" and full.value == full.bound
    monkeypatch.setattr(floor_first, "PLAIN_BUDGET", False)
    plain = board_solve.best_two_turns(
        child, "score", Deadline(None), out_of_reach=watch_defer.Watch(reach_below.Below(), child)
    )
    monkeypatch.setattr(floor_first, "PLAIN_BUDGET", True)
    monkeypatch.setattr(floor_first, "PLAIN_STATES", 1)
    for plain_det in (1000.0, 0.05):
        monkeypatch.setattr(floor_first, "PLAIN_DET", plain_det)
        del steps[:]
        got = board_solve.best_two_turns(
            child, "score", Deadline(None), out_of_reach=watch_defer.Watch(reach_below.Below(), child)
        )
        assert (got.status, got.value, got.bound) == (full.status, full.value, full.bound)
        assert board_solve.two_turns_value(child, "score", got.line) == full.value
        assert (plain.status, plain.value, plain.bound, plain.line) == (got.status, got.value, got.bound, got.line)
        passes = [s for s in steps if s["kind"] == "counted_pass"]
        assert passes, steps  # the premise: step 3's counted pass ran
        if plain_det < 1:
            assert not passes[0]["met"] and passes[0]["best"] is not None, steps  # stopped at its limit
        else:
            assert passes[0]["met"], steps  # stopped by a question proven within its count
            assert any(s["kind"] == "counted" and s["below"] is None for s in steps), steps  # one cut


def test_R_SCORE_1_a_question_cut_by_its_count_is_never_a_no_and_one_within_it_is_the_full_question(
    monkeypatch,
):
    # Seed 3's turn 8 (2014), its second group's first placement (optimum 8): at values around the
    # optimum, a question with no states at all (cut at its first relaxed search) answers nothing,
    # the watch and the memo keep no answer, and the question in full after it answers as on a
    # fresh relaxation; with states to spare, the counted answer is the full one.
    child = _child(3, 8, 1)
    full = solved_two_turns(child)
    assert full.value is not None
    truth = {v: reach_below.Below()(child, v) for v in range(full.value - 1, full.value + 3)}
    assert truth[full.value + 1] and not truth[full.value]  # sound, and the premise: both answers
    for value, below in truth.items():
        watch = watch_defer.Watch(reach_below.Below(), child)
        memo = floor_first.Memo(watch)
        assert memo.counted(value, 0) is None
        assert value not in memo.answers and value not in watch.failed
        assert memo(value) is below  # then in full: the answer of a fresh relaxation
        again = watch_defer.Watch(reach_below.Below(), child)
        assert floor_first.Memo(again).counted(value, 10**9) is below
        assert (value in again.failed) is (not below)
