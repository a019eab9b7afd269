"""The referee, the JSON API (through Starlette's test client) and `serve`'s bad input."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from akrotiri_puzzles.errors import PuzzleError
from akrotiri_puzzles.files.collection import load_collection
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.notation import parse_action
from akrotiri_puzzles.puzzle import State, moves, play
from akrotiri_puzzles.solver import search
from akrotiri_puzzles.web.app import create_app
from akrotiri_puzzles.web.referee import Referee, Verdict, rest_of
from akrotiri_puzzles.web.site import Site

from .conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).parent / "akrotiri-puzzle"


@pytest.fixture(scope="module")
def client(comps) -> TestClient:
    site = Site(load_collection([ROOT / "puzzles" / "p04.yaml", ROOT / "puzzles" / "p02.yaml"], comps))
    return TestClient(create_app(site), base_url="http://127.0.0.1")


@pytest.mark.parametrize("pid", ["p02", "p04"])
def test_the_referees_verdict_on_every_first_action_agrees_with_the_exhaustive_search(comps, pid):
    """On track exactly when the rest, searched exhaustively, still fits in the budget."""
    puzzle = load_puzzle(ROOT / "puzzles" / f"{pid}.yaml", comps)
    assert puzzle.certificate is not None
    optimum = puzzle.certificate.optimum
    referee = Referee(puzzle, optimum)
    start = State(puzzle.start)
    for action in moves(puzzle, start):
        judged = referee.judge([action])
        if judged.verdict is Verdict.SOLVED:
            continue
        rest = rest_of(puzzle, play(puzzle, start, action))
        found = search(rest, max_nodes=500_000) if rest is not None else None
        fits = found is not None and found.optimum is not None and found.optimum <= optimum - judged.spent
        assert found is None or found.complete, (pid, str(action))
        assert judged.verdict is (Verdict.ON_TRACK if fits else Verdict.OFF_TRACK), (pid, str(action), judged)


@pytest.mark.slow
def test_R_TILE_1_placements_are_judged_within_the_budget_and_agree_with_the_exhaustive_search(comps):
    """A generated hard puzzle that starts with its tile to place (576 placements, 3 actions): the
    referee asks the solver only for lines within what is left of the optimum (`solve(most=)`);
    each verdict agrees with the exhaustive search of the rest, the certified placement included.
    Its placements off the answer still have lines (of 5 actions), so a referee that judged
    by "some line exists" would fail here."""
    # p08 until session 92: the same check, at 6 to 10 s of CPU per exhaustive search; this
    # puzzle's take under 1 s each.
    puzzle = load_puzzle(ROOT / "puzzles" / "generated" / "hard-s41-place-00004.yaml", comps)
    assert puzzle.certificate is not None and puzzle.solution is not None
    optimum = puzzle.certificate.optimum
    referee = Referee(puzzle, optimum)
    start = State(puzzle.start)
    first = moves(puzzle, start)
    assert puzzle.start.phase == "place" and len(first) > 500
    sample = [first[len(first) // 2], first[-1], puzzle.solution[0]]
    for action in sample:
        judged = referee.judge([action])
        rest = rest_of(puzzle, play(puzzle, start, action))
        assert rest is not None
        found = search(rest, max_nodes=500_000)
        assert found.complete, str(action)
        fits = found.optimum is not None and found.optimum <= optimum - judged.spent
        assert judged.verdict is (Verdict.ON_TRACK if fits else Verdict.OFF_TRACK), (str(action), judged)
    assert referee.judge([puzzle.solution[0]]).verdict is Verdict.ON_TRACK


def test_any_optimal_line_is_accepted_not_only_the_canonical_one(comps):
    puzzle = load_puzzle(ROOT / "puzzles" / "p01.yaml", comps)
    referee = Referee(puzzle, 2)
    # The empty boat's first action reaches -1,-2NE by way of -1,-2SE: not the canonical line.
    other = [parse_action(a) for a in ("ship -1,-2SE", "ship -1,-2NE")]
    for i in range(1, len(other) + 1):
        assert referee.judge(other[:i]).verdict is Verdict.ON_TRACK
    assert referee.judge([*other, parse_action("excavate M05 1,-2SW")]).verdict is Verdict.SOLVED


def test_R_MOVE_1_an_illegal_action_gets_the_engines_reason(comps):
    puzzle = load_puzzle(ROOT / "puzzles" / "p01.yaml", comps)
    judged = Referee(puzzle, 2).judge([parse_action("ship T2")])
    assert judged.verdict is Verdict.ILLEGAL and "R-MOVE-1" in (judged.reason or "")


def test_a_solve_stopped_by_the_time_limit_decides_nothing(comps):
    """With no time to solve, an action on an optimal line (but off the known ones) is UNDECIDED,
    never guessed; the page says so."""
    from akrotiri_puzzles.web.site import message

    puzzle = load_puzzle(ROOT / "puzzles" / "p01.yaml", comps)
    judged = Referee(puzzle, 2, time_limit=1e-9).judge([parse_action("ship -1,-2SE")])
    assert judged.verdict is Verdict.UNDECIDED and judged.rest == ()
    assert "could not decide" in message(judged, 1e-9)
    assert Referee(puzzle, 2).judge([parse_action("ship -1,-2SE")]).verdict is Verdict.ON_TRACK


def test_api_plays_judges_hints_and_gives_the_solution(client):
    state = client.post("/api/puzzles/p04/state", json={"line": []}).json()
    assert state["budget"] == 2 and {"text": "ship 1,1NW", "kind": "move (ship)"} in state["actions"]
    played = client.post("/api/puzzles/p04/play", json={"line": [], "action": "ship 1,1NW"}).json()
    assert played["verdict"] == "on track" and played["state"]["line"] == ["ship 1,1NW"]
    done = client.post("/api/puzzles/p04/play", json={"line": ["ship 1,1NW"], "action": "excavate H07 1,1NW"})
    assert done.json()["message"] == "Solved in 2 actions!"
    # The hint names the next action of some best line; it stays on track.
    hint = client.post("/api/puzzles/p04/hint", json={"line": [], "level": 2}).json()["hint"]
    hinted = hint.removeprefix("Next on a best line: ").removesuffix(".")
    assert client.post("/api/puzzles/p04/play", json={"line": [], "action": hinted}).json()["verdict"] == "on track"
    assert client.get("/api/puzzles/p04/solution").json()["solution"] == ["ship 1,1NW", "excavate H07 1,1NW"]
    assert [p["id"] for p in client.get("/api/puzzles").json()] == ["p02", "p04"]


def test_api_bad_input_unknown_id_malformed_action_and_illegal_line(client):
    page = client.get("/puzzle/nope")
    assert page.status_code == 404 and "No puzzle has the id nope" in page.text and "Traceback" not in page.text
    assert client.post("/api/puzzles/nope/state", json={"line": []}).status_code == 404
    typo = client.post("/api/puzzles/p04/play", json={"line": [], "action": "ship"}).json()
    assert typo["verdict"] == "unreadable" and typo["message"].startswith("Cannot read that:")
    bad = client.post("/api/puzzles/p04/state", json={"line": ["ship T2"]})
    assert bad.status_code == 400 and "not legal" in bad.json()["error"]
    assert client.post("/api/puzzles/p04/state", content=b"{not json").status_code == 400
    assert client.post("/api/puzzles/p04/hint", json={"level": 7}).status_code == 400


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(EXE), *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_serve_on_a_port_in_use_is_one_line_and_exit_status_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = _run("serve", "--port", str(port), "puzzles/p04.yaml")
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: --port: {port} is in use on 127.0.0.1; choose another port (--port 8080)"


def test_serve_refuses_a_client_timeout_out_of_range_in_one_line():
    done = run_cli("serve", "--port", "0", "--client-timeout", "0", "puzzles/p04.yaml")
    assert done.returncode == 2
    assert done.stderr.strip() == "error: --client-timeout: expected 0.1 to 3,600, got 0.0"


def test_serve_and_book_with_no_puzzles_are_one_line_and_exit_status_2(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    for args in (("serve", str(empty)), ("book", str(empty), "--html", str(tmp_path / "b"))):
        done = _run(*args)
        assert done.returncode == 2, done
        assert done.stderr.count("\n") == 1 and "no puzzle files" in done.stderr
    assert not (tmp_path / "b").exists()
    done = _run("serve", cwd=tmp_path)
    assert done.returncode == 2 and "no puzzles" in done.stderr


def test_serve_check_serves_and_answers():
    done = _run("serve", "--port", "0", "--check", "puzzles/p04.yaml")
    assert done.returncode == 0, done.stderr
    assert "p04: ship 1,1NW: HTTP 200, Best move! Keep going." in done.stdout
    assert "an unknown id: HTTP 404" in done.stdout


@pytest.fixture
def database(tmp_path, comps) -> Path:
    """A puzzle database made by the generator's own code (files/puzzle_db.py) with p02 and p04;
    p04's level is then changed in the database only (its YAML still says easy)."""
    import sqlite3

    from akrotiri_puzzles.files.puzzle_db import add_puzzles

    path = tmp_path / "puzzles.sqlite"
    add_puzzles(path, [load_puzzle(ROOT / "puzzles" / f"{pid}.yaml", comps) for pid in ("p04", "p02")])
    with sqlite3.connect(path) as db:
        db.execute("UPDATE puzzles SET level = 'hard' WHERE id = 'p04'")
    return path


