"""Finders of tools/make_lessons.py for the lessons about money: selling prices (R-FREE-1) and
the prices of map cards (R-BUY-1).

A money misreading is modelled as a *believed world*: the game as the engine plays it, except
that after each sale (or purchase) the hero's purse is what the misreading says it is, not what
the market (or the price list) gives. `believed_line` finds the line such a player plays: the
cheapest, by the game's count of actions, that meets the goal in their world. The engine then
plays that line in the real game, where it runs out of money: an illegal purchase or
excavation, or a goal out of reach.

The exercise of the buying lesson names a map card that is still in a deck (its top is
revealed by the exercise, docs/puzzles.md): the second or third card of a deck, so the hero must buy
two or three cards to dig with it, and the price of that purchase decides the line.
"""

from __future__ import annotations

import heapq
import itertools
import os
from collections.abc import Hashable

from akrotiri_puzzles.actions import Action, Buy, Excavate, Sell
from akrotiri_puzzles.components import DECKS
from akrotiri_puzzles.position import Position, evolve
from akrotiri_puzzles.puzzle import Goal, Puzzle, State, moves, play, reached, replay
from akrotiri_puzzles.rules import action_cost, boat_island, temple_island_set
from akrotiri_puzzles.solver import search
from akrotiri_puzzles.teaching import Mark

from .found import PREMISE, Candidate, Found, boat_mark, cubes_in_words
from .search import card_fits


def sale_price(pos: Position, colour: str) -> int:
    """What the next cube of a colour sells for: the rightmost empty space's price (R-FREE-1)."""
    from akrotiri_puzzles.components import COLOURS

    track = pos.components.market.track
    off = len(track) - pos.market[COLOURS.index(colour)]
    return track[off - 1]


def _believed_gain(kind: str, pos: Position, action: Action, memo: tuple) -> tuple[int, tuple]:  # type: ignore[type-arg]
    """Drachmas the misreading adds to the real purse for this action, and its memory."""
    if kind == "flat" and isinstance(action, Sell):
        quotes = dict(memo)
        price = sale_price(pos, action.colour)
        quote = quotes.setdefault(action.colour, price)
        return quote - price, tuple(sorted(quotes.items()))
    if kind == "per card" and isinstance(action, Buy):
        prices = pos.components.setup.map_prices
        return prices[len(action.decks) - 1] - len(action.decks), memo
    return 0, memo


def believed_line(puzzle: Puzzle, kind: str, max_nodes: int = 6000) -> tuple[int, tuple[Action, ...]] | None:
    """The line a player holding the money misreading `kind` ("flat": every cube of a colour
    sells for the first one's price; "per card": map cards cost a drachma each) plays: the
    cheapest that meets the goal in their world, fewer actions first on a tie; None if none
    within max_nodes states."""
    count = itertools.count()
    start = State(puzzle.start)
    heap: list[tuple[int, int, int, State, tuple, tuple[Action, ...]]] = [(0, 0, next(count), start, (), ())]  # type: ignore[type-arg]
    seen: dict[Hashable, int] = {}
    nodes = 0
    while heap:
        cost, n, _, state, memo, line = heapq.heappop(heap)
        key = (state.pos.key(), state.turn, memo)
        if seen.get(key, 10**9) <= cost:
            continue
        seen[key] = cost
        if reached(puzzle, state.pos):
            return cost, line
        nodes += 1
        if nodes > max_nodes:
            return None
        for action in moves(puzzle, state):
            after = play(puzzle, state, action)
            extra, memo2 = _believed_gain(kind, state.pos, action, memo)
            if extra:
                hero = after.pos.seat(puzzle.hero)
                after = State(
                    after.pos.with_seat(puzzle.hero, evolve(hero, drachmas=hero.drachmas + extra)), after.turn
                )
            heapq.heappush(
                heap,
                (cost + action_cost(state.pos, action), n + 1, next(count), after, memo2, (*line, action)),
            )
    return None


