"""The goal cards' points of the relaxed turn (analysis/reach/reach_bound.py's `Relaxed`, R-GOAL-*):
at least what the cards held and the goal draws score with the new temples a line excavates."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial

from ...excavation import valid_sites
from ...geometry import Quad, board_quarter
from ...goals import BoardFacts, score_goal, temple_counts
from ...position import Position, Seat


@cache
def quarters_opened(options: tuple[frozenset[str], ...]) -> int:
    """The most quarters new temples open (R-GOAL-9): each temple lies in one quarter, one of its
    `options` (the quarters without an old temple where its card fits a site, `site_quarters`),
    so the quarters opened are distinct quarters each held by a temple of its own: at most a
    largest matching of quarters to temples, whose size is `min |U| - |T| + |N(T)|` over the
    sets T of the quarters U offered, N(T) the temples offering one of T (Konig-Ore: a matching
    misses at least `|T| - |N(T)|` quarters of T). T empty gives `|U|`, T = U the temples that
    offer any: each a quarter at most."""
    offered = sorted(frozenset().union(*options))
    best = len(offered)
    for bits in range(1, 1 << len(offered)):
        t = {q for j, q in enumerate(offered) if bits >> j & 1}
        best = min(best, len(offered) - len(t) + sum(1 for o in options if o & t))
    return best


class Goals:
    """`Relaxed`'s goal-card points (module doc): read the position, the hero's temples and goal
    cards, the goal draws each count of new temples brings, and the board's facts."""

    pos: Position
    hero: Seat
    facts: BoardFacts
    draws_after: Sequence[int]
    goal_pool: Sequence[str]
    old_islands: Sequence[Quad | None]
    _old: dict[str, int]
    _quarters: dict[tuple[Quad, str], frozenset[str]]

    def goal_part(self, dug: frozenset[tuple[Quad, str]], one: Callable[[str], int] | None = None) -> int:
        """At least the goal cards' points with the new temples `dug`: the cards held and the best
        of each goal draw, each card's points `one` (else `goal_bound`'s)."""
        if one is None:
            one = partial(self.goal_bound, dug=dug)
        held = sum(one(g) for g in self.hero.goals)
        draws = self.draws_after[len(dug)]
        if draws:
            # The k-th offer of a turn lies in the deck's first 2k cards (the cards not kept go to
            # the bottom), or anywhere in a shorter deck; the strategist's in the face-up goals.
            n = self.pos.components.setup.goals_drawn * draws
            pool_ids = self.goal_pool if self.pos.strategist or len(self.goal_pool) < n else self.goal_pool[:n]
            pool = sorted((one(g) for g in set(pool_ids)), reverse=True)
            held += sum(pool[:draws])
        return held

    def goal_bound(self, goal: str, dug: frozenset[tuple[Quad, str]]) -> int:
        """At least the points of `goal` for the hero's temples with the new temples `dug`
        (island, map card)."""
        new = [i for i, _ in dug]
        pos = self.pos
        board = pos.board
        card = pos.components.goal[goal]
        value = card.value(pos.edition)
        rule = card.rule
        if rule == "quarters":
            return self.quarters_points(goal, dug)
        if rule == "largest_completed":
            done = [i for i in (*self.old_islands, *new) if i in board.completed]
            return value * max((board.island_size[i] for i in done), default=0)
        if goal not in self._old:
            self._old[goal] = score_goal(pos, pos.to_move, goal, self.facts).points
        old = self._old[goal]
        if rule == "not_connected":
            mine = set(self.old_islands) | set(new)
            ok = [i for i in new if not any(frozenset((i, o)) in self.facts.connected for o in mine if o != i)]
            return old + value * len(ok)
        return old + value * sum(1 for i in new if temple_counts(pos, self.facts, rule, i))

    def quarters_points(self, goal: str, dug: frozenset[tuple[Quad, str]]) -> int:
        """At least the points of a goal card that reads quarters (R-GOAL-9): a new temple opens
        a quarter only if its card fits a site there (R-EXC-2, `site_quarters`), and the quarters
        the new temples open are distinct, one a temple (`quarters_opened`). Before session 79
        each new temple that could open some quarter counted one: seed 5's turn 12 (2016, north)
        read 8 for four new temples that open only SW and NE beside the old SE (6)."""
        card = self.pos.components.goal[goal]
        value = card.value(self.pos.edition)
        quarters = frozenset(board_quarter(site) for _, site in self.hero.temples)
        opened = quarters_opened(tuple(sorted((self.site_quarters(i, c) - quarters for i, c in dug), key=sorted)))
        cap = card.cap if card.cap is not None else 10**9
        return min(cap, value * min(4, len(quarters) + opened))

    def site_quarters(self, island: Quad, card: str) -> frozenset[str]:
        """The board quarters of the sites of `island` where `card` fits."""
        key = (island, card)
        if key not in self._quarters:
            pos = self.pos
            sites = valid_sites(pos.board, pos.to_move, pos.components.map[card], pos.board.island_quads[island])
            self._quarters[key] = frozenset(board_quarter(q) for q in sites)
        return self._quarters[key]
