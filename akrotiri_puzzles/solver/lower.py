"""Lower bounds on the actions of a line on a scenario's boards, from steps and fits alone.

`lower_bound` is read off one scenario's boards (solver/facts.py) or off an optimistic view of
every turn-2 board below one turn-1 placement (solver/relax.py): it only falls when more docks
fit a card or docks come nearer, so a view that over-approximates both gives a bound that holds
for every scenario it covers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from ..puzzle import Puzzle
from .budget import must_load, points_in_hand, sale_first
from .legs import FirstTurn, actions_for, docks_of, money_leg
from .points import FAR, least, least_over
from .stops import buy_gap

SALE_FIRST = True
"""Whether the money form below counts the Move actions between excavations when every
excavation follows the first sale (`budget.sale_first`); a switch for tests and benchmarks."""
BUY_GAP = True
"""Whether `lower_bound` counts, for goals of several temples whose hand holds too few cards that
fit, the Move actions to and from Thera around the buy (`buy_gap`); a switch for tests and
benchmarks."""
SALE_GAP = True
"""Whether `buy_gap` also bounds the lines without a buy when the hand cards that fit are not
payable together: they sell at Thera first (a switch for tests and benchmarks)."""
THERA_TWICE = True
"""Whether the money form below, when an excavation may come before the first sale, takes the
lesser of the lines that sell first and those that dig first (`dig_before_sale`: their sale
stops at Thera between two excavations, a second stop when the first excavation's card was
bought); a switch for tests and benchmarks."""
TURN_SPLIT = True
"""Whether `dig_before_sale` (two-turn puzzles) splits its lines by the turn of their first
excavation: a first excavation in turn 2 puts every excavation, and the span between them, in
turn 2's actions (R-TURN-2); one in turn 1 plays a card that fits on turn 1's board. A switch for
tests and benchmarks."""
SALE_LEG = True
"""Whether `dig_before_sale` counts the sale's gap's Move actions to Thera with the boat loaded
(or loading on the way) rather than one; a switch for tests and benchmarks."""
FIRST_BOARD = True
"""Whether `dig_before_sale`'s split by turn (`TURN_SPLIT`) counts a first excavation in turn 1
on turn 1's board: the Move actions before it from turn 1's steps (or points), and those with
the excavation within turn 1's actions (R-TURN-1, R-TURN-2); a switch for tests and
benchmarks."""
SALE_SPLIT = True
"""Whether `lower_bound`'s count of the lines whose first sale comes before every excavation
(two-turn puzzles) splits them by the turn of their first excavation (`sale_before_dig`): one in
turn 1 has the money leg, the sail to it and itself within turn 1's actions, on turn 1's board;
one in turn 2 has every excavation, the Move actions between them and what the money leg and
the sail leave over from turn 1 within turn 2's (R-TURN-1, R-TURN-2); a switch for tests and
benchmarks."""
FREE_THERA = True
"""Whether the steps from Thera that the lower bounds read (`from_thera`: solver/facts.py and
the per-slot views of solver/relax.py) are counted from the Thera docks without the opponent's
boat (`thera_stops`): every use of them is a stop at Thera, to sell or buy, which no boat makes
at an occupied dock (R-MOVE-3); a switch for tests and benchmarks."""
CARGO_WORTH = True
"""Whether `lower_bound` counts a load before a card the hero cannot pay for when the cubes
aboard, each sold at the track's highest price, cannot make up what it lacks; a switch for tests
and benchmarks."""
CUBE_REACH = True
"""Whether `lower_bound` finds no line (FAR) where every line loads a cube to sell (`load`) but
no dock of an island holding one can be reached and left for Thera (`money_leg` is FAR); a
switch for tests and benchmarks."""
ONE_LOAD = True
"""Whether the money leg of a card the hero cannot pay for counts a second load where a load of
up to 3 cubes from the island it is made on cannot sell for what the card lacks (`money_leg`'s
`short`, with `cube_docks` given as `boardview.load_docks`); a switch for tests and benchmarks."""
MONEY = True
"""Whether the scenarios' lower bounds (solver/facts.py, and the per-slot views of
solver/relax.py) read the goal's money off the cards that fit on the scenario's boards
(`budget.scenario_money`) rather than off every playable card; a switch for tests and
benchmarks."""


def lower_bound(
    puzzle: Puzzle,
    goal_cards: Sequence[str],
    fit: dict[str, set[str]],
    from_start: dict[str, int],
    from_thera: dict[str, int],
    cube_docks: Iterable[str] | Callable[[], Iterable[str]] | None = None,
    load: bool | None = None,
    sale: bool | None = None,
    hand_cards: int | None = None,
    turns: FirstTurn | None = None,
    loading: bool = False,
) -> int:
    """A lower bound on the actions of any line reaching the goal on a scenario's boards.
    `load` is `budget.must_load(puzzle)`, given by a caller that asks for many scenarios (it is
    worked out here when None); `sale` is `budget.sale_first(puzzle)` and `hand_cards` the map
    cards in hand (likewise). A caller may give them for the cards that fit on the scenario's
    boards alone (`budget.scenario_money`): no line plays another.

    Any line excavates (1 action per temple) at a dock where its card fits, having sailed there
    at 2 steps per action at most (R-MOVE-2). A card it must buy, or cannot pay for, sends it to
    Thera first (R-BUY-1, R-FREE-1); a buy is 1 action more. Money comes from selling cubes
    carried to Thera: a loaded boat moves 1 step per action, and a boat that sets out empty
    needs a load (1 action). Distances are measured on the last turn's board, which has every
    step of the earlier one; the docks where a card fits are those of any turn's board. Each
    further temple of the goal costs its excavation and, unless a named card's excavation
    comes later, a Move action before it (see `budget.board_free_lower_bound`).

    **Money** (R-FREE-1, R-LOAD-1, R-MOVE-2). Drachmas come only from selling cubes at Thera.
    With `cube_docks` (the docks of the last turn's islands that hold a cube of the board or
    land of a tile the line places, R-TILE-2: see `boardview.cube_docks`; or a function giving
    them, called only when they are needed), a card the hero cannot pay for
    with an empty boat costs, before Thera, the least over those docks d of the Move actions to
    d, the load, and one Move action per step from d to Thera (`money_leg`), and one more at a
    dock whose island holds too few cubes for one load to sell for what the card lacks
    (`ONE_LOAD`, when `cube_docks` gives each dock's cubes, `boardview.load_docks`); without them, a
    load and the sail to Thera at 2 steps per action. And when every way to the goal costs more
    drachmas than the hero holds and the boat is empty (`budget.must_load`), a line through a
    card it can pay for still loads a cube somewhere: one action more. For goals of several
    temples without a named card, such a line also makes the money leg before its last
    excavation, then sails from Thera to a dock where a card fits (the Move actions after the
    sale: the loaded leg's spare points only make up for its own extra actions), and excavates
    every temple, buying first when the hand holds fewer cards than the goal's temples: all
    distinct actions. When no card the hero could play is one it can pay for before a sale
    (`budget.sale_first`: before the first sale drachmas only go), every excavation follows the
    sale, so the Move action before each further temple (as above) comes after the sale too,
    and is none of the money leg's, the sail from Thera's or the buy: `temples - 1` more. Over
    two turns, those lines are split by the turn of their first excavation (`sale_before_dig`).
    And where every line loads a cube to sell but no island holding one can be reached and
    left for Thera (`money_leg` is FAR, `CUBE_REACH`), no line reaches the goal (FAR).

    **With `loading`** (solver/cargo_money.py's `NO_LOAD`): a bound on the lines that load at least
    once, for a hero with cubes aboard. Each card's count then holds a load: a load is none of
    the Move actions, buys and excavations it counts, and where it already counts one (`plain`,
    a load and the sail at 2 steps an action; or `CARGO_WORTH`'s) that one is the line's load,
    counted once. And where the hand holds fewer cards that fit than the goal has temples, a
    count through a hand card holds a buy (another temple plays a bought card, R-EXC-1, R-BUY-1):
    none of the actions it counts. Every other term is a bound on every line.
    """
    start = puzzle.start
    hero = start.hero
    comps = start.components
    p0 = points_in_hand(puzzle)
    hand = set(hero.maps)
    thera_docks = [d for d, n in from_thera.items() if n == 0]
    to_thera = min((from_start.get(d, FAR) for d in thera_docks), default=FAR)
    if load is None:
        load = must_load(puzzle)
    earn: int | None = None
    best = FAR
    plain = 1 + actions_for(to_thera, p0)  # a load and the sail to Thera: at most the money leg
    # The most the cubes aboard can sell for: the track's highest price each (R-FREE-1).
    worth = hero.drachmas + len(hero.cargo) * max(comps.market.track) if CARGO_WORTH else FAR

    def cost_k(k: str, bought: bool) -> int:
        return comps.map[k].cost + (1 if bought else 0)

    deferred: list[tuple[int, int]] = []
    # With `loading`: a hand short of cards that fit for the goal's temples buys one (R-EXC-1).
    hand_short = loading and sum(1 for k in hand if k in fit) < puzzle.goal.temples
    for k in goal_cards:
        where = fit.get(k)
        if not where:
            continue
        bought = k not in hand
        short = comps.map[k].cost + (1 if bought else 0) > hero.drachmas
        if not bought and not short:
            travel = actions_for(least(from_start, where), p0) + (1 if load or loading else 0)
        else:
            first_leg = actions_for(to_thera, p0)
            if short:
                # With cubes on board they are carried to Thera at 1 step per Move action; when
                # they cannot sell for what k lacks, a cube is loaded too (`CARGO_WORTH`).
                carried = max(0, to_thera - p0) + (1 if loading or worth < cost_k(k, bought) else 0)
                first_leg = min(carried, plain) if hero.cargo else plain
            elif load or loading:
                first_leg += 1  # the load the goal's money needs, somewhere on the line
            back = least(from_thera, where)
            travel = first_leg + actions_for(back, 0) + (1 if bought else 0)
            if short and not hero.cargo and cube_docks is not None:
                # The money leg replaces `plain` below, only where it can lower `best`.
                deferred.append((1 + travel, cost_k(k, bought) - hero.drachmas))
                continue
        if hand_short and not bought:
            travel += 1  # another temple's card is bought: a buy action (R-BUY-1)
        best = min(best, 1 + travel)
    loads: Iterable[str] = ()
    one_load: dict[str, int] | None = None
    for estimate, lacking in sorted(deferred):
        if estimate >= best:
            break
        if earn is None:
            assert cube_docks is not None
            loads = docks_of(cube_docks)
            earn = money_leg(loads, from_start, from_thera, p0)
            if ONE_LOAD and isinstance(loads, Mapping):
                # A line's only load: up to 3 cubes (R-LOAD-1), each sold for the track's
                # highest price at most (R-FREE-1).
                top = max(comps.market.track)
                one_load = {d: top * min(3, n) for d, n in loads.items()}
        leg = earn if one_load is None else money_leg(loads, from_start, from_thera, p0, one_load, lacking)
        best = min(best, estimate - plain + leg)
    if best >= FAR:
        return FAR
    if CUBE_REACH and load and cube_docks is not None:
        # Every line sells a cube it loads (R-FREE-1, R-LOAD-1): none where no cube is in reach.
        if earn is None:
            earn = money_leg(docks_of(cube_docks), from_start, from_thera, p0)
        if earn >= FAR:
            return FAR
    # Every further temple: a Move action off the island just dug (the excavation leaves no
    # point in hand, R-MOVE-2; the next temple is on another island, R-EXC-1) and its
    # excavation. With a named card, `best` reaches the named one's excavation, and another
    # may lie on the way: only its excavation counts.
    further = puzzle.goal.temples - 1
    found = max(best + (further if puzzle.goal.map_card is not None else 2 * further), puzzle.goal.temples)
    if load and cube_docks is not None and puzzle.goal.map_card is None and further:
        # The sale comes before the last excavation: the money leg, then from Thera to a dock
        # where a card fits, and every excavation, and a buy when the hand is short of cards.
        cubes = list(docks_of(cube_docks))
        if earn is None:
            earn = money_leg(cubes, from_start, from_thera, p0)
        back = least_over(from_thera, fit.values())
        if earn < FAR and back < FAR:
            held = len(hand) if hand_cards is None else hand_cards
            buy = 1 if held < puzzle.goal.temples else 0
            # When no excavation can come before the sale (`budget.sale_first`), every one
            # follows it, and so does a Move action between two of them (R-EXC-1, R-MOVE-2).
            first_sale = sale_first(puzzle) if sale is None else sale
            between = further if SALE_FIRST and first_sale else 0
            found = max(found, earn + actions_for(back, 0) + puzzle.goal.temples + buy + between)
            # The lines whose first sale comes before every excavation, split by turn (two turns).
            selling = sale_before_dig(puzzle, cubes, from_start, from_thera, earn, back, p0, buy, turns)
            if SALE_FIRST and first_sale:
                found = max(found, selling)
            if THERA_TWICE and not first_sale and selling > found:
                # Either the first sale comes before every excavation (the count above, with the
                # Move actions between excavations), or an excavation comes before it (where
                # `selling` is no more than `found`, neither can raise it).
                thera_cube = any(from_thera.get(d) == 0 for d in cubes)
                dug = dig_before_sale(puzzle, fit, from_start, from_thera, to_thera, p0, buy, turns, thera_cube)
                found = max(found, min(selling, dug))
    if BUY_GAP and puzzle.goal.map_card is None and further:
        sold = None
        if SALE_GAP:
            sold = ({k: comps.map[k].cost for k in fit}, hero.drachmas, bool(hero.cargo))
        gap = buy_gap(puzzle.goal.temples, hand, fit, from_start, from_thera, to_thera, p0, bool(load), sold, turns)
        found = max(found, gap)
    return found


def sale_before_dig(
    puzzle: Puzzle,
    cubes: list[str],
    from_start: dict[str, int],
    from_thera: dict[str, int],
    earn: int,
    back: int,
    points: int,
    buy: int,
    turns: FirstTurn | None = None,
) -> int:
    """For a goal of several temples without a named card that every line pays for with a sale
    (`budget.must_load`): a lower bound on the actions of the lines whose first sale comes before
    every excavation; FAR when there are none. `earn` is the money leg (`money_leg` over
    `cubes`), `back` the least steps from Thera's stops to a dock where a card fits, both on the
    last board, `buy` 1 when the hand holds fewer cards that fit than the goal's temples.

    Such a line makes the money leg before its first sale S (`money_leg`: at least `earn`
    actions), then sails from Thera to its first excavation's dock: at least `back` steps with
    no point in hand after S (the Move action into Thera began loaded, 1 point, spent on the
    step into Thera, R-MOVE-2), so `actions_for(back, 0)` Move actions between S and the first
    excavation. Then every excavation (R-EXC-1), a Move action between two of them (the next
    temple is on another island and an excavation leaves no point, R-MOVE-2), and the buy: all
    distinct actions, `lead + 2 * temples - 1 + buy`, `lead` being the money leg and the sail.

    **By turn** (`turns`, two-turn puzzles, `SALE_SPLIT`). Let E be the first excavation.
    - E in turn 2: every excavation is in turn 2, and so are the Move actions between them;
      turn 1 excavates nothing, so turn 2 has `turns.second` actions (R-TURN-2). Every action
      of turn 1 comes before E, and turn 1 has at most `turns.actions`; the lead, and a buy
      made before E, come before E too, so at least `lead + buy - turns.actions` of them fall in
      turn 2 (a buy made after E is in turn 2 anyway). So turn 2 holds at least `max(0, lead +
      buy - turns.actions) + 2 * temples - 1` actions: where that exceeds `turns.second`, no
      such line has E in turn 2.
    - E in turn 1: E and every action before it are turn 1's, made before turn 2's tile is
      placed (R-TURN-1), on turn 1's board: the money leg counted with turn 1's steps (or
      points: `turns.from_start`, `turns.from_thera`; the last board's cube docks hold every
      dock whose island holds a cube on turn 1's board, islands only merging and cubes staying
      on their piece, R-TILE-3, so the least over them is no more), the sail from turn 1's
      Thera stops to a dock where a card fits on turn 1's board (`turns.fit`), and E: at most
      `turns.actions` (R-TURN-2), else no such line has E in turn 1.
    Where neither turn is left, there is no such line (FAR); else the count above holds. For
    two temples, wherever turn 1 is left so is turn 2 (the last board's lead is at most turn
    1's, and turn 2 has 3 actions at least, R-TURN-2), so the turn-1 case only decides for three
    temples or more, whose excavations and gaps alone may exceed turn 2's actions."""
    temples = puzzle.goal.temples
    rest = 2 * temples - 1
    lead = earn + actions_for(back, 0)
    selling = lead + rest + buy if lead < FAR else FAR
    if turns is None or not SALE_SPLIT or selling >= FAR:
        return selling
    if max(0, lead + buy - turns.actions) + rest <= turns.second:
        return selling  # the first excavation may be in turn 2
    # Turn 1's board when known (`FirstTurn`), else the last board's steps, which are no more.
    start_one = turns.from_start if turns.from_start is not None else from_start
    thera_one = turns.from_thera if turns.from_thera is not None else from_thera
    earn_one = money_leg(cubes, start_one, thera_one, points)
    back_one = min((thera_one.get(d, FAR) for ds in turns.fit.values() for d in ds), default=FAR)
    if earn_one < FAR and back_one < FAR and earn_one + actions_for(back_one, 0) + 1 <= turns.actions:
        return selling  # the first excavation may be in turn 1
    return FAR


def dig_before_sale(
    puzzle: Puzzle,
    fit: dict[str, set[str]],
    from_start: dict[str, int],
    from_thera: dict[str, int],
    to_thera: int,
    points: int,
    buy: int,
    turns: FirstTurn | None = None,
    thera_cube: bool = True,
) -> int:
    """For a goal of several temples that every line pays for with a sale (`budget.must_load`:
    the boat is empty and the cards cost more than the hero holds): a lower bound on the actions
    of the lines whose first excavation comes before their first sale; FAR when there are none.
    `buy` is 1 when the hand holds fewer cards that fit than the goal's temples (a buy action
    somewhere on every line).

    Before the first sale drachmas only go (R-BUY-1, R-EXC-1; only a sale earns, R-FREE-1), so
    the first excavation plays a card of the hand the hero can pay for, or a deck card it can
    pay for with its purchase (1 drachma a card at least, R-BUY-1), bought at Thera before it.
    Move actions before it: to a dock where such a hand card fits (`points` in hand); or to
    Thera, then after the buy, which leaves no point in hand (R-MOVE-2), off Thera to a dock
    where such a deck card fits (one at least: no temple on Thera, R-EXC-1). And since no line
    pays for the goal without a sale, the first sale comes before the last excavation: in a gap
    between two excavations, which then holds a stop at Thera (R-FREE-1): a Move action off the
    island just dug (the excavation leaves no point in hand; no temple on Thera) and another
    off Thera after the sale (the boat arrives loaded, and a Move action of a loaded boat gives
    1 point, spent on the step into Thera, R-MOVE-2): one more than the gap's one Move action.
    So: those Move actions, one per gap (`temples - 1`) and one more, every excavation, the
    load (only a load puts cubes aboard an empty boat, R-LOAD-1), and a buy (`buy`, or the one
    before the first excavation): all distinct actions. Steps are the last turn's board's,
    which has every step of the earlier ones.

    With the first excavation's card bought, that is a stop at Thera before it and another (the
    sale) after it: the count no other bound makes (place-2 g7003).

    **The sale's gap, loaded** (`SALE_LEG`). Take the gap holding the first sale, after an
    excavation at dock d, and the last load before that sale. If that load came before the
    excavation, the boat is loaded from d to Thera (it keeps a cube to sell, and only a load
    adds one), so each Move action gives 1 point (R-MOVE-2) and the steps from d to Thera take
    `from_thera[d]` Move actions. If it came after, at d itself the same holds; at another dock
    c, a Move action at least to reach c (a new action: the excavation left no point, R-MOVE-2),
    and at least one more from c to Thera after the load (the load loses the points, R-MOVE-2),
    unless c lies on Thera's island, which holds a cube only when a cube dock is there
    (`thera_cube`: the hero cannot unload at Thera, R-FREE-2). So the gap takes, before the
    sale, `min(from_thera[d], 2)` Move actions (1 with `thera_cube`) and not just 1; d is the
    first excavation's dock for two temples (one gap), any dock where a card fits otherwise.

    **By turn** (`turns`, two-turn puzzles, `TURN_SPLIT`): the docks where each card fits on
    turn 1's board, and turn 2's actions when turn 1 excavates nothing (R-TURN-2). A first
    excavation in turn 2 puts every excavation and every action between them in turn 2, whose
    actions are then turn 2's without a turn-1 temple: at least `2 * temples` (the excavations,
    the gaps' Move actions and the sale's one more, as above, with the loaded leg's more), and
    one more when the first excavation plays a hand card that, with a buy before it, the hero
    could no longer pay for (no sale comes before it), so that the buy comes after it. Where
    that exceeds turn 2's actions, the first excavation is in turn 1, on turn 1's board: only
    the docks where its card fits there count.

    **On turn 1's board** (`FIRST_BOARD`). A first excavation in turn 1 comes before turn 2's
    tile is placed (R-TURN-1: a turn starts with its placement), so every action before it is
    one of turn 1's, on turn 1's board: its Move actions are counted with turn 1's steps (or
    points) from the start, or to Thera's stops and back for a card bought first (a turn-2 tile
    may bring a dock nearer, only from turn 2 on); and those Move actions, the buy before it
    and the excavation are at most turn 1's actions (R-TURN-2), else no first excavation at
    that dock is in turn 1. The lead at a dock is the least over the turns allowed there."""
    comps = puzzle.start.components
    hero = puzzle.start.hero
    hand = set(hero.maps)
    temples = puzzle.goal.temples
    cap = 1 if thera_cube else 2
    split = turns if turns is not None and TURN_SPLIT else FirstTurn({}, FAR)
    first_fit, second = split.fit, split.second
    # Turn 1's board for a first excavation in turn 1 (`FIRST_BOARD`), else the last board's.
    known = FIRST_BOARD and split.from_start is not None and split.from_thera is not None
    start_one = split.from_start if known and split.from_start is not None else from_start
    thera_one = split.from_thera if known and split.from_thera is not None else from_thera
    most_one = split.actions if known else FAR
    to_thera_one = (
        min((start_one.get(d, FAR) for d, n in thera_one.items() if n == 0), default=FAR) if known else to_thera
    )

    # Per dock d of a first excavation (the loops below run for every view of every slot, so
    # the counts are written out here):
    # - the sale's gap's Move actions before Thera beyond the one counted, after a dig at d
    #   (`SALE_LEG`): `max(0, min(from_thera[d], cap) - 1)`;
    # - the Move actions before a first excavation at d and the buy before it when the card is
    #   bought (`ahead`), and those of them with the excavation that fall in its turn (`spent`):
    #   for a hand card, `actions_for` the steps from the start with the points in hand, then
    #   (ahead, spent) = (moves + buy, moves + 1); for a bought card, the first leg to Thera, the
    #   buy and `max(1, actions_for(from Thera to d, 0))` Move actions off Thera, then
    #   (moves, moves + 1); on turn 1's board when `known` (the turn-1 case), else the last
    #   board's. FAR where a leg cannot be sailed.
    first_late = actions_for(to_thera, points)
    first_one = actions_for(to_thera_one, points)
    start_d, thera_d = (start_one, thera_one) if known else (from_start, from_thera)

    # For several gaps the sale may follow any excavation: the least over every fitting dock.
    elsewhere = 0
    if temples != 2 and SALE_LEG:
        elsewhere = min((max(0, min(from_thera.get(d, FAR), cap) - 1) for ds in fit.values() for d in ds), default=0)
    # The Move actions before the first excavation with the buys counted with them, and the
    # sale's gap's extra ones.
    # Each (k, d) counts by d, whether k is the hand's, whether its buy comes after it, and
    # whether k fits at d on turn 1's board: the docks gathered per kind, each dock once.
    kinds: dict[tuple[bool, int], tuple[set[str], set[str]]] = {}
    for k, docks in fit.items():
        cost = comps.map[k].cost
        mine = k in hand and cost <= hero.drachmas
        bought = k not in hand and cost + 1 <= hero.drachmas
        if not mine and not bought:
            continue
        # A buy before the first excavation leaves too little for k (no sale before it).
        after = 1 if mine and buy and cost + 1 > hero.drachmas else 0
        anywhere, on_first = kinds.setdefault((mine, after), (set(), set()))
        anywhere.update(docks)
        on_first.update(first_fit.get(k, set()) & docks)
    before = FAR
    for (mine, after), (anywhere, on_first) in kinds.items():
        for d in anywhere:
            if temples != 2:
                extra = elsewhere
            elif SALE_LEG:
                extra = max(0, min(from_thera.get(d, FAR), cap) - 1)
            else:
                extra = 0
            best = FAR
            if 2 * temples + extra + after <= second:
                # In turn 2 it fits turn 2's actions: the last board's lead.
                if mine:
                    n = from_start.get(d, FAR)
                    if n < FAR:
                        best = max(0, -(-(n - points) // 2)) + buy
                else:
                    n = from_thera.get(d, FAR)
                    if n < FAR and first_late < FAR:
                        best = first_late + 1 + max(1, -(-n // 2))
            if d in on_first:
                # In turn 1, on turn 1's board (with `known`), within turn 1's actions.
                if mine:
                    n = start_d.get(d, FAR)
                    if n < FAR:
                        moves = max(0, -(-(n - points) // 2))
                        if moves + 1 <= most_one and moves + buy < best:
                            best = moves + buy
                else:
                    n = thera_d.get(d, FAR)
                    if n < FAR and first_one < FAR:
                        moves = first_one + 1 + max(1, -(-n // 2))
                        if moves + 1 <= most_one and moves < best:
                            best = moves
            if best < FAR and best + extra < before:
                before = best + extra
    if before >= FAR:
        return FAR
    return before + temples + temples + 1


def thera_stops(island: dict[str, object], thera: object, occupied: str | None) -> list[str]:
    """The docks of Thera's island where a boat can stop (`FREE_THERA`): every one but the dock of
    the opponent's boat (R-MOVE-3: no boat stops, takes an action or ends a turn there).

    The lower bounds read steps from Thera (`from_thera`) only for a stop at Thera, to sell
    (R-FREE-1) or buy (R-BUY-1): the Move actions to it (`to_thera`: its docks are those at 0), and
    after it, off Thera to where a card fits, or loaded from a cube dock to the sale. So
    counting them from the docks where that stop can be made is still a lower bound: a path
    through the occupied dock is counted like any other (its extra point only adds)."""
    docks = [d for d, isl in island.items() if isl == thera]
    if not FREE_THERA:
        return docks
    return [d for d in docks if d != occupied]
