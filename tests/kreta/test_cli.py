"""`akrotiri-puzzle kreta ...` as a user runs it: each command's output, --json, and bad input as
one line on stderr with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from akrotiri_puzzles.cli import main
from akrotiri_puzzles.kreta.files.board_yaml import DEFAULT_BOARD
from akrotiri_puzzles.kreta.files.position_yaml import save_position

from .conftest import build

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *args: object) -> tuple[int, str, str]:
    """Run the command line in this process; its exit status, stdout and stderr."""
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    captured = capsys.readouterr()
    return info.value.code, captured.out, captured.err


@pytest.fixture
def position(tmp_path):
    path = tmp_path / "p.yaml"
    save_position(build(red={"villagers": {"sfakia": 2}, "ships": ["chania"]}, blue={"abbot": "ida"}, scored=2), path)
    return path


def test_simulate_plays_seeded_games_and_says_so(capsys, tmp_path):
    code, out, err = run(capsys, "kreta", "simulate", "--games", "2", "--players", "3", "--seed", "5", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["finished"] == 2 and data["violations"] == [] and data["players"] == 3
    again = json.loads(run(capsys, "kreta", "simulate", "--games", "2", "--players", "3", "--seed", "5", "--json")[1])
    assert again == data  # the same seed, the same games
    code, out, _ = run(
        capsys, "kreta", "simulate", "--games", "1", "--seed", "3", "--save-positions", tmp_path / "games"
    )
    assert code == 0 and "invariant violations" in out
    saved = sorted(p.name for p in (tmp_path / "games").iterdir())
    assert saved[0] == "game3-final.yaml" and "game3-round11.yaml" in saved and len(saved) == 12


def test_legal_lists_the_notation(capsys, position):
    code, out, _ = run(capsys, "kreta", "legal", position)
    lines = out.splitlines()
    assert code == 0 and "castellan" in lines and "commander march sfakia>chania" in lines
    data = json.loads(run(capsys, "kreta", "legal", position, "--json")[1])
    assert data["to_move"] == "red" and data["actions"] == lines


def test_apply_plays_a_line_and_writes_the_position(capsys, position, tmp_path):
    code, out, _ = run(capsys, "kreta", "apply", position, "commander march sfakia>kissamos; sfakia>chania")
    assert code == 0
    doc = yaml.safe_load(out)
    assert doc["seats"]["red"]["villagers"] == {"kissamos": 1, "chania": 1} and doc["to_move"] == "blue"
    code, out, _ = run(capsys, "kreta", "apply", position, "castellan", "-o", tmp_path / "after.yaml")
    assert code == 0 and "1 action applied" in out
    assert yaml.safe_load((tmp_path / "after.yaml").read_text())["phase"] == "turnup"


def test_score_previews_the_next_castellan(capsys, position):
    code, out, _ = run(capsys, "kreta", "score", position)
    assert code == 0 and "fort space 2" in out
    data = json.loads(run(capsys, "kreta", "score", position, "--json")[1])
    provinces = data["next_scoring"]["provinces"]
    assert set(provinces) == {"kissamos", "chania", "sfakia"}
    assert provinces["sfakia"]["points"] == {"red": 4, "blue": 0}
    assert provinces["chania"]["influence"] == {"red": 1, "blue": 0}


def test_show_prints_the_position_and_marks_the_scored_provinces(capsys, position):
    code, out, _ = run(capsys, "kreta", "show", position)
    assert code == 0 and "* sfakia" in out and "* kissamos" in out and "scoring 1 of 11" in out


def test_board_checks_a_board_file(capsys, tmp_path):
    code, out, _ = run(capsys, "kreta", "board")
    assert code == 0 and "every stated fact holds" in out
    doc = yaml.safe_load(DEFAULT_BOARD.read_text())
    doc["fort_spaces"][1]["provinces"] = ["kissamos", "chania"]
    bad = tmp_path / "board.yaml"
    bad.write_text(yaml.safe_dump(doc))
    code, out, err = run(capsys, "kreta", "board", bad)
    assert code == 2 and out == "" and err.count("\n") == 1 and "fort_spaces.1" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ("kreta", "apply", "{p}", "farmer chania"),
            "action 1 'farmer chania': you have no villager in chania (K-FARM-1)",
        ),
        (("kreta", "apply", "{p}", "sing"), "not an action"),
        (("kreta", "apply", "{p}", "abbot atlantis"), "unknown province 'atlantis'"),
        (("kreta", "legal", "missing.yaml"), "missing.yaml: no such file"),
        (("kreta", "simulate", "--players", "1"), "--players: expected 2 to 4, got 1"),
        (("kreta", "simulate", "--bot", "clever"), "--bot: expected random, greedy, mixed"),
        (("kreta", "show", "{p}", "--scale", "9"), "--scale: expected 0.25 to 4.0"),
        (("kreta", "--board", "missing.yaml", "legal", "{p}"), "missing.yaml: no such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(capsys, position, args, words):
    code, out, err = run(capsys, *(str(a).replace("{p}", str(position)) for a in args))
    assert code == 2 and out == "" and words in err and err.count("\n") == 1


def test_the_entry_point_in_a_subprocess(position):
    """Through the real entry point: the sub-app is found, bad input is still one line."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), "kreta", "legal", str(position), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["phase"] == "play"
    done = subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), "kreta", "apply", str(position), "halt"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stderr.startswith("error: ") and "(K-CMD-1)" in done.stderr


