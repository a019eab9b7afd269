"""The ceiling's answers kept by its own arguments (analysis/reach/reach_ceiling.py, `MEMO`, session 65):
a cost change only, so at every state of a search its answer, asked twice, equals the answer
worked out afresh without them (seed 2's turn 13, 2016, south: tests/test_reach_lead.py's group)."""

from __future__ import annotations

from akrotiri_puzzles.analysis.reach import reach_ceiling
from akrotiri_puzzles.analysis.reach.reach_ceiling import Ceiling

from .test_reach_ceiling import answers_as_afresh
from .test_reach_lead import search, south  # noqa: F401 - the fixture


def test_the_ceilings_answers_kept_by_their_arguments_are_those_worked_out_afresh(south, monkeypatch):  # noqa: F811
    s = search(south, 25)
    assert s.best() == 24
    kept, fresh = Ceiling(s), Ceiling(s)
    states = answers_as_afresh(s, kept, fresh, monkeypatch, reach_ceiling, "MEMO")
    assert states > 100 and kept.seen and kept.stopped and not fresh.seen and not fresh.stopped
