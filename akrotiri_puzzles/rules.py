"""The rules: which actions are legal in a position, and why an illegal one is not.

Every action is checked by `why_illegal`, which names the rule it breaks; `legal_actions`
generates exactly the actions it accepts. The position an action leads to is `effects.apply`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement

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
from .board import Board, tile_template
from .components import COLOURS, DECKS, ICONS
from .excavation import valid_sites
from .geometry import QUAD_OFFSET, ROTATIONS, SEATS, Quad, format_quad
from .position import Position, Seat

# ---- shared helpers -------------------------------------------------------------------------


def other_seat(name: str) -> str:
    return "north" if name == "south" else "south"


def boat_island(pos: Position, seat: Seat | None = None) -> Quad | None:
    """The island where the seat's boat is docked."""
    seat = seat or pos.hero
    return None if seat.boat is None else pos.board.island_of_dock[seat.boat]


def at_thera(pos: Position, seat: Seat | None = None) -> bool:
    """Whether the seat's boat is docked at the island of Thera."""
    return boat_island(pos, seat) == pos.board.thera_island


def points_per_move(seat: Seat) -> int:
    """Movement points one Move action gives: 2 for an empty boat (R-MOVE-2)."""
    return 1 if seat.cargo else 2


def step_budget(pos: Position) -> tuple[int, int] | None:
    """Move actions a step would start and the points left after it, or None if unaffordable.

    A step costs 1 point, 2 when leaving a dock the boat is passing through (R-MOVE-3). Points
    left in the current Move action are used first; new Move actions start only as needed.
    """
    per = points_per_move(pos.hero)
    need = 2 if pos.passing else 1
    avail, started = pos.points, 0
    while avail < need:
        started += 1
        avail += per
    if started > pos.actions_left:
        return None
    return started, avail - need


def _can_leave(pos: Position, started: int, points_after: int) -> bool:
    """After entering an occupied dock, whether the boat can still afford to leave it."""
    per = points_per_move(pos.hero)
    return points_after + (pos.actions_left - started) * per >= 2


def temple_island_set(pos: Position) -> set[Quad]:
    """Islands holding at least one temple."""
    island_at = pos.board.island_at
    return {island_at(site) for s in pos.seats for _, site in s.temples}  # type: ignore[misc]


def action_cost(pos: Position, action: Action) -> int:
    """Actions of the turn this action spends, as the game counts them (R-TURN-2, R-MOVE-2)."""
    if isinstance(action, Step):
        budget = step_budget(pos)
        return 0 if budget is None else budget[0]
    if isinstance(action, (Load, Buy, Excavate, Oracle)):
        return 1
    return 0


def piece_quadrant(pos: Position, tile: str, rotation: int, quadrant: str) -> str:
    """The canonical quadrant naming the piece that holds `quadrant` of a tile about to be placed.

    A piece is named by its first quadrant in the order SW, NW, SE, NE (its smallest quadrant).
    """
    template = tile_template(pos.components.tile[tile], rotation)
    offset = QUAD_OFFSET[quadrant]
    piece = next(p for p in template.pieces if offset in p)
    return _OFFSET_NAME[piece[0]]


_OFFSET_NAME = {v: k for k, v in QUAD_OFFSET.items()}


# ---- legal actions --------------------------------------------------------------------------


