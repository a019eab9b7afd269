"""The techniques a line uses, read off the engine's replay of it.

A technique is one of the ideas a line can be forbidden to use (`model.core.TECHNIQUES`, the
solver's `forbid=`). The model forbids them with constraints; this module says, for a line the
engine plays, which of them it actually uses, so that a line found under a ban is checked to
respect it, and so that "this technique is necessary" (no line of the optimum's length
without it) is checked against lines the engine plays, not against the model's reading.

- portage: a step by portage (R-MOVE-1);
- pass: a step into the dock where the opponent's boat lies, to leave it again (R-MOVE-3);
- double-move: a Move action started with an empty boat whose second point is spent on a
  step (R-MOVE-2). The engine always gives an empty boat two points, so a line cannot help
  using it; under a ban each such second point is counted as one more action
  (`bonus_points`), which is how the model counts it;
- buy, sell, load, unload, oracle: an action of that kind (R-BUY-1, R-FREE-1, R-LOAD-1,
  R-ORA-1);
- second-turn: the goal is reached after the first turn ends (R-TURN-1).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Buy, EndTurn, Load, Oracle, Sell, Step, Unload
from ..puzzle import Puzzle, play, reached, why_not
from ..puzzle import State as PlayState
from ..rules import step_budget

__all__ = ["techniques_used", "used"]


def used(puzzle: Puzzle, line: Sequence[Action]) -> frozenset[str]:
    """The techniques a legal line uses, up to where it reaches the goal (ValueError if the
    engine refuses an action)."""
    return _walk(puzzle, line)[0]


def bonus_points(puzzle: Puzzle, line: Sequence[Action]) -> int:
    """How many empty boats' second movement points the line spends (R-MOVE-2): what the line
    costs more, in actions, when each Move action gives one point."""
    return _walk(puzzle, line)[1]


def _walk(puzzle: Puzzle, line: Sequence[Action]) -> tuple[frozenset[str], int]:
    found: set[str] = set()
    kinds = {Buy: "buy", Sell: "sell", Load: "load", Unload: "unload", Oracle: "oracle"}
    state = PlayState(puzzle.start)
    turn = 1
    bonus = 0
    plain = puzzle.start.points
    """Movement points in hand that are not an empty boat's second point of a Move action."""
    for i, action in enumerate(line):
        reason = why_not(puzzle, state, action)
        if reason is not None:
            raise ValueError(f"action {i + 1} ({action}) is illegal: {reason}")
        pos = state.pos
        if isinstance(action, Step):
            if action.portage:
                found.add("portage")
            if action.dock == pos.seat(pos.other).boat:
                found.add("pass")
            budget = step_budget(pos)
            assert budget is not None
            started, _ = budget
            need = 2 if pos.passing else 1
            plain += started
            if need > plain:
                found.add("double-move")
                bonus += need - plain
            plain = max(0, plain - need)
        elif isinstance(action, EndTurn):
            turn += 1
        else:
            kind = kinds.get(type(action))
            if kind is not None:
                found.add(kind)
        state = play(puzzle, state, action)
        plain = min(plain, state.pos.points)
        if reached(puzzle, state.pos):
            if turn > 1:
                found.add("second-turn")
            break
    return frozenset(found), bonus


techniques_used = used
