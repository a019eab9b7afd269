"""Z1's margin goal (docs/kreta/puzzles.md): the hero's gain minus the largest gain of any passive
opponent at the castellan's scoring. CP-SAT against the exhaustive search on margin puzzles made
from the agreement corpus' positions, and hand-checked positions where taking an opponent's place
decides the line."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
import yaml

from akrotiri_puzzles.cli import main
from akrotiri_puzzles.common.agreement import Answer, compare
from akrotiri_puzzles.kreta.actions import Castellan, Villager
from akrotiri_puzzles.kreta.errors import PuzzleError
from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.files.puzzle_yaml import load_puzzle, save_puzzle
from akrotiri_puzzles.kreta.puzzles.exhaustive import search
from akrotiri_puzzles.kreta.puzzles.model import solve
from akrotiri_puzzles.kreta.puzzles.puzzle import Puzzle, replay, value_of

from .conftest import build

CORPUS = sorted((Path(__file__).parents[1] / "data" / "kreta" / "corpus").glob("*.yaml"))
BUDGET = 20_000
"""The corpus puzzles' exhaustive searches completed within this many positions (their goal `best`
explores the same lines)."""


@cache
def margin_puzzles() -> tuple[tuple[str, Puzzle, Puzzle], ...]:
    """Every `best` puzzle of the agreement corpus asked again with the goal `margin`: its id, the
    margin puzzle and the original."""
    out = []
    for path in CORPUS:
        pf = load_puzzle(path, default_board())
        if pf.puzzle.goal == "best":
            out.append((pf.id, replace(pf.puzzle, goal="margin"), pf.puzzle))
    return tuple(out)


def model(puzzle: Puzzle) -> Answer:
    result = solve(puzzle)
    return Answer(result.optimum, result.proven, result.line)


def reference(puzzle: Puzzle) -> Answer:
    result = search(puzzle, BUDGET)
    return Answer(result.optimum, result.complete, result.line)


def engine_value(puzzle: Puzzle, line) -> int | None:
    return value_of(puzzle, replay(puzzle, line))


def _agreement(sample: tuple[tuple[str, Puzzle, Puzzle], ...]) -> None:
    report = compare([(name, puzzle) for name, puzzle, _ in sample], model, reference, engine_value)
    assert report.problems == [] and report.ok


def test_K_SCORE_3_K_SCORE_4_K_SCORE_5_cpsat_agrees_with_the_exhaustive_search_on_margin_puzzles():
    sample = margin_puzzles()[::3]
    assert len(sample) >= 20
    assert {len(puzzle.start.players) for _, puzzle, _ in sample} == {2, 3, 4}
    _agreement(sample)


@pytest.mark.corpus  # about 9 s of CPU; every third runs in make test
def test_K_SCORE_3_K_SCORE_4_K_SCORE_5_cpsat_agrees_with_the_exhaustive_search_on_every_margin_puzzle():
    assert len(margin_puzzles()) >= 60
    _agreement(margin_puzzles())


def test_K_SCORE_4_the_margin_goal_picks_other_lines_than_the_most_points():
    """On the corpus positions the margin is not the best goal's points minus a constant: for some,
    the line with the most points leaves a smaller margin than the margin's optimum, and margins
    below zero (an opponent gains more whatever the hero does) are answers too."""
    differs = negative = 0
    for _, margin, best in margin_puzzles()[::3]:
        optimum = solve(margin).optimum
        assert optimum is not None
        best_line = solve(best).line
        assert best_line is not None
        differs += value_of(margin, replay(margin, best_line)) < optimum
        negative += optimum < 0
    assert differs >= 1 and negative >= 1


def _commander_only(players: int, **seats: dict) -> Puzzle:
    """Space 15 scores messara (value 6) and asterousia (2); red holds the commander and the
    castellan only (K = 2: one villager placed, then the castellan); the goal is the margin."""
    table = ["king", "architect", "admiral", "abbot", "farmer"]
    seats["red"] = {"table": table, **seats["red"]}
    return Puzzle(build(players=players, scored=15, **seats), 2, "margin")


def test_K_SCORE_3_K_R_13_taking_the_shared_first_place_beats_the_most_points():
    """Red and blue tie in messara (1 villager each). A villager in asterousia gives red 6 + 2 = 8
    points while blue keeps 6 (margin +2); a villager in messara makes red first alone: 6 points,
    blue none (margin +6). The castellan now: +0; marching messara's villager away: 2 - 6."""
    values = default_board().values
    index = default_board().index
    assert (values[index["messara"]], values[index["asterousia"]]) == (6, 2)
    puzzle = _commander_only(2, red={"villagers": {"messara": 1}}, blue={"villagers": {"messara": 1}})
    best = replace(puzzle, goal="best")
    assert solve(best).optimum == 8
    assert value_of(puzzle, replay(puzzle, [Villager("asterousia"), Castellan()])) == 2
    assert value_of(puzzle, replay(puzzle, [Castellan()])) == 0
    got, ref = solve(puzzle), search(puzzle)
    assert got.proven and ref.complete and got.optimum == ref.optimum == 6
    assert got.line == (Villager("messara"), Castellan())
    result = replay(puzzle, got.line)
    assert (result.gain, result.rival_gain) == (6, 0)


