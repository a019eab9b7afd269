"""Which actions are legal (K-TURN-2): `legal_actions` lists them in a fixed order, and
`why_illegal` names the rule an action breaks."""

from __future__ import annotations

from itertools import combinations

from ..actions import (
    Abbot,
    Action,
    Castellan,
    Fort,
    Halt,
    Harvest,
    Journey,
    Keep,
    March,
    Replace,
    Sail,
    Ship,
    Village,
    Villager,
)
from ..components import ABBOT, ADMIRAL, ARCHITECT, CARDS, COMMANDER, COPYABLE, FARMER, FULL, KING, PIECES
from ..position import Position
from .queries import abbot_reach, can_add, harvestable, port_room, villager_reach


def forts_left(pos: Position, seat: int) -> int:
    """Forts still in a player's supply (K-SET-1)."""
    return PIECES["fort"] - sum(owner == seat for owner in pos.forts)


def legal_actions(pos: Position) -> list[Action]:
    """Every legal action, in a fixed order: the cards in hand in CARDS order, then the king's
    copies; in a march its journeys and halt; after a turn-up keep and replace."""
    if pos.phase == "over":
        return []
    if pos.phase == "turnup":
        return [Keep(), Replace()]
    if pos.phase == "march":
        return [*journeys(pos), Halt()]
    seat = pos.to_move
    player = pos.players[seat]
    out: list[Action] = []
    for card in CARDS:
        if card not in player.table and card != KING:
            out += card_actions(pos, seat, card, False)
    if KING not in player.table:
        for card in COPYABLE:
            if card in player.table:
                out += card_actions(pos, seat, card, True)
    return out


def card_actions(pos: Position, seat: int, card: str, king: bool) -> list[Action]:
    """The ways to carry out one card now (none: it cannot be played, K-TURN-2)."""
    board = pos.board
    ids = board.ids
    player = pos.players[seat]
    out: list[Action] = []
    if card == ARCHITECT:
        if forts_left(pos, seat):
            out += [Fort(n + 1, king) for n, owner in enumerate(pos.forts) if owner is None]
        built = sum(player.villages)
        if built < PIECES["village"] and player.harvested >= built + 1:
            out += [Village(ids[p], king) for p in addable(pos, seat)]
    elif card == ADMIRAL:
        if len(player.ships) < PIECES["ship"]:
            out += [Ship(ids[p], king) for p in board.ports if port_room(pos, seat, p)]
        out += [Sail(moves, king) for moves in sails(pos, seat)]
    elif card == COMMANDER:
        stops = addable(pos, seat)
        if sum(player.villagers) < PIECES["villager"]:
            out += [Villager(ids[p], king) for p in stops]
        allowed = set(stops)
        for source, count in enumerate(player.villagers):
            if count:
                for target in villager_reach(pos, source):
                    if target in allowed:
                        out.append(March(ids[source], ids[target], king))
    elif card == ABBOT:
        if player.abbot is None:
            counts = pos.figure_counts
            out += [Abbot(ids[p], king) for p in range(len(ids)) if counts[p] < FULL]
        else:
            out += [Abbot(ids[p], king) for p in abbot_reach(pos, player.abbot)]
    elif card == FARMER:
        out += [Harvest(ids[p], king) for p in harvestable(pos, seat)]
    elif card == "castellan" and not king:
        out.append(Castellan())
    return out


def addable(pos: Position, seat: int) -> list[int]:
    """Provinces where `seat` may add a villager or village now (K-FIG-2, K-FIG-3)."""
    return [p for p in range(len(pos.tiles)) if can_add(pos, seat, p)]


def sails(pos: Position, seat: int) -> list[tuple[tuple[str, str], ...]]:
    """The admiral's moves of ships on the board, one per outcome (ships of a colour are alike):
    each new port has room, and the ships end somewhere else (K-ADM-1, K-ADM-2, K-R-5)."""
    board = pos.board
    ships = pos.players[seat].ships
    if not ships:
        return []
    ids = board.ids
    free = [p for p in board.ports if port_room(pos, seat, p)]
    out = []
    for count in range(1, len(ships) + 1):
        for leaving in combinations(ships, count):
            for arriving in combinations(free, count):
                out.append(tuple(sorted(zip((ids[p] for p in leaving), (ids[p] for p in arriving), strict=True))))
    return sorted(set(out))


def journeys(pos: Position) -> list[Journey]:
    """The further journeys of a march (K-R-7): a villager that has not journeyed yet in this
    march, within the points left, to a province where he may stop at that moment (K-CMD-2,
    K-CMD-3), unless the march would then have changed nothing (K-R-5)."""
    march = pos.march
    assert march is not None
    seat = pos.to_move
    villagers = pos.players[seat].villagers
    ids = pos.board.ids
    out = []
    for source, count in enumerate(villagers):
        if count > march.arrived[source]:
            for target in villager_reach(pos, source, march.points):
                if can_add(pos, seat, target) and not _undoes(villagers, march.origin, source, target):
                    out.append(Journey(ids[source], ids[target]))
    return out


