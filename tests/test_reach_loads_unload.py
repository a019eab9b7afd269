"""Past the line's first unload, a Load of the two-turn relaxation takes, on each final board, no
more than the island of its spot holds there less what the line took from it (analysis/reach/reach_loads.py's
`load_ways`, session 71; R-LOAD-1, R-FREE-2, R-TILE-2, R-TILE-3). The split is read against the
engine's own boards, the bound stays at least a cover's own two-turn optimum (CP-SAT), and seed 1's
turn 30 (2016, north) is out of reach at 57 (on the lines whose next tile takes only cubes on the
market now, session 75) on the cover of `tile -3,-1 r0 green@NE`, where a
relaxed line took 3 cubes from a spot, unloaded one, and took 3 more from another spot of the
island of 4 cubes the next tile makes of both: past the unload its Loads were not read by board."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_loads, reach_turns
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_money import TOUCHED, UNREAD
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed, below, slot_groups, two_turn_bound
from akrotiri_puzzles.position import Position

from .test_analysis_turns_placement import solved_two_turns
from .test_reach_shared_cubes import seed_1_turn_30_group_cover, takes_on_market
from .test_reach_two import FIFTH_TURN_COVERS, NODES, covers

GROUP = "tile -3,-1 r0 green@NE"


@pytest.fixture(scope="module")
def seed_1_turn_30_cover() -> Position:
    """The cover of seed 1's turn 30's group of `tile -3,-1 r0 green@NE`."""
    return seed_1_turn_30_group_cover(GROUP)


def test_R_LOAD_1_R_FREE_2_R_TILE_2_past_an_unload_a_load_takes_what_each_boards_island_holds(seed_1_turn_30_cover):
    # The engine's boards: where the next tile joins the islands of turn 1's board at (-8,-2) and
    # (-2,-5) into one, a Load on the second after 3 cubes taken from the first, past an unload,
    # takes at most the island's cubes there (those on its pieces, the one the next placement
    # lays) less 3; where they stay apart, as many as the spot's own island holds. Before any
    # unload the Load is split by `load_boards` instead (one way here).
    top = seed_1_turn_30_cover
    got = slot_groups(top)
    assert got is not None
    keys, finals, acts = got
    joined = 0
    for i in range(len(keys)):
        boards = [top.board, *finals[i]]
        r = TwoRelaxed(top, boards, acts, 1, Boards(top), None)
        a, b = r.spot_of[(-8, -2)], r.spot_of[(-2, -5)]
        if b not in r.cubes:
            continue  # no cube on (-2,-5)'s island on any board of this slot
        most = min(3, r.cubes[b])
        for mark in (TOUCHED, UNREAD):
            taken = ((mark, 0), (a, 3))
            ways = reach_loads.load_ways(r, b, taken, most)
            assert sum(1 for _ in ways) == len({k for k, _ in ways})  # one way a count
            assert reach_loads.load_ways(r, b, ((a, 3),), most) == ((most, -1),)
            for k, board in enumerate(boards):
                qa, qb = top.board.island_quads[(-8, -2)][0], top.board.island_quads[(-2, -5)][0]
                isl = board.island_at(qb)
                pieces = {p for p, j in board.island_of_piece.items() if j == isl}
                lying = sum(n for piece, _, n in top.cubes if piece in pieces)
                grown = k > 0 and any(q not in r.old_land for q in board.island_quads[isl])
                holds = lying + (1 if grown else 0)
                had = 3 if board.island_at(qa) == isl else 0
                joined += had > 0
                want = min(most, max(0, holds - had))
                taking = [n for n, bits in ways if (bits >> k) & 1]
                assert taking == [want], (k, ways, holds, had)
    assert joined


@pytest.mark.corpus  # ~25 s; in make test: the bound's soundness below
def test_R_LOAD_1_R_FREE_2_R_END_2_seed_1_turn_30_s_cover_is_out_of_reach_at_57_only_with_loads_past_an_unload(
    seed_1_turn_30_cover, monkeypatch
):
    # The relaxed line of 57 loaded 3 cubes, unloaded one, and sold 8 cubes, 6 of them from the
    # two spots of one island of 4 (tools/trace_two_turn_relaxed.py); with the Loads past an
    # unload read by board, no relaxed line reaches 57 (the turn's optimum is 56).
    # Since the next tile may take back a cube turn 1 sold (reach_sales.py's *Cubes sold back*,
    # session 74/75), a relaxed line reaches 57 on this cover with or without `AFTER_UNLOAD`, by a
    # cube sold twice at the top; so the cut is read on the lines whose next tile takes only
    # cubes on the market now, the class the figures above were found on (`takes_on_market`:
    # a class of lines, not a bound on every line).
    assert not below(seed_1_turn_30_cover, 57)
    takes_on_market(monkeypatch)
    assert below(seed_1_turn_30_cover, 57)
    monkeypatch.setattr(reach_loads, "AFTER_UNLOAD", False)
    assert not below(seed_1_turn_30_cover, 57)


# The default cover's bound falls to 1 with each island's cubes on a board two fewer
# (`spot_caps`, session 91).
@pytest.mark.parametrize("picked", FIFTH_TURN_COVERS)
def test_R_LOAD_1_R_FREE_2_the_bound_with_loads_past_an_unload_by_board_is_never_below_a_covers_optimum(
    monkeypatch, picked
):
    # A cover of a fifth turn (`covers`: seed, count, index; the next tile drawn): Loads past an
    # unload take fewer cubes on some boards (counted), and the bound is at least the cover's
    # two-turn optimum (CP-SAT), and no higher than without the split.
    split = 0
    plain = reach_turns._load_ways

    def counting(r, spot, taken, most):  # type: ignore[no-untyped-def]
        nonlocal split
        ways = plain(r, spot, taken, most)
        if len(ways) > 1 or ways[0][0] != most:
            split += 1
        return ways

    monkeypatch.setattr(reach_turns, "_load_ways", counting)
    seed, count, index = picked
    top = covers(seed, 2016, count)[index]
    bound = two_turn_bound(top, NODES)
    assert split > 0
    best = solved_two_turns(top)
    assert best.status == "OPTIMAL" and best.value is not None
    assert bound is not None and bound >= best.value
    monkeypatch.setattr(reach_loads, "AFTER_UNLOAD", False)
    before = two_turn_bound(top, NODES)
    assert before is not None and bound <= before
