"""What a puzzle's answer takes: the mechanics its line uses, read by playing it through the engine.

Used to index a collection by technique (the book's index, the web page's tags). A technique is
named only when the line, replayed, really uses it: a portage step, a tile placement, a Move
action whose second point comes from an empty boat (R-MOVE-2), passing an occupied dock, a sale
or a purchase at Thera, the oracle, a second turn, a named map card.

The techniques a line can be *forbidden* to use (the solver's `forbid=`, the generator's
proofs that a technique is necessary) are read by `used`, from the same replay:

- portage: a step by portage (R-MOVE-1);
- pass: a step into the dock where the opponent's boat lies, to leave it again (R-MOVE-3);
- double-move: a Move action started with an empty boat whose second point is spent on a
  step (R-MOVE-2). The engine always gives an empty boat two points, so a line cannot help
  using it; under a ban each such second point counts as one more action (`bonus_points`);
- buy, sell, load, unload, oracle: an action of that kind (R-BUY-1, R-FREE-1, R-LOAD-1, R-ORA-1);
- second-turn: the goal is reached after the first turn ends (R-TURN-1).
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Buy, EndTurn, Load, Oracle, PlaceTile, Sell, Step, Unload
from .puzzle import Puzzle, State, advance, reached, why_not
from .rules import step_budget

TECHNIQUES = (
    "tile placement",
    "portage",
    "empty-boat double move",
    "passing an occupied dock",
    "cargo",
    "selling at Thera",
    "buying map cards",
    "oracle",
    "two turns",
    "a named map card",
)
"""Every technique, in the order an index lists them."""

FORBIDDABLE = ("portage", "pass", "double-move", "buy", "sell", "load", "unload", "oracle", "second-turn")
"""Techniques `solve --forbid` may ban: the solver's names, which the command checks before it loads the solver."""

DIFFICULTIES = ("easy", "medium", "hard", "expert")
"""Levels a puzzle file's `difficulty` may name, easiest first."""


def level(puzzle: Puzzle) -> tuple[tuple[int, int, str], str]:
    """Where a puzzle sits in a collection (a sort key) and its level in words: the file's
    `difficulty` when it has one, else its optimum ("2 actions")."""
    optimum = puzzle.certificate.optimum if puzzle.certificate is not None else puzzle.optimum or 0
    difficulty = (puzzle.difficulty or "").lower()
    if difficulty:
        rank = DIFFICULTIES.index(difficulty) if difficulty in DIFFICULTIES else len(DIFFICULTIES)
        return (rank, optimum, puzzle.id), difficulty
    return (-1, optimum, puzzle.id), f"{optimum} action{'s' if optimum != 1 else ''}"


SHOWN = {
    "portage": "portage",
    "double-move": "empty-boat double move",
    "pass": "passing an occupied dock",
    "load": "cargo",
    "unload": "cargo",
    "sell": "selling at Thera",
    "buy": "buying map cards",
    "oracle": "oracle",
    "second-turn": "two turns",
}
"""The name an index shows for each technique `used` reads."""


def techniques(puzzle: Puzzle, line: tuple[Action, ...] | None = None) -> tuple[str, ...]:
    """The techniques a line (by default the puzzle's solution) uses, in `TECHNIQUES` order."""
    line = tuple(puzzle.solution or ()) if line is None else line
    found = {SHOWN[t] for t in _walk(puzzle, line, stop_at_illegal=True)[0]}
    if puzzle.goal.map_card is not None:
        found.add("a named map card")
    if any(isinstance(a, PlaceTile) for a in line):
        found.add("tile placement")
    return tuple(t for t in TECHNIQUES if t in found)


def used(puzzle: Puzzle, line: Sequence[Action]) -> frozenset[str]:
    """The techniques a legal line uses, up to where it reaches the goal (ValueError if the
    engine refuses an action)."""
    return _walk(puzzle, line)[0]


def bonus_points(puzzle: Puzzle, line: Sequence[Action]) -> int:
    """How many empty boats' second movement points the line spends (R-MOVE-2): what the line
    costs more, in actions, when each Move action gives one point."""
    return _walk(puzzle, line)[1]


def _walk(puzzle: Puzzle, line: Sequence[Action], stop_at_illegal: bool = False) -> tuple[frozenset[str], int]:
    """The techniques used and the second points spent, up to the goal (or, with
    `stop_at_illegal`, up to the first illegal action; else that raises ValueError)."""
    found: set[str] = set()
    kinds = {Buy: "buy", Sell: "sell", Load: "load", Unload: "unload", Oracle: "oracle"}
    state = State(puzzle.start)
    turn = 1
    bonus = 0
    plain = puzzle.start.points
    """Movement points in hand that are not an empty boat's second point of a Move action."""
    for i, action in enumerate(line):
        reason = why_not(puzzle, state, action)
        if reason is not None and stop_at_illegal:
            break
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
        state = advance(puzzle, state, action)  # why_not allowed it above
        plain = min(plain, state.pos.points)
        if reached(puzzle, state.pos):
            if turn > 1:
                found.add("second-turn")
            break
    return frozenset(found), bonus
