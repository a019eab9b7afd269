"""Helpers of tools/make_lessons.py: seeded games between compact greedy bots, and the search
for what a player holding a misreading would play.

A misreading is modelled as a *belief*: which of the engine's legal actions the player thinks
possible (`allow`), which actions they think legal though the engine may refuse them
(`imagined`: such an action ends their plan), and what they think they own (`update` keeps
a belief value along the line, e.g. the drachmas they think they have). `plan` finds the line
they would play: the cheapest, by the game's count of actions, that reaches the goal in their
eyes. The engine then judges that line; the lesson file records it and the tests replay it.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import random
import re
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from akrotiri_puzzles import apply, legal_actions, new_game
from akrotiri_puzzles.actions import Action, Excavate, PlaceTile
from akrotiri_puzzles.board import Board
from akrotiri_puzzles.bots import GreedyBot
from akrotiri_puzzles.components import Components
from akrotiri_puzzles.geometry import in_direction, quad_slot
from akrotiri_puzzles.graphs import route_graph
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Puzzle, State, moves, play, reached
from akrotiri_puzzles.rules import action_cost, boat_island, temple_island_set

BOTS_WORDS = "two greedy bots (akrotiri_puzzles.bots) that lay their land tiles as close to Thera as they can"


class CompactGreedy(GreedyBot):
    """The greedy bot, laying each land tile in the free slot nearest Thera (ties at random),
    so that boards stay small enough to read in a picture."""

    name = "compact"

    def choose(self, pos: Position, rng: random.Random) -> Action:
        """The greedy bot's choice, but a compact tile placement."""
        legal = legal_actions(pos)
        if legal and isinstance(legal[0], PlaceTile):

            def ring(a: Action) -> float:
                assert isinstance(a, PlaceTile)
                x, y = a.slot
                far, near = max(abs(x + 0.5), abs(y + 0.5)), min(abs(x + 0.5), abs(y + 0.5))
                return far + 0.3 * near

            best = min(ring(a) for a in legal)
            return rng.choice([a for a in legal if ring(a) <= best + 1e-9])
        return super().choose(pos, rng)


def seed_range(text: str) -> range:
    """A `--seeds` option, "N" or "N-M" (an argparse type: a bad one is argparse's one-line error)."""
    m = re.fullmatch(r"\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?", text)
    if m is None or int(m.group(2) or m.group(1)) < int(m.group(1)):
        raise argparse.ArgumentTypeError(f"expected seeds N or N-M with N <= M, got {text!r}")
    return range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1)


def game(
    comps: Components, seed: int, edition: int = 2016, max_turn: int = 40
) -> Iterator[tuple[tuple[Action, ...], Position]]:
    """Every position of a seeded game between two compact greedy bots, with the line from the new game."""
    rng = random.Random(seed)
    players = {"south": CompactGreedy(), "north": CompactGreedy()}
    pos = new_game(comps, seed, edition)
    line: list[Action] = []
    while pos.phase != "over" and pos.turn <= max_turn:
        yield tuple(line), pos
        action = players[pos.to_move].choose(pos, rng)
        line.append(action)
        pos = apply(pos, action)
    yield tuple(line), pos


# ---- beliefs ---------------------------------------------------------------------------------


@dataclass
class Belief:
    """A misreading: the moves a player believes in. The defaults believe the rules."""

    def allow(self, state: State, belief: Hashable, action: Action) -> bool:
        """Whether the player thinks this legal action possible."""
        return True

    def imagined(self, state: State, belief: Hashable) -> list[Action]:
        """Actions the player thinks legal here that the rules do not allow; each ends the plan."""
        return []

    def update(self, state: State, belief: Hashable, action: Action) -> Hashable:
        """What the player believes after the action."""
        return belief

    def start(self) -> Hashable:
        """What the player believes at the start."""
        return None