def legal_actions(pos: Position) -> list[Action]:
    """Every legal action, in a fixed order."""
    phase = pos.phase
    if phase in ("setup_tile", "place"):
        return _tile_actions(pos)
    if phase in ("setup_goal", "goal"):
        return [KeepGoal(g) for g in sorted(set(pos.goal_offer))]
    if phase == "setup_boat":
        taken = {s.boat for s in pos.seats}
        return [PlaceBoat(d) for d in pos.board.thera_docks if d not in taken]
    if phase != "act":
        return []
    out: list[Action] = []
    out.extend(_step_actions(pos))
    if pos.passing:
        return out
    seat = pos.hero
    island = boat_island(pos)
    thera = island == pos.board.thera_island
    if pos.actions_left >= 1:
        out.extend(_load_actions(pos, seat, island))
    if seat.cargo and not thera:
        out.extend(Unload(c) for c in _sub_multisets(seat.cargo))
    if seat.cargo and thera:
        out.extend(Sell(c) for c in sorted(set(seat.cargo), key=COLOURS.index))
    if pos.actions_left >= 1:
        if thera:
            out.extend(_buy_actions(pos, seat))
        out.extend(_excavate_actions(pos, seat, island))
        if not pos.oracle_used and seat.tile is None and pos.land_pile:
            out.extend(Oracle(i) for i in ICONS)
    out.append(EndTurn())
    return out


def _second_cube_colours(pos: Position, tile: str) -> list[str]:
    """Colours the second cube may take: any left on the market once the first is taken (R-TILE-2)."""
    comps = pos.components
    market = list(pos.market)
    icon_index = COLOURS.index(comps.market.colour_of(comps.tile[tile].icon))
    if market[icon_index] > 0:
        market[icon_index] -= 1
    return [c for c, n in zip(COLOURS, market, strict=True) if n > 0]


def _second_cube_quadrants(pos: Position, tile: str, slot: tuple[int, int], rotation: int) -> list[str]:
    """Canonical quadrants of the tile's pieces on a different island from the icon's (R-TILE-2).

    Judged on the board after placement (docs/rules.md section 10).
    """
    template = tile_template(pos.components.tile[tile], rotation)
    labels = pos.board.islands_after(slot, tile, rotation)
    icon_label = labels[template.icon_piece]
    quadrants = sorted(piece[0] for piece, label in zip(template.pieces, labels, strict=True) if label != icon_label)
    return [_OFFSET_NAME[q] for q in quadrants]


def _tile_actions(pos: Position) -> list[Action]:
    tile = pos.hero.tile
    if tile is None:
        return []
    colours = _second_cube_colours(pos, tile)
    out: list[Action] = []
    for slot in pos.board.open_slots:
        for rotation in ROTATIONS:
            quadrants = _second_cube_quadrants(pos, tile, slot, rotation) if colours else []
            if quadrants:
                out.extend(PlaceTile(slot, rotation, c, q) for c in colours for q in quadrants)
            else:
                out.append(PlaceTile(slot, rotation))
    return out


def _step_actions(pos: Position) -> list[Action]:
    seat = pos.hero
    if seat.boat is None:
        return []
    budget = step_budget(pos)
    if budget is None:
        return []
    started, points_after = budget
    options = step_options(pos.board, seat.boat)
    occupied = pos.seat(pos.other).boat
    if occupied is None or _can_leave(pos, started, points_after):
        return list(options)
    return [a for a in options if a.dock != occupied]


def step_options(board: Board, dock: str) -> tuple[Step, ...]:
    """Every step from a dock on a board, ignoring the other boat: ship steps, then portage."""
    cache = board.__dict__.setdefault("_step_options", {})
    found = cache.get(dock)
    if found is None:
        ships = tuple(Step(d) for d in board.ship_reach[dock])
        portages = tuple(Step(d, portage=True) for d in board.docks_of_island[board.island_of_dock[dock]] if d != dock)
        found = cache[dock] = ships + portages
    return found


@cache
def _sub_multisets(items: tuple[str, ...], largest: int | None = None) -> tuple[tuple[str, ...], ...]:
    """Non-empty sub-multisets of sorted colours, each sorted, up to `largest` items."""
    counts = Counter(items)
    colours = sorted(counts, key=COLOURS.index)
    out: list[tuple[str, ...]] = []

    def grow(i: int, chosen: tuple[str, ...]) -> None:
        if i == len(colours):
            if chosen:
                out.append(chosen)
            return
        c = colours[i]
        for k in range(counts[c] + 1):
            if largest is not None and len(chosen) + k > largest:
                break
            grow(i + 1, chosen + (c,) * k)

    grow(0, ())
    return tuple(sorted(out, key=lambda t: (len(t), [COLOURS.index(c) for c in t])))


