"""A lesson: one rule new players get wrong, shown on a position from a real game, with an
exercise whose certified answer needs the rule and the line a player holding the usual
misreading would play instead (docs/teaching.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..actions import Action, PlaceTile
from ..effects import apply
from ..errors import AkrotiriError, IllegalActionError
from ..geometry import Quad, Slot
from ..position import Position
from ..puzzle import Puzzle

RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
"""A rule ID as RULES.md writes them, e.g. R-MOVE-3."""

OUTCOMES = ("illegal", "dearer", "short", "scores less")
"""What a misreading line meets in the engine: an illegal action (whose reason names a rule),
more actions than the optimum, the goal not reached, or fewer goal-card points."""

MARK_KINDS = ("dock", "site", "icon", "island", "above", "below", "left", "right", "quarter")
"""What a lesson's picture can point at: a dock, an excavation site, an icon (by its quadrant),
an island, the region
above (below, left, right) of a site seen from a seat (R-EXC-2), or a quarter of the board
(R-GOAL-9)."""


class LessonError(AkrotiriError):
    """A lesson file is malformed, or a lesson id is unknown."""


@dataclass(frozen=True)
class Mark:
    """One thing the lesson's picture points at, with a label."""

    kind: str
    """One of MARK_KINDS."""
    label: str = ""
    dock: str | None = None
    """For "dock": the dock's name."""
    quad: Quad | None = None
    """For "site", "icon" and "island": the quadrant (any of the island's); for a region: its site."""
    seat: str | None = None
    """For a region: the seat it is seen from (R-GEO-10)."""
    quarter: str | None = None
    """For "quarter": NE, NW, SE or SW of the board's centre."""


@dataclass(frozen=True)
class Misreading:
    """What a player holding the misreading would play, and what the engine makes of it."""

    says: str
    """The player's belief, in words."""
    line: tuple[Action, ...]
    outcome: str
    """One of OUTCOMES."""
    rule: str | None = None
    """For "illegal": the rule ID the engine's reason names."""


@dataclass(frozen=True)
class Origin:
    """How the position was reached: a new game's seed and edition, and every action since."""

    seed: int
    edition: int
    line: tuple[Action, ...]
    how: str = ""
    """In words: which bots or script played the line."""


@dataclass(frozen=True)
class Lesson:
    """One lesson: the rule, the misreading, the picture's marks, the exercise and its checks."""

    id: str
    title: str
    order: int
    """Where the lesson comes in the course: lower first."""
    rules: tuple[str, ...]
    """The rule IDs it teaches (RULES.md)."""
    rule: str
    """The rule in plain words."""
    misreading: str
    """The usual misreading, in words."""
    exercise: Puzzle
    """The puzzle the learner solves; its solution and certificate are the answer."""
    misreadings: tuple[Misreading, ...]
    origin: Origin
    marks: tuple[Mark, ...] = ()
    task: str = ""
    """The exercise in words, beyond the puzzle's goal (e.g. which goal card to score)."""
    explanation: str = ""
    """Why the answer is the answer, in words, shown with the answer."""
    goal_card: str | None = None
    """For lessons about a goal card: the card whose points the answer and misreadings are scored on."""

    @property
    def answer(self) -> tuple[Action, ...]:
        """The exercise's certified answer."""
        return self.exercise.solution or ()

    @property
    def optimum(self) -> int | None:
        """The exercise's proven optimum."""
        if self.exercise.optimum is not None:
            return self.exercise.optimum
        return None if self.exercise.certificate is None else self.exercise.certificate.optimum


def picture_start(puzzle: Puzzle) -> tuple[Position, Slot | None]:
    """The position a lesson's picture shows, and the slot of a tile to outline: the exercise's
    start; or, when the exercise starts at a tile placement and its answer lays the tile, the
    board after that placement (the lesson is about where its cubes go, and its marks point at
    the tile's pieces), with that tile outlined."""
    start = puzzle.start
    first = (puzzle.solution or (None,))[0]
    if start.phase != "place" or not isinstance(first, PlaceTile):
        return start, None
    try:
        return apply(start, first), first.slot
    except IllegalActionError:
        return start, None


def lesson_by_id(lessons: tuple[Lesson, ...], lesson_id: str) -> Lesson:
    """The lesson with this id; LessonError listing the ids if there is none."""
    for lesson in lessons:
        if lesson.id == lesson_id:
            return lesson
    known = ", ".join(le.id for le in lessons)
    raise LessonError(f"unknown lesson {lesson_id!r}: the lessons are {known}")
