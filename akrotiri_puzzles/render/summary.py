"""A position in words, as rows that the terminal view and the HTML page both lay out."""

from __future__ import annotations

from dataclasses import dataclass

from ..components import COLOURS
from ..geometry import SEATS, format_quad
from ..position import Position
from .words import actions_per_turn, cube_list, goal_words, map_words, sell_price, tile_words, title_line


@dataclass(frozen=True)
class SeatRows:
    """One seat's things, each as (what, words)."""

    seat: str
    to_move: bool
    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Summary:
    """Everything the text views show, in the order they show it."""

    title: str
    board: tuple[tuple[str, str], ...]
    seats: tuple[SeatRows, ...]
    market: tuple[tuple[str, int, int | None], ...]
    """(colour, cubes left, what one sale earns now or None)."""
    piles: str


def summarise(pos: Position) -> Summary:
    """The position's summary."""
    board = pos.board
    thera = board.thera_island
    islands = [i for i in board.islands if i != thera]
    completed = [i for i in islands if i in board.completed]
    temples = sum(len(s.temples) for s in pos.seats)
    board_rows = (
        ("land tiles", f"{len(board.placements)} placed, {len(board.open_slots)} empty slots next to them"),
        ("islands", f"{len(islands)} besides Thera, {len(completed)} completed"),
        ("docks", str(len(board.docks))),
        ("temples", f"{temples} on the board"),
        ("cubes on islands", str(sum(n for _, _, n in pos.cubes))),
    )
    seats = tuple(_seat_rows(pos, name) for name in SEATS)
    market = tuple((colour, left, sell_price(pos, colour)) for colour, left in zip(COLOURS, pos.market, strict=True))
    decks = ", ".join(f"{n} {len(d)}" for n, d in zip(("easy", "medium", "hard"), pos.map_decks, strict=True))
    piles = f"land pile {len(pos.land_pile)} (discards {len(pos.land_discard)}); map decks {decks}; goal deck {len(pos.goal_deck)}"
    return Summary(title_line(pos), board_rows, seats, market, piles)


def _seat_rows(pos: Position, name: str) -> SeatRows:
    s = pos.seat(name)
    to_move = pos.to_move == name and pos.phase != "over"
    total = pos.components.player_board.temples
    actions = f"{actions_per_turn(pos, name)} a turn"
    if to_move and pos.phase == "act":
        actions = f"{pos.actions_left} left this turn ({actions})"
    temples = ", ".join(f"{card} at {format_quad(site)}" for card, site in s.temples) or "none"
    rows = [
        ("drachmas", str(s.drachmas)),
        ("boat", s.boat or "not placed"),
        ("cargo", cube_list(s.cargo)),
        ("actions", actions),
        ("temples", f"{len(s.temples)}/{total}: {temples}"),
        ("land tile", tile_words(pos, s.tile) if s.tile else "none"),
    ]
    rows.extend(("map card", map_words(pos, card)) for card in s.maps)
    if not s.maps:
        rows.append(("map cards", "none in hand"))
    rows.extend(("goal card", goal_words(pos, goal)) for goal in s.goals)
    return SeatRows(name, to_move, tuple(rows))
