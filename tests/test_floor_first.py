"""A stalled two-turn search helped by the relaxed line's cards (analysis/floor_first.py): the
narrowed model's lines are lines of the model, and the answer through the cards' line has the
status, value and bound of the full search (the independent computation: the model solved to its
end without any watch), its line a real line of that value (replayed and scored by the engine).
R-TURN-2 (the two turns' actions), R-SCORE-1 (the value), R-EXC-1 (the cards excavated)."""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.actions import Excavate
from akrotiri_puzzles.analysis import board_solve, floor_cards, floor_first, floor_member, watch_defer
from akrotiri_puzzles.analysis.engine_line import replay_line
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, solved_two_turns

# The CP-SAT paths under test: the realised floor (on by default) would answer first (conftest).
pytestmark = pytest.mark.usefixtures("realised_floor_off")


def test_R_EXC_1_R_SCORE_1_a_model_narrowed_to_cards_excavates_them_and_never_beats_the_model():
    # South before its placement on turn 5 (seed 3, 2014), nothing left to draw (small models).
    pos = no_draw(before_placement(3, 2014, 5))
    checked = 0
    for group in placement_groups(pos)[:3]:
        _, child = group[0]
        full = solved_two_turns(child)
        assert full.status == "OPTIMAL" and full.value is not None
        dug = sorted({a.card for a in full.line if isinstance(a, Excavate)})
        two = board_solve.TwoTurns(child, "score", Deadline(None))
        for cards in ([*dug], [*dug[:1]]):
            if not cards:
                continue
            model = two.fresh()
            copy = floor_first.narrowed(model, frozenset(cards), 0)
            assert copy is not None
            status, solver = board_solve._solve(copy, Deadline(None), 1, board_solve.TWO_TURNS_TUNING)
            assert status == "OPTIMAL"  # the full search's line excavates these cards
            assert int(solver.value(model.primary)) <= full.value
            line = board_solve.read_two_turns(model, solver, board_solve.two_turn_puzzle(child))
            assert {a.card for a in line if isinstance(a, Excavate)} >= set(cards)
            # The engine's score of the narrowed line: a real line, at most the optimum.
            scored = board_solve.two_turns_value(child, "score", tuple(line))
            assert scored == int(solver.value(model.primary))
            checked += 1
    assert checked >= 3


# One group by default (about 8 CPU s each, the full search most of it); the second in
# make test-corpus. Each group alone checks its own board and two others.
@pytest.mark.parametrize("nth", [0, pytest.param(1, marks=pytest.mark.corpus)])
def test_R_EXC_1_R_TILE_1_a_model_narrowed_to_cards_and_final_boards_keeps_them_and_never_beats_the_model(nth):
    # Session 79's step 2b (`_finals_line`): the cards and the final board of the full search's
    # own line keep that line (the narrowed optimum is the model's); another board alone only narrows
    # (at most the optimum, the line ends on it, the engine's score is the model's value).
    # R-TILE-1: the next tile's placement decides the final board. South before its placement on
    # turn 5 (seed 3, 2014), its tiles left to draw (several final boards).
    pos = before_placement(3, 2014, 5)
    checked, elsewhere = 0, 0
    for group in placement_groups(pos)[nth : nth + 1]:
        _, child = group[0]
        full = solved_two_turns(child)
        assert full.status == "OPTIMAL" and full.value is not None
        dug = frozenset(a.card for a in full.line if isinstance(a, Excavate))
        two = board_solve.TwoTurns(child, "score", Deadline(None))
        model = two.fresh()
        boards = [model.f.members[c][0].boards[-1] for c in range(model.n)]
        # The full search's own final board (its line replayed by the engine), one of the model's
        # (session 92: read from the line, not from the model solved again, about 2 CPU s).
        own = replay_line(board_solve.two_turn_puzzle(child), full.line).board
        assert own in boards
        others = sorted({b for b in boards if b != own}, key=repr)[:2]
        for finals in ([own], *([b] for b in others)):
            # Another board with the line's cards may hold no line: the boards alone there.
            copy = floor_first.narrowed(model, dug if finals == [own] else frozenset(), 0, frozenset(finals))
            if copy is None:
                continue
            status, solver = board_solve._solve(copy, Deadline(None), 1, board_solve.TWO_TURNS_TUNING)
            if finals == [own]:
                assert status == "OPTIMAL" and int(solver.value(model.primary)) == full.value
            if status != "OPTIMAL":
                continue
            c = next(c for c in range(model.n) if solver.value(model.scen[c]))
            assert boards[c] in finals
            assert int(solver.value(model.primary)) <= full.value
            line = board_solve.read_two_turns(model, solver, board_solve.two_turn_puzzle(child))
            assert board_solve.two_turns_value(child, "score", tuple(line)) == int(solver.value(model.primary))
            checked += 1
            elsewhere += finals != [own]
    assert checked >= 3 and elsewhere >= 1


