"""Runs of groups of final boards searched as one with a larger node cap, reordered after a run
that reaches the value, and split in halves past the cap (analysis/reach/reach_thin.py,
`RUN_NODES`, `REACHED_FIRST`, `RUN_SPLIT`, `Thin.run_left`, session 89; R-TILE-1: the final boards
grouped by the next tile's slot; R-ORA-1: those needing the oracle apart; R-LOAD-1: the loads the
relaxation reads). A cover of seed 1's fifth turn (2016, test_reach_chunks.py's), asked with a
small node cap (100 states) so that runs pass it: each run answered below has each of its groups
below alone, searched from fresh boards with an ample cap (an independent search); the answers
equal those with the three flags off, and those of the unshared relaxation (`reach_two.below`)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_thin
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two import below, group_bound
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached

from .test_reach_two import NODES, covers

CAP = 100
"""The `Below`'s node cap here: small, so that runs of four groups pass it on this cover."""

ASKS = (7, 6, 7)
"""A placement search's questions one after another: above the bound (yes), at it (no: a run
reaches it), above it again."""

OFF = (1, False, None)
"""`RUN_NODES`, `REACHED_FIRST`, `RUN_SPLIT` as before session 89."""

RUN_SEARCHED, RUN_LEFT = reach_thin.Thin.run_searched, reach_thin.Thin.run_left
"""The package's own, spied on by `asked`."""


@pytest.fixture(scope="module")
def top():
    (got,) = covers(1, 2016, 1)
    return got


def asked(monkeypatch, top, flags) -> tuple[list[bool], list[tuple[list, bool, bool, bool, int]], list, Below]:
    """The answers to `ASKS` of one `Below` (cap `CAP`) with `flags`, each run it searched as one
    (its boards, oracle, below, past the cap, the value asked), each `run_left` call (its part, the boards its
    leaf may end on where it reached, the groups it left), and the `Below`."""
    monkeypatch.setattr(reach_thin, "RUN_NODES", flags[0])
    monkeypatch.setattr(reach_thin, "REACHED_FIRST", flags[1])
    monkeypatch.setattr(reach_thin, "RUN_SPLIT", flags[2])
    runs: list[tuple[list, bool, bool, bool, int]] = []
    lefts: list = []
    searched, left = RUN_SEARCHED, RUN_LEFT

    def run_searched(self, pos, boards, acts, shared, ask, oracle):
        got = searched(self, pos, boards, acts, shared, ask, oracle)
        runs.append((list(boards), oracle, got, self.run_capped, ask))
        return got

    def run_left(self, unions, pos, finals, part, acts, shared, ask, oracle):
        got = left(self, unions, pos, finals, part, acts, shared, ask, oracle)
        lefts.append((list(part), self.run_reached, got, [list(finals[i]) for i in part]))
        return got

    monkeypatch.setattr(reach_thin.Thin, "run_searched", run_searched)
    monkeypatch.setattr(reach_thin.Thin, "run_left", run_left)
    one = Below(CAP)
    answers = [one(top, ask) for ask in ASKS]
    return answers, runs, lefts, one


ALONE: dict[tuple[int, int], bool] = {}
"""`alone_below`'s answers by group (its index in the setup's `slot_groups`) and value asked."""

FRESH: list[Boards] = []
"""`alone_below`'s boards' facts: its own, made once, shared with no `Below`."""


def alone_below(top, index: int, group, acts: int, ask: int, oracle: bool) -> bool:
    """One group of final boards (`index`) searched alone from fresh boards (`FRESH`) with an
    ample cap."""
    if not FRESH:
        FRESH.append(Boards(top))
    if (index, ask) not in ALONE:
        try:
            ALONE[index, ask] = group_bound(top, group, acts, NODES, FRESH[0], ask, oracle) < ask
        except (Reached, TooBig):
            ALONE[index, ask] = False
    return ALONE[index, ask]


def groups_of(one: Below, runs) -> list[tuple[list[int], bool, bool, bool, int]]:
    """`asked`'s runs with their boards read as the groups (indices of the setup's `slot_groups`)
    they hold: the same indices for every `Below` of the same position."""
    assert one.kept is not None and one.kept[1] is not None
    group_of = {id(b): i for i, group in enumerate(one.kept[1][1]) for b in group}
    return [(sorted({group_of[id(b)] for b in boards}), *rest) for boards, *rest in runs]


@pytest.mark.parametrize("flags", [(2, True, None), (2, True, "both")])
def test_R_TILE_1_R_ORA_1_R_LOAD_1_runs_past_the_cap_answer_as_their_groups_alone(monkeypatch, top, flags):
    reference, off_runs, _, off = asked(monkeypatch, top, OFF)
    answers, runs, _, one = asked(monkeypatch, top, flags)
    assert reference == [below(top, ask, NODES) for ask in ASKS] == [True, False, True]
    assert answers == reference
    slots, finals, acts = one.kept[1]  # type: ignore[index]
    got = groups_of(one, runs)
    for parts, oracle, yes, _, ask in got:
        assert len(parts) > 1 and all(slots[i][1] == oracle for i in parts)
        if yes:  # below as one: each of its groups below alone at the value asked
            assert all(alone_below(top, i, finals[i], acts, ask, oracle) for i in parts)
    # The paths under test.
    past = [parts for parts, _, _, big, _ in groups_of(off, off_runs) if big]
    assert past, "some run passes the cap with the flags off"
    if flags[0] > 1:
        # A run past the cap at 1 completes below at `RUN_NODES` times it.
        assert any(yes and parts in past for parts, _, yes, _, _ in got)
    if flags[2] == "both":
        # A half of a run past the cap searched as one.
        assert any(len(parts) == 2 for parts, *_ in got)


def test_R_TILE_1_R_ORA_1_a_run_that_reaches_has_its_leafs_groups_searched_first(monkeypatch, top):
    for flags in (OFF, (1, True, None)):
        answers, _, lefts, _ = asked(monkeypatch, top, flags)
        assert answers == [True, False, True]
        reached = [(part, ends, got, boards) for part, ends, got, boards in lefts if ends]
        assert reached, "a run reaches the value asked"
        for part, ends, got, boards in reached:
            assert sorted(got) == sorted(part)  # every group of it searched alone, none proven
            holds = [any(b in ends for b in group) for group in boards]
            assert any(holds)
            if flags[1]:
                # The groups holding a board the leaf may end on first, then the others in order.
                first = [i for i, h in zip(part, holds, strict=True) if h]
                assert got == first + [i for i in part if i not in first]
            else:
                assert got == part
