"""Helpers of tools/make_lessons.py for the two-turn exercise of the oracle lesson (R-ORA-1,
R-END-1). (The action count, R-TURN-2, and the last round, R-END-2, are score-goal exercises:
tools/lessons/actions.py and tools/lessons/sixth.py.)"""

from __future__ import annotations

from akrotiri_puzzles.actions import Action, EndTurn, Oracle, PlaceTile
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.rules import legal_actions
from akrotiri_puzzles.solver import search

from .found import PREMISE


def second_turn_placement(puzzle: Puzzle, line: tuple[Action, ...]) -> int | None:
    """Index of the line's tile placement in the horizon's second turn, if any."""
    played = replay(puzzle, line)
    for i, action in enumerate(line):
        if isinstance(action, PlaceTile) and played.states[i].turn == 2:
            return i
    return None


def placement_forced(puzzle: Puzzle, line: tuple[Action, ...], nodes: int = 1500) -> bool:
    """Whether the line's second-turn placement is the only one that finishes as cheaply: a
    cheap test before CP-SAT's uniqueness proof (another slot or turn makes another answer)."""
    i = second_turn_placement(puzzle, line)
    if i is None:
        return True
    played = replay(puzzle, line)
    state = played.states[i]
    rest = sum(played.costs[i:])
    done = len(state.pos.hero.temples) - len(puzzle.start.hero.temples)
    mine = line[i]
    assert isinstance(mine, PlaceTile)
    for other in legal_actions(state.pos):
        assert isinstance(other, PlaceTile)
        if (other.slot, other.rotation) == (mine.slot, mine.rotation):
            continue
        after = apply(state.pos, other)
        sub = Puzzle("rest", after, Goal(puzzle.goal.temples - done, puzzle.goal.map_card), 1)
        if sub.check_start() is not None:
            continue
        found = search(sub, max_nodes=nodes)
        if not found.complete or (found.optimum is not None and found.optimum <= rest):
            return False
    return True


def two_turn_line(pos: Position, goal: Goal, nodes: int = 30000) -> tuple[int, tuple[Action, ...]] | None:
    """The optimum and a line of the two-turn exercise, by exhaustive search, or None."""
    found = search(Puzzle("two", pos, goal, 2, revealed=PREMISE.of(pos, 2, goal)), max_nodes=nodes)
    if not found.complete or found.optimum is None:
        return None
    return found.optimum, found.line


def oracle_misreading(line: tuple[Action, ...], puzzle: Puzzle) -> tuple[Action, ...] | None:
    """The oracle's tile laid at once, in the turn it was drawn: the line without its end of turn,
    the second turn's tile placement moved right after the oracle."""
    i = second_turn_placement(puzzle, line)
    k = next((j for j, a in enumerate(line) if isinstance(a, Oracle)), None)
    if i is None or k is None or k > i:
        return None
    rest = [a for j, a in enumerate(line) if j not in (i,) and not isinstance(a, EndTurn)]
    rest.insert(k + 1, line[i])
    return tuple(rest)


__all__ = [
    "oracle_misreading",
    "placement_forced",
    "second_turn_placement",
    "two_turn_line",
]
