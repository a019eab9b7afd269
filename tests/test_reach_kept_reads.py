"""What the two-turn relaxation keeps of its states' reads (session 78): the ceiling's place (its
`stop`, `home` and the hand's count, numbered), turn 1's sales by `gained` (analysis/reach/reach_ceiling.py),
and each final board's legs kept by the setup's shared facts (reach_boards' `pair_points`,
reach_board_legs' `legs_on`). Cost changes only: at every state of a search the ceiling kept
answers as one worked out afresh (R-MOVE-1, R-MOVE-2, R-EXC-1, R-FREE-1: what it reads), and each
board's legs are `leg_points` over turn 1's board and that board's routes (R-MOVE-1, R-MOVE-3),
the same from a second search that reads them kept. Seed 2's turn 13 (2016, south), as
tests/test_reach_lead.py's and tests/test_reach_board_legs.py's positions."""

from __future__ import annotations

from akrotiri_puzzles.analysis.reach.reach_boards import Boards, leg_points, route_groups
from akrotiri_puzzles.analysis.reach.reach_ceiling import Ceiling

from .test_reach_board_legs import relaxed, slot  # noqa: F401 - the fixture
from .test_reach_ceiling import ceiling_args
from .test_reach_kept_states import Forgetful
from .test_reach_lead import search, south  # noqa: F401 - the fixture


def _afresh(c: Ceiling) -> Ceiling:
    """`c` keeping none of its answers: every state's reads worked out again (`place_ids` only
    numbers them: kept)."""
    c.places = Forgetful()
    c.by_gained = Forgetful()
    c.known = Forgetful()
    c.plans = Forgetful()
    c.costs = Forgetful()
    c.near_spent = Forgetful()
    return c


def test_R_MOVE_2_R_EXC_1_R_FREE_1_the_ceiling_kept_by_its_reads_answers_as_afresh(south):  # noqa: F811
    s = search(south, 25)
    assert s.best() == 24
    kept, fresh = Ceiling(s), _afresh(Ceiling(s))
    states = 0
    for key in s._memo:
        args = ceiling_args(key)
        assert kept(*args) == fresh(*args) == kept(*args), key
        states += 1
    assert states > 1_000 and kept.places and len(kept.known) < states, (states, len(kept.known))
    assert not fresh.places and not fresh.known and not fresh.plans and not fresh.costs and kept.costs


def test_R_MOVE_1_R_MOVE_3_each_boards_legs_kept_by_the_setup_are_leg_points_on_the_two_boards(slot):  # noqa: F811
    first = relaxed(slot, slot[1])
    again = relaxed(slot, slot[1])
    again.on = first.on  # a later search of the setup: its legs read those kept
    checked = 0
    for r in (first, again):
        for at in [r.hero.boat, *range(len(r.members))]:
            for k in range(1, len(r.boards)):
                groups, groups_of = route_groups([r.boards[0], r.boards[k]])
                docks = {
                    s: tuple(
                        sorted({d for j, isl in ms if j in (0, k) for d in r.boards[j].docks_of_island.get(isl, ())})
                    )
                    for s, ms in enumerate(r.members)
                }
                assert r.legs_on(at, k) == leg_points(at, docks, groups, groups_of, r.occupied)[1], (at, k)
                checked += 1
    assert checked > 50
    assert first.on.spot_points and isinstance(first.on, Boards)
