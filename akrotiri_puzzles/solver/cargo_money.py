"""Lines that never load: what the cubes aboard can pay for, and the buys that leaves
(`NO_LOAD`, read by solver/facts.py).

A hero with cubes aboard may reach the goal without loading: its money is then what it holds and
what the cubes aboard sell for. Where that cannot pay for any way to the goal that plays a hand
card, every such line buys every card it plays, and where a buy of two cards (3 drachmas,
R-BUY-1) is too dear, it buys them one action at a time: actions the plain count does not see
(place-2 g15010: no drachma, a blue and a green cube aboard, M09 (6) in hand, two temples; the
cubes sell for 8 at most, which pays two easy cards (3 each) bought one by one, and nothing
else). Lines that load count the load (`lower.lower_bound`'s `loading`); a scenario's bound is
the lesser of the two counts, and never less than the count of every line.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import cache
from itertools import combinations

from ..components import COLOURS
from ..puzzle import Puzzle
from .budget import points_in_hand
from .legs import actions_for
from .points import FAR, least_over

NO_LOAD = True
"""Whether a scenario of a hero with cubes aboard takes the lesser of the count of the lines that
never load (`no_load_lower`) and of those that do (`lower.lower_bound` with `loading`) when that
is more than the count of every line; a switch for tests and benchmarks."""

NO_SALE = True
"""Whether `FactReader.read` drops a scenario of a hero with an empty boat, where some way to the
goal is within the drachmas held (so `budget.must_load` is false), when the lesser of the count
of the lines that make no sale before their last excavation (`no_load_lower`: they pay from the
drachmas alone) and of those that do (`lower.lower_bound` with `load`: they load the cube they
sell) exceeds the bound (`NoLoad.of_empty`). Only the drop: the lower bound it records, which
orders the next bound's reads, is without it, and the per-slot views do not read it, so the
scenarios read and their order stay as without it. Read only on puzzles of at least
`NO_SALE_SCENARIOS` scenarios. Off in session 54 (it made two of 60 fresh place-2 puzzles,
g14011 and g17011, find another optimal line, slower); on since session 55 under the lead's
ruling (another optimal line, same value and status, where the saving is measured and no stored
solution changes), with the largest bound's question no longer set off by its drops
(`cpsat.TOP_SHARE`): g15001 9.8 -> 6.8 s of CPU in one window at load 7-8, the same line
(docs/benchmarks.md, session 55)."""
NO_SALE_SCENARIOS = 2000
"""Scenarios a puzzle must have for `NO_SALE` (`FactReader`): two-turn puzzles from the tile
placement, whose bounds are read and asked in parts (solver/lazy.py, the same gate), where a
bound's dropped models are worth seconds. Smaller puzzles (act phases, place-1, the small
corpus) keep the lines they print, as `run.LARGE_TUNING` keeps them (tests lower it to 0)."""


def cargo_worth(puzzle: Puzzle) -> int:
    """The most the cubes aboard at the start can sell for, over the whole horizon.

    A cube sells onto the rightmost empty space of its colour's track for that space's price
    (R-FREE-1): with n cubes of the colour on the market, `track[7 - n]` (none when the track is
    full), and the sale puts it back (n + 1). Only a tile placement takes cubes off the market
    (R-TILE-2: two at most, an icon's and a second; the opponent is passive), and the hero places
    one tile a turn at most (R-TURN-1): `2 * turns` takes, each lowering one colour's n by one
    where it is not 0. Counted as if they could come at any time, which only allows more: a
    price only falls as n grows, so a colour given r takes is best served by taking what its
    market holds first (down to 0), then one right after each of its first sales (a sold cube
    taken back: the first sales all at the lowest n); the most over every way to
    share the takes among the colours."""
    start = puzzle.start
    track = start.components.market.track
    market = dict(zip(COLOURS, start.market, strict=True))
    aboard = {c: start.hero.cargo.count(c) for c in COLOURS}
    takes = 2 * puzzle.turns

    def sold(colour: str, r: int) -> int:
        low = max(0, market[colour] - r)
        after = max(0, r - market[colour])  # takes left for after the sales
        got = 0
        for i in range(aboard[colour]):
            n = low + max(0, i - after)
            if n >= len(track):
                break  # the track is full: no space to sell onto
            got += track[len(track) - 1 - n]
        return got

    best = 0

    def spread(i: int, room: int, got: int) -> None:
        nonlocal best
        if i == len(COLOURS):
            best = max(best, got)
            return
        colour = COLOURS[i]
        for r in range(room + 1 if aboard[colour] else 1):
            spread(i + 1, room - r, got + sold(colour, r))

    spread(0, takes, 0)
    return best


@cache
def least_buy(cards: int, actions: int, prices: tuple[int, ...]) -> int:
    """The fewest drachmas that buy `cards` cards in `actions` buy actions, a buy of j cards
    costing `prices[j - 1]` (the components' `map_prices`, R-BUY-1); FAR when they cannot."""
    if cards == 0:
        return 0 if actions == 0 else FAR
    if actions == 0:
        return FAR
    return min(
        (
            price + rest
            for j, price in enumerate(prices, 1)
            if j <= cards and (rest := least_buy(cards - j, actions - 1, prices)) < FAR
        ),
        default=FAR,
    )


def no_load_buys(puzzle: Puzzle, fitting: Collection[str], money: int) -> int | None:
    """For the lines that never load, whose drachmas are at most `money`, playing only cards of
    `fitting`: the fewest buy actions (FAR: no such line reaches the goal), or None when some
    way to the goal within `money` plays a hand card (no count here).

    Each temple plays a card of its own (R-EXC-1); a card not in hand is bought first (R-BUY-1).
    A line's cards cost what they cost at their excavations, and its buy actions at least what
    buying its bought cards in that many actions costs (`least_buy`: a buy of more cards, or of
    cards it does not play, costs no less). All of it is paid from `money` (a sale is the only
    income, R-FREE-1). Cards deeper in a deck are taken as if bought alone: that only allows
    more ways."""
    goal = puzzle.goal
    if goal.map_card is not None or goal.score is not None:
        return None
    comps = puzzle.start.components
    prices = comps.setup.map_prices
    hand = set(puzzle.start.hero.maps)
    fewest = FAR
    for chosen in combinations(sorted(fitting), goal.temples):
        cost = sum(comps.map[k].cost for k in chosen)
        bought = sum(1 for k in chosen if k not in hand)
        for actions in range(-(-bought // len(prices)), bought + 1):
            if cost + least_buy(bought, actions, prices) <= money:
                if bought < goal.temples:
                    return None
                fewest = min(fewest, actions)
                break
    return fewest


def no_load_lower(
    puzzle: Puzzle,
    buys: int,
    fit: Mapping[str, Collection[str]],
    from_start: Mapping[str, int],
    from_thera: Mapping[str, int],
    points: int,
) -> int:
    """A lower bound on the actions of a line that never loads and buys every card it plays in
    at least `buys` buy actions (`no_load_buys`).

    Its first excavation plays a card bought before it, at Thera (R-BUY-1): the Move actions
    before the first buy reach a Thera stop from the start (`actions_for` its steps with the
    `points` in hand: 2 points an action at most, R-MOVE-2); after it (a non-move action: no
    point left) they reach a dock where a card fits from a Thera stop (none lies on Thera,
    R-EXC-1); after each excavation (no point left) the next lies on another island (R-EXC-1,
    islands only merge), a Move action at least. With the excavations and the buys, all
    distinct actions. Steps are the last turn's board's, which has every step of the earlier
    one; Thera's stops leave out the opponent's dock (R-MOVE-3)."""
    if buys >= FAR:
        return FAR
    temples = puzzle.goal.temples
    to_thera = min((from_start.get(d, FAR) for d, n in from_thera.items() if n == 0), default=FAR)
    back = least_over(from_thera, fit.values())
    if to_thera >= FAR or back >= FAR:
        return FAR
    return temples + (temples - 1) + buys + actions_for(to_thera, points) + actions_for(back, 0)


class NoLoad:
    """One puzzle's `NO_LOAD` count (a hero with cubes aboard), shared by its scenarios: the most
    its lines that never load can spend, and their buys per set of cards that fit."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.money = puzzle.start.hero.drachmas + cargo_worth(puzzle)
        self.points = points_in_hand(puzzle)
        self._buys: dict[frozenset[str], int | None] = {}

    @staticmethod
    def of(puzzle: Puzzle) -> NoLoad | None:
        """The count for a puzzle whose hero has cubes aboard (None otherwise, or without `NO_LOAD`)."""
        return NoLoad(puzzle) if NO_LOAD and puzzle.start.hero.cargo else None

    @staticmethod
    def of_empty(puzzle: Puzzle) -> NoLoad | None:
        """The count for a puzzle whose hero's boat is empty (None otherwise, or without
        `NO_SALE`): the lines that make no sale before their last excavation.

        Such a line earns nothing before it (a sale is the only income, R-FREE-1), and pays
        every card it plays and every buy of one before it (R-EXC-1, R-BUY-1): all of it from the
        drachmas held, `money` (`cargo_worth` is 0: nothing aboard). So `no_load_buys` and
        `no_load_lower` hold for it as they do for a line that never loads (their arguments
        read nothing else: a Move action gives 2 points at most whatever the boat carries,
        R-MOVE-2). Every other line sells before its last excavation, so it loads the cube it
        sells (the boat starts empty, R-LOAD-1) and makes the money leg before that excavation:
        what `lower.lower_bound` counts with `load` (the caller's `loading`)."""
        return NoLoad(puzzle) if NO_SALE and not puzzle.start.hero.cargo else None

    def raised(
        self,
        lower: int,
        fit: Mapping[str, Collection[str]],
        from_start: Mapping[str, int],
        from_thera: Mapping[str, int],
        loading: Callable[[], int],
    ) -> int:
        """A scenario's bound `lower` (on every line), raised to the lesser of the lines that never
        load (`no_load_lower`) and those that do (`loading()`, called only when it can raise it):
        every line is one or the other."""
        fitting = frozenset(fit)
        if fitting not in self._buys:
            self._buys[fitting] = no_load_buys(self.puzzle, fitting, self.money)
        buys = self._buys[fitting]
        if buys is None:
            return lower
        never = no_load_lower(self.puzzle, buys, fit, from_start, from_thera, self.points)
        if never <= lower:
            return lower
        return max(lower, min(never, loading()))
