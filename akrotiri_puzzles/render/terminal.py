"""A compact terminal view of a position, built with rich; the command line prints it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..components import DECKS
from ..geometry import SEATS, THERA_SLOTS, quad_slot
from ..position import Position
from ..premise import Revealed, needs_words
from .summary import summarise
from .words import goal_words

_ICON_STYLE = {
    "volcano": ("V", "bold red"),
    "lake": ("L", "bold blue"),
    "tree": ("T", "bold green"),
    "mountain": ("M", "bold white"),
}
_COLOUR_STYLE = {"red": "red", "blue": "blue", "green": "green", "gray": "white"}


def slot_map(pos: Position) -> Text:
    """The board as a grid of slots, north up: each tile's icon, boats (S, N) and temples (*)."""
    board = pos.board
    slots = {*board.filled, *board.open_slots}
    xs = [s[0] for s in slots]
    ys = [s[1] for s in slots]
    boats: dict[tuple[int, int], str] = {}
    for name, seat in zip(SEATS, pos.seats, strict=True):
        if seat.boat in board.docks:
            slot = quad_slot(board.docks[seat.boat].quad)
            boats[slot] = boats.get(slot, "") + name[0].upper()
    temples = {quad_slot(site) for s in pos.seats for _, site in s.temples}
    icon_at = {quad_slot(q): kind for q, kind in board.icons}
    out = Text()
    out.append("     " + "".join(f"{x:>4}" for x in range(min(xs), max(xs) + 1)) + "  x\n", style="dim")
    for y in range(max(ys), min(ys) - 1, -1):
        out.append(f"{y:>4} ", style="dim")
        for x in range(min(xs), max(xs) + 1):
            slot = (x, y)
            if slot in THERA_SLOTS:
                out.append("  ~~", style="bold yellow")
            elif slot in board.tile_at:
                letter, style = _ICON_STYLE.get(icon_at.get(slot, ""), ("?", ""))
                out.append("  ")
                out.append(letter, style=style)
                boat = boats.get(slot, "")
                out.append("B" if len(boat) > 1 else boat or ("*" if slot in temples else " "), style="bold")
            elif slot in board.open_slots:
                out.append("   .", style="dim")
            else:
                out.append("    ")
        out.append("\n")
    out.append("     y  ~~ Thera · V L T M icon · S N boat (B both) · * temple · . empty slot", style="dim")
    return out


def terminal_view(pos: Position) -> RenderableType:
    """The position as rich renderables: title, slot map, board, both seats, market."""
    summary = summarise(pos)
    parts: list[RenderableType] = [Text(summary.title, style="bold"), slot_map(pos)]
    board = Table(title="Board", show_header=False, title_justify="left")
    for what, words in summary.board:
        board.add_row(what, words)
    parts.append(board)
    seats = Table(title="Seats", title_justify="left")
    seats.add_column("")
    for seat in summary.seats:
        seats.add_column(seat.seat + (" (to move)" if seat.to_move else ""), style="bold" if seat.to_move else None)
    labels = _merged_labels([s.rows for s in summary.seats])
    for label, index in labels:
        cells = []
        for seat in summary.seats:
            matching = [words for what, words in seat.rows if what == label]
            cells.append(matching[index] if index < len(matching) else "")
        seats.add_row(label, *cells)
    parts.append(seats)
    market = Table(title="Market", title_justify="left")
    market.add_column("colour")
    market.add_column("cubes left", justify="right")
    market.add_column("one sale earns", justify="right")
    for colour, left, price in summary.market:
        market.add_row(Text(colour, style=_COLOUR_STYLE[colour]), str(left), "-" if price is None else str(price))
    parts.append(market)
    parts.append(Text(summary.piles, style="dim"))
    return Group(*parts)


def revealed_view(revealed: Revealed, pos: Position) -> RenderableType:
    """A puzzle's premise for the terminal: each pile's revealed top, in order, with what each
    card or tile is; or that nothing is revealed."""
    if not revealed:
        return Text("Revealed: nothing. Every pile is face down: a card bought or a tile drawn cannot be relied on.")
    comps = pos.components
    table = Table(title="Revealed by the puzzle (top first; everything else is face down)", title_justify="left")
    table.add_column("pile")
    table.add_column("top first")
    if revealed.land:
        table.add_row("land pile", ", ".join(f"{t} ({comps.tile[t].icon})" for t in revealed.land))
    for deck, cards in zip(DECKS, revealed.maps, strict=True):
        if cards:
            table.add_row(f"{deck} map deck", "\n".join(f"{k}: {needs_words(comps, k)}" for k in cards))
    if revealed.goals:
        table.add_row("goal deck", "\n".join(goal_words(pos, g) for g in revealed.goals))
    return table


def _merged_labels(seat_rows: list[tuple[tuple[str, str], ...]]) -> list[tuple[str, int]]:
    """Row labels of both seats in order; a repeated label (map card, goal card) as often as either seat has it."""
    order: list[str] = []
    most: dict[str, int] = {}
    for rows in seat_rows:
        counts: dict[str, int] = {}
        for what, _ in rows:
            counts[what] = counts.get(what, 0) + 1
            if what not in order:
                order.append(what)
        for what, n in counts.items():
            most[what] = max(most.get(what, 0), n)
    return [(what, i) for what in order for i in range(most[what])]
