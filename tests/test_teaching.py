"""Teaching scenarios (issue 12): every lesson in lessons/ is re-verified through the engine and
the solvers (its position is reached by legal play, its answer is the proven unique optimum,
each misreading line fails as the lesson says), its picture renders, and `teach` behaves as a
user expects, bad input included. Lesson ids carry the rule IDs they teach in the test ids."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
import yaml

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.lesson_yaml import dumps_lesson, load_lessons, loads_lesson
from akrotiri_puzzles.notation import format_line
from akrotiri_puzzles.puzzle import Puzzle, replay
from akrotiri_puzzles.render import render_png
from akrotiri_puzzles.render.lesson_pages import (
    answer_svg,
    booklet,
    booklet_contents,
    lesson_highlights,
    lesson_page,
    lesson_svg,
)
from akrotiri_puzzles.scoring import seat_score
from akrotiri_puzzles.teaching import Lesson, LessonError, assess, lesson_by_id, outcome, verify

from .conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
LESSONS_DIR = ROOT / "lessons"
COMPS = load_components()
LESSONS = load_lessons(LESSONS_DIR, COMPS)

# The rules issue 12 asks lessons for, and the lesson that teaches each.
RULES_TAUGHT = {
    "R-MOVE-1": "ship-steps",
    "R-MOVE-2": "empty-boat",
    "R-MOVE-3": "occupied-dock",
    "R-EXC-2": "map-from-your-seat",
    "R-EXC-1": "one-temple-per-island",
    "R-FREE-1": "selling-prices",
    "R-TILE-2": "second-cube",
    "R-ORA-1": "oracle",
    "R-END-1": "oracle",
    "R-BUY-1": "buying-maps",
    "R-TURN-2": "more-actions",
    "R-END-2": "last-round",
    "R-GOAL-1": "goal-portage-distance",
    "R-GOAL-2": "goal-portage-distance",
    "R-GOAL-9": "goal-quarters",
    "R-GOAL-10": "goal-completed-islands",
    "R-GOAL-12": "goal-completed-islands",
    "R-GOAL-11": "goal-not-connected",
}


def lesson_param(lesson: Lesson) -> pytest.param:  # type: ignore[valid-type]
    return pytest.param(lesson, id=f"{lesson.id}:{'+'.join(lesson.rules)}")


PARAMS = [lesson_param(le) for le in LESSONS]


def teach(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run `akrotiri-puzzle teach ARGS` from the checkout, as a user does."""
    return run_cli("teach", *args)


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The single stderr line of a run that failed on bad input."""
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ---- the course ------------------------------------------------------------------------------


def test_issue_12_at_least_14_lessons_cover_every_rule_it_names():
    assert len(LESSONS) >= 14
    assert len(LESSONS) == 17
    by_id = {le.id: le for le in LESSONS}
    for rule, lesson_id in RULES_TAUGHT.items():
        assert lesson_id in by_id, f"no lesson {lesson_id} for {rule}"
        assert rule in by_id[lesson_id].rules, f"{lesson_id} does not teach {rule}"


def test_each_lesson_found_teaches_the_rules_the_issue_names_for_it():
    by_id = {le.id: le for le in LESSONS}
    taught = [(rule, by_id[lesson_id]) for rule, lesson_id in RULES_TAUGHT.items() if lesson_id in by_id]
    for lesson in LESSONS:
        assert set(lesson.rules) & set(RULES_TAUGHT), f"{lesson.id} teaches no rule the issue names"
    for rule, lesson in taught:
        assert rule in lesson.rules, f"{lesson.id} does not teach {rule}"


def test_lessons_come_in_course_order_with_distinct_ids():
    assert [le.order for le in LESSONS] == sorted(le.order for le in LESSONS)
    assert len({le.id for le in LESSONS}) == len(LESSONS)


# ---- each lesson's claims, through the engine and the solvers -----------------------------------


CROSS_CHECKED_IN_CORPUS = {"more-actions", "second-cube"}
"""Lessons whose exhaustive search runs in the corpus run only: more-actions' takes 59,440 states
(about 9 s of CPU; the others' under 4 s), second-cube's about 4 s (session 100; last-round's,
about 6 s, stays: the one score goal cross-checked by default). By default their optimum rests on
CP-SAT's or the endgame analyser's proof, checked here with its uniqueness and misreadings; the
other temple-goal lessons (buying-maps, oracle, selling-prices, ...) keep the cross-check."""


@pytest.mark.parametrize("lesson", PARAMS)
def test_lesson_claims_hold(lesson: Lesson):
    """Reached by legal play; answer certified optimal and unique by CP-SAT and, where the
    exhaustive search finishes, the same optimum; every misreading line fails as recorded."""
    cross_check = lesson.id not in CROSS_CHECKED_IN_CORPUS
    claims = verify(lesson, cross_check=cross_check)
    bad = [str(c) for c in claims if not c.holds]
    assert not bad, "\n".join(bad)
    whats = " | ".join(c.what for c in claims)
    assert "reached by legal play" in whats
    assert "the answer is unique" in whats
    assert sum("misreading line" in c.what for c in claims) == len(lesson.misreadings) >= 1


@pytest.mark.corpus
@pytest.mark.parametrize("lesson_id", sorted(CROSS_CHECKED_IN_CORPUS))
def test_lesson_claims_hold_with_the_exhaustive_search(lesson_id: str):
    """The lessons whose exhaustive search is left out above: it finishes and finds the same optimum."""
    claims = verify(lesson_by_id(LESSONS, lesson_id))
    assert any("exhaustive search" in c.what for c in claims), "the exhaustive search did not finish"
    bad = [str(c) for c in claims if not c.holds]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lesson", PARAMS)
def test_lesson_file_records_a_certified_unique_answer(lesson: Lesson):
    """The certificate written by tools/make_lessons.py: optimal, nothing shorter, unique; and the
    answer replays legally to the goal at that optimum (the test above re-proves it with CP-SAT)."""
    cert = lesson.exercise.certificate
    assert cert is not None
    assert cert.optimum == lesson.optimum
    played = assess(lesson, lesson.answer)
    if lesson.exercise.goal.score is not None:
        # A score goal (an endgame puzzle): the best score proven, one more point infeasible,
        # and the engine's scoring of where the answer ends is that score.
        assert (cert.status, cert.above_optimum, cert.unique) == ("OPTIMAL", "INFEASIBLE", True)
        assert played.status == "optimal" and played.score == lesson.optimum == lesson.exercise.goal.score
        return
    assert (cert.status, cert.below_optimum, cert.unique) == ("OPTIMAL", "INFEASIBLE", True)
    assert played.status == "optimal" and played.played.cost == lesson.optimum


@pytest.mark.parametrize("lesson", PARAMS)
def test_lesson_misreading_fails_for_the_rule(lesson: Lesson):
    """An illegal misreading is refused for the rule the lesson records; a legal one is worse:
    dearer, short of the goal, or (goal-card lessons) scoring less."""
    for m in lesson.misreadings:
        kind, why = outcome(lesson, m.line)
        assert kind == m.outcome, why
        if kind == "illegal":
            assert m.rule is not None and m.rule in why
    if lesson.goal_card is not None:
        played = assess(lesson, lesson.answer)
        assert played.points is not None
        edition = lesson.exercise.start.edition
        for m in lesson.misreadings:
            mine = assess(lesson, m.line)
            if mine.points is not None:
                # Strictly worse: fewer points, or no more points for more actions.
                assert mine.points[edition] <= played.points[edition]
                assert mine.points[edition] < played.points[edition] or m.outcome == "dearer"


@pytest.mark.parametrize("lesson", PARAMS)
def test_lesson_picture_renders_with_its_marks(lesson: Lesson):
    svg = lesson_svg(lesson)
    drawn = len(re.findall(r'class="mark-(?:dock|site|icon|island|region)"', svg))
    assert drawn == len(lesson.marks)
    # Every label the lesson writes on its picture is on it.
    for mark in lesson.marks:
        if mark.label:
            assert escape(mark.label) in svg, mark.label


def test_answer_picture_draws_the_line_and_png_renders():
    """One lesson's answer picture and PNG (each picture takes a second or two to draw; the
    booklet test below draws the answer pictures of two more)."""
    lesson = lesson_by_id(LESSONS, "ship-steps")
    assert 'class="line-step"' in answer_svg(lesson)
    png = render_png(lesson.exercise.start, lesson_highlights(lesson), scale=0.3)
    assert png.startswith(b"\x89PNG")


def test_assess_judges_answers_as_check_does():
    lesson = LESSONS[0]
    assert assess(lesson, lesson.answer).status == "optimal"
    for m in lesson.misreadings:
        found = assess(lesson, m.line)
        assert found.misreading == m
        assert found.status == {"illegal": "illegal", "dearer": "not optimal", "short": "goal not reached"}.get(
            m.outcome, found.status
        )


# ---- lesson files ------------------------------------------------------------------------------------


def test_lesson_files_round_trip():
    for path in sorted(LESSONS_DIR.glob("*.yaml")):
        lesson = lesson_by_id(LESSONS, yaml.safe_load(path.read_text())["id"])
        assert dumps_lesson(lesson) == path.read_text(), path


def _broken(change) -> str:  # type: ignore[no-untyped-def]
    data = yaml.safe_load((LESSONS_DIR / f"{LESSONS[0].id}.yaml").read_text())
    change(data)
    return yaml.safe_dump(data)


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        (lambda d: d.update(colour="red"), "colour", "unknown field"),
        (lambda d: d.update(rules=["R-MOVE"]), "rules.0", "expected a rule ID"),
        (lambda d: d["misreadings"][0].update(line=["fly T2"]), "misreadings.0.line.0", "unknown action 'fly'"),
        (lambda d: d["misreadings"][0].update(outcome="bad"), "misreadings.0.outcome", "Input should be"),
        (lambda d: d["misreadings"][0].update(outcome="illegal", rule=None), "misreadings.0.rule", "names the rule"),
        (lambda d: d["marks"].append({"kind": "dock", "dock": "9,9NE"}), "dock", "no dock 9,9NE"),
        (lambda d: d["marks"].append({"kind": "above", "site": "0,1SW"}), "seat", "needs a seat"),
        (lambda d: d["exercise"].pop("solution"), "exercise.solution", "must carry its answer"),
        (
            lambda d: d["exercise"]["goal"].update(temples=0),
            "exercise: goal.temples",
            "expected an integer from 1 to 6, got 0",
        ),
        (lambda d: d.update(format="akrotiri-lesson 9"), "format", "expected 'akrotiri-lesson 1'"),
        (lambda d: d["origin"].update(line=["ship"]), "origin.line.0", "expected 1 dock"),
    ],
    ids=[
        "extra",
        "rule-id",
        "line",
        "outcome",
        "illegal-rule",
        "mark-dock",
        "region-seat",
        "no-answer",
        "goal",
        "format",
        "origin",
    ],
)
def test_malformed_lesson_names_file_and_field(change, field, problem):  # type: ignore[no-untyped-def]
    with pytest.raises(LessonError) as info:
        loads_lesson(_broken(change), COMPS, "bad.yaml")
    message = str(info.value)
    assert message.startswith("bad.yaml"), message
    assert field in message and problem in message, message
    assert "\n" not in message


def test_origin_that_reaches_another_position_fails_the_check():
    lesson = LESSONS[0]
    shorter = replace(lesson, origin=replace(lesson.origin, line=lesson.origin.line[:-1]))
    claims = verify(shorter, cross_check=False)
    assert not claims[0].holds and "reached by legal play" in claims[0].what


SCORE_LESSONS = [lesson_param(le) for le in LESSONS if le.exercise.goal.score is not None]


@pytest.mark.parametrize("lesson", SCORE_LESSONS)
def test_R_END_2_R_TURN_2_score_goal_misreading_scores_less_by_the_engines_scoring(lesson: Lesson):
    """A score-goal lesson (last-round, more-actions): the engine's own scoring (scoring.py) of
    where the answer ends is the goal; a legal misreading line ends, scored the same way, below
    it; an illegal one is refused for the rule the lesson teaches."""
    puzzle = lesson.exercise
    target = puzzle.goal.score
    end = replay(puzzle, lesson.answer).states[-1].pos
    assert end.phase == "act" and seat_score(end, puzzle.hero).total == target
    assert seat_score(puzzle.start, puzzle.hero).total < target
    for m in lesson.misreadings:
        played = replay(puzzle, m.line)
        if m.outcome == "illegal":
            assert played.illegal_at is not None and m.rule in lesson.rules and m.rule in (played.reason or "")
        else:
            assert m.outcome == "scores less" and played.illegal_at is None
            assert seat_score(played.states[-1].pos, puzzle.hero).total < target


@pytest.mark.parametrize("lesson", SCORE_LESSONS)
def test_score_goal_lesson_claiming_one_point_more_fails_the_check(lesson: Lesson):
    """The analyser, not the file, decides: a lesson that claims X+1 points is refused."""
    goal = replace(lesson.exercise.goal, score=lesson.exercise.goal.score + 1)
    greedy = replace(lesson, exercise=replace(lesson.exercise, goal=goal, optimum=goal.score))
    bad = [c.what for c in verify(greedy, cross_check=False) if not c.holds]
    assert any("endgame analyser proves" in w for w in bad), bad
    assert any("answer is unique" in w for w in bad), bad


def test_teach_answer_to_a_score_goal_is_judged_by_the_engines_score():
    scored = [le for le in LESSONS if le.exercise.goal.score is not None]
    if not scored:
        pytest.skip("no score-goal lesson in lessons/")
    lesson = scored[0]
    right = teach(lesson.id, "--answer", format_line(list(lesson.answer)))
    assert right.returncode == 0, right.stdout + right.stderr
    assert f"it scores {lesson.exercise.goal.score} points, the proven best" in right.stdout
    worse = [(le, m) for le in scored for m in le.misreadings if m.outcome == "scores less"]
    if worse:
        lesson, m = worse[0]
        mine = seat_score(replay(lesson.exercise, m.line).states[-1].pos, lesson.exercise.hero).total
        result = teach(lesson.id, "--answer", format_line(list(m.line)))
        assert result.returncode == 1, result.stdout + result.stderr
        assert f"it scores {mine} points: the best line scores {lesson.exercise.goal.score}" in result.stdout
        assert "usual misreading" in result.stdout


def test_misreading_that_is_right_fails_the_check():
    lesson = LESSONS[0]
    wrong = replace(lesson, misreadings=(replace(lesson.misreadings[0], line=lesson.answer, outcome="dearer"),))
    claims = verify(wrong, cross_check=False)
    assert not claims[-1].holds and "found right" in claims[-1].detail


# ---- layers --------------------------------------------------------------------------------------------


def test_teaching_imports_no_files_pictures_or_cli():
    for path in (ROOT / "akrotiri_puzzles" / "teaching").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in ("files", "render", "cli"), f"{path.name}: {node.module}"


def test_analysis_which_teaching_uses_for_score_goals_imports_no_teaching():
    """Teaching certifies score-goal exercises with analysis (both above the solver); the
    imports go one way, so there is no cycle."""
    for path in (ROOT / "akrotiri_puzzles" / "analysis").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in ("teaching", "generator"), f"{path.name}: {node.module}"


# ---- the command line ---------------------------------------------------------------------------------


def test_teach_lists_the_lessons_in_order_with_their_rules():
    result = teach()
    assert result.returncode == 0, result.stderr
    positions = [result.stdout.index(le.id) for le in LESSONS]
    assert positions == sorted(positions)
    assert all(le.rules[0] in result.stdout for le in LESSONS)


def test_teach_shows_a_lesson():
    lesson = lesson_by_id(LESSONS, "empty-boat")
    result = teach(lesson.id)
    assert result.returncode == 0, result.stderr
    for words in ("The rule.", "The usual misreading.", "Exercise.", "--png", "--answer"):
        assert words in result.stdout


def test_teach_answer_right_is_exit_0():
    lesson = LESSONS[0]
    result = teach(lesson.id, "--answer", format_line(list(lesson.answer)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "right" in result.stdout


def test_teach_answer_legal_but_worse_is_exit_1():
    lesson = next(le for le in LESSONS if any(m.outcome == "dearer" for m in le.misreadings))
    m = next(m for m in lesson.misreadings if m.outcome == "dearer")
    result = teach(lesson.id, "--answer", format_line(list(m.line)))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "the best line takes" in result.stdout
    assert "usual misreading" in result.stdout


def test_teach_answer_illegal_is_a_wrong_answer_exit_1_as_check_says():
    """An illegal answer is well-formed and wrong: exit status 1, as `check` gives (not 2, bad input)."""
    lesson = next(le for le in LESSONS if any(m.outcome == "illegal" for m in le.misreadings))
    m = next(m for m in lesson.misreadings if m.outcome == "illegal")
    result = teach(lesson.id, "--answer", format_line(list(m.line)))
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr == ""
    said = " ".join(result.stdout.split())
    assert "is illegal" in said and str(m.rule) in said and "usual misreading" in said


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("no-such-lesson",), "unknown lesson 'no-such-lesson': the lessons are"),
        (("empty-boat", "--answer", "fly T2"), "unknown action 'fly'"),
        (("empty-boat", "--answer", " ; "), "no actions"),
        (("--lessons", "no/such/dir"), "no such directory"),
        (("--answer", "end"), "name a lesson"),
        (("empty-boat", "--answer", "end", "--png", "x.png"), "give --solution, --png, --svg or --html without it"),
    ],
    ids=["unknown-id", "unparsable", "empty", "no-dir", "no-id", "answer-and-png"],
)
def test_teach_bad_input_is_one_line_exit_2(args, words):  # type: ignore[no-untyped-def]
    line = one_line_error(teach(*args))
    assert words in line, line
    if "unknown lesson" in words:
        assert all(le.id in line for le in LESSONS)


def test_teach_writes_pictures_and_pages(tmp_path):
    lesson = LESSONS[0]
    result = teach(lesson.id, "--png", tmp_path / "a.png", "--svg", tmp_path / "a.svg", "--html", tmp_path / "a.html")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")
    assert "mark-" in (tmp_path / "a.svg").read_text()
    assert lesson.title in (tmp_path / "a.html").read_text()


def _two_lessons(tmp_path: Path) -> Path:
    """A lessons directory holding two of the lessons (a booklet of all takes a minute to draw)."""
    where = tmp_path / "lessons"
    where.mkdir()
    for lesson in LESSONS[:2]:
        shutil.copy(LESSONS_DIR / f"{lesson.id}.yaml", where)
    return where


def test_teach_book_is_one_self_contained_page(tmp_path):
    result = teach("--book", tmp_path / "book", "--lessons", _two_lessons(tmp_path))
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "book" / "lessons.html").read_text()
    assert all(f'id="{le.id}"' in page for le in LESSONS[:2])
    assert page.count("<svg") == 2 * 2
    # Nothing from elsewhere: no linked stylesheet, script, image or font.
    assert not re.search(r'(src|href)="(?!#)', page)
    assert not re.search(r"url\((?!#)", page) and "@import" not in page


def test_teach_book_into_a_file_is_one_line_exit_2(tmp_path):
    (tmp_path / "taken").write_text("")
    line = one_line_error(teach("--book", tmp_path / "taken"))
    assert "--book" in line and "expected a directory" in line


def test_booklet_lists_every_lesson_and_page_agrees():
    lesson = LESSONS[0]
    page = lesson_page(lesson)
    assert lesson.title in page and page.count("<svg") == 2
    contents = booklet_contents(LESSONS)
    assert all(f'href="#{le.id}"' in contents for le in LESSONS)


def test_booklet_keeps_the_answers_at_the_back_and_a_page_folds_its_answer_away():
    """Reading an exercise does not show its answer: in the booklet every answer comes after the
    last exercise (each exercise links to its own); a lesson's page hides it until asked."""
    text = booklet(LESSONS[:3])
    back = text.index('id="answers"')
    for lesson in LESSONS[:3]:
        answer = format_line(list(lesson.answer))
        assert text.index(f'id="{lesson.id}"') < back < text.index(f'id="answer-{lesson.id}"')
        assert text.index(escape(answer)) > back and f'href="#answer-{lesson.id}"' in text[:back]
    page = lesson_page(LESSONS[0])
    folded = page.index("<details><summary>Show the answer</summary>")
    assert page.index(escape(format_line(list(LESSONS[0].answer)))) > folded


