"""`solve(most=k)`: lines longer than k are not looked for (the puzzle page's question, "can the
rest still be done within k?"), checked against the optimum the exhaustive search recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver import solve

CORPUS = sorted((Path(__file__).parent / "data" / "puzzles" / "small").glob("*.yaml"))
# Every 12th puzzle: both seats and editions, action phase and placement, one and two turns.
SAMPLE = CORPUS[::12]


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_R_TURN_2_a_ceiling_below_the_optimum_proves_only_that_bound(path, comps):
    puzzle = load_puzzle(path, comps)
    recorded = puzzle.optimum  # the exhaustive search's optimum (None: no line at all)
    for most in (1, 2, 3):
        result = solve(puzzle, most=most, probe=False)
        if recorded is not None and recorded <= most:
            # Within the ceiling: the answer an uncapped solve gives, proven.
            assert (result.status, result.optimum) == ("OPTIMAL", recorded), (most, result)
            assert result.most in (None, most)
        else:
            assert result.status == "INFEASIBLE" and result.optimum is None, (most, result)
            # INFEASIBLE is said of the ceiling only (unless the horizon allows no more).
            assert result.lower == most + 1 or result.most is None, (most, result)
            if recorded is not None:
                assert result.most == most, (most, result)


def test_a_ceiling_below_one_is_refused(comps):
    with pytest.raises(ValueError, match="most"):
        solve(load_puzzle(CORPUS[0], comps), most=0)
