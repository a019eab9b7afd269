"""The legs over turn 1's board and one final board, from turn 1's board's own (`DELTA_LEGS`, session 96).

Before this module, reach_board_legs' `legs_on` read `dock_points` from a leg's starts over the
route groups of turn 1's board B1 and one final board Bk (reach_boards' `Boards.pair_points`;
R-MOVE-1; leaving the other boat's dock costs 2, R-MOVE-3), once per stop of a search and final
board of its group (now only with `DELTA_LEGS` off, or `CHECK` on).
A thin group's `every` questions search a few hundred final boards each (seed 1's turn 13, 2016,
south: 92 plain and 276 with the oracle), so that shortest path, worked out afresh for each board,
was about a tenth of those questions' CPU (session 95's profile: leg planning ~20 %).

Here the points from the same starts over B1 alone (`dock_points` over B1's groups, from the
starts that are B1's docks) are worked out once per setup and starts (`Boards.b1_points`), and
each board's answer starts from them: a copy, the starts at 0, each of the pair's groups that is
not one of B1's (`new_groups`: the routes and islands the next tile made or grew) entered from
its docks' points so far, then every dock whose points fell relaxes its groups again, cheapest
first (a Dijkstra whose labels start at upper bounds).

Exact: each label is always the points of a path over the pair's groups (B1's groups are among
them, `route_groups`; the starts B1's answer reads are among the pair's), so no label is ever
below the least points. At the end every step is relaxed: a step through one of B1's groups from
a dock whose label never fell is B1's answer's (which satisfies it: the least points over B1's
groups); through a new group, from the seeding; from a dock whose label fell, when it left the
heap (the first dock of a group to leave it at its least, as `dock_points`' `spent`: a later one
is no cheaper; the other boat's dock spends no group, its step costing 2). Labels at least every
step's relaxation and each a path's are the least points, and the docks with a label are those a
path reaches. So the answer is `dock_points`' over the pair's groups, dock for dock (a dict equal
to it, in another order; `legs_on` reads it by dock): `CHECK` asserts it on every call
(tests/test_reach_delta_legs.py).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

__all__ = ["CHECK", "DELTA_LEGS", "delta_points", "dock_points", "new_groups", "settle"]

DELTA_LEGS = True
"""Whether reach_board_legs' `plan_moves` reads each final board's legs as changes to turn 1's
board's (`changes_on`, from `delta_points`; module doc); False: every board's `legs_on`
(`Boards.pair_points`, `dock_points` over the pair's groups afresh), as before session 96."""

CHECK = False
"""Assert each answer equal to `dock_points` over the pair's groups (a test's switch)."""


def new_groups(pair: list[tuple[str, ...]], b1: frozenset[tuple[str, ...]]) -> tuple[int, ...]:
    """The indices in the pair's groups (`route_groups` of B1 and Bk) of those that are not B1's."""
    return tuple(gi for gi, g in enumerate(pair) if g not in b1)


def settle(
    out: dict[str, int],
    heap: list[tuple[int, str]],
    groups: list[tuple[str, ...]],
    groups_of: dict[str, list[int]],
    occupied: str | None,
    changed: set[str] | None = None,
) -> None:
    """From `heap` (points and dock, a heap), each dock's least points in `out` over route groups
    (a point a step, R-MOVE-1; leaving the other boat's dock costs 2, R-MOVE-3), `out` holding
    each dock's points so far (each a path's): `dock_points` and `delta_points`.
    `changed`, where given, gets each dock whose points fall."""
    # A step reaches every dock of a group at once, so the first dock taken from the heap (the
    # cheapest) that is not the other boat's gives them all their least points: a group is
    # entered once (leaving the other boat's dock costs more, so it does not spend the group).
    spent: set[int] = set()
    while heap:
        n, d = heapq.heappop(heap)
        if n > out[d]:
            continue
        other = d == occupied
        cost = n + (2 if other else 1)
        for gi in groups_of.get(d, ()):
            if gi in spent:
                continue
            if not other:
                spent.add(gi)
            for e in groups[gi]:
                if cost < out.get(e, 10**9):
                    out[e] = cost
                    if changed is not None:
                        changed.add(e)
                    heapq.heappush(heap, (cost, e))


def dock_points(
    groups: list[tuple[str, ...]], groups_of: dict[str, list[int]], occupied: str | None, docks: Sequence[str]
) -> dict[str, int]:
    """The least movement points from any of `docks` to each dock over route groups (reach_boards'
    `route_groups`: a point a step, R-MOVE-1; leaving the other boat's dock costs 2, R-MOVE-3)."""
    out = dict.fromkeys(docks, 0)
    settle(out, [(0, d) for d in docks], groups, groups_of, occupied)  # (all 0: a heap)
    return out


def delta_points(
    base: dict[str, int],
    groups: list[tuple[str, ...]],
    groups_of: dict[str, list[int]],
    new: tuple[int, ...],
    occupied: str | None,
    starts: tuple[str, ...],
    changed: set[str] | None = None,
) -> dict[str, int]:
    """`dock_points(groups, groups_of, occupied, starts)` from `base`, `dock_points` over B1's
    groups (a subset of `groups`) from some of `starts` (B1's docks); `new` the groups not B1's
    (module doc). `changed`, where given, gets the docks whose points are not `base`'s (fewer,
    or none there)."""
    out = dict(base)
    if changed is None:
        changed = set()
    heap: list[tuple[int, str]] = []
    for d in starts:
        if out.get(d, 1) > 0:
            out[d] = 0
            changed.add(d)
            heap.append((0, d))
    for gi in new:
        g = groups[gi]
        cost = min((out[x] + (2 if x == occupied else 1) for x in g if x in out), default=None)
        if cost is None:
            continue
        for e in g:
            if cost < out.get(e, 10**9):
                out[e] = cost
                changed.add(e)
                heap.append((cost, e))
    heapq.heapify(heap)
    settle(out, heap, groups, groups_of, occupied, changed)
    if CHECK:
        assert out == dock_points(groups, groups_of, occupied, starts), starts
    return out
