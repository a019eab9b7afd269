"""The misreadings of tools/make_lessons.py, each as a belief (see lessons/search.py: Belief): what a
new player who holds it thinks they may do, own or score."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import networkx as nx

from akrotiri_puzzles.actions import Action, Excavate, Step, Unload
from akrotiri_puzzles.board import Board
from akrotiri_puzzles.geometry import SEATS, Quad, board_quarter, point_slots, quad_name, quad_slot, slot_neighbours
from akrotiri_puzzles.graphs import dock_graph, portage_distance, ship_components
from akrotiri_puzzles.position import Position, evolve
from akrotiri_puzzles.puzzle import State
from akrotiri_puzzles.rules import boat_island, legal_actions

from .search import Belief, card_fits, dig_sites, route_neighbours


def _other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


# ---- moving (R-MOVE) ---------------------------------------------------------------------------


class OneDockAtATime(Belief):
    """R-MOVE-1 misread: a ship step only reaches the next dock along a route."""

    def allow(self, state: State, belief: Hashable, action: Action) -> bool:
        if isinstance(action, Step) and not action.portage:
            boat = state.pos.hero.boat
            return boat is not None and action.dock in route_neighbours(state.pos, boat)
        return True


class CargoDoesNotMatter(Belief):
    """R-MOVE-2 misread: a loaded boat moves as far as an empty one, so there is no reason to
    unload before moving."""

    def allow(self, state: State, belief: Hashable, action: Action) -> bool:
        return not isinstance(action, Unload)


class CannotPass(Belief):
    """R-MOVE-3 misread: a dock with the other boat cannot be entered at all."""

    def allow(self, state: State, belief: Hashable, action: Action) -> bool:
        return not (isinstance(action, Step) and action.dock == state.pos.seat(state.pos.other).boat)


class MayStopAtOccupied(Belief):
    """R-MOVE-3 misread: a boat may stop at the other boat's dock and act there."""

    def imagined(self, state: State, belief: Hashable) -> list[Action]:
        pos = state.pos
        if not pos.passing:
            return []
        free = evolve(pos, passing=False)
        return [a for a in legal_actions(free) if isinstance(a, Excavate)][:1]


# ---- map cards and temples (R-EXC) ---------------------------------------------------------------


@dataclass
class MisreadCards(Belief):
    """R-EXC-2 misread: map cards read another way, `how`: "other seat" (from the opponent's
    side of the table), "own" (the site's own quadrant counts), "column" (above means in the
    same column of tiles)."""

    how: str

    def _fits(self, pos: Position, card: str, site: Quad) -> bool:
        if self.how == "other seat":
            return card_fits(pos, _other(pos.to_move), card, site)
        return card_fits(pos, pos.to_move, card, site, self.how)

    def allow(self, state: State, belief: Hashable, action: Action) -> bool:
        if isinstance(action, Excavate):
            return self._fits(state.pos, action.card, action.site)
        return True

    def imagined(self, state: State, belief: Hashable) -> list[Action]:
        if self.how == "column":  # stricter than the rules: it never sees a site the rules refuse
            return []
        pos = state.pos
        return dig_sites(
            pos, lambda p, c, q: self._fits(p, c, q) and not card_fits(p, p.to_move, c, q), temples="island"
        )


class TemplePerTile(Belief):
    """R-EXC-1 misread: a temple only blocks its own tile, not its whole island."""

    def imagined(self, state: State, belief: Hashable) -> list[Action]:
        pos = state.pos
        island = boat_island(pos)
        taken = {pos.board.island_at(site) for s in pos.seats for _, site in s.temples}
        if island not in taken:
            return []
        return dig_sites(pos, lambda p, c, q: card_fits(p, p.to_move, c, q), temples="tile")


# ---- goal cards (R-GOAL) -------------------------------------------------------------------------


def step_distance(board: Board) -> dict[Quad, int]:
    """Misread portage distance: every step from a Thera dock counted, ship steps too."""
    g = nx.Graph()
    g.add_nodes_from(board.docks)
    g.add_edges_from((a, b) for a, b, _ in dock_graph(board).edges(data=True))
    dist = nx.multi_source_dijkstra_path_length(g, set(board.thera_docks))
    out: dict[Quad, int] = {}
    for dock, d in dist.items():
        island = board.island_of_dock[dock]
        out[island] = min(out.get(island, d), int(d))
    return out


def edge_completed(board: Board) -> frozenset[Quad]:
    """Misread completed islands: every slot sharing an edge with the island's tiles is filled
    (the rule also asks for the slots touching its corners diagonally, R-GEO-9)."""
    out = set()
    for island, keys in board.islands.items():
        slots = {board.pieces[k].slot for k in keys}
        if None in slots:
            continue
        if all(n in board.filled for s in slots if s is not None for n in slot_neighbours(s)):
            out.add(island)
    return frozenset(out)


def thera_connected(board: Board) -> set[frozenset[Quad]]:
    """Misread directly connected islands: joined by a ship step through Thera's routes too."""
    pairs: set[frozenset[Quad]] = set()
    for comp in ship_components(board, with_thera=True):
        isles = sorted({board.island_of_dock[d] for d in comp})
        for i, a in enumerate(isles):
            for b in isles[i + 1 :]:
                pairs.add(frozenset((a, b)))
    return pairs


def believed_gain(pos: Position, goal_rule: str, site: Quad, truth: bool) -> bool:
    """Whether a temple on `site` scores the goal card, as the rules say (`truth`) or as the
    lesson's misreading of the card says."""
    board = pos.board
    island = board.island_at(site)
    seat = pos.hero
    mine = [s for _, s in seat.temples]
    if goal_rule in ("portage_1", "portage_2"):
        d = (portage_distance(board) if truth else step_distance(board)).get(island)  # type: ignore[arg-type]
        if d is None:
            return False
        if goal_rule == "portage_1":
            return d == 1
        return d >= 2 if pos.edition == 2016 else d == 2
    if goal_rule == "quarters":
        if truth:
            return board_quarter(site) not in {board_quarter(s) for s in mine}
        return quad_name(site) not in {quad_name(s) for s in mine}
    if goal_rule == "largest_completed":
        done = board.completed if truth else edge_completed(board)
        return island in done
    if goal_rule == "uncompleted":
        done = board.completed if truth else edge_completed(board)
        return island not in done
    if goal_rule == "not_connected":
        pairs = _direct(board) if truth else thera_connected(board)
        others = {board.island_at(s) for s in mine} - {island}
        return not any(frozenset((island, o)) in pairs for o in others)
    raise ValueError(goal_rule)


def _direct(board: Board) -> set[frozenset[Quad]]:
    from akrotiri_puzzles.graphs import directly_connected

    return directly_connected(board)


@dataclass
class ScoresThere(Belief):
    """A goal-card misread: the player only digs where they believe the card scores."""

    goal_rule: str

    def allow(self, state: State, belief: Hashable, action: Action) -> bool:
        if isinstance(action, Excavate):
            return believed_gain(state.pos, self.goal_rule, action.site, truth=False)
        return True


__all__ = [
    "CannotPass",
    "CargoDoesNotMatter",
    "MayStopAtOccupied",
    "MisreadCards",
    "OneDockAtATime",
    "ScoresThere",
    "TemplePerTile",
    "believed_gain",
    "point_slots",
    "quad_slot",
]
