"""Lower bounds on the actions of a line on a scenario's boards, from steps and fits alone.

`lower_bound` is read off one scenario's boards (solver/facts.py) or off an optimistic view of
every turn-2 board below one turn-1 placement (solver/relax.py): it only falls when more docks
fit a card or docks come nearer, so a view that over-approximates both gives a bound that holds
for every scenario it covers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..puzzle import Puzzle
from .budget import points_in_hand
from .points import FAR


def lower_bound(
    puzzle: Puzzle,
    goal_cards: Sequence[str],
    fit: dict[str, set[str]],
    from_start: dict[str, int],
    from_thera: dict[str, int],
) -> int:
    """A lower bound on the actions of any line reaching the goal on a scenario's boards.

    Any line excavates (1 action per temple) at a dock where its card fits, having sailed there
    at 2 steps per action at most (R-MOVE-2). A card it must buy, or cannot pay for, sends it to
    Thera first (R-BUY-1, R-FREE-1); a buy is 1 action more. Money comes from selling cubes
    carried to Thera: a loaded boat moves 1 step per action, and a boat that sets out empty
    needs a load (1 action). Distances are measured on the last turn's board, which has every
    step of the earlier one; the docks where a card fits are those of any turn's board. Each
    further temple of the goal costs its excavation and, unless a named card's excavation
    comes later, a Move action before it (see `budget.board_free_lower_bound`).
    """
    start = puzzle.start
    hero = start.hero
    comps = start.components
    p0 = points_in_hand(puzzle)
    hand = set(hero.maps)
    thera_docks = [d for d, n in from_thera.items() if n == 0]
    to_thera = min((from_start.get(d, FAR) for d in thera_docks), default=FAR)
    best = FAR
    for k in goal_cards:
        where = fit.get(k)
        if not where:
            continue
        bought = k not in hand
        short = comps.map[k].cost + (1 if bought else 0) > hero.drachmas
        if not bought and not short:
            travel = actions_for(min(from_start.get(d, FAR) for d in where), p0)
        else:
            first_leg = actions_for(to_thera, p0)
            if short:
                loaded = max(0, to_thera - p0) if hero.cargo else FAR
                first_leg = min(loaded, 1 + first_leg)
            back = min(from_thera.get(d, FAR) for d in where)
            travel = first_leg + actions_for(back, 0) + (1 if bought else 0)
        best = min(best, 1 + travel)
    if best >= FAR:
        return FAR
    # Every further temple: a Move action off the island just dug (the excavation leaves no
    # point in hand, R-MOVE-2; the next temple is on another island, R-EXC-1) and its
    # excavation. With a named card, `best` reaches the named one's excavation, and another
    # may lie on the way: only its excavation counts.
    further = puzzle.goal.temples - 1
    return max(best + (further if puzzle.goal.map_card is not None else 2 * further), puzzle.goal.temples)


def actions_for(steps: int, points: int) -> int:
    """Fewest actions for `steps` steps with `points` points in hand: 2 points per action at most."""
    if steps >= FAR:
        return FAR
    return max(0, -(-(steps - points) // 2))
