"""The endgame analyser: CP-SAT's best score against an independent exhaustive search and the
engine's scoring, bots never beating the optimum, and the `analyse` command's bad input."""

from __future__ import annotations

import json
import random
from itertools import islice
from pathlib import Path

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import EndTurn, KeepGoal
from akrotiri_puzzles.analysis.board_solve import best_on_board, puzzle_of
from akrotiri_puzzles.analysis.corpus import endgames
from akrotiri_puzzles.analysis.endgame import AnalysisError, analyse
from akrotiri_puzzles.analysis.engine_line import objective_value, replay_line
from akrotiri_puzzles.analysis.exhaustive import best_by_search
from akrotiri_puzzles.bots import make_bot
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.files.position_yaml import load_position
from akrotiri_puzzles.files.puzzle_yaml import dumps_puzzle, load_puzzle, loads_puzzle
from akrotiri_puzzles.notation import parse_action
from akrotiri_puzzles.position import evolve
from akrotiri_puzzles.scoring import seat_score
from akrotiri_puzzles.solver.deadline import Deadline

from .conftest import one_line_error, run_cli

DATA = Path(__file__).parent / "data"
TWO_ACTIONS = DATA / "analysis" / "turn-two-actions.yaml"
LAST_TURN = DATA / "analysis" / "last-turn.yaml"
COMPS = load_components()


def sample(seeds: range, most_actions: int = 1) -> list:
    """Endgames of both editions and both seats, in the action phase with few actions left."""
    return [p for ed in (2016, 2014) for p in endgames(COMPS, seeds, ed, most_actions, placement=False)]


def agree(pos, objective: str) -> int:
    """CP-SAT's proven best equals the exhaustive search's, and the engine scores CP-SAT's line
    at exactly the model's value."""
    r = best_on_board(pos, objective, Deadline(None))
    e = best_by_search(pos, objective, max_nodes=50_000)
    assert r.status == "OPTIMAL"
    assert r.value == e.value, (pos, r.line, e.line)
    assert objective_value(replay_line(puzzle_of(pos), r.line), objective) == r.value
    return r.value


def test_R_SCORE_1_2_cpsat_best_score_agrees_with_the_exhaustive_search():
    positions = sample(range(0, 4))
    seats = {(p.edition, p.to_move) for p in positions}
    assert seats == {(e, s) for e in (2016, 2014) for s in ("south", "north")}
    for pos in positions:
        agree(pos, "score")


def test_R_SCORE_3_cpsat_best_margin_agrees_with_the_exhaustive_search():
    for pos in sample(range(5, 6)):
        agree(pos, "margin")


@pytest.mark.parametrize("edition", [2016, 2014])
def test_R_GOAL_every_goal_card_is_scored_by_the_model_as_the_engine_scores_it(edition):
    # The hero holds every goal card of the edition: each one is modelled, and the model's best
    # equals the exhaustive search's and the engine's score of the model's line.
    every = tuple(sorted(COMPS.goal))
    for pos in [p for p in endgames(COMPS, range(10, 12), edition, 2, placement=False)]:
        agree(pos.with_seat(pos.to_move, evolve(pos.hero, goals=every)), "score")


@pytest.mark.parametrize("edition", [2016, 2014])
def test_R_EXC_1_the_goal_card_kept_at_a_goal_draw_scores_as_the_engine_scores_it(edition):
    # The hero's fifth temple reveals a goal draw: the best line keeps the card that scores most
    # on the final board, which differs between the editions here.
    pos = load_position(DATA / "analysis" / f"goal-draw-{edition}.yaml", COMPS)
    r = best_on_board(pos, "score", Deadline(None))
    assert any(isinstance(a, KeepGoal) for a in r.line)
    agree(pos, "score")


def _hundred_part(positions: list, part: str) -> list:
    """Every tenth of the hundred endgames (from the sixth: both editions, both seats; about 2.5 s
    of CPU) for make test, the other ninety in the corpus run (the first twenty, all 2016, were
    make test's until session 92)."""
    chosen = positions[5::10]
    return chosen if part == "first" else [p for i, p in enumerate(positions) if i % 10 != 5]


@pytest.mark.slow
@pytest.mark.parametrize(
    "part",
    ["first", pytest.param("rest", marks=pytest.mark.corpus)],
)
def test_R_SCORE_1_2_agreement_on_a_hundred_endgames(part):
    # Both editions, both seats, one or two actions left (docs/benchmarks.md times them).
    # The first hundred of `sample(range(100, 135), most_actions=2)`, its games played only as far
    # as they are needed (2016's 67, then 2014's first 33: about 1 CPU s of games fewer).
    games = (p for ed in (2016, 2014) for p in endgames(COMPS, range(100, 135), ed, 2, placement=False))
    positions = list(islice(games, 100))
    assert len(positions) == 100
    mine = _hundred_part(positions, part)
    if part == "first":
        assert {(p.edition, p.to_move) for p in mine} == {(e, s) for e in (2014, 2016) for s in ("north", "south")}
    for pos in mine:
        agree(pos, "score")