def test_unknown_lesson_id_lists_the_ids():
    with pytest.raises(LessonError) as info:
        lesson_by_id(LESSONS, "nope")
    assert all(le.id in str(info.value) for le in LESSONS)


def test_docs_list_every_lesson():
    """docs/teaching.md's table names every lesson, in course order, with its rules."""
    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| `([a-z-]+)` \| ([^|]+) \|", text, re.M)
    assert [(int(n), lesson_id) for n, lesson_id, _ in rows] == [(i, le.id) for i, le in enumerate(LESSONS, 1)]
    for (_, _, rules), lesson in zip(rows, LESSONS, strict=True):
        assert rules.strip() == ", ".join(lesson.rules)


def test_R_ORA_1_R_END_1_the_oracle_lesson_tile_waits_for_the_next_turn_and_none_is_drawn():
    """The oracle lesson's words, through the engine: the oracle's tile cannot be laid in the
    turn it is found (R-TURN-1); at the end of that turn no tile is drawn (R-END-1); at the start
    of the hero's next turn the same placement is legal."""
    from akrotiri_puzzles.actions import EndTurn, Oracle, PlaceTile
    from akrotiri_puzzles.effects import apply, start_turn
    from akrotiri_puzzles.rules import why_illegal

    lesson = lesson_by_id(LESSONS, "oracle")
    oracle, place = lesson.misreadings[0].line[:2]
    assert isinstance(oracle, Oracle) and isinstance(place, PlaceTile)
    pos = lesson.exercise.start
    hero = pos.to_move
    after = apply(pos, oracle)
    assert after.hero.tile is not None and after.actions_left == pos.actions_left - 1
    assert "R-TURN-1" in (why_illegal(after, place) or "")
    ended = apply(after, EndTurn())
    assert ended.seat(hero).tile == after.hero.tile
    assert ended.land_pile == after.land_pile  # nothing drawn (R-END-1)
    mine = start_turn(ended, hero)
    assert mine.phase == "place" and why_illegal(mine, place) is None


