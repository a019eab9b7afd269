"""Session 88's unions by kind (analysis/reach/reach_thin.py): `every`'s one-turn cover's unions of
groups of final boards decided per kind (`UNION_KINDS`: the boards needing the oracle, R-ORA-1, or
not; "tally": each kind its own recent tally and probe; "question": each kind until one of its
unions is not below in the question), and a counts cover's runs going on past a run not below
(`BLIND_MISSES`). Only the order of the searches changes (R-TILE-1: the final boards grouped by
the next tile's slot; a union below answers for each of its groups, each line ending on one of
its boards being one of the union's lines; one not below has each group searched as without it):
on seed 3's turn 11 (2016, south) each thin group's `every` answers as main's path, and each union
or run found below has each of its groups below alone (an independent search from fresh boards;
R-LOAD-1, R-FREE-1: the colour-blind reading for a counts cover's runs)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.endgame import Run
from akrotiri_puzzles.analysis.placement import cover, groups
from akrotiri_puzzles.analysis.reach import reach_below, reach_thin, reach_whole
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two import NODES, group_bound
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement


def test_R_ORA_1_each_kind_its_own_tally_and_probe(monkeypatch):
    # "tally": a kind whose last unions were not below stops, the other goes on; the stopped kind
    # is probed every `UNION_PROBE`-th question. "question": both kinds, each until its first
    # union not below in the question. None: `every_kinds` is not read (main's `every_unions`).
    monkeypatch.setattr(reach_thin, "UNION_KINDS", "tally")
    monkeypatch.setattr(reach_thin, "UNION_KIND_RECENT", 4)
    monkeypatch.setattr(reach_thin, "UNION_PROBE", 3)
    b = reach_below.Below()
    b.kind_recent = {False: [True, False, True, False], True: [True] * 4}
    assert [b.every_kinds() for _ in range(4)] == [{True}, {True}, {False, True}, {False, True}]
    b.kind_recent[False] += [True, True, True]  # the probe's plain unions, all below
    assert b.every_kinds() == {False, True}
    monkeypatch.setattr(reach_thin, "EVERY_UNIONS", False)
    assert b.every_kinds() == set()
    monkeypatch.setattr(reach_thin, "EVERY_UNIONS", True)
    monkeypatch.setattr(reach_thin, "UNION_KINDS", "question")
    b.kind_recent = {False: [False] * 4, True: [False] * 4}
    assert b.every_kinds() == {False, True}  # no tally read


@pytest.fixture(scope="module")
def thin_groups() -> list[list[Position]]:
    """Seed 3's turn 11 (2016, south): its thin groups (a one-turn cover, no two-turn cover) of
    two or more placements, the first two."""
    pos = before_placement(3, 2016, 11)
    kids = Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    out = []
    for g in groups(kids):
        members = [child for _, child in g]
        if len(members) > 1 and cover(members) is not None and cover(members, 2) is None:
            out.append(members)
    return out[:2]


Seen = tuple[Position, list, int, bool, type, bool, tuple]
"""A union searched: its position, boards, value asked, kind (oracle), search class, whether it
was below, and its setup's groups of final boards (`Below.kept`'s: slots, finals, actions)."""


def unions_seen(monkeypatch) -> list[Seen]:
    """Each union or run searched as one from now on (`run_searched`)."""
    seen: list[Seen] = []
    real = reach_thin.Thin.run_searched

    def logged(self, pos, boards, acts, shared, ask, oracle):
        got = real(self, pos, boards, acts, shared, ask, oracle)
        seen.append((pos, list(boards), ask, oracle, self.relaxed, got, self.kept[1]))
        return got

    monkeypatch.setattr(reach_thin.Thin, "run_searched", logged)
    return seen


def alone_below(pos: Position, group: list, acts: int, ask: int, oracle: bool, relaxed: type) -> bool:
    """One group of final boards searched alone with the union's class from a fresh `Boards` (its
    boards alone where together they pass the cap, as `group_bound`): below `ask`."""
    try:
        return group_bound(pos, group, acts, NODES, Boards(pos), ask, oracle, relaxed=relaxed) < ask
    except (Reached, TooBig):
        return False


ASKS = (30, 24, 26)
"""Values asked of each group in turn: 30, every group of final boards below; 24, the one-turn
and counts covers not below (the answer no); 26, the one-turn cover not below, the counts cover
below."""


PATHS = {"main": (None, 1), "tally": ("tally", 1), "question": ("question", 2)}
"""Each path's `UNION_KINDS` and `BLIND_MISSES`: main's combined tally, each kind its own tally,
each kind within the question (the default) with a counts cover's kind going on past a miss."""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("path", "picked", "asks"),
    [
        # The default: the first thin group alone at 30 and 24 (every assertion below holds on
        # it: both answers, the one-turn cover's unions below of both kinds at 30, each of their
        # groups below alone), about 11 CPU s.
        pytest.param("question", (0,), ASKS[:2], id="question"),
        # 26 too (the counts cover's runs below, `BLIND_MISSES` 2, an option that is off), as
        # in session 91's default: ~18 s.
        pytest.param("question", (0,), ASKS, id="question-26", marks=pytest.mark.corpus),
        # Both groups one after another in one `Below` (the second asked with the tallies the
        # first left), as before session 91: ~45 s.
        pytest.param("question", (0, 1), ASKS, id="question-both", marks=pytest.mark.corpus),
        # "tally", an option that is off: ~20 s more.
        pytest.param("tally", (0, 1), ASKS, id="tally", marks=pytest.mark.corpus),
    ],
)
def test_R_TILE_1_R_ORA_1_R_LOAD_1_unions_by_kind_answer_as_main(monkeypatch, thin_groups, path, picked, asks):
    # The premise: the unions by kind are searched, not a kind's whole run first (reach_whole's
    # `WHOLE_RUNS`, session 93, which answers for them where it is below).
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", False)
    asked = [thin_groups[i] for i in picked]
    answers = {}
    found = {}
    for way in ("main", path):
        kinds, misses = PATHS[way]
        monkeypatch.setattr(reach_thin, "UNION_KINDS", kinds)
        monkeypatch.setattr(reach_thin, "BLIND_MISSES", misses)
        seen = unions_seen(monkeypatch)
        b = reach_below.Below()
        b.union_went = [3, 4]
        b.union_recent = [False] * 3 + [True] * 4
        b.kind_recent = {False: [False, True, True, True], True: [False, False, True, True]}
        answers[way] = [b.every(members, ask) for members in asked for ask in asks]
        found[way] = seen
    assert answers[path] == answers["main"]
    assert set(answers["main"]) == {True, False}
    seen = found[path]
    assert seen, "the unions' path is under test"
    assert {oracle for _, _, _, oracle, _, yes, _ in seen if yes} == {False, True}
    # Each union below: each of its groups alone below.
    for pos, boards, ask, oracle, relaxed, yes, (slots, finals, acts) in seen:
        if not yes:
            continue
        group_of = {id(x): i for i, group in enumerate(finals) for x in group}
        parts = sorted({group_of[id(x)] for x in boards})
        assert len(parts) > 1 and all(slots[i][1] == oracle for i in parts)
        assert all(alone_below(pos, finals[i], acts, ask, oracle, relaxed) for i in parts)
