"""The proof that a two-turn puzzle's first turn matters (issue 30: no degenerate two-turn puzzles).

A two-turn puzzle is worth its horizon only when its optimum is strictly better than the best
line that does nothing useful in turn 1. Such a line takes no action in turn 1: it plays `end`
at once (from the action phase), or places the tile and then plays `end` (from the placement,
which the game does not let a player skip, R-TURN-1). Its best is the least optimum of the
rest of the puzzle after each such turn 1 (a one-turn puzzle from the hero's next turn, under
what the premise still states), each proven by the solver; turn 1 costs no action. When the
premise does not state the tile drawn at the end of turn 1, no line may end it (premise.py):
no idle line exists, and the proof is INFEASIBLE.

The generator keeps a two-turn candidate only when that best is worse than its optimum, or no
such line exists, and records the proof in the certificate (`certificate.idle_first_turn`).
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import EndTurn, PlaceTile
from ..puzzle import IdleTurn, Puzzle, State, moves, play, why_not
from ..solver import solve
from ..solver.deadline import NO_LIMIT, Deadline, TimeUp


def idle_rests(puzzle: Puzzle) -> list[Puzzle]:
    """The rest of the puzzle after each turn 1 that takes no action (module docstring), as a
    one-turn puzzle; none when no such turn 1 is playable."""
    firsts: list[State] = []
    start = State(puzzle.start)
    if puzzle.start.phase == "place":
        firsts = [play(puzzle, start, a) for a in moves(puzzle, start) if isinstance(a, PlaceTile)]
    else:
        firsts = [start]
    rests = []
    for state in firsts:
        if why_not(puzzle, state, EndTurn()) is not None:
            continue
        after = play(puzzle, state, EndTurn())
        rest = replace(
            puzzle,
            id=f"{puzzle.id} (turn 1 idle)",
            start=after.pos,
            turns=puzzle.turns - 1,
            solution=None,
            optimum=None,
            certificate=None,
            grade=None,
            revealed=puzzle.revealed.after(puzzle.start, after.pos),
        )
        if rest.check_start() is None:
            rests.append(rest)
    return rests


def idle_first_turn(
    puzzle: Puzzle, optimum: int, deadline: Deadline = NO_LIMIT, rests: list[Puzzle] | None = None
) -> IdleTurn:
    """The best line of a two-turn puzzle whose turn 1 does nothing, proven: OPTIMAL with its
    optimum, or INFEASIBLE (no such line). The search stops at the first rest whose optimum is
    at most `optimum` (the puzzle is degenerate; that rest's optimum is returned). TimeUp when
    `deadline` runs out first. From the placement, each rest after the first is solved with a
    ceiling one below the best found so far (the least optimum stays exact, docs/generator.md).
    `rests`: those to look at instead of `idle_rests(puzzle)` (a benchmark's or a test's sample)."""
    if puzzle.turns != 2:
        raise ValueError(f"{puzzle.id}: a horizon of {puzzle.turns} turn(s); the proof is for two-turn puzzles")
    best: int | None = None
    for rest in idle_rests(puzzle) if rests is None else rests:
        left = deadline.left()
        if left is not None and left <= 0:
            raise TimeUp
        # Once a best is known, a rest only matters if it beats it: a ceiling below the best
        # proves the others cheaper, and the least optimum is still exact.
        # Only the optimum is read: any line at it will do (`solve`'s `any_line`).
        r = solve(rest, time_limit=left, most=None if best is None else best - 1, any_line=True)
        if r.status not in ("OPTIMAL", "INFEASIBLE"):
            if r.timed_out:
                raise TimeUp
            raise RuntimeError(f"{rest.id}: the solve ended {r.status}")
        if r.status == "OPTIMAL" and r.optimum is not None and (best is None or r.optimum < best):
            best = r.optimum
            if best <= optimum:
                break
    return IdleTurn("INFEASIBLE") if best is None else IdleTurn("OPTIMAL", best)


def matters(proof: IdleTurn, optimum: int) -> bool:
    """Whether the proof shows turn 1 matters: no idle line, or only worse ones."""
    return proof.optimum is None or proof.optimum > optimum
