"""The analysis's time limit reaches the two-turn relaxation's searches (R-TURN-2 analyses).

`analyse --turns 2 --time-limit 30` from seed 1's turn-30 placement (north, 2016) ran 306 s of
wall: the relaxation's questions (analysis/reach/reach_below.py), asked between placements and inside
the models' searches (watch_defer.py), never read the limit. Now no relaxed search starts past it
(`Below.deadline`, TimeUp); a watch inside a search answers "not proven" there, and CP-SAT's own
limit ends the search. An expired limit is used, so nothing here depends on the machine's speed.
"""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.watch_defer import Watch
from akrotiri_puzzles.solver.deadline import Deadline, TimeUp

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups


def _child():
    pos = no_draw(before_placement(3, 2014, 5))
    return placement_groups(pos)[0][0][1]


def test_R_TURN_2_no_relaxed_search_starts_past_the_time_limit():
    child = _child()
    below = reach_below.Below()
    answer = below(child, 100)  # no limit: an answer
    assert answer is True  # 100 points are out of reach of turn 5: proven by the searches
    late = reach_below.Below()
    late.deadline = Deadline(0.0)
    with pytest.raises(TimeUp):
        late(child, 100)
    late.deadline = Deadline(None)
    assert late(child, 100) == answer  # a question stopped by the limit leaves nothing behind


def test_R_TURN_2_a_watch_past_the_time_limit_proves_nothing_and_records_no_answer():
    child = _child()
    below = reach_below.Below()
    below.deadline = Deadline(0.0)
    watch = Watch(below, child)
    assert watch(100) is False  # inside a search: not proven (the search ends at its own limit)
    assert watch.within(100, 60.0) is None  # spent, as a budget spent
    assert watch.failed == set()  # not an answer "no": asked again with time, it is asked in full
