"""Sound prunings for the exhaustive search in the horizon's last turn (docs/puzzles.md).

Each one drops only states from which no line reaches the goal in time, or actions that no
optimal line needs. They read the position through the engine's own helpers; the search's
tests run it with and without them and compare the optima.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ..actions import Action, Buy, Excavate, Oracle, Step
from ..board import Board
from ..excavation import valid_sites
from ..geometry import Quad
from ..position import Position, Seat
from ..puzzle import Puzzle
from ..rules import points_per_move, step_budget, temple_island_set

MOST_POINTS = points_per_move(Seat())
"""Movement points one Move action gives at most: an empty boat's (R-MOVE-2)."""


def dock_steps(board: Board, islands: frozenset[Quad], by_route: dict[int, list[str]] | None = None) -> dict[str, int]:
    """Steps from each dock to the nearest dock of these islands, ignoring the other boat (a
    dock missing from the answer reaches none of them).

    A step reaches every other dock of the boat's route component (a ship step) or of its
    island (a portage step, R-MOVE-1), so the search runs over those groups of docks, each
    opened once. `by_route`: the docks of each route component, if the caller keeps them.
    """
    if by_route is None:
        by_route = {}
        for dock, component in board.ship_component.items():
            by_route.setdefault(component, []).append(dock)
    found = {d: 0 for d, island in board.island_of_dock.items() if island in islands}
    routes_opened: set[int] = set()
    islands_opened: set[Quad] = set()
    frontier = list(found)
    while frontier:
        nearer = []
        for dock in frontier:
            route, island = board.ship_component[dock], board.island_of_dock[dock]
            reached: list[str] = []
            if route not in routes_opened:
                routes_opened.add(route)
                reached += by_route[route]
            if island not in islands_opened:
                islands_opened.add(island)
                reached += board.docks_of_island[island]
            for other in reached:
                if other not in found:
                    found[other] = found[dock] + 1
                    nearer.append(other)
        frontier = nearer
    return found


class Boat(NamedTuple):
    """Where the hero's boat stands, with the actions and movement points left."""

    dock: str
    actions_left: int
    points: int
    passing: bool


