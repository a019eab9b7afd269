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
            self._distance = graphs.portage_distance(self.board)
        return self._distance

    @property
    def connected(self) -> set[frozenset[Quad]]:
        if self._connected is None:
            self._connected = graphs.directly_connected(self.board)
        return self._connected


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

    if rule == "portage_1":
        counted = [s for s in sites if facts.distance.get(island[s]) == 1]  # type: ignore[arg-type]
    elif rule == "portage_2":

        def far(d: int | None) -> bool:
            return d is not None and (d >= 2 if pos.edition == 2016 else d == 2)

        counted = [s for s in sites if far(facts.distance.get(island[s]))]  # type: ignore[arg-type]
    elif rule == "no_icon":
        counted = [s for s in sites if not board.island_icons[island[s]]]  # type: ignore[index]
    elif rule in ("volcano", "lake", "tree", "mountain"):
        counted = [s for s in sites if rule in board.island_icons[island[s]]]  # type: ignore[index]
    elif rule == "three_icons":
        counted = [s for s in sites if len(set(board.island_icons[island[s]])) >= 3]  # type: ignore[index]
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
    elif rule == "uncompleted":
        counted = [s for s in sites if island[s] not in board.completed]
    else:  # pragma: no cover - the loader admits only the rules above
        raise ValueError(f"unknown goal rule {rule}")
    return GoalScore(goal_id, rule, value * len(counted), tuple(counted))


def score_goals(pos: Position, seat: str) -> tuple[GoalScore, ...]:
    """Every goal card a seat holds, scored (R-SCORE-2)."""
    facts = BoardFacts(pos.board)
    return tuple(score_goal(pos, seat, g, facts) for g in pos.seat(seat).goals)
