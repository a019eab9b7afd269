"""The grader: a puzzle's level from what is proven about its answer (docs/generator.md).

Evidence, every piece of it proven or computed deterministically:

- the optimum N (proven by the solver: N-1 actions infeasible);
- the techniques proven necessary: each technique the canonical answer uses is forbidden in
  turn, and the solver proves that no line of N actions remains (the optimum without it is
  longer, or no line exists). The tile placement is a technique too: it is necessary when the
  puzzle without the placement (the tile kept in hand, the action phase at once) has a longer
  optimum or none;
- the ladder: the weakest of the greedy bot, the beam planner and the exact solver whose line
  is optimal (generator/ladder.py);
- the goal (a named map card, two temples) and the horizon;
- for a puzzle whose level points read hard, the hard gate (issue 30: hard means hard to find): only
  the exact solver finds an optimal line, and at most `first_actions.MOST_GOOD` legal first
  actions still allow one (generator/first_actions.py). A puzzle that fails it reads medium.

The score adds them up with fixed weights. The level is read by fixed thresholds (`LEVELS`)
from the level points, then gated: the score, but that the points of the puzzle's kind (the start
before the placement and the placement proven necessary; the horizon of two turns and the second
turn proven necessary) count 1 toward the level, being a fact of the kind rather than of how hard
the puzzle is within it (`level_points`). The score itself ranks effort across kinds and stays. The generator's grades read no clock: its solves run without a time
limit. The `grade` command gives one (`deadline`): a grade not finished by then raises TimeUp and
is no grade at all, never a grade of less evidence.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from ..actions import Action
from ..puzzle import FirstActions, Grade, Necessity, Puzzle, State, moves
from ..solver.deadline import NO_LIMIT, Deadline
from ..solver.techniques import techniques_used as used
from ..techniques import FORBIDDABLE as TECHNIQUES
from .first_actions import MOST_GOOD, decision, first_actions, passes, proven
from .ladder import ladder, weakest

PLACEMENT = "placement"
"""The tile placement, as a technique (not one the model forbids: see `without_placement`)."""
ORDER = (PLACEMENT, *TECHNIQUES)
"""Techniques in the order a grade lists them."""
WEIGHT = {PLACEMENT: 3, "second-turn": 3}
"""Points per necessary technique; 2 for those not named."""
RUNG_POINTS = {"greedy": 0, "beam": 2, "exact": 4}
LEVELS = (("easy", 0), ("medium", 5), ("hard", 10))
"""Each level and the least score it takes: a puzzle sits on the highest level it reaches."""


def level_of(points: int) -> str:
    """The level that level points (`level_points`) read as."""
    return [name for name, least in LEVELS if points >= least][-1]


def gated_level(points: int, rung: str, first: FirstActions | None) -> str:
    """The level of a puzzle: its level points', except that points that read hard without
    passing the hard gate (`first_actions.passes`) read medium."""
    level = level_of(points)
    return "medium" if level == "hard" and not passes(rung, first) else level


HORIZON_POINTS = 2
"""For a puzzle of two turns: the next tile and the next turn's actions are to be planned."""
PLACEMENT_POINTS = 2
"""For a puzzle that starts before the tile placement: every placement is to be considered,
whether or not the answer needs one (when it does, the technique counts as well)."""


def score_of(puzzle: Puzzle, optimum: int, necessary: tuple[Necessity, ...], rung: str) -> int:
    """The points behind a grade: one per action past the first, the horizon, a placement to
    make, the necessary techniques, the weakest solver of the ladder that finds an optimal
    line, and the goal."""
    points = optimum - 1
    points += HORIZON_POINTS * (puzzle.turns == 2) + PLACEMENT_POINTS * (puzzle.start.phase == "place")
    points += sum(WEIGHT.get(n.technique, 2) for n in necessary)
    points += RUNG_POINTS[rung]
    points += (puzzle.goal.map_card is not None) + (puzzle.goal.temples > 1)
    return points


def kinds(phase: str, turns: int, needed: Collection[str]) -> tuple[tuple[str, int], ...]:
    """Each kind of a puzzle that scores points of its own, with those points, for a puzzle that
    starts in `phase` with a horizon of `turns` and the techniques `needed` proven necessary:
    from the placement, a placement to make and the placement necessary; of two turns, the
    horizon and the second turn necessary."""
    found = []
    if phase == "place":
        found.append(("from the placement", PLACEMENT_POINTS + WEIGHT[PLACEMENT] * (PLACEMENT in needed)))
    if turns == 2:
        found.append(("two turns", HORIZON_POINTS + WEIGHT["second-turn"] * ("second-turn" in needed)))
    return tuple(found)


