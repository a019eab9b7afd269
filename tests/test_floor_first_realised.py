"""A turn's first model answered by its relaxed leaf played through the engine (floor_first.py's
step 1b, session 86, where realise.py's `REALISE_FIRST` and `LEAF_ROUNDS`, on by default since session 87): the
answer has the status, value and bound of the model solved to its end without any watch (the
independent computation), its line an engine line of that value (replayed and scored by the
engine, R-SCORE-1, over the two turns' actions, R-TURN-2); where the step gives no proven line,
the model's steps run as without it (the same line)."""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.analysis import board_solve, climb_cards, floor_first, realise
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, solved_two_turns


def _child() -> Any:
    # South before its placement on turn 11 (seed 3, 2014), nothing left to draw, its third group's
    # first placement (`tile -1,-2 r270`: optimum 15; test_floor_first's case).
    pos = no_draw(before_placement(3, 2014, 11))
    _, child = placement_groups(pos)[2][0]
    return child


def _watched(child: Any, steps: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> board_solve.BoardResult:
    """The first model (no floor) with the analysis's question, its first pass cut to almost nothing
    (`FIRST_DET` 0.05: it stops at its limit, the premise of steps 1b and 2), floor_first's steps
    traced into `steps`."""
    monkeypatch.setattr(floor_first, "FIRST_DET", 0.05)
    monkeypatch.setattr(floor_first, "TRACE", lambda **facts: steps.append(facts))
    below = reach_below.Below()
    return board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=lambda v: below(child, v))


@pytest.mark.slow  # the full search (~5 CPU s) and the watched one
def test_R_TURN_2_R_SCORE_1_a_first_model_answered_by_its_realised_leaf_is_the_full_search_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    child = _child()
    full = solved_two_turns(child)
    assert full.status == "OPTIMAL" and full.value == full.bound == 15
    monkeypatch.setattr(realise, "REALISE_FIRST", True)
    monkeypatch.setattr(floor_first, "LEAF_ROUNDS", 3)  # step 1b at 3 values (6 by default)
    rounds: list[tuple[int, int | None, bool]] = []
    monkeypatch.setattr(realise, "FLOOR_TRACE", rounds)
    steps: list[dict[str, Any]] = []
    got = _watched(child, steps, monkeypatch)
    assert (got.status, got.value, got.bound) == (full.status, full.value, full.bound)
    # The premise: the pass stopped at its limit, step 1b answered, no CP-SAT after it.
    kinds = [s["kind"] for s in steps]
    assert kinds == ["first_pass", "realised"], steps
    assert steps[1]["value"] == full.value and rounds[-1] == (rounds[-1][0], full.value, True), (steps, rounds)
    # The line is the engine's: replayed from the member and scored at turn 2's end.
    assert board_solve.two_turns_value(child, "score", got.line) == full.value
    # The bound is the relaxation's: no line reaches one more (the full search's bound agrees).
    assert reach_below.Below()(child, full.value + 1)


@pytest.mark.slow  # two watched searches
def test_R_TURN_2_R_SCORE_1_a_realised_leaf_not_proven_leaves_the_model_s_steps_as_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One value asked (`LEAF_ROUNDS` 1): the leaf at the pass's best plus one realises a
    # line whose value plus one the relaxation does not prove out of reach, so step 1b answers
    # nothing, and step 2 (the cards of the pass's last no) answers with the very line of the
    # search without the step.
    child = _child()
    monkeypatch.setattr(realise, "REALISE_FIRST", False)
    off: list[dict[str, Any]] = []
    plain = _watched(child, off, monkeypatch)
    assert "realised" not in [s["kind"] for s in off]  # the flag off: no step 1b
    monkeypatch.setattr(realise, "REALISE_FIRST", True)
    monkeypatch.setattr(floor_first, "LEAF_ROUNDS", 1)
    # The climb's line is forgotten here, as before session 98 (climb_cards.py's `CLIMB_CARDS` off:
    # tests/test_climb_cards.py asks it on).
    monkeypatch.setattr(climb_cards, "CLIMB_CARDS", False)
    rounds: list[tuple[int, int | None, bool]] = []
    monkeypatch.setattr(realise, "FLOOR_TRACE", rounds)
    on: list[dict[str, Any]] = []
    got = _watched(child, on, monkeypatch)
    assert [s for s in on if s["kind"] == "realised"] and rounds and not rounds[-1][2], (on, rounds)  # the premise
    assert (got.status, got.value, got.bound, got.line) == (plain.status, plain.value, plain.bound, plain.line)
    assert "cards" in [s["kind"] for s in on]  # step 2 ran after the step