def _undoes(villagers: tuple[int, ...], origin: tuple[int, ...], source: int, target: int) -> bool:
    """Whether a journey would leave every province with the villagers it had before the march."""
    if villagers[source] - 1 != origin[source] or villagers[target] + 1 != origin[target]:
        return False
    return all(v == o for p, (v, o) in enumerate(zip(villagers, origin, strict=True)) if p not in (source, target))


def is_legal(pos: Position, action: Action) -> bool:
    """Whether an action is legal."""
    return why_illegal(pos, action) is None


def why_illegal(pos: Position, action: Action) -> str | None:
    """The reason an action is illegal, naming the rule, or None when it is legal."""
    if pos.phase == "over":
        return "the game is over: the 11th scoring is done (K-END-1)"
    if pos.phase == "turnup":
        if isinstance(action, (Keep, Replace)):
            return None
        return "the castellan's player first keeps or replaces the card turned up: 'keep' or 'replace' (K-CAST-4)"
    if isinstance(action, (Keep, Replace)):
        return "no fort card was just turned up (K-CAST-4)"
    if pos.phase == "march":
        if isinstance(action, Halt):
            return None
        if isinstance(action, Journey):
            return _why_journey(pos, action)
        return "a march is under way: a further journey FROM>TO, or 'halt' (K-R-7)"
    if isinstance(action, (Journey, Halt)):
        return "no march is under way: 'commander march FROM>TO' begins one (K-CMD-1)"
    return _why_card(pos, action)


def _why_card(pos: Position, action: Action) -> str | None:
    seat = pos.to_move
    player = pos.players[seat]
    card: str = action.card  # type: ignore[union-attr]
    king = getattr(action, "king", False)
    if king:
        if KING in player.table:
            return "the king is on your table, not in hand (K-TURN-3)"
        if card not in player.table:
            return f"the king copies a card on your table, and {card} is not there (K-KING-1, K-KING-2)"
    elif card in player.table:
        return f"the {card} is on your table, not in hand (K-TURN-3)"
    problem = _unknown(pos, action)
    if problem:
        return problem
    if action in card_actions(pos, seat, card, king):
        return None
    if isinstance(action, Sail) and _same_outcome(action) in {_same_outcome(Sail(m)) for m in sails(pos, seat)}:
        return None  # the same ships moved, paired otherwise: ships of a colour are alike
    return _why_not(pos, seat, action)


def _same_outcome(action: Sail) -> tuple[frozenset[str], frozenset[str], int]:
    """What a move of ships changes: the ports left, the ports reached."""
    froms = [a for a, _ in action.moves]
    tos = [b for _, b in action.moves]
    return frozenset(froms), frozenset(tos), len(froms) + len(tos)


def _unknown(pos: Position, action: Action) -> str | None:
    """An unknown province or fort space named by an action."""
    index = pos.board.index
    names: list[str] = []
    if isinstance(action, Sail):
        names = [p for move in action.moves for p in move]
    elif isinstance(action, March | Journey):
        names = [action.source, action.target]
    elif isinstance(action, Ship):
        names = [action.port]
    elif isinstance(action, Villager | Abbot | Village | Harvest):
        names = [action.province]
    for name in names:
        if name not in index:
            return f"unknown province {name!r} (the board's provinces: {', '.join(sorted(index))})"
    if isinstance(action, Fort) and not 1 <= action.space <= len(pos.board.spaces):
        return f"no fort space {action.space}: they are numbered 1 to {len(pos.board.spaces)}"
    return None


