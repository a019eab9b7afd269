"""The oracle is named in an answer's identity by its turn and its icon, not by the stop where
it is consulted; `--strict` keeps the stop (R-ORA-1; solver/canonical.py, solver/unique.py,
docs/puzzles.md; the lead's decision of stop 44).

tests/data/puzzles/oracle-stop.yaml: north excavates M08 on L34, the tile only the oracle gives
for lake, in 3 actions; it may consult the oracle at 1,0NW before shipping or at 1,0NE after.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.notation import parse_action
from akrotiri_puzzles.puzzle import Puzzle, replay
from akrotiri_puzzles.solver.budget import budget
from akrotiri_puzzles.solver.canonical import OracleSig, signature
from akrotiri_puzzles.solver.cpsat import Search, solve
from akrotiri_puzzles.solver.deadline import Deadline
from akrotiri_puzzles.solver.exhaustive import search
from akrotiri_puzzles.solver.unique import oracle_elsewhere

ORACLE_STOP = Path(__file__).parent / "data" / "puzzles" / "oracle-stop.yaml"
LINES = (
    "ship 1,0NE; oracle lake; end; tile 3,0 r90; excavate M08 3,0SW",  # the oracle at 1,0NE
    "oracle lake; ship 1,0NE; end; tile 3,0 r90; excavate M08 3,0SW",  # the oracle at 1,0NW
)


def _line(text: str) -> tuple:  # type: ignore[type-arg]
    return tuple(parse_action(a.strip()) for a in text.split(";"))


def _elsewhere(puzzle: Puzzle) -> tuple:  # type: ignore[type-arg]
    """The optimal line CP-SAT finds, and `oracle_elsewhere`'s answer for it."""
    run = Search(puzzle, Deadline(None), 1, 0, probe=False)
    result = run.optimum()
    assert result.optimum is not None
    modelled = run.modelled
    facts = run.facts(modelled, result.optimum)
    bud = budget(modelled)

    def fresh():  # type: ignore[no-untyped-def]
        return run.model(facts, bud, result.optimum or 0)

    return result.line, oracle_elsewhere(modelled, facts, fresh, run.run, result.line)


def test_R_ORA_1_the_oracle_at_another_stop_is_the_same_answer_canonically_not_strictly(comps):
    """Both lines reach the goal at the optimum the exhaustive search proves (the engine alone):
    one answer with one oracle consultation (turn 1, lake), two strict answers. CP-SAT agrees:
    canonically unique (the old identity, the oracle in its stop's visit, said not unique),
    not strictly unique."""
    puzzle = load_puzzle(ORACLE_STOP, comps)
    found = search(puzzle)
    assert found.complete and found.optimum == 3
    lines = [_line(text) for text in LINES]
    for line in lines:
        played = replay(puzzle, line)
        assert played.illegal_at is None and played.reached and played.cost == 3
    answers = {signature(puzzle, line) for line in lines}
    assert len(answers) == 1
    (answer,) = answers
    assert answer.oracles == (OracleSig(1, "lake"),)
    assert all(v.oracle is None for v in answer.visits)  # no visit names the oracle
    assert len({signature(puzzle, line, strict=True) for line in lines}) == 2
    assert signature(puzzle, found.line) == answer  # the exhaustive search's line is that answer

    result = solve(puzzle, unique="strict", probe=False)
    assert result.optimum == 3 and result.unique is True and result.other_line is None
    assert result.strict is False
    assert signature(puzzle, result.line) == answer


def test_R_ORA_1_strict_uniqueness_finds_the_oracle_at_another_stop_only_where_there_is_one(comps):
    """`oracle_elsewhere` (part of --strict) finds the same answer with the oracle at the other
    stop; with the boat at 1,0NE and one action, the oracle has one stop and it finds none."""
    puzzle = load_puzzle(ORACLE_STOP, comps)
    line, other = _elsewhere(puzzle)
    assert other is not None
    played = replay(puzzle, tuple(other))
    assert played.illegal_at is None and played.reached and played.cost == 3
    assert signature(puzzle, other) == signature(puzzle, line)
    assert signature(puzzle, other, strict=True) != signature(puzzle, line, strict=True)

    start = puzzle.start
    there = start.with_seat(start.to_move, replace(start.hero, boat="1,0NE"))
    one_stop = replace(puzzle, start=replace(there, actions_left=1))
    line, other = _elsewhere(one_stop)
    assert [str(a) for a in line][:2] == ["oracle lake", "end"]
    assert other is None
