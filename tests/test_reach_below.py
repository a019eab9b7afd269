"""The two-turn bound's questions asked of a whole group of placements (analysis/reach/reach_below.py,
`Below.every`): where the group's two-turn cover is not claimed (R-TILE-2: a colour left once
on the market), its one-turn cover's relaxed bound is at least each member's own bound, which is
at least the member's two-turn optimum (R-TILE-1, R-TILE-2, R-LOAD-1, R-FREE-1)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.board_solve import best_two_turns
from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_two import two_turn_bound
from akrotiri_puzzles.position import Position, evolve
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups

NODES = 2_000_000
"""States a search may visit here: the bound itself is checked, not the analyser's cap."""


def group_bound(members: list[Position]) -> int:
    """The relaxed two-turn bound of the members' one-turn cover (what `Below.every` asks)."""
    top = cover(members, 1)
    assert top is not None
    bound = two_turn_bound(top, NODES)
    assert bound is not None
    return bound


def thin_group(draw: bool) -> list[Position]:
    """The largest group of seed 1's fifth turn (2016), its market thinned to one cube of a
    colour the members take or not (as test_analysis_turns_placement's cover test): no cover
    over two turns."""
    pos = before_placement(1, 2016, 5)
    pos = pos if draw else no_draw(pos)
    members = [child for _, child in max(placement_groups(pos), key=len)]
    colour = next(i for i in range(len(pos.market)) if len({p.market[i] for p in members}) == 2)
    fewest = min(p.market[colour] for p in members)
    thin = [evolve(p, market=tuple(n - fewest if i == colour else n for i, n in enumerate(p.market))) for p in members]
    assert cover(thin, 2) is None and cover(thin, 1) is not None
    return thin


@pytest.mark.corpus
def test_R_TILE_2_R_LOAD_1_R_FREE_1_a_groups_one_turn_cover_bounds_each_members_two_turns():
    # The next tile drawn: the relaxation's markets two cubes fewer after the next placement, its
    # new islands two cubes more. The members' own questions (unshared) against the group's one
    # (about 1 CPU s a question: corpus; make test runs the one below without a draw).
    members = thin_group(draw=True)
    bound = group_bound(members)
    own = [two_turn_bound(p, NODES) for p in (members[0], members[-1])]
    assert all(b is not None and b <= bound for b in own)
    assert Below().every(members, bound + 1)
    # The one-turn cover's answer (the counts cover, asked after it, may be tighter: session 62).
    assert not Below(NODES, blind_counts=False).every(members, bound)


def test_R_TILE_2_a_groups_one_turn_cover_bounds_a_members_optimum_and_answers_as_its_bound():
    # Nothing to draw (cheap models): a member's two-turn optimum (CP-SAT) and every member's own
    # bound (the unshared questions: 1 here, the group's 2) are under the group's bound, and
    # `every` answers yes exactly above it.
    members = thin_group(draw=False)
    bound = group_bound(members)
    best = best_two_turns(members[0], "score", Deadline(None))
    assert best.status == "OPTIMAL" and best.value is not None and best.value <= bound
    assert all((two_turn_bound(p, NODES) or 0) <= bound for p in members)
    one_turn = Below(NODES, blind_counts=False)
    assert one_turn.every(members, bound + 1) and not Below(NODES, blind_counts=False).every(members, bound)
    # With the counts cover asked colour-blind after it (session 62), never below the optimum.
    assert Below(NODES).every(members, bound + 1) and not Below(NODES).every(members, best.value)


def shared_against_fresh(members: list[Position]) -> None:
    """Each member asked at its own bound and one more by one `Below` (the setup shared after the
    first) answers as a fresh `Below` asked alone (unshared): below exactly above the bound."""
    below = Below(NODES)
    for p in members:
        bound = two_turn_bound(p, NODES)
        assert bound is not None
        for ask in (bound, bound + 1):
            assert below(p, ask) == Below(NODES)(p, ask) == (ask > bound)
    kept = below.kept
    assert kept is not None and below.setup(members[0])[2] is kept[2]  # one setup for the group


def test_R_TILE_1_R_EXC_2_a_groups_placements_share_one_setup_and_answer_as_alone():
    # Nothing to draw: turn 1's board's fits and goal facts shared between the members.
    members = thin_group(draw=False)
    shared_against_fresh(members)
    groups = placement_groups(no_draw(before_placement(1, 2016, 5)))
    other = next(child for g in groups for _, child in g if child.board != members[0].board)
    below = Below(NODES)
    mine = below.setup(members[0])[2]
    assert below.setup(other)[2] is not mine  # another board: a setup of its own


@pytest.mark.corpus
def test_R_TILE_1_R_EXC_2_a_groups_placements_share_the_next_tiles_boards_and_answer_as_alone():
    # The next tile drawn: the final boards and their fits shared too (about 1 CPU s a question).
    shared_against_fresh(thin_group(draw=True)[:2])
