"""`akrotiri-puzzle check`: a fan's answer is legal or not, reaches the goal or not, and is
optimal or not; bad input gets one line and exit status 2. Run as a user runs it, through
`cli.py`, so that the real entry point is tested; plus the puzzle docs' example."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.cli import puzzle_commands
from akrotiri_puzzles.files.puzzle_yaml import (
    CertificateModel,
    GoalModel,
    PuzzleModel,
    dumps_puzzle,
    load_puzzle,
    loads_puzzle,
)
from akrotiri_puzzles.puzzle import replay
from akrotiri_puzzles.solver.exhaustive import search

from .conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = Path(__file__).parent / "data" / "puzzles" / "volcano-below.yaml"
BEST = "tile -2,-1 r0 red@SW; excavate E05 1,0SW"
SLOW = "tile -2,-1 r0 red@SW; ship 0,1SW; excavate E05 0,1SW"


def check(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run `akrotiri-puzzle check ARGS` from the checkout."""
    return run_cli("check", *args, timeout=300)


def as_json(*args: str | Path) -> tuple[int, dict[str, object]]:
    """The exit status and the JSON report of a check."""
    result = check(*args, "--json")
    assert result.stderr == ""
    return result.returncode, json.loads(result.stdout)


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The single stderr line of a run that failed on bad input."""
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ---- answers ---------------------------------------------------------------------------------


def test_an_optimal_answer_exits_0_and_says_so():
    result = check(PUZZLE, BEST)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "every action is legal" in result.stdout
    assert "the goal is reached after action 2" in result.stdout
    assert "the proven optimum" in result.stdout


def test_a_longer_answer_is_legal_reaches_the_goal_and_is_not_optimal():
    code, report = as_json(PUZZLE, SLOW)
    assert code == 1
    assert report["status"] == "not optimal"
    assert (report["legal"], report["reached"], report["reached_after"]) == (True, True, 3)
    assert (report["cost"], report["optimum"], report["optimal"]) == (2, 1, False)
    text = check(PUZZLE, SLOW).stdout
    assert "1 more than the optimum" in text


def test_an_illegal_action_is_named_with_its_number_and_the_rule():
    """R-EXC-2: the tile in slot -2,0 leaves no volcano below the site."""
    code, report = as_json(PUZZLE, "tile -2,0 r0 red@SW; excavate E05 1,0SW")
    assert code == 1
    assert report["status"] == "illegal" and report["legal"] is False
    illegal = report["first_illegal"]
    assert isinstance(illegal, dict)
    assert (illegal["number"], illegal["action"]) == (2, "excavate E05 1,0SW")
    assert "R-EXC-2" in str(illegal["reason"])
    text = check(PUZZLE, "tile -2,0 r0 red@SW; excavate E05 1,0SW").stdout
    assert "action 2 (excavate E05 1,0SW) is illegal" in text


def test_an_action_out_of_turn_order_is_illegal():
    """R-TURN-1: the tile comes before any action."""
    code, report = as_json(PUZZLE, "excavate E05 1,0SW")
    assert code == 1
    assert report["first_illegal"] == {
        "number": 1,
        "action": "excavate E05 1,0SW",
        "reason": "south must first play the land tile (R-TURN-1)",
    }


def test_a_legal_answer_that_stops_short_is_not_reached():
    code, report = as_json(PUZZLE, "tile -2,-1 r0 red@SW; ship 0,1SW")
    assert code == 1
    assert (report["status"], report["legal"], report["reached"], report["cost"]) == (
        "goal not reached",
        True,
        False,
        1,
    )


def test_the_answer_is_written_back_in_the_notation():
    _, report = as_json(PUZZLE, "TILE -2,-1 180 red@sw ; excavate e05 1,0sw;")
    assert report["answer"] == ["tile -2,-1 r180 red@SW", "excavate E05 1,0SW"]


# ---- bad input -------------------------------------------------------------------------------


def test_an_action_that_does_not_parse_exits_2_naming_it():
    line = one_line_error(check(PUZZLE, "tile -2,-1 r0 red@SW; fly 1,0SW"))
    assert re.search(r"action 2 \('fly 1,0SW'\): unknown action 'fly'", line), line


def test_an_empty_answer_exits_2():
    assert "no actions" in one_line_error(check(PUZZLE, " ; "))


def test_a_missing_puzzle_file_exits_2_naming_it(tmp_path):
    line = one_line_error(check(tmp_path / "nope.yaml", BEST))
    assert "nope.yaml" in line and "no such file" in line


def test_a_malformed_puzzle_file_exits_2_naming_the_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(PUZZLE.read_text().replace("horizon: 1", "horizon: 3"))
    line = one_line_error(check(bad, BEST))
    assert "bad.yaml" in line and "horizon" in line


def test_a_puzzle_file_that_is_not_yaml_exits_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [unclosed\n")
    assert "not valid YAML" in one_line_error(check(bad, BEST))


# ---- where the optimum comes from -----------------------------------------------------------


def test_without_a_recorded_optimum_it_is_computed(tmp_path):
    puzzle = load_puzzle(PUZZLE, load_components())
    bare = tmp_path / "bare.yaml"
    bare.write_text(dumps_puzzle(replace(puzzle, optimum=None, solution=None)))
    code, report = as_json(bare, BEST)
    assert code == 0
    assert report["optimum"] == 1 and report["optimum_source"] in ("cpsat", "exhaustive")


def test_without_the_cpsat_solver_the_exhaustive_search_gives_the_optimum(monkeypatch):
    monkeypatch.setitem(sys.modules, "akrotiri_puzzles.solver.cpsat", None)  # the import fails
    puzzle = replace(load_puzzle(PUZZLE, load_components()), optimum=None)
    assert puzzle_commands.puzzle_optimum(puzzle) == puzzle_commands.Optimum(1, "exhaustive")


def test_without_a_certificate_no_hidden_clock_decides_the_verdict(monkeypatch):
    """The optimum is solved with no time limit unless the user gives one (--time-limit): a
    loaded machine never turns "optimal" into "optimum unknown"."""
    import akrotiri_puzzles.solver.cpsat as cpsat

    asked: list[float | None] = []
    real = cpsat.solve

    def spy(puzzle, **kw):
        asked.append(kw.get("time_limit"))
        return real(puzzle, **kw)

    monkeypatch.setattr(cpsat, "solve", spy)
    puzzle = replace(load_puzzle(PUZZLE, load_components()), optimum=None, solution=None)
    assert puzzle_commands.puzzle_optimum(puzzle) == puzzle_commands.Optimum(1, "cpsat")
    assert puzzle_commands.puzzle_optimum(puzzle, time_limit=30.0) == puzzle_commands.Optimum(1, "cpsat")
    assert asked == [None, 30.0]


def test_a_bad_time_limit_is_one_line_and_status_2():
    for bad in ("0", "-1", "nan", "1e9"):
        r = check(PUZZLE, BEST, "--time-limit", bad)
        assert r.returncode == 2, (bad, r.stderr)
        assert r.stderr.startswith("error: --time-limit:") and r.stderr.count("\n") == 1 and not r.stdout


def test_a_certificate_gives_the_optimum_when_the_file_has_none():
    text = PUZZLE.read_text().replace("optimum: 1\n", "")
    text += "certificate: {optimum: 1, status: OPTIMAL, below_optimum: INFEASIBLE, solver: hand, components: default}\n"
    puzzle = loads_puzzle(text, load_components())
    assert puzzle_commands.puzzle_optimum(puzzle) == puzzle_commands.Optimum(1, "certificate")


# ---- docs/formats.md, its puzzle part -----------------------------------------------------------

PUZZLE_DOC = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8").split("# Puzzle files", 1)[1]


def test_the_docs_example_loads_and_its_solution_is_optimal():
    doc = PUZZLE_DOC
    blocks = re.findall(r"^```yaml\n(.*?)^```", doc, re.S | re.M)
    assert len(blocks) == 1
    puzzle = loads_puzzle(blocks[0], load_components(), "docs/formats.md")
    played = replay(puzzle, puzzle.solution or ())
    assert played.reached and played.cost == puzzle.optimum == 1
    assert search(puzzle).optimum == 1
    # The test fixture is the same puzzle.
    assert puzzle == load_puzzle(PUZZLE, load_components())


def test_the_docs_list_every_puzzle_field():
    doc = PUZZLE_DOC
    for model in (PuzzleModel, GoalModel, CertificateModel):
        for name in model.model_fields:
            assert f"| `{name}` |" in doc, f"{model.__name__}.{name} is not documented"
