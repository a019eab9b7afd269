"""tools/replay_two_turn_line.py (session 76): a line is played through the engine from a
placement and scored by the engine (R-SCORE-1); where the engine refuses an action (here a sale
of a cube not aboard, R-FREE-1), the tool names it, its place in the line and what the engine
offers there, and exits 1."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.puzzle import State, moves, play
from akrotiri_puzzles.scoring import seat_score

from .conftest import ROOT, tool_module

# Seed 4's fifth turn (south), the developers' cheap two-turn case.
WHERE = ("--seed", "4", "--turn", "5", "--seat", "south")


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    return tool_module("bench_two_turns_place")


def _replay(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "replay_two_turn_line.py"), *WHERE, "--alone", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def _first_placement_and_line(bench):
    """The turn's first placement and a line of four actions the engine offers from it (the
    first offered each time: ship steps here), with the engine's score after it."""
    pos = bench.positions(4, 2016, 5, ["south"])[0]
    action, child = bench.turn_groups(pos)[0][0]
    puzzle = two_turn_puzzle(child)
    state = State(child)
    line = []
    for _ in range(4):
        step = next(iter(moves(puzzle, state)))
        line.append(str(step))
        state = play(puzzle, state, step)
    return str(action), line, seat_score(state.pos, puzzle.hero).total


def test_R_SCORE_1_replayed_line_scores_what_the_engine_scores(bench) -> None:
    placement, line, score = _first_placement_and_line(bench)
    done = _replay("--group", placement, "--line", "; ".join(line))
    assert done.returncode == 0, done.stderr
    assert f"{placement}: " in done.stdout and f"the line scores {score} " in done.stdout


def test_R_FREE_1_refused_sale_is_named_with_its_place(bench) -> None:
    placement, line, _ = _first_placement_and_line(bench)
    offered = line[1]  # what the engine offered after the first action
    done = _replay("--group", placement, "--line", "; ".join([line[0], "sell purple", *line[1:]]))
    assert done.returncode == 1, done.stderr
    assert "refused at action 2 ('sell purple';" in done.stdout
    assert f"the engine offers {offered}" in done.stdout
    assert "Traceback" not in done.stderr


def test_unknown_placement_is_one_line_exit_2() -> None:
    done = _replay("--group", "tile 9,9 r0 blue@NW", "--line", "end")
    assert done.returncode == 2
    assert "no placement of that name" in done.stderr and "Traceback" not in done.stderr


def test_R_END_2_a_turn_past_the_games_end_is_one_line_exit_2() -> None:
    # Seed 4's greedy game ends before a 99th turn: the benchmark names the turn and exits 2
    # (it printed an empty table with exit 0 before session 96).
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench_two_turns_place.py"), "--seeds", "4", "--turn", "99"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "--turn 99: no seat of south has a tile to place" in done.stderr and "Traceback" not in done.stderr