@pytest.mark.slow
def test_R_TURN_2_R_SCORE_1_an_answer_through_the_cards_and_boards_line_is_the_full_search_s_value(monkeypatch):
    # As below, the cards alone given no time (`FLOOR_DET` 0: no line), so that the answer comes
    # through the cards and the leaf's final boards (step 2b, `_finals_line`; the premise).
    monkeypatch.setattr(floor_first, "FLOOR_DET", 0.0)
    steps = _answer_is_the_full_search_s(monkeypatch)
    assert any(s["kind"] == "finals" and s["proven"] for s in steps), steps


@pytest.mark.slow
def test_R_TURN_2_R_SCORE_1_an_answer_through_the_cards_line_is_the_full_search_s_value(monkeypatch):
    # South before its placement on turn 11 (seed 3, 2014), nothing left to draw, its third group
    # (`tile -1,-2 r270`'s first placement: optimum 15, the relaxed line's cards E02 and E12); the first pass cut to
    # almost nothing, so that the search stops at its limit and the cards are tried (the premise:
    # the answer comes that way). About 30 CPU s (the full search is 15).
    steps = _answer_is_the_full_search_s(monkeypatch)
    assert any(s["kind"] == "cards" and s["proven"] for s in steps), steps  # answered through the cards' line


def _answer_is_the_full_search_s(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """South before its placement on turn 11 (seed 3, 2014), nothing left to draw, its third group's
    first placement, the first pass cut to almost nothing (`FIRST_DET` 0.05): the watched answer's
    status, value and bound are the full search's (the model solved to its end without any watch),
    its line one of that value by the engine; floor_first's steps traced in that answer."""
    pos = no_draw(before_placement(3, 2014, 11))
    monkeypatch.setattr(floor_first, "FIRST_DET", 0.05)
    steps: list[dict[str, Any]] = []
    monkeypatch.setattr(floor_first, "TRACE", lambda **facts: steps.append(facts))
    for group in placement_groups(pos)[2:3]:
        _, child = group[0]
        full = solved_two_turns(child)
        assert full.status == "OPTIMAL" and full.value == full.bound
        del steps[:]
        got = board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=_watch(child))
        assert (got.status, got.value, got.bound) == (full.status, full.value, full.bound)
        assert board_solve.two_turns_value(child, "score", got.line) == full.value
    return steps


def _watch(child: Any) -> Any:
    """The relaxation's question of one position, as the analysis asks it (a fresh `Below`)."""
    below = reach_below.Below()
    return lambda v: below(child, v)


@pytest.mark.slow
# A pass that ends by itself (1000) is the plain search every two-turn test runs: make test-corpus.
@pytest.mark.parametrize("first_det", [0.05, pytest.param(1000.0, marks=pytest.mark.corpus)])
def test_R_TURN_2_R_SCORE_1_questions_with_a_budget_keep_the_full_search_s_answer(monkeypatch, first_det):
    # The watch as the analysis asks it (watch_defer's `Watch`, with `within`), every question of
    # the first pass and the cards' solve given no CPU at all (each spent at its first relaxed
    # search, the search going on), the pass's end question asked in full: the status, value
    # and bound of the model solved to its end without any watch (the independent computation),
    # the line one of that value by the engine. A pass that ends by itself (`first_det` 1000) is
    # the plain search: its very line. South before its placement on turn 11 (seed 3, 2014),
    # nothing left to draw, its third group (as above).
    pos = no_draw(before_placement(3, 2014, 11))
    monkeypatch.setattr(floor_first, "FIRST_DET", first_det)
    monkeypatch.setattr(floor_first, "IN_PASS", 0.0)
    steps: list[dict[str, Any]] = []
    monkeypatch.setattr(watch_defer, "TRACE", lambda **facts: steps.append(facts))
    for group in placement_groups(pos)[2:3]:
        _, child = group[0]
        full = solved_two_turns(child)
        assert full.status == "OPTIMAL" and full.value == full.bound
        got = board_solve.best_two_turns(
            child, "score", Deadline(None), out_of_reach=watch_defer.Watch(reach_below.Below(), child)
        )
        assert (got.status, got.value, got.bound) == (full.status, full.value, full.bound)
        assert board_solve.two_turns_value(child, "score", got.line) == full.value
        assert any(s["kind"] == "deferred" and s["below"] is None for s in steps)  # the premise: spent
        if first_det > 100:
            assert got.line == full.line
        # The budgets decide no output (module doc): the same line with every question in full.
        monkeypatch.setattr(floor_first, "IN_PASS", 1e9)
        again = board_solve.best_two_turns(
            child, "score", Deadline(None), out_of_reach=watch_defer.Watch(reach_below.Below(), child)
        )
        assert (again.status, again.value, again.line) == (got.status, got.value, got.line)
        monkeypatch.setattr(floor_first, "IN_PASS", 0.0)


