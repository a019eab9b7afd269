"""The two-turn relaxation's sales read by colour through unloads (analysis/reach/reach_money.py,
`TOUCHED`, R-FREE-1, R-FREE-2, R-LOAD-1): after an unload each spot the line has loaded on is read
for every cube it holds, instead of the colours not being read at all (`UNREAD`). On seed 3's turn 11
(2016, south) the relaxed line of the groups after the first unloaded a cube to sell it colour-blind
for 9 where its colours earn 8; read through the unload, the bound falls from 25 to 23 (that
placement's optimum; the turn's best is 24)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_money
from akrotiri_puzzles.analysis.reach.reach_two import below, two_turn_bound

from .test_analysis_turns_placement import solved_two_turns
from .test_reach_two import NODES, covers, first_placement, group_relaxed, optimum_not_below


def _seed_3_turn_11_group_18():
    """The first placement of group 18 of seed 3's turn 11 (2016, south)."""
    return first_placement(3, 11, 18, "tile -2,2 r270 blue@NW")


def test_R_FREE_1_R_FREE_2_colours_read_through_an_unload_bound_seed_3s_turn_11_at_its_best(monkeypatch):
    # With the colours not read after an unload the relaxed line loads a cube, unloads it, loads it
    # again with the next island's cube and sells the two for 9 (blue's 5 and 4): bound 25. Read
    # through the unload (each spot loaded read whole) the two sell for less: 23, the placement's
    # optimum (CP-SAT, the corpus test below), under the turn's best (24).
    top = _seed_3_turn_11_group_18()
    assert below(top, 24)
    monkeypatch.setattr(reach_money, "touched", False)
    assert not below(top, 25)


def test_R_FREE_1_a_spot_read_whole_earns_no_less_than_read_by_its_loads():
    # TOUCHED reads each spot of `taken` for every cube it holds: never less than the exact read
    # of the same spots (so the switch at an unload only loosens), never more than colour-blind.
    top = _seed_3_turn_11_group_18()
    r = group_relaxed(top, 1)
    assert r.money is not None
    spots = sorted(r.cubes)
    seen = 0
    for a in spots:
        for b in spots:
            taken = tuple(sorted({a: 1, b: 1}.items()))
            for n in range(1, 5):
                exact = r.money.income(n, taken)
                whole = r.money.income(n, ((reach_money.TOUCHED, 0), *taken))
                assert exact <= whole <= r.earned[n]
                seen += exact < whole
    assert seen


@pytest.mark.corpus
def test_R_FREE_1_R_FREE_2_the_bound_on_seed_3s_turn_11_group_18_is_not_below_its_optimum():
    # The placement above: its two-turn optimum (CP-SAT) is not above the bound.
    optimum_not_below(_seed_3_turn_11_group_18())


@pytest.mark.corpus
@pytest.mark.parametrize("seed", [2, 3])
def test_R_FREE_1_R_FREE_2_colours_through_unloads_hold_on_covers(seed):
    # Two covers of each fifth turn: the bound with the colours read through unloads (no value
    # asked: the TOUCHED search alone) is at least each one's two-turn optimum, and no higher
    # than with the colours unread after an unload.
    for top in covers(seed, 2016, 2):
        bound = two_turn_bound(top, NODES)
        best = solved_two_turns(top)
        assert bound is not None and best.value is not None and bound >= best.value
        reach_money.touched = False
        try:
            before = two_turn_bound(top, NODES)
        finally:
            reach_money.touched = True
        assert before is not None and bound <= before
