"""Checking a lesson's claims through the engine and the solvers, so that none rests on prose.

A lesson claims that its position comes from a real game, that its answer is the proven,
unique optimum of its exercise, and that each misreading line fails as it says: illegal (the
engine's reason naming the rule), dearer, short of the goal, or scoring fewer goal-card points.
`verify` checks every claim and reports each as a `Claim`.

An exercise with a score goal (an endgame puzzle: "score X points by the end of this turn",
the last-round lesson) is certified by the endgame analyser instead of the fewest-actions
solve: X proven the best score (X+1 unreachable), the answer proven unique
(analysis/unique.py), and the exhaustive search's best score where it finishes. Its
misreading lines "score less": the engine's scoring of where they end is below X.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..actions import Action
from ..components import EDITIONS
from ..effects import apply
from ..errors import IllegalActionError
from ..goals import score_goal
from ..notation import format_line
from ..position import Position, evolve
from ..premise import stated_position
from ..puzzle import Puzzle, Replay, replay
from ..scoring import seat_score
from ..setup import new_game
from .lesson import RULE_ID, Lesson, Misreading

SEARCH_NODES = 200_000
"""States the exhaustive cross-check may play before it gives up (then it proves nothing)."""


@dataclass(frozen=True)
class Claim:
    """One claim of a lesson and whether the engine and the solvers bear it out."""

    what: str
    holds: bool
    detail: str = ""

    def __str__(self) -> str:
        mark = "holds" if self.holds else "FAILS"
        return f"{mark}: {self.what}" + (f" ({self.detail})" if self.detail else "")


def origin_position(lesson: Lesson) -> Position:
    """The position the lesson's origin line reaches from its new game; IllegalActionError if
    an action of it is illegal."""
    origin = lesson.origin
    pos = new_game(lesson.exercise.start.components, origin.seed, origin.edition)
    for i, action in enumerate(origin.line):
        try:
            pos = apply(pos, action)
        except IllegalActionError as exc:
            raise IllegalActionError(str(action), f"origin.line.{i}: {exc.reason}") from None
    return pos


def final_position(puzzle: Puzzle, played: Replay) -> Position:
    """Where a replayed line ends: after its last legal action."""
    return played.states[-1].pos


def end_score(puzzle: Puzzle, played: Replay) -> int | None:
    """The hero's score where a legal line ends, if the turn may end there (the action phase,
    the boat not passing through the other boat's dock); None otherwise."""
    end = final_position(puzzle, played)
    if played.illegal_at is not None or end.phase != "act" or end.passing:
        return None
    return seat_score(end, puzzle.hero).total


def goal_points(pos: Position, seat: str, goal: str) -> dict[int, int]:
    """A goal card's points for a seat's temples on this board, in each edition (R-GOAL)."""
    return {edition: score_goal(evolve(pos, edition=edition), seat, goal).points for edition in EDITIONS}


def outcome(lesson: Lesson, line: tuple[Action, ...] | list[Action]) -> tuple[str, str]:
    """What a line meets in the engine, as one of OUTCOMES (or "right"), and a sentence saying why.

    A legal line that reaches the goal in the optimum is "right", unless the lesson is about a
    goal card and the line scores fewer of its points than the answer ("scores less")."""
    puzzle = lesson.exercise
    played = replay(puzzle, line)
    optimum = lesson.optimum
    if played.illegal_at is not None:
        action = line[played.illegal_at]
        return "illegal", f"action {played.illegal_at + 1} ({action}) is illegal: {played.reason}"
    if puzzle.goal.score is not None:
        return _score_outcome(puzzle, played)
    if not played.reached:
        return "short", f"every action is legal but the goal is not reached ({played.cost} actions spent)"
    points = scores(lesson, line)
    tail = "" if points is None else f"; {points[1]}"
    if optimum is not None and played.cost > optimum:
        more = played.cost - optimum
        return "dearer", f"it reaches the goal in {played.cost} actions, {more} more than the optimum{tail}"
    if points is not None and points[0] < 0:
        return "scores less", points[1]
    return "right", f"it reaches the goal in {played.cost} actions, the optimum{tail}"


def _score_outcome(puzzle: Puzzle, played: Replay) -> tuple[str, str]:
    """A legal line of a score-goal exercise: the engine's score where it ends against X."""
    target = puzzle.goal.score
    assert target is not None
    mine = end_score(puzzle, played)
    if mine is None:
        return "short", "every action is legal but the turn cannot end where the line stops"
    if mine < target:
        return "scores less", f"it scores {mine} points, {target - mine} fewer than the answer's {target}"
    return "right", f"it scores {mine} points, the proven best"


def scores(lesson: Lesson, line: tuple[Action, ...] | list[Action]) -> tuple[int, str] | None:
    """For a goal-card lesson and a line that reaches the goal: how many points of the card it
    scores beyond the answer (negative: fewer) in the exercise's edition, and the points of both
    editions in words."""
    if lesson.goal_card is None:
        return None
    puzzle = lesson.exercise
    played = replay(puzzle, line)
    if played.illegal_at is not None or not played.reached:
        return None
    answer = goal_points(final_position(puzzle, replay(puzzle, lesson.answer)), puzzle.hero, lesson.goal_card)
    mine = goal_points(final_position(puzzle, played), puzzle.hero, lesson.goal_card)
    edition = puzzle.start.edition
    words = ", ".join(f"{mine[e]} against the answer's {answer[e]} in {e}" for e in EDITIONS)
    return mine[edition] - answer[edition], f"goal card {lesson.goal_card} scores {words}"