def test_K_SCORE_4_pushing_the_first_down_to_second_in_three_player_margin():
    """As above with white, 1 villager in asterousia. A villager in messara: red first alone (6),
    blue second (half: 3), white alone in asterousia (2): margin 6 - 3 = +3. A villager in
    asterousia: red ties blue in messara (6 each, no second) and white in asterousia (2 each):
    8 - 6 = +2, though it is the most points."""
    puzzle = _commander_only(
        3,
        red={"villagers": {"messara": 1}},
        blue={"villagers": {"messara": 1}},
        white={"villagers": {"asterousia": 1}},
    )
    assert solve(replace(puzzle, goal="best")).optimum == 8
    assert value_of(puzzle, replay(puzzle, [Villager("asterousia"), Castellan()])) == 2
    got, ref = solve(puzzle), search(puzzle)
    assert got.proven and ref.complete and got.optimum == ref.optimum == 3
    assert got.line == (Villager("messara"), Castellan())
    end = replay(puzzle, got.line).end
    start = puzzle.start
    assert [p.score - s.score for p, s in zip(end.players, start.players, strict=True)] == [6, 3, 2]


def test_K_CAST_1_margin_fewest_cards_among_the_best_lines():
    """Red is first alone in both provinces: no villager widens the margin (6 + 2 - 0), so the
    answer is the castellan alone (1 card), by both solvers."""
    puzzle = _commander_only(2, red={"villagers": {"messara": 2, "asterousia": 1}}, blue={"villagers": {"messara": 1}})
    got, ref = solve(puzzle), search(puzzle)
    assert got.optimum == ref.optimum == 8
    assert got.line == (Castellan(),) and ref.line == (Castellan(),)


ROOT = Path(__file__).resolve().parents[2]
BEST = ROOT / "puzzles" / "kreta" / "kreta-02.yaml"


def _run(capsys, *args: object) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    captured = capsys.readouterr()
    return info.value.code, captured.out, captured.err


def _margin_file(tmp_path: Path, **changes: object) -> Path:
    """kreta-02 (2 players, K = 3) asked for the margin, with no recorded answer."""
    doc = yaml.safe_load(BEST.read_text())
    doc.update(goal="margin", id="kreta-02-margin")
    for key in ("solution", "optimum", "certificate"):
        doc.pop(key)
    doc.update(changes)
    path = tmp_path / "margin.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


def test_K_SCORE_3_solve_and_check_a_margin_puzzle_file(capsys, tmp_path):
    path = _margin_file(tmp_path)
    puzzle = load_puzzle(path, default_board()).puzzle
    optimum = search(puzzle).optimum
    assert optimum is not None
    code, out, _ = _run(capsys, "kreta", "solve", path)
    assert code == 0 and "the widest margin at the next scoring" in out
    assert f"Best: a margin of {optimum:+d} point" in out and "OPTIMAL: proven by CP-SAT, no line does better" in out
    data = json.loads(_run(capsys, "kreta", "solve", path, "--json", "--exhaustive")[1])
    assert data["goal"] == "margin" and data["agree"] and data["optimum"] == optimum
    code, out, _ = _run(capsys, "kreta", "check", path, "; ".join(data["line"]))
    assert code == 0 and "is optimal" in out
    now = value_of(puzzle, replay(puzzle, [Castellan()]))
    assert now < optimum  # the castellan at once leaves blue further ahead
    code, out, _ = _run(capsys, "kreta", "check", path, "castellan")
    assert code == 1 and f"the line's margin is {now:+d}; the best is {optimum:+d}" in out


def test_a_margin_file_round_trips_with_a_negative_optimum(tmp_path):
    path = _margin_file(tmp_path, solution=["castellan"], optimum=-3)
    pf = load_puzzle(path, default_board())
    assert pf.puzzle.goal == "margin" and pf.optimum == -3
    save_puzzle(pf, tmp_path / "again.yaml")
    assert load_puzzle(tmp_path / "again.yaml", default_board()) == pf


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"goal": "Margin"}, "goal: Input should be 'best', 'margin' or 'province'"),
        ({"goal": "margin", "province": "messara"}, "province: only a province puzzle names a province"),
        ({"goal": "best", "optimum": -3}, "optimum: expected 0 or more for goal best, got -3"),
    ],
)
def test_a_bad_goal_is_one_line_and_exit_status_2(capsys, tmp_path, changes, words):
    path = _margin_file(tmp_path, **changes)
    code, out, err = _run(capsys, "kreta", "solve", path)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1


def test_a_puzzle_built_in_code_with_an_unknown_goal_is_refused():
    puzzle = Puzzle(build(scored=15), 2, "widest")  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="goal: expected one of best, margin, province, got 'widest'"):
        puzzle.check()
