"""What each action does: the position a legal action leads to (`apply`), and the turn and
setup transitions that follow it (R-TURN, R-SET). Which actions are legal, and why not, is
`rules.py`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from .actions import (
    Action,
    Buy,
    EndTurn,
    Excavate,
    KeepGoal,
    Load,
    Oracle,
    PlaceBoat,
    PlaceTile,
    Sell,
    Step,
    Unload,
)
from .components import COLOURS, DECKS
from .errors import IllegalActionError
from .geometry import Quad, global_quad, rotate_quadrant
from .position import Position, evolve
from .rules import boat_island, other_seat, step_budget, why_illegal

# ---- applying actions ---------------------------------------------------------------------


def apply(pos: Position, action: Action) -> Position:
    """The position after a legal action; an illegal one raises IllegalActionError with the reason."""
    reason = why_illegal(pos, action)
    if reason is not None:
        raise IllegalActionError(str(action), reason)
    return apply_unchecked(pos, action)


def apply_unchecked(pos: Position, action: Action) -> Position:
    """The position after an action already known to be legal."""
    step: Callable[[Position, Action], Position] = _APPLY[type(action)]  # type: ignore[assignment]
    return step(pos, action)


def _take_cube(market: list[int], colour: str) -> bool:
    """Take a cube of a colour from its leftmost occupied space, if any is left (R-TILE-2)."""
    i = COLOURS.index(colour)
    if market[i] == 0:
        return False
    market[i] -= 1
    return True


def _add_cubes(
    cubes: tuple[tuple[Quad, str, int], ...], additions: list[tuple[Quad, str]]
) -> tuple[tuple[Quad, str, int], ...]:
    counts = Counter({(p, c): n for p, c, n in cubes})
    for piece, colour in additions:
        counts[(piece, colour)] += 1
    return tuple(sorted((p, c, n) for (p, c), n in counts.items() if n > 0))


def _apply_tile(pos: Position, a: PlaceTile) -> Position:
    comps = pos.components
    seat = pos.hero
    tile = seat.tile
    assert tile is not None
    spec = comps.tile[tile]
    board = pos.board.with_tile(a.slot, tile, a.rotation)
    market = list(pos.market)
    added: list[tuple[Quad, str]] = []
    icon_quad = global_quad(a.slot, rotate_quadrant(spec.icon_quadrant, a.rotation))
    icon_colour = comps.market.colour_of(spec.icon)
    if _take_cube(market, icon_colour):
        added.append((board.piece_at[icon_quad], icon_colour))
    site = a.cube_site()
    if a.colour is not None and site is not None:
        _take_cube(market, a.colour)
        added.append((board.piece_at[site], a.colour))
    pos = evolve(pos, board=board, market=tuple(market), cubes=_add_cubes(pos.cubes, added))
    pos = pos.with_seat(pos.to_move, evolve(seat, tile=None))
    if pos.phase == "setup_tile":
        return _after_setup_tile(pos)
    return _begin_actions(pos)


def _begin_actions(pos: Position) -> Position:
    """The action phase starts: the number of actions is fixed now (R-TURN-2)."""
    actions = pos.components.player_board.actions_after(len(pos.hero.temples))
    return evolve(pos, phase="act", actions_left=actions, points=0, passing=False)


def _apply_step(pos: Position, a: Step) -> Position:
    budget = step_budget(pos)
    assert budget is not None
    started, points_after = budget
    seat = evolve(pos.hero, boat=a.dock)
    passing = a.dock == pos.seat(pos.other).boat
    pos = evolve(pos, actions_left=pos.actions_left - started, points=points_after, passing=passing)
    return pos.with_seat(pos.to_move, seat)


def _spend(pos: Position) -> Position:
    """A non-move action costs one action and ends the current Move action (R-MOVE-2)."""
    return evolve(pos, actions_left=pos.actions_left - 1, points=0)


def _apply_load(pos: Position, a: Load) -> Position:
    island = boat_island(pos)
    island_of_piece = pos.board.island_of_piece
    counts = Counter({(p, c): n for p, c, n in pos.cubes})
    need = Counter(a.colours)
    # Cubes come from the island's pieces in key order; which piece does not matter (R-LOAD-1).
    for (piece, colour), n in sorted(counts.items()):
        if need[colour] and island_of_piece[piece] == island:
            k = min(n, need[colour])
            counts[(piece, colour)] -= k
            need[colour] -= k
    cubes = tuple(sorted((p, c, n) for (p, c), n in counts.items() if n > 0))
    seat = evolve(pos.hero, cargo=tuple(sorted(pos.hero.cargo + a.colours, key=COLOURS.index)))
    return _spend(evolve(pos, cubes=cubes)).with_seat(pos.to_move, seat)


def _remove(items: tuple[str, ...], taken: tuple[str, ...]) -> tuple[str, ...]:
    left = list(items)
    for c in taken:
        left.remove(c)
    return tuple(left)


def _apply_unload(pos: Position, a: Unload) -> Position:
    seat = pos.hero
    assert seat.boat is not None
    piece = pos.board.docks[seat.boat].piece
    cubes = _add_cubes(pos.cubes, [(piece, c) for c in a.colours])
    pos = evolve(pos, cubes=cubes, points=0)
    return pos.with_seat(pos.to_move, evolve(seat, cargo=_remove(seat.cargo, a.colours)))


def _apply_sell(pos: Position, a: Sell) -> Position:
    track = pos.components.market.track
    market = list(pos.market)
    i = COLOURS.index(a.colour)
    off = len(track) - market[i]
    price = track[off - 1]  # the rightmost empty space (R-FREE-1)
    market[i] += 1
    seat = pos.hero
    seat = evolve(seat, cargo=_remove(seat.cargo, (a.colour,)), drachmas=seat.drachmas + price)
    return evolve(pos, market=tuple(market), points=0).with_seat(pos.to_move, seat)


def _apply_buy(pos: Position, a: Buy) -> Position:
    decks = [list(d) for d in pos.map_decks]
    bought = [decks[DECKS.index(d)].pop(0) for d in a.decks]
    seat = pos.hero
    cost = pos.components.setup.map_prices[len(a.decks) - 1]
    seat = evolve(seat, drachmas=seat.drachmas - cost, maps=tuple(sorted(seat.maps + tuple(bought))))
    pos = evolve(pos, map_decks=tuple(tuple(d) for d in decks))
    return _spend(pos).with_seat(pos.to_move, seat)


def _apply_excavate(pos: Position, a: Excavate) -> Position:
    seat = pos.hero
    card = pos.components.map[a.card]
    maps = list(seat.maps)
    maps.remove(a.card)
    seat = evolve(
        seat,
        drachmas=seat.drachmas - card.cost,
        maps=tuple(maps),
        temples=(*seat.temples, (a.card, a.site)),
    )
    pos = _spend(pos).with_seat(pos.to_move, seat)
    reveal = pos.components.player_board.reveals[len(seat.temples) - 1]
    if not reveal.goal_draw:
        return pos
    offer = pos.goal_face_up if pos.strategist else pos.goal_deck[: pos.components.setup.goals_drawn]
    return evolve(pos, phase="goal", goal_offer=offer) if offer else pos


def _apply_keep(pos: Position, a: KeepGoal) -> Position:
    seat = pos.hero
    seat = evolve(seat, goals=tuple(sorted((*seat.goals, a.goal))))
    if pos.phase == "goal" and pos.strategist:
        face_up = list(pos.goal_face_up)
        face_up.remove(a.goal)
        pos = evolve(pos, goal_face_up=tuple(face_up))
    else:
        rest = list(pos.goal_offer)
        rest.remove(a.goal)
        # The offer was the top of the deck; the kept card leaves, the others go to the bottom.
        deck = pos.goal_deck[len(pos.goal_offer) :] + tuple(rest)
        pos = evolve(pos, goal_deck=deck)
    pos = evolve(pos, goal_offer=()).with_seat(pos.to_move, seat)
    if pos.phase == "setup_goal":
        return _after_setup_goal(pos)
    return evolve(pos, phase="act")


def _apply_oracle(pos: Position, a: Oracle) -> Position:
    comps = pos.components
    pile = list(pos.land_pile)
    revealed = []
    while pile:
        tile = pile.pop(0)
        revealed.append(tile)
        if comps.tile[tile].icon == a.icon:
            break
    kept = revealed.pop()  # the tile showing the icon, or the last one revealed
    pos = evolve(_spend(pos), land_pile=tuple(pile), land_discard=pos.land_discard + tuple(revealed), oracle_used=True)
    return pos.with_seat(pos.to_move, evolve(pos.hero, tile=kept))


def _draw_tile(pos: Position, name: str) -> Position:
    """Draw a land tile, reshuffling the discard pile into a new pile when the pile is empty (R-END-1)."""
    seat = pos.seat(name)
    if seat.tile is not None:
        return pos
    if not pos.land_pile:
        if not pos.land_discard:
            return pos
        rng = random.Random(pos.shuffle_seed)
        pile = list(pos.land_discard)
        rng.shuffle(pile)
        pos = evolve(pos, land_pile=tuple(pile), land_discard=(), shuffle_seed=rng.randrange(2**31))
    top, rest = pos.land_pile[0], pos.land_pile[1:]
    return evolve(pos, land_pile=rest).with_seat(name, evolve(seat, tile=top))


def _apply_end(pos: Position, a: EndTurn) -> Position:
    if not pos.oracle_used:
        pos = _draw_tile(pos, pos.to_move)
    temples = pos.components.player_board.temples
    if pos.to_move != pos.first and any(len(s.temples) >= temples for s in pos.seats):
        return evolve(pos, phase="over", actions_left=0, points=0)
    return _start_turn(evolve(pos, turn=pos.turn + 1), other_seat(pos.to_move))


def start_turn(pos: Position, name: str) -> Position:
    """Begin a turn for `name`: its tile placement, or its action phase if it holds no tile.

    The engine calls it at each end of turn; puzzles call it to give the hero the next turn
    while the opponent stays passive.
    """
    return _start_turn(pos, name)


def _start_turn(pos: Position, name: str) -> Position:
    pos = evolve(pos, to_move=name, points=0, passing=False, oracle_used=False, actions_left=0)
    if pos.seat(name).tile is not None:
        return evolve(pos, phase="place")
    return _begin_actions(pos)


# ---- setup transitions (R-SET) ---------------------------------------------------------------


def _after_setup_tile(pos: Position) -> Position:
    if pos.to_move == pos.first:
        second = other_seat(pos.first)
        return evolve(_draw_tile(pos, second), to_move=second)
    # Both setup tiles are down: deal maps, then offer goals to the first player.
    comps = pos.components
    decks = [list(d) for d in pos.map_decks]
    for name in (pos.first, other_seat(pos.first)):
        seat = pos.seat(name)
        dealt = tuple(decks[DECKS.index(d)].pop(0) for d in comps.setup.starting_maps if decks[DECKS.index(d)])
        pos = pos.with_seat(name, evolve(seat, maps=tuple(sorted(seat.maps + dealt))))
    pos = evolve(pos, map_decks=tuple(tuple(d) for d in decks))
    return _offer_setup_goals(evolve(pos, to_move=pos.first))


def _offer_setup_goals(pos: Position) -> Position:
    offer = pos.goal_deck[: pos.components.setup.goals_drawn]
    if not offer:
        return _after_setup_goal(evolve(pos, phase="setup_goal"))
    return evolve(pos, phase="setup_goal", goal_offer=offer)


def _after_setup_goal(pos: Position) -> Position:
    if pos.to_move == pos.first:
        return _offer_setup_goals(evolve(pos, to_move=other_seat(pos.first)))
    return evolve(pos, phase="setup_boat", to_move=pos.first)


def _apply_boat(pos: Position, a: PlaceBoat) -> Position:
    pos = pos.with_seat(pos.to_move, evolve(pos.hero, boat=a.dock))
    if pos.to_move == pos.first:
        return evolve(pos, to_move=other_seat(pos.first))
    for name in (pos.first, other_seat(pos.first)):
        pos = _draw_tile(pos, name)
    if pos.strategist:
        k = pos.components.setup.face_up(pos.edition)
        pos = evolve(pos, goal_face_up=pos.goal_deck[:k], goal_deck=pos.goal_deck[k:])
    return _start_turn(evolve(pos, turn=1), pos.first)


_APPLY = {
    PlaceTile: _apply_tile,
    Step: _apply_step,
    Load: _apply_load,
    Unload: _apply_unload,
    Sell: _apply_sell,
    Buy: _apply_buy,
    Excavate: _apply_excavate,
    Oracle: _apply_oracle,
    EndTurn: _apply_end,
    KeepGoal: _apply_keep,
    PlaceBoat: _apply_boat,
}

__all__ = ["apply", "apply_unchecked", "start_turn"]