def kind_points(puzzle: Puzzle, necessary: tuple[Necessity, ...]) -> tuple[tuple[str, int], ...]:
    """Each kind of the puzzle that scores points of its own, with those points (`kinds`)."""
    return kinds(puzzle.start.phase, puzzle.turns, {n.technique for n in necessary})


def discount(phase: str, turns: int, needed: Collection[str]) -> int:
    """The points of a score that do not count toward the level: each kind's beyond one."""
    return sum(points - 1 for _, points in kinds(phase, turns, needed) if points > 0)


def level_points(puzzle: Puzzle, score: int, necessary: tuple[Necessity, ...]) -> int:
    """The points the level is read from: the score, less each kind's points beyond one (a
    kind's points are a fact of the kind, not of the puzzle's difficulty within it: issue 30,
    docs/generator.md, "The grade"). A puzzle of the action phase and one turn: the score."""
    return score - discount(puzzle.start.phase, puzzle.turns, {n.technique for n in necessary})


def level_reading(puzzle: Puzzle, grade: Grade) -> str:
    """Why a grade's level points differ from its score, in words ("" when they do not)."""
    kinds = [(name, points) for name, points in kind_points(puzzle, grade.necessary) if points > 1]
    if not kinds:
        return ""
    each = "; ".join(f"{name}: its {points} points count 1" for name, points in kinds)
    return f"level points {grade.points} = score {grade.score} less {grade.score - grade.points} ({each})"


def without_placement(puzzle: Puzzle) -> Puzzle:
    """The puzzle with its tile placement skipped: the tile stays in hand and the action phase
    starts at once, with the actions it would have had."""
    start = puzzle.start
    board = start.components.player_board
    skipped = replace(start, phase="act", actions_left=board.actions_after(len(start.hero.temples)))
    return replace(puzzle, start=skipped.with_seat(puzzle.hero, replace(start.hero, tile=None)))


def _proven(puzzle: Puzzle, deadline: Deadline, forbid: frozenset[str] = frozenset()) -> int | None:
    """The optimum of a solve within the deadline (None: no line); TimeUp when it ran out first."""
    return proven(puzzle, deadline, forbid).optimum


def placement_needed(puzzle: Puzzle, optimum: int, deadline: Deadline = NO_LIMIT) -> Necessity | None:
    """The tile placement as a necessary technique, with the optimum when it is skipped; None
    when the puzzle starts in the action phase or a line as short needs no placement."""
    if puzzle.start.phase != "place":
        return None
    without = _proven(without_placement(puzzle), deadline)
    return Necessity(PLACEMENT, without) if without is None or without > optimum else None


def necessary(
    puzzle: Puzzle,
    optimum: int,
    line: tuple[Action, ...],
    placement: Necessity | bool | None = True,
    deadline: Deadline = NO_LIMIT,
) -> tuple[Necessity, ...]:
    """The techniques proven necessary, each with the optimum without it (None: no line).
    `placement` is the placement's necessity when already proven (`placement_needed`), or True
    to prove it here."""
    placement = placement_needed(puzzle, optimum, deadline) if placement is True else placement
    found = [placement] if isinstance(placement, Necessity) else []
    for technique in sorted(used(puzzle, line), key=ORDER.index):
        without = _proven(puzzle, deadline, frozenset({technique}))
        if without is None or without > optimum:
            found.append(Necessity(technique, without))
    return tuple(found)


def _ends(puzzle: Puzzle, line: tuple[Action, ...], placement: Necessity | None) -> tuple[tuple[Necessity, ...], ...]:
    """The necessities a grade may prove, at their fewest and their most (`score_range`): the
    placement's alone when known, or with every technique the answer uses."""
    least = (placement,) if placement else ()
    return least, (*least, *(Necessity(t, None) for t in used(puzzle, line)))


def score_range(
    puzzle: Puzzle,
    optimum: int,
    line: tuple[Action, ...],
    costs: tuple[tuple[str, int | None], ...],
    placement: Necessity | None,
) -> tuple[int, int]:
    """The least and the most score the grade can give a puzzle before its techniques are
    proven necessary (the ladder's costs and the placement's necessity known): none of the
    techniques the answer uses may be necessary, or all of them. A technique the answer does
    not use is never necessary (the answer is a line of N without it), so no grade lies
    outside the range: a candidate whose range misses the level asked needs no grade."""
    rung = weakest(optimum, costs)
    least, most = (score_of(puzzle, optimum, needs, rung) for needs in _ends(puzzle, line, placement))
    return least, most


