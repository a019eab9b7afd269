"""Parts of the two-turn ceiling (analysis/reach/reach_ceiling.py's `Ceiling`) read once per search: the
(cost, points) of k map cards no other k beat in both (`pareto`), and how many excavations may
follow one another without a Move action (`free_digs`). Moved out of reach_ceiling.py unchanged
(session 78) so that module stays under ~600 lines; their arguments are in `Ceiling`'s module doc."""

from __future__ import annotations

from typing import Any

from .reach_search import Search


def free_digs(relaxed: Search, caps: dict[Any, int]) -> int:
    """How many excavations may follow the one before without a Move action between them:
    those on spots 0 points apart (one spot of the next tile's islands holds several; islands
    the next tile joins share docks), at most a component's temples less one (`caps`: by spot,
    the most temples it holds, `Ceiling.caps`)."""
    spots: list[Any] = sorted(caps)
    parent = {s: s for s in spots}

    def root(s: Any) -> Any:
        while parent[s] != s:
            s = parent[s]
        return s

    # A leg of 0 points joins spots that share a dock (but the other boat's: R-MOVE-3), as
    # `TwoRelaxed._legs` reads them; a step costs a point (R-MOVE-1).
    by_dock: dict[str, Any] = {}
    for s in spots:
        for d in relaxed.spot_docks[s]:
            if d == relaxed.occupied:
                continue
            if d in by_dock:
                parent[root(by_dock[d])] = root(s)
            else:
                by_dock[d] = s
    total: dict[Any, int] = {}
    for s in spots:
        total[root(s)] = total.get(root(s), 0) + caps[s]
    return sum(n - 1 for n in total.values() if n > 1)


def pareto(kinds: list[tuple[tuple[int, int], int]], k: int) -> list[tuple[int, int]]:
    """The (cost, points) of every k cards among `kinds` ((cost, points), how many), but those
    another beats in both (costs no more and scores no fewer)."""
    found: set[tuple[int, int]] = set()

    def pick(i: int, left: int, cost: int, points: int) -> None:
        if not left:
            found.add((cost, points))
            return
        if i == len(kinds):
            return
        (c, p), n = kinds[i]
        for j in range(min(n, left) + 1):
            pick(i + 1, left - j, cost + j * c, points + j * p)

    pick(0, k, 0, 0)
    out: list[tuple[int, int]] = []
    for cost, points in sorted(found, key=lambda x: (x[0], -x[1])):
        if not out or points > out[-1][1]:
            out.append((cost, points))
    return out