class LastTurn:
    """Prunings in the horizon's last turn, when no tile will be placed after the current one.

    - The oracle is never needed: its tile could only be placed next turn, and nothing else it
      changes matters to the rest of this turn, so a line without it is legal and cheaper.
    - In the action phase the board is fixed for good, and `least_actions` bounds from below
      the actions the goal still takes. A state is dead when the bound exceeds the actions left;
      an action is not played when the state it leads to would be dead, judged before playing
      it for steps, purchases and any action that leaves too few actions for the excavations.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        comps = puzzle.start.components
        self.hero = puzzle.hero
        self.before = len(puzzle.start.seat(self.hero).temples)
        self.best_price = max(comps.market.track)
        self.buy_price = min(comps.setup.map_prices)
        # Caches keyed by the ids of a board (and temples), holding on to them so ids stay theirs.
        self._steps: dict[int, tuple[object, dict[int, list[str]], dict[frozenset[Quad] | None, dict[str, int]]]] = {}
        self._fits: dict[tuple[int, int], tuple[object, object, tuple[Quad, ...], dict[str, frozenset[Quad]]]] = {}

    def needed(self, pos: Position) -> int:
        """Excavations the goal still needs, each one action: a lower bound on the cost to go."""
        goal = self.puzzle.goal
        new = pos.seat(self.hero).temples[self.before :]
        need = max(goal.temples - len(new), 0)
        if goal.map_card is not None and all(card != goal.map_card for card, _ in new):
            need = max(need, 1)
        return need

    def pointless(self, pos: Position, action: Action, cost: int, need: int) -> bool:
        """Whether an action cannot be part of an optimal line from here."""
        if isinstance(action, Oracle):
            return True
        if pos.phase != "act":
            return False
        if isinstance(action, Buy):
            # A purchase is followed by a step with no point left: to dig, or after the last dig
            # (see least_actions).
            return pos.actions_left < need + 2
        if isinstance(action, Step):
            # Where the step leaves the boat, judged before playing it: most steps lead nowhere.
            budget = step_budget(pos)
            if budget is None:
                return False  # the engine will refuse it
            started, points = budget
            boat = Boat(action.dock, pos.actions_left - started, points, action.dock == pos.seat(pos.other).boat)
            return self.least_actions(pos, need, boat) > boat.actions_left
        # Only an excavation brings the goal nearer; anything else must leave enough actions.
        return not isinstance(action, Excavate) and pos.actions_left - cost < need

    def dead(self, pos: Position) -> bool:
        """Whether no line from this state reaches the goal within the turn."""
        return self.bound(pos) == math.inf

    def bound(self, pos: Position) -> float:
        """A lower bound on the actions the goal still takes from this state; infinite when it
        exceeds the actions left, so that the state is dead."""
        need = self.needed(pos)
        if pos.phase == "place":
            # The board changes with the placement still to come: only count the excavations.
            return need if pos.components.player_board.actions_after(len(pos.hero.temples)) >= need else math.inf
        if pos.actions_left < need:
            return math.inf
        least = self.least_actions(pos, need)
        return least if least <= pos.actions_left else math.inf

    def least_actions(self, pos: Position, need: int, boat: Boat | None = None) -> float:
        """A lower bound on the actions the goal still takes in this action phase (inf: never),
        with the boat where `boat` says if given.

        Each excavation is an action. Without buying, a card in hand must be excavated on an
        island where it fits, and the boat must sail there: as many steps as the dock graph says
        at least, on the points left and then at most 2 points per Move action. Buying is an
        action at Thera, which the boat must reach likewise, and a step follows either the last
        purchase (to dig) or the last excavation (to reach Thera), with no point left either way.
        """
        hero = pos.hero
        if boat is None:
            boat = Boat(hero.boat or "", pos.actions_left, pos.points, pos.passing)
        money = hero.drachmas + self.best_price * (len(hero.cargo) + 3 * (boat.actions_left - need))
        wanted = self.puzzle.goal.map_card
        if wanted is not None and any(c == wanted for c, _ in hero.temples[self.before :]):
            wanted = None  # the named card is played already: any card will do
        cards = pos.components.map
        targets: set[Quad] = set()
        for card in hero.maps:
            if (wanted is None or card == wanted) and cards[card].cost <= money:
                targets |= self._islands(pos, card)
        best = need + self._moves(pos, boat, frozenset(targets)) if targets else math.inf
        if best > need + 2 and boat.actions_left >= need + 2:
            buy = need + 1 + max(1, self._moves(pos, boat, None))
            if buy < best:
                for deck in pos.map_decks:
                    for card in deck:
                        affordable = cards[card].cost + self.buy_price <= money
                        if (wanted is None or card == wanted) and affordable and self._islands(pos, card):
                            return buy
        return best

    def _moves(self, pos: Position, boat: Boat, islands: frozenset[Quad] | None) -> float:
        """Fewest Move actions that could bring the boat to one of these islands (None: Thera)."""
        if boat.passing:
            return 0  # leaving the other boat's dock has its own cost; 0 stays a lower bound
        steps = self._distances(pos, islands).get(boat.dock)
        if steps is None:
            return math.inf  # no route or portage leads there
        return 0 if steps <= boat.points else math.ceil((steps - boat.points) / MOST_POINTS)

    def _distances(self, pos: Position, islands: frozenset[Quad] | None) -> dict[str, int]:
        """Steps from each dock to the nearest dock of these islands (None: Thera), ignoring the
        other boat (`dock_steps`); cached per board."""
        board = pos.board
        entry = self._steps.get(id(board))
        if entry is None:
            by_route: dict[int, list[str]] = {}
            for dock, component in board.ship_component.items():
                by_route.setdefault(component, []).append(dock)
            entry = self._steps[id(board)] = (board, by_route, {})
        found = entry[2].get(islands)
        if found is None:
            goal = frozenset({board.thera_island}) if islands is None else islands
            found = dock_steps(board, goal, entry[1])
            entry[2][islands] = found
        return found

    def _islands(self, pos: Position, card: str) -> frozenset[Quad]:
        """Islands the hero could dig where a map card has a site, read from the hero's seat;
        cached per board and temples."""
        board, temples = pos.board, pos.hero.temples
        entry = self._fits.get((id(board), id(temples)))
        if entry is None:
            entry = self._fits[(id(board), id(temples))] = (board, temples, self._diggable(pos), {})
        found = entry[3].get(card)
        if found is None:
            spec = pos.components.map[card]
            sites = valid_sites(board, self.hero, spec, entry[2])
            found = entry[3][card] = frozenset(board.island_at(q) for q in sites)  # type: ignore[misc]
        return found

    @staticmethod
    def _diggable(pos: Position) -> tuple[Quad, ...]:
        """Land quadrants of the islands a temple could go on: not Thera, no temple, a dock."""
        board = pos.board
        taken = temple_island_set(pos)
        return tuple(
            q
            for island, quads in board.island_quads.items()
            if island != board.thera_island and island not in taken and island in board.docks_of_island
            for q in quads
        )
