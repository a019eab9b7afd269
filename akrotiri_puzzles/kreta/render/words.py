"""The words every picture of a position uses: titles, pieces, cards and supplies in short text."""

from __future__ import annotations

from ..components import CARDS, COLOURS, TILES
from ..position import Player, Position
from ..rules.legal import forts_left
from ..rules.queries import influence

PHASE_WORDS = {
    "play": "plays a card",
    "march": "is marching",
    "turnup": "keeps or replaces the card turned up",
    "over": "",
}


def title(pos: Position) -> str:
    """One line: players, the scoring to come, who moves and what he does."""
    n = len(pos.players)
    if pos.phase == "over":
        scores = [p.score for p in pos.players]
        top = max(scores)
        won = " and ".join(COLOURS[s] for s, v in enumerate(scores) if v == top)
        return (
            f"Kreta, {n} players: game over after 11 scorings; {won} {'win' if ' and ' in won else 'wins'} with {top}"
        )
    march = f" ({pos.march.points} point{'s' if pos.march.points != 1 else ''} left)" if pos.march else ""
    return (
        f"Kreta, {n} players: scoring {pos.scorings + 1} of 11 next; "
        f"{COLOURS[pos.to_move]} {PHASE_WORDS[pos.phase]}{march}"
    )


def scored_provinces(pos: Position) -> tuple[int, ...]:
    """The provinces the next castellan scores (round the leftmost face-up card's space)."""
    number = pos.scored_space
    return pos.board.space(number).provinces if number is not None else ()


def row_words(pos: Position) -> str:
    """The fort cards: the face-up ones with their provinces, the face-down count, the pile."""
    board = pos.board
    parts = []
    for k, number in enumerate(pos.row[: pos.face_up]):
        names = ", ".join(board.provinces[p].id for p in board.space(number).provinces)
        parts.append(f"{'next' if k == 0 else 'then'} {number} ({names})")
    down = len(pos.row) - pos.face_up
    parts.append(f"{down} face down")
    parts.append(f"pile {len(pos.pile)}")
    return "; ".join(parts)


def pieces_in(pos: Position, seat: int, province: int) -> str:
    """A player's pieces counting in a province, short: '2v 1V A S 1F =7' (villagers, villages,
    abbot, ship in its port, forts round it, influence)."""
    p = pos.players[seat]
    parts = []
    if p.villagers[province]:
        parts.append(f"{p.villagers[province]}v")
    if p.villages[province]:
        parts.append(f"{p.villages[province]}V")
    if p.abbot == province:
        parts.append("A")
    if province in p.ships:
        parts.append("S")
    forts = sum(pos.forts[s] == seat for s in pos.board.spaces_of[province])
    if forts:
        parts.append(f"{forts}F")
    if not parts:
        return ""
    return " ".join(parts) + f" ={influence(pos, seat, province)}"


PIECE_KEY = "v villager, V village (2), A abbot, S ship in the port, F fort round the province, =influence"


def hand_words(player: Player) -> str:
    """Cards in hand, in the rulebook's order."""
    return ", ".join(player.hand)


def table_words(player: Player) -> str:
    """Cards on the table."""
    return ", ".join(c for c in CARDS if c in player.table) or "none"


def supply_words(pos: Position, seat: int) -> str:
    """Pieces still in supply."""
    p = pos.players[seat]
    parts = [f"{p.supply(k)} {k}{'s' if p.supply(k) != 1 else ''}" for k in ("villager", "village", "ship")]
    forts = forts_left(pos, seat)
    parts.append(f"{forts} fort{'s' if forts != 1 else ''}")
    parts.append("the abbot" if p.abbot is None else f"(abbot in {pos.board.provinces[p.abbot].id})")
    return ", ".join(parts)


def tiles_words(player: Player) -> str:
    """Harvested tiles by type."""
    return ", ".join(f"{k} {t}" for t, k in zip(TILES, player.tiles, strict=True) if k) or "none"
