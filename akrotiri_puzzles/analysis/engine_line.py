"""A line as the engine plays and scores it: where it ends, its objective there, and the actions
it does not need (dropped before a line is printed).

Every line the analyser prints is replayed here by the engine (puzzle.play) and scored by the
engine's own scoring (scoring.py); nothing in this module reads a model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import Action, Step
from ..errors import IllegalActionError
from ..position import Position, evolve
from ..puzzle import Puzzle, State, play
from ..scoring import seat_score
from ..solver.model.objective import MARGIN_SCALE


def objective_value(pos: Position, objective: str) -> int:
    """The objective of a position as the engine scores it: the hero's score, or the margin
    scaled so that the drachmas break ties (R-SCORE-3), as the model counts it."""
    hero = seat_score(pos, pos.to_move)
    if objective == "score":
        return hero.total
    other = seat_score(pos, "north" if pos.to_move == "south" else "south")
    return (hero.total - other.total) * MARGIN_SCALE + pos.hero.drachmas


def replay_line(puzzle: Puzzle, line: Sequence[Action]) -> Position:
    """The position a line leaves, played through the engine."""
    return replay_state(puzzle, line).pos


def replay_state(puzzle: Puzzle, line: Sequence[Action]) -> State:
    """The state a line leaves (the position and the horizon's turn), played through the engine."""
    state = State(puzzle.start)
    for action in line:
        state = play(puzzle, state, action)
    return state


def without_idle_steps(puzzle: Puzzle, line: list[Action]) -> list[Action]:
    """The line with every step it does not need dropped, last first, until none can be: a step
    whose removal leaves a legal line that ends on the same scores (the hero's total, the
    margin and the drachmas: `objective_value` of both objectives) with no fewer actions left.

    The model counts Move actions, not steps, so a step within a Move action's points costs
    nothing there: among lines of one value and one action count, CP-SAT may print one that
    spends a leftover point on a step to nowhere (a portage at the end, say). A fan sees a
    pointless move; the line without it is as good by every measure the analysis reports.
    """
    end = replay_state(puzzle, line).pos

    def scores(pos: Position) -> tuple[int, int]:
        return objective_value(pos, "score"), objective_value(pos, "margin")

    target = scores(end)

    return _drop_idle(
        puzzle,
        line,
        droppable=lambda i, action: isinstance(action, Step),
        as_good=lambda after: scores(after.pos) == target and after.pos.actions_left >= end.actions_left,
    )


def scores_of(state: State, hero: str) -> tuple[int, int]:
    """The hero's score and its margin objective (the margin scaled, plus the hero's drachmas:
    `objective_value`) where a line ends: after the hero's end of turn, when the game is over,
    the seat to move may be the opponent's (the engine began its turn before the game ended)."""
    pos = state.pos if state.pos.to_move == hero else evolve(state.pos, to_move=hero)
    return objective_value(pos, "score"), objective_value(pos, "margin")


def without_idle_actions(puzzle: Puzzle, line: Sequence[Action], keep: int = 0) -> list[Action]:
    """The line with every action it does not need dropped: an action (any: a step, a load, a
    sale, the oracle, ...; the first `keep` never) whose removal leaves a line the engine plays
    legally to the same kind of end (the same turn of the horizon and phase, the boat not
    passing through the other boat's dock: where the line may stop) with the same score, margin
    and drachmas (`scores_of`, the hero's), tried last first and repeated until none can be
    dropped. The two-turn analysis prints this (its models are solved for the value alone,
    docs/analysis.md): no action of the printed line can be dropped without a loss or an
    illegal line. Each trial is a replay of the line by the engine, so the value never changes
    (a line is only ever replaced by one the engine scores the same)."""
    hero = puzzle.hero
    end = replay_state(puzzle, line)
    target = scores_of(end, hero)

    def same_end(after: State) -> bool:
        return after.turn == end.turn and after.pos.phase == end.pos.phase and after.pos.passing == end.pos.passing

    return _drop_idle(
        puzzle,
        line,
        droppable=lambda i, action: i >= keep,
        as_good=lambda after: same_end(after) and scores_of(after, hero) == target,
    )


def _drop_idle(
    puzzle: Puzzle,
    line: Sequence[Action],
    droppable: Callable[[int, Action], bool],
    as_good: Callable[[State], bool],
) -> list[Action]:
    """The line with droppable actions dropped, last first, one at a time, each only if the
    engine plays the line without it legally to an end `as_good` accepts; repeated until none
    can be dropped. Both shortenings above are this loop with their own candidates and test."""
    current = list(line)
    dropped = True
    while dropped:
        dropped = False
        for i in reversed(range(len(current))):
            if not droppable(i, current[i]):
                continue
            trial = current[:i] + current[i + 1 :]
            try:
                after = replay_state(puzzle, trial)
            except IllegalActionError:
                continue
            if as_good(after):
                current = trial
                dropped = True
                break
    return current
