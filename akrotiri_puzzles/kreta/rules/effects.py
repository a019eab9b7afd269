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
from ..position import Phase, Player, Position
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
    p = pos.players[seat]
    card = card_played(action)
    assert card is not None
    villagers, villages, abbot, ships, tiles, score = p.villagers, p.villages, p.abbot, p.ships, p.tiles, p.score
    forts, board_tiles = pos.forts, pos.tiles
    index = pos.board.index
    if isinstance(action, Ship):
        ships = tuple(sorted((*ships, index[action.port])))
    elif isinstance(action, Sail):
        leaving = {index[a] for a, _ in action.moves}
        arriving = {index[b] for _, b in action.moves}
        ships = tuple(sorted((set(ships) - leaving) | arriving))
    elif isinstance(action, Villager):
        villagers = _bump(villagers, index[action.province], 1)
    elif isinstance(action, Abbot):
        abbot = index[action.province]
    elif isinstance(action, Village):
        villages = _bump(villages, index[action.province], 1)
    elif isinstance(action, Harvest):
        province = index[action.province]
        kind = TILES.index(str(board_tiles[province]))
        tiles = _bump(tiles, kind, 1)
        score += tiles[kind]  # the k-th tile of a type scores k (K-FARM-3)
        board_tiles = (*board_tiles[:province], None, *board_tiles[province + 1 :])
    elif isinstance(action, Fort):
        n = action.space - 1
        forts = (*forts[:n], seat, *forts[n + 1 :])
    player = Player(villagers, villages, abbot, ships, p.table | {card}, tiles, score)
    players = (*pos.players[:seat], player, *pos.players[seat + 1 :])
    if isinstance(action, March):
        state = MarchState(MARCH_POINTS, villagers, (0,) * len(villagers))
        marching = _position(pos, players, forts, board_tiles, seat, "march", state)
        return _journey(marching, action.source, action.target)
    following = (seat + 1) % len(players)
    return _position(pos, players, forts, board_tiles, following, "play", None)


def _position(
    pos: Position,
    players: tuple[Player, ...],
    forts: tuple[int | None, ...],
    tiles: tuple[str | None, ...],
    to_move: int,
    phase: Phase,
    march: MarchState | None,
) -> Position:
    """A position like `pos` with the fields an action changes (faster than `replace`)."""
    return Position(
        pos.game, players, forts, tiles, pos.row, pos.face_up, pos.pile, to_move, phase, march, pos.scorings
    )


def _journey(pos: Position, source_id: str, target_id: str) -> Position:
    """A villager's journey in a march; the march ends when no further journey is legal."""
    index = pos.board.index
    source, target = index[source_id], index[target_id]
    march = pos.march
    assert march is not None
    steps = villager_reach(pos, source, march.points)[target]
    seat = pos.to_move
    p = pos.players[seat]
    villagers = _bump(_bump(p.villagers, source, -1), target, 1)
    player = Player(villagers, p.villages, p.abbot, p.ships, p.table, p.tiles, p.score)
    players = (*pos.players[:seat], player, *pos.players[seat + 1 :])
    state = MarchState(march.points - steps, march.origin, _bump(march.arrived, target, 1))
    after = _position(pos, players, pos.forts, pos.tiles, seat, "march", state)
    if state.points and journeys(after):
        return after
    return _position(pos, players, pos.forts, pos.tiles, (seat + 1) % len(players), "play", None)


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
    return _position(pos, pos.players, pos.forts, pos.tiles, (pos.to_move + 1) % len(pos.players), "play", None)
