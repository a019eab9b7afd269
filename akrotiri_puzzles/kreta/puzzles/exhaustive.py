"""The independent reference: an exhaustive search over engine states.

It knows nothing of the CP-SAT model: it plays every legal action of the hero through the engine
(`legal_actions`, `hero_apply`), card by card, a march journey by journey, keeps each distinct
position once (by its canonical key, with the fewest cards that reach it), and asks the engine
what the castellan gives in each. Its answers are complete (a proof) when it ran out of states
before its budget; otherwise it says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..actions import Action, Castellan
from ..position import Position
from ..rules import legal_actions
from .puzzle import Puzzle, hero_apply, province_won, scoring_gain, scoring_margin

DEFAULT_BUDGET = 300_000
"""Positions the search may visit before it gives up (its answer is then not complete)."""


@dataclass(frozen=True)
class SearchResult:
    """The search's optimum (None: no line reaches the goal), a line that reaches it, whether the
    search was complete, and how many positions it visited."""

    optimum: int | None
    line: tuple[Action, ...] | None
    complete: bool
    states: int


class _Budget(Exception):
    pass


def plays(pos: Position, hero: int, counter: list[int], budget: int) -> Iterator[tuple[Position, tuple[Action, ...]]]:
    """Every position one card play of the hero leads to (a march followed journey by journey to
    its end), each distinct position once, with the actions that reach it. The castellan is not
    among them: it ends a line."""
    done: set[object] = set()
    marching: set[object] = set()
    for action in legal_actions(pos):
        if isinstance(action, Castellan):
            continue
        after = hero_apply(pos, hero, action)
        yield from _finish(after, hero, (action,), done, marching, counter, budget)


def _finish(
    pos: Position,
    hero: int,
    line: tuple[Action, ...],
    done: set[object],
    marching: set[object],
    counter: list[int],
    budget: int,
) -> Iterator[tuple[Position, tuple[Action, ...]]]:
    counter[0] += 1
    if counter[0] > budget:
        raise _Budget
    key = pos.key()
    if pos.phase != "march":
        if key not in done:
            done.add(key)
            yield pos, line
        return
    if key in marching:
        return
    marching.add(key)
    for action in legal_actions(pos):
        yield from _finish(hero_apply(pos, hero, action), hero, (*line, action), done, marching, counter, budget)


def search(puzzle: Puzzle, budget: int = DEFAULT_BUDGET) -> SearchResult:
    """The optimum of a puzzle by visiting every position its lines reach, layer by layer (the
    cards played before the castellan)."""
    hero = puzzle.hero
    start = puzzle.start
    base = start.players[hero].score
    province = None if puzzle.province is None else start.board.index[puzzle.province]
    frontier: list[tuple[Position, tuple[Action, ...]]] = [(start, ())]
    seen: set[object] = {start.key()}
    counter = [1]
    best: int | None = None
    best_line: tuple[Action, ...] | None = None
    try:
        for layer in range(puzzle.horizon):
            for pos, line in frontier:
                if province is None:
                    score = scoring_margin if puzzle.goal == "margin" else scoring_gain
                    value = pos.players[hero].score - base + score(pos, hero)
                    if best is None or value > best:
                        best, best_line = value, (*line, Castellan())
                elif province_won(pos, hero, province, puzzle.alone):
                    return SearchResult(layer + 1, (*line, Castellan()), True, counter[0])
            if layer == puzzle.horizon - 1:
                break
            following: list[tuple[Position, tuple[Action, ...]]] = []
            for pos, line in frontier:
                for after, actions in plays(pos, hero, counter, budget):
                    key = after.key()
                    if key not in seen:
                        seen.add(key)
                        following.append((after, line + actions))
            frontier = following
    except _Budget:
        return SearchResult(None, None, False, counter[0])
    return SearchResult(best, best_line, True, counter[0])