def _believed_world(lesson: Lesson) -> tuple[Puzzle, int]:
    """The second-cube misreading's world after its placement (laid without the engine's
    check), and what its line costs there (the engine plays the rest)."""
    from akrotiri_puzzles.effects import apply_unchecked

    puzzle = lesson.exercise
    line = lesson.misreadings[0].line
    believed = Puzzle("believed", apply_unchecked(puzzle.start, line[0]), puzzle.goal, 1)
    played = replay(believed, line[1:])
    assert played.illegal_at is None and played.reached
    return believed, played.cost


def test_R_TILE_2_the_second_cube_lesson_the_misreading_saves_an_action_the_engine_refuses():
    """The second-cube lesson, through the engine and the solvers: the misreading lays its
    second cube on the island where the boat lies; the engine refuses that placement
    (R-TILE-2); in the world the misreading believes in (the placement laid anyway) its line
    reaches the goal in fewer actions than the certified optimum, and that is the fewest there
    (CP-SAT, and the exhaustive search agrees); in the real game no line reaches the goal in so
    few (CP-SAT proves it INFEASIBLE), so where the second cube goes is what the misreading's
    saving rests on."""
    from akrotiri_puzzles.actions import PlaceTile
    from akrotiri_puzzles.rules import why_illegal
    from akrotiri_puzzles.solver import search, solve

    lesson = lesson_by_id(LESSONS, "second-cube")
    puzzle = lesson.exercise
    pos = puzzle.start
    optimum = lesson.optimum
    assert optimum is not None
    wrong_line = lesson.misreadings[0].line
    wrong = wrong_line[0]
    assert isinstance(wrong, PlaceTile) and "R-TILE-2" in (why_illegal(pos, wrong) or "")
    assert replay(puzzle, wrong_line).illegal_at == 0
    believed, cost = _believed_world(lesson)
    site = wrong.cube_site()
    board = believed.start.board
    assert site is not None and pos.hero.boat is not None
    assert board.island_of_dock[pos.hero.boat] == board.island_at(site)  # where the boat lies
    assert cost < optimum  # strictly shorter, in the misreading's eyes
    there = solve(believed)
    assert (there.status, there.optimum, there.below_optimum) == ("OPTIMAL", cost, "INFEASIBLE")
    found = search(believed, max_nodes=200_000)
    assert found.complete and found.optimum == cost
    assert solve(puzzle, most=cost).status == "INFEASIBLE"  # the real game: no line in `cost`
    assert f"{cost} actions in its eyes against {optimum}" in lesson.explanation