def _why_not(pos: Position, seat: int, action: Action) -> str:
    """Why a well-named card action is not among the card's legal ways (the first rule it breaks)."""
    board = pos.board
    player = pos.players[seat]
    index = board.index
    if isinstance(action, Fort):
        if forts_left(pos, seat) == 0:
            return "no fort left in supply (K-SET-1)"
        return f"fort space {action.space} already holds a fort (K-R-9)"
    if isinstance(action, Village):
        built = sum(player.villages)
        if built >= PIECES["village"]:
            return "no village left in supply (K-SET-1)"
        if player.harvested < built + 1:
            return f"your village {built + 1} needs {built + 1} harvested tiles, you have {player.harvested} (K-ARCH-2)"
        return _why_not_add(pos, seat, index[action.province], "a village", "K-ARCH-3")
    if isinstance(action, Ship):
        if len(player.ships) >= PIECES["ship"]:
            return "no ship left in supply (K-SET-1)"
        return _why_no_port(pos, seat, index[action.port])
    if isinstance(action, Sail):
        return _why_not_sail(pos, seat, action)
    if isinstance(action, Villager):
        if sum(player.villagers) >= PIECES["villager"]:
            return "no villager left in supply (K-SET-1)"
        return _why_not_add(pos, seat, index[action.province], "a villager", "K-CMD-3")
    if isinstance(action, March):
        return _why_not_trip(pos, seat, index[action.source], index[action.target], 4)
    if isinstance(action, Abbot):
        target = index[action.province]
        if pos.figures(target) >= FULL:
            return f"{action.province} is full: 7 figures (K-FIG-2)"
        if player.abbot is not None:
            if player.abbot == target:
                return "the abbot moves to a province other than its start (K-ABB-1, K-R-5)"
            return f"{action.province} is {board.distance[player.abbot][target]} steps away; the abbot moves 1 to 3 (K-ABB-1)"
        return "the abbot cannot go there (K-ABB-1)"
    if isinstance(action, Harvest):
        p = index[action.province]
        if pos.tiles[p] is None:
            return f"{action.province}'s tile is already harvested (K-FARM-2)"
        if not player.villagers[p]:
            return f"you have no villager in {action.province} (K-FARM-1)"
        return f"no chain of your villagers joins {action.province} to a port holding your ship (K-FARM-1)"
    return "not legal here"


def _why_not_add(pos: Position, seat: int, province: int, what: str, rule: str) -> str:
    name = pos.board.provinces[province].id
    if pos.figures(province) >= FULL:
        return f"{name} is full: 7 figures (K-FIG-2, {rule})"
    if pos.peaceful_for(seat, province):
        return f"another player's abbot keeps the peace in {name}: you may not add {what} (K-FIG-3, {rule})"
    return f"{what} cannot go to {name} ({rule})"


def _why_no_port(pos: Position, seat: int, province: int) -> str:
    from ..components import PORT_CAPACITY

    p = pos.board.provinces[province]
    if not p.port:
        return f"{p.id} has no port (K-SET-2)"
    if province in pos.players[seat].ships:
        return f"your other ship is in {p.id}'s port: never both in one port (K-ADM-2)"
    cap = PORT_CAPACITY[len(pos.players)]
    return (
        f"{p.id}'s port holds {pos.ships_in(province)} ships, at most {cap} with {len(pos.players)} players (K-ADM-2)"
    )


def _why_not_sail(pos: Position, seat: int, action: Sail) -> str:
    index = pos.board.index
    ships = pos.players[seat].ships
    froms = [index[a] for a, _ in action.moves]
    tos = [index[b] for _, b in action.moves]
    if not ships:
        return "you have no ship on the board to move (K-ADM-1)"
    if len(set(froms)) != len(froms) or any(p not in ships for p in froms):
        return "each move starts at a port holding one of your ships (K-ADM-1)"
    if len(set(tos)) != len(tos):
        return "never both your ships in one port (K-ADM-2)"
    for a, b in zip(froms, tos, strict=True):
        if b in ships or a == b:
            return "each ship moves to another port, and a swap or a move onto your other ship changes nothing (K-ADM-2, K-R-5)"
        if not port_room(pos, seat, b):
            return _why_no_port(pos, seat, b)
    return "not a legal move of your ships (K-ADM-1)"


def _why_not_trip(pos: Position, seat: int, source: int, target: int, points: int) -> str:
    board = pos.board
    villagers = pos.players[seat].villagers
    names = board.provinces[source].id, board.provinces[target].id
    if not villagers[source]:
        return f"you have no villager in {names[0]} (K-CMD-1)"
    if source == target:
        return "a journey ends in another province (K-R-5)"
    march = pos.march
    if march is not None and villagers[source] <= march.arrived[source]:
        return f"the villagers in {names[0]} arrived in this march; each villager journeys once (K-R-7)"
    if march is not None and _undoes(villagers, march.origin, source, target):
        return "this journey would undo the march: a play must change the position (K-R-5)"
    reach = villager_reach(pos, source, points)
    if target not in reach:
        steps = board.distance[source][target]
        if steps <= points:
            return f"every way to {names[1]} crosses a full province (villagers_cross_full is off, K-R-3)"
        return f"{names[1]} is {steps} steps from {names[0]}, {points} movement points left (K-CMD-2)"
    return _why_not_add(pos, seat, target, "a villager", "K-CMD-3")


def _why_journey(pos: Position, action: Journey) -> str | None:
    problem = _unknown(pos, action)
    if problem:
        return problem
    if action in journeys(pos):
        return None
    march = pos.march
    assert march is not None
    index = pos.board.index
    return _why_not_trip(pos, pos.to_move, index[action.source], index[action.target], march.points)
