"""The buys of the relaxed turn (analysis/reach_bound.py's `Relaxed`, R-BUY-1): each buy the
drachmas pay for, the deck's next cards, kept by what it reads."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

from ..components import DECKS

Purchase = tuple[int, tuple[str, ...], tuple[int, int, int]]
"""A buy: its price, the hand after it, the cards taken from each deck so far (`purchases`)."""


class Buys:
    """`Relaxed.purchases` (module doc): reads the decks, the buys' prices and the cards that fit."""

    decks: Sequence[Sequence[str]]
    buy_prices: Sequence[int]
    useful: set[str]

    _bought: dict[tuple[bool, int, tuple[str, ...], tuple[int, int, int]], list[Purchase]] | None = None
    """`purchases`' answers, by what they read (kept per search, made on first use)."""

    def purchases(
        self, acts: int, drachmas: int, hand: tuple[str, ...], bought: tuple[int, int, int]
    ) -> list[Purchase]:
        """Each buy the drachmas pay for (R-BUY-1: 1, 2 or 3 cards, each from any deck, the
        deck's next card): its price, the hand after it (the cards that fit somewhere), and the
        cards taken from each deck so far. Kept by what it reads: whether 2 actions are left,
        how many of the buys' prices the drachmas pay, the hand and the cards taken."""
        paid = 0
        while paid < len(self.buy_prices) and self.buy_prices[paid] <= drachmas:
            paid += 1
        if self._bought is None:
            self._bought = {}
        key = (acts >= 2, paid, hand, bought)
        got = self._bought.get(key)
        if got is None:
            got = self._bought[key] = list(self._purchases(acts >= 2, paid, hand, bought))
        return got

    def _purchases(
        self, later: bool, paid: int, hand: tuple[str, ...], bought: tuple[int, int, int]
    ) -> Iterator[Purchase]:
        """`purchases` of the first `paid` buys' prices; `later`: 2 actions are left after it."""
        for n in range(1, paid + 1):
            cost = self.buy_prices[n - 1]
            for decks in combinations_with_replacement(range(len(DECKS)), n):
                took = list(bought)
                cards: list[str] = []
                for d in decks:
                    if took[d] >= len(self.decks[d]):
                        break
                    cards.append(self.decks[d][took[d]])
                    took[d] += 1
                else:
                    new_hand = tuple(sorted(hand + tuple(c for c in cards if c in self.useful)))
                    # With fewer than 2 actions left no later buy is excavated (a buy and an
                    # excavation): what was bought is not read again, and states merge.
                    t = (took[0], took[1], took[2]) if later else (0, 0, 0)
                    yield cost, new_hand, t