def _load_actions(pos: Position, seat: Seat, island: Quad | None) -> list[Action]:
    room = 3 - len(seat.cargo)
    if room <= 0 or island is None:
        return []
    available = pos.cubes_by_island.get(island, {})
    pool = tuple(c for c in COLOURS for _ in range(min(available.get(c, 0), room)))
    return [Load(c) for c in _sub_multisets(pool, room)]


def _buy_actions(pos: Position, seat: Seat) -> list[Action]:
    prices = pos.components.setup.map_prices
    out: list[Action] = []
    for n in range(1, len(prices) + 1):
        if prices[n - 1] > seat.drachmas:
            break
        for decks in combinations_with_replacement(DECKS, n):
            need = Counter(decks)
            if all(len(pos.map_decks[DECKS.index(d)]) >= k for d, k in need.items()):
                out.append(Buy(decks))
    return out


def _excavate_actions(pos: Position, seat: Seat, island: Quad | None) -> list[Action]:
    board = pos.board
    if (
        island is None
        or island == board.thera_island
        or len(seat.temples) >= pos.components.player_board.temples
        or island in temple_island_set(pos)
    ):
        return []
    out: list[Action] = []
    quads = board.island_quads[island]
    for card_id in sorted(set(seat.maps)):
        card = pos.components.map[card_id]
        if card.cost > seat.drachmas:
            continue
        out.extend(Excavate(card_id, q) for q in valid_sites(board, pos.to_move, card, quads))
    return out


# ---- legality with reasons -----------------------------------------------------------------


def why_illegal(pos: Position, action: Action) -> str | None:
    """Why an action is illegal here, naming the rule; None if it is legal."""
    phase = pos.phase
    if phase == "over":
        return "the game is over (R-END-2)"
    expected = {
        "setup_tile": (PlaceTile,),
        "place": (PlaceTile,),
        "setup_goal": (KeepGoal,),
        "goal": (KeepGoal,),
        "setup_boat": (PlaceBoat,),
    }.get(phase)
    if expected is not None and not isinstance(action, expected):
        need = {
            PlaceTile: "play the land tile",
            KeepGoal: "keep one of the offered goal cards",
            PlaceBoat: "place the boat on a Thera dock",
        }[expected[0]]
        return f"{pos.to_move} must first {need} (R-TURN-1)"
    if expected is None and isinstance(action, (PlaceTile, KeepGoal, PlaceBoat)):
        return {
            PlaceTile: "the land tile is played at the start of the turn, before the action phase (R-TURN-1)",
            KeepGoal: "no goal cards are on offer",
            PlaceBoat: "boats are placed only at setup (R-SET-6)",
        }[type(action)]
    if pos.passing and not isinstance(action, Step):
        return "the boat is passing through an occupied dock and must move on first (R-MOVE-3)"
    check: Callable[[Position, Action], str | None] = _CHECKS[type(action)]  # type: ignore[assignment]
    return check(pos, action)


