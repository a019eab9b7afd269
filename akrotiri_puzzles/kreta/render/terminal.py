"""A Kreta position in the terminal, built with rich; the command line prints it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..components import COLOURS
from ..position import Position
from .words import (
    PIECE_KEY,
    hand_words,
    pieces_in,
    row_words,
    scored_provinces,
    supply_words,
    table_words,
    tiles_words,
    title,
)

STYLE = {"red": "bold red", "blue": "bold blue", "white": "bold white", "black": "bold magenta"}
PROVINCE_STYLE = {"yellow": "yellow", "green": "green", "brown": "dark_orange3"}


def terminal_view(pos: Position) -> RenderableType:
    """The position as rich renderables: the title, the fort cards, the provinces, the players."""
    board = pos.board
    n = len(pos.players)
    marked = set(scored_provinces(pos))
    provinces = Table(title="Provinces (* scored at the next castellan)", title_justify="left")
    provinces.add_column("province")
    provinces.add_column("value", justify="right")
    provinces.add_column("tile")
    for s in range(n):
        provinces.add_column(COLOURS[s], style=STYLE[COLOURS[s]] if s == pos.to_move else None)
    provinces.add_column("figures", justify="right")
    for i, p in enumerate(board.provinces):
        name = Text(
            ("* " if i in marked else "  ") + p.id, style=PROVINCE_STYLE[p.colour] + (" bold" if i in marked else "")
        )
        value = f"{p.value}{' port' if p.port else ''}"
        provinces.add_row(
            name, value, pos.tiles[i] or "-", *(pieces_in(pos, s, i) for s in range(n)), f"{pos.figures(i)}/7"
        )
    players = Table(title="Players", title_justify="left")
    for column in ("", "score", "hand", "table", "supply", "tiles"):
        players.add_column(column)
    for s, player in enumerate(pos.players):
        colour = COLOURS[s]
        who = Text(colour + (" (to move)" if s == pos.to_move and pos.phase != "over" else ""), style=STYLE[colour])
        players.add_row(
            who, str(player.score), hand_words(player), table_words(player), supply_words(pos, s), tiles_words(player)
        )
    forts = ", ".join(f"{n + 1} {COLOURS[o]}" for n, o in enumerate(pos.forts) if o is not None) or "none"
    return Group(
        Text(title(pos), style="bold"),
        Text(f"Fort cards: {row_words(pos)}"),
        Text(f"Forts: {forts}"),
        provinces,
        Text(PIECE_KEY, style="dim"),
        players,
    )
