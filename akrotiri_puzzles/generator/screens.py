"""Cheap proofs that a candidate has more than one answer, played by the engine.

A tile placement is part of an answer's identity (solver/canonical.py: the same turn and
slot; the rotation is not), so an optimal line whose placement can be moved to another slot is
a second answer. Each other slot and rotation is tried by replaying the rest of the line
unchanged: when the engine plays it through to the goal at the same cost with another
signature (another slot, or a rotation that changes a visit), the puzzle is not unique, and the solver's
uniqueness proof (a search over every placement) is not needed. A line that fails with every
other placement proves nothing: the solver decides then.
"""

from __future__ import annotations

from ..actions import Action, PlaceTile
from ..puzzle import Puzzle, State, moves, replay
from ..solver.canonical import signature


def another_placement(puzzle: Puzzle, line: tuple[Action, ...]) -> tuple[Action, ...] | None:
    """A second optimal answer to the puzzle: `line` with one of its tile placements moved to
    another slot or rotation, the rest replayed unchanged; None when no such line reaches the
    goal at the same cost."""
    played = replay(puzzle, line)
    if not played.reached or played.illegal_at is not None:
        raise ValueError(f"{puzzle.id}: the line given does not reach the goal")
    cost = played.cost
    for i, action in enumerate(line):
        if not isinstance(action, PlaceTile):
            continue
        state: State = played.states[i]
        tried: set[tuple[object, int]] = {(action.slot, action.rotation)}
        for other in moves(puzzle, state):
            if not isinstance(other, PlaceTile) or (other.slot, other.rotation) in tried:
                continue
            alt = (*line[:i], other, *line[i + 1 :])
            again = replay(puzzle, alt)
            if again.reached and again.illegal_at is None and again.cost == cost:
                tried.add((other.slot, other.rotation))
                if signature(puzzle, alt) != signature(puzzle, line):
                    return alt
    return None
