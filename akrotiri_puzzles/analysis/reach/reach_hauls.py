"""The cubes a real line can still bring to Thera and sell, by where they lie (session 68, h68cubes):
a cap on the cubes the two-turn ceiling counts sold (analysis/reach/reach_ceiling.py, `CUBES`).

The ceiling counted 3 cubes sold for each Load action it allows (R-LOAD-1), capped by the stops at
Thera (`TRIPS`); on seed 1's turn 30 (north) that is 12 cubes where 6 lie within one ship step of
Thera. This reads the cubes' places. A *class* is a set of spots whose islands may be one island
on a board of the group (reach_two's `joined`, closed under it; a spot of the next tile's islands
alone, `multi`, is a class of its own); its cubes are at most the sum of its spots' (each spot's the
most any of its islands holds, the next tile's two laid ones in, R-TILE-2; a `multi` spot's at most
one an island, two in all), and its *steps* `q` the fewest ship steps from a dock of Thera's island
to a dock of one of its spots, over the union of the group's boards, a move between two docks of
one island free (`island_steps`: the ship components of every board cost a step, their islands
none, R-MOVE-1).

The bound (`most_cubes`): a line from the state with `O` Move and Load actions left (those left
but the excavations and buys) sells at most `n` *new* cubes (of the position's and the next
tile's, R-TILE-2, that no Load of the line has taken yet; those sold, aboard and unloaded count on
top, as before), the largest `n` for which some choice of
`n` cubes of the classes, `t_C` of class C (`V = ceil(n / 3)`, `lam = sum ceil(t_C / 3)`, `S` the
sum of their classes' steps), has
    max(V, lam) + (V - 1 + home) + max(V, ceil(S / 3)) <= O,
`home` 1 where the boat is on Thera's island with no movement point left (the start at a dock of
Thera with no points of a Move action taken, or a stop at Thera's spot: a sale there came with
cubes aboard, so its Move action gave 1 point, spent on the step into Thera, R-MOVE-2; a buy is an
action).

Why (a real line; no cube lies on Thera's island on any board, `Ceiling.trips`, nor is one unloaded
there, R-FREE-2). Take its *events* after the state: each Load that takes a cube, and each sale of
a new cube (at Thera, R-FREE-1); a *visit* is a run of consecutive events on one island. A Load is
on another island than Thera, so visits at Thera (*sale visits*, V of them) and elsewhere (*Load
visits*, W) alternate, and a Load visit comes before the first sale visit (a new cube is loaded
first). A sale visit sells at most 3 new cubes: no Load between its sales, so only cubes aboard
at its start, at most 3 (R-LOAD-1): `V >= ceil(n / 3)`, and `W >= V`.
- *Loads.* A Load takes at most 3 cubes from the island where the boat is (R-LOAD-1), an island
  of one class: the new cubes of class C take `ceil(t_C / 3)` Load actions at least, so `L >= lam`,
  and `L >= W` (a Load a Load visit).
- *Moves begun on Thera's island.* After each sale visit but the last the boat leaves Thera's
  island for the next Load visit: a step, paid by a Move action begun after the sale visit (the
  Move action that brought the cubes gave 1 point, spent on the step into Thera); so is the first
  Load visit's with `home`: `V - 1 + home` of them.
- *Moves begun elsewhere.* After each Load visit before the last sale visit the boat leaves its
  island: a Move action begun there (its points start after the Load, R-MOVE-2): at least `W`.
  And each new cube x sold goes from its class's island (steps at least `q`) to Thera (0) with the
  boat: its steps to Thera (`island_steps`) change by at most 1 a step and not at all while it
  lies on an island (it may be unloaded and loaded again anywhere on that island: steps are read
  by island), and only steps made with it aboard move it; a Move action begun with it aboard gives
  1 point (the boat is not empty, R-MOVE-2), so one step; and such a Move action begun on Thera's
  island moves no cube nearer (0 steps is the least). A Move action carries at most 3 cubes: the
  Move actions begun elsewhere number at least `ceil(S / 3)`.
The three sets are disjoint, and with the Loads all within `O`. The cubes counted are the n
nearest choices' at best, and `n` only grows with `O`: the largest n whose cheapest choice fits.

Like `Ceiling._trips`, this bounds the real lines (a real line's relaxed image passes through the
state with at least its actions left and its cubes sold, aboard and unloaded; reach_ceiling's doc);
tests/test_reach_ceiling.py checks it below every state the relaxed search reaches, and that the
start's ceiling is lower with it where the cubes lie far.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...board import Board

FAR = 10**6
"""Steps of a class no route reaches (never chosen)."""


def island_steps(boards: Sequence[Board]) -> dict[str, int]:
    """By dock: the fewest ship steps from a dock of Thera's island over the union of `boards`'
    ship components (a step each, R-MOVE-1) and islands (free: a cube is loaded anywhere on its
    island, R-LOAD-1, and a portage step stays on it)."""
    groups: list[tuple[tuple[str, ...], int]] = []
    seen: set[tuple[tuple[str, ...], int]] = set()
    for b in boards:
        comps: dict[int, list[str]] = {}
        for name, c in b.ship_component.items():
            comps.setdefault(c, []).append(name)
        for g in [*((d, 0) for d in b.docks_of_island.values()), *((tuple(sorted(v)), 1) for v in comps.values())]:
            if g not in seen:
                seen.add(g)
                groups.append(g)
    of: dict[str, list[int]] = {}
    for gi, (docks, _) in enumerate(groups):
        for d in docks:
            of.setdefault(d, []).append(gi)
    out = {d: 0 for b in boards for d in b.thera_docks}
    todo = deque((0, d) for d in out)
    spent: set[int] = set()
    while todo:  # 0-1 breadth first: docks leave the queue by their fewest steps
        n, d = todo.popleft()
        if n > out[d]:
            continue
        for gi in of.get(d, ()):
            if gi in spent:
                continue
            spent.add(gi)  # entered first from its nearest dock
            docks, cost = groups[gi]
            for e in docks:
                if n + cost < out.get(e, FAR):
                    out[e] = n + cost
                    if cost:
                        todo.append((n + cost, e))
                    else:
                        todo.appendleft((n, e))
    return out


def classes(relaxed: Any, caps: dict[Any, int]) -> tuple[tuple[int, int], ...] | None:
    """The classes (module doc) as (steps, cubes), sorted; None where a spot with cubes is 0 steps
    from Thera (its cubes load on Thera's island: the bound does not apply)."""
    cubes: dict[Any, int] = relaxed.cubes
    parent = {s: s for s in cubes}

    def root(s: Any) -> Any:
        while parent[s] != s:
            s = parent[s]
        return s

    for a, b in relaxed.joined:
        if a in parent and b in parent and root(a) != root(b):
            parent[root(a)] = root(b)
    steps = island_steps(relaxed.boards)
    multi = relaxed.multi
    got: dict[Any, list[int]] = {}
    for s, n in cubes.items():
        q = min((steps.get(d, FAR) for d in relaxed.spot_docks[s]), default=FAR)
        if q == 0:
            return None
        c = got.setdefault(root(s), [FAR, 0])
        c[0] = min(c[0], q)
        c[1] += min(2, n * caps.get(s, 1)) if s in multi else n
    return tuple(sorted((q, n) for q, n in got.values() if q < FAR))


TABLE = 24
"""The most cubes `most_cubes` reads (beyond, it does not cap)."""


def home(relaxed: Any, spare: int, at: object) -> int:
    """1 where the boat is on Thera's island with no movement point left (module doc): at the
    start on a dock of Thera's island with no points of a Move action taken (`spare` 0), or at a
    stop on Thera's spot; else 0."""
    if isinstance(at, str):
        return 0 if spare else int(at in relaxed.pos.board.thera_docks)
    return 1 if at == relaxed.thera and at is not None else 0


@lru_cache(maxsize=4096)
def _cheapest(kinds: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """By n (up to `TABLE`), then by Load actions lam (up to n): the least steps of n cubes of
    the classes `kinds` taking lam Loads (`ceil(t / 3)` a class); FAR where none."""
    most = TABLE
    table = [[FAR] * (most + 1) for _ in range(most + 1)]
    table[0][0] = 0
    for q, c in kinds:
        new = [row[:] for row in table]
        for n in range(most):
            for lam in range(n + 1):
                s = table[n][lam]
                if s >= FAR:
                    continue
                for t in range(1, min(c, most - n) + 1):
                    m, k = n + t, lam + -(-t // 3)
                    if s + q * t < new[m][k]:
                        new[m][k] = s + q * t
        table = new
    return tuple(tuple(row) for row in table)


@lru_cache(maxsize=65536)
def most_cubes(kinds: tuple[tuple[int, int], ...], acts: int, home: int, cap: int) -> int:
    """The most new cubes a line with `acts` Move and Load actions sells (module doc), at most
    `cap` (no cap beyond `TABLE`)."""
    if cap > TABLE:
        return cap
    table = _cheapest(kinds)
    best = 0
    for n in range(1, cap + 1):
        v = -(-n // 3)
        cost = min((max(v, lam) + max(v, -(-s // 3)) for lam, s in enumerate(table[n]) if s < FAR), default=FAR)
        if cost + v - 1 + home > acts:
            break  # a choice of n cubes holds one of n - 1 no dearer
        best = n
    return best
