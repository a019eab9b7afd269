"""The ladder of weaker solvers a puzzle is graded against, weakest first.

- `greedy`: the game's greedy bot (bots.GreedyBot) plays the hero's turns: it excavates when
  it can, sells, buys, loads and sails toward the nearest island where a map fits. It places
  its tile at random (from a fixed seed), as it does in games.
- `beam`: a bounded planner: a beam search that keeps the `BEAM` most promising states after
  each action, ranked by actions spent plus the exhaustive search's lower bound on the actions
  still needed (in the horizon's last turn). It looks ahead over every action of the states it
  keeps, but keeps few, so a line that looks worse on the way is lost.

Each returns the cost of the line it plays to the goal, or None. Both are deterministic: they
read no clock and draw from fixed seeds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable

from ..actions import Action, EndTurn, PlaceTile
from ..board import Board
from ..bots import GreedyBot
from ..position import evolve
from ..puzzle import Puzzle, State, moves, play, reached
from ..rules import action_cost
from ..solver.exhaustive import state_key
from ..solver.pruning import LastTurn

BEAM = 8
"""States the beam planner keeps after each action."""
MOST_PLIES = 40
"""Actions (free ones included) either planner plays before it gives up."""
RUNGS = ("greedy", "beam", "exact")
"""The ladder, weakest first; `exact` is the CP-SAT solver itself."""


def greedy_cost(puzzle: Puzzle) -> int | None:
    """The cost of the greedy bot's line to the goal, or None if it does not reach it."""
    bot = GreedyBot()
    rng = random.Random(0)
    state = State(puzzle.start)
    cost = 0
    for _ in range(MOST_PLIES):
        legal = moves(puzzle, state)
        if not legal:
            return None
        action = bot.choose(state.pos, rng)
        if action not in legal:
            return None  # the bot would end the horizon's last turn
        cost += action_cost(state.pos, action)
        state = play(puzzle, state, action)
        if reached(puzzle, state.pos):
            return cost
    return None


def beam_cost(puzzle: Puzzle, width: int = BEAM) -> int | None:
    """The cost of the best line the beam planner finds, or None."""
    last = LastTurn(puzzle)
    beam: list[tuple[int, State]] = [(0, State(puzzle.start))]
    best: int | None = None
    boards: dict[Board, Board] = {}
    for _ in range(MOST_PLIES):
        children: dict[Hashable, tuple[float, int, int, State]] = {}
        order = 0
        for cost, state in beam:
            for action in moves(puzzle, state):
                total = cost + action_cost(state.pos, action)
                if best is not None and total >= best:
                    continue
                child = play(puzzle, state, action)
                if isinstance(action, PlaceTile):
                    child = _shared_board(child, boards)
                if reached(puzzle, child.pos):
                    best = total
                    continue
                rank = _rank(puzzle, last, child, total, action)
                if rank == math.inf:
                    continue
                key = state_key(child)
                seen = children.get(key)
                if seen is None or (rank, total) < seen[:2]:
                    children[key] = (rank, total, order, child)
                order += 1
        kept = sorted(children.values(), key=lambda c: (c[0], c[1], c[2]))[:width]
        beam = [(total, child) for _, total, _, child in kept if best is None or total < best]
        if not beam:
            break
    return best


def _shared_board(state: State, boards: dict[Board, Board]) -> State:
    """The state with its board replaced by an equal one met before, if any: placements that
    differ only in the second cube make equal boards, and the lower bound's caches and each
    board's derived structure are kept per board object (solver/pruning.py). An equal board
    is the same value (Board compares its placements), so the beam's choices do not change."""
    board = boards.setdefault(state.pos.board, state.pos.board)
    return state if board is state.pos.board else State(evolve(state.pos, board=board), state.turn)


def _rank(puzzle: Puzzle, last: LastTurn, state: State, cost: int, action: Action) -> float:
    """Actions spent plus a lower bound on those still needed, where one is known."""
    if state.turn >= puzzle.turns:
        return cost + last.bound(state.pos)
    # In an earlier turn: the goal's excavations are still to come; ending the turn early
    # looks no better than using the turn.
    return cost + last.needed(state.pos) + (1 if isinstance(action, EndTurn) else 0)


def ladder(puzzle: Puzzle) -> tuple[tuple[str, int | None], ...]:
    """Each weaker solver with the cost of its line (None: it found none)."""
    return (("greedy", greedy_cost(puzzle)), ("beam", beam_cost(puzzle)))


def weakest(optimum: int, costs: tuple[tuple[str, int | None], ...]) -> str:
    """The weakest rung whose line is optimal: `exact` when none of the weaker ones is."""
    for name, cost in costs:
        if cost == optimum:
            return name
    return "exact"
