"""The stop at Thera before the last excavation of a goal of several temples (`buy_gap`).

A line that must buy a card (the hand holds too few that fit) or sell (the hand's cards that
fit are not payable together) stops at Thera before its last excavation (R-BUY-1, R-FREE-1).
`buy_gap` counts the Move actions around that stop; solver/lower.py's `lower_bound` takes it
as one of its counts. Split from solver/lower.py by concern.
"""

from __future__ import annotations

from collections.abc import Callable

from .legs import FirstTurn, actions_for, loaded_actions
from .points import FAR, least_over

ONE_DOCK = True
"""Whether `buy_gap`, when at most one excavation can come before the first stop at Thera (two
temples, or one hand card that fits), counts the Move actions to that excavation's dock and on
from it to Thera at the same dock; a switch for tests and benchmarks."""

CARGO_LEG = True
"""Whether `buy_gap`'s lines that sell first, with cubes aboard at the start, count the Move
actions to Thera at 1 point each when the cube first sold was aboard since the start (else they
load one: an action); a switch for tests and benchmarks."""

BUY_SALE = True
"""Whether `buy_gap` counts, for two temples, the sale that a line digging a hand card before its
buy must also make when the card, the buy and a second card cost more than the drachmas held
(`_dig_then_buy`); a switch for tests and benchmarks."""
HAND_REACH = True
"""Whether `buy_gap` counts a hand card as one that fits only where it fits at a dock the boat
can reach from the start (`from_start` finite); a switch for tests and benchmarks."""
BUY_SPLIT = True
"""Whether `buy_gap` (two-turn puzzles, two temples or one hand card that fits) keeps a first
excavation before the stop at Thera only in a turn with room for it (`_legs`): in turn 2 with
every later action within turn 2's actions, else in turn 1 on turn 1's board (R-TURN-1,
R-TURN-2); a switch for tests and benchmarks."""


def buy_gap(
    temples: int,
    hand: set[str],
    fit: dict[str, set[str]],
    from_start: dict[str, int],
    from_thera: dict[str, int],
    to_thera: int,
    points: int,
    load: bool,
    sale: tuple[dict[str, int], int, bool] | None = None,
    turns: FirstTurn | None = None,
) -> int:
    """For a goal of several temples without a named card, when fewer cards of the hand fit
    than the goal has temples (`fit`: where each card a line can play fits; 0 otherwise): a
    lower bound on the actions of a line from the buy it must make (R-BUY-1, at Thera).

    Count distinct actions: the excavations (`temples`), the first buy (1), the Move actions
    before the first excavation, and those between excavations (one at least per gap: the
    next temple is on another island, R-EXC-1, and an excavation leaves no point in hand,
    R-MOVE-2). Either the first buy comes before every excavation: Move actions to Thera
    first (`to_thera` steps with `points` in hand), then after the buy, which leaves no point
    in hand (R-MOVE-2), Move actions from Thera to a dock where a card fits (not on Thera, so
    one at least), and `temples - 1` gaps: `to Thera + back + 2 * temples`. Or some
    excavations come first, each playing a card of the hand (only a buy adds cards): Move
    actions to a dock where a hand card fits, then the gap holding the buy takes Move actions
    from such a dock to Thera (one at least) and from Thera to a dock where a card fits: `to
    that dock + to Thera from it + back + 2 * temples - 1`. Steps are the last turn's board's,
    which has every step of the earlier ones, at 2 points per Move action at most (R-MOVE-2).
    And a load when every line loads a cube (`load`: a non-move action of its own).

    This holds for every line with a buy (a buy after the last excavation is none of a line's:
    the line ends there). With `sale` (each card's cost, the drachmas, whether the boat holds
    cubes), when enough hand cards fit but no `temples` of them are payable together with the
    drachmas held, a line without a buy plays only hand cards (R-EXC-1) and so sells first
    (R-FREE-1, at Thera): a sale ends the Move action as a buy does (R-MOVE-2), so its stop
    takes the same Move actions, without the buy's action but with a load before it when the
    boat is empty (only a load puts cubes aboard, R-LOAD-1): the bound is then the lesser of
    the two.

    **One dock** (`ONE_DOCK`). The stop comes before the last excavation, so for two temples
    (or one hand card that fits) at most one excavation comes before it, and the Move actions
    to it and on to Thera start and end at the same dock: the least over those docks of both
    together, not each leg's least apart.

    **Cubes aboard** (`CARGO_LEG`). When the boat holds cubes at the start, the cube a first
    sale sells was either aboard since the start, so that every Move action before the sale
    began with a cube aboard and gave 1 point (R-MOVE-2: those Move actions are counted at a
    point each), or loaded on the way (R-LOAD-1: a load, an action of its own): the lesser of
    the two."""
    # A hand card is played only at a dock where it fits that the line reaches (`HAND_REACH`).
    held = [k for k in hand if fit.get(k) and (not HAND_REACH or any(from_start.get(d, FAR) < FAR for d in fit[k]))]
    short = len(held) < temples
    cargo = False
    if not short:
        if sale is None:
            return 0
        costs, drachmas, cargo = sale
        if sum(sorted(costs[k] for k in held)[:temples]) <= drachmas:
            return 0
    back = actions_for(least_over(from_thera, fit.values()), 0)
    if back >= FAR:
        return FAR
    one = ONE_DOCK and (temples == 2 or len(held) == 1)
    split = turns if turns is not None and BUY_SPLIT and one else None
    # Turn 2's actions from a first excavation before the stop to the last, but the stop's gap's
    # Move actions to Thera (and the stop's own action).
    rest = 2 * temples - 2 + max(1, back)

    def buy_span(leave: int) -> int:
        return rest + max(1, actions_for(leave, 0)) + 1

    def sale_span(leave: int) -> int:
        # The cube sold aboard since the first excavation (a point a Move action, R-MOVE-2), or
        # loaded after it (an action, R-LOAD-1).
        return rest + max(1, min(loaded_actions(leave, 0), actions_for(leave, 0) + 1))

    # One pass over the hand's docks for both counts (the sale's only when the hand is not short).
    buying, *rest_legs = _legs(
        held, fit, from_start, from_thera, split, points, (buy_span,) if short else (buy_span, sale_span)
    )
    before = _to_stop(_merged(buying), to_thera, points, one, actions_for)
    bought = _total(before, max(1, back) + 2 * temples + (1 if load else 0))
    if BUY_SALE and one and temples == 2 and sale is not None and not load:
        lead = _dig_then_buy(buying, sale, to_thera, points)
        bought = max(bought, _total(lead, max(1, back) + 2 * temples))
    if short:
        return bought
    selling = _merged(rest_legs[0])
    # The first sale sells a cube loaded on the way (a load), or one aboard since the start.
    sold = _total(_to_stop(selling, to_thera, points, one, actions_for), max(1, back) + 2 * temples)
    if cargo and CARGO_LEG:
        kept = _to_stop(selling, to_thera, points, one, loaded_actions)
        sold = min(sold, _total(kept, max(1, back) + 2 * temples - 1))
    elif cargo:
        sold = _total(sold, -1)
    return min(bought, sold)


