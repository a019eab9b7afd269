"""The good first actions of a puzzle: the legal first actions after which an optimal line
still exists (issue 30: a hard puzzle has at most a few).

A first action `a` is good when some line that starts with it reaches the goal in the
puzzle's optimum N: `a` reaches it at cost N, or the rest of the puzzle after `a` (the position
reached, what is left of the horizon, the goal and the premise: `puzzle.rest_of`) has a line of
at most N - cost(a) actions, proven by the solver with that ceiling. A state the rest cannot
start from (a goal card to keep after an excavation, say) is looked through: each of its
moves in turn, with what is left of the budget. States whose lower bound (the last turn's:
excavations still needed, the actions left) already exceeds the budget need no solve.

A tile placement is counted once per slot and rotation: where the tile goes is the decision;
the second cube's colour and piece that come with it (R-TILE-2) are the same decision's detail
(the certificate's strict uniqueness says whether they matter). Without it every placement
puzzle would count one good placement six or eight times over.

When the puzzle starts before its tile placement and its answer is proven canonically unique,
the other slots need no solve: a placement's slot is part of an answer's identity
(solver/canonical.py), so an optimal line that starts in another slot would be a second
answer. Its rotation is not (session 43): the answer's slot turned otherwise may still reach
the optimum with the same visits, the same answer, so those rotations (three at most) are
solved; the others of the slot are good only if they do. Before the placement every legal first
action is one (R-TURN-1), and counting them one by one took 84 decisions and 684 solves (23 s
of CPU) for one kept puzzle (docs/benchmarks.md).

Every count is proven, and none reads a clock: the same puzzle gives the same counts.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from ..actions import Action, PlaceTile
from ..puzzle import FirstActions, Puzzle, State, moves, play, reached, rest_of
from ..rules import action_cost
from ..solver.deadline import NO_LIMIT, Deadline, TimeUp
from ..solver.pruning import LastTurn

if TYPE_CHECKING:
    from ..solver import SolveResult

MOST_GOOD = 2
"""The most good first actions a hard puzzle may have (docs/generator.md: on the collection's
hard puzzles found by neither the greedy bot nor the beam planner, most have one or two; the
ones with more are the ones whose answer starts anywhere)."""


def good_first_actions(puzzle: Puzzle, optimum: int, deadline: Deadline = NO_LIMIT) -> tuple[Action, ...]:
    """The legal first actions after which a line of `optimum` actions still exists, in the
    engine's order; TimeUp when `deadline` runs out first."""
    start = State(puzzle.start)
    last = LastTurn(puzzle)
    return tuple(a for a in moves(puzzle, start) if _within(puzzle, last, start, a, optimum, deadline))


def decision(action: Action) -> Hashable:
    """What a first action decides: a tile placement its slot and rotation, any other action
    itself (module docstring)."""
    return ("place", action.slot, action.rotation) if isinstance(action, PlaceTile) else action


def first_actions(
    puzzle: Puzzle,
    optimum: int,
    deadline: Deadline = NO_LIMIT,
    unique: tuple[Action, ...] | None = None,
    enough: int | None = None,
) -> FirstActions:
    """How many first decisions are legal and how many of them good (`good_first_actions`,
    counted by `decision`). `unique` is the answer when proven canonically unique: if every
    legal first action is a tile placement, only its slot can be good (module docstring): its
    placement is, and its slot's other rotations are solved. `enough`: stop counting when that
    many good decisions are found (the count is then `enough`, a floor; below it the count is
    exact). The generator's hard gate needs to know only whether more than MOST_GOOD are good."""
    start = State(puzzle.start)
    legal = moves(puzzle, start)
    decisions = {decision(a) for a in legal}
    if unique is not None and legal and all(isinstance(a, PlaceTile) for a in legal):
        first = unique[0] if unique else None
        if not isinstance(first, PlaceTile) or decision(first) not in decisions:
            raise ValueError(f"{puzzle.id}: the unique answer given does not start with a legal placement")
        last = LastTurn(puzzle)
        turned: dict[Hashable, list[Action]] = {}
        for a in legal:
            if isinstance(a, PlaceTile) and a.slot == first.slot and decision(a) != decision(first):
                turned.setdefault(decision(a), []).append(a)
        also = sum(any(_within(puzzle, last, start, a, optimum, deadline) for a in acts) for acts in turned.values())
        return FirstActions(legal=len(decisions), good=1 + also)
    last = LastTurn(puzzle)
    good: set[Hashable] = set()
    for a in legal:
        if decision(a) not in good and _within(puzzle, last, start, a, optimum, deadline):
            good.add(decision(a))
            if enough is not None and len(good) >= enough:
                break
    return FirstActions(legal=len(decisions), good=len(good))


def _within(puzzle: Puzzle, last: LastTurn, state: State, action: Action, budget: int, deadline: Deadline) -> bool:
    """Whether a line that plays `action` from `state` reaches the goal within `budget`."""
    left = budget - action_cost(state.pos, action)
    if left < 0:
        return False
    child = play(puzzle, state, action)
    if reached(puzzle, child.pos):
        return True
    if left == 0:
        return False  # only an excavation, which costs an action, meets the goal
    if child.turn >= puzzle.turns and last.bound(child.pos) > left:
        return False  # the last turn's bound (the exhaustive search's): more than the budget
    rest = rest_of(puzzle, child)
    if rest is None:
        # No puzzle of its own (a goal card to keep, say): look through it.
        return any(_within(puzzle, last, child, a, left, deadline) for a in moves(puzzle, child))
    r = proven(rest, deadline, most=left)
    return r.status == "OPTIMAL" and r.optimum is not None and r.optimum <= left


def proven(
    puzzle: Puzzle, deadline: Deadline, forbid: frozenset[str] = frozenset(), most: int | None = None
) -> SolveResult:
    """A solve within the deadline, proven (OPTIMAL or INFEASIBLE); TimeUp when it ran out first.
    The grader's solves share it (grade.py); they read only its status and optimum, so any line
    at the optimum will do (`solve`'s `any_line`). The exhaustive probe is asked of one-turn
    puzzles only: over two turns (the rest after a first action of turn 1) it seldom ends within
    its states (`PROBE_STATES`; the 39 first actions of `hard-s4717-t2-drawn-00353`: none, 8.4 s
    of CPU for nothing), and CP-SAT's proof is the same proof."""
    from ..solver import solve  # OR-Tools: loaded at the first solve, not with the module (`check` reads grades)

    left = deadline.left()
    if left is not None and left <= 0:
        raise TimeUp
    r = solve(puzzle, forbid=forbid, time_limit=left, most=most, any_line=True, probe=puzzle.turns == 1)
    if r.status not in ("OPTIMAL", "INFEASIBLE"):
        if r.timed_out:
            raise TimeUp
        without = f" without {', '.join(sorted(forbid))}" if forbid else ""
        raise RuntimeError(f"{puzzle.id}: the solve{without} ended {r.status}")
    return r


def passes(rung: str, first: FirstActions | None) -> bool:
    """Whether a puzzle is hard to find: neither the greedy bot nor the beam planner finds its
    optimum (rung `exact`), and it has at most MOST_GOOD good first actions."""
    return rung == "exact" and first is not None and first.good <= MOST_GOOD
