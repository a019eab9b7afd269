"""CP-SAT's settings for large puzzles (`solver.run.LARGE_TUNING`, docs/solver.md): they apply to
two-turn puzzles from the tile placement only, and change how CP-SAT searches, never what is
proven. The place-2 corpus (tools/make_test_puzzles.py --set place2, place2b, place2c) records
the exhaustive search's optima; tests/test_solver_agreement.py checks the solver against them
with the settings on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver import run as solver_run
from akrotiri_puzzles.solver.cpsat import Search, solve
from akrotiri_puzzles.solver.deadline import Deadline
from akrotiri_puzzles.solver.scenarios import count, scenarios

DATA = Path(__file__).parent / "data" / "puzzles"
PLACE2 = sorted(p for name in ("place2", "place2b", "place2c") for p in (DATA / name).glob("*.yaml"))
SMALL = sorted((DATA / "small").glob("*.yaml"))


def _large(puzzle) -> bool:
    run = Search(puzzle, Deadline(None), 1, 0)
    run.reader(run.model_puzzle())
    return run.large(run.modelled)


def test_the_settings_apply_to_place2_puzzles_and_not_to_place1_act1_or_act2_puzzles(comps):
    place2 = [load_puzzle(p, comps) for p in PLACE2]
    large = [p for p in place2 if _large(p)]
    assert len(large) >= 20  # most of the corpus has thousands of scenarios
    small = [load_puzzle(p, comps) for p in SMALL]
    others = [p for p in small if not (p.turns == 2 and p.start.phase == "place")]
    assert len(others) >= 200 and not any(_large(p) for p in others)  # place-1, act-1, act-2: hundreds at most
    # The first turn of a large place-2 puzzle (solved first, cpsat.py) has few scenarios of its
    # own but gets the settings too (LARGE_FIRST), counted before the two-turn boards are built.
    run = Search(large[0], Deadline(None), 1, 0)
    one = run.reader(replace(run.model_puzzle(), turns=1))
    assert len(one.scenarios()) < solver_run.LARGE_SCENARIOS
    assert run.large(one.puzzle) and 2 not in run.readers
    run = Search(large[0], Deadline(None), 1, 0)
    one = run.reader(replace(run.model_puzzle(), turns=1))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(solver_run, "LARGE_FIRST", False)
        assert not run.large(one.puzzle)
    # ... and the first turn of an act-2 puzzle (a few hundred scenarios in all) does not.
    for p in others:
        if p.turns == 2:
            run = Search(p, Deadline(None), 1, 0)
            assert not run.large(run.reader(replace(run.model_puzzle(), turns=1)).puzzle)


def test_R_TILE_1_R_ORA_1_the_scenarios_counted_are_the_scenarios_built(comps):
    """`scenarios.count` (turn 1's boards only) is the number of scenarios `scenarios` builds: every
    open slot of each turn-1 board turned each way (R-TILE-1), for each oracle choice kept (R-ORA-1)."""
    puzzles = [load_puzzle(p, comps) for p in PLACE2[::8] + SMALL[::20]]
    assert sum(p.turns == 2 and p.start.phase == "place" for p in puzzles) >= 3
    for p in puzzles:
        for dominated in (False, True):
            assert count(p, dominated=dominated) == len(scenarios(p, dominated=dominated)), p.id


@pytest.mark.parametrize(
    "path",
    # Every sixth puzzle of the corpus in make test, every third in all (each solved twice, about
    # 3 s of CPU); the settings-on solve of every one is test_solver_agreement's.
    [p if i % 2 == 0 else pytest.param(p, marks=pytest.mark.corpus) for i, p in enumerate(PLACE2[::3])],
    ids=lambda p: p.stem,
)
def test_R_TILE_1_R_TURN_2_the_settings_prove_the_same_as_without_them(path, comps, monkeypatch):
    """The same status, optimum and proven lower bound with the large puzzles' settings off and
    on, both the corpus's recorded optimum; the line replays either way (the solver checks it).
    Which step proves a bound may differ: the parts and the largest bound first are asked within
    a budget of CP-SAT's deterministic time (solver/lazy.py, cpsat.py), which the settings change."""
    puzzle = load_puzzle(path, comps)
    monkeypatch.setattr(solver_run, "LARGE", False)
    before = solve(puzzle, probe=False)
    monkeypatch.setattr(solver_run, "LARGE", True)
    after = solve(puzzle, probe=False)
    assert (after.status, after.optimum, after.lower) == (before.status, before.optimum, before.lower)
    assert after.optimum == puzzle.optimum
