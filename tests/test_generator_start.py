"""Where a generated puzzle starts (`generate --start`), and the engine's cheap proof that a
candidate whose placement can move has a second answer."""

from __future__ import annotations

import random

from akrotiri_puzzles.actions import PlaceTile
from akrotiri_puzzles.generator.candidates import recipe_for
from akrotiri_puzzles.generator.generate import Task
from akrotiri_puzzles.generator.grade import level_of, level_points
from akrotiri_puzzles.generator.screens import another_placement
from akrotiri_puzzles.puzzle import replay
from akrotiri_puzzles.solver.canonical import signature

from .test_exhaustive import puzzle

PLACE_FAR = "phase: place\nseats: {south: {boat: T1, tile: L01, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}"
"""Before the placement, E04's island a portage and a ship step away: any tile placement that
blocks neither does as well, so the answer is not unique (R-TILE-1, R-MOVE-1)."""


def test_start_fixes_the_phase_the_recipe_draws():
    for n in range(20):
        for level in ("easy", "medium", "hard"):
            assert recipe_for(level, random.Random(n), start="place").phase == "place"
            assert recipe_for(level, random.Random(n), start="act").phase == "act"
            two = recipe_for(level, random.Random(n), turns=2, start="place")
            assert (two.phase, two.turns) == ("place", 2)
    assert Task(31, 4, "hard", start="place").name == "hard-s31-place-00004"
    assert Task(31, 4, "medium", 2, "map-card", start="act").name == "medium-s31-t2-act-map-card-00004"


def test_without_start_the_levels_draw_their_usual_classes():
    """No --start: one-turn puzzles of the action phase at every level (a placement is asked for
    with --start place); --turns 2 from the action phase with turn 1's actions as the game left
    them, at every level (two turns from the placement take minutes a task: --start place)."""
    drawn: dict[tuple[str, int | None], set[tuple[str, int, int | None]]] = {}
    for n in range(200):
        for level in ("easy", "medium", "hard"):
            for turns in (None, 2):
                r = recipe_for(level, random.Random(n), turns=turns)
                drawn.setdefault((level, turns), set()).add((r.phase, r.turns, r.actions))
    assert drawn[("easy", None)] == {("act", 1, None), ("act", 1, 2)}
    assert drawn[("medium", None)] == drawn[("hard", None)] == {("act", 1, None)}
    # Two turns start with turn 1 as the game left it (candidates.recipe_for).
    assert drawn[("easy", 2)] == drawn[("medium", 2)] == drawn[("hard", 2)] == {("act", 2, None)}


def test_two_turns_start_with_turn_1_as_the_game_left_it():
    """With one action left in turn 1, an idle turn 1 gives turn 2 a whole turn's actions, so
    turn 1 can hardly matter (generator/idle_turn.py): --turns 2 leaves turn 1's actions as
    the game left them, for every goal."""
    for n in range(50):
        for level in ("easy", "medium", "hard"):
            for goal in ("two-temples", "map-card", "temple"):
                r = recipe_for(level, random.Random(n), turns=2, goal=goal, start="act")
                assert (r.phase, r.turns, r.goal, r.actions) == ("act", 2, goal, None)


def test_an_easy_run_may_start_before_the_placement():
    """`--start place --difficulty easy` draws placements: the kind's points count 1 toward the
    level, so a puzzle whose answer needs the placement can read easy."""
    for n in range(20):
        assert recipe_for("easy", random.Random(n), start="place").phase == "place"


def test_R_TILE_1_a_placement_that_blocks_nothing_is_a_second_answer():
    """The screen's second answer is played by the engine to the goal at the optimum with
    another signature, and the solver's uniqueness proof agrees that the answer is not unique.

    The line given reaches E04's island by a portage and a ship step, so the tile may go
    elsewhere. (Until stop 43 the screen was given the solver's line, which digs on the tile
    placed at -2,-1, and found the tile turned in that slot: the rotation is no longer part of an
    answer, solver/canonical.py, so the screen looks for another slot.)"""
    from akrotiri_puzzles.notation import parse_line
    from akrotiri_puzzles.solver import solve

    p = puzzle(PLACE_FAR)
    first = solve(p)
    assert first.optimum == 2
    line = tuple(parse_line("tile -2,-1 r0 red@SW; portage T2; ship 1,-1NW; excavate E04 1,-1NW"))
    given = replay(p, line)
    assert given.reached and given.illegal_at is None and given.cost == first.optimum
    alt = another_placement(p, line)
    assert alt is not None
    assert isinstance(alt[0], PlaceTile) and alt[0].slot != (-2, -1)
    played = replay(p, alt)
    assert played.reached and played.illegal_at is None and played.cost == first.optimum
    assert signature(p, alt) != signature(p, line)
    assert solve(p, unique=True).unique is False
    # The solver's own line digs on the tile: only turned in its slot does the rest replay,
    # which is the same answer.
    moved = another_placement(p, first.line)
    assert moved is None or (isinstance(moved[0], PlaceTile) and moved[0].slot != first.line[0].slot)  # type: ignore[attr-defined]


def test_a_line_without_a_placement_has_no_other_placement():
    from akrotiri_puzzles.solver import solve

    p = puzzle("seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}")
    assert another_placement(p, solve(p).line) is None


def test_a_puzzle_that_places_a_tile_may_have_one_action_less():
    """R-TURN-1: a placement is no action. Before the placement (with the placement necessary,
    as the generator keeps only those) or over two turns (with the second turn necessary), a
    puzzle of 2 actions scores 6 (medium by its score) but reads easy: its kind counts 1 toward
    the level. Medium and hard accept 2 actions there."""
    from dataclasses import replace

    from akrotiri_puzzles.generator.generate import shortest_for
    from akrotiri_puzzles.generator.grade import score_of
    from akrotiri_puzzles.puzzle import Necessity

    place = puzzle(PLACE_FAR)
    act = puzzle("seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}")
    two = replace(act, turns=2)
    assert [shortest_for(level, act) for level in ("easy", "medium", "hard")] == [2, 3, 3]
    assert [shortest_for(level, place) for level in ("easy", "medium", "hard")] == [2, 2, 2]
    assert [shortest_for(level, two) for level in ("easy", "medium", "hard")] == [2, 2, 2]
    for p, needs in ((place, (Necessity("placement", 3),)), (two, (Necessity("second-turn", None),))):
        score = score_of(p, 2, needs, "greedy")
        assert (score, level_of(score)) == (6, "medium")
        assert level_of(level_points(p, score, needs)) == "easy"
