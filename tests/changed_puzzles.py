"""Corpus puzzles changed in code, for the solver's bound tests (tests/test_solver_money.py,
tests/test_solver_stops.py): one place for how a small corpus puzzle is cleaned of its recorded
answer and given another start or goal."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.premise import WHOLE
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.solver.budget import goal_money

SMALL = Path(__file__).parent / "data" / "puzzles" / "small"


def clean(puzzle: Puzzle, **changes: object) -> Puzzle:
    """A corpus puzzle changed in code: it reads every pile (premise.WHOLE), as when the optima
    these tests record were found; the solver and the search play the same premise."""
    return replace(  # type: ignore[arg-type]
        puzzle, optimum=None, solution=None, certificate=None, grade=None, revealed=WHOLE, **changes
    )


def two_temples_short(name: str, comps, actions: int) -> Puzzle:
    """`actions` actions, two temples, the boat empty, one drachma short of what the goal costs
    (`goal_money`)."""
    puzzle = load_puzzle(SMALL / f"{name}.yaml", comps)
    puzzle = clean(puzzle, start=replace(puzzle.start, actions_left=actions), goal=Goal(temples=2))
    money = goal_money(puzzle)
    assert money is not None
    hero = replace(puzzle.start.hero, cargo=(), drachmas=money - 1)
    return replace(puzzle, start=puzzle.start.with_seat(puzzle.hero, hero))
