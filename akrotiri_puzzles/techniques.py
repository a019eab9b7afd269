"""What a puzzle's answer takes: the mechanics its line uses, read by playing it through the engine.

Used to index a collection by technique (the book's index, the web page's tags). A technique is
named only when the line, replayed, really uses it: a portage step, a tile placement, a Move
action whose second point comes from an empty boat (R-MOVE-2), passing an occupied dock, a sale
or a purchase at Thera, the oracle, a second turn, a named map card.
"""

from __future__ import annotations

from .actions import Action, Buy, EndTurn, Load, Oracle, PlaceTile, Sell, Step, Unload
from .puzzle import Puzzle, State, play, why_not
from .rules import action_cost

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


def techniques(puzzle: Puzzle, line: tuple[Action, ...] | None = None) -> tuple[str, ...]:
    """The techniques a line (by default the puzzle's solution) uses, in `TECHNIQUES` order."""
    line = puzzle.solution if line is None else line
    found: set[str] = set()
    if puzzle.goal.map_card is not None:
        found.add("a named map card")
    state = State(puzzle.start)
    for action in line or ():
        if why_not(puzzle, state, action) is not None:
            break
        cost = action_cost(state.pos, action)
        match action:
            case PlaceTile():
                found.add("tile placement")
            case Step(portage=portage):
                if portage:
                    found.add("portage")
                if cost == 0 and not state.pos.passing and not state.pos.hero.cargo:
                    found.add("empty-boat double move")
            case Load() | Unload():
                found.add("cargo")
            case Sell():
                found.add("selling at Thera")
            case Buy():
                found.add("buying map cards")
            case Oracle():
                found.add("oracle")
            case EndTurn():
                found.add("two turns")
        state = play(puzzle, state, action)
        if state.pos.passing:
            found.add("passing an occupied dock")
    return tuple(t for t in TECHNIQUES if t in found)
