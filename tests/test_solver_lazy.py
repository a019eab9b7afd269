"""A bound's line found in the model of its first classes (`cpsat.LAZY`, `_Run.lazy`).

At a bound whose bound below is proven INFEASIBLE, the solver first asks the model of the
bound's first classes (in the reader's order of scenarios), growing them until a line is found
or every scenario is read. A line found there is replayed by the engine and is the optimum;
the growth is what makes "no line in the first classes" no proof of anything. The solver asks
only on puzzles of thousands of scenarios (`LAZY_SCENARIOS`); the tests lift the gate and start
from one class, on placement puzzles of the small corpus, whose files record the exhaustive
search's optimum (tests/data/puzzles/small/README.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.puzzle import replay
from akrotiri_puzzles.solver import cpsat
from akrotiri_puzzles.solver.canonical import DROPPABLE
from akrotiri_puzzles.solver.exhaustive import search
from akrotiri_puzzles.solver.gather import Gathering

SMALL = Path(__file__).parent / "data" / "puzzles" / "small"
PLACE = sorted(SMALL.glob("small-*-place-*.yaml"))
_LAZY = cpsat._Run.lazy


def _puzzles(comps, n: int):  # type: ignore[no-untyped-def]
    """The first `n` placement puzzles of the small corpus whose answer needs a CP-SAT bound
    (optimum 2 or more) or that have no line."""
    out = []
    for path in PLACE:
        puzzle = load_puzzle(path, comps)
        if puzzle.optimum is None or puzzle.optimum >= 2:
            out.append(puzzle)
        if len(out) >= n:
            break
    return out


def _lifted(monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    """The gate lifted, from one class doubling; returns where the lazy path found lines (the
    classes of the model that had one)."""
    found: list[int] = []

    def spy(self, puzzle, bud, bound):
        line = _LAZY(self, puzzle, bud, bound)
        if line is not None:
            found.append(self.classes)
        return line

    monkeypatch.setattr(cpsat, "LAZY_SCENARIOS", 0)
    monkeypatch.setattr(cpsat, "LAZY_FIRST", 1)
    monkeypatch.setattr(cpsat, "LAZY_GROWTH", 2)
    monkeypatch.setattr(cpsat._Run, "lazy", spy)
    return found


def _wrong(puzzle, result) -> str | None:  # type: ignore[no-untyped-def]
    """What is wrong with the answer against the recorded exhaustive optimum, the engine's replay,
    and minimality (no step or free action can be dropped with the line still legal and reaching
    the goal at no greater cost); None when nothing is."""
    if result.optimum != puzzle.optimum:
        return f"optimum {result.optimum}, the exhaustive search's {puzzle.optimum}"
    if result.optimum is None:
        return None if result.status == "INFEASIBLE" else f"status {result.status}"
    if (result.status, result.below_optimum) != ("OPTIMAL", "INFEASIBLE"):
        return f"status {result.status}, below {result.below_optimum}"
    played = replay(puzzle, result.line)
    if played.illegal_at is not None or not played.reached or played.cost != result.optimum:
        return f"the line does not replay at {result.optimum}: {played}"
    for i, action in enumerate(result.line):
        if isinstance(action, DROPPABLE):
            trial = replay(puzzle, result.line[:i] + result.line[i + 1 :])
            if trial.illegal_at is None and trial.reached and trial.cost <= result.optimum:
                return f"{action} can be dropped"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("most", [4096, 2])
def test_R_MOVE_2_R_TILE_1_lines_of_the_first_classes_are_optimal_legal_and_minimal(monkeypatch, comps, most):
    """With models of at most `most` classes before the whole bound (`LAZY_MOST`; 2: the whole
    bound is read on after models of 1 and 2 classes)."""
    puzzles = _puzzles(comps, 14)
    found = _lifted(monkeypatch)
    monkeypatch.setattr(cpsat, "LAZY_MOST", most)
    checked = 0
    for puzzle in puzzles:
        result = cpsat.solve(puzzle, probe=False)
        assert _wrong(puzzle, result) is None, (puzzle.id, _wrong(puzzle, result))
        checked += 1
    assert checked >= 12
    # The lazy path answered, from a model of some classes only and after growing one.
    assert found and all(c <= most for c in found), found
    if most > 2:
        assert len(found) >= 6 and any(c > 1 for c in found), found


def test_R_MOVE_2_the_exhaustive_search_records_the_optima_used(comps):
    """The recorded optima the tests above compare with are the exhaustive search's (a sample)."""
    for puzzle in _puzzles(comps, 3):
        assert search(puzzle).optimum == puzzle.optimum


@pytest.mark.slow
def test_R_MOVE_2_judging_a_bound_by_its_first_classes_alone_is_caught(monkeypatch, comps):
    """A deliberate break: no growth, the first classes taken as the whole bound. Some bound then
    looks INFEASIBLE that is not, and the optimum claimed is wrong."""
    _lifted(monkeypatch)
    read = Gathering.read

    def no_growth(self, most=None):
        if getattr(self, "once", False):
            self.done = True  # nothing more is read
            return
        self.once = True
        read(self, most)

    monkeypatch.setattr(Gathering, "read", no_growth)
    wrong = [_wrong(p, cpsat.solve(p, probe=False)) for p in _puzzles(comps, 14)]
    assert any(w is not None for w in wrong), wrong


@pytest.mark.slow
def test_R_MOVE_2_a_first_classes_model_that_is_not_the_bounds_is_caught(monkeypatch, comps):
    """A deliberate break: the model of the first classes allows one action more than the bound
    (a line found there is still replayed, so it is legal, but is taken as the bound's optimum)."""
    _lifted(monkeypatch)
    model = cpsat._Run.model

    def loose(self, facts, bud, bound, minimise=False):
        partial = facts.enumerated < len(self.reader(facts.puzzle).scenarios())
        return model(self, facts, bud, bound + 1 if partial else bound, minimise)

    monkeypatch.setattr(cpsat._Run, "model", loose)
    wrong = [_wrong(p, cpsat.solve(p, probe=False)) for p in _puzzles(comps, 14)]
    assert any(w is not None for w in wrong), wrong


def test_R_TILE_1_a_uniqueness_check_after_the_first_classes_reports_every_scenario_read(monkeypatch, comps):
    """`--unique` reads the whole bound even where the line came from its first classes: the
    scenarios and classes reported are the whole bound's, as without the lazy path."""
    puzzles = [p for p in _puzzles(comps, 14) if p.optimum is not None][:3]
    plain = [cpsat.solve(p, probe=False, unique=True) for p in puzzles]
    found = _lifted(monkeypatch)
    lazy = [cpsat.solve(p, probe=False, unique=True) for p in puzzles]
    assert found  # the lazy path gave some of these lines
    for p, a, b in zip(puzzles, plain, lazy, strict=True):
        assert (b.optimum, b.unique) == (a.optimum, a.unique), p.id
        assert (b.scenarios, b.classes) == (a.scenarios, a.classes), p.id
