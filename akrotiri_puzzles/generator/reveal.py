"""What a generated puzzle reveals of the hidden piles (its premise, premise.py).

A recipe says how deep to reveal, in counts from the top, never which cards: the premise is
read off the candidate's piles, so it is deterministic per seed, and it is the same depth in
every map deck, so that it does not point at the deck the answer buys from. What a fan needs
is always revealed: the land tile drawn at the end of turn 1 of a two-turn puzzle (R-END-1),
and every goal draw a line can meet before the goal (R-EXC-1). Nothing else is, unless the
recipe asks (a buying or an oracle puzzle): a fan must not learn more than the puzzle needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Buy, Oracle
from ..components import DECKS, ICONS
from ..position import Position
from ..premise import Revealed, goal_cards_needed
from ..puzzle import Goal


@dataclass(frozen=True)
class Reveal:
    """How much of the hidden piles a recipe's puzzles state, as counts from the top."""

    maps: int = 0
    """Cards revealed on top of every map deck (a buying puzzle: 1 to 3, the most one buy takes)."""
    land: int = 0
    """Land tiles revealed on top of the pile, beyond what the horizon needs."""
    oracle: bool = False
    """Reveal land tiles until every icon has shown (or the pile ends): the oracle's tiles are
    then known for every icon it may be asked for (R-ORA-1)."""

    def of(self, start: Position, turns: int, goal: Goal) -> Revealed:
        """The premise this reveal gives a puzzle starting at `start`."""
        land = max(self.land, 1 if turns == 2 else 0)
        if self.oracle:
            land = max(land, until_every_icon(start))
        _, goals = goal_cards_needed(start, goal.temples, goal.score is not None)
        return Revealed(
            land=start.land_pile[:land],
            maps=tuple(deck[: self.maps] for deck in start.map_decks),
            goals=start.goal_deck[:goals],
        )


def until_every_icon(start: Position) -> int:
    """How many tiles from the top of the pile show every icon (the whole pile if it never does)."""
    seen: set[str] = set()
    for n, tile in enumerate(start.land_pile, start=1):
        seen.add(start.components.tile[tile].icon)
        if len(seen) == len(ICONS):
            return n
    return len(start.land_pile)


def answer_reveal(line: list[Action] | tuple[Action, ...]) -> Reveal:
    """The least reveal of this module's kind under which a line found with every pile known
    stays an answer: every deck as deep as the line buys into any deck, and the land pile until
    every icon if it asks the oracle."""
    bought = dict.fromkeys(DECKS, 0)
    for action in line:
        if isinstance(action, Buy):
            for deck in action.decks:
                bought[deck] += 1
    return Reveal(maps=max(bought.values()), oracle=any(isinstance(a, Oracle) for a in line))