def _total(part: int, more: int) -> int:
    """`part + more`, FAR when `part` is."""
    return FAR if part >= FAR else part + more


Legs = dict[str, dict[int, int]]
"""Per hand card k that fits, the legs of a first excavation of k before the stop at Thera:
steps from Thera's stops -> the fewest steps from the start to a dock of k that far from Thera
(`_legs`)."""


def _legs(
    held: list[str],
    fit: dict[str, set[str]],
    from_start: dict[str, int],
    from_thera: dict[str, int],
    turns: FirstTurn | None,
    points: int,
    spans: tuple[Callable[[int], int], ...],
) -> list[Legs]:
    """Per span, per hand card k that fits, the legs of a first excavation of k at each dock d
    before the stop at Thera: (steps from the start to d, steps from d to Thera); the first is
    FAR where no turn has room for it (`BUY_SPLIT`, with `turns`). A span `span(leave)` counts
    the actions from that excavation to the last, at a dock `leave` steps from Thera.

    **By turn** (`turns`: two temples, or one hand card that fits). An excavation in turn 2 puts
    every later action of the line in turn 2, and turn 1 then excavates nothing, so turn 2 has
    `turns.second` actions (R-TURN-2): where `span` exceeds them, the excavation is in turn 1,
    made before turn 2's tile is placed (R-TURN-1), so on turn 1's board: k fits at d there
    (`turns.fit`), and the Move actions to d on turn 1's board (`turns.from_start`) and the
    excavation are at most turn 1's actions (`turns.actions`); its steps are then turn 1's
    board's (no fewer than the last board's). Else no line digs k first at d.

    **The fewest steps for each distance from Thera.** Every count of these legs (`_via`, in
    `_to_stop` and `_dig_then_buy`) is, for a given distance from Thera, a nondecreasing
    function of the steps from the start (`actions_for` and `loaded_actions` are, and FAR is
    above every count), and their least over the legs is all that is read (or, without `ONE_DOCK`,
    the least steps from the start and the least from Thera apart). So of the legs with the
    same distance from Thera only the one with the fewest steps from the start is kept: the
    same least, read off fewer legs (a leg whose steps from the start are FAR is kept too: its
    distance from Thera still counts apart)."""
    outs: list[Legs] = [{} for _ in spans]
    late: dict[int, tuple[bool, ...]] = {}  # per steps from Thera: each span exceeds turn 2's actions
    at_start, at_thera = from_start.get, from_thera.get
    above = FAR + 1
    if turns is not None:
        # `actions_for(steps, points) + 1 <= turns.actions` (nondecreasing in steps) as a most.
        most = points + 2 * (turns.actions - 1) if turns.actions >= 1 else -1
        first_start = turns.from_start.get if turns.from_start is not None else None
    for k in held:
        # Per steps from Thera: the fewest steps from the start on the last board, and (where a
        # span puts the excavation in turn 1) on turn 1's board.
        plain: dict[int, int] = {}
        early: dict[int, int] = {}
        first = turns.fit.get(k, ()) if turns is not None else ()
        for d in fit[k]:
            reach, leave = at_start(d, FAR), at_thera(d, FAR)
            if plain.get(leave, above) > reach:
                plain[leave] = reach
            if turns is None:
                continue
            over = late.get(leave)
            if over is None:
                over = late[leave] = tuple(span(leave) > turns.second for span in spans)
            if True in over:
                if d not in first:
                    there = FAR
                elif first_start is not None:
                    there = first_start(d, FAR)
                    if there > most:
                        there = FAR
                else:
                    there = reach
                if early.get(leave, above) > there:
                    early[leave] = there
        for i, out in enumerate(outs):
            out[k] = {
                leave: early[leave] if leave in early and late[leave][i] else reach for leave, reach in plain.items()
            }
    return outs


