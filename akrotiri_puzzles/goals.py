"""Goal cards: which of a seat's temples each card counts, and its points (R-GOAL-1..12)."""

from __future__ import annotations

from dataclasses import dataclass

from . import graphs
from .board import Board
from .geometry import Quad, board_quarter
from .position import Position


@dataclass(frozen=True)
class GoalScore:
    """Points of one goal card for one seat, with the temples (sites) it counted."""

    goal: str
    rule: str
    points: int
    temples: tuple[Quad, ...]


class BoardFacts:
    """Graph facts about a board, computed on first use and shared by all of a seat's goals."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._distance: dict[Quad, int] | None = None
        self._connected: set[frozenset[Quad]] | None = None

    @property
    def distance(self) -> dict[Quad, int]:
        if self._distance is None:
            self._distance = self.board.kept("portage_distance", graphs.portage_distance)
        return self._distance

    @property
    def connected(self) -> set[frozenset[Quad]]:
        if self._connected is None:
            self._connected = self.board.kept("directly_connected", graphs.directly_connected)
        return self._connected


PER_TEMPLE = frozenset(
    {"portage_1", "portage_2", "no_icon", "volcano", "lake", "tree", "mountain", "three_icons", "uncompleted"}
)
"""Goal rules that count each temple on its own, by a fact of its island."""


def temple_counts(pos: Position, facts: BoardFacts, rule: str, island: Quad) -> bool:
    """Whether a temple on `island` counts for a per-temple goal rule (`PER_TEMPLE`)."""
    board = pos.board
    if rule == "portage_1":
        return facts.distance.get(island) == 1
    if rule == "portage_2":
        d = facts.distance.get(island)
        return d is not None and (d >= 2 if pos.edition == 2016 else d == 2)
    if rule == "no_icon":
        return not board.island_icons[island]
    if rule in ("volcano", "lake", "tree", "mountain"):
        return rule in board.island_icons[island]
    if rule == "three_icons":
        return len(set(board.island_icons[island])) >= 3
    if rule == "uncompleted":
        return island not in board.completed
    raise ValueError(f"not a per-temple goal rule: {rule}")


def score_goal(pos: Position, seat: str, goal_id: str, facts: BoardFacts | None = None) -> GoalScore:
    """Score one goal card for a seat on the position's board."""
    card = pos.components.goal[goal_id]
    board = pos.board
    facts = facts or BoardFacts(board)
    sites = [site for _, site in pos.seat(seat).temples]
    island = {site: board.island_at(site) for site in sites}
    value = card.value(pos.edition)
    rule = card.rule
    counted: list[Quad]

    if rule in PER_TEMPLE:
        counted = [s for s in sites if temple_counts(pos, facts, rule, island[s])]  # type: ignore[arg-type]
    elif rule == "quarters":
        first_in_quarter: dict[str, Quad] = {}
        for s in sites:
            first_in_quarter.setdefault(board_quarter(s), s)
        counted = list(first_in_quarter.values())
        points = min(value * len(counted), card.cap if card.cap is not None else 10**9)
        return GoalScore(goal_id, rule, points, tuple(counted))
    elif rule == "largest_completed":
        done = [i for i in {island[s] for s in sites} if i in board.completed]
        if not done:
            return GoalScore(goal_id, rule, 0, ())
        best = max(done, key=lambda i: (board.island_size[i], i))
        counted = [s for s in sites if island[s] == best]
        return GoalScore(goal_id, rule, value * board.island_size[best], tuple(counted))
    elif rule == "not_connected":
        mine = {island[s] for s in sites}
        counted = [
            s
            for s in sites
            if not any(frozenset((island[s], other)) in facts.connected for other in mine if other != island[s])
        ]
    else:  # pragma: no cover - the loader admits only the rules above
        raise ValueError(f"unknown goal rule {rule}")
    return GoalScore(goal_id, rule, value * len(counted), tuple(counted))


def score_goals(pos: Position, seat: str) -> tuple[GoalScore, ...]:
    """Every goal card a seat holds, scored (R-SCORE-2)."""
    facts = BoardFacts(pos.board)
    return tuple(score_goal(pos, seat, g, facts) for g in pos.seat(seat).goals)