def test_a_puzzle_database_is_served_at_its_levels_beside_directories(database, comps, tmp_path):
    """p04 is both in the database and a file: taken once, from the database (at its level)."""
    before = database.read_bytes()
    collection = load_collection([ROOT / "puzzles" / "p01.yaml", ROOT / "puzzles" / "p04.yaml"], comps, [database])
    listed = [
        (p["id"], p["level"])
        for p in TestClient(create_app(Site(collection)), base_url="http://127.0.0.1").get("/api/puzzles").json()
    ]
    assert listed == [("p04", "hard"), ("p01", "2 actions"), ("p02", "2 actions")]  # levels first, then the classic set
    assert database.read_bytes() == before  # read only
    other = tmp_path / "other.yaml"  # p01 under p04's id: another puzzle with the same id
    other.write_text((ROOT / "puzzles" / "p01.yaml").read_text().replace("id: p01", "id: p04"))
    with pytest.raises(PuzzleError, match=r"other\.yaml: id: 'p04' is also the id of .*puzzles\.sqlite: puzzle p04"):
        load_collection([other], comps, [database])


def test_serve_db_checks_and_a_bad_database_is_one_line_and_exit_status_2(database, tmp_path):
    done = _run("serve", "--port", "0", "--check", "--db", str(database))
    assert done.returncode == 0, done.stderr
    assert "serving 2 puzzles and 0 lessons" in done.stdout and "an unknown id: HTTP 404" in done.stdout
    text = tmp_path / "text.sqlite"
    text.write_text("not a database\n")
    other = tmp_path / "other.sqlite"
    import sqlite3

    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE games (id TEXT)")
    cases = {
        tmp_path / "missing.sqlite": "no such database file",
        text: "not a puzzle database (file is not a database)",
        other: "no table 'puzzles'",
    }
    for path, problem in cases.items():
        done = _run("serve", "--port", "0", "--check", "--db", str(path))
        assert done.returncode == 2 and done.stdout == "", done
        assert done.stderr.startswith(f"error: {path}: {problem}") and done.stderr.count("\n") == 1, done.stderr
    assert not (tmp_path / "missing.sqlite").exists()