def test_R_TILE_2_the_second_cube_misreadings_line_is_its_best_plan():
    """What the misreading plays is the cheapest plan in its world: every placement it thinks
    legal whose second cube the engine refuses (R-TILE-2: on the icon's island, or on any island
    of the board the tile has no land on, named by a quadrant of the board), grouped by slot and
    rotation, is dominated by the group's cover (analysis.placement.cover: every cube any of
    them lays), and no cover reaches the goal in fewer actions than the misreading's line (CP-SAT,
    INFEASIBLE); the legal placements need the optimum, more. The cover of the misreading's own
    group does reach it within that line's cost (the covers are not vacuous)."""
    from akrotiri_puzzles.actions import PlaceTile
    from akrotiri_puzzles.analysis.placement import cover
    from akrotiri_puzzles.components import COLOURS
    from akrotiri_puzzles.effects import apply_unchecked
    from akrotiri_puzzles.geometry import format_quad
    from akrotiri_puzzles.rules import legal_actions, why_illegal
    from akrotiri_puzzles.solver import solve

    lesson = lesson_by_id(LESSONS, "second-cube")
    puzzle = lesson.exercise
    pos = puzzle.start
    tile = pos.hero.tile
    assert tile is not None
    _, cost = _believed_world(lesson)
    wrong = lesson.misreadings[0].line[0]
    assert isinstance(wrong, PlaceTile)
    # The colours the second cube may take (the market once the icon's cube is taken), and the
    # engine's words for a second cube on the wrong island (rules._check_tile).
    icon = pos.components.market.colour_of(pos.components.tile[tile].icon)
    colours = [c for c, n in zip(COLOURS, pos.market, strict=True) if n - (c == icon) > 0]
    wrong_place = ("different island from the icon's", "land of the tile just laid", "all one island")
    groups: dict[tuple[object, int], list[object]] = {}
    for slot, rotation in dict.fromkeys((a.slot, a.rotation) for a in legal_actions(pos) if isinstance(a, PlaceTile)):
        board = pos.board.with_tile(slot, tile, rotation)
        wheres = ["NE", "NW", "SE", "SW"] + [
            format_quad(quads[0]) for island, quads in board.island_quads.items() if island != board.thera_island
        ]
        for colour in colours:
            for where in wheres:
                action = PlaceTile(slot, rotation, colour, where)
                reason = why_illegal(pos, action) or ""
                if "R-TILE-2" not in reason or not any(w in reason for w in wrong_place):
                    continue
                groups.setdefault((slot, rotation), []).append(apply_unchecked(pos, action))
    assert (wrong.slot, wrong.rotation) in groups
    for key, members in groups.items():
        top = cover(members)  # type: ignore[arg-type]
        assert top is not None
        asked = Puzzle("cover", top, puzzle.goal, 1)
        assert solve(asked, most=cost - 1).status == "INFEASIBLE", key
        if key == (wrong.slot, wrong.rotation):
            assert solve(asked, most=cost).status == "OPTIMAL"
    assert solve(puzzle, most=cost).status == "INFEASIBLE"


def test_R_TILE_2_a_placement_lesson_picture_shows_the_answers_tile_laid():
    """The second-cube exercise starts at the tile placement; its picture is drawn on the board
    after the answer's placement (its marks name the tile's pieces), with the tile outlined."""
    from akrotiri_puzzles.actions import PlaceTile
    from akrotiri_puzzles.teaching import picture_start

    lesson = lesson_by_id(LESSONS, "second-cube")
    pos, slot = picture_start(lesson.exercise)
    place = lesson.answer[0]
    assert isinstance(place, PlaceTile)
    assert lesson.exercise.start.phase == "place" and slot == place.slot
    assert slot in {p[0] for p in pos.board.placements}
    assert slot not in {p[0] for p in lesson.exercise.start.board.placements}
    # Other lessons are drawn at their start.
    assert picture_start(LESSONS[0].exercise) == (LESSONS[0].exercise.start, None)
