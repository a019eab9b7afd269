"""A thin group's question asked once more, colour-blind, from its *counts cover*
(analysis/reach/reach_thin.py, `Below.every`, `counts_cover`, `BLIND_COUNTS`; reach_two.py's
`BlindRelaxed`; R-LOAD-1, R-FREE-1, R-TILE-2). Seed 3's turn 11 (2016, south), the placements
`tile -1,-2 r180 blue@NE` (8 members: the second cube of each colour on the NE or SW island): their
one-turn cover lays a cube of every colour on both islands (4 where a member lays 1) and its
relaxed two turns reach 26; each market part's cover is below 26 (four questions); the counts
cover, searched colour-blind, is below 26 in one."""

from __future__ import annotations

from collections import Counter

import pytest

from akrotiri_puzzles.analysis.endgame import Run
from akrotiri_puzzles.analysis.placement import cover, groups
from akrotiri_puzzles.analysis.reach import reach_below, reach_thin
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_known import Known, dominates, dominates_in_number
from akrotiri_puzzles.analysis.reach.reach_two import NODES, BlindRelaxed, group_bound, slot_groups
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.position import evolve
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement


@pytest.fixture(scope="module")
def thin_group():
    """The members of seed 3's turn 11's placements `tile -1,-2 r180 blue@NE` (south), their
    one-turn cover and their counts cover."""
    pos = before_placement(3, 2016, 11)
    kids = Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    group = next(g for g in groups(kids) if str(g[0][0]) == "tile -1,-2 r180 blue@NE")
    members = [child for _, child in group]
    top = cover(members)
    assert top is not None and cover(members, 2) is None  # thin: no two-turn cover is claimed
    return members, top, reach_thin.counts_cover(members, top)


def per_piece(pos) -> Counter:
    out: Counter = Counter()
    for piece, _, n in pos.cubes:
        out[piece] += n
    return out


def test_R_LOAD_1_R_FREE_1_the_counts_cover_holds_each_members_cubes_in_number_not_in_colour(thin_group):
    # On every piece at least each member's cubes in number, per colour at most its market cubes,
    # the rest the same: what the colour-blind relaxation reads. It dominates no member by colour.
    members, top, counts = thin_group
    assert evolve(counts, cubes=top.cubes) == top
    have = per_piece(counts)
    for m in members:
        assert all(have[piece] >= n for piece, n in per_piece(m).items())
        assert all(a <= b for a, b in zip(counts.market, m.market, strict=True))
    assert sum(have.values()) < sum(per_piece(top).values())  # fewer cubes than the one-turn cover
    assert any(cover([counts, m]) != counts for m in members)  # not a cover by colour


def test_R_LOAD_1_R_FREE_1_the_counts_cover_searched_colour_blind_is_below_where_the_one_turn_cover_is_not(
    thin_group,
):
    # The next tile at (-4, 0) without the oracle: the one-turn cover's relaxed two turns reach
    # 26 there; the counts cover's, colour-blind, are below (25: the ceiling's).
    _, top, counts = thin_group
    keys, finals, acts = slot_groups(counts)
    i = keys.index(((-4, 0), False))
    with pytest.raises(Reached):
        group_bound(top, finals[i], acts, NODES, Boards(top), 26, False)
    assert group_bound(counts, finals[i], acts, NODES, Boards(counts), 26, False, relaxed=BlindRelaxed) < 26


def test_R_LOAD_1_R_FREE_1_the_counts_cover_bounds_each_members_colour_blind_bound(thin_group):
    # Without a value asked (each search complete), on the boards of the next tile at (-4, 0):
    # the counts cover's colour-blind bound is at least that of members of two colours and
    # both islands.
    members, _, counts = thin_group
    keys, finals, acts = slot_groups(counts)
    i = keys.index(((-4, 0), False))
    bound = group_bound(counts, finals[i], acts, NODES, Boards(counts), None, False, relaxed=BlindRelaxed)
    for m in (members[0], members[-1]):
        assert group_bound(m, finals[i], acts, NODES, Boards(m), None, False, relaxed=BlindRelaxed) <= bound


@pytest.mark.slow
def test_R_LOAD_1_R_FREE_1_R_TILE_2_a_thin_group_is_below_26_in_one_question(thin_group):
    # The whole question (about 6 CPU s): with the counts cover, every member is below 26; without
    # it (the mutation, as before session 62) `every` answers no and each market part is asked.
    members, _, _ = thin_group
    assert reach_below.Below().every(members, 26)
    assert not reach_below.Below(blind_counts=False).every(members, 26)


def test_R_LOAD_1_R_FREE_1_a_colour_blind_proof_holds_in_number_and_a_proof_by_colour_not_for_a_blind_question(
    thin_group,
):
    # reach_known.py: what a counts cover's colour-blind question proved below is used by each
    # member's question (it dominates them in number, not by colour); what a question by colour
    # proved below for the one-turn cover (which dominates the counts cover by colour) is not used
    # by a colour-blind question (the counts cover stands for the members only colour-blind).
    members, top, counts = thin_group
    part = (((-4, 0), False), None)
    known = Known()
    known.start(counts, 26, blind=True)
    known.add(part)
    assert any(not dominates(counts, m) for m in members)
    for m in members:
        assert dominates_in_number(counts, m)
        assert known.start(m, 26) == {part}
    assert known.start(members[0], 25) == set()  # a lower value: nothing
    known = Known()
    known.start(top, 26)
    known.add(part)
    assert dominates(top, counts)
    assert known.start(counts, 26) == {part}  # by colour, for the counts cover as a position
    assert known.start(counts, 26, blind=True) == set()  # but not for its colour-blind question
    assert not dominates_in_number(members[0], counts)  # one member lays fewer than the counts cover