def bot_line_score(pos, bot: str, seed: int) -> int:
    """The hero's score after a bot plays out the rest of the turn from `pos`."""
    rng = random.Random(seed)
    player = make_bot(bot)
    while True:
        action = player.choose(pos, rng)
        if isinstance(action, EndTurn):
            return seat_score(pos, pos.to_move).total
        pos = apply(pos, action)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_R_SCORE_1_property_no_bot_line_beats_the_analysed_optimum(bot):
    for i, pos in enumerate(sample(range(20, 22), most_actions=2)):
        best = analyse(pos)
        assert best.status == "OPTIMAL" and best.value is not None
        for seed in range(3):
            assert bot_line_score(pos, bot, 1000 * i + seed) <= best.value


def test_alternatives_have_distinct_first_actions_best_first_and_the_first_is_the_optimum():
    pos = load_position(LAST_TURN, COMPS)
    plain = analyse(pos)
    alts = analyse(pos, alternatives=3)
    assert plain.status == alts.status == "OPTIMAL"
    assert len(alts.alternatives) == 3
    firsts = [a.first for a in alts.alternatives]
    assert len(set(firsts)) == 3
    values = [a.scored.hero.total for a in alts.alternatives]
    assert values == sorted(values, reverse=True)
    assert values[0] == plain.value == alts.value


def test_a_line_that_stops_early_loses_and_says_so():
    pos = load_position(TWO_ACTIONS, COMPS)
    best = analyse(pos)
    a = analyse(pos, line=[*best.best.line[:1]])  # type: ignore[union-attr]
    assert a.verdict is not None
    mine = a.verdict.scored.hero.total
    assert a.verdict.loss == best.value - mine
    if a.verdict.loss:
        assert a.verdict.stopped_early and a.verdict.lost_at is None


def test_a_line_that_stops_at_once_loses_the_excavation():
    pos = load_position(LAST_TURN, COMPS)
    best = analyse(pos)
    # Stopping at once loses the excavation the optimum makes, by stopping early.
    idle = analyse(pos, line=[])
    assert idle.verdict is not None
    assert idle.verdict.loss == best.value - seat_score(pos, pos.to_move).total
    assert idle.verdict.loss > 0 and idle.verdict.stopped_early


def test_where_a_line_loses_the_optimum_agrees_with_the_exhaustive_search():
    pos = load_position(LAST_TURN, COMPS)
    best = analyse(pos)
    line = [parse_action("ship -2,2NE"), parse_action("ship -1,2NW")]
    a = analyse(pos, line=line)
    assert a.verdict is not None
    puzzle = puzzle_of(pos)
    reachable = [best_by_search(replay_line(puzzle, line[:n])).value == best.value for n in range(3)]
    assert reachable[0]
    expected = next((n for n in range(1, 3) if not reachable[n]), None)
    assert a.verdict.lost_at == expected
    assert a.verdict.stopped_early == (expected is None and a.verdict.loss > 0)


@pytest.mark.parametrize("limit", [0.01, 0.2])
def test_a_time_limit_gives_a_line_and_a_bound_never_a_wrong_claim(limit):
    pos = load_position(TWO_ACTIONS, COMPS)
    truth = analyse(pos).value
    a = analyse(pos, time_limit=limit)
    assert a.status in ("OPTIMAL", "FEASIBLE", "UNKNOWN")
    if a.status == "OPTIMAL":
        assert a.value == truth
    elif a.status == "FEASIBLE":
        assert a.value is not None and a.value <= truth
        assert a.bound is None or a.bound >= truth
    else:
        assert a.best is None


def test_bad_input_is_refused_as_analysis_errors():
    over = load_position(DATA / "endgame.yaml", COMPS)
    with pytest.raises(AnalysisError, match="game is over"):
        analyse(over)
    pos = load_position(TWO_ACTIONS, COMPS)
    with pytest.raises(AnalysisError, match="at least 1"):
        analyse(pos, alternatives=0)
    with pytest.raises(AnalysisError, match="--turns 3: at most the hero's next 2 turns"):
        analyse(pos, turns=3)
    with pytest.raises(AnalysisError, match="--turns 0: must be at least 1"):
        analyse(pos, turns=0)
    first = evolve(pos, phase="place", to_move=pos.first)
    six = (("E01", (0, 0)),) * 6
    done = first.with_seat(first.other, evolve(first.seat(first.other), temples=six))
    with pytest.raises(AnalysisError, match="no turn left"):
        analyse(done)


