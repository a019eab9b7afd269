"""The two-turn relaxation's leaves read the goal cards on the group's final boards, and on turn 1's
board only where the line may end the game in turn 1 (analysis/reach/reach_two_goals.py,
`TwoGoals.finals`, R-END-2, R-TURN-1, R-TILE-1). Seed 2's turn 24 (2016, north): every placement
was bounded at 14 or more against optima of 13, the relaxed line's "no icon" card (G03) read on
turn 1's board, where the island E10 is excavated on has no icon yet; on the final board, where the
next tile joins it to an island with an icon, the line scores 13."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_two_goals
from akrotiri_puzzles.analysis.reach.reach_two import below

from .test_reach_two import first_placement, group_relaxed, optimum_not_below


def _seed_2_turn_24():
    """The first placement of the second slot-and-rotation group of seed 2's turn 24 (2016, north);
    its two-turn optimum is 13 (CP-SAT, the corpus test below)."""
    return first_placement(2, 24, 1, "tile -1,-4 r180")


def test_R_END_2_R_TILE_1_turn_1s_board_is_read_as_final_only_with_every_temple_left_excavated(monkeypatch):
    # Bit 0 of a group's mask is turn 1's board: a line ends there only where its temples are
    # every one the hero has left (the game then ends in turn 1, R-END-2); with fewer, turn 2's
    # placement follows (R-TURN-1) and the final board is one of the group's (bits 1 and up).
    top = _seed_2_turn_24()
    r = group_relaxed(top, 1)
    every = r.every
    assert every & 1 and every >> 1
    assert r.finals(every, r.left) == every
    assert r.finals(every, r.left + 1) == every
    for n in range(r.left):
        assert r.finals(every, n) == every & ~1
        assert r.finals(1, n) == 0
    monkeypatch.setattr(reach_two_goals.TwoGoals, "b1_final_at_end", False)
    assert r.finals(every, 0) == every


def test_R_END_2_R_TILE_1_seed_2s_turn_24_is_bounded_at_its_optimum(monkeypatch):
    # With the goal cards read on turn 1's board too, a relaxed line reaches 14 (G03 for both
    # temples); read on the final boards alone, the bound is 13, the placement's optimum (the
    # corpus test below), which a line reaches: `below` 14, not below 13.
    top = _seed_2_turn_24()
    assert below(top, 14)
    assert not below(top, 13)
    monkeypatch.setattr(reach_two_goals.TwoGoals, "b1_final_at_end", False)
    assert not below(top, 14)


@pytest.mark.corpus
def test_R_END_2_R_TILE_1_the_bound_on_seed_2s_turn_24_is_not_below_its_optimum():
    # The placement above: its two-turn optimum (CP-SAT) is 13, and the bound does not put it
    # out of reach.
    assert optimum_not_below(_seed_2_turn_24()) == 13
