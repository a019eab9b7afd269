"""Movement points between every two docks of a board, as one matrix, cheap to extend by a tile.

A step joins two docks of one *group* (a shipping-route component or an island, R-MOVE-1) and
costs a movement point; leaving the dock of the opponent's boat costs 2 (R-MOVE-3), or is not
allowed at all when a line may not pass it. So the points from dock a to dock b are a shortest
path in a graph where each group is a clique whose steps cost what their starting dock asks.

The matrix is built by adding the groups one at a time to a matrix of the docks alone (0 on the
diagonal, FAR elsewhere): a group G lets a path reach any of its docks at the cost of reaching
one of them and stepping off it, so

    new(a, b) = min(old(a, b), min over x in G of (old(a, x) + cost(x)) + min over y in G of old(y, b)).

Once every group has been added the matrix holds the least points, since a shortest path uses a
group at most once (a second visit could be cut short to one step from the first dock).

A board one tile larger has every step of the board before it (routes and islands only merge,
R-GEO-4, R-GEO-7) and groups the tile made or enlarged: its matrix is the one before, with the
tile's docks added as docks alone, and those groups added (`extended`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat

import numpy as np

FAR = 10**6
"""Unreachable. Sums of three stay within int32."""


def least(steps: Mapping[str, int], docks: Iterable[str]) -> int:
    """The least of `steps` over `docks` (FAR for a dock it lacks, and for none): the one loop the
    lower bounds run most, at C speed."""
    return min(map(steps.get, docks, repeat(FAR)), default=FAR)


def least_over(steps: Mapping[str, int], groups: Iterable[Iterable[str]]) -> int:
    """`least` over every dock of several groups (a card's docks, for each card)."""
    return min((least(steps, ds) for ds in groups), default=FAR)


@dataclass(eq=False)
class Points:
    """Least movement points between the docks of one board, for one opponent's dock and one
    choice of passing it (see the module docstring)."""

    index: dict[str, int]
    """Dock -> its row and column."""
    matrix: np.ndarray
    """matrix[a, b]: least points from dock a to dock b (FAR: not reachable)."""
    groups: frozenset[tuple[str, ...]]
    """The groups added (each a sorted tuple of docks)."""
    legs: dict[tuple[object, ...], tuple[tuple[str, ...], bytes]] = field(default_factory=dict)
    """Leg tables read off this matrix (solver/facts.py keeps them here, so that they go with it)."""
    lows: dict[tuple[str, tuple[str, ...]], tuple[dict[str, int], dict[str, int]]] = field(default_factory=dict)
    """`start_and_thera`'s answers, kept with the matrix (a turn-1 view's is shared by every
    scenario of its placement whose turn-2 tile only adds an icon)."""


def _costs(index: dict[str, int], occupied: str | None, passing: bool) -> np.ndarray:
    """The points a step leaving each dock costs (R-MOVE-3)."""
    cost = np.ones(len(index), dtype=np.int32)
    if occupied is not None and occupied in index:
        cost[index[occupied]] = 2 if passing else FAR
    return cost


def _add(matrix: np.ndarray, index: dict[str, int], cost: np.ndarray, groups: Iterable[Sequence[str]]) -> None:
    """Add each group's steps to the matrix, in place."""
    for members in groups:
        at = np.fromiter((index[d] for d in members), dtype=np.intp, count=len(members))
        into = (matrix[:, at] + cost[at]).min(axis=1)
        out = matrix[at, :].min(axis=0)
        np.minimum(matrix, into[:, None] + out[None, :], out=matrix)


def built(docks: Sequence[str], groups: Iterable[tuple[str, ...]], occupied: str | None, passing: bool) -> Points:
    """The points between the docks of a board whose steps are `groups`."""
    index = {d: i for i, d in enumerate(docks)}
    matrix = np.full((len(docks), len(docks)), FAR, dtype=np.int32)
    np.fill_diagonal(matrix, 0)
    kept = frozenset(groups)
    _add(matrix, index, _costs(index, occupied, passing), sorted(kept))
    return Points(index, matrix, kept)


def extended(
    before: Points, docks: Iterable[str], groups: Iterable[tuple[str, ...]], occupied: str | None, passing: bool
) -> Points:
    """The points on a board one tile larger than `before`'s: `docks` are the larger board's
    docks and `groups` its groups; the groups `before` had are kept, the others added."""
    index = dict(before.index)
    for d in docks:
        if d not in index:
            index[d] = len(index)
    n, m = len(index), len(before.index)
    matrix = np.full((n, n), FAR, dtype=np.int32)
    matrix[:m, :m] = before.matrix
    matrix[np.arange(m, n), np.arange(m, n)] = 0
    kept = frozenset(groups)
    _add(matrix, index, _costs(index, occupied, passing), sorted(kept - before.groups))
    return Points(index, matrix, kept)


def start_and_thera(pts: Points, start: str, stops: Sequence[str]) -> tuple[dict[str, int], dict[str, int]]:
    """The least points from `start` to each dock, and between each dock and the nearest of
    `stops` (Thera's docks where a boat can stop), the lesser of both ways: the lower bounds read
    them for legs to Thera and from it (solver/lower.py, `facts.POINTS`). Kept with the matrix
    per start and stops (a turn-1 view's is shared by its placement's scenarios that add only
    an icon)."""
    key = (start, tuple(stops))
    found = pts.lows.get(key)
    if found is None:
        names = list(pts.index)
        row = dict(zip(names, pts.matrix[pts.index[start]].tolist(), strict=True))
        at = [pts.index[d] for d in stops]
        thera: dict[str, int] = {}
        if at:
            both = np.minimum(pts.matrix[at, :].min(axis=0), pts.matrix[:, at].min(axis=1))
            thera = dict(zip(names, both.tolist(), strict=True))
        found = pts.lows[key] = (row, thera)
    return found