# ---- the command -------------------------------------------------------------------------------


def test_analyse_prints_scope_status_line_and_itemised_score():
    result = run_cli("analyse", LAST_TURN)
    assert result.returncode == 0, result.stderr
    assert "Scope: the game's last turn" in result.stdout
    assert "Status: OPTIMAL" in result.stdout
    assert "Itemised (R-SCORE-1, 2):" in result.stdout


def test_analyse_json_is_the_same_bytes_twice():
    a = run_cli("analyse", TWO_ACTIONS, "--json", "--objective", "margin")
    b = run_cli("analyse", TWO_ACTIONS, "--json", "--objective", "margin", fresh=True)  # another hash seed
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((DATA / "endgame.yaml",), ("game is over",)),
        ((TWO_ACTIONS, "--alternatives", "0"), ("--alternatives",)),
        ((TWO_ACTIONS, "--line", "ship T1"), ("--line", "action 1", "ship T1", "R-MOVE-1")),
        ((TWO_ACTIONS, "--line", "fly away"), ("--line",)),
        ((TWO_ACTIONS, "--objective", "fun"), ("--objective",)),
        ((TWO_ACTIONS, "--turns", "3"), ("--turns 3", "at most")),
        ((TWO_ACTIONS, "--turns", "0"), ("--turns",)),
        ((TWO_ACTIONS, "--time-limit", "0"), ("--time-limit",)),
    ],
)
def test_analyse_bad_input_is_one_line_and_exit_2(args, words):
    one_line_error(run_cli("analyse", *args), *words)


# ---- endgame puzzles ---------------------------------------------------------------------------

ENDGAMES = sorted((Path(__file__).resolve().parent.parent / "puzzles" / "endgames").glob("e*.yaml"))


def test_there_are_at_least_six_endgame_puzzles_of_both_editions_and_seats():
    assert len(ENDGAMES) >= 6
    puzzles = [load_puzzle(p, COMPS) for p in ENDGAMES]
    assert {(p.start.edition, p.hero) for p in puzzles} == {(e, s) for e in (2016, 2014) for s in ("south", "north")}


@pytest.mark.parametrize("path", ENDGAMES, ids=lambda p: p.stem)
def test_R_SCORE_1_an_endgame_puzzles_solution_scores_its_certified_optimum(path):
    puzzle = load_puzzle(path, COMPS)
    assert puzzle.goal.score is not None and puzzle.certificate is not None and puzzle.solution is not None
    assert puzzle.goal.score == puzzle.certificate.optimum
    end = replay_line(puzzle_of(puzzle.start), puzzle.solution)
    assert seat_score(end, puzzle.hero).total == puzzle.goal.score
    assert loads_puzzle(dumps_puzzle(puzzle), COMPS).goal == puzzle.goal


def test_check_an_endgame_puzzle_reports_the_fans_score():
    path = ENDGAMES[0]
    puzzle = load_puzzle(path, COMPS)
    answer = "; ".join(str(a) for a in puzzle.solution or ())
    good = run_cli("check", path, answer)
    assert good.returncode == 0, good.stderr
    assert f"Your line scores {puzzle.goal.score}" in good.stdout
    short = run_cli("check", path, str((puzzle.solution or ())[0]), "--json")
    assert short.returncode in (0, 1), short.stderr
    data = json.loads(short.stdout)
    assert data["best"] == puzzle.goal.score
    assert data["optimal"] == (data["score"] == puzzle.goal.score)


def test_solve_an_endgame_puzzle_proves_its_score_and_no_more():
    path = ENDGAMES[0]
    puzzle = load_puzzle(path, COMPS)
    result = run_cli("solve", path)
    assert result.returncode == 0, result.stderr
    assert (
        f"Proven: {puzzle.goal.score} points are reachable and {(puzzle.goal.score or 0) + 1} are not." in result.stdout
    )


def test_alternatives_equal_the_best_of_every_first_action_solved_alone():
    # --alternatives stops once k first actions reach the turn's proven best; the values it
    # gives are the k best of every first action's own best, each found by the exhaustive search.
    from akrotiri_puzzles.actions import Oracle
    from akrotiri_puzzles.puzzle import State, moves, play

    for pos in sample(range(100, 102), most_actions=2)[:4]:
        alts = analyse(pos, alternatives=3)
        puzzle = puzzle_of(pos)
        state = State(pos)
        each = sorted(
            (
                best_by_search(play(puzzle, state, a).pos, "score", max_nodes=50_000).value
                for a in moves(puzzle, state)
                if not isinstance(a, (EndTurn, Oracle))
            ),
            reverse=True,
        )
        assert [a.scored.hero.total for a in alts.alternatives] == each[:3]
