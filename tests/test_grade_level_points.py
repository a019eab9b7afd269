"""The level points (generator/grade.py, `level_points`): the level is read from the score less
each kind's points beyond one, so that a puzzle from the tile placement or of two turns can read
at every level while its score, which ranks effort across kinds, stays as it is."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles.files.puzzle_yaml import dumps_puzzle, loads_puzzle
from akrotiri_puzzles.generator.grade import gated_level, grade_problem, level_of, level_points, score_of
from akrotiri_puzzles.puzzle import FirstActions, Goal, Grade, Necessity

from .conftest import ROOT, one_line_error, run_cli
from .test_exhaustive import puzzle

PLACE = "phase: place\nseats: {south: {boat: T1, tile: L01, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}"
ACT = "seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}"
PLACEMENT = Necessity("placement", 3)
SECOND_TURN = Necessity("second-turn", None)
SELL = Necessity("sell", None)


def test_a_placement_puzzle_reads_its_level_4_points_below_its_score_when_the_placement_is_needed():
    """From the placement: a placement to make (2) and the placement proven necessary (3) count 1
    toward the level. An optimum of 2 with a temple goal found by the beam planner scores 8 and
    reads easy; with a named map card it scores 9 and reads medium; 11 reads medium, 14 hard."""
    place = puzzle(PLACE)
    score = score_of(place, 2, (PLACEMENT,), "beam")
    assert score == 1 + 2 + 3 + 2
    assert level_points(place, score, (PLACEMENT,)) == 4 and level_of(4) == "easy"
    card = replace(place, goal=Goal(map_card="E04"))
    score = score_of(card, 2, (PLACEMENT,), "beam")
    assert (score, level_points(card, score, (PLACEMENT,))) == (9, 5) and level_of(5) == "medium"
    assert [level_of(level_points(place, s, (PLACEMENT,))) for s in (11, 13, 14)] == ["medium", "medium", "hard"]
    # A placement the answer does not need: only the 2 points of a placement to make, counting 1.
    assert level_points(place, 6, ()) == 5


def test_a_two_turn_puzzle_reads_its_level_4_points_below_its_score_when_the_second_turn_is_needed():
    """Two turns: the horizon (2) and the second turn proven necessary (3) count 1 toward the
    level; the other techniques count in full."""
    two = replace(puzzle(ACT), turns=2)
    score = score_of(two, 3, (SECOND_TURN, SELL), "exact")
    assert score == 2 + 2 + 3 + 2 + 4
    assert level_points(two, score, (SECOND_TURN, SELL)) == score - 4
    assert level_points(two, 7, (SELL,)) == 6  # the horizon alone: 2, counting 1
    # The collection's two-turn puzzles, at 21 and 24, stay hard.
    assert [level_of(level_points(two, s, (SECOND_TURN,))) for s in (21, 24)] == ["hard", "hard"]
    # Two turns from the placement: both kinds count 1 each.
    both = replace(puzzle(PLACE), turns=2)
    assert level_points(both, 20, (PLACEMENT, SECOND_TURN)) == 20 - 4 - 4


def test_an_action_phase_puzzle_reads_its_level_from_its_score():
    act = puzzle(ACT)
    for needs in ((), (SELL,), (SELL, Necessity("portage", None))):
        for score in (1, 4, 5, 9, 10, 17):
            assert level_points(act, score, needs) == score


def test_the_hard_gate_applies_to_the_level_points():
    """A placement puzzle of score 14 reads hard only through the gate; one of 11 reads medium
    whatever its first actions."""
    place = puzzle(PLACE)
    points = level_points(place, 14, (PLACEMENT,))
    assert gated_level(points, "exact", FirstActions(60, 1)) == "hard"
    assert gated_level(points, "beam", None) == "medium"
    assert gated_level(level_points(place, 11, (PLACEMENT,)), "exact", FirstActions(60, 1)) == "medium"


def _graded(level: str, score: int, points: int | None) -> Grade:
    return Grade(level, score, (PLACEMENT,), (("greedy", None), ("beam", 2)), "beam", None, points)


def test_a_file_writes_the_level_points_only_where_they_are_not_the_score_and_reads_them_back():
    place = replace(puzzle(PLACE), grade=_graded("easy", 8, 4))
    text = dumps_puzzle(place)
    assert "  score: 8\n  level_points: 4\n" in text
    again = loads_puzzle(text, place.start.components)
    assert again.grade == place.grade and again.grade is not None and again.grade.points == 4
    act = replace(puzzle(ACT), grade=Grade("easy", 3, (SELL,), (("greedy", 2), ("beam", 2)), "greedy"))
    assert "level_points" not in dumps_puzzle(act)
    # A file written before the field (no level_points) still loads: its points are its score.
    old = loads_puzzle(text.replace("  level_points: 4\n", ""), place.start.components)
    assert old.grade is not None and old.grade.level_points is None and old.grade.points == 8


def test_check_explains_a_level_that_the_level_points_do_not_read_in_one_line():
    """`check` (grade_problem) refuses a placement grade written by the old rule (the level read
    from the score) and one whose level points are not those of its score and kind."""
    place = puzzle(PLACE)
    assert grade_problem(replace(place, grade=_graded("easy", 8, 4)), 2) is None
    # The old rule: score 8 read medium.
    field, why = grade_problem(replace(place, grade=_graded("medium", 8, None)), 2) or ("", "")
    assert field == "grade.level" and "reads easy" in why and "level points 4" in why
    field, why = grade_problem(replace(place, grade=_graded("easy", 8, 5)), 2) or ("", "")
    assert field == "grade.level_points" and "says 5" in why and "give 4" in why


def test_check_refuses_a_file_of_the_old_rule_in_one_line(tmp_path: Path):
    """The command: one line naming the field, exit status 2 (an action-phase file's level and
    score agree as before)."""
    text = (ROOT / "puzzles" / "generated" / "medium-s41-place-00015.yaml").read_text()
    assert "  score: 9\n" in text
    stale = tmp_path / "stale.yaml"
    stale.write_text(text.replace("  level_points: 5\n", "").replace("level: medium", "level: easy", 1))
    one_line_error(run_cli("check", stale, "end"), "stale.yaml", "grade.level", "reads medium", "level points 5")
