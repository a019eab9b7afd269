"""`analyse --turns 2` as the user meets it: the analysis, its alternatives and a given line
over the hero's next two turns against the exhaustive search (`best_by_search(turns=2)`),
the scope said on every output, `show --turns 2`, and bad input (one line, exit status 2)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import EndTurn
from akrotiri_puzzles.analysis.corpus import two_turn_starts
from akrotiri_puzzles.analysis.endgame import AnalysisError, analyse
from akrotiri_puzzles.analysis.exhaustive import best_by_search, hero_value, horizon
from akrotiri_puzzles.position import Position, evolve
from akrotiri_puzzles.puzzle import State, moves, play

from .conftest import one_line_error, run_cli

COMPS = load_components()
NODES = 50_000
DATA = Path(__file__).parent / "data"
LAST_TURN = DATA / "analysis" / "last-turn.yaml"
NEXT_TURN = DATA / "analysis" / "next-turn.yaml"
TWO_TURN_LINE = (
    "oracle lake; end; tile 1,-3 r180 red@SW; unload red; excavate M01 -1,-3NW; portage -1,-3NW; ship -1,-2SE; "
    "excavate E08 -1,-3NE"
)


def test_R_TURN_1_show_turns_2_plays_a_line_through_the_end_of_the_turn(tmp_path):
    # South ends its turn after its last action (the opponent passive), draws, places the tile
    # and excavates in its next turn: drawn from a position file as one line.
    out = tmp_path / "two.svg"
    result = run_cli("show", NEXT_TURN, "--turns", "2", "--line", TWO_TURN_LINE, "--svg", out)
    assert result.returncode == 0, result.stderr
    assert out.read_text().count("<svg") >= 1
    # Without --turns 2 the line is one turn's, and 'end' hands the turn to the opponent.
    one_line_error(run_cli("show", NEXT_TURN, "--line", TWO_TURN_LINE), "action 3", "north's turn")


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


# ---- the analysis over two turns ----------------------------------------------------------------


def small(edition: int, seed: int) -> list[Position]:
    """Each seat's third turn, one action left, nothing to draw (R-END-1): small enough for the
    exhaustive search over both turns."""
    return [
        evolve(p, land_pile=(), land_discard=())
        for p in two_turn_starts(COMPS, range(seed, seed + 1), edition, 1, nth=2)
    ]


@cache
def searched(pos: Position, objective: str = "score") -> int:
    """The exhaustive search's best over the hero's next two turns (once per position: seed 0's
    south is asked by two tests)."""
    return best_by_search(pos, objective, max_nodes=NODES, turns=2).value


def value_after(pos: Position, line, objective: str = "score") -> tuple[State, int]:
    state = State(pos)
    for action in line:
        state = play(horizon(pos, 2), state, action)
    return state, hero_value(state.pos, pos.to_move, objective)


@pytest.mark.parametrize(("edition", "seed"), [(2016, 0), (2014, 3)])
def test_R_SCORE_1_analyse_turns_2_is_the_exhaustive_two_turn_optimum_and_says_so(edition, seed):
    for pos in small(edition, seed):
        a = analyse(pos, turns=2)
        assert a.status == "OPTIMAL" and a.turns == 2 and not a.last_turn
        assert a.value == a.bound == searched(pos)
        assert EndTurn() in a.best.line
        # The engine's own score of the line, for the hero, is the value.
        assert value_after(pos, a.best.line)[1] == a.value == a.best.hero.total


def test_R_SCORE_1_alternatives_over_two_turns_are_each_first_actions_best():
    pos = small(2016, 0)[0]
    k = 3
    a = analyse(pos, alternatives=k, turns=2)
    firsts = [alt.first for alt in a.alternatives]
    assert len(set(map(str, firsts))) == len(firsts) == k
    # Every first action (the end of the turn and the oracle included) solved alone by the
    # exhaustive search: the k best values, best first.
    puzzle = horizon(pos, 2)
    best_of = {}
    for action in sorted(moves(puzzle, State(pos)), key=str):
        after = play(puzzle, State(pos), action)
        rest = best_by_search(after.pos, "score", max_nodes=NODES, turns=3 - after.turn)  # State.turn counts from 1
        best_of[str(action)] = rest.value
    top = sorted(best_of.values(), reverse=True)[:k]
    assert [alt.scored.hero.total for alt in a.alternatives] == top
    for alt in a.alternatives:
        assert alt.proven and best_of[str(alt.first)] == alt.scored.hero.total
        assert value_after(pos, alt.scored.line)[1] == alt.scored.hero.total


def test_R_SCORE_1_a_line_over_two_turns_loses_what_the_exhaustive_search_says():
    pos = small(2016, 0)[0]
    best = searched(pos)
    # Ending the turn at once, then the next turn's best.
    puzzle = horizon(pos, 2)
    after_end = play(puzzle, State(pos), EndTurn())
    rest = best_by_search(after_end.pos, "score", max_nodes=NODES, turns=1)
    line = (EndTurn(), *rest.line)
    a = analyse(pos, line=line, turns=2)
    v = a.verdict
    assert v is not None and v.scored.hero.total == value_after(pos, line)[1] == rest.value
    assert v.loss == best - rest.value
    if v.loss:
        assert v.lost_at == 1 and not v.stopped_early
    else:
        assert v.lost_at is None


def test_a_given_line_over_two_turns_must_reach_the_next_turn():
    pos = small(2016, 0)[0]
    with pytest.raises(AnalysisError, match="stops in this turn"):
        analyse(pos, line=(), turns=2)
    with pytest.raises(AnalysisError, match="must not end the next"):
        analyse(pos, line=(EndTurn(), EndTurn()), turns=2)


def test_R_END_2_turns_2_on_the_games_last_turn_analyses_that_turn_and_says_why():
    result = run_cli("analyse", LAST_TURN, "--turns", "2")
    assert result.returncode == 0, result.stderr
    assert "Scope: the game's last turn" in result.stdout
    assert "--turns 2: the game ends with this turn" in result.stdout
    data = json.loads(run_cli("analyse", LAST_TURN, "--turns", "2", "--json").stdout)
    assert data["turns"] == 1 and data["scope"] == "last turn"


def test_analyse_turns_2_says_its_scope(tmp_path):
    # A seat's third turn, one action left; its next turn places the tile it draws (R-TILE-1).
    pos = next(iter(two_turn_starts(COMPS, range(1, 2), 2016, 1, nth=2)))
    path = tmp_path / "pos.yaml"
    from akrotiri_puzzles.files.position_yaml import save_position

    save_position(pos, path)
    result = run_cli("analyse", path, "--turns", "2")
    assert result.returncode == 0, result.stderr
    assert f"Scope: {pos.to_move}'s next 2 turns" in result.stdout
    assert "Status: OPTIMAL" in result.stdout and "end" in result.stdout
    data = json.loads(run_cli("analyse", path, "--turns", "2", "--json").stdout)
    assert data["turns"] == 2 and data["scope"] == "next 2 turns, opponent passive"
    assert data["value"] == analyse(pos, turns=2).value
    assert any(step.startswith("tile ") for step in data["best"]["line"])
