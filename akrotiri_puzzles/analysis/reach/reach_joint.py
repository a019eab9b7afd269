"""The goal cards held and drawn read together at a ceiling's leaf (reach_ceiling.py's `Ceiling`,
`JOINT` and `DRAWN`, sessions 69 and 70).

A leaf of the two-turn relaxed search (reach_two_goals' `TwoGoals.leaf`, `goal_part`) reads on its
final board k the goal cards held and, for the `d' = draws_after[n']` goal draws its `n'` new
temples reveal, the best d' cards of the pool those draws may offer (`pool(d')`: the deck's first
`2 d'` cards, as the cards not kept go to the bottom; the whole deck if shorter; the face-up ones
in the strategist variant; R-EXC-1, R-TURN-2, R-SET-5, R-SET-8). Each card is read at the game's
end on every temple of the hero's, old and new, whenever it was drawn (R-SCORE-1, R-SCORE-2).

The ceiling bounds that reading for every leaf below a state with `dug` and at most r temples
more (`Ceiling._goals_on`). Session 69's `joint` read the *held* per-temple cards (R-GOAL-1..8)
together: the r new temples add to them at most the sum of the r largest *spot values* (a spot's
value: the values of those cards for which a temple there counts on board k, `TwoRelaxed.counts`,
each spot taken as many times as it holds temples, `caps`). Each drawn card kept its own best
(`up`: its points with `dug` plus its value for each of the r temples its own spots hold), so a
temple counted for a held card and for a drawn one at once even where no spot counts for both.
On seed 5's turn 21 (south, three temples left, one draw) the held "portage 1" and "portage 2"
took 6 a temple on the "portage 2" spots and the drawn "no icon" 4 a temple on its own: 30 for
three temples where no spot is worth more than 8.

`Joint.points` (with `DRAWN`) reads the drawn cards' gains with the held ones': the most, over
every set D of `min(d, |pool(d)|)` cards of the pool (d = `draws_after[len(dug) + r]`), of

    (held cards but the per-temple ones: `up`) + (held per-temple cards: points with `dug`)
    + (D's per-temple cards: points with `dug`) + (D's other cards: `up`)
    + the r largest spot values of the held per-temple cards and D's together.

Why it bounds every leaf below (R-GOAL-1..8, R-EXC-1, R-EXC-2, R-SCORE-2): take a leaf with `dug'`
(`dug` and j <= r temples more) on board k and the cards D' it reads drawn (`|D'| <= d' <= d`:
`draws_after` grows with the temples, and `pool(d')` lies in `pool(d)`). A per-temple card reads
its points with `dug` plus its value for each new temple of `dug'` whose spot counts for it on
board k (`TwoGoals._goal_on`); so the held per-temple cards and D''s together gain, over the j new
temples, the sum of their spots' values for that set of cards, at most the r largest (the spots
where a temple may stand, `caps` a spot at most: R-EXC-1, R-EXC-2; a value is never below 0). Any
other card reads at most `up` (`Ceiling.gain`). So the leaf's goal cards are at most the sum for
D' itself, and that sum only grows as cards join D (a card's points with `dug` are at least 0 and
a spot's value only grows), so the most over the sets D of `min(d, |pool(d)|)` cards bounds it.
A set whose per-temple card reads below 0 with `dug` (none does: an old score is a count) is
read as before (held cards `joint`, each drawn card `up`). The sum is never above session 69's
reading: the r largest values of a sum of lists are at most the sum of each list's r largest,
and one card's r largest are its `gain`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from ...goals import PER_TEMPLE

DRAWN = True
"""Whether the drawn goal cards' gains are read with the held per-temple cards' (`Joint.points`,
session 70); False: each drawn card its own best, as session 69."""


class Joint:
    """A ceiling's joint reading of the goal cards (module doc). `relaxed` the search, `caps` by
    spot the most temples it holds, `rule` and `value` by card, `held` the held per-temple cards,
    `pools` by number of draws the cards they may offer."""

    def __init__(
        self,
        relaxed: Any,
        caps: dict[Any, int],
        rule: dict[str, str],
        value: dict[str, int],
        held: Sequence[str],
        pools: dict[int, list[str]],
    ) -> None:
        self.r = relaxed
        self.caps = caps
        self.rule = rule
        self.value = value
        self.held = list(held)
        self.spots = [s for s in sorted(caps, key=repr) for _ in range(caps[s])]
        """Each spot as many times as it holds temples."""
        self.choices: dict[int, list[tuple[str, ...]]] = {
            d: list(combinations(pool, min(d, len(pool)))) for d, pool in pools.items()
        }
        """By draws: the sets of cards the drawn ones may be (those that stop at the most)."""
        self.lists: dict[tuple[int, tuple[str, ...]], list[int]] = {}
        """By (board, per-temple cards): their spot values, largest first, none 0."""
        self.together: list[tuple[str, ...]] | None = None
        """`sets`' answer."""
        self.pairs: dict[tuple[str, ...], list[list[tuple[int, int]]]] = {}
        """By per-temple cards, for each spot of `spots`: each card's value and the boards (bits)
        where a temple there counts for it (`TwoRelaxed.counts`), read once (session 81)."""

    def spot_values(self, k: int, cards: tuple[str, ...]) -> list[int]:
        """The spot values of the per-temple `cards` (sorted) on board k, largest first (a spot
        as many times as it holds temples; those of 0 left out)."""
        key = (k, cards)
        got = self.lists.get(key)
        if got is None:
            pairs = self.pairs.get(cards)
            if pairs is None:
                relaxed = self.r
                pairs = self.pairs[cards] = [
                    [(self.value[g], relaxed.counts(s, self.rule[g])) for g in cards] for s in self.spots
                ]
            bit = 1 << k
            per = [sum(v for v, bits in spot if bits & bit) for spot in pairs]
            got = self.lists[key] = sorted((v for v in per if v > 0), reverse=True)
        return got

    def sets(self) -> list[tuple[str, ...]]:
        """Every set of per-temple cards `points` may read together (sorted), made once."""
        if self.together is None:
            out = {self._together(())}
            for choices in self.choices.values():
                out.update(self._together(d) for d in choices)
            self.together = sorted(out)
        return self.together

    def _together(self, drawn: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted({*self.held, *(g for g in drawn if self.rule[g] in PER_TEMPLE)}))

    def key(self, k: int, most: int) -> tuple[tuple[int, ...], ...]:
        """What `points` reads of board k for at most `most` temples more (the cells of alike
        boards, reach_goal_cells.py, are cut by it)."""
        return tuple(tuple(self.spot_values(k, s)[:most]) for s in self.sets())

    def points(
        self,
        k: int,
        values: dict[str, int],
        r: int,
        draws: int,
        up: Callable[[str], int],
        goals: Sequence[str],
    ) -> int:
        """The most points the held cards `goals` and the drawn ones give any leaf below a state
        with at most `r` temples more and `draws` draws on board k (module doc); `values` each
        card's points with the state's temples, `up` a card's own best."""
        held = set(self.held)
        base = sum(up(g) for g in goals if g not in held) + sum(values[g] for g in self.held)
        best = -(10**9)
        for drawn in self.choices.get(draws, [()]) if draws else [()]:
            per = [g for g in drawn if self.rule[g] in PER_TEMPLE]
            if any(values[g] < 0 for g in per):  # read as before (none reads below 0)
                got = sum(self.spot_values(k, self._together(()))[:r]) + sum(up(g) for g in drawn)
            else:
                together = self.spot_values(k, self._together(drawn))
                got = sum(values[g] for g in per) + sum(up(g) for g in drawn if g not in per) + sum(together[:r])
            best = max(best, got)
        return base + best
