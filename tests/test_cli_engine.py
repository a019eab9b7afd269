"""The command line's engine commands `score`, `legal` and `apply`, run as a user runs them.

Each runs in its own process through `cli.py` (`run_cli`), so that the real entry point turns
library errors into one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from akrotiri_puzzles import legal_actions, load_components, load_position

from .conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
ENDGAME = DATA / "endgame.yaml"
PORT = DATA / "port.yaml"


def run(*args: str | Path, columns: int | None = None) -> subprocess.CompletedProcess[str]:
    """Run `akrotiri-puzzle ARGS` from the checkout, in a terminal `columns` wide if given."""
    return run_cli(*args, env=None if columns is None else {"COLUMNS": str(columns)})


# ---- score ------------------------------------------------------------------------------------


def test_score_prints_each_seats_points_and_the_winner():
    result = run("score", ENDGAME)
    assert result.returncode == 0, result.stderr
    for text in ("M01", "G05", "G08", "G10", "G03", "G12", "23 -> 2", "31 -> 3", "16", "12", "Winner: south."):
        assert text in result.stdout, text
    assert result.stderr == ""


def test_score_json_keys_and_totals():
    result = run("score", "--json", ENDGAME)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"over", "seats", "winners", "decided_by"}
    assert data["over"] is True
    assert set(data["seats"]["south"]) == {"maps", "goals", "drachmas", "drachma_points", "total"}
    assert set(data["seats"]["south"]["goals"][0]) == {"card", "rule", "points", "temples"}
    assert (data["seats"]["south"]["total"], data["seats"]["north"]["total"]) == (16, 12)
    assert (data["winners"], data["decided_by"]) == (["south"], "points")
    assert data["seats"]["south"]["goals"][0] == {"card": "G05", "rule": "lake", "points": 2, "temples": ["1,0NE"]}


def test_score_before_the_game_is_over_is_the_score_if_it_ended_now_and_has_no_winner(tmp_path):
    """R-END-2: only the end decides a winner; an unfinished game's score is said to be hypothetical."""
    result = run("score", PORT, columns=200)
    assert result.returncode == 0, result.stderr
    assert "Score if the game ended now" in result.stdout and "Final score" not in result.stdout
    assert "No winner yet: the game is not over (south to move)." in result.stdout
    assert "Winner" not in result.stdout
    data = json.loads(run("score", "--json", PORT).stdout)
    assert (data["over"], data["winners"], data["decided_by"]) == (False, [], None)


def test_score_names_goal_cards_in_the_cards_words_for_the_edition():
    """R-GOAL-5: the table says "island with a lake", as the card does, not an internal name."""
    result = run("score", ENDGAME, columns=200)
    assert "G05 island with a lake: 2" in result.stdout and "G05 lake" not in result.stdout


# ---- legal ------------------------------------------------------------------------------------


def test_legal_prints_one_action_per_line_in_notation():
    result = run("legal", PORT)
    assert result.returncode == 0, result.stderr
    expected = [str(a) for a in legal_actions(load_position(PORT, load_components()))]
    assert result.stdout.splitlines() == expected
    assert "portage T2" in expected and "end" in expected and "buy easy" in expected


def test_legal_json_keys():
    result = run("legal", "--json", PORT)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"to_move", "phase", "actions"}
    assert (data["to_move"], data["phase"]) == ("south", "act")
    assert data["actions"] == run("legal", PORT).stdout.splitlines()


# ---- apply ------------------------------------------------------------------------------------


def test_apply_prints_the_new_position(tmp_path):
    result = run("apply", PORT, "portage T2")
    assert result.returncode == 0, result.stderr
    saved = tmp_path / "next.yaml"
    saved.write_text(result.stdout)
    pos = load_position(saved, load_components())
    assert (pos.seat("south").boat, pos.actions_left, pos.points) == ("T2", 2, 1)


def test_apply_output_file_is_a_loadable_position(tmp_path):
    out = tmp_path / "next.yaml"
    result = run("apply", PORT, "portage T2", "-o", out)
    assert result.returncode == 0, result.stderr
    said = " ".join(result.stdout.split())
    assert said.startswith(f"{out}: Turn ") and said.endswith("south to move · action phase, 2 actions left")
    after = run("apply", out, "ship 1,0NE", "-o", tmp_path / "then.yaml")
    assert after.returncode == 0, after.stderr
    pos = load_position(tmp_path / "then.yaml", load_components())
    assert (pos.seat("south").boat, pos.actions_left, pos.points) == ("1,0NE", 2, 0)