def plan(puzzle: Puzzle, belief: Belief, max_nodes: int = 4000) -> tuple[int, tuple[Action, ...]] | None:
    """The line a player holding the belief would play: the cheapest that reaches the goal in
    their eyes (by the game's count of actions; fewer actions first on a tie), or None."""
    count = itertools.count()
    heap: list[tuple[int, int, int, State | None, Hashable, tuple[Action, ...]]] = [
        (0, 0, next(count), State(puzzle.start), belief.start(), ())
    ]
    seen: dict[Hashable, int] = {}
    nodes = 0
    while heap:
        cost, n, _, state, held, line = heapq.heappop(heap)
        if state is None:
            return cost, line
        key = (state.pos.key(), state.turn, held)
        if seen.get(key, 10**9) <= cost:
            continue
        seen[key] = cost
        if reached(puzzle, state.pos):
            return cost, line
        nodes += 1
        if nodes > max_nodes:
            return None
        for action in belief.imagined(state, held):
            heapq.heappush(heap, (cost + 1, n + 1, next(count), None, held, (*line, action)))
        for action in moves(puzzle, state):
            if not belief.allow(state, held, action):
                continue
            after = play(puzzle, state, action)
            heapq.heappush(
                heap,
                (
                    cost + action_cost(state.pos, action),
                    n + 1,
                    next(count),
                    after,
                    belief.update(state, held, action),
                    (*line, action),
                ),
            )
    return None


# ---- reading map cards -----------------------------------------------------------------------


def icon_count(pos: Position, seat: str, site: tuple[int, int], direction: str, kind: str, how: str = "rules") -> int:
    """Icons of a kind in a direction of a site, read the way `how` says:
    "rules" (R-EXC-2), "own" (the site's own quadrant counts too), "column" (only icons in
    the site's own column of tiles count as above or below, its row of tiles as left or right)."""
    n = 0
    for quad, k in pos.board.icons:
        if k != kind:
            continue
        if quad == site:
            n += how == "own"
            continue
        if not in_direction(seat, direction, site, quad):
            continue
        if how == "column":
            axis = 0 if direction in ("above", "below") else 1
            if quad_slot(quad)[axis] != quad_slot(site)[axis]:
                continue
        n += 1
    return n


def card_fits(pos: Position, seat: str, card_id: str, site: tuple[int, int], how: str = "rules") -> bool:
    """Whether a map card fits a site, read the way `how` says (see icon_count)."""
    card = pos.components.map[card_id]
    return all(icon_count(pos, seat, site, d, k, how) >= n for d, k, n in card.requires)


def dig_sites(
    pos: Position, fits: Callable[[Position, str, tuple[int, int]], bool], temples: str = "island"
) -> list[Excavate]:
    """Excavations a player thinks legal where the boat is: one per card, at the first site
    `fits` accepts; `temples` says which temples block the island: "island" (R-EXC-1) or
    "tile" (the misreading that only a temple on the same tile does)."""
    board = pos.board
    island = boat_island(pos)
    if pos.phase != "act" or pos.passing or pos.actions_left < 1 or island is None or island == board.thera_island:
        return []
    if len(pos.hero.temples) >= pos.components.player_board.temples:
        return []
    blocked_slots = {quad_slot(site) for s in pos.seats for _, site in s.temples if board.island_at(site) == island}
    if temples == "island" and island in temple_island_set(pos):
        return []
    out = []
    for card_id in sorted(set(pos.hero.maps)):
        if pos.components.map[card_id].cost > pos.hero.drachmas:
            continue
        for quad in board.island_quads[island]:
            if quad_slot(quad) in blocked_slots:
                continue
            if fits(pos, card_id, quad):
                out.append(Excavate(card_id, quad))
                break
    return out


def route_neighbours(pos: Position, dock: str) -> frozenset[str]:
    """Docks a ship step reaches without passing another dock on the way."""
    return _route_neighbours(pos.board, dock)


@lru_cache(maxsize=4096)
def _route_neighbours(board: Board, dock: str) -> frozenset[str]:
    graph = route_graph(board)
    out: set[str] = set()
    seen, todo = {dock}, [dock]
    while todo:
        node = todo.pop()
        for nxt in graph.neighbors(node):
            if nxt in seen:
                continue
            seen.add(nxt)
            if isinstance(nxt, str) and nxt in board.docks:
                out.add(nxt)
            else:
                todo.append(nxt)
    return frozenset(out)
