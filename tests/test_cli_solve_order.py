"""`solve`'s proof, bound by bound, in a reader's order: the smallest bound first, whatever
order the solver proved them in; nothing proven is dropped or changed."""

from __future__ import annotations

import re

from akrotiri_puzzles import load_components
from akrotiri_puzzles.cli.solve_command import print_result
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver.result import Level, SolveResult

from .conftest import ROOT

P06 = ROOT / "puzzles" / "p06.yaml"
"""Optimum 5: room for a proof listed out of order."""


def _proof_order(optimum: int) -> tuple[Level, ...]:
    """The steps in the order the solver records them for a two-turn puzzle whose first turn
    holds the answer (solver/cpsat.py, `optimum`): the lowest bound asked of both turns, then the
    first turn's line, then both turns below it."""
    return (
        Level(1, "INFEASIBLE", 0.0, "board-free lower bound"),
        Level(optimum, "FEASIBLE", 0.2, "CP-SAT, first turn"),
        *(Level(b, "INFEASIBLE", 0.1, "CP-SAT") for b in range(2, optimum)),
    )


def _listed(said: str) -> list[tuple[int, str]]:
    tail = " ".join(said.split()).split("bound by bound: ", 1)[1]
    return [(int(b), status) for b, status in re.findall(r"(\d+): ([A-Z]+(?: at \d+)?)", tail)]


def test_bound_by_bound_lists_the_smallest_bound_first():
    from akrotiri_puzzles.cli.solve_command import bound_by_bound

    levels = _proof_order(5)
    listed = _listed("bound by bound: " + bound_by_bound(levels))
    assert [b for b, _ in listed] == [1, 2, 3, 4, 5]
    assert sorted(listed) == sorted((lv.bound, lv.status) for lv in levels)


def test_solve_prints_the_proof_in_a_readers_order(capsys):
    # p06's answer (optimum 5), with a proof listed as the solver records it (5 before 2, 3, 4): the
    # command's text lists it from bound 1 up, every step kept.
    puzzle = load_puzzle(P06, load_components())
    assert puzzle.solution is not None and puzzle.optimum is not None
    n = puzzle.optimum
    levels = _proof_order(n)
    result = SolveResult(n, tuple(puzzle.solution), "OPTIMAL", "INFEASIBLE", 0.5, levels=levels, lower=n)
    print_result(puzzle, result)
    listed = _listed(capsys.readouterr().out)
    assert [b for b, _ in listed] == list(range(1, n + 1))
    assert sorted(listed) == sorted((lv.bound, lv.status) for lv in levels)


def test_solve_json_keeps_the_proof_order(capsys):
    # --json is the record of the run, each step with its seconds: the order it was proven in.
    from akrotiri_puzzles.cli.solve_command import result_data

    puzzle = load_puzzle(P06, load_components())
    assert puzzle.solution is not None and puzzle.optimum is not None
    levels = _proof_order(puzzle.optimum)
    result = SolveResult(puzzle.optimum, tuple(puzzle.solution), "OPTIMAL", "INFEASIBLE", 0.5, levels=levels)
    assert [lv["bound"] for lv in result_data(puzzle, result)["levels"]] == [lv.bound for lv in levels]
