"""A two-turn model's watch with its questions deferred (analysis/watch_defer.py, the game's end):
the same status, value, bound and line as the search run to its end without a watch (the
independent computation), on every path a deferred watch can take: questions inside the search
spent (no budget), passes stopped by their deterministic time and the search solved again from
its start, a question at a pass's end that proves the value (OPTIMAL there), and none proven (the
search runs to its own end)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import board_solve, watch_defer
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.watch_defer import Watch
from akrotiri_puzzles.solver.deadline import Deadline

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, solved_two_turns


class Exact(Watch):
    """A watch whose relaxation is the full search's own value (the exact ceiling), each question
    with a budget spent where `spend` says so; it records what it was asked."""

    def __init__(self, best: int, spend) -> None:  # type: ignore[no-untyped-def]
        self.best, self.spend, self.asked, self.deferred = best, spend, [], True
        self.failed: set[int] = set()

    def within(self, value: int, seconds: float) -> bool | None:
        self.asked.append((value, seconds))
        if self.spend(value, seconds):
            return None
        return value > self.best


# The first two groups by default (the premise holds on them); four in make test-corpus (about 3
# CPU s more).
@pytest.mark.parametrize("count", [2, pytest.param(4, marks=pytest.mark.corpus)])
def test_R_TURN_2_R_SCORE_1_a_deferred_watch_returns_the_full_search_s_answer_on_every_path(monkeypatch, count):
    # South before its placement on turn 5 (seed 3, 2014), nothing left to draw: models of tenths
    # of a second. Passes of a tiny deterministic time, so that most searches are solved again
    # from their start several times.
    monkeypatch.setattr(watch_defer, "DET_TIME", 0.002)
    pos = no_draw(before_placement(3, 2014, 5))
    paths = set()
    for group in placement_groups(pos)[:count]:
        _, child = group[0]
        full = solved_two_turns(child)
        assert full.status == "OPTIMAL" and full.value is not None and full.bound == full.value
        # Every question inside the search spent; those at a pass's end answered.
        inside = Exact(full.value, lambda v, s: s == watch_defer.IN_MODEL)
        assert board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=inside) == full
        ends = [v for v, s in inside.asked if s != watch_defer.IN_MODEL]
        paths.add(("ended at a pass's end", bool(ends) and ends[-1] == full.value + 1))
        # Every question answered no: no stop but the search's own end.
        no = Exact(10**9, lambda v, s: False)
        assert board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=no) == full
        # Every question spent, without asking on after a stall: the same.
        monkeypatch.setattr(watch_defer, "STALLED", False)
        never = Exact(full.value, lambda v, s: True)
        assert board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=never) == full
        # Questions spent unless their budget has doubled thrice (asked on after a stall).
        monkeypatch.setattr(watch_defer, "STALLED", True)
        late = Exact(full.value, lambda v, s: s < 8 * watch_defer.AT_END)
        assert board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=late) == full
        # The relaxation itself (reach_below), deferred as at the game's end.
        real = Watch(reach_below.Below(), child)
        real.deferred = True
        assert board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=real) == full
    assert ("ended at a pass's end", True) in paths


def test_R_TURN_2_a_question_over_its_budget_answers_nothing_and_keeps_what_it_proved():
    # A question with no budget starts no relaxed search (None); with one it answers as the
    # relaxation does; a value answered no is not searched again.
    pos = no_draw(before_placement(3, 2014, 5))
    _, child = placement_groups(pos)[0][0]
    watch = Watch(reach_below.Below(), child)
    assert watch.within(10**6, -1.0) is None
    assert watch.within(10**6, 60.0) is True
    assert watch.within(0, 60.0) is False and 0 in watch.failed
    assert watch.within(0, -1.0) is False  # known no, at once


def test_R_TURN_2_R_SCORE_1_a_pass_s_stall_is_read_from_its_branches_and_the_answer_holds(monkeypatch):
    # As above, each question spent unless its budget has doubled thrice, so that a pass stopped at
    # its limit either asks on (stalled: its last line found in its first half of branches) or is
    # solved again. Both readings of a stall (`STALL_BY`) give the full search's answer, and the
    # branch count tells passes apart: some stalled, some not, each last line within its pass.
    monkeypatch.setattr(watch_defer, "DET_TIME", 0.002)
    stalls: list[dict] = []
    monkeypatch.setattr(
        watch_defer, "TRACE", lambda **facts: stalls.append(facts) if facts["kind"] == "stall" else None
    )
    pos = no_draw(before_placement(3, 2014, 5))
    for group in placement_groups(pos)[:4]:
        _, child = group[0]
        full = solved_two_turns(child)
        for by in ("branches", "det"):
            monkeypatch.setattr(watch_defer, "STALL_BY", by)
            late = Exact(full.value, lambda v, s: s < 8 * watch_defer.AT_END)
            assert board_solve.best_two_turns(child, "score", Deadline(None), out_of_reach=late) == full
    by_branches = [f for f in stalls if f["by"] == "branches"]
    assert by_branches and all(0 <= f["last_at"] <= f["whole"] for f in by_branches)
    assert {f["stalled"] for f in by_branches} == {True, False}