PUZZLE = ROOT / "puzzles" / "kreta" / "kreta-09.yaml"


def test_solve_proves_the_optimum_and_prints_the_line(capsys):
    code, out, _ = run(capsys, "kreta", "solve", PUZZLE)
    assert code == 0 and "OPTIMAL: proven by CP-SAT" in out and "castellan" in out
    data = json.loads(run(capsys, "kreta", "solve", PUZZLE, "--json", "--exhaustive")[1])
    assert data["proven"] and data["agree"] and data["exhaustive"]["complete"]
    assert data["line"][-1] == "castellan"


def test_check_the_file_its_answer_and_a_wrong_answer(capsys):
    code, out, _ = run(capsys, "kreta", "check", PUZZLE)
    assert code == 0 and "is optimal" in out
    solution = "; ".join(yaml.safe_load(PUZZLE.read_text())["solution"])
    assert run(capsys, "kreta", "check", PUZZLE, solution)[0] == 0
    code, out, _ = run(capsys, "kreta", "check", PUZZLE, "castellan")
    assert code == 1 and "is wrong" in out
    code, out, _ = run(capsys, "kreta", "check", PUZZLE, "halt; castellan", "--json")
    assert code == 1 and json.loads(out)["problems"][0].startswith("the line is not a legal answer")


def test_check_catches_a_file_whose_optimum_is_wrong(capsys, tmp_path):
    doc = yaml.safe_load(PUZZLE.read_text())
    doc["optimum"] = doc["optimum"] + 1
    path = tmp_path / "wrong.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    code, out, _ = run(capsys, "kreta", "check", path)
    assert code == 1 and "optimum: the file says" in out


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(horizon=0), "horizon: expected an integer from 1 to 8"),
        (lambda d: d.update(goal="fastest"), "goal: Input should be 'best', 'margin' or 'province'"),
        (lambda d: d.update(province="atlantis"), "a province puzzle names a province of the board"),
        (lambda d: d["start"]["seats"]["red"].update(villagers={"ida": 9}), "start: seats.red.villagers"),
        (lambda d: d.update(solution=["fly away"]), "solution.0"),
    ],
)
def test_bad_puzzle_files_are_one_line(capsys, tmp_path, change, words):
    doc = yaml.safe_load(PUZZLE.read_text())
    change(doc)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    code, out, err = run(capsys, "kreta", "solve", path)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1


def test_a_puzzle_given_where_a_position_is_expected_is_named(capsys):
    code, _, err = run(capsys, "kreta", "legal", PUZZLE)
    assert code == 2 and "a puzzle file; this command takes a position file" in err


def test_a_reader_that_goes_away_is_no_failure(position):
    """`... | head`: the command stops quietly with status 0 (rich alone would exit with 1). The
    reader here (`true`) has gone before the command writes anything, so the pipe is broken."""
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", f"{sys.executable} {ROOT / 'cli.py'} kreta legal {position} | true"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == ""


def test_show_json_and_pictures(capsys, tmp_path):
    data = json.loads(run(capsys, "kreta", "show", PUZZLE, "--json")[1])
    assert data["scored"] and data["position"]["format"] == "kreta-position/1"
    code, out, _ = run(capsys, "kreta", "show", PUZZLE, "--svg", tmp_path / "p.svg", "--png", tmp_path / "p.png")
    assert code == 0 and "p.svg" in out and (tmp_path / "p.svg").read_text().startswith("<?xml")
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
    code, _, err = run(capsys, "kreta", "show", PUZZLE, "--svg", tmp_path / "p.svg", "--png", tmp_path / "p.svg")
    assert code == 2 and "the same file as --svg" in err
