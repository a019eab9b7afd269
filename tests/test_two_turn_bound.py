"""The two-turn bound (generator/two_turn_bound.py, issue 30): it drops only candidates the
solver proves to have no line, never a published two-turn puzzle, and its count of what sales
earn is never below what the engine pays (R-FREE-1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Sell
from akrotiri_puzzles.components import COLOURS
from akrotiri_puzzles.effects import apply_unchecked
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.generator.drawn_site import drawn_boards
from akrotiri_puzzles.generator.generate import ORACLE_LEAST, most_for
from akrotiri_puzzles.generator.grade import RUNG_POINTS, level_points, level_range, score_of
from akrotiri_puzzles.generator.two_turn_bound import cubes_to_sell, least_actions, out_of_reach
from akrotiri_puzzles.solver import solve
from akrotiri_puzzles.solver.budget import budget

from .conftest import ROOT

DATA = ROOT / "tests" / "data" / "two_turn_bound"
PUBLISHED = [
    ROOT / "puzzles" / "generated" / "hard-s44-t2-two-temples-00000.yaml",
    ROOT / "puzzles" / "generated" / "hard-s303-t2-no-load-00007.yaml",
]
NO_LINE = ["s321-task1-6.yaml", "s101-task15-drawn-0.yaml"]
"""Candidates of `generate --difficulty hard --turns 2 --seed 321` (task 1) and of `--drawn-site
--seed 101` (task 15), two temples each, that the bound drops."""


@pytest.mark.parametrize("name", NO_LINE)
def test_a_candidate_the_bound_drops_has_no_line(name: str) -> None:
    puzzle = load_puzzle(DATA / name, load_components())
    assert out_of_reach(puzzle)
    # The solver proves it: no line of both turns, however long the horizon allows.
    assert solve(puzzle, most=budget(puzzle).most).optimum is None


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.stem)
def test_the_bound_never_exceeds_a_published_answer(path: object) -> None:
    puzzle = load_puzzle(path, load_components())  # type: ignore[arg-type]
    pos, goal = puzzle.start, puzzle.goal
    assert puzzle.optimum is not None
    bound = min(least_actions(pos, b, max(goal.temples, 1), goal.map_card) for b in drawn_boards(puzzle))
    assert bound <= puzzle.optimum
    assert not out_of_reach(puzzle)


def test_the_bound_keeps_a_candidate_it_cannot_judge() -> None:
    puzzle = load_puzzle(DATA / NO_LINE[0], load_components())
    # A premise that reveals map cards lets a line buy one (R-BUY-1); one that reveals more land
    # tiles lets the oracle bring turn 2 another tile (R-ORA-1): no verdict either way.
    decks = replace(puzzle.revealed, maps=tuple(deck[:1] for deck in puzzle.start.map_decks))
    land = replace(puzzle.revealed, land=puzzle.start.land_pile[:2])
    assert len(land.land) == 2
    assert not out_of_reach(replace(puzzle, revealed=decks))
    assert not out_of_reach(replace(puzzle, revealed=land))


def test_sales_never_earn_more_than_the_bound_counts() -> None:
    """R-FREE-1: each cube sold earns its colour's rightmost empty space, falling as cubes go
    back; the engine's earnings from n sales are within what the bound counts for n cubes."""
    puzzle = load_puzzle(PUBLISHED[0], load_components())
    pos = puzzle.start
    cargo = tuple(sorted(COLOURS[:2] + COLOURS[:1]))
    pos = pos.with_seat(pos.to_move, replace(pos.hero, cargo=cargo, drachmas=0))
    for n, colour in enumerate(cargo, start=1):
        pos = apply_unchecked(pos, Sell(colour))  # as at Thera: only the price is read
        earned = pos.hero.drachmas
        least = cubes_to_sell(puzzle.start.with_seat(pos.to_move, replace(pos.hero, cargo=cargo)), earned)
        assert least is not None and least <= n
    assert cubes_to_sell(pos, 10_000) is None


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.stem)
def test_the_levels_most_actions_end_where_the_least_points_leave_the_level(path: object) -> None:
    """most_for: an optimum one action longer reads above the level even with no technique
    necessary and the greedy bot's rung (the grade's least), so the two-turn solve's ceiling
    drops no candidate the level could keep; hard has no such end."""
    puzzle = load_puzzle(path, load_components())  # type: ignore[arg-type]
    assert most_for("hard", puzzle) == 99
    for level in ("easy", "medium"):
        most = most_for(level, puzzle)
        _, high = level_range(level)
        assert level_points(puzzle, score_of(puzzle, most, (), "greedy"), ()) < high
        assert level_points(puzzle, score_of(puzzle, most + 1, (), "greedy"), ()) >= high


ORACLE_PUZZLES = sorted((ROOT / "puzzles" / "generated").glob("*-t2-drawn-oracle-*.yaml"))


@pytest.mark.parametrize("path", ORACLE_PUZZLES, ids=lambda p: p.stem)
def test_R_ORA_1_an_oracle_recipes_most_actions_rest_on_the_oracle_necessary_and_no_greedy_line(
    path: object,
) -> None:
    """most_for(oracle=True): a candidate of an oracle recipe needs the oracle's tile, so its
    grade proves the oracle necessary (R-ORA-1) and the greedy bot, which never consults it,
    finds no line; the ceiling reads the level from that least. Every oracle puzzle of the
    collection bears it out, and its optimum lies within its level's ceiling; no such
    candidate can read easy."""
    puzzle = load_puzzle(path, load_components())  # type: ignore[arg-type]
    grade = puzzle.grade
    assert grade is not None and puzzle.optimum is not None
    assert "oracle" in [n.technique for n in grade.necessary]
    assert RUNG_POINTS[grade.weakest] >= RUNG_POINTS["beam"]
    least = level_points(puzzle, score_of(puzzle, puzzle.optimum, ORACLE_LEAST, "beam"), ORACLE_LEAST)
    assert grade.level_points is not None and grade.level_points >= least
    assert puzzle.optimum <= most_for(grade.level, puzzle, oracle=True)
    assert most_for("easy", puzzle, oracle=True) == 0 and most_for("hard", puzzle, oracle=True) == 99
    # Medium: the most actions whose least still reads medium (a named card counts 1).
    medium = most_for("medium", puzzle, oracle=True)
    assert medium == (4 if puzzle.goal.map_card else 5)
    assert medium < most_for("medium", puzzle)


def test_the_generator_drops_it_before_any_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    from akrotiri_puzzles.generator import generate as gen

    def no_solve(*args: object, **kwargs: object) -> object:
        raise AssertionError("no solve for a candidate the bound drops")

    monkeypatch.setattr(gen, "solve", no_solve)
    monkeypatch.setattr(gen, "idle_first_turn", no_solve)
    puzzle = load_puzzle(DATA / NO_LINE[0], load_components())
    outcome = gen._look(gen.Task(321, 1, "hard", turns=2), load_components(), puzzle, 0, any_level=False)
    assert outcome.reason == gen.OUT_OF_REACH and outcome.puzzle is None