def flat_sale_line(puzzle: Puzzle, max_nodes: int = 6000) -> tuple[int, tuple[Action, ...]] | None:
    """The line of a player at Thera who believes every cube of a colour sells for the first
    one's price: they sell the cargo, count the money they think they have, and play the
    cheapest line from there (found by the exhaustive search in their world); None if the
    hero is not at Thera with cargo, or the search cannot tell."""
    from akrotiri_puzzles.effects import apply

    pos = puzzle.start
    if pos.phase != "act" or boat_island(pos) != pos.board.thera_island or not pos.hero.cargo:
        return None
    sells = tuple(Sell(colour) for colour in sorted(pos.hero.cargo))
    quotes: dict[str, int] = {}
    surplus = 0
    for sale in sells:
        price = sale_price(pos, sale.colour)
        surplus += quotes.setdefault(sale.colour, price) - price
        pos = apply(pos, sale)
    if surplus == 0:
        return None
    believed = pos.with_seat(pos.to_move, evolve(pos.hero, drachmas=pos.hero.drachmas + surplus))
    found = search(Puzzle("believed", believed, puzzle.goal, 1), max_nodes=max_nodes)
    if not found.complete or found.optimum is None:
        return None
    return found.optimum, sells + tuple(found.line)


def fails(puzzle: Puzzle, optimum: int, line: tuple[Action, ...]) -> bool:
    """Whether a line is illegal, short of the goal, or dearer than the optimum."""
    played = replay(puzzle, line)
    return played.illegal_at is not None or not played.reached or played.cost > optimum


def fits_somewhere(pos: Position, card: str) -> bool:
    """Whether a map card fits a site, from the hero's seat, on an island the hero could dig."""
    board = pos.board
    taken = temple_island_set(pos)
    for island, quads in board.island_quads.items():
        if island == board.thera_island or island in taken or island not in board.docks_of_island:
            continue
        if any(card_fits(pos, pos.to_move, card, q) for q in quads):
            return True
    return False


def deck_card_goals(pos: Position) -> list[tuple[str, int, str]]:
    """(deck, depth, card) for the second and third card of each deck: a goal naming one needs a
    purchase of two or three cards (R-BUY-1) whose price the misreading gets wrong."""
    if boat_island(pos) != pos.board.thera_island:
        return []
    prices = pos.components.setup.map_prices
    money = pos.hero.drachmas + 5 * len(pos.hero.cargo)
    out = []
    for deck, cards in zip(DECKS, pos.map_decks, strict=True):
        for depth in (2, 3):
            if len(cards) < depth:
                continue
            card = cards[depth - 1]
            cost = pos.components.map[card].cost
            # The misreading must think the single purchase affordable when it is not.
            if pos.hero.drachmas >= prices[depth - 1] + cost or money < depth + cost:
                continue
            if card in pos.hero.maps or not fits_somewhere(pos, card):
                continue
            out.append((deck, depth, card))
    return out


MAX_ACTIONS = int(os.environ.get("LESSON_MAX_ACTIONS", "4"))
"""The most actions left at a selling lesson's position (more make larger searches)."""


def sells_falling(pos: Position) -> bool:
    """Whether the hero is at Thera, with few actions left (a small search), and two cubes of a
    colour aboard whose second sale earns less than the first (R-FREE-1)."""
    if boat_island(pos) != pos.board.thera_island or not 1 <= pos.actions_left <= MAX_ACTIONS or pos.passing:
        return False
    from akrotiri_puzzles.components import COLOURS

    track = pos.components.market.track
    for colour in set(pos.hero.cargo):
        if pos.hero.cargo.count(colour) < 2:
            continue
        off = len(track) - pos.market[COLOURS.index(colour)]
        if off >= 2 and track[off - 2] < track[off - 1]:
            return True
    return False


