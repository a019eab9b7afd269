"""A thin group's question with the counts cover asked before the rest of a reaching one-turn cover
(reach_thin.py's `BLIND_EARLY`, session 94): `every` answers yes where the one-turn cover's
question, the counts cover's colour-blind one or `by_member` is below (each bounds every member of
the group: the placements of one slot and rotation, R-TILE-1, differing in the second cube,
R-TILE-2), so asking them in another order changes no answer; the one-turn cover's question ended
where a kind's whole run reached the value is asked again in full where the counts cover is not
below. Seed 5's fifth turn (2016): a group of 12 placements, whose one-turn cover's whole run of
plain boards reaches 5 (a member reaches 5) and is below 6; about 3 CPU s."""

from __future__ import annotations

import random

import pytest

from akrotiri_puzzles.analysis.reach import reach_below, reach_thin, reach_whole
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached

from .test_analysis_turns_placement import before_placement, placement_groups

WHOLE = reach_below.NODES * reach_whole.WHOLE_NODES
"""A whole run's node cap: how the log tells its searches from the others."""


@pytest.fixture(scope="module")
def members():
    pos = before_placement(5, 2016, 5)
    group = random.Random(5).sample([g for g in placement_groups(pos) if len(g) > 1], 2)[1]
    return [child for _, child in group]


def logged(monkeypatch, log: list, fake_reach: bool = False):
    """Each one-turn search logged as (boards, cap, value or "R"); each counts cover's question
    as "blind". `fake_reach`: a whole run raises `Reached` (as a union looser than its groups may)."""

    class Spy(TwoRelaxed):
        def best(self) -> int:
            if fake_reach and self.start_nodes == WHOLE:
                log.append((len(self.boards) - 1, self.start_nodes, "R"))
                raise Reached
            try:
                value = super().best()
            except Reached:
                log.append((len(self.boards) - 1, self.start_nodes, "R"))
                raise
            log.append((len(self.boards) - 1, self.start_nodes, value))
            return value

    blind = Below.blind

    def spied_blind(self, pos, ask):
        log.append("blind")
        return blind(self, pos, ask)

    monkeypatch.setattr(reach_below, "TwoRelaxed", Spy)
    monkeypatch.setattr(Below, "blind", spied_blind)


def test_R_TILE_1_R_TILE_2_the_counts_cover_is_asked_right_after_a_reaching_whole_run(monkeypatch, members):
    log: list = []
    logged(monkeypatch, log)
    answers = {}
    for early in (True, False):
        monkeypatch.setattr(reach_thin, "BLIND_EARLY", early)
        del log[:]
        below = Below()
        answers[early] = [below.every(members, 5), below.every(members, 6)]
        assert not below.suspended
        first = log.index("blind")
        whole = [i for i, row in enumerate(log[:first]) if row[1] == WHOLE]
        assert whole and log[whole[0]][2] == "R", log
        # With it, nothing of the one-turn cover after its whole run reached, before the counts
        # cover; without it, its other searches first.
        assert (first == whole[0] + 1) == early, log
    # The same answers: 5 is reached (not below), 6 is not (below).
    assert answers[True] == answers[False] == [False, True]


def test_R_TILE_1_R_TILE_2_the_one_turn_cover_is_asked_again_where_the_counts_cover_is_not_below(monkeypatch, members):
    # A whole run made to reach 6 (a union reads looser than its groups), the counts cover and the
    # by-member question made to say no: the one-turn cover's own question, asked again in full,
    # is below 6 by its runs, as without `BLIND_EARLY`.
    log: list = []
    logged(monkeypatch, log, fake_reach=True)
    monkeypatch.setattr(Below, "blind", lambda self, pos, ask: log.append("blind") and False)
    monkeypatch.setattr(Below, "by_member", lambda self, pos, members, ask: False)
    for early in (True, False):
        monkeypatch.setattr(reach_thin, "BLIND_EARLY", early)
        del log[:]
        below = Below()
        assert below.every(members, 6), (early, log)
        first = log.index("blind") if "blind" in log else len(log)
        assert (first < len(log) - 1) == early, log  # with it, the rest after the counts cover