def _merged(legs: Legs) -> dict[int, int]:
    """Every hand card's legs together: steps from Thera -> the fewest steps from the start."""
    out: dict[int, int] = {}
    for ways in legs.values():
        for leave, reach in ways.items():
            if out.get(leave, FAR + 1) > reach:
                out[leave] = reach
    return out


def _dig_then_buy(
    legs: Legs,
    sale: tuple[dict[str, int], int, bool],
    to_thera: int,
    points: int,
) -> int:
    """`buy_gap`'s Move actions before the first buy (as `_to_stop` counts them) for two
    temples, with the sale that some of those lines also make (`BUY_SALE`); `legs` as `_legs`
    gives them. A line that digs first plays a hand card k (only a buy adds cards), then pays
    the buy (1 drachma at least, R-BUY-1) and the second card (R-EXC-1): when `cost(k) + 1 +`
    the least cost of another card that fits exceeds the drachmas held, it sells before its last
    excavation (only a sale earns, R-FREE-1), so a cube aboard since the start made every Move
    action before the first stop at a point (R-MOVE-2: counted with `loaded_actions`), or a load
    came first (R-LOAD-1: an action, one more). Lines that buy before every excavation are
    counted as in `_to_stop`."""
    costs, drachmas, cargo = sale
    best = actions_for(to_thera, points)
    for k, ways in legs.items():
        others = [c for o, c in costs.items() if o != k]
        if not others:
            continue  # no second card: no line digs k first
        selling = costs[k] + 1 + min(others) > drachmas
        for leave, reach in ways.items():
            lead = _via(reach, leave, points, actions_for)
            if selling:
                lead = _total(lead, 1)
                if cargo:
                    lead = min(lead, _via(reach, leave, points, loaded_actions))
            best = min(best, lead)
    return best


def _via(reach: int, leave: int, points: int, moves: Callable[[int, int], int]) -> int:
    """The Move actions to a dock `reach` steps from the start and on to Thera, `leave` steps
    from it (one at least), less the one Move action `buy_gap` counts in every gap: `moves`
    counts each leg (`actions_for`, or `loaded_actions`); FAR where either leg is."""
    there, back = moves(reach, points), moves(leave, 0)
    return there + max(1, back) - 1 if there < FAR and back < FAR else FAR


def _to_stop(
    legs: dict[int, int],
    to_thera: int,
    points: int,
    one: bool,
    moves: Callable[[int, int], int],
) -> int:
    """`buy_gap`'s Move actions before its stop at Thera: straight to Thera, or to a dock where a
    hand card fits (`legs`: steps on to Thera -> the fewest steps from the start, as `_merged`
    gives them) and on from there to Thera (one at least), less the one Move action that
    `buy_gap` counts in every gap; `moves` (`actions_for`, or `loaded_actions`) counts a leg's
    Move actions. With `one`, at most one excavation comes before the stop, so both legs meet
    at its dock."""
    before = moves(to_thera, points)
    if legs and ONE_DOCK and one:
        for leave, reach in legs.items():
            before = min(before, _via(reach, leave, points, moves))
    elif legs:
        before = min(before, _via(min(legs.values()), min(legs), points, moves))
    return before