def points_range(
    puzzle: Puzzle,
    optimum: int,
    line: tuple[Action, ...],
    costs: tuple[tuple[str, int | None], ...],
    placement: Necessity | None,
) -> tuple[int, int]:
    """The least and the most level points the grade can give a puzzle before its techniques
    are proven necessary (`score_range`'s two ends, each read with the necessities it assumes:
    the second turn's is not known yet). A kind's technique adds as much to the score as to the
    kind's points beyond one, so the level points grow with the techniques necessary, and no
    grade lies outside the range."""
    scores = score_range(puzzle, optimum, line, costs, placement)
    least, most = (
        level_points(puzzle, s, needs) for s, needs in zip(scores, _ends(puzzle, line, placement), strict=True)
    )
    return least, most


def level_range(level: str) -> tuple[int, float]:
    """The level points a level takes: from its least to below the next level's least."""
    names = [name for name, _ in LEVELS]
    i = names.index(level)
    return LEVELS[i][1], LEVELS[i + 1][1] if i + 1 < len(LEVELS) else float("inf")


def grade(
    puzzle: Puzzle,
    optimum: int,
    line: tuple[Action, ...],
    costs: tuple[tuple[str, int | None], ...] | None = None,
    placement: Necessity | bool | None = True,
    deadline: Deadline = NO_LIMIT,
    unique: bool = False,
    enough: int | None = None,
) -> Grade:
    """The grade of a puzzle whose proven optimum and canonical answer are given (`costs`, the
    ladder's, and `placement`, the placement's necessity, when already computed); TimeUp when
    `deadline` runs out first. The good first actions are counted only where the level rests
    on them: level points that read hard, an optimum only the exact solver finds. `unique`: the
    answer is proven canonically unique (from a placement, its count then needs no solve:
    generator/first_actions.py). `enough`: the count stops at that many good first decisions
    (`first_actions`): the generator's gate passes MOST_GOOD + 1, since a grade with more is
    gated below its level points' and never kept; its count is then a floor."""
    needs = necessary(puzzle, optimum, line, placement, deadline)
    costs = ladder(puzzle) if costs is None else costs
    deadline.check()
    rung = weakest(optimum, costs)
    score = score_of(puzzle, optimum, needs, rung)
    points = level_points(puzzle, score, needs)
    first = None
    if level_of(points) == "hard" and rung == "exact":
        first = first_actions(puzzle, optimum, deadline, line if unique else None, enough)
    level = gated_level(points, rung, first)
    return Grade(level, score, needs, costs, rung, first, None if points == score else points)


def grade_problem(puzzle: Puzzle, optimum: int) -> tuple[str, str] | None:
    """(field, problem) when a file's grade contradicts itself or the engine, or None: the
    weakest rung must be the one its ladder's costs give, the legal first decisions counted
    must be the engine's, the good ones at least the answer's and at most the legal ones, the
    level points (when written) those the score and the puzzle's kind give, a hard level must
    pass the hard gate on that evidence, and the level must be the one the level points read
    (what `check` verifies; the good first actions themselves are re-proven by `grade`, not
    here)."""
    g = puzzle.grade
    if g is None:
        return None
    rung = weakest(optimum, g.ladder)
    if g.weakest != rung:
        return "grade.weakest", f"says {g.weakest}, but the ladder's costs make it {rung}"
    first = g.first_actions
    if first is not None:
        legal = len({decision(a) for a in moves(puzzle, State(puzzle.start))})
        if first.legal != legal:
            return "grade.first_actions.legal", f"says {first.legal}, but the engine counts {legal} first decisions"
        if not 1 <= first.good <= first.legal:
            return (
                "grade.first_actions.good",
                f"{first.good}: the answer's first action is good, and at most all {legal}",
            )
    points = level_points(puzzle, g.score, g.necessary)
    if g.level_points is not None and g.level_points != points:
        reading = (
            level_reading(puzzle, replace(g, level_points=points)) or f"score {g.score}, a kind that counts in full"
        )
        return (
            "grade.level_points",
            f"says {g.level_points}, but the score and the puzzle's kind give {points}: {reading}",
        )
    if g.level == "hard" and not passes(g.weakest, first):
        why = (
            f"the {g.weakest} rung finds an optimal line"
            if g.weakest != "exact"
            else "its good first actions are not counted"
            if first is None
            else f"{first.good} good first actions, more than {MOST_GOOD}"
        )
        return "grade.level", f"hard, but the puzzle is not hard to find: {why} (the hard gate, docs/generator.md)"
    level = gated_level(points, g.weakest, first)
    if g.level != level:
        reading = level_reading(puzzle, replace(g, level_points=points)) or f"level points {points}, the score"
        return "grade.level", f"says {g.level}, but its grade reads {level}: {reading} (docs/generator.md, The grade)"
    return None
