"""A Kreta puzzle (docs/kreta/puzzles.md): a position, the hero (the player to
move), a horizon K (the hero's next K cards at most, the castellan last) and a goal:

- `best` (Z1): the most points the hero gains (harvests and the scoring) with a line of at most K
  cards ending with the castellan;
- `margin` (Z1's variant): the most the hero's gain exceeds the largest gain of any opponent at
  that scoring (passive opponents still score by K-SCORE; the hero's influence moves their places);
- `province` (Z2): the fewest cards (at most K) of a line ending with the castellan that gives the
  hero province X's full value (`alone`: strictly more influence than every other player).

Opponents are passive: they play no card, their pieces stay, and scoring happens only when the
hero plays the castellan. A line is the hero's actions in notation, each legal in turn (K-TURN-2);
`replay` plays it through the engine and says what it is worth, the one judge every claimed
answer goes through.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ..actions import Action, Castellan, card_played
from ..errors import IllegalActionError, PuzzleError
from ..position import Position
from ..rules import apply
from ..rules.queries import scoring

Goal = Literal["best", "margin", "province"]
GOALS: tuple[Goal, ...] = ("best", "margin", "province")
MAX_HORIZON = 8
"""Cards in a puzzle's horizon: the hand holds 7, and the castellan ends the line."""


@dataclass(frozen=True)
class Puzzle:
    """A puzzle: its start, horizon, goal and (for `province`) the province and whether alone."""

    start: Position
    horizon: int
    goal: Goal = "best"
    province: str | None = None
    alone: bool = False

    @property
    def hero(self) -> int:
        """The hero's seat: the player to move at the start."""
        return self.start.to_move

    def check(self, source: str = "puzzle") -> None:
        """Refuse a puzzle that cannot be asked (PuzzleError naming the problem)."""
        pos = self.start
        if self.goal not in GOALS:
            raise PuzzleError(f"{source}: goal: expected one of {', '.join(GOALS)}, got {self.goal!r}")
        if pos.phase != "play":
            raise PuzzleError(
                f"{source}: start: a puzzle starts where the hero plays a card, not in phase {pos.phase!r}"
            )
        if not 1 <= self.horizon <= MAX_HORIZON:
            raise PuzzleError(f"{source}: horizon: expected 1 to {MAX_HORIZON} cards, got {self.horizon}")
        if self.goal == "province":
            if self.province is None or self.province not in pos.board.index:
                raise PuzzleError(f"{source}: province: a province puzzle names a province of the board")
            number = pos.scored_space
            assert number is not None
            if pos.board.index[self.province] not in pos.board.space(number).provinces:
                raise PuzzleError(
                    f"{source}: province: {self.province} does not touch fort space {number}, the one the next castellan scores"
                )
        elif self.province is not None or self.alone:
            raise PuzzleError(f"{source}: province: only a province puzzle names a province")


@dataclass(frozen=True)
class LineResult:
    """What the engine makes of a line: its cards, the hero's gain, the largest opponent's gain,
    whether it wins the province."""

    cards: int
    gain: int
    rival_gain: int
    """The largest gain of any opponent over the line (only the castellan's scoring gives them any)."""
    wins: bool
    """For a province puzzle: the scoring gave the hero the province's full value (alone if asked)."""
    end: Position


def hero_apply(pos: Position, hero: int, action: Action) -> Position:
    """The position after the hero's action, opponents passive: when the turn would pass, it
    comes back to the hero (IllegalActionError when the action is illegal)."""
    after = apply(pos, action)
    if after.phase == "play" and after.to_move != hero:
        after = replace(after, to_move=hero)
    return after


def province_won(pos: Position, hero: int, province: int, alone: bool) -> bool:
    """Whether scoring now gives the hero a province's full value (alone: with strictly the most influence)."""
    from ..rules.queries import influence

    mine = influence(pos, hero, province)
    others = [influence(pos, s, province) for s in range(len(pos.players)) if s != hero]
    best = max(others)
    return mine >= 1 and (mine > best if alone else mine >= best)


def replay(puzzle: Puzzle, line: Sequence[Action]) -> LineResult:
    """Play a line through the engine and judge it: legal, at most K cards, the castellan last
    and only there; PuzzleError naming the first problem otherwise."""
    pos = puzzle.start
    hero = puzzle.hero
    cards = 0
    if not line or not isinstance(line[-1], Castellan):
        raise PuzzleError("a line ends with the castellan, whose scoring it is played for")
    province = None if puzzle.province is None else pos.board.index[puzzle.province]
    wins = False
    for k, action in enumerate(line, start=1):
        if isinstance(action, Castellan) and k != len(line):
            raise PuzzleError(f"action {k}: the castellan ends the line; nothing is played after its scoring")
        cards += card_played(action) is not None
        if cards > puzzle.horizon:
            raise PuzzleError(f"action {k} {str(action)!r}: card {cards} of a horizon of {puzzle.horizon}")
        if isinstance(action, Castellan) and province is not None:
            wins = province_won(pos, hero, province, puzzle.alone)
        try:
            pos = hero_apply(pos, hero, action)
        except IllegalActionError as exc:
            raise PuzzleError(f"action {k} {str(action)!r}: {exc.reason}") from None
    gain = pos.players[hero].score - puzzle.start.players[hero].score
    rival = max(p.score - puzzle.start.players[s].score for s, p in enumerate(pos.players) if s != hero)
    return LineResult(cards, gain, rival, wins, pos)


def scoring_gain(pos: Position, hero: int) -> int:
    """What the castellan played now gives the hero."""
    number = pos.scored_space
    assert number is not None
    return sum(points[hero] for points in scoring(pos, number).values())


def scoring_margin(pos: Position, hero: int) -> int:
    """What the castellan played now gives the hero minus the most it gives any opponent
    (K-SCORE-3..5: passive opponents score too, in the places the hero's influence leaves them)."""
    number = pos.scored_space
    assert number is not None
    points = list(scoring(pos, number).values())
    seats = range(len(pos.players))
    return sum(p[hero] for p in points) - max(sum(p[s] for p in points) for s in seats if s != hero)


def value_of(puzzle: Puzzle, result: LineResult) -> int | None:
    """A line's value for the puzzle's goal: the gain (best), the gain minus the largest
    opponent's gain (margin), the cards (province; None when it does not win the province)."""
    if puzzle.goal == "best":
        return result.gain
    if puzzle.goal == "margin":
        return result.gain - result.rival_gain
    return result.cards if result.wins else None
