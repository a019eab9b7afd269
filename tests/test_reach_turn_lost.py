"""The two-turn relaxation's first excavation of turn 2 ends turn 1, whose unspent actions are lost
(analysis/reach/reach_turns.py, `TwoTurns.turn_one_lost`, R-TURN-2, R-TURN-3): the actions after it are
at most turn 2's own less one. Seed 4's turn 12 (2016, north), the cover of the placements
`tile -1,4 r0 blue@NW`: a relaxed line dug E12, which fits no island of turn 1's board, with two
actions spent, then spent six more where turn 2 has four, and reached 21; CP-SAT proves 21 out of
reach (the corpus test below)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.board_solve import best_two_turns
from akrotiri_puzzles.analysis.endgame import Run
from akrotiri_puzzles.analysis.placement import cover, groups
from akrotiri_puzzles.analysis.reach import reach_turns
from akrotiri_puzzles.analysis.reach.reach_two import below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement
from .test_reach_two import first_placement


def seed_4_turn_12_cover(first: str):
    """Seed 4's turn 12 (2016, north), its placements, and the two-turn cover of the group of
    placements whose first is `first`."""
    pos = before_placement(4, 2016, 12)
    kids = Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    group = next(g for g in groups(kids) if str(g[0][0]) == first)
    top = cover([child for _, child in group], 2)
    assert top is not None
    return pos, kids, top


@pytest.fixture(scope="module")
def seed_4_turn_12():
    """The two-turn cover of seed 4's turn 12's placements `tile -1,4 r0 blue@NW` (north)."""
    return seed_4_turn_12_cover("tile -1,4 r0 blue@NW")[2]


def test_R_TURN_2_R_TURN_3_turn_one_s_unspent_actions_are_lost_at_a_turn_two_excavation(seed_4_turn_12, monkeypatch):
    # With turn 1's unspent actions lost the cover's relaxed two turns are below 21; counted
    # for turn 2 (the mutation) a relaxed line reaches 21.
    assert below(seed_4_turn_12, 21)
    monkeypatch.setattr(reach_turns.TwoTurns, "turn_one_lost", False)
    assert not below(seed_4_turn_12, 21)


def test_R_TURN_2_the_bound_with_turn_one_lost_keeps_seed_2s_turn_24_optimum():
    # Seed 2's turn 24's placement of optimum 13 (tests/test_reach_finals.py's corpus test):
    # not put out of reach.
    top = first_placement(2, 24, 1, "tile -1,-4 r180")
    assert not below(top, 13)


@pytest.mark.corpus
def test_R_TURN_2_R_TURN_3_the_cover_s_two_turns_do_not_reach_21(seed_4_turn_12):
    # The independent computation: CP-SAT's two-turn model of the cover, floored at 21, has no
    # line (about two minutes of CPU).
    best = best_two_turns(seed_4_turn_12, "score", Deadline(None), floor=21)
    assert best.status == "INFEASIBLE"
