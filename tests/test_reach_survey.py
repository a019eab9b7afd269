"""A thin group's one-turn question surveying its groups of final boards for its market parts and
members (analysis/reach/reach_below.py, `SURVEY`, `Below.every`, session 60). The group's one-turn cover
(every cube any member lays, R-TILE-2; the fewest market cubes per colour) dominates each market
part's cover and each member, so a group of final boards (the next tile's slot, R-TILE-1) it
searched below a value is below for them (`KEEP_BELOW`, reach_known.py). `every`'s question no
longer ends at its first group not below: every group is searched, and every board alone of a
group not below together, and those below are kept and not searched again by the parts' and
members' questions. The answers must be those of
each question asked afresh (`reach_two.below`, unshared) and never put a member's two-turn optimum
(CP-SAT) out of reach."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.board_solve import best_two_turns
from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_alone, reach_below, reach_two
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_known import Known
from akrotiri_puzzles.analysis.reach.reach_two import below
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, placement_groups

SMALL = 2_000
"""The node cap of these questions (the analyser's is `reach_two.NODES`): cheap, and every answer
is still compared with the same question asked afresh at the same cap. At 500 every group of the
survey passes it together (its boards are then searched alone last, as before the survey)."""

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


@pytest.mark.corpus  # the survey is off (`SURVEY`): its tests run with make test-corpus
def test_R_TILE_1_R_TILE_2_a_surveyed_group_s_parts_and_members_answer_as_asked_afresh(monkeypatch, first_group):
    # The survey to its end (no early stop by `surveying`: every path of it taken).
    monkeypatch.setattr(reach_alone, "SURVEY_SLACK", 10**6)
    members, parts = first_group
    asks = questions(members, parts[:1])
    fresh = [below(q, ASK, SMALL) for q in asks]
    assert True in fresh and False in fresh  # both answers occur: a wrong claim would show
    seen = searches(monkeypatch)
    counts, kept, last = {}, {}, {}
    for survey in (False, True):
        asked = Below(SMALL, survey=survey)
        assert not asked.every(members, ASK)  # the group's one-turn cover reaches ASK
        kept[survey] = len(asked.known.asked[0][2])  # groups and boards `every` proved below
        last[survey] = (asked.last, asked.last_board, asked.said_yes)
        seen[0] = 0
        assert [asked(q, ASK) for q in asks] == fresh, survey
        counts[survey] = seen[0]
    # The survey kept more below; the next question starts with `every`'s first group not below,
    # as without the survey (the survey also names its first board not below alone,
    # `last_board`). That the parts and members then search less is no longer so (8 searches
    # against 6 on main since session 66: the counts cover's colour-blind question, which
    # `every` asks after the survey, proves most boards below for them either way, and the
    # survey's boards alone route their groups through `alone_stops`): one reason `SURVEY` is off.
    assert kept[True] > kept[False] and min(counts.values()) > 0
    assert last[True][0] == last[False][0] and last[True][2] is last[False][2] is False


@pytest.mark.corpus  # the survey is off (`SURVEY`): its tests run with make test-corpus
def test_R_TILE_1_after_a_survey_a_member_below_searches_every_board_not_proven_below(monkeypatch, first_group):
    # A member below ASK (its relaxed two turns proven below afresh) must be proven below on every
    # final board: after the survey, each board that `every`'s questions did not prove below for
    # a position dominating the member (the survey's, by colour; the counts cover's after it,
    # colour-blind: reach_known's `Known.start`) is searched by the member's own question, alone
    # or with others; only the kept ones are skipped. And the survey kept boards alone (groups
    # not below together).
    members, parts = first_group
    member = next(c for c in parts[0] if below(c, ASK, SMALL))
    asked = Below(SMALL, survey=True)
    assert not asked.every(members, ASK)
    assert not Below(SMALL).survey  # `SURVEY` is off: the survey is asked for here
    assert any(k is not None for _, k in asked.known.asked[0][2])
    # What the member's question will find kept, read on a copy (`start` records a question).
    copied = Known()
    copied.asked = list(asked.known.asked)
    known = copied.start(member, ASK)
    slots, finals, _ = asked.kept[1]  # type: ignore[index, misc]
    left = {
        id(b)
        for s, group in zip(slots, finals, strict=True)
        if (s, None) not in known
        for k, b in enumerate(group)
        if (s, k) not in known
    }
    assert left
    seen: list[set[int]] = []
    real = reach_below.TwoRelaxed

    class Spy(real):  # type: ignore[misc, valid-type]
        def best(self) -> int:
            seen.append({id(b) for b in self.boards[1:]})
            return super().best()

    monkeypatch.setattr(reach_two, "TwoRelaxed", Spy)
    monkeypatch.setattr(reach_below, "TwoRelaxed", Spy)
    monkeypatch.setattr(asked, "relaxed", Spy)  # made before the patch: `Below.relaxed` is set at construction
    assert asked(member, ASK)
    assert left <= set().union(*seen)


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
                asked = Below(nodes, survey=True)
                asked.every(members, ask)
                for q in questions(members, parts):
                    asked(q, ask)
                assert not asked(child, best.value), (nodes, ask)


def test_R_TILE_1_a_survey_stops_where_its_cover_is_mostly_not_below():
    # `surveying`: on while the boards alone not below are at most SURVEY_SLACK more than half
    # those below (seed 3's turn 11 at 26: 357 of 360 not below, the survey stopped early).
    slack = reach_alone.SURVEY_SLACK
    assert reach_below.surveying([0, slack]) and not reach_below.surveying([0, slack + 1])
    assert reach_below.surveying([98, 19]) and not reach_below.surveying([3, 357])
