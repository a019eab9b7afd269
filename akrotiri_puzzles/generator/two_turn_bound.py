"""A cheap bound that drops two-turn candidates with no line within both turns (issue 30).

Most two-turn candidates of the action phase that the idle line does not settle die of "no
line within the horizon" after a two-turn solve of 0.1 to 13 s (docs/generator.md). This
bound proves many of them out of reach before any solve. It is a relaxation of every line of
both turns: the whole line is played on the board after the drawn tile's placement (the tile
only adds water, docks and icons), with turn 1's actions and turn 2's together, and it counts
what the exhaustive search's last-turn bound leaves out (solver/pruning.py, which assumes
every spare action loads three cubes and sells them):

- **Money.** The goal's cards (the named card, or the cheapest cards in hand with a site) must
  be paid (R-EXC-1). Drachmas come only from selling at Thera (R-FREE-1), at most the market's
  best price a cube, from the cubes on the boat and those loaded, three a Load action at most
  (R-LOAD-1), and never more cubes than lie on the board and the boat (the drawn tile adds at
  most two, R-TILE-2).
- **The route.** A line that must sell goes to Thera and from there to a site, or, with two
  temples, digs one first, then goes to Thera and on to the second; a Move action gives at most
  two movement points (R-MOVE-2), and two temples lie on two islands (R-EXC-1), a Move action
  apart at least (an excavation ends the movement points, R-MOVE-2).
- **Turn 2's actions** are those of the player board after the goal's temples but the last (a
  temple dug in turn 1 may reveal one more, R-TURN-2); a temple beyond the goal costs an action
  for at most one more, so it never helps.

The bound is sound (a candidate it drops has no line), so it changes no kept puzzle; it only
saves the solves. It gives no verdict (keeps the candidate) when the premise reveals map cards
(a line may buy one), more land tiles than the one drawn (the oracle may bring another), or no
drawn tile.
"""

from __future__ import annotations

import math

from ..board import Board
from ..components import COLOURS
from ..geometry import Quad
from ..position import Position
from ..puzzle import Puzzle
from ..solver.pruning import MOST_POINTS, dock_steps
from .drawn_site import drawn_boards, sites

TILE_CUBES = 2
"""Cubes a placed tile brings onto the board at most (R-TILE-2)."""


def out_of_reach(puzzle: Puzzle) -> bool:
    """Whether no line of a two-turn puzzle of the action phase reaches its goal, by the bound
    of the module docstring; False when it gives no verdict."""
    pos = puzzle.start
    goal = puzzle.goal
    revealed = puzzle.revealed
    if puzzle.turns != 2 or pos.phase != "act" or goal.score is not None or revealed.whole or any(revealed.maps):
        return False
    if len(revealed.land) > 1:
        return False  # the oracle may bring turn 2 another tile than the one drawn (R-ORA-1)
    boards = drawn_boards(puzzle)
    if not boards:
        return False
    need = max(goal.temples, 1)
    turn_two = pos.components.player_board.actions_after(len(pos.hero.temples) + need - 1)
    actions = pos.actions_left + turn_two
    now = sites_now(pos)
    return all(least_actions(pos, board, need, goal.map_card, now) > actions for board in boards)


def sites_now(pos: Position) -> dict[str, frozenset[Quad]]:
    """Each map card in the hero's hand with its sites on the board as it is (turn 1)."""
    return {card: sites(pos, pos.board, card) for card in sorted(set(pos.hero.maps))}