@pytest.mark.corpus  # FINALS_AFTER_LINE is off by default
def test_R_TURN_2_R_SCORE_1_an_answer_through_the_boards_after_an_unproven_cards_line_is_the_full_search_s(
    monkeypatch,
):
    # Session 80 (`FINALS_AFTER_LINE`): the cards' solve given little time (`FLOOR_DET` 0.1: a line
    # of 12, not proven the most), step 2b runs one above it with the leaf of that no, and the
    # answer through it is the full search's status, value and bound (the independent computation:
    # the model solved to its end without any watch), its line one of that value by the engine.
    # South before its placement on turn 11 (seed 3, 2014), nothing left to draw, its third group.
    monkeypatch.setattr(floor_first, "FLOOR_DET", 0.1)
    monkeypatch.setattr(floor_first, "FINALS_AFTER_LINE", True)
    steps = _answer_is_the_full_search_s(monkeypatch)
    # The premise: the cards found a line not proven, and 2b ran one above it.
    cards = [s for s in steps if s["kind"] == "cards"]
    assert cards and cards[0]["value"] is not None and not cards[0]["proven"], steps
    finals = [s for s in steps if s["kind"] == "finals"]
    assert finals and finals[0]["floor"] == cards[0]["value"] + 1, steps


@pytest.mark.corpus  # floor_member's FLOORED is off by default
@pytest.mark.parametrize("below_optimum", [0, 1])
def test_R_TURN_2_R_SCORE_1_a_floored_answer_through_the_relaxed_line_s_cards_is_the_full_search_s(
    monkeypatch, below_optimum
):
    # Session 80 (floor_member.py): a model asked at a floor (at its optimum, and one below), its
    # first pass cut to almost nothing so that it stops without an answer, answered through the
    # relaxed line's cards (floor_cards.py's `cards_line`, the premise): the status, value and
    # bound of the same floored model solved to its end without any watch (the independent
    # computation), the line one of that value by the engine. South before its placement on turn
    # 11 (seed 3, 2014), nothing left to draw, its third group.
    pos = no_draw(before_placement(3, 2014, 11))
    monkeypatch.setattr(floor_first, "FIRST_DET", 0.05)
    monkeypatch.setattr(floor_member, "FLOORED", True)
    answers: list[Any] = []
    cards_line = floor_cards.cards_line

    def spied(*args: Any) -> Any:
        answers.append(cards_line(*args))
        return answers[-1]

    monkeypatch.setattr(floor_cards, "cards_line", spied)
    for group in placement_groups(pos)[2:3]:
        _, child = group[0]
        best = solved_two_turns(child)
        assert best.status == "OPTIMAL" and best.value is not None
        floor = best.value - below_optimum
        full = solved_two_turns(child, floor)
        assert full.status == "OPTIMAL" and full.value == best.value
        watch = watch_defer.Watch(reach_below.Below(), child)
        assert not watch.deferred
        got = board_solve.best_two_turns(child, "score", Deadline(None), floor=floor, out_of_reach=watch)
        assert (got.status, got.value, got.bound) == (full.status, full.value, full.bound)
        assert board_solve.two_turns_value(child, "score", got.line) == full.value
    assert answers and answers[-1] is not None, answers  # the premise: answered through the cards
