"""The largest bound first (`cpsat.TOP_FIRST`): after CP-SAT proves a bound INFEASIBLE, the solver
asks the model at the largest bound once, and when that is INFEASIBLE too every bound between
is proven at once (R-MOVE-2, R-EXC-1: the model at a bound holds every line of at most that many
actions). It must prove only what deepening proves, and where the top has a line it must leave
the answer, the line and the facts of every later bound as they are without the question.

The solver asks only where a bound reads thousands of scenarios (two-turn puzzles from the
placement, `TOP_SCENARIOS`) and the lower bounds left almost none of them (`TOP_SHARE`); the tests
lift both gates to ask on puzzles small enough for the exhaustive search, and cut the top into
parts of at most 2 classes (`TOP_PART`, solver/split.py) as on a large one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver import cpsat, lazy
from akrotiri_puzzles.solver import facts as solver_facts
from akrotiri_puzzles.solver.exhaustive import search
from akrotiri_puzzles.solver.run import STATUS, params

DATA = Path(__file__).parent / "data" / "puzzles"
INFEASIBLE = ["small-090-act-south-2014-h2-map", "small-121-act-south-2016-h2-map"]
"""Small-corpus puzzles with no line within their horizon whose proof has a CP-SAT bound with two
or more bounds above it, when a scenario asking the oracle is not bounded by its Oracle action
(`facts.ORACLE` off): with it, their low bounds fall to the scenarios' lower bounds, and no
puzzle of the corpus leaves two bounds above its first CP-SAT one."""


_TOP_INFEASIBLE = cpsat.Search.top_infeasible
_FACTS = cpsat.Run.facts


def _answer(r: cpsat.SolveResult) -> tuple[object, ...]:
    return (r.status, r.optimum, r.line, r.lower, r.below_optimum)


def _solve(monkeypatch, puzzle, top: bool, gate: bool = False):
    """solve() with the question on or off, and what it asked: the tops, and the shared reader's
    facts of each bound (bound, each class's lower bound and members)."""
    asked: list[tuple[int, bool]] = []
    read: list[tuple[int, list[int], list[list[str]], dict[int, object]]] = []

    def spy_top(self, p, bud, hi):
        found = _TOP_INFEASIBLE(self, p, bud, hi)
        asked.append((hi, found))
        return found

    def spy_facts(self, p, bound):
        f = _FACTS(self, p, bound)
        # And what the shared reader keeps from bound to bound (FactReader.known_lower).
        kept = dict(self.reader(p)._lower)
        read.append((bound, list(f.lower), [[str(s) for s in m] for m in f.members], kept))
        return f

    monkeypatch.setattr(cpsat, "TOP_FIRST", top)
    # Without the Oracle action in the lower bounds: with it, these small puzzles' low bounds fall
    # to the scenarios' lower bounds and the question is never asked (see INFEASIBLE).
    monkeypatch.setattr(solver_facts, "ORACLE", False)
    if not gate:
        monkeypatch.setattr(cpsat, "TOP_SCENARIOS", 0)
        monkeypatch.setattr(cpsat, "TOP_SHARE", 1.0)
        monkeypatch.setattr(cpsat, "TOP_PART", 2)  # the top in parts, as on a large puzzle
    monkeypatch.setattr(cpsat.Search, "top_infeasible", spy_top)
    monkeypatch.setattr(cpsat.Run, "facts", spy_facts)
    return cpsat.solve(puzzle, probe=False), asked, read


@pytest.mark.parametrize(
    "name",
    # small-090 (7 CPU s, its exhaustive search mostly) is the corpus's: small-121 (under 1 s) has
    # the same claim's every check in make test (session 100).
    [pytest.param(INFEASIBLE[0], marks=pytest.mark.corpus), INFEASIBLE[1]],
)
def test_R_MOVE_2_the_largest_bound_first_proves_infeasibility_as_the_exhaustive_search_does(monkeypatch, comps, name):
    puzzle = load_puzzle(DATA / "small" / f"{name}.yaml", comps)
    exhaustive = search(puzzle)
    assert exhaustive.complete and exhaustive.optimum is None
    on, asked, _ = _solve(monkeypatch, puzzle, top=True)
    off, not_asked, _ = _solve(monkeypatch, puzzle, top=False)
    assert asked and asked[0][1] is True and not not_asked  # the question was asked, and answered
    assert on.status == "INFEASIBLE" and on.optimum is None
    assert _answer(on) == _answer(off)
    top = asked[0][0]
    assert [lv for lv in on.levels if lv.how == "CP-SAT, the largest bound first"] == [
        lv for lv in on.levels if lv.bound == top
    ]
    # Every bound is proven: the largest one covers those it skipped.
    assert on.lower == off.lower == top + 1


def test_R_MOVE_2_the_top_asked_in_parts_while_read_proves_what_the_whole_top_proves(monkeypatch, comps):
    """On a puzzle that asks its bounds in parts (`lazy.LAZY_SCENARIOS` lifted, as for a two-turn
    puzzle from the placement), the top is read and asked part by part (`TOP_LAZY`, parts of at
    most 2 classes here): every class in one part, so it proves the top INFEASIBLE as the top
    read whole does (small-121 has no line: the exhaustive search, above), with the same answer
    and proof."""
    puzzle = load_puzzle(DATA / "small" / "small-121-act-south-2016-h2-map.yaml", comps)
    monkeypatch.setattr(lazy, "LAZY_SCENARIOS", 0)
    in_parts: list[bool] = []
    real = cpsat.Search._top_in_parts

    def spy(self, *args):
        in_parts.append(real(self, *args))
        return in_parts[-1]

    monkeypatch.setattr(cpsat.Search, "_top_in_parts", spy)
    parts, asked, _ = _solve(monkeypatch, puzzle, top=True)
    assert in_parts == [True]
    monkeypatch.setattr(cpsat, "TOP_LAZY", False)
    whole, asked_whole, _ = _solve(monkeypatch, puzzle, top=True)
    assert in_parts == [True]  # the top read whole this time
    assert asked == asked_whole and asked[0][1] is True
    assert parts.status == "INFEASIBLE" and _answer(parts) == _answer(whole)
    assert [(lv.bound, lv.status, lv.how) for lv in parts.levels] == [
        (lv.bound, lv.status, lv.how) for lv in whole.levels
    ]


@pytest.mark.slow
def test_R_MOVE_2_a_top_with_a_line_leaves_the_answer_and_every_bound_read_as_without_it(monkeypatch, comps):
    puzzle = load_puzzle(DATA / "top" / "act-2-g5015-t18-north.yaml", comps)
    on, asked, read_on = _solve(monkeypatch, puzzle, top=True)
    off, not_asked, read_off = _solve(monkeypatch, puzzle, top=False)
    assert asked == [(6, False)] and not not_asked
    assert on.status == "OPTIMAL" and on.optimum == 3
    assert _answer(on) == _answer(off)
    assert [(lv.bound, lv.status, lv.how) for lv in on.levels] == [(lv.bound, lv.status, lv.how) for lv in off.levels]
    # The top's facts come from a reader of its own: the shared reader's bounds are the same.
    assert read_on == read_off


def test_the_question_is_not_asked_where_a_bound_reads_few_scenarios(monkeypatch, comps):
    """The gates as set: act-2 g5015's bound 2 reads a few hundred scenarios (it would cost
    0.6 -> 4.3 s of CPU, docs/benchmarks.md)."""
    puzzle = load_puzzle(DATA / "top" / "act-2-g5015-t18-north.yaml", comps)
    result, asked, _ = _solve(monkeypatch, puzzle, top=True, gate=True)
    assert asked == [] and result.optimum == 3


def _verdict(facts, bud, bound) -> str:
    from ortools.sat.python import cp_model

    from akrotiri_puzzles.solver.model import Spec, build

    solver = cp_model.CpSolver()
    params(solver, None, 1, 0)
    return STATUS[solver.solve(build(facts, bud, Spec(bound, facts.puzzle.goal)).m)]


@pytest.mark.slow
@pytest.mark.parametrize(
    "checks",
    # The first 12 bounds checked run in make test (11 of them cut); the rest (9: the sample
    # before session 100 took every one, 21) are the corpus's.
    [range(12), pytest.param(range(12, 24), marks=pytest.mark.corpus)],
    ids=["first-12", "next-12"],
)
def test_R_TILE_1_the_top_in_parts_has_a_line_exactly_when_the_whole_has_one(comps, checks):
    """split.by_placement and split.restrict: every class in exactly one part, and some part's
    model has a line exactly when the whole model has one, on placement puzzles of the small
    corpus cut into parts of at most 3 classes: the bounds of 2 or more classes in the corpus's
    order, those numbered `checks`. Asked at the optimum and one below, but in this corpus no bound
    one below has 2 classes (and every part at the optimum has a line): only the direction with
    a line is checked here (session 101)."""
    from akrotiri_puzzles.solver.budget import budget, max_steps, playable_cards
    from akrotiri_puzzles.solver.facts import FactReader
    from akrotiri_puzzles.solver.gather import build_facts
    from akrotiri_puzzles.solver.split import by_placement, restrict

    paths = sorted((DATA / "small").glob("small-*-place-*.yaml"))
    checked = cut = seen = 0
    for path in paths:
        puzzle = load_puzzle(path, comps)
        if puzzle.optimum is None or puzzle.optimum < 2:
            continue
        bud = budget(puzzle)
        reader = FactReader(puzzle)
        for bound in (puzzle.optimum - 1, puzzle.optimum):
            facts = build_facts(reader, bound, max_steps(puzzle, bound), playable_cards(puzzle, bound))
            if len(facts.scenarios) < 2:
                continue
            seen += 1
            if seen - 1 not in checks:
                continue
            runs = by_placement(facts, 3)
            assert sorted(c for run in runs for c in run) == list(range(len(facts.scenarios)))
            assert all(len(run) <= 3 or len({facts.scenarios[c].first for c in run}) == 1 for run in runs)
            whole = _verdict(facts, bud, bound)
            parts = [_verdict(restrict(facts, run), bud, bound) for run in runs]
            assert whole == ("OPTIMAL" if bound == puzzle.optimum else "INFEASIBLE"), path.stem
            assert ("OPTIMAL" in parts) == (whole == "OPTIMAL"), (path.stem, bound, parts)
            checked += 1
            cut += len(runs) > 1
        if seen >= checks.stop:
            break
    assert checked == 12 and cut >= 6 if checks.start == 0 else checked >= 6
