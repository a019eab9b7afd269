"""Teaching scenarios: one lesson per rule that new players get wrong (issue 12, docs/teaching.md).

A `Lesson` shows a rule on a position from a real game, names the usual misreading, and gives
an exercise whose certified answer needs the rule; `verify` checks every claim a lesson makes
through the engine and the solvers, and `assess` checks a learner's answer. Lesson files are
read by `files.lesson_yaml`; pictures come from `render`.
"""

from .assess import Assessment, assess
from .lesson import (
    MARK_KINDS,
    OUTCOMES,
    RULE_ID,
    Lesson,
    LessonError,
    Mark,
    Misreading,
    Origin,
    lesson_by_id,
    picture_start,
)
from .verify import Claim, goal_points, outcome, verify

__all__ = [
    "MARK_KINDS",
    "OUTCOMES",
    "RULE_ID",
    "Assessment",
    "Claim",
    "Lesson",
    "LessonError",
    "Mark",
    "Misreading",
    "Origin",
    "assess",
    "goal_points",
    "lesson_by_id",
    "outcome",
    "picture_start",
    "verify",
]
