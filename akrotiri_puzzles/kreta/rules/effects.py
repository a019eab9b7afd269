"""What each action does: `apply` checks legality and returns the new position (the caller's is
never changed); `apply_unchecked` skips the check for actions taken from `legal_actions`."""

from __future__ import annotations

from dataclasses import replace

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
    card_played,
)
from ..components import MARCH_POINTS, ROW, TILES
from ..errors import IllegalActionError
from ..position import March as MarchState
from ..position import Position
from .legal import journeys, why_illegal
from .queries import scoring, villager_reach


def apply(pos: Position, action: Action) -> Position:
    """The position after a legal action; IllegalActionError naming the rule otherwise."""
    reason = why_illegal(pos, action)
    if reason is not None:
        raise IllegalActionError(str(action), reason)
    return apply_unchecked(pos, action)


def _bump(values: tuple[int, ...], index: int, by: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + by, *values[index + 1 :])


def apply_unchecked(pos: Position, action: Action) -> Position:
    """The position after an action known to be legal."""
    if isinstance(action, Keep):
        return _next_seat(pos)
    if isinstance(action, Replace):
        return _next_seat(_replace_card(pos))
    if isinstance(action, Journey):
        return _journey(pos, action.source, action.target)
    if isinstance(action, Halt):
        return _next_seat(pos)
    if isinstance(action, Castellan):
        return _castellan(pos)
    seat = pos.to_move
    player = pos.players[seat]
    card = card_played(action)
    assert card is not None
    player = replace(player, table=player.table | {card})
    index = pos.board.index
    if isinstance(action, Ship):
        player = replace(player, ships=tuple(sorted((*player.ships, index[action.port]))))
    elif isinstance(action, Sail):
        leaving = {index[a] for a, _ in action.moves}
        arriving = {index[b] for _, b in action.moves}
        player = replace(player, ships=tuple(sorted((set(player.ships) - leaving) | arriving)))
    elif isinstance(action, Villager):
        player = replace(player, villagers=_bump(player.villagers, index[action.province], 1))
    elif isinstance(action, Abbot):
        player = replace(player, abbot=index[action.province])
    elif isinstance(action, Village):
        player = replace(player, villages=_bump(player.villages, index[action.province], 1))
    elif isinstance(action, Harvest):
        province = index[action.province]
        kind = TILES.index(str(pos.tiles[province]))
        tiles = _bump(player.tiles, kind, 1)
        player = replace(player, tiles=tiles, score=player.score + tiles[kind])  # K-FARM-3
        pos = replace(pos, tiles=(*pos.tiles[:province], None, *pos.tiles[province + 1 :]))
    elif isinstance(action, Fort):
        n = action.space - 1
        pos = replace(pos, forts=(*pos.forts[:n], seat, *pos.forts[n + 1 :]))
    elif isinstance(action, March):
        origin = player.villagers
        state = MarchState(MARCH_POINTS, origin, (0,) * len(origin))
        pos = replace(pos.with_player(seat, player), phase="march", march=state)
        return _journey(pos, action.source, action.target)
    return _next_seat(pos.with_player(seat, player))


def _journey(pos: Position, source_id: str, target_id: str) -> Position:
    """A villager's journey in a march; the march ends when no further journey is legal."""
    index = pos.board.index
    source, target = index[source_id], index[target_id]
    march = pos.march
    assert march is not None
    steps = villager_reach(pos, source, march.points)[target]
    seat = pos.to_move
    player = pos.players[seat]
    villagers = _bump(_bump(player.villagers, source, -1), target, 1)
    march = replace(march, points=march.points - steps, arrived=_bump(march.arrived, target, 1))
    pos = replace(pos.with_player(seat, replace(player, villagers=villagers)), march=march)
    if pos.march is not None and pos.march.points and journeys(pos):
        return pos
    return _next_seat(pos)


def _castellan(pos: Position) -> Position:
    """Score the provinces round the leftmost face-up card's space, return every table to hand,
    remove the card, and turn up the next (K-CAST-1..4, K-END-1)."""
    number = pos.scored_space
    assert number is not None
    gained = [0] * len(pos.players)
    for points in scoring(pos, number).values():
        for seat, p in enumerate(points):
            gained[seat] += p
    players = tuple(replace(p, table=frozenset(), score=p.score + g) for p, g in zip(pos.players, gained, strict=True))
    row = pos.row[1:]
    face_up = pos.face_up - 1
    done = pos.scorings + 1
    pos = replace(pos, players=players, row=row, face_up=face_up, scorings=done)
    if done >= ROW:
        return replace(pos, phase="over", march=None)
    if len(row) > face_up:
        return replace(pos, face_up=face_up + 1, phase="turnup")
    return _next_seat(pos)


def _replace_card(pos: Position) -> Position:
    """The card just turned up goes under the pile; the pile's top card takes its place (K-CAST-4)."""
    at = pos.face_up - 1
    turned = pos.row[at]
    row = (*pos.row[:at], pos.pile[0], *pos.row[at + 1 :])
    return replace(pos, row=row, pile=(*pos.pile[1:], turned))


def _next_seat(pos: Position) -> Position:
    return replace(pos, to_move=(pos.to_move + 1) % len(pos.players), phase="play", march=None)
