"""The ceiling's Move action before the first excavation below a stop (analysis/reach/reach_ceiling.py,
`LEAD`, session 64): the relaxed search sails every leg from a stop with no movement points left
(R-MOVE-2: points not used when an action is taken are lost), so an excavation on a spot at least
a point away costs a Move action (R-MOVE-1), and one more for each set of spots 0 points apart the
later excavations spread over (R-EXC-1: one temple an island); a line with no Move action stays on
the spots 0 points away, buys nothing (R-BUY-1: at Thera) and excavates cards of its hand that fit
there (`STAY`). Checked on seed 2's turn 13 (2016,
south: 21 drachmas, two cards in hand, a one-drachma buy), where every board's relaxed bound is the
turn's optimum, 24, and the questions at 25 search every state whose ceiling reaches 25."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_ceiling, reach_ceiling_paid, reach_whole
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_ceiling import Ceiling
from akrotiri_puzzles.analysis.reach.reach_two import NODES, TwoRelaxed, slot_groups

from .test_analysis_turns_placement import before_placement, placement_groups


@pytest.fixture(scope="module")
def south():
    """The one-turn cover of seed 2's turn 13's placements `tile -1,-4 r180` (a thin group) and the
    final boards of the next tile at (-3, 1) without the oracle, with the actions of both turns."""
    pos = before_placement(2, 2016, 13)
    group = next(g for g in placement_groups(pos) if str(g[0][0]).startswith("tile -1,-4 r180 "))
    top = cover([child for _, child in group])
    assert top is not None
    slots, finals, acts = slot_groups(top)
    return top, finals[slots.index(((-3, 1), False))], acts


def search(south, ask, nodes=NODES):
    top, boards, acts = south
    return TwoRelaxed(top, [top.board, *boards], acts, nodes, Boards(top), ask)


def test_R_MOVE_2_R_EXC_1_R_BUY_1_the_ceiling_at_a_stop_is_never_below_the_search_and_lower_than_before(south):
    # No value asked: no ceiling, every state expanded and its best below kept (`_memo`).
    full = search(south, None, 2_000_000)
    assert full.best() < 25  # the colour-reading search alone (19; 24 colour-blind)
    ceiling = Ceiling(full)
    lower = stay = 0
    for key, value in full._memo.items():
        at, left, drachmas, cargo, sold, hand, dug, _, _, stash, mask, gained, income = key
        args = (left, drachmas, cargo, sold, stash)
        rest = (dug, mask, gained, income)
        now = ceiling(*args, hand, *rest, at)
        assert now >= value, (key, value, now)
        lead = ceiling(*args, len(hand), *rest, at)  # the hand unread: `LEAD` alone
        assert now <= lead
        stay += now < lead
        lower += lead < ceiling(*args, len(hand), *rest)  # `at` unread too: as before
    assert lower > 100 and stay > 100, (lower, stay)


def test_R_MOVE_2_R_EXC_1_R_BUY_1_below_25_in_fewer_states_with_the_move_before_the_first_excavation(
    south, monkeypatch
):
    # The premise: searches as big as before session 93 (reach_ceiling_paid's `PAID` and
    # reach_whole's `WHOLE_RUNS` prune them further: tests/test_reach_ceiling_paid.py,
    # tests/test_reach_whole_runs.py).
    monkeypatch.setattr(reach_ceiling_paid, "PAID", False)
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", False)
    counted = []
    monkeypatch.setattr(reach_ceiling, "CUBES", False)  # the states as measured before session 68
    for lead, stay in ((True, True), (True, False), (False, False)):
        monkeypatch.setattr(reach_ceiling, "LEAD", lead)
        monkeypatch.setattr(reach_ceiling, "STAY", stay)
        s = search(south, 25)
        assert s.best() == 24
        counted.append(s.start_nodes - s.nodes)
    assert counted[0] < 0.5 * counted[1] and counted[1] < 0.9 * counted[2], counted
