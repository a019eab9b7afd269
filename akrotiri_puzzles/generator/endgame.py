"""Endgame puzzles made to a level: `generate --kind endgame` (docs/analysis.md).

A candidate is the last turn of a seeded greedy game, in the action phase with one to three
actions left. It becomes a puzzle "find a line worth X points" when X, the best score of the
turn (proven by CP-SAT), is more than stopping at once scores and its answer is unique
(analysis/endgame_puzzle.py), proven on what the puzzle states: every goal draw of the turn,
nothing of the map decks (generator/reveal.py). Its level is read from the points a greedy player loses: the
greedy bot plays the rest of the turn from the same position, and the gap is X minus its score
(GAPS). A candidate of another level is dropped (exact by rejection). Every decision reads the
seed and the candidate number only, never a clock: the same seed gives the same files.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..actions import EndTurn
from ..analysis.corpus import last_turns
from ..analysis.endgame_puzzle import Certified, certify, endgame_puzzle
from ..bots import make_bot
from ..components import Components
from ..effects import apply
from ..position import Position
from ..premise import stated_position
from ..puzzle import Goal, Puzzle
from ..scoring import seat_score
from .reveal import Reveal

LEVELS = ("easy", "medium", "hard")
GAPS = {"easy": (0, 0), "medium": (1, 3), "hard": (4, 10**6)}
"""The points the greedy bot's line loses against the optimum, per level (bounds included):
easy, the greedy line finds the best score; medium, it loses 1 to 3 points; hard, 4 or more."""
EDITIONS = (2016, 2014)
SEATS = ("south", "north")
GAME_SEEDS = 100_003
"""Candidate k of seed S plays the game of seed S * GAME_SEEDS + k."""


@dataclass(frozen=True)
class Candidate:
    """What one candidate number gave: a puzzle and its gap, or the reason it was dropped."""

    number: int
    puzzle: Puzzle | None
    gap: int | None
    reason: str


def greedy_score(pos: Position, seed: int) -> int:
    """The hero's score after the greedy bot plays out the rest of the turn from `pos`."""
    rng = random.Random(seed)
    bot = make_bot("greedy")
    hero = pos.to_move
    while pos.to_move == hero and pos.phase in ("act", "goal"):
        action = bot.choose(pos, rng)
        if isinstance(action, EndTurn):
            break
        pos = apply(pos, action)
    return seat_score(pos, hero).total


def level_of(gap: int) -> str:
    """The level of a gap (GAPS)."""
    return next(level for level, (lo, hi) in GAPS.items() if lo <= gap <= hi)


def position_of(comps: Components, seed: int, number: int, edition: int | None) -> Position | None:
    """Candidate `number`'s position: the last turn of its game, the seat and edition it draws
    (or the edition asked), in the action phase with one to three actions left."""
    ed = edition if edition is not None else EDITIONS[number % 2]
    seat = SEATS[(number // 2) % 2]
    for pos in last_turns(comps, seed * GAME_SEEDS + number, ed):
        if pos.to_move == seat and pos.phase == "act" and not pos.passing and 1 <= pos.actions_left <= 3:
            return pos
    return None


def candidate(comps: Components, seed: int, number: int, level: str, edition: int | None) -> Candidate:
    """Candidate `number` of a run: the puzzle when it is of `level`, else why not."""
    pos = position_of(comps, seed, number, edition)
    if pos is None:
        return Candidate(number, None, None, "no last turn with 1 to 3 actions left")
    # Only what the puzzle states (premise.py): every goal draw the turn can meet, nothing of
    # the map decks; the analyser and the greedy bot read the position the premise states.
    revealed = Reveal().of(pos, 1, Goal(score=0))
    stated = stated_position(pos, revealed)
    found: Certified | None = certify(stated)
    if found is None:
        return Candidate(number, None, None, "stopping at once is best")
    if found.unique is not True:
        return Candidate(number, None, None, "answer not unique" if found.unique is False else "uniqueness not proven")
    gap = found.score - greedy_score(stated, seed * GAME_SEEDS + number)
    got = level_of(gap)
    if got != level:
        return Candidate(number, None, gap, f"graded {got}")
    pid = f"endgame-{level}-s{seed}-{number}"
    title = (
        f"{pos.to_move.capitalize()}, turn {pos.turn}, {pos.actions_left} action(s) left: score {found.score} "
        f"(greedy play scores {found.score - gap})"
    )
    puzzle = endgame_puzzle(pid, pos, found, f"{comps.name} {comps.version}", seed, title, revealed)
    return Candidate(number, puzzle, gap, "kept")


def generate(
    comps: Components, seed: int, level: str, count: int, tries: int, edition: int | None = None
) -> Iterator[Candidate]:
    """Candidates 0, 1, ... of `seed` until `count` puzzles of `level` are kept or `tries`
    candidates are looked at, each as it is decided."""
    if level not in LEVELS:
        raise ValueError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
    kept = 0
    for number in range(tries):
        c = candidate(comps, seed, number, level, edition)
        yield c
        if c.puzzle is not None:
            kept += 1
            if kept >= count:
                return
