"""An exhaustive search for a puzzle's optimum, played through the engine alone.

Uniform-cost search over puzzle states: the engine lists the moves (`puzzle.moves`), plays
them (`puzzle.play`) and prices them (`rules.action_cost`: 0, 1 or 2 actions), and
`puzzle.reached` says when the goal is met. It shares no code with the CP-SAT model, so that
the two check each other with the engine as referee.

States are merged by `state_key`, and `pruning.LastTurn` drops branches in the horizon's last
turn that cannot lead to an optimal line. Both are sound: docs/puzzles.md argues each, and the
tests compare the search with and without the prunings.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..actions import Action, Buy, Excavate, Load, Oracle, Sell, Step, Unload
from ..geometry import Quad
from ..position import Position
from ..puzzle import Puzzle, State, moves, play, reached
from ..rules import action_cost
from .pruning import LastTurn

KINDS: dict[type, str] = {Buy: "buy", Sell: "sell", Load: "load", Unload: "unload", Oracle: "oracle"}
"""Actions that are a technique by their kind alone (names as in the model's TECHNIQUES)."""


@dataclass(frozen=True)
class SearchResult:
    """What the search proved: the optimum and a line reaching it, or infeasibility."""

    optimum: int | None
    """Fewest actions that reach the goal, or None when no line within the horizon does."""
    line: tuple[Action, ...]
    """An optimal line, replayable with `puzzle.replay` (empty when infeasible)."""
    complete: bool
    """False when the node cap stopped the search before it proved anything."""
    nodes: int
    """States played through the engine."""
    seconds: float


def island_cubes(pos: Position) -> tuple[tuple[tuple[Quad, str], int], ...]:
    """The cubes on the board counted per island and colour, sorted."""
    island_of_piece = pos.board.island_of_piece
    per_island: dict[tuple[Quad, str], int] = {}
    for piece, colour, n in pos.cubes:
        where = (island_of_piece[piece], colour)
        per_island[where] = per_island.get(where, 0) + n
    return tuple(sorted(per_island.items()))


def state_key(state: State, cubes: Hashable | None = None) -> Hashable:
    """A key shared by states whose futures are the same; `cubes` is `island_cubes(state.pos)`
    if the caller has it.

    It is the position without what a puzzle never changes (the passive opponent's seat,
    edition, variant, who went first, and the game's turn number, which follows the horizon's
    turn), with the cubes counted per island rather than per piece: which piece of an island a
    cube lies on never matters, since islands only merge and loading takes from anywhere on
    the island (R-LOAD-1, R-TILE-3).
    """
    pos = state.pos
    return (
        state.turn,
        pos.phase,
        pos.actions_left,
        pos.points,
        pos.passing,
        pos.hero,
        pos.board.placements,
        island_cubes(pos) if cubes is None else cubes,
        pos.market,
        pos.oracle_used,
        pos.goal_offer,
        pos.land_pile,
        pos.land_discard,
        pos.map_decks,
        pos.goal_deck,
        pos.goal_face_up,
        pos.shuffle_seed,
    )


class _Keys:
    """`state_key` with the per-island cube count worked out once per board and cubes.

    Most actions keep the board and the cubes of their position, the very same objects; the
    cache holds on to them so that their ids stay theirs.
    """

    def __init__(self) -> None:
        self._cubes: dict[tuple[int, int], tuple[object, object, Hashable]] = {}

    def __call__(self, state: State) -> Hashable:
        pos = state.pos
        ident = (id(pos.board), id(pos.cubes))
        hit = self._cubes.get(ident)
        if hit is None:
            hit = self._cubes[ident] = (pos.board, pos.cubes, island_cubes(pos))
        return state_key(state, hit[2])


def search(
    puzzle: Puzzle, max_nodes: int | None = None, prune: bool = True, forbid: frozenset[str] = frozenset()
) -> SearchResult:
    """The puzzle's proven optimum and an optimal line, by uniform-cost search over engine states.

    `max_nodes` caps the states played; `prune=False` turns off the last-turn prunings (the
    state key still merges states), so that tests can check that they change nothing.
    `forbid` names techniques no line may use (as the model's `Spec.forbid`; see `forbidden`),
    so that a technique the CP-SAT solver finds necessary can be checked independently. The
    double move is not among them: the engine spends an empty boat's second point on the next
    step whether or not a line wants it, so a line without it is not a line the engine plays.
    """
    if "double-move" in forbid:
        raise ValueError("the exhaustive search cannot forbid the double move (see search's docstring)")
    if "second-turn" in forbid:
        puzzle = replace(puzzle, turns=1)
    return _Search(puzzle, max_nodes, prune, frozenset(forbid) - {"second-turn"}).run()


def forbidden(puzzle: Puzzle, state: State, action: Action, forbid: frozenset[str]) -> bool:
    """Whether playing `action` uses a forbidden technique: an action of a forbidden kind, a
    portage step, or a step into the opponent's dock (to pass it, R-MOVE-3)."""
    kind = KINDS.get(type(action))
    if kind is not None:
        return kind in forbid
    if not isinstance(action, Step):
        return False
    pos = state.pos
    if action.portage and "portage" in forbid:
        return True
    return "pass" in forbid and action.dock == pos.seat(pos.other).boat


class _Expansion(NamedTuple):
    """A state being expanded: its node, its moves still to play, and what pruning needs."""

    node: int
    state: State
    todo: Iterator[Action]
    pruning: bool
    need: int


class _Search:
    """Uniform-cost search with one bucket per cost (costs are 0, 1 or 2).

    All states of a bucket cost the same, so the order they are expanded in changes only how
    soon the optimum is found, never which. Each bucket holds two stacks, read last in, first
    out. States of the action phase that need nothing but excavations (`ready`) go first, and
    as soon as they are found: a state's moves are played one at a time, so that a tile
    placement's hundreds of children need not all be played before a ready one is looked at.
    Other children wait under the state being expanded. Excavations are tried first, since
    only they meet the goal. Free actions add to the bucket being read.
    """

    def __init__(self, puzzle: Puzzle, max_nodes: int | None, prune: bool, forbid: frozenset[str]) -> None:
        self.puzzle = puzzle
        self.forbid = forbid
        self.max_nodes = max_nodes
        self.prune = prune
        self.last = LastTurn(puzzle)
        self.key_of = _Keys()
        # Nodes live in flat lists; the line is rebuilt from parent links at the end.
        self.states: list[State | None] = []
        self.keys: list[Hashable] = []
        self.parent: list[int] = []
        self.via: list[Action | None] = []
        self.best: dict[Hashable, int] = {}
        self.buckets: list[tuple[list[int | _Expansion], list[int | _Expansion]]] = []
        self.nodes = 0
        self.clock = time.perf_counter()

    def run(self) -> SearchResult:
        """Search until the goal is met, the buckets run dry or the node cap is reached."""
        start = State(self.puzzle.start)
        if reached(self.puzzle, start.pos):
            return self._result(0, [])
        # A board made by placing a tile extends its parent's route sets only if the parent has
        # them: work them out once here rather than from scratch for every placement.
        start.pos.board.ship_reach  # noqa: B018
        self._push(start, -1, None, 0)
        level = 0
        while level < len(self.buckets):
            ready, rest = self.buckets[level]
            while ready or rest:
                stack = ready if ready else rest
                top = stack[-1]
                if isinstance(top, int):
                    opened = self._open(top, level)
                    if opened is None:
                        stack.pop()
                        continue
                    stack[-1] = top = opened
                action = next(top.todo, None)
                if action is None:
                    stack.pop()
                    self.states[top.node] = None  # expanded; only the links are kept for the line
                    continue
                found = self._play(top, action, level)
                if found is not None:
                    return found
            level += 1
        return self._result(None, [])

    def _open(self, node: int, level: int) -> _Expansion | None:
        """Start expanding a node, unless it was reached more cheaply since it was queued."""
        state = self.states[node]
        if state is None or self.best[self.keys[node]] < level:
            return None
        pruning = self.prune and state.turn >= self.puzzle.turns
        need = self.last.needed(state.pos) if pruning else 0
        # Excavations first: only they can meet the goal, and then nothing else need be tried.
        todo = sorted(moves(self.puzzle, state), key=lambda a: not isinstance(a, Excavate))
        if self.forbid:
            todo = [a for a in todo if not forbidden(self.puzzle, state, a, self.forbid)]
        return _Expansion(node, state, iter(todo), pruning, need)

    def _play(self, parent: _Expansion, action: Action, level: int) -> SearchResult | None:
        """Play one move; the result if it proves the optimum or hits the node cap."""
        pos = parent.state.pos
        cost = action_cost(pos, action)
        if parent.pruning and self.last.pointless(pos, action, cost, parent.need):
            return None
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            return SearchResult(None, (), False, self.nodes, time.perf_counter() - self.clock)
        child = play(self.puzzle, parent.state, action)
        self.nodes += 1
        total = level + cost
        if reached(self.puzzle, child.pos):
            # The goal is met only by an excavation, which costs one action, and every state
            # still queued is at this level or above: nothing can do better.
            return self._result(total, [*self._line(parent.node), action])
        self._push(child, parent.node, action, total)
        return None

    def _push(self, state: State, parent: int, action: Action | None, total: int) -> None:
        """Queue a state at its cost, unless it is dead or already queued as cheaply."""
        ready = False
        if self.prune and state.turn >= self.puzzle.turns:
            bound = self.last.bound(state.pos)
            if bound == math.inf:
                return
            # In the action phase with nothing but excavations left to do: worth a look first.
            ready = state.pos.phase == "act" and bound <= self.last.needed(state.pos)
        key = self.key_of(state)
        if self.best.get(key, total + 1) <= total:
            return
        self.best[key] = total
        self.states.append(state)
        self.keys.append(key)
        self.parent.append(parent)
        self.via.append(action)
        while len(self.buckets) <= total:
            self.buckets.append(([], []))
        ready_stack, rest = self.buckets[total]
        if ready:
            ready_stack.append(len(self.states) - 1)
        elif rest and isinstance(rest[-1], _Expansion):
            # Below the state being expanded, which goes on with its other moves first.
            rest.insert(len(rest) - 1, len(self.states) - 1)
        else:
            rest.append(len(self.states) - 1)

    def _line(self, node: int) -> list[Action]:
        """The actions from the start to a node."""
        line: list[Action] = []
        while self.parent[node] != -1:
            action = self.via[node]
            assert action is not None
            line.append(action)
            node = self.parent[node]
        line.reverse()
        return line

    def _result(self, optimum: int | None, line: list[Action]) -> SearchResult:
        return SearchResult(optimum, tuple(line), True, self.nodes, time.perf_counter() - self.clock)
