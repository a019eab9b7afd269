"""Where a thin group's one-turn cover question ends early (reach_thin.py's `BLIND_EARLY`: a
kind's whole run reached the value), the group the next question searches first (`Below.last`)
is one holding a final board the reaching leaf may end on (reach_whole.py's `EARLY_LAST`, session
95; off by default: measured at parity). Only the order of the searches changes: the next tile's
groups of final boards by slot (R-TILE-1), the oracle's apart (R-ORA-1), each still searched
before a yes. Seed 5's fifth turn (2016), the group of tests/test_reach_blind_early.py."""

from __future__ import annotations

from akrotiri_puzzles.analysis.reach import reach_thin, reach_whole
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_known import cover
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached

from .test_reach_blind_early import members  # noqa: F401 (a fixture)


def test_R_TILE_1_R_ORA_1_an_early_end_records_a_group_its_leaf_ends_on(monkeypatch, members):  # noqa: F811
    monkeypatch.setattr(reach_thin, "BLIND_EARLY", True)
    top = cover(members)
    assert top is not None
    for on in (True, False):
        monkeypatch.setattr(reach_whole, "EARLY_LAST", on)
        below = Below()
        below.suspend = True
        assert not below(top, 5)  # a member reaches 5
        assert below.suspended  # ended where the plain boards' whole run reached it
        below.suspend = False
        if not on:
            assert below.last is None  # as session 94: nothing recorded
            continue
        assert below.last is not None and Reached.finals
        _, got, _ = below.setup(top)
        assert got is not None
        slots, finals, _ = got
        group = finals[slots.index(below.last)]
        assert not below.last[1] and any(b in Reached.finals for b in group)
        # The answers as without it: 5 is reached, 6 is not.
        assert [below.every(members, 5), below.every(members, 6)] == [False, True]