def money_goals(pos: Position) -> list[Goal]:
    """Exercise goals where money may be short: any temple; a temple with a map card in hand
    the hero cannot pay for yet; with a card of a deck (the exercise reveals the top cards of each deck) that fits."""
    comps = pos.components
    goals = [Goal()]
    goals += [Goal(1, k) for k in sorted(set(pos.hero.maps)) if comps.map[k].cost > pos.hero.drachmas]
    prices = comps.setup.map_prices
    for cards in pos.map_decks:
        for depth, card in enumerate(cards[:3], 1):
            short = comps.map[card].cost + prices[depth - 1] > pos.hero.drachmas
            if card not in pos.hero.maps and short and fits_somewhere(pos, card):
                goals.append(Goal(1, card))
    return goals


def money_exercise(
    pos: Position, goal: Goal, kind: str, nodes: int = 8000
) -> tuple[Puzzle, int, tuple[Action, ...], tuple[Action, ...]] | None:
    """The one-turn exercise with this goal, its optimum and a line (exhaustive search), and the
    misreading's line when it fails in the engine; None otherwise."""
    puzzle = Puzzle("lesson", pos, goal, 1, revealed=PREMISE.of(pos, 1, goal))
    # The believed world allows all the real one does, so its line, if legal and reaching the
    # goal, is no dearer than the real optimum: only a line the engine refuses can fail.
    believed = flat_sale_line(puzzle, nodes) if kind == "flat" else believed_line(puzzle, kind, nodes)
    if believed is None:
        return None
    played = replay(puzzle, believed[1])
    if played.illegal_at is None and played.reached:
        return None
    found = search(puzzle, max_nodes=nodes)
    if not found.complete or found.optimum is None or found.optimum < 1:
        return None
    if not fails(puzzle, found.optimum, believed[1]):
        return None
    return puzzle, found.optimum, found.line, believed[1]


def first_excavation(line: tuple[Action, ...]) -> Excavate | None:
    """The line's first excavation, if any."""
    return next((a for a in line if isinstance(a, Excavate)), None)


# ---- the finders ------------------------------------------------------------------------------


