"""A small puzzle's models asked first with the proof settings (`solver.run.PROVE_FIRST`,
docs/solver.md): INFEASIBLE there is a proof whatever the settings, and a model with a line is
solved again with the usual settings, so every line printed is the one it was; with `any_line`
(the grader's proofs, the idle line's, the generator's uniqueness proof) the line found with the
proof settings is taken, at the same optimum. Independent computation: the small corpus's
optima, recorded by the exhaustive search (tools/make_test_puzzles.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.puzzle import replay
from akrotiri_puzzles.solver import run as solver_run
from akrotiri_puzzles.solver.cpsat import solve

SMALL = Path(__file__).parent / "data" / "puzzles" / "small"
# Two-turn puzzles of the action phase whose proof is CP-SAT's: without a line (a bound proven
# INFEASIBLE by CP-SAT), and of 3 actions (bounds below proven so, then a line); the second of
# each kind in the corpus runs only.
NAMES = (
    "small-059-act-north-2016-h2-map",
    "small-090-act-south-2014-h2-map",
    "small-060-act-north-2016-h2-map",
    "small-129-act-south-2016-h2-temple",
)


@pytest.mark.parametrize(
    "name", [n if i % 2 == 0 else pytest.param(n, marks=pytest.mark.corpus) for i, n in enumerate(NAMES)]
)
def test_R_TURN_2_R_END_1_proof_settings_first_prove_the_same_and_print_the_same_line(name, comps, monkeypatch):
    puzzle = load_puzzle(SMALL / f"{name}.yaml", comps)
    monkeypatch.setattr(solver_run, "PROVE_FIRST", False)
    before = solve(puzzle, probe=False, unique="strict")
    monkeypatch.setattr(solver_run, "PROVE_FIRST", True)
    after = solve(puzzle, probe=False, unique="strict")
    assert before.optimum == puzzle.optimum  # the exhaustive search's
    fields = ("status", "optimum", "lower", "below_optimum", "line", "unique", "strict")
    assert [getattr(after, f) for f in fields] == [getattr(before, f) for f in fields]
    assert [(lv.bound, lv.status) for lv in after.levels] == [(lv.bound, lv.status) for lv in before.levels]
    # Any line at the optimum: the same status, optimum and uniqueness; the line replays at it.
    loose = solve(puzzle, probe=False, unique="strict", any_line=True)
    assert (loose.status, loose.optimum, loose.unique, loose.strict) == (
        before.status,
        before.optimum,
        before.unique,
        before.strict,
    )
    if loose.optimum is not None:
        check = replay(puzzle, loose.line)
        assert check.reached and check.illegal_at is None and check.cost == loose.optimum


def test_R_TURN_2_a_time_limit_keeps_the_usual_settings(comps, monkeypatch):
    """Under a time limit the proof settings are not tried (a search the limit stops must not
    depend on a question asked before it): every model is solved once, as before."""
    puzzle = load_puzzle(SMALL / f"{NAMES[2]}.yaml", comps)
    asked: list[bool] = []
    real = solver_run.cp_model.CpSolver

    class Counting(real):  # type: ignore[misc,valid-type]
        def solve(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            asked.append(self.parameters.max_deterministic_time == solver_run.PROOF_WORK)
            return super().solve(*args, **kwargs)

    monkeypatch.setattr(solver_run.cp_model, "CpSolver", Counting)
    solve(puzzle, probe=False)
    assert any(asked)  # without a limit, the proof settings are asked first
    asked.clear()
    solve(puzzle, probe=False, time_limit=600)
    assert asked and not any(asked)
