"""`--turns 2` at the edges: `show --turns 2` draws a line of the seat's next two turns from a
position file, and bad input is one line, exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import one_line_error, run_cli

DATA = Path(__file__).parent / "data"
NEXT_TURN = DATA / "analysis" / "next-turn.yaml"
TWO_TURN_LINE = (
    "sell blue; sell green; sell green; buy easy; end; tile 1,-2 r0 blue@NW; ship 1,-1NW; excavate M12 0,-3SW"
)


def test_R_TURN_1_show_turns_2_plays_a_line_through_the_end_of_the_turn(tmp_path):
    # South ends its turn after its last action (the opponent passive), draws, places the tile
    # and excavates in its next turn: drawn from a position file as one line.
    out = tmp_path / "two.svg"
    result = run_cli("show", NEXT_TURN, "--turns", "2", "--line", TWO_TURN_LINE, "--svg", out)
    assert result.returncode == 0, result.stderr
    assert out.read_text().count("<svg") >= 1
    # Without --turns 2 the line is one turn's, and 'end' hands the turn to the opponent.
    one_line_error(run_cli("show", NEXT_TURN, "--line", TWO_TURN_LINE), "action 6", "north's turn")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--turns", "3", "--line", "end"), ("--turns", "1 to 2", "3")),
        (("--turns", "0"), ("--turns",)),
        (("--turns", "2", "--line", "end; end"), ("action 2", "end")),
    ],
)
def test_show_turns_bad_input_is_one_line_and_exit_2(args, words):
    one_line_error(run_cli("show", NEXT_TURN, *args), *words)


def test_show_turns_refuses_a_puzzle_file_which_has_its_own_horizon():
    puzzle = Path(__file__).resolve().parent.parent / "puzzles" / "p01.yaml"
    one_line_error(run_cli("show", puzzle, "--turns", "2"), "--turns", "own horizon")