def find_buying_maps(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """A goal naming the second or third card of a deck: the purchase of two or three cards
    costs 3 or 7 (R-BUY-1), and the misreading (a drachma a card) runs out of money."""
    for deck, depth, card in deck_card_goals(c.pos):
        done = money_exercise(c.pos, Goal(1, card), "per card")
        if done is None:
            continue
        puzzle, _, best, mis = done
        best = line or best  # the certified answer, once there is one
        dig = first_excavation(best)
        assert dig is not None
        marks = [
            boat_mark(c.pos, "your boat at Thera: buy here"),
            Mark("site", f"{card} (card {depth} of the {deck} deck) fits here", quad=dig.site),
        ]
        buys = [a for a in best if isinstance(a, Buy)]
        prices = c.pos.components.setup.map_prices
        paid = sum(prices[len(b.decks) - 1] for b in buys)
        held = c.pos.hero.drachmas + sum(_sold(best, c.pos))
        cost = c.pos.components.map[card].cost
        why = (
            f"{card} is card {depth} of the {deck} deck, so {depth} {deck} cards must be bought. With {held} "
            f"drachmas, one purchase of {depth} cards costs {prices[depth - 1]} and leaves too little for {card} "
            f"({cost} to excavate with). {' then '.join(map(str, buys))} costs {paid} in all, for one more action, "
            f"and leaves {held - paid}."
        )
        task = f"{card} is not in your hand: it is card {depth} of the {deck} deck (the exercise reveals the top cards of each deck)."
        return Found(puzzle, [("per card", mis)], marks, why, task)
    return None


PURE_SALES = os.environ.get("LESSON_PURE_SALES") == "1"
"""Whether find_selling_prices refuses answers that buy map cards (set by the environment)."""


def find_selling_prices(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """The hero sells two or more cubes of a colour to pay for a map card: each earns less than
    the one before (R-FREE-1), and the misreading (a flat price) runs out of money."""
    pos = c.pos
    # Once certified, the exercise's goal is kept (c.goal): the answer is the answer to it.
    for goal in [c.goal] if c.goal is not None else money_goals(pos):
        done = money_exercise(pos, goal, "flat", 4000)
        if done is None:
            continue
        puzzle, _, best, mis = done
        best = line or best
        if PURE_SALES and any(isinstance(a, Buy) for a in best):
            continue  # keep the lesson to selling: no purchase whose price also matters
        if _cards_bought(mis) > _cards_bought(best):
            continue  # it must fail on the sales, not on buying more cards than the answer
        sales = [a for a in best if isinstance(a, Sell)]
        colours = [s.colour for s in sales]
        if not any(colours.count(k) > 1 for k in colours):
            continue  # the answer must sell a colour twice, where the prices fall
        dig = first_excavation(best)
        assert dig is not None
        earned = _sold(best, pos)
        marks = [
            boat_mark(pos, f"your boat, {cubes_in_words(pos.hero.cargo)} aboard" if pos.hero.cargo else "your boat")
        ]
        marks.append(Mark("site", f"{dig.card} fits here", quad=dig.site))
        cost = pos.components.map[dig.card].cost
        held = pos.hero.drachmas + sum(earned)
        why = (
            f"{dig.card} costs {cost} to excavate with; you hold {_drachmas(pos.hero.drachmas)}. The sales earn "
            f"{' + '.join(map(str, earned))} = {sum(earned)}, not {len(earned)} times the first price: each cube "
            "of a colour goes onto the rightmost empty space of its track, so the next one sold earns the price "
            f"of the space to its left. That makes {held}."
        )
        buys = [a for a in best if isinstance(a, Buy)]
        if buys:
            card = goal.map_card or dig.card
            deck, depth = next(
                (d, cards.index(card) + 1) for d, cards in zip(DECKS, pos.map_decks, strict=True) if card in cards
            )
            paid = sum(pos.components.setup.map_prices[len(b.decks) - 1] for b in buys)
            why += (
                f" {card} is card {depth} of the {deck} deck: {' then '.join(map(str, buys))} costs {paid} "
                f"(lesson buying-maps), which leaves {held - paid}, enough for {card}."
            )
        why += f" Counting every cube at its colour's first price, the misreading expects {_flat_total(pos, best)}."
        task = ""
        if goal.map_card is not None and goal.map_card not in pos.hero.maps:
            deck, depth = next(
                (d, cards.index(goal.map_card) + 1)
                for d, cards in zip(DECKS, pos.map_decks, strict=True)
                if goal.map_card in cards
            )
            task = f"{goal.map_card} is not in your hand: it is card {depth} of the {deck} deck (the exercise reveals the top cards of each deck)."
        return Found(puzzle, [("flat", mis)], marks, why, task)
    return None


def _cards_bought(line: tuple[Action, ...]) -> int:
    """How many map cards the line buys."""
    return sum(len(a.decks) for a in line if isinstance(a, Buy))


def _drachmas(n: int) -> str:
    return f"{n} drachma" + ("" if n == 1 else "s")


def _flat_total(pos: Position, line: tuple[Action, ...]) -> int:
    """The drachmas a player expects after the line's sales if every cube of a colour sold for
    the first one's price."""
    first: dict[str, int] = {}
    total = pos.hero.drachmas
    for action, earned in zip([a for a in line if isinstance(a, Sell)], _sold(line, pos), strict=True):
        total += first.setdefault(action.colour, earned)
    return total


def _sold(line: tuple[Action, ...], pos: Position) -> list[int]:
    """What each sale of the line earns (R-FREE-1)."""
    played = replay(Puzzle("x", pos), line)
    return [
        st.pos.hero.drachmas - before.pos.hero.drachmas
        for a, before, st in zip(line, played.states, played.states[1:], strict=False)
        if isinstance(a, Sell)
    ]


__all__ = [
    "believed_line",
    "deck_card_goals",
    "fails",
    "find_buying_maps",
    "find_selling_prices",
    "first_excavation",
    "money_exercise",
    "sale_price",
]