def least_actions(
    pos: Position, board: Board, need: int, wanted: str | None, now: dict[str, frozenset[Quad]] | None = None
) -> float:
    """A lower bound on the actions of a line that digs `need` temples (one with `wanted`, if
    named) from `pos`, played on `board` (the board after the drawn tile): excavations, loads
    and Move actions (module docstring); inf when none can. `now`: `sites_now(pos)`, when the
    caller bounds several boards of one position."""
    hero = pos.hero
    comps = pos.components
    now = sites_now(pos) if now is None else now
    targets: dict[str, frozenset[Quad]] = {}
    for card, here in now.items():
        # A site now (dug in turn 1) or after the tile (turn 2), as the island it lies on then.
        found = {board.island_at(q) for q in here | sites(pos, board, card)}
        islands = frozenset(i for i in found if i is not None and i in board.docks_of_island)
        if islands:
            targets[card] = islands
    if wanted is not None and wanted not in targets:
        return math.inf
    others = sorted(comps.map[c].cost for c in targets if c != wanted)
    if wanted is None:
        if len(others) < need:
            return math.inf
        cost = sum(others[:need])
    else:
        if len(others) < need - 1:
            return math.inf
        cost = comps.map[wanted].cost + sum(others[: need - 1])
    if hero.boat is None or pos.passing:
        return need  # no verdict on the route: leaving the other boat's dock has its own cost
    anywhere = frozenset().union(*targets.values())
    to_site = dock_steps(board, anywhere)
    if hero.boat not in to_site:
        return math.inf
    # Every Move action gives two movement points at most, and a non-free action ends them.
    reach = _moves(to_site[hero.boat], pos.points)
    between = need - 1  # two temples lie on two islands, an excavation apart
    if cost <= hero.drachmas:
        return need + reach + between
    thera = dock_steps(board, frozenset({board.thera_island}))
    # Money first: cubes sold at Thera (a free action), loaded three a Load action at most;
    # then on from Thera to a site.
    sold = cubes_to_sell(pos, cost - hero.drachmas)
    if sold is None or hero.boat not in thera:
        return math.inf
    loads = math.ceil(max(0, sold - len(hero.cargo)) / 3)
    onward = min(to_site.get(d, math.inf) for d in board.docks_of_island[board.thera_island])
    if onward == math.inf:
        return math.inf
    via = _moves(thera[hero.boat] + onward, pos.points)
    on_thera = any(board.island_at(piece) == board.thera_island for piece, _, _ in pos.cubes)
    if loads and not on_thera:
        via = max(via, _moves(1 + onward, 0))  # loaded off Thera, one step to it at least
    moves = via + between
    if need >= 2 and min(comps.map[c].cost for c in targets) <= hero.drachmas:
        # One temple dug with the drachmas held, then to Thera and on to the next.
        moves = min(moves, reach + _moves(1 + onward, 0) + need - 2)
    return need + loads + max(moves, reach + between)


def cubes_to_sell(pos: Position, deficit: int) -> int | None:
    """The fewest cubes the hero must sell to earn `deficit` drachmas (None: no sale can).

    A sale earns the price of the rightmost empty space of the cube's colour, which falls by one
    space with each cube sold (R-FREE-1); until turn 2's action phase only the drawn tile's
    placement takes cubes off the market, two at most (R-TILE-2), so each colour's prices are
    counted from two spaces further right than now. A colour sells at most the cubes of it on
    the boat and the board, and two more the tile may bring."""
    track = pos.components.market.track
    on_hand: dict[str, int] = {}
    for colour in pos.hero.cargo:
        on_hand[colour] = on_hand.get(colour, 0) + 1
    for _, colour, n in pos.cubes:
        on_hand[colour] = on_hand.get(colour, 0) + n
    prices: list[int] = []
    for i, colour in enumerate(COLOURS):
        off = min(len(track), len(track) - pos.market[i] + TILE_CUBES)
        for j in range(min(off, on_hand.get(colour, 0) + TILE_CUBES)):
            prices.append(max(track[: off - j]))
    earned = 0
    for n, price in enumerate(sorted(prices, reverse=True), start=1):
        earned += price
        if earned >= deficit:
            return n
    return None


def _moves(steps: float, points: int) -> float:
    """Fewest Move actions for these steps, with `points` left of the Move action under way."""
    return 0 if steps <= points else math.ceil((steps - points) / MOST_POINTS)
