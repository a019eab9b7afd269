"""Session 86's recent tally of `every`'s unions (analysis/reach/reach_thin.py, `UNION_RECENT`,
`UNION_PROBE`): `unions_pay` reads only the last unions searched, and where it says no, every
`UNION_PROBE`-th question tries them anyway. Only the order of the searches changes (a run of
groups of final boards below answers for each of its groups, R-TILE-1: each line ending on one of
its boards is one of the union's lines; a run not below has each group searched as without it), so
each group's answer is the one main's tally gives, and the one without unions at all."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_below, reach_thin

from .test_analysis_turns_placement import before_placement, placement_groups
from .test_reach_every_shared import counted_unions


def test_R_TILE_1_recent_unions_decide_and_a_probe_follows_two_questions_without(monkeypatch):
    # The tally: three unions not below, then four below (seed 4's turn 15 at 33 on main, where
    # the tally stayed so for the turn): no, no, then a probe; a probe's unions below put the
    # recent tally back to yes. With both flags None, main's whole-turn tally: never again.
    # (The tally is read where `UNION_KINDS` is None: tests/test_reach_union_kinds.py, session 88.)
    monkeypatch.setattr(reach_thin, "UNION_KINDS", None)
    monkeypatch.setattr(reach_thin, "UNION_RECENT", 8)
    monkeypatch.setattr(reach_thin, "UNION_PROBE", 3)
    b = reach_below.Below()
    b.union_went = [3, 4]
    b.union_recent = [False] * 3 + [True] * 4
    assert b.recent_went() == [3, 4]
    assert [b.every_unions() for _ in range(4)] == [False, False, True, True]  # no union yet
    b.union_recent += [True] * 6  # the probe's six unions, all below
    assert b.recent_went() == [0, 8]
    assert b.every_unions() and b.every_unions()
    b.union_recent += [False] * 3
    assert b.recent_went() == [3, 5] and not b.every_unions()
    monkeypatch.setattr(reach_thin, "UNION_RECENT", None)
    monkeypatch.setattr(reach_thin, "UNION_PROBE", None)
    old = reach_below.Below()
    old.union_went = [3, 4]
    old.union_recent = [True] * 40  # not read without `UNION_RECENT`
    assert not any(old.every_unions() for _ in range(7))
    monkeypatch.setattr(reach_thin, "EVERY_UNIONS", False)
    assert not reach_below.Below().every_unions()


@pytest.fixture(scope="module")
def turn_five_groups():
    """Seed 4's fifth turn (2016, south, the calibration turn): its first five groups of two or
    more placements (one slot and rotation each)."""
    groups = [g for g in placement_groups(before_placement(4, 2016, 5)) if len(g) > 1]
    return [[child for _, child in g] for g in groups[:5]]


@pytest.mark.corpus  # ~12 s; the old tally (UNION_KINDS None) is off
def test_R_TILE_1_probed_unions_answer_each_group_as_main(monkeypatch, turn_five_groups):
    # A `Below` whose unions stopped paying (main's tally: never again), asked each group at the
    # turn's optimum + 1 (13: no line reaches it, every group below) and at a value some reach
    # (9): the probing path searches unions (the path the flags add is taken), and each group's
    # answer is main's, and the one without unions at all.
    monkeypatch.setattr(reach_thin, "UNION_KINDS", None)  # the tally's paths (session 88)
    unions = counted_unions(monkeypatch)
    asks = (13, 9, 13, 13)
    answers = {}
    tried = {}
    for path, (recent, probe, every) in {
        "probe": (8, 3, True),
        "main": (None, None, True),
        "none": (None, None, False),
    }.items():
        monkeypatch.setattr(reach_thin, "UNION_RECENT", recent)
        monkeypatch.setattr(reach_thin, "UNION_PROBE", probe)
        monkeypatch.setattr(reach_thin, "EVERY_UNIONS", every)
        b = reach_below.Below(nodes=2_000)
        b.union_went = [3, 4]
        b.union_recent = [False] * 3 + [True] * 4
        unions[0] = 0
        answers[path] = [b.every(members, ask) for members in turn_five_groups for ask in asks]
        tried[path] = unions[0]
    assert tried["probe"] > 0 and tried["main"] == 0 and tried["none"] == 0
    assert answers["probe"] == answers["main"] == answers["none"]
    assert set(answers["main"]) == {True, False}
