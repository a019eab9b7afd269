"""What the rules ask of a position: where a figure may go, how far a villager may travel, which
tiles a player can harvest, a player's influence in a province and what a scoring gives."""

from __future__ import annotations

from collections import deque

from ..components import FULL, MARCH_POINTS, PORT_CAPACITY, TILES
from ..position import Position


def can_add(pos: Position, seat: int, province: int) -> bool:
    """Whether `seat` may place a villager or village in, or end a villager's move at, a province:
    not full (K-FIG-2) and not kept by another's abbot's peace (K-FIG-3, K-R-4)."""
    mask = pos.abbot_seats[province]
    return pos.figure_counts[province] < FULL and (not mask or bool(mask >> seat & 1))


def villager_reach(pos: Position, source: int, points: int = MARCH_POINTS) -> dict[int, int]:
    """Provinces a villager in `source` can reach with at most `points` steps, and the steps
    (K-CMD-2). Villagers pass through full provinces unless the option
    `villagers_cross_full` is off (K-R-3), and through peaceful ones (K-CMD-3)."""
    board = pos.board
    if pos.game.rules.villagers_cross_full:
        row = board.distance[source]
        return {q: d for q, d in enumerate(row) if 0 < d <= points}
    dist = {source: 0}
    todo = deque([source])
    while todo:
        p = todo.popleft()
        if dist[p] == points or (p != source and pos.full(p)):
            continue  # a full province may be entered (and refused as a stop), never crossed
        for q in board.neighbours[p]:
            if q not in dist:
                dist[q] = dist[p] + 1
                todo.append(q)
    del dist[source]
    return dist


def abbot_reach(pos: Position, source: int) -> list[int]:
    """Provinces an abbot in `source` can move to: 1 to 3 steps through any province, not full
    at the end (K-ABB-1, K-FIG-2); peace never stops an abbot (K-FIG-4)."""
    row = pos.board.distance[source]
    counts = pos.figure_counts
    return [q for q, d in enumerate(row) if 0 < d <= 3 and counts[q] < FULL]


def port_room(pos: Position, seat: int, province: int) -> bool:
    """Whether one of `seat`'s ships may end in a province's port: it has a port, the player's
    other ship is not there, and the port holds fewer ships than the limit (K-ADM-2)."""
    if not pos.board.provinces[province].port or province in pos.players[seat].ships:
        return False
    return pos.ships_in(province) < PORT_CAPACITY[len(pos.players)]


def harvestable(pos: Position, seat: int) -> list[int]:
    """Provinces whose tile `seat` can harvest: a villager there, joined through provinces each
    holding one of his villagers to a province whose port holds his ship (K-FARM-1)."""
    player = pos.players[seat]
    villagers = player.villagers
    neighbours = pos.board.neighbours
    seen = [False] * len(villagers)
    todo = [p for p in player.ships if villagers[p]]
    for p in todo:
        seen[p] = True
    while todo:
        p = todo.pop()
        for q in neighbours[p]:
            if not seen[q] and villagers[q]:
                seen[q] = True
                todo.append(q)
    return [p for p, ok in enumerate(seen) if ok and pos.tiles[p] is not None]


def harvest_points(pos: Position, seat: int, province: int) -> int:
    """Points the harvest of a province's tile gives: the k-th tile of a type scores k (K-FARM-3)."""
    tile = pos.tiles[province]
    assert tile is not None
    return pos.players[seat].tiles[TILES.index(tile)] + 1


def influence(pos: Position, seat: int, province: int) -> int:
    """A player's influence in a province (K-SCORE-1): 1 per abbot and villager, 2 per village,
    1 per ship in its port, 1 per fort on any fort space touching it."""
    player = pos.players[seat]
    forts = pos.forts
    total = player.villagers[province] + 2 * player.villages[province] + (player.abbot == province)
    total += province in player.ships
    total += sum(forts[s] == seat for s in pos.board.spaces_of[province])
    return total


def province_points(influences: list[int] | tuple[int, ...], value: int) -> list[int]:
    """Points each player gets from one scored province (K-SCORE-3..5, K-R-12, K-R-13)."""
    top = max(influences)
    if top < 1:
        return [0] * len(influences)
    points = [value if i == top else 0 for i in influences]
    firsts = sum(i == top for i in influences)
    if len(influences) >= 3 and firsts == 1:
        rest = [i for i in influences if i < top]
        second = max(rest) if rest else 0
        if second >= 1:
            points = [value // 2 if i == second else p for i, p in zip(influences, points, strict=True)]
    return points


def scoring(pos: Position, number: int) -> dict[int, list[int]]:
    """What scoring fort space `number` gives: for each province round it, each player's points
    (K-CAST-1, K-SCORE-6)."""
    board = pos.board
    out = {}
    for province in board.space(number).provinces:
        influences = [influence(pos, seat, province) for seat in range(len(pos.players))]
        out[province] = province_points(influences, board.values[province])
    return out
