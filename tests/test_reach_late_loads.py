"""The late-Load rule of the two-turn relaxation's colours (analysis/reach/reach_money.py, `Money.late`,
session 63): a cube the next placement lays (R-TILE-2) lies on the board only from turn 2
(R-TURN-1), so a Load of turn 1 (reach_loads.py's turn-1 way) sells only the colours of its
island on turn 1's board. On seed 3's turn 11 (2016, south) the relaxation reached 29 on group
43's member by a turn-1 Load of that island's blue and red cubes sold as two blues (5 and 4)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_money
from akrotiri_puzzles.analysis.reach.reach_bound import LATE
from akrotiri_puzzles.analysis.reach.reach_two import below

from .test_analysis_turns_placement import before_placement, placement_groups
from .test_reach_two import group_relaxed


def _group_43_member():
    """Seed 3's turn 11 (2016, south): group 43's member `tile 1,-2 r270 blue@NW` (a real line
    scores 28: CP-SAT finds it in about 21 s, docs/benchmarks.md)."""
    kids = [kid for group in placement_groups(before_placement(3, 2016, 11)) for kid in group]
    return next(child for action, child in kids if str(action) == "tile 1,-2 r270 blue@NW")


def test_R_TILE_2_R_TURN_1_a_laid_cube_is_loaded_in_turn_two(monkeypatch):
    # The island of (1,-4) holds a blue and a red cube on turn 1's board; on the boards of the
    # next tile's 17th slot-and-rotation group it grows, and the placement may lay the market's
    # last blue there. Two cubes loaded there in turn 1 (reach_loads.py's turn-1 way: no mark)
    # sell for 8 at most (blue's 5, red's 3); loaded by a Load that may be turn 2's (marked
    # `LATE`), for 9 (two blues).
    top = _group_43_member()
    r = group_relaxed(top, 16)
    assert r.money is not None
    s = r.spot_of[top.board.island_at((1, -4))]
    assert s in r.money.late
    assert r.money.income(2, ((s, 2),)) == 8
    assert r.money.income(2, ((s, 2), (LATE + s, 0))) == 9 == r.earned[2]
    monkeypatch.setattr(reach_money, "late_loads", False)
    off = group_relaxed(top, 16)
    assert off.money is not None and not off.money.late
    assert off.money.income(2, ((s, 2),)) == 9


@pytest.mark.corpus
def test_R_TILE_2_R_TURN_1_the_member_is_below_29(monkeypatch):
    # With the rule the member is below 29; without it (the laid cube read for the turn-1 Load
    # too) the relaxed line of docs/benchmarks.md reaches 29 (about 20 s: corpus).
    top = _group_43_member()
    assert below(top, 29)
    monkeypatch.setattr(reach_money, "late_loads", False)
    assert not below(top, 29)


@pytest.mark.corpus
def test_R_TILE_2_R_TURN_1_the_member_is_not_below_its_line_of_28():
    # A real line scores 28 on the member (CP-SAT's model finds it at once): the bound, with the
    # rule, is not below it.
    assert not below(_group_43_member(), 28)
