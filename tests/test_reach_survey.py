"""A thin group's one-turn question surveying its groups of final boards for its market parts and
members (analysis/reach_below.py, `SURVEY`, `Below.every`, session 60). The group's one-turn cover
(every cube any member lays, R-TILE-2; the fewest market cubes per colour) dominates each market
part's cover and each member, so a group of final boards (the next tile's slot, R-TILE-1) it
searched below a value is below for them (`KEEP_BELOW`, reach_known.py). `every`'s question no
longer ends at its first group not below, but at its `SURVEY`-th: the groups below before that are
kept and not searched again by the parts' and members' questions. The answers must be those of
each question asked afresh (`reach_two.below`, unshared) and never put a member's two-turn optimum
(CP-SAT) out of reach."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import reach_below, reach_two
from akrotiri_puzzles.analysis.board_solve import best_two_turns
from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach_below import Below
from akrotiri_puzzles.analysis.reach_two import below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, placement_groups

SMALL = 500
"""The node cap of these questions (the analyser's is `reach_two.NODES`): cheap, and every answer
is still compared with the same question asked afresh at the same cap."""

ASK = 6
"""A value the first group's one-turn cover reaches while some of its parts and members are below
it (some are not): the case the survey is for, and where a wrong claim would show."""


@pytest.fixture(scope="module")
def first_group():
    """The first group of two or more placements of seed 3's fifth turn (2016, south): its members
    and their market parts (placements leaving one market)."""
    group = next(g for g in placement_groups(before_placement(3, 2016, 5)) if len(g) > 1)
    members = [child for _, child in group]
    parts: dict[tuple[int, ...], list] = {}
    for child in members:
        parts.setdefault(child.market, []).append(child)
    return members, list(parts.values())


def questions(members, parts):
    """The questions the placement search asks of a thin group whose `every` fails (placement.py's
    `parts_below`, then each member): each market part's two-turn cover, then its members."""
    out = []
    for part in parts:
        if len(part) > 1:
            out.append(cover(part, 2))
        out.extend(part)
    return out


def searches(monkeypatch) -> list[int]:
    """Count every relaxed search (`Below`'s own and `reach_two.group_bound`'s)."""
    seen = [0]
    real = reach_two.TwoRelaxed

    class Spy(real):  # type: ignore[misc, valid-type]
        def best(self) -> int:
            seen[0] += 1
            return super().best()

    monkeypatch.setattr(reach_two, "TwoRelaxed", Spy)
    monkeypatch.setattr(reach_below, "TwoRelaxed", Spy)
    return seen


@pytest.mark.parametrize("misses", [3, 99])
def test_R_TILE_1_R_TILE_2_a_surveyed_group_s_parts_and_members_answer_as_asked_afresh(
    monkeypatch, first_group, misses
):
    members, parts = first_group
    fresh = [below(q, ASK, SMALL) for q in questions(members, parts)]
    assert True in fresh and False in fresh  # both answers occur: a wrong claim would show
    seen = searches(monkeypatch)
    for survey in (1, misses):
        asked = Below(SMALL, survey=survey)
        assert not asked.every(members, ASK) and not below(cover(members), ASK, SMALL)
        kept = len(asked.known.asked[0][2])  # groups `every`'s question proved below
        seen[0] = 0
        assert [asked(q, ASK) for q in questions(members, parts)] == fresh, survey
        if survey == 1:
            plain, plain_kept = seen[0], kept
    # The survey kept more groups below, and the parts and members searched fewer.
    assert kept > plain_kept and seen[0] < plain
    # At a value the cover is below, `every` answers for all at once, as before.
    asked = Below(SMALL, survey=misses)
    assert asked.every(members, ASK + 1) == below(cover(members), ASK + 1, SMALL) is True


def test_R_TILE_1_a_survey_ends_at_its_misses_and_leaves_the_first_miss_to_start_the_next(monkeypatch, first_group):
    # With `misses` 2 the question ends at its second group not below: fewer searched than with
    # every group, more than main's first; the next question starts with the first group not below.
    members, _ = first_group
    seen = searches(monkeypatch)
    counts = {}
    for survey in (1, 2, 99):
        asked = Below(SMALL, survey=survey)
        seen[0] = 0
        assert not asked.every(members, ASK)
        counts[survey] = seen[0]
        if survey == 1:
            first = (asked.last, asked.last_board)
        else:
            assert (asked.last, asked.last_board) == first and not asked.said_yes
    assert counts[1] < counts[2] < counts[99]


@pytest.mark.corpus
def test_R_TILE_1_R_TILE_2_surveyed_questions_never_put_a_member_s_optimum_out_of_reach(first_group):
    # Each member's two-turn optimum (CP-SAT) stays in reach after the group's survey at it and
    # below it, at the analyser's node cap and the small one.
    members, parts = first_group
    for child in members[:3]:
        best = best_two_turns(child, "score", Deadline(None))
        assert best.status == "OPTIMAL" and best.value is not None
        for nodes in (SMALL, reach_two.NODES):
            for ask in (best.value, best.value - 1):
                asked = Below(nodes, survey=99)
                asked.every(members, ask)
                for q in questions(members, parts):
                    asked(q, ask)
                assert not asked(child, best.value), (nodes, ask)
