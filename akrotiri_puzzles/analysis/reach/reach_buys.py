"""The buys of the relaxed turn (analysis/reach/reach_bound.py's `Relaxed`, R-BUY-1): each buy the
drachmas pay for, the deck's next cards, kept by what it reads."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement, pairwise

from ...components import DECKS

Purchase = tuple[int, tuple[str, ...], tuple[int, int, int]]
"""A buy: its price, the hand after it, the cards taken from each deck so far (`purchases`)."""


class Buys:
    """`Relaxed.purchases` (module doc): reads the decks, the buys' prices and the cards that fit."""

    decks: Sequence[Sequence[str]]
    buy_prices: Sequence[int]
    useful: set[str]

    _bought: dict[tuple[bool, int, tuple[str, ...], tuple[int, int, int], bool], list[Purchase]] | None = None
    """`purchases`' answers, by what they read (kept per search, made on first use)."""

    last_buys = False
    """Whether a buy made with one excavation left (`purchases`' `last`) is searched as one
    buy of the next cards of every deck at the least price (`_last_purchase`, session 63):
    the two-turn relaxation's (reach_two.py); False here, the one-turn search as before."""

    def purchases(
        self, acts: int, drachmas: int, hand: tuple[str, ...], bought: tuple[int, int, int], last: bool = False
    ) -> list[Purchase]:
        """Each buy the drachmas pay for (R-BUY-1: 1, 2 or 3 cards, each from any deck, the
        deck's next card): its price, the hand after it (the cards that fit somewhere), and the
        cards taken from each deck so far. Kept by what it reads: whether 2 actions are left,
        how many of the buys' prices the drachmas pay, the hand, the cards taken and `last`
        (one excavation left, with `last_buys`: `_last_purchase`)."""
        paid = 0
        while paid < len(self.buy_prices) and self.buy_prices[paid] <= drachmas:
            paid += 1
        if self._bought is None:
            self._bought = {}
        last = last and self.last_buys and all(a <= b for a, b in pairwise(self.buy_prices))
        key = (acts >= 2, paid, hand, bought, last)
        got = self._bought.get(key)
        if got is None:
            make = self._last_purchase if last else self._purchases
            got = self._bought[key] = list(make(acts >= 2, paid, hand, bought))
        return got

    def _last_purchase(
        self, later: bool, paid: int, hand: tuple[str, ...], bought: tuple[int, int, int]
    ) -> Iterator[Purchase]:
        """A buy with one excavation left (R-END-2: the hero's last temple; `last_buys`): one,
        at the least price, taking the next `len(buy_prices)` cards of every deck (its hand
        every one of them that fits somewhere), where a real buy takes that many in all.

        Sound (the relaxation's lines only gain): take a relaxed line L of the search with the
        buys as `_purchases` makes them, and L' the same stops and actions with each of its buys
        made with one excavation left made this way. A buy of L takes at most `len(buy_prices)`
        cards, so at most that many of each deck: after its i-th such buy L' has taken at least
        as many cards of each deck as L (each deck's next ones, R-BUY-1), so it holds every card
        L holds, and it has paid the least price a buy costs where L paid at least that (the
        prices do not fall with the count: checked, else `_purchases`), so it has at least L's
        drachmas at every step and can pay every cost L pays. With one excavation left, at most
        one card is excavated after the buy (R-EXC-1: a temple per excavation, and none is left
        after the last; R-END-2), which L' holds too, on the same spot with the same boards
        (`mask`) and the same actions; so its leaf is at least L's (the score grows with the
        drachmas). Every real line's relaxed image is such an L, so the bound still holds.

        Why: with one temple left the hero's buys no longer pay for the excavations they lead
        to, so a line's later buys are many and varied; on seed 1's turn 30 (2016, north, the
        game's last placing turn) the first placement's board of slot (-2, -5) searched 147,568
        states at 57 (148,000 for buys of 1 to 3 cards from any decks, 5,545 without any buy),
        10,711 with this (the same bound, 56; docs/analysis.md, session 63)."""
        if paid < 1:
            return
        per = len(self.buy_prices)
        took = [min(len(deck), b + per) for deck, b in zip(self.decks, bought, strict=True)]
        cards = [deck[i] for deck, b, t in zip(self.decks, bought, took, strict=True) for i in range(b, t)]
        new_hand = tuple(sorted(set(hand) | {c for c in cards if c in self.useful}))
        t = (took[0], took[1], took[2]) if later else (0, 0, 0)
        yield self.buy_prices[0], new_hand, t

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
