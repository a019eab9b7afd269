"""The CP-SAT solver: proofs, determinism, canonical lines, and the solve command."""

from __future__ import annotations

import json
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from akrotiri_puzzles.actions import Sell, Unload
from akrotiri_puzzles.files.lesson_yaml import load_lessons
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle, save_puzzle
from akrotiri_puzzles.puzzle import Puzzle, State, moves, play, replay
from akrotiri_puzzles.solver.canonical import canonical, lean, signature
from akrotiri_puzzles.solver.cpsat import solve
from akrotiri_puzzles.teaching import lesson_by_id

from .conftest import run_cli

COLLECTION = sorted((Path(__file__).resolve().parent.parent / "puzzles").glob("p*.yaml"))
LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=Path.cwd(), timeout=600)


@pytest.fixture(scope="module")
def p01(comps) -> Puzzle:  # type: ignore[no-untyped-def]
    """The collection's first puzzle: sail and dig, in 2 actions."""
    return load_puzzle(COLLECTION[0], comps)


def test_the_optimum_is_proven_by_the_bound_below(comps):
    p03 = load_puzzle(COLLECTION[2], comps)  # buy two maps, sail, dig: 3 actions
    result = solve(p03, probe=False)
    assert result.optimum == p03.optimum == 3
    assert result.status == "OPTIMAL" and result.below_optimum == "INFEASIBLE"
    # Bound 1 and 2 proven infeasible, a line found within bound 3.
    assert [(lv.bound, lv.status) for lv in result.levels] == [(1, "INFEASIBLE"), (2, "INFEASIBLE"), (3, "FEASIBLE")]
    played = replay(p03, result.line)
    assert played.reached and played.cost == 3


def test_R_MOVE_2_free_unload_gives_the_double_move_the_answer_needs(comps):
    """R-MOVE-2: the line unloads (free) so that each Move action gives two points. The
    empty-boat lesson's exercise is certified to need it (lessons/empty-boat.yaml)."""
    exercise = lesson_by_id(load_lessons(LESSONS, comps), "empty-boat").exercise
    result = solve(exercise)
    assert isinstance(result.line[0], Unload)
    without = replay(exercise, result.line[1:])
    assert without.cost > result.optimum


def test_same_puzzle_and_seed_give_the_same_line(p01):
    first = solve(p01, seed=7, probe=False)
    again = solve(p01, seed=7, probe=False)
    assert first.line == again.line
    two_workers = [solve(p01, seed=7, workers=2, probe=False).line for _ in range(2)]
    assert two_workers[0] == two_workers[1]


def test_a_puzzle_the_exhaustive_probe_proves_is_answered_by_it_with_the_same_optimum(comps):
    p02 = load_puzzle(COLLECTION[1], comps)  # an action phase the search proves in about 50 states
    probed = solve(p02)
    assert probed.levels and "exhaustive search" in probed.levels[-1].how
    alone = solve(p02, probe=False)
    assert "exhaustive search" not in alone.levels[-1].how
    assert (probed.optimum, probed.status, probed.below_optimum) == (alone.optimum, "OPTIMAL", "INFEASIBLE")
    played = replay(p02, probed.line)
    assert played.illegal_at is None and played.reached and played.cost == probed.optimum


def test_the_line_is_in_canonical_form(p01):
    result = solve(p01)
    assert list(result.line) == canonical(p01, result.line)


def test_lean_drops_any_free_action_the_answer_does_not_need(comps):
    """Insert each legal free action anywhere in the collection's answers: whenever the line
    still reaches the goal at the same cost, lean drops it and the answer stays the same."""
    padded_count = 0
    for path in COLLECTION:
        puzzle = load_puzzle(path, comps)
        line = list(puzzle.solution or ())
        cost = replay(puzzle, line).cost
        state = State(puzzle.start)
        for i in range(len(line)):
            for extra in moves(puzzle, state):
                if not isinstance(extra, (Sell, Unload)):
                    continue
                padded = [*line[:i], extra, *line[i:]]
                r = replay(puzzle, padded)
                if r.illegal_at is None and r.reached and r.cost == cost:
                    padded_count += 1
                    assert signature(puzzle, lean(puzzle, padded)) == signature(puzzle, line)
                    assert len(lean(puzzle, padded)) == len(lean(puzzle, line))
            state = play(puzzle, state, line[i])
    assert padded_count >= 3


def test_R_EXC_1_a_turn_1_temple_and_the_goals_never_share_an_island_turn_2_joins(comps):
    """One temple asked over two turns: the line may dig another card in turn 1 (turn 2's extra
    action, R-TURN-2), and then the goal's card must not go on the island turn 2's tile joins to
    that temple's (R-EXC-1). The model once allowed it (the engine refused the line: a
    SolverError in `generate --difficulty medium --turns 2 --seed 302`)."""
    p = load_puzzle(Path(__file__).resolve().parent / "data" / "puzzles" / "two-turn-joined-island.yaml", comps)
    result = solve(p)
    assert result.status == "OPTIMAL" and result.optimum is not None
    played = replay(p, result.line)
    assert played.reached and played.illegal_at is None and played.cost == result.optimum