def _check_tile(pos: Position, a: PlaceTile) -> str | None:
    tile = pos.hero.tile
    if tile is None:
        return "no land tile in hand (R-TILE-1)"
    if a.rotation not in ROTATIONS:
        return f"rotation must be 0, 90, 180 or 270, not {a.rotation} (R-GEO-8)"
    site = a.cube_site() if a.quadrant is not None else None
    if (a.colour is None) != (a.quadrant is None) or (a.quadrant is not None and site is None):
        return "name the second cube by colour and quadrant together, e.g. blue@SW (R-TILE-2)"
    if a.slot not in pos.board.open_slots:
        if a.slot in pos.board.filled:
            return f"slot {a.slot[0]},{a.slot[1]} is already filled (R-TILE-1)"
        return f"slot {a.slot[0]},{a.slot[1]} is not next to a filled slot (R-TILE-1)"
    if a.quadrant is not None and a.quadrant not in QUAD_OFFSET:
        return f"the second cube goes on the land of the tile just laid, not on {a.quadrant} (R-TILE-2)"
    colours = _second_cube_colours(pos, tile)
    quadrants = _second_cube_quadrants(pos, tile, a.slot, a.rotation)
    if colours and quadrants:
        if a.colour is None:
            return f"the second cube must be placed on a different island of the tile, e.g. {colours[0]}@{quadrants[0]} (R-TILE-2)"
        if a.colour not in colours:
            return f"no {a.colour} cube is left on the market for the second cube (R-TILE-2)"
        assert a.quadrant is not None
        if piece_quadrant(pos, tile, a.rotation, a.quadrant) not in quadrants:
            return f"the second cube must go on a different island from the icon's, not on {a.quadrant} (R-TILE-2)"
    elif a.colour is not None:
        why = "no cube is left on the market" if not colours else "the tile's land is all one island"
        return f"no second cube can be placed: {why} (R-TILE-2)"
    return None


def _check_step(pos: Position, a: Step) -> str | None:
    seat = pos.hero
    board = pos.board
    if seat.boat is None:
        return "the boat is not on the board"
    if a.dock not in board.docks:
        return f"no dock {a.dock} on the board"
    if a.dock == seat.boat:
        return "the boat is already at that dock"
    if a.portage:
        if board.island_of_dock[a.dock] != board.island_of_dock[seat.boat]:
            return f"portage only reaches docks of the same island; {a.dock} is on another island (R-MOVE-1)"
    elif a.dock not in board.ship_reach[seat.boat]:
        return f"no shipping route joins {seat.boat} to {a.dock} (R-MOVE-1)"
    budget = step_budget(pos)
    if budget is None:
        return "no movement points or actions left for this step (R-MOVE-2)"
    if a.dock == pos.seat(pos.other).boat and not _can_leave(pos, *budget):
        return f"{a.dock} is occupied and too few actions remain to move on from it (R-MOVE-3)"
    return None


def _needs_action(pos: Position) -> str | None:
    if pos.actions_left < 1:
        return "no actions left this turn (R-TURN-2)"
    return None


def _check_load(pos: Position, a: Load) -> str | None:
    seat = pos.hero
    if not a.colours:
        return "load at least one cube (R-LOAD-1)"
    if len(seat.cargo) + len(a.colours) > 3:
        return f"a boat holds at most 3 cubes; it has {len(seat.cargo)} (R-LOAD-1)"
    island = boat_island(pos)
    available = pos.cubes_by_island.get(island, {}) if island is not None else {}
    for colour, k in Counter(a.colours).items():
        if available.get(colour, 0) < k:
            return f"the boat's island has {available.get(colour, 0)} {colour} cube(s), not {k} (R-LOAD-1)"
    return _needs_action(pos)


def _check_unload(pos: Position, a: Unload) -> str | None:
    if at_thera(pos):
        return "cubes cannot be unloaded at Thera (R-FREE-2)"
    if not a.colours:
        return "unload at least one cube (R-FREE-2)"
    have = Counter(pos.hero.cargo)
    for colour, k in Counter(a.colours).items():
        if have[colour] < k:
            return f"the boat carries {have[colour]} {colour} cube(s), not {k} (R-FREE-2)"
    return None


def _check_sell(pos: Position, a: Sell) -> str | None:
    if not at_thera(pos):
        return "cubes are sold only at Thera (R-FREE-1)"
    if a.colour not in pos.hero.cargo:
        return f"the boat carries no {a.colour} cube (R-FREE-1)"
    return None


