"""A kind's groups of final boards searched as one first (reach_whole.py's `WHOLE_RUNS`, session 93):
a run below answers for each of its groups (every line ending on one of its boards is one of the
run's lines: the next tile's slots, R-TILE-1, the oracle's boards apart, R-ORA-1), so the cover's
question answers as without it, searched with a kind's whole run where it is below."""

from __future__ import annotations

from akrotiri_puzzles.analysis.reach import reach_below, reach_whole
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed, slot_groups

from .test_reach_two import covers


def test_R_TILE_1_R_ORA_1_a_kind_s_whole_run_answers_as_its_groups(monkeypatch):
    # The second of seed 5's two fifth-turn covers (2016).
    top = covers(5, 2016, 2)[1]
    got = slot_groups(top)
    assert got is not None
    slots, finals, _ = got
    plain = [i for i, s in enumerate(slots) if not s[1]]
    assert len(plain) > 4 and sum(len(finals[i]) for i in plain) <= reach_whole.WHOLE_BOARDS
    bound = 5  # its relaxed bound and two-turn optimum (test_reach_two's `FIFTH_TURN_COVERS`)
    runs: list[tuple[int, int, int]] = []

    class Spy(TwoRelaxed):
        def best(self) -> int:
            value = super().best()
            runs.append((len(self.boards) - 1, self.start_nodes, value))
            return value

    monkeypatch.setattr(reach_below, "TwoRelaxed", Spy)
    answers = {}
    for whole in (True, False):
        monkeypatch.setattr(reach_whole, "WHOLE_RUNS", whole)
        del runs[:]
        answers[whole] = Below()(top, bound + 1)
        # With it, one search of the plain groups' boards at the larger cap, below.
        searched = [r for r in runs if r[1] == reach_below.NODES * reach_whole.WHOLE_NODES and r[2] <= bound]
        assert [r[0] for r in searched] == ([sum(len(finals[i]) for i in plain)] if whole else []), runs
    # Nothing reaches one more than the optimum, with a kind's whole run or without.
    assert answers[True] and answers[False]
    # A line reaches the optimum: with a kind's whole run, the question is still not below it.
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", True)
    assert not Below()(top, bound)
