"""A floored member's model first solved narrowed to its relaxed leaf's cards (analysis/floor_member.py,
`CARDS_FIRST`, session 95): where realise.py's `floor_line` plays no line of the leaf at the floor,
the model narrowed to the cards that leaf excavates (R-EXC-1) is solved, watched; a line of `v` whose
`v + 1` the watch proves out of reach is the member's answer, OPTIMAL `v`, with no model solved
whole. Where nothing is proven, the model is solved as before.

The position: seed 5's turn 11 (2016, south), `tile -1,1 r90 gray@SE`, turn 1 at Thera with two
actions left (tests/test_reach_split_sale.py's `_at_thera`): optimum 21; the cheap relaxation
reads 22 in reach, the split sale with turn 1's sales carried (R-FREE-1, R-TURN-1, R-TILE-2) puts
it out of reach (tests/test_watch_split.py).
"""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import board_solve, floor_climb, floor_member, realise, watch_defer
from akrotiri_puzzles.analysis.engine_line import objective_value, replay_line
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.solver.deadline import Deadline

from .test_reach_split_sale import _at_thera

FLOOR = 21
"""The member's optimum at `_at_thera`: a line reaches it, the split proves one more out of reach."""


class _Whole(Exception):
    """The model solved whole (board_solve's `_solve_to_ceiling`) was reached."""


def _whole(*args: object, **kwargs: object) -> None:
    raise _Whole


def _no_engine_line(*args: object, **kwargs: object) -> None:
    return None  # the engine plays no line of the leaf (as on s4t15's `tile -3,2 r270 green@SE`)


def test_R_EXC_1_R_SCORE_1_R_FREE_1_R_TILE_2_the_leafs_cards_answer_a_floored_member_without_its_whole_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Mutation: the step skipped (`CARDS_FIRST` not read, or `cards_first` returning None) reaches
    # the whole model (`_Whole`).
    pos = _at_thera()
    below = reach_below.Below()
    leaf = realise.relaxed_leaf(pos, FLOOR)
    assert leaf is not None and floor_member.leaf_cards(leaf) == Reached.cards  # the leaf's own cards
    monkeypatch.setattr(realise, "realise", _no_engine_line)
    monkeypatch.setattr(board_solve, "_solve_to_ceiling", _whole)
    monkeypatch.setattr(floor_member, "CARDS_FIRST", True)
    # The other leaves' climb (floor_climb.py, `CLIMB_AFTER`) comes before this step and, with the
    # engine playing no leaf, finds nothing: off, so the test reads this step alone.
    monkeypatch.setattr(floor_climb, "CLIMB_AFTER", False)
    r = board_solve.best_two_turns(pos, "score", Deadline(None), FLOOR, 1, None, watch_defer.Watch(below, pos))
    assert (r.status, r.value, r.bound) == ("OPTIMAL", FLOOR, FLOOR)
    # The line is the engine's: played from the member's start and scored at turn 2's end (R-SCORE-1).
    assert objective_value(replay_line(board_solve.two_turn_puzzle(pos), list(r.line)), "score") == FLOOR


def test_R_EXC_1_R_SCORE_1_a_narrowed_line_not_proven_the_most_answers_nothing() -> None:
    # A watch that proves nothing: the narrowed solve finds its line of 21 and asks 22, not proven,
    # so it answers nothing (the model is then solved whole). (Mutation: a narrowed line returned
    # without its value plus one proven fails here.)
    pos = _at_thera()
    leaf = realise.relaxed_leaf(pos, FLOOR)
    assert leaf is not None
    model = board_solve.TwoTurns(pos, "score", Deadline(None)).fresh(Deadline(None))
    model.m.add(model.primary >= FLOOR)
    asked: list[int] = []

    def never(value: int) -> bool:
        asked.append(value)
        return False

    tuning = board_solve.TWO_TURNS_TUNING
    assert floor_member.cards_first(model, never, Deadline(None), 1, tuning, (FLOOR, leaf)) is None
    assert asked == [FLOOR + 1]  # its line of 21 found and 22 asked
