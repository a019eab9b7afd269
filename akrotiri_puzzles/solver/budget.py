"""What a line can spend and what it must spend, known before any board is read.

The actions of each turn (R-TURN-2), the map cards a line of a given length could play, and
lower bounds on the actions of any line that need no scenario: the board-free bound and the
one-action check.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from ..puzzle import Puzzle


@dataclass(frozen=True)
class Budget:
    """Actions available: turn 1, and turn 2 by how many temples turn 1 excavates."""

    first: int
    second: tuple[int, ...] = field(default_factory=tuple)

    @property
    def most(self) -> int:
        """The most actions a line can spend."""
        return self.first + (max(self.second) if self.second else 0)


def budget(puzzle: Puzzle) -> Budget:
    """Actions of turn 1 and turn 2 (R-TURN-2): fixed when each action phase starts."""
    start = puzzle.start
    board = start.components.player_board
    done = len(start.hero.temples)
    first = start.actions_left if start.phase == "act" else board.actions_after(done)
    second = []
    if puzzle.turns == 2:
        for extra in range(puzzle.goal.temples + 1):
            second.append(board.actions_after(min(done + extra, board.temples)))
    return Budget(first, tuple(second))


def second_turn_possible(puzzle: Puzzle) -> bool:
    """Whether a second turn can follow the first: not when the opponent has excavated every
    temple, since the game then ends with this round (R-END-2)."""
    start = puzzle.start
    return len(start.seat(start.other).temples) < start.components.player_board.temples


def points_in_hand(puzzle: Puzzle) -> int:
    """Movement points the hero holds at the start: only in an action phase (R-MOVE-2)."""
    return puzzle.start.points if puzzle.start.phase == "act" else 0


def max_steps(puzzle: Puzzle, bound: int) -> int:
    """The most steps a line of `bound` actions can make: each action gives at most 2 points
    (R-MOVE-2), a step costs at least 1, and one action per temple is the excavation."""
    return points_in_hand(puzzle) + 2 * max(0, bound - puzzle.goal.temples)


def playable_cards(puzzle: Puzzle, bound: int) -> list[str]:
    """Map cards a line of at most `bound` actions could play: the hand, then deck tops.

    A bought card needs a buy, a move off Thera and the excavation: at most 3 cards per action
    left over (R-BUY-1). Each costs at least a drachma. Only cards the puzzle states can be
    played (premise.py): the hand but the cards bought face down, and each deck's revealed top.
    """
    start = puzzle.start
    hero = start.hero
    revealed = puzzle.revealed
    cards = [k for k in dict.fromkeys(sorted(hero.maps)) if k not in revealed.unknown]
    depth = buy_depth(puzzle, bound)
    for deck, top in zip(start.map_decks, revealed.maps, strict=True):
        cards.extend(deck[: depth if revealed.whole else min(depth, len(top))])
    return cards


def buy_depth(puzzle: Puzzle, bound: int) -> int:
    """How deep into each map deck a line of `bound` actions can buy."""
    hero = puzzle.start.hero
    buys = max(0, bound - 2)
    money = hero.drachmas + 5 * (len(hero.cargo) + 3 * buys)
    return min(3 * buys, money)


def cards_in_hand(puzzle: Puzzle) -> tuple[list[str], list[str]]:
    """The map cards in hand that could dig the goal's temple (the named one, if the goal names
    one), and those of them the hero can pay for now (R-EXC-1)."""
    hero = puzzle.start.hero
    comps = puzzle.start.components
    wanted = [puzzle.goal.map_card] if puzzle.goal.map_card is not None else sorted(hero.maps)
    in_hand = [k for k in wanted if k in hero.maps]
    return in_hand, [k for k in in_hand if comps.map[k].cost <= hero.drachmas]


def goal_money(puzzle: Puzzle, playable: Collection[str] | None = None) -> int | None:
    """The fewest drachmas any line reaching the goal spends on map cards: each excavation pays
    its card's cost (R-EXC-1), and a card not in hand is bought first, at 1 drachma a card at
    least (R-BUY-1: 1, 3 or 7 for 1, 2 or 3 cards), from any deck. None when the hand and the
    decks hold too few cards for the goal.

    With `playable`, only those cards count: the cards a line can play on a scenario's boards
    (`scenario_money`). Each temple plays a card of its own (R-EXC-1: the card stays face up,
    out of the hand)."""
    start = puzzle.start
    comps = start.components
    goal = puzzle.goal
    if goal.score is not None:
        return None
    hand = sorted(k for k in set(start.hero.maps) if playable is None or k in playable)
    decks = [comps.map[k].cost for deck in start.map_decks for k in deck if playable is None or k in playable]
    fixed = 0
    need = goal.temples
    if goal.map_card is not None:
        if playable is not None and goal.map_card not in playable:
            return None
        fixed = comps.map[goal.map_card].cost + (0 if goal.map_card in hand else 1)
        need -= 1
        hand = [k for k in hand if k != goal.map_card]
    others = [comps.map[k].cost for k in hand]
    if decks:
        others += [min(decks) + 1] * need
    others.sort()
    if len(others) < need:
        return None
    return fixed + sum(others[:need])


def must_load(puzzle: Puzzle, playable: Collection[str] | None = None) -> bool:
    """Whether every line reaching the goal loads a cube (R-LOAD-1): the boat is empty and every
    way to the goal spends more drachmas than the hero holds (`goal_money`, of the `playable`
    cards when given), and drachmas come only from selling cubes at Thera (R-FREE-1), which an
    empty boat must load first."""
    hero = puzzle.start.hero
    if hero.cargo:
        return False
    money = goal_money(puzzle, playable)
    return money is not None and money > hero.drachmas


def scenario_money(puzzle: Puzzle, fitting: Collection[str]) -> tuple[bool, bool, int] | None:
    """`must_load`, `sale_first` and the cards of the hand a line can play, for the lines of
    one scenario, whose excavations can only play the cards in `fitting` (the playable cards
    that fit a site on some turn's board of the scenario, R-EXC-1, R-EXC-2); None when those
    are too few for the goal (`goal_money`): no line reaches it. A card that fits nowhere is
    one no line plays, so leaving it out only removes ways to the goal: what holds for every
    way left holds for every line (the lower bounds of solver/lower.py)."""
    if goal_money(puzzle, fitting) is None and puzzle.goal.score is None:
        return None
    hand = sum(1 for k in set(puzzle.start.hero.maps) if k in fitting)
    return must_load(puzzle, fitting), sale_first(puzzle, fitting), hand


def sale_first(puzzle: Puzzle, playable: Collection[str] | None = None) -> bool:
    """Whether every excavation of every line comes after the hero's first sale: no map card
    it could play is one it can pay for with the drachmas it holds (R-EXC-1), counting a
    card's purchase (R-BUY-1: 1 drachma a card at least) for a card not in hand. Before the
    first sale drachmas only go (buys and excavations pay, R-BUY-1, R-EXC-1; only a sale
    earns, R-FREE-1), so a first excavation before it would pay from what the hero holds."""
    start = puzzle.start
    comps = start.components
    money = start.hero.drachmas
    if any(comps.map[k].cost <= money for k in start.hero.maps if playable is None or k in playable):
        return False
    return not any(
        comps.map[k].cost + 1 <= money for deck in start.map_decks for k in deck if playable is None or k in playable
    )


def board_free_lower_bound(puzzle: Puzzle) -> int:
    """A lower bound on the actions of any line that no board can change, found without
    reading any scenario: one action per temple (R-EXC-1), one Move action between two
    excavations, and more when the line cannot excavate where it starts with what it holds.

    - **Between excavations.** Two temples never share an island when the second is dug
      (R-EXC-1: the island has no temple yet; islands only merge, so the first temple's dock
      stays on an island holding it), so the boat steps between them; the excavation is a
      non-move action, after which no movement point is left (R-MOVE-2), and a new turn starts
      with none either, so that step starts a Move action: `temples - 1` actions at least.
    - **A card to buy.** When the hand holds fewer map cards than the goal has temples, or
      lacks the card the goal names, some excavation plays a card bought before it (R-BUY-1:
      an action, at Thera). Buying is a non-move action at Thera, where no temple goes, so the
      boat then steps off Thera with no point in hand: one more Move action, which is not one
      of the steps between excavations counted above (if the buy lies between two
      excavations, that gap costs a leg to Thera and a leg from it). So 2 more actions.
    - **Otherwise, the first excavation.** With no movement point in hand (a placement starts
      the action phase with none, and so does every new turn), any step starts a Move action
      and costs one (R-MOVE-2); a boat at Thera must step off it to excavate (no temple on
      Thera); and without a map card in hand that it can pay for (the named one, if the goal
      names one), the hero must buy a card (an action) or sell cubes, which only happens at
      Thera (R-FREE-1), away from any excavation site. With points in hand only the purchase
      counts. This happens before the first excavation, so it is none of the steps between
      excavations: one more action.
    - **Money.** When the boat is empty and every way to the goal costs more drachmas than the
      hero holds (`must_load`), the line loads a cube to sell: a non-move action that is none
      of the above (an excavation, a buy, a Move action). One more.
    """
    start = puzzle.start
    goal = puzzle.goal
    temples = goal.temples
    between = max(0, temples - 1)
    hand = set(start.hero.maps)
    load = 1 if must_load(puzzle) else 0
    if len(hand) < temples or (goal.map_card is not None and goal.map_card not in hand):
        return temples + between + 2 + load
    in_hand, payable = cards_in_hand(puzzle)
    if points_in_hand(puzzle) == 0:
        at_thera = start.hero.boat in start.board.thera_docks
        extra = 1 if at_thera or not payable else 0
    else:
        extra = 1 if not in_hand else 0
    return temples + between + extra + load
