"""Finders of tools/make_lessons.py for the lessons about turns: the oracle (R-ORA-1, R-END-1),
the action count (R-TURN-2) and the last round (R-END-2). Their exercises span two turns."""

from __future__ import annotations

from dataclasses import replace

from akrotiri_puzzles.actions import Action, EndTurn, Excavate, Oracle, PlaceTile
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.position import Position, evolve
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.rules import legal_actions
from akrotiri_puzzles.solver import search


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
    found = search(Puzzle("two", pos, goal, 2), max_nodes=nodes)
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


def bonus_plan(puzzle: Puzzle, nodes: int = 20000) -> tuple[Action, ...] | None:
    """R-TURN-2 misread, a number revealed by a temple applies in the turn it is revealed: the
    line of a player who believes it, if it digs its first temple within the turn's real
    actions and then spends the believed extra ones (searched with the extra actions granted,
    only to find their plan)."""
    found = search(_believed(puzzle), max_nodes=nodes)
    if not found.complete or found.optimum is None:
        return None
    played = replay(_believed(puzzle), found.line)
    first = next((i for i, a in enumerate(found.line) if isinstance(a, Excavate)), None)
    if first is None or sum(played.costs[: first + 1]) > puzzle.start.actions_left:
        return None
    return found.line


def _believed(puzzle: Puzzle) -> Puzzle:
    """The exercise as the misreader sees it: one turn with the extra actions from the start
    of the turn (their plan needs them only after the first excavation)."""
    pos = puzzle.start
    board = pos.components.player_board
    n = len(pos.hero.temples)
    extra = board.actions_after(n + 1) - board.actions_after(n)
    return Puzzle("believed", evolve(pos, actions_left=pos.actions_left + extra), puzzle.goal, 1)


def last_round_plan(puzzle: Puzzle, nodes: int = 30000) -> tuple[int, tuple[Action, ...]] | None:
    """The line of a north player who believes the game goes on after this turn: the exercise
    searched as if south had not yet excavated its last temple (only to find their plan)."""
    pos = puzzle.start
    south = pos.seat("south")
    believed = pos.with_seat("south", replace(south, temples=south.temples[:-1]))
    found = search(replace(puzzle, start=believed), max_nodes=nodes)
    if not found.complete or found.optimum is None:
        return None
    return found.optimum, found.line


__all__ = [
    "bonus_plan",
    "last_round_plan",
    "oracle_misreading",
    "placement_forced",
    "second_turn_placement",
    "two_turn_line",
]
