"""A counts cover's question searching runs of groups of final boards as one (analysis/reach/reach_thin.py,
`BLIND_UNIONS`, `Thin.run_below`, session 87; R-TILE-1: the final boards grouped by the next
tile's slot; R-ORA-1: those needing the oracle apart; R-LOAD-1, R-FREE-1: the colour-blind
reading). Seed 3's turn 11 (2016, south), the thin group `tile -1,-2 r180 blue@NE` (its counts
cover, as test_reach_blind_counts.py's): with the runs the question answers as without them,
each run below is below only where each of its groups, searched alone colour-blind (an independent
search), is; a kind whose run is not below searches no more runs in that question; and `every`'s
tally of unions (`unions_pay`) is left as it was."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.endgame import Run
from akrotiri_puzzles.analysis.placement import cover, groups
from akrotiri_puzzles.analysis.reach import reach_below, reach_thin
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two import NODES, BlindRelaxed, group_bound
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement


@pytest.fixture(scope="module")
def counts() -> Position:
    """The counts cover of seed 3's turn 11's thin group `tile -1,-2 r180 blue@NE` (south), as
    test_reach_blind_counts.py's fixture makes it."""
    pos = before_placement(3, 2016, 11)
    kids = Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    group = next(g for g in groups(kids) if str(g[0][0]) == "tile -1,-2 r180 blue@NE")
    members = [child for _, child in group]
    top = cover(members)
    assert top is not None and cover(members, 2) is None  # thin
    return reach_thin.counts_cover(members, top)


def runs_seen(monkeypatch) -> list[tuple[bool, list, bool]]:
    """Each run a counts cover's question searched as one from now on: its kind (oracle), its
    boards and whether it was below."""
    seen: list[tuple[bool, list, bool]] = []
    real = reach_thin.Thin.run_below

    def logged(self, unions, pos, boards, acts, shared, ask, oracle):
        searched = self.blind_kinds is not None and oracle in self.blind_kinds
        got = real(self, unions, pos, boards, acts, shared, ask, oracle)
        if searched:
            seen.append((oracle, list(boards), got))
        return got

    monkeypatch.setattr(reach_thin.Thin, "run_below", logged)
    return seen


def alone_below(pos, group, acts, ask: int, oracle: bool) -> bool:
    """One group of final boards searched alone, colour-blind, from a fresh `Boards` (its boards
    alone where together they pass the cap, as `group_bound`): below `ask`."""
    try:
        return group_bound(pos, group, acts, NODES, Boards(pos), ask, oracle, relaxed=BlindRelaxed) < ask
    except (Reached, TooBig):
        return False


@pytest.mark.slow
# BLIND_MISSES is 1 by default; its option 2 runs in make test-corpus.
@pytest.mark.parametrize("misses", [1, pytest.param(2, marks=pytest.mark.corpus)])
# 24 by default (runs of both kinds below and not below, the answer no); 26 (the counts cover
# below: tests/test_reach_blind_counts.py asks it with the runs on by default) in make test-corpus
# since session 91.
@pytest.mark.parametrize("ask", [pytest.param(26, marks=pytest.mark.corpus), 24])
def test_R_TILE_1_R_ORA_1_R_LOAD_1_runs_of_a_counts_cover_answer_as_its_groups_alone(monkeypatch, counts, ask, misses):
    # 26: the counts cover is below (test_reach_blind_counts.py); 24: it is not (runs of both
    # kinds below and not below). Runs or not, the same answer; every run below has each of its
    # groups below alone. `misses`: a kind's runs stop at its first run not below (session 87),
    # or its second (`BLIND_MISSES`, session 88).
    monkeypatch.setattr(reach_thin, "BLIND_MISSES", misses)
    answers = []
    for on in (False, True):
        monkeypatch.setattr(reach_thin, "BLIND_UNIONS", on)
        seen = runs_seen(monkeypatch)
        below = reach_below.Below()
        answers.append(below.blind(counts, ask))
        if not on:
            assert seen == []  # the reference: no run searched as one
    assert answers == [ask > 24, ask > 24]
    assert seen, "the runs' path is under test"
    assert below.kept is not None and below.kept[1] is not None
    keys, finals, acts = below.kept[1]  # the boards the runs searched (the setup's)
    group_of = {id(b): i for i, group in enumerate(finals) for b in group}
    for oracle, boards, yes in seen:
        parts = sorted({group_of[id(b)] for b in boards})
        assert len(parts) > 1 and all(keys[i][1] == oracle for i in parts)
        if yes:
            assert all(alone_below(counts, finals[i], acts, ask, oracle) for i in parts)
    # A kind searches no further run in that question after its `misses`-th run not below.
    for kind in (False, True):
        went = [yes for oracle, _, yes in seen if oracle == kind]
        assert went[:-1].count(False) < misses
    if misses > 1 and ask == 24:
        # The path `BLIND_MISSES` adds: a run searched after a run of its kind not below.
        assert any(False in [yes for o, _, yes in seen if o == kind][:-1] for kind in (False, True))


@pytest.mark.slow
def test_R_TILE_1_a_counts_cover_question_leaves_every_s_tally_of_unions(monkeypatch, counts):
    # The runs of a counts cover's question do not enter `unions_pay`'s tally (the one-turn
    # covers'), and the question's state (its kinds, its chunk) is restored after it.
    monkeypatch.setattr(reach_thin, "BLIND_UNIONS", True)
    seen = runs_seen(monkeypatch)
    below = reach_below.Below()
    below.union_went = [3, 4]
    below.union_recent = [False] * 3 + [True] * 4
    chunk = below.chunk
    assert below.blind(counts, 26)
    assert seen
    assert below.union_went == [3, 4] and below.union_recent == [False] * 3 + [True] * 4
    assert below.blind_kinds is None and below.chunk == chunk
