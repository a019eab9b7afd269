"""The hard gate (issue 30: hard means hard to find): the good first actions, counted by the
solver on the rest of each puzzle, against a plain search of the engine's lines; the level it
gates; what `check` verifies of it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.generator.first_actions import MOST_GOOD, decision, first_actions, good_first_actions, passes
from akrotiri_puzzles.generator.grade import gated_level, grade, level_of
from akrotiri_puzzles.notation import format_action
from akrotiri_puzzles.puzzle import FirstActions, Puzzle, State, moves, play, reached, rest_of
from akrotiri_puzzles.rules import action_cost

from .conftest import ROOT, one_line_error, run_cli

GENERATED = ROOT / "puzzles" / "generated"
COMPS = load_components()


def _load(name: str) -> Puzzle:
    return load_puzzle(GENERATED / f"{name}.yaml", COMPS)


def _engine_good(puzzle: Puzzle, optimum: int) -> set[str]:
    """The good first actions by the engine alone: every line of at most `optimum` actions
    played out (R-TURN-2: actions counted as the game counts them), states and budgets
    remembered; no solver, no bound, no rest-of-puzzle."""
    memo: dict[tuple[State, int], bool] = {}

    def within(state: State, budget: int) -> bool:
        if reached(puzzle, state.pos):
            return True
        if budget <= 0:
            return False
        key = (state, budget)
        if key not in memo:
            memo[key] = any(
                action_cost(state.pos, a) <= budget
                and within(play(puzzle, state, a), budget - action_cost(state.pos, a))
                for a in moves(puzzle, state)
            )
        return memo[key]

    start = State(puzzle.start)
    return {
        str(a)
        for a in moves(puzzle, start)
        if action_cost(start.pos, a) <= optimum and within(play(puzzle, start, a), optimum - action_cost(start.pos, a))
    }


@pytest.mark.parametrize("name", ["easy-s21-00002", "medium-s21-00005", "hard-s21-00002", "hard-s21-00004"])
def test_the_good_first_actions_are_the_engines(name: str):
    """On small one-turn puzzles of the action phase, the good first actions the solver proves
    are exactly those a plain search of the engine's lines finds; the answer's first action is
    one of them, and a good action followed by a line of the rest reaches the optimum."""
    p = _load(name)
    assert p.optimum is not None and p.solution is not None
    good = good_first_actions(p, p.optimum)
    assert {str(a) for a in good} == _engine_good(p, p.optimum), name
    assert p.solution[0] in good
    counted = first_actions(p, p.optimum)
    assert counted == FirstActions(legal=len(moves(p, State(p.start))), good=len(good))
    # From the action phase a unique answer says nothing of the other first actions: counted.
    assert first_actions(p, p.optimum, unique=p.solution) == counted
    # The generator's gate counts up to a floor (`enough`): never past it, exact below it.
    decided = len({decision(a) for a in good})
    assert first_actions(p, p.optimum, enough=1).good == min(1, decided)
    assert first_actions(p, p.optimum, enough=decided + 1) == counted


def test_a_placement_counts_once_per_slot_and_rotation():
    """A tile placement's second cube (R-TILE-2) rides along with the placement: the good
    placements differ only in their cube, and each is confirmed by the exhaustive search on
    the rest of the puzzle, as is a sample of the others being no good."""
    from akrotiri_puzzles.actions import PlaceTile
    from akrotiri_puzzles.solver import search

    p = _load("medium-s41-place-00015")
    assert p.optimum is not None and p.solution is not None
    start = State(p.start)
    legal = moves(p, start)
    good = good_first_actions(p, p.optimum)
    assert len(good) > 1 and all(isinstance(a, PlaceTile) for a in good)
    assert len({decision(a) for a in good}) == 1 and decision(p.solution[0]) == decision(good[0])
    counted = first_actions(p, p.optimum)
    assert counted == FirstActions(legal=len({decision(a) for a in legal}), good=1)
    # Its answer is canonically unique (the certificate): the count that follows from it, with
    # no solve, is the one proven placement by placement.
    assert p.certificate is not None and p.certificate.unique is True
    assert first_actions(p, p.optimum, unique=p.solution) == counted
    sample = [*good, *[a for a in legal if a not in good][::40]]
    for a in sample:
        rest = rest_of(p, play(p, start, a))
        assert rest is not None
        found = search(rest)
        assert found.complete
        assert (found.optimum is not None and found.optimum <= p.optimum) is (a in good), str(a)


def test_a_unique_answer_that_starts_with_no_legal_placement_is_refused():
    """The count that follows from a unique answer needs the answer's own placement."""
    p = _load("medium-s41-place-00015")
    assert p.optimum is not None and p.solution is not None
    with pytest.raises(ValueError, match="legal placement"):
        first_actions(p, p.optimum, unique=p.solution[1:])