def misreading_claim(lesson: Lesson, m: Misreading) -> Claim:
    """Whether a misreading line fails in the engine as the lesson says (and, in a goal-card
    lesson, never scores more of the card's points than the answer)."""
    what = f"the misreading line {format_line(list(m.line))!r} is {m.outcome}"
    found, why = outcome(lesson, m.line)
    if found != m.outcome:
        return Claim(what, False, f"found {found}: {why}")
    if m.outcome == "illegal":
        named = RULE_ID.findall(why)
        if m.rule is None or m.rule not in named:
            return Claim(what, False, f"the engine's reason names {named or 'no rule'}, not {m.rule}: {why}")
    # Strictly worse: a dearer line may score the card as well as the answer, never better.
    points = scores(lesson, m.line)
    if points is not None and points[0] > 0:
        return Claim(what, False, f"it scores more than the answer: {points[1]}")
    return Claim(what, True, why)


def claims(lesson: Lesson, cross_check: bool = True) -> Iterator[Claim]:
    """Every claim of the lesson, checked one by one (the solvers run here)."""
    from ..solver import search, solve

    puzzle = lesson.exercise
    try:
        reached = origin_position(lesson)
        same = reached.key() == puzzle.start.key()
        yield Claim(
            f"the position is reached by legal play from new game {lesson.origin.seed} ({lesson.origin.edition})",
            same,
            f"{len(lesson.origin.line)} actions" + ("" if same else "; they reach a different position"),
        )
    except IllegalActionError as exc:
        yield Claim("the position is reached by legal play", False, str(exc))

    if puzzle.goal.score is not None:
        yield from _score_claims(lesson, cross_check)
        for m in lesson.misreadings:
            yield misreading_claim(lesson, m)
        return

    optimum = lesson.optimum
    played = replay(puzzle, lesson.answer)
    yield Claim(
        "the answer is legal and reaches the goal at the recorded optimum",
        played.illegal_at is None and played.reached and played.cost == optimum,
        f"{played.cost} actions, recorded optimum {optimum}" + (f"; {played.reason}" if played.reason else ""),
    )

    result = solve(puzzle, unique=True)
    yield Claim(
        f"CP-SAT proves the optimum is {optimum} and that {optimum - 1 if optimum else 'fewer'} actions cannot do it",
        result.status == "OPTIMAL" and result.optimum == optimum and result.below_optimum == "INFEASIBLE",
        f"status {result.status}, optimum {result.optimum}, below it {result.below_optimum}",
    )
    other = "" if result.other_line is None else f"; another answer: {format_line(list(result.other_line))}"
    yield Claim("the answer is unique", result.unique is True, f"unique={result.unique}{other}")

    if cross_check:
        found = search(puzzle, max_nodes=SEARCH_NODES)
        if found.complete:
            yield Claim(
                "the exhaustive search finds the same optimum",
                found.optimum == optimum,
                f"{found.optimum} in {found.nodes} states",
            )

    if lesson.goal_card is not None:
        points = goal_points(final_position(puzzle, played), puzzle.hero, lesson.goal_card)
        edition = puzzle.start.edition
        yield Claim(
            f"the answer scores goal card {lesson.goal_card}",
            points[edition] > 0,
            ", ".join(f"{e}: {p}" for e, p in points.items()),
        )

    for m in lesson.misreadings:
        yield misreading_claim(lesson, m)


def _score_claims(lesson: Lesson, cross_check: bool) -> Iterator[Claim]:
    """The claims of a score-goal exercise, through the engine's scoring and the endgame analyser."""
    from ..analysis.endgame import analyse
    from ..analysis.exhaustive import TooLarge, best_by_search
    from ..analysis.unique import unique_answer
    from ..solver.deadline import TimeUp

    puzzle = lesson.exercise
    target = puzzle.goal.score
    assert target is not None
    start = stated_position(puzzle.start, puzzle.revealed)  # only what the exercise states
    played = replay(puzzle, lesson.answer)
    mine = end_score(puzzle, played)
    yield Claim(
        "the answer is legal and the engine scores it at the recorded optimum",
        mine == target == lesson.optimum,
        f"{mine} points, recorded optimum {lesson.optimum}" + (f"; {played.reason}" if played.reason else ""),
    )
    best = analyse(start)
    yield Claim(
        f"the endgame analyser proves the best score is {target}, so {target + 1} points cannot be reached",
        best.status == "OPTIMAL" and best.value == target,
        f"status {best.status}, best {best.value}",
    )
    try:
        u = unique_answer(start, target, lesson.answer)
        unique, detail = u.unique, "" if u.other is None else f"; another answer: {format_line(list(u.other))}"
    except (TimeUp, ValueError) as exc:
        unique, detail = False, f"; the check gave no answer ({exc!r})"
    yield Claim("the answer is unique", unique, f"unique={unique}{detail}")
    if cross_check:
        try:
            found = best_by_search(start, max_nodes=SEARCH_NODES)
        except TooLarge:
            return
        yield Claim(
            "the exhaustive search finds the same best score",
            found.value == target,
            f"{found.value} in {found.nodes} states",
        )


def verify(lesson: Lesson, cross_check: bool = True) -> tuple[Claim, ...]:
    """Every claim of the lesson, checked."""
    return tuple(claims(lesson, cross_check))