def test_no_line_within_the_horizon_is_reported_infeasible(p01):
    start = replace(p01.start, actions_left=p01.optimum - 1)
    result = solve(replace(p01, start=start))
    assert result.optimum is None and result.status == "INFEASIBLE" and result.line == ()


@pytest.mark.parametrize("path", COLLECTION, ids=lambda p: p.stem)
def test_collection_puzzle_solution_and_certificate_hold(path, comps):
    puzzle = load_puzzle(path, comps)
    assert puzzle.solution is not None and puzzle.certificate is not None
    played = replay(puzzle, puzzle.solution)
    assert played.illegal_at is None and played.reached and played.cost == puzzle.optimum
    assert puzzle.certificate.optimum == puzzle.optimum
    assert puzzle.certificate.below_optimum == "INFEASIBLE" and puzzle.certificate.unique is True
    assert puzzle.certificate.components == f"{comps.name} {comps.version}"


@pytest.mark.slow
@pytest.mark.parametrize("path", COLLECTION, ids=lambda p: p.stem)
def test_collection_puzzle_is_solved_again_to_its_optimum_and_unique(path, comps):
    puzzle = load_puzzle(path, comps)
    result = solve(puzzle, unique=True)
    assert result.optimum == puzzle.optimum
    assert result.unique is True


def test_solve_command_json(tmp_path):
    done = _run("solve", str(COLLECTION[0]), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"optimum", "status", "below_optimum", "line", "seconds", "levels", "unique"} <= set(data)
    assert data["optimum"] == 2 and data["status"] == "OPTIMAL" and data["below_optimum"] == "INFEASIBLE"


def test_solve_command_text_shows_the_proof_and_the_line():
    done = _run("solve", str(COLLECTION[0]), "--unique")
    assert done.returncode == 0, done.stderr
    assert "Optimum: 2 actions" in done.stdout
    assert "INFEASIBLE" in done.stdout and "Unique" in done.stdout


@pytest.mark.parametrize(
    ("content", "field"),
    [
        ("format: akrotiri-puzzle 1\nid: x\n", "position"),
        ("format: akrotiri-puzzle 1\nid: x\nposition: missing.yaml\n", "missing.yaml"),
        ("format: akrotiri-puzzle 1\nid: x\nhorizon: 3\nposition: {}\n", "horizon"),
        ("id: [unclosed\n", "line"),
    ],
)
def test_solve_command_bad_input_is_one_line_and_exit_2(tmp_path, content, field):
    path = tmp_path / "bad.yaml"
    path.write_text(content)
    done = _run("solve", str(path))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert str(path) in lines[0] or "missing.yaml" in lines[0]
    assert field in lines[0]


def test_puzzle_files_round_trip(p01, tmp_path):
    save_puzzle(p01, tmp_path / "p.yaml")
    again = load_puzzle(tmp_path / "p.yaml", p01.start.components)
    assert again == p01


@pytest.mark.parametrize(
    ("name", "first_turn"),
    [("small-124-act-south-2016-h2-map.yaml", False), ("small-060-act-north-2016-h2-map.yaml", True)],
)
def test_R_TURN_2_both_turns_asked_at_the_lowest_bound_before_the_first_turns_next(
    comps, monkeypatch, name: str, first_turn: bool
):
    """A two-turn puzzle whose first turn has no line at the lowest bound left asks both turns
    there before the first turn's next bound (`cpsat.BOTH_AT_LOWEST`). Corpus puzzles of two
    turns from the action phase, given 3 actions in turn 1 (R-TURN-2): on small-124 both turns'
    optimum (2) is below the first turn's (3), which is then never asked; on small-060 the first
    turn's line is the optimum (3), after both turns' bound 2 is proven INFEASIBLE. The optimum
    is the exhaustive search's, and the same as without the switch, with the same bounds proven."""
    from akrotiri_puzzles.solver import cpsat
    from akrotiri_puzzles.solver.exhaustive import search

    p = load_puzzle(Path(__file__).parent / "data" / "puzzles" / "small" / name, comps)
    p = replace(p, start=replace(p.start, actions_left=3), optimum=None, solution=None, certificate=None)
    got = {}
    for on in (False, True):
        monkeypatch.setattr(cpsat, "BOTH_AT_LOWEST", on)
        got[on] = solve(p, probe=False)
    assert got[True].status == got[False].status == "OPTIMAL"
    assert got[True].optimum == got[False].optimum == search(p).optimum
    firsts = [lv for lv in got[True].levels if "first turn" in lv.how]
    assert bool(firsts) is first_turn
    if first_turn:
        assert sorted((lv.bound, lv.status) for lv in got[True].levels) == sorted(
            (lv.bound, lv.status) for lv in got[False].levels
        )
        # Both turns' lowest bound is proven before the first turn's line is asked.
        assert [lv.bound for lv in got[True].levels][-2:] == [2, 3]
    else:
        assert any("first turn" in lv.how for lv in got[False].levels)
        assert got[True].optimum == 2 and got[True].levels[-1].status == "FEASIBLE"
