"""A group's legs by final board (analysis/reach/reach_board_legs.py, `LEGS_BY_BOARD`, session 66), on
seed 2's turn 13 (2016, south): the one-turn cover of the thin group `tile -1,-4 r180` (its
optimum over two turns is 24: the turn's OPTIMAL 24) and the next tile's slot (-4, -2) without
the oracle (tests/test_reach_lead.py's position)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_board_legs
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_two import NODES, TwoRelaxed, slot_groups
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached

from .test_reach_lead import before_placement, placement_groups


@pytest.fixture(scope="module")
def slot():
    pos = before_placement(2, 2016, 13)
    group = next(g for g in placement_groups(pos) if str(g[0][0]).startswith("tile -1,-4 r180 "))
    top = cover([child for _, child in group])
    assert top is not None
    slots, finals, acts = slot_groups(top)
    return top, finals[slots.index(((-4, -2), False))], acts


def relaxed(slot, boards, ask=25):
    top, _, acts = slot
    return TwoRelaxed(top, [top.board, *boards], acts, NODES, Boards(top), ask)


def test_R_MOVE_1_R_TILE_1_each_boards_own_legs_are_among_the_legs_searched_together(slot):
    # The soundness argument's core: from every stop, each final board's own least points to a
    # spot (over turn 1's board's routes and its own) are searched with that board kept, and no
    # leg is cheaper than the union's.
    r = relaxed(slot, slot[1])
    most = 2 * r.acts + r.pos.points
    starts = [r.hero.boat, *range(len(r.members))]
    checked = 0
    for at in starts:
        union = dict(r.moves(at))
        legs = r.plan_moves(at)
        assert [p for _, p, _ in legs] == sorted(p for _, p, _ in legs)  # nearest first
        for spot, points, bits in legs:
            assert points >= union[spot] and bits & 1
        for k in range(1, len(r.boards)):
            for spot, points in r.legs_on(at, k).items():
                if points <= most and spot in union:
                    assert min(p for s, p, bits in legs if s == spot and bits >> k & 1) == points
                    checked += 1
    assert checked > 100


def test_R_MOVE_1_the_slots_boards_together_are_below_where_each_alone_is(slot, monkeypatch):
    # Each of the slot's four boards alone is below 25; searched together over the union of their
    # routes a relaxed line reached 25 (legs of several rotations at once). By board, it is below.
    alone = [relaxed(slot, [b]).best() for b in slot[1]]
    assert max(alone) == 24
    together = relaxed(slot, slot[1]).best()
    assert max(alone) <= together < 25
    monkeypatch.setattr(reach_board_legs, "LEGS_BY_BOARD", False)
    with pytest.raises(Reached):
        relaxed(slot, slot[1]).best()
    # A board alone searches the same legs either way.
    assert [relaxed(slot, [b]).best() for b in slot[1]] == alone