def test_the_gate_reads_a_hard_score_medium_unless_only_the_exact_solver_finds_it_and_few_first_actions_are_good():
    hard = LEVELS_HARD = next(s for s in range(40) if level_of(s) == "hard")
    assert gated_level(hard, "exact", FirstActions(20, MOST_GOOD)) == "hard"
    assert gated_level(hard, "exact", FirstActions(20, MOST_GOOD + 1)) == "medium"
    assert gated_level(hard, "beam", FirstActions(20, 1)) == "medium"
    assert gated_level(hard, "greedy", None) == "medium"
    assert gated_level(hard, "exact", None) == "medium"
    assert gated_level(LEVELS_HARD - 1, "greedy", None) == level_of(LEVELS_HARD - 1)
    assert passes("exact", FirstActions(3, 1)) and not passes("beam", FirstActions(3, 1))


def test_the_grade_of_a_puzzle_the_beam_planner_finds_reads_medium_with_a_hard_score():
    """hard-s21-00007 of the earlier collection, graded again: its score reads hard, but the
    beam planner finds its optimum, so it reads medium and its first actions are not counted."""
    p = load_puzzle(ROOT / "tests" / "data" / "gate" / "beam-found.yaml", COMPS)
    assert p.optimum is not None and p.solution is not None
    g = grade(p, p.optimum, p.solution)
    assert level_of(g.score) == "hard" and g.weakest == "beam"
    assert g.level == "medium" and g.first_actions is None


@pytest.mark.parametrize("half", [0, pytest.param(1, marks=pytest.mark.corpus)])
def test_every_hard_puzzle_of_the_collection_passes_the_gate_and_its_counts_are_proven_again(half):
    """Every hard puzzle passes the gate; the counts of every other one (by name) are proven
    again by default, the rest's in the corpus run (about 10 s of CPU for all)."""
    hard = [load_puzzle(f, COMPS) for f in sorted(GENERATED.glob("hard-*.yaml"))]
    assert len(hard) >= 10
    for p in hard:
        assert p.grade is not None and p.optimum is not None, p.id
        assert p.grade.weakest == "exact" and passes(p.grade.weakest, p.grade.first_actions), p.id
    hard = hard[half::2]
    # The counts recorded are the solver's, proven again (the cheap ones: one turn, action phase).
    for p in hard:
        if p.turns == 1 and p.start.phase == "act":
            assert p.optimum is not None
            assert first_actions(p, p.optimum) == p.grade.first_actions, p.id  # type: ignore[union-attr]
    # From the placement, the count that follows from the unique answer, its slot's other
    # rotations solved (about 0.5 s a puzzle).
    for p in hard:
        if p.start.phase == "place":
            assert p.optimum is not None and p.solution is not None
            got = first_actions(p, p.optimum, unique=tuple(p.solution))
            assert got == p.grade.first_actions, p.id  # type: ignore[union-attr]


def test_check_refuses_a_grade_that_contradicts_its_evidence_or_the_gate(tmp_path: Path):
    """`check` verifies the grade's evidence it can recount (the weakest rung from the ladder's
    costs, the legal first decisions) and the hard gate; one line naming the field, exit 2."""
    source = (GENERATED / "hard-s21-00002.yaml").read_text()
    assert "first_actions: {legal: 13, good: 1}" in source
    answer = "; ".join(format_action(a) for a in (_load("hard-s21-00002").solution or ()))
    assert run_cli("check", GENERATED / "hard-s21-00002.yaml", answer).returncode == 0
    cases = [
        ("first_actions: {legal: 13, good: 1}", "first_actions: {legal: 12, good: 1}", "grade.first_actions.legal"),
        ("first_actions: {legal: 13, good: 1}", "first_actions: {legal: 13, good: 0}", "grade.first_actions.good"),
        ("first_actions: {legal: 13, good: 1}", "first_actions: {legal: 13, good: 3}", "grade.level"),
        ("weakest: exact", "weakest: beam", "grade.weakest"),
    ]
    for i, (old, new, field) in enumerate(cases):
        bad = tmp_path / f"bad{i}.yaml"
        bad.write_text(source.replace(old, new, 1))
        one_line_error(run_cli("check", bad, answer), f"bad{i}.yaml", field)
    # A hard level without the count: not shown hard to find.
    bare = tmp_path / "bare.yaml"
    bare.write_text(source.replace("  first_actions: {legal: 13, good: 1}\n", "", 1))
    one_line_error(run_cli("check", bare, answer), "bare.yaml", "grade.level")


def test_first_actions_are_written_and_read_back():
    from akrotiri_puzzles.files.puzzle_yaml import dumps_puzzle, loads_puzzle

    p = _load("hard-s21-00002")
    assert p.grade is not None and p.grade.first_actions == FirstActions(13, 1)
    again = loads_puzzle(dumps_puzzle(p), COMPS)
    assert again.grade == p.grade
    assert (
        loads_puzzle(dumps_puzzle(replace(p, grade=replace(p.grade, first_actions=None))), COMPS).grade.first_actions
        is None
    )  # type: ignore[union-attr]
