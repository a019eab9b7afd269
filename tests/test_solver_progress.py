"""The solver tells a progress display each step of its proof as it is proven (`on_level`),
and that changes nothing it answers."""

from __future__ import annotations

from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver.cpsat import Level, solve

ROOT = Path(__file__).resolve().parent.parent


def test_each_step_of_the_proof_is_told_in_order_and_the_answer_is_the_same():
    puzzle = load_puzzle(ROOT / "puzzles" / "p06.yaml", load_components())
    told: list[Level] = []
    watched = solve(puzzle, probe=False, on_level=told.append)
    plain = solve(puzzle, probe=False)
    assert len(told) >= 2  # at least the bound below the optimum (5) and the optimum's own
    assert [(lv.bound, lv.status, lv.how) for lv in told] == [(lv.bound, lv.status, lv.how) for lv in plain.levels]
    assert tuple(told) == watched.levels
    assert (watched.optimum, watched.status, watched.line) == (plain.optimum, plain.status, plain.line)
