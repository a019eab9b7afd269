"""A learner's answer to a lesson's exercise, judged as `check` judges a puzzle answer: legal,
reaching the goal, and in as few actions as the proven optimum; for a score goal (an endgame
puzzle), legal and scored by the engine at the proven best score where the line ends."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..puzzle import Replay, replay
from .lesson import Lesson, Misreading
from .verify import end_score, final_position, goal_points


@dataclass(frozen=True)
class Assessment:
    """What is right and wrong with an answer."""

    status: str
    """"optimal", "not optimal", "goal not reached" or "illegal"."""
    played: Replay
    optimum: int | None
    misreading: Misreading | None = None
    """The lesson's misreading this answer plays, if it is one of them."""
    points: dict[int, int] | None = None
    """For a goal-card lesson and an answer that reaches the goal: the card's points per edition."""
    score: int | None = None
    """For a score goal and a legal answer: the engine's score where it ends (None if the turn
    cannot end there)."""

    @property
    def right(self) -> bool:
        """Whether the answer is legal, reaches the goal and costs the optimum."""
        return self.status == "optimal"


def assess(lesson: Lesson, line: list[Action] | tuple[Action, ...]) -> Assessment:
    """Play a learner's line through the exercise and judge it."""
    puzzle = lesson.exercise
    played = replay(puzzle, line)
    optimum = lesson.optimum
    score = end_score(puzzle, played) if puzzle.goal.score is not None else None
    if played.illegal_at is not None:
        status = "illegal"
    elif puzzle.goal.score is not None:
        # The line ends the turn: its score is where it ends, not the best along the way.
        status = "goal not reached" if score is None or score < puzzle.goal.score else "optimal"
    elif not played.reached:
        status = "goal not reached"
    elif optimum is not None and played.cost > optimum:
        status = "not optimal"
    else:
        status = "optimal"
    points = None
    if lesson.goal_card is not None and played.reached and played.illegal_at is None:
        points = goal_points(final_position(puzzle, played), puzzle.hero, lesson.goal_card)
    same = next((m for m in lesson.misreadings if tuple(m.line) == tuple(line)), None)
    return Assessment(status, played, optimum, same, points, score)
