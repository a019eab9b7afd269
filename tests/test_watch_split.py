"""A floored two-turn model's watch asked twice (analysis/watch_split.py, `SPLIT_RETRY`, session 93):
the cheap relaxation first, the split sale (reach_split.py's `SPLIT_SALE`, `SPLIT_SOLD`) where that
answers no; a yes of either proves the value out of reach, so a member's model at that floor is not
built (INFEASIBLE, as it would prove).

The position: seed 5's turn 11 (2016, south), placement `tile -1,1 r90 gray@SE`, turn 1 at Thera
with two actions left (tests/test_reach_split_sale.py's `_at_thera`, cubes red, red and gray
aboard). Its optimum over the two turns is 21 (CP-SAT, the corpus sibling: INFEASIBLE at 22). The
relaxation without the split reads 23 there (a turn-1 sale priced after the next placement's take
with turn 1's actions kept, R-TURN-1, R-TILE-2, R-FREE-1); with the split 21: 22 is out of reach.
"""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import board_solve, watch_defer, watch_split
from akrotiri_puzzles.analysis.reach import reach_below, reach_split
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.analysis.watched import Known
from akrotiri_puzzles.solver.deadline import Deadline

from .test_reach_split_sale import _at_thera

ASK = 22
"""Out of reach at `_at_thera` (optimum 21): the split proves it, the cheap relaxation does not."""


class _Fake:
    """A watch over a made-up relaxation: out of reach from `cheap` on without the split, from
    `split` on with both split flags; records the flags each question saw."""

    def __init__(self, cheap: int, split: int) -> None:
        self.cheap, self.split = cheap, split
        self.seen: list[tuple[int, bool, bool]] = []
        self.below = self._below
        self.pos = object()

    def _below(self, pos: object, value: int) -> bool:
        on = reach_split.SPLIT_SALE and reach_split.SPLIT_SOLD
        self.seen.append((value, reach_split.SPLIT_SALE, reach_split.SPLIT_SOLD))
        Reached.cards = frozenset({"split" if on else "cheap"})
        return value >= (self.split if on else self.cheap)

    def __call__(self, value: int) -> bool:
        return self._below(self.pos, value)


def test_R_FREE_1_R_TURN_1_the_split_is_asked_only_where_the_cheap_question_says_no() -> None:
    fake = _Fake(cheap=33, split=32)
    watch = watch_split.retried(fake)
    assert isinstance(watch, watch_split.Retried)
    assert watch(33) and fake.seen == [(33, False, False)]  # the cheap yes: no split
    assert watch(32) and fake.seen[1:] == [(32, False, False), (32, True, True)]
    assert not reach_split.SPLIT_SALE and not reach_split.SPLIT_SOLD  # put back
    assert not watch(31) and fake.seen[-1] == (31, True, True)
    assert Reached.cards == frozenset({"cheap"})  # the cheap question's leaf, put back after a no
    assert watch.split(32) and not watch.split(31) and watch.asked == 2  # kept: not asked again
    # A value a line is known to reach (watched.py's `Known`, attained) is never asked of the split.
    told = watch_split.Retried(Known(fake, 31, attained=True))
    assert not told(31) and told.asked == 0
    # Off, or a deferred watch (the game's end): the watch itself.
    fake.deferred = True
    assert watch_split.retried(fake) is fake


def test_R_FREE_1_R_TURN_1_R_TILE_2_a_members_model_is_not_built_where_the_split_proves_its_floor(monkeypatch) -> None:
    # The cheap relaxation leaves 22 in reach at Thera (the placement search would ask a model at
    # that floor); the split proves it out of reach, so best_two_turns answers INFEASIBLE at once.
    # (Mutation: `Retried.split` asking without `split_on`, or `SPLIT_RETRY` off, builds the model.)
    pos = _at_thera()
    below = reach_below.Below()
    assert not below(pos, ASK)
    asked: list[int] = []
    split = watch_split.Retried.split

    def spied(self: watch_split.Retried, value: int) -> bool:
        asked.append(value)
        return split(self, value)

    def no_model(*args: object, **kwargs: object) -> None:
        raise AssertionError("a model was built")

    monkeypatch.setattr(watch_split.Retried, "split", spied)
    monkeypatch.setattr(board_solve, "TwoTurns", no_model)
    r = board_solve.best_two_turns(pos, "score", Deadline(None), ASK, 1, None, watch_defer.Watch(below, pos))
    assert (r.status, r.value, r.bound, asked) == ("INFEASIBLE", None, ASK - 1, [ASK])
    assert not reach_split.SPLIT_SALE and not reach_split.SPLIT_SOLD


@pytest.mark.corpus  # ~80 CPU s (CP-SAT proving the floor out of reach)
def test_R_FREE_1_R_TURN_1_R_TILE_2_the_model_at_the_split_floor_is_infeasible(monkeypatch) -> None:
    # The independent check of the light test above: CP-SAT alone (no watch) finds no line at 22,
    # and its best is 21, one the split does not put out of reach.
    pos = _at_thera()
    r = board_solve.best_two_turns(pos, "score", Deadline(None), ASK, 1)
    assert r.status == "INFEASIBLE"
    with reach_split.split_on():
        assert not reach_below.Below()(pos, ASK - 1)


@pytest.mark.corpus  # ~25 s with the turn drawn (main's model at this floor ran past 600 CPU s)
def test_R_FREE_1_R_TILE_2_R_TURN_1_s4t15_the_members_floor_33_is_answered_without_a_model(monkeypatch) -> None:
    # Seed 4's turn 15 (2016, south): `tile -3,2 r270 blue@SE` (optimum 31, tools/settle_member.py;
    # tests/test_reach_split_sold.py) is not below 33 without the split, where the placement search
    # asks its model at the floor 33 (the best so far 32); the split settles it first.
    from .test_reach_real_lines import _member

    child = _member(4, 15, "tile -3,2 r270 blue@SE")
    below = reach_below.Below()
    assert not below(child, 33)

    def no_model(*args: object, **kwargs: object) -> None:
        raise AssertionError("a model was built")

    monkeypatch.setattr(board_solve, "TwoTurns", no_model)
    r = board_solve.best_two_turns(child, "score", Deadline(None), 33, 1, None, watch_defer.Watch(below, child))
    assert (r.status, r.bound) == ("INFEASIBLE", 32)