def test_a_file_that_is_not_a_puzzle_or_a_lesson_is_named_with_its_format(comps):
    position = ROOT / "tests" / "data" / "analysis" / "last-turn.yaml"
    with pytest.raises(PuzzleError) as raised:
        load_collection([ROOT / "puzzles" / "p01.yaml", position], comps)
    assert str(raised.value) == (
        f"{position}: format: expected 'akrotiri-puzzle 1' (a puzzle) or 'akrotiri-lesson 1' (a lesson),"
        " got 'akrotiri-position 1'"
    )


def test_a_score_goal_lesson_is_served_but_not_judged_by_the_page(comps):
    """The lessons whose exercise is a score goal (more-actions, last-round) are served: the
    page lists and draws them; its referee counts actions, not points, so it judges nothing
    and names the command that does (`teach --answer`)."""
    site = Site(load_collection([ROOT / "puzzles" / "p02.yaml", ROOT / "lessons"], comps))
    scored = [pid for pid in site.lessons if site.item(pid).puzzle.goal.score is not None]
    assert scored, "no score-goal lesson in lessons/"
    client = TestClient(create_app(site), base_url="http://127.0.0.1")
    for pid in scored:
        page = client.get(f"/learn/{pid}")
        assert page.status_code == 200
        assert f"to score {site.item(pid).puzzle.goal.score} points by the end of this turn<" in page.text
        state = client.post(f"/api/puzzles/{pid}/state", json={"line": []}).json()
        assert state["budget"] is None and state["actions"]
        first = state["actions"][0]["text"]
        played = client.post(f"/api/puzzles/{pid}/play", json={"line": [], "action": first}).json()
        assert played["verdict"] == "undecided" and f"teach {pid} --answer" in played["message"]
