"""The two-turn bound's questions with the other groups' unions tried a few at a time
(analysis/reach/reach_below.py, `Below`, `CHUNK`, session 57): a union of groups of final boards (the
next tile's slots, R-TILE-1) searched as one bounds every line ending on one of its boards, so
where it is below the value it answers for each of its groups; the answers are those of each
group asked alone (`reach_two.below`, unshared), whatever the size of the runs, and never put a
cover's two-turn optimum (CP-SAT) out of reach."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_two import below, final_boards, group_bound, slot_groups, two_turn_bound
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.position import evolve
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import solved_two_turns
from .test_reach_two import NODES, covers


def searches(monkeypatch) -> list[tuple[int, bool]]:
    """Spy on `Below`'s searches: the number of final boards of each, and whether it was below
    the value asked."""
    seen: list[tuple[int, bool]] = []
    real = reach_below.TwoRelaxed

    class Spy(real):  # type: ignore[misc, valid-type]
        def best(self) -> int:
            value = super().best()
            seen.append((len(self.boards) - 1, self.ask is not None and value < self.ask))
            return value

    monkeypatch.setattr(reach_below, "TwoRelaxed", Spy)
    return seen


def group_below(top, group, acts: int, shared: Boards, ask: int, oracle: bool) -> bool:
    """Whether one group of final boards, searched alone (`reach_two.group_bound`), is below."""
    try:
        return group_bound(top, group, acts, NODES, shared, ask, oracle) < ask
    except Reached:
        return False


def ladder(top, bound: int, chunk: int | None, nodes: int) -> list[bool]:
    """One `Below`'s answers to the questions a placement search asks one after another: one
    above the bound (a yes, then the unions are tried), at the bound, and above it twice."""
    asked = Below(nodes, chunk)
    return [asked(top, ask) for ask in (bound + 1, bound, bound + 1, bound + 1)]


def runs_answer_alone(monkeypatch, top, bound: int, chunks) -> None:
    """Each run size answers as the groups asked alone (`below`, unshared, exactly above
    `bound`), and runs of four were searched as one and answered for their groups."""
    got = final_boards(top)
    assert got is not None and len(got[0]) > 4  # more groups than a run of four
    largest = max(len(g) for g in got[0])
    assert [below(top, ask, NODES) for ask in (bound + 1, bound)] == [True, False]
    seen = searches(monkeypatch)
    for chunk in chunks:
        seen.clear()
        assert ladder(top, bound, chunk, NODES) == [True, False, True, True], chunk
        if chunk == 4:
            # The path under test: a run of several groups below, answering for them.
            assert any(n > largest and yes for n, yes in seen)


@pytest.mark.parametrize(
    "fewer",
    [
        # The default: turn 1 with one action fewer (since session 91).
        pytest.param(1, id="one-action-fewer"),
        # The cover itself (~9 CPU s): the default until session 91.
        pytest.param(0, id="s1-first", marks=pytest.mark.corpus),
    ],
)
def test_R_TILE_1_R_EXC_2_runs_of_four_groups_answer_as_each_group_alone_and_keep_the_optimum(monkeypatch, fewer):
    # A cover of seed 1's fifth turn (2016; turn 1's actions `fewer` fewer): its CP-SAT optimum
    # is the bound (6 on the cover itself); runs of four and of every group (before session 57)
    # answer as the groups alone, and no at the optimum, also at the analyser's own node cap.
    (top,) = covers(1, 2016, 1)
    top = evolve(top, actions_left=top.actions_left - fewer)
    best = solved_two_turns(top)
    assert best.status == "OPTIMAL" and best.value is not None
    runs_answer_alone(monkeypatch, top, best.value, (None, 4))
    four, every = Below(chunk=4), Below(chunk=None)
    for ask in (best.value + 1, best.value, best.value + 1, best.value + 2):
        assert four(top, ask) == every(top, ask) == below(top, ask) == (ask > best.value)
    # Each run of four, searched as one, is below a value only where each of its groups alone is
    # (at the optimum and one less, where some runs are not): the union is sound run by run.
    slots, finals, acts = slot_groups(top)
    shared = Boards(top)
    outcomes = set()
    for ask in (best.value - 1, best.value):
        for oracle in (False, True):
            for part in four.runs([i for i, s in enumerate(slots) if s[1] == oracle]):
                boards = [b for i in part for b in finals[i]]
                yes = four.union_below(top, boards, acts, shared, ask, oracle)
                outcomes.add(yes)
                if yes:
                    assert all(group_below(top, finals[i], acts, shared, ask, oracle) for i in part)
    assert outcomes == {True, False}


@pytest.mark.corpus
@pytest.mark.parametrize(("seed", "index"), [(1, 1), (3, 0)])
def test_R_TILE_1_R_EXC_2_runs_of_any_size_answer_as_each_group_alone(monkeypatch, seed, index):
    # Other covers of seed 1's and seed 3's fifth turns (2016), at their relaxed bound (no
    # ceiling: about 10 CPU s each): runs of 1, 2, 4 and every group answer the same.
    top = covers(seed, 2016, index + 1)[index]
    bound = two_turn_bound(top, NODES)
    assert bound is not None
    runs_answer_alone(monkeypatch, top, bound, (None, 1, 2, 4))


@pytest.mark.corpus
def test_R_TILE_1_seed_4s_turn_11_covers_answer_the_same_in_runs_of_four():
    # Seed 4's turn 11 (2016, south), whose cover questions the runs make cheaper (the union of
    # every group of a kind passes the node cap or reaches the value there; docs/benchmarks.md):
    # the first cover's answers at the turn's optimum (23, OPTIMAL) and one more, runs of four and
    # of every group, against each group asked alone (`below`).
    from akrotiri_puzzles.analysis import endgame
    from akrotiri_puzzles.analysis.placement import cover, groups

    from .test_analysis_turns_placement import before_placement

    pos = before_placement(4, 2016, 11)
    kids = endgame.Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    four, every = Below(chunk=4), Below(chunk=None)
    for g in groups(kids)[:1]:
        members = [c for _, c in g]
        top = cover(members, 2) or cover(members, 1)
        assert top is not None
        for ask in (24, 23):
            assert four(top, ask) == every(top, ask) == below(top, ask)