def _check_buy(pos: Position, a: Buy) -> str | None:
    if not at_thera(pos):
        return "map cards are bought only at Thera (R-BUY-1)"
    prices = pos.components.setup.map_prices
    unknown = [d for d in a.decks if d not in DECKS]
    if unknown:
        return f"no map deck {unknown[0]!r}: the decks are {', '.join(DECKS)} (R-BUY-1)"
    if not 1 <= len(a.decks) <= len(prices):
        return f"buy 1 to {len(prices)} map cards in one action (R-BUY-1)"
    cost = prices[len(a.decks) - 1]
    if cost > pos.hero.drachmas:
        return f"{len(a.decks)} map card(s) cost {cost} drachmas; {pos.hero.drachmas} held (R-BUY-1)"
    for deck, k in Counter(a.decks).items():
        if len(pos.map_decks[DECKS.index(deck)]) < k:
            return f"the {deck} deck has {len(pos.map_decks[DECKS.index(deck)])} card(s) left (R-BUY-1)"
    return _needs_action(pos)


def _check_excavate(pos: Position, a: Excavate) -> str | None:
    seat = pos.hero
    board = pos.board
    if a.card not in seat.maps:
        return f"map card {a.card} is not in hand (R-EXC-1)"
    card = pos.components.map[a.card]
    if card.cost > seat.drachmas:
        return f"map card {a.card} costs {card.cost} drachmas; {seat.drachmas} held (R-EXC-1)"
    if len(seat.temples) >= pos.components.player_board.temples:
        return "no temples left on the player board (R-EXC-1)"
    island = boat_island(pos)
    if island is None or island == board.thera_island:
        return "no temple can be excavated on Thera (R-EXC-1)"
    if board.island_at(a.site) != island:
        return f"site {format_quad(a.site)} is not on the island where the boat is docked (R-EXC-1)"
    if island in temple_island_set(pos):
        return "the boat's island already has a temple (R-EXC-1)"
    if not valid_sites(board, pos.to_move, card, (a.site,)):
        return f"site {format_quad(a.site)} does not meet map card {a.card} seen from {pos.to_move} (R-EXC-2)"
    return _needs_action(pos)


def _check_oracle(pos: Position, a: Oracle) -> str | None:
    if pos.oracle_used:
        return "the oracle is consulted once per turn (R-ORA-1)"
    if pos.hero.tile is not None:
        return "the oracle needs an empty hand of land tiles (R-ORA-1)"
    if not pos.land_pile:
        return "the land tile pile is empty (R-ORA-1)"
    if a.icon not in ICONS:
        return f"unknown icon {a.icon}"
    return _needs_action(pos)


def _check_end(pos: Position, a: EndTurn) -> str | None:
    return None


def _check_keep(pos: Position, a: KeepGoal) -> str | None:
    if a.goal not in pos.goal_offer:
        return f"goal card {a.goal} is not on offer ({', '.join(pos.goal_offer)})"
    return None


def _check_boat(pos: Position, a: PlaceBoat) -> str | None:
    if a.dock not in pos.board.thera_docks:
        return f"{a.dock} is not a dock of Thera (R-SET-6)"
    if a.dock == pos.seat(pos.other).boat:
        return f"{a.dock} already has a boat; boats start on different docks (R-SET-6)"
    return None


_CHECKS = {
    PlaceTile: _check_tile,
    Step: _check_step,
    Load: _check_load,
    Unload: _check_unload,
    Sell: _check_sell,
    Buy: _check_buy,
    Excavate: _check_excavate,
    Oracle: _check_oracle,
    EndTurn: _check_end,
    KeepGoal: _check_keep,
    PlaceBoat: _check_boat,
}


def is_legal(pos: Position, action: Action) -> bool:
    """Whether an action is legal here."""
    return why_illegal(pos, action) is None


__all__ = ["SEATS", "action_cost", "is_legal", "legal_actions", "why_illegal"]
