"""Each final board's legs worked out from turn 1's board's own (analysis/reach/reach_delta_legs.py,
`DELTA_LEGS`, session 96), the spots' docks and cubes by board (reach_board_legs.py's `_spot_docks`,
reach_two_spots.py's `CUBES_BY_BOARD`): cost only, the same answers as worked out afresh. On seed 2's
turn 13 (2016, south), the one-turn cover of the thin group `tile -1,-4 r180` (tests/test_reach_lead.py's
position) over every final board without the oracle as one search (a whole run, reach_whole.py)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_delta_legs, reach_two_spots
from akrotiri_puzzles.analysis.reach.reach_boards import Boards, dock_points, route_groups
from akrotiri_puzzles.analysis.reach.reach_two import NODES, TwoRelaxed, slot_groups
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached

from .test_reach_board_legs import slot  # noqa: F401 - the fixture


@pytest.fixture(scope="module")
def whole(slot):  # noqa: F811
    top = slot[0]
    slots, finals, acts = slot_groups(top)
    boards = [b for (_, oracle), group in zip(slots, finals, strict=True) if not oracle for b in group]
    assert len(boards) > 40
    return top, boards, acts


def _search(whole, ask=25):
    top, boards, acts = whole
    return TwoRelaxed(top, [top.board, *boards], acts, NODES, Boards(top), ask)


def _stops(r):
    """Every stop a leg leaves from: the boat's dock, each spot, each marked spot of turn 1's board."""
    return [r.hero.boat, *range(len(r.members)), *(~s for s in r.b1_island)]


def test_R_MOVE_1_R_MOVE_3_each_boards_legs_from_turn_ones_are_its_own(whole):
    r = _search(whole)
    assert r.occupied is not None  # the other boat's dock costs 2 to leave (R-MOVE-3)
    b1 = r.boards[0]
    assert reach_delta_legs.DELTA_LEGS
    checked = changed = 0
    for at in _stops(r):
        b1_spots = r._b1_spots(at)
        for k in range(1, len(r.boards)):
            spot_docks, _ = r._spot_docks(k)
            if at == r.hero.boat:
                # The spots' docks by board: as every member read afresh.
                assert spot_docks == {
                    s: tuple(
                        sorted({d for j, isl in ms if j in (0, k) for d in r.boards[j].docks_of_island.get(isl, ())})
                    )
                    for s, ms in enumerate(r.members)
                }
                groups, groups_of = route_groups([b1, r.boards[k]])
                starts = tuple(d for d in spot_docks[r.thera] if d != r.occupied)
                want = dock_points(groups, groups_of, r.occupied, starts)
                assert r.on.pair_points(b1, r.boards[k], r.occupied, starts) == want
            legs = r.legs_on(at, k)
            diff = r.changes_on(at, k)
            assert diff == {s: p for s in range(len(r.members)) if (p := legs.get(s)) != b1_spots.get(s)}, (at, k)
            changed += bool(diff)
            checked += 1
        assert r.plan_moves(at) == r._by_board(at, r.moves(at)), at
    assert checked > 1_000 and 0 < changed < checked, (checked, changed)


def _answer(r):
    """The search's bound, or that it reached the value; and the states it visited."""
    try:
        got = r.best()
    except Reached:
        got = None
    return got, r.start_nodes - r.nodes


def test_R_MOVE_1_R_TILE_2_the_search_answers_as_with_each_boards_legs_afresh(whole, monkeypatch):
    # The first 24 boards (six slots) at 25: below (24) in about 2,500 states.
    part = (whole[0], whole[1][:24], whole[2])
    on = _search(part, 25)
    cubes = {(k, isl): on._cubes_on(k, isl) for ms in on.members for k, isl in ms}
    got = _answer(on)
    monkeypatch.setattr(reach_delta_legs, "DELTA_LEGS", False)
    monkeypatch.setattr(reach_two_spots, "CUBES_BY_BOARD", False)
    off = _search(part, 25)
    assert {(k, isl): off._cubes_on(k, isl) for ms in off.members for k, isl in ms} == cubes
    assert _answer(off) == got and got[0] == 24 and got[1] > 1_000, got
