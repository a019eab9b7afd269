"""A placed tile's rotation is not part of an answer's identity; `--strict` refuses it as a
choice (solver/canonical.py, solver/unique.py, docs/solver.md; the lead's decision of stop 43).

tests/data/puzzles/turned-tile.yaml: north places L12 (R-TILE-1) and excavates M08 (R-EXC-1,
R-EXC-2) with one action. M08 fits on the boat's island only once L12 lies in slot (1,1), and
there it fits turned r0 or r270: two optimal lines that differ only in the rotation.
"""

from __future__ import annotations

from pathlib import Path

from akrotiri_puzzles.actions import Excavate, PlaceTile
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.generator.screens import another_placement
from akrotiri_puzzles.solver.canonical import canonical, signature
from akrotiri_puzzles.solver.cpsat import solve
from akrotiri_puzzles.solver.exhaustive import search

from .test_solver_agreement import _optimal_lines

TURNED = Path(__file__).parent / "data" / "puzzles" / "turned-tile.yaml"


def test_R_TILE_1_the_same_slot_turned_is_the_same_answer_canonically_not_strictly(comps):
    """The exhaustive search and every optimal line the engine can play: one answer, in two
    rotations of one slot. CP-SAT agrees: canonically unique, not strictly unique (another
    rotation is a choice the answer leaves), and the engine's placement screen finds no other
    answer in another slot or rotation."""
    puzzle = load_puzzle(TURNED, comps)
    found = search(puzzle)
    assert found.complete and found.optimum == 1
    lines = _optimal_lines(puzzle, 1)
    assert lines is not None
    placed = {(a.slot, a.rotation) for line in lines for a in line if isinstance(a, PlaceTile)}
    assert placed == {((1, 1), 0), ((1, 1), 270)}  # one slot, two rotations
    assert all(isinstance(line[-1], Excavate) and line[-1].card == "M08" for line in lines)
    answers = {signature(puzzle, canonical(puzzle, line)) for line in lines}
    assert len(answers) == 1  # the rotation is not part of the answer

    result = solve(puzzle, unique="strict", probe=False)
    assert result.optimum == 1 and result.unique is True and result.other_line is None
    assert result.strict is False
    assert signature(puzzle, result.line) in answers
    assert another_placement(puzzle, result.line) is None