def test_apply_plays_a_line_in_turn_and_names_the_action_that_fails(tmp_path):
    # R-MOVE-2: a portage then a ship step, as two calls and as one line, give the same position.
    out = tmp_path / "line.yaml"
    result = run("apply", PORT, "portage T2; ship 1,0NE", "-o", out)
    assert result.returncode == 0, result.stderr
    pos = load_position(out, load_components())
    assert (pos.seat("south").boat, pos.actions_left, pos.points) == ("1,0NE", 2, 0)
    bad = run("apply", PORT, "portage T2; ship 9,9NE", "-o", tmp_path / "bad.yaml")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and "action 2 (ship 9,9NE)" in bad.stderr
    assert not (tmp_path / "bad.yaml").exists()
    typo = run("apply", PORT, "portage T2; shop 1,0NE")
    assert typo.returncode == 2 and "action 2" in typo.stderr and len(typo.stderr.strip().splitlines()) == 1


def test_machine_output_does_not_depend_on_the_terminal_width(tmp_path):
    # The console wraps text at its width; JSON and YAML must come out whole whatever it is.
    out = tmp_path / "next.yaml"
    assert run("apply", PORT, "portage T2", "-o", out).returncode == 0
    assert run("apply", PORT, "portage T2", columns=30).stdout == out.read_text()
    narrow = run("legal", "--json", PORT, columns=30)
    assert json.loads(narrow.stdout)["actions"] == run("legal", PORT).stdout.splitlines()


# ---- bad input --------------------------------------------------------------------------------

GOOD = PORT.read_text()
BAD_FILES = {
    "malformed YAML": ("board: [\n  - {slot: [1, 0]\n", "line"),
    "unknown tile id": (GOOD.replace("tile: L25", "tile: L99"), "board.0.tile"),
    "33 cubes": (GOOD + "cubes: [{piece: '1,0NE', colour: red, count: 9}]\n", "cubes"),
    "cubes beyond the market": (GOOD + "market: {red: 8}\ncubes: [{piece: '1,0NE', colour: red}]\n", "market.red"),
    "two boats stopped on one dock": (GOOD.replace("boat: '1,0SE'", "boat: T1"), "seats.north.boat"),
    "unknown field": (GOOD + "colour: purple\n", "colour"),
}


def assert_one_line_error(result: subprocess.CompletedProcess[str], *names: str) -> None:
    """Exit status 2, exactly one line on stderr naming what is given, and no traceback."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for name in names:
        assert name in lines[0], (name, lines[0])


def _bad_file(tmp_path: Path, case: str) -> tuple[Path, str]:
    text, field = BAD_FILES[case]
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    return path, field


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_apply_bad_position_file_is_one_line_exit_status_2_and_writes_nothing(tmp_path, case):
    path, field = _bad_file(tmp_path, case)
    out = tmp_path / "out.yaml"
    result = run("apply", path, "end", "-o", out)
    assert_one_line_error(result, str(path), field)
    assert result.stdout == ""
    assert not out.exists()


@pytest.mark.parametrize("case", ["malformed YAML", "two boats stopped on one dock"])
@pytest.mark.parametrize("command", ["score", "legal"])
def test_bad_position_file_is_one_line_and_exit_status_2(tmp_path, case, command):
    path, field = _bad_file(tmp_path, case)
    result = run(command, path)
    assert_one_line_error(result, str(path), field)
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["score", "legal"])
def test_missing_file_is_one_line_and_exit_status_2(tmp_path, command):
    missing = tmp_path / "nowhere.yaml"
    assert_one_line_error(run(command, missing), str(missing), "no such file")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("ship 1,0SW", "R-MOVE-1"),  # no route from T1
        ("sell red", "R-FREE-1"),  # the boat carries no red cube
        ("fly T2", "unknown action"),
        ("ship", "expected 1 dock"),
        ("tile 1,0 r45", "rotation"),
    ],
)
def test_apply_illegal_or_unparsable_action_writes_nothing(tmp_path, action, reason):
    out = tmp_path / "next.yaml"
    result = run("apply", PORT, action, "-o", out)
    assert_one_line_error(result, str(PORT), repr(action), reason)
    assert not out.exists()


def test_R_GOAL_2_portage_goal_is_worded_by_edition():
    """R-GOAL-2 scores portage distance 2 or more in the 2016 edition, exactly 2 in the 2014 one."""
    from akrotiri_puzzles.render.words import rule_words

    assert rule_words("portage_2", 2016) == "portage distance 2 or more"
    assert rule_words("portage_2", 2014) == "portage distance 2"
    assert rule_words("portage_1", 2016) == "portage distance 1"
