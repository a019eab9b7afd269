"""The side panel: a key to the symbols, both seats' things (map cards drawn as cards), the market.

The panel is drawn top to bottom with a running y; `legend_height` draws it into a scratch
element to learn how tall it is before the document's size is fixed.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..common.render.colours import FAINT_INK, INK
from ..common.render.svgdoc import SVG_NS, group, num, serialise, sub, text, text_width
from ..components import COLOURS, DECKS, ICONS
from ..geometry import SEATS
from ..position import Position
from ..premise import Revealed
from . import symbols
from .highlight import Highlights
from .next_tile import NextTile
from .style import (
    COAST,
    EMPTY_EDGE,
    EMPTY_SLOT,
    HIGHLIGHT,
    LAND,
    LAND_COMPLETED,
    PANEL_W_PX,
    PORT_RADIUS,
    ROUTE,
    ROUTE_WIDTH,
    SEA,
    SLOT_PX,
    TEXT_PX,
)
from .tile_painter import draw_tile
from .words import actions_per_turn, goal_words, sell_price

PAD = 18.0
LINE = 24.0
SMALL_PX = 13.5
CARD_PX = 90.0
TILE_PX = 90.0
INK_SITE = "#5a4a2a"


class _Pen:
    """A running position down the panel."""

    def __init__(self, parent: ET.Element) -> None:
        self.g = parent
        self.y = PAD

    def heading(self, words: str) -> None:
        self.y += 8
        text(self.g, PAD, self.y, words, TEXT_PX + 2, anchor="start", weight="bold", halo=None)
        sub(
            self.g,
            "line",
            x1=PAD,
            y1=self.y + 13,
            x2=PANEL_W_PX - PAD,
            y2=self.y + 13,
            stroke="#c9d1d9",
            stroke_width=1.0,
        )
        self.y += LINE + 6

    def words(self, x: float, words: str, fill: str = INK, weight: str | None = None) -> None:
        text(self.g, x, self.y, words, SMALL_PX, anchor="start", halo=None, fill=fill, weight=weight)


def legend_height(
    pos: Position, hl: Highlights, revealed: Revealed | None = None, next_tile: NextTile | None = None
) -> float:
    """Height the panel needs."""
    return draw_legend(ET.Element("g"), pos, hl, revealed, next_tile=next_tile)


PARTS = ("key", "revealed", "next", *SEATS, "market")
"""The panel's parts, top to bottom: the key to the symbols, a puzzle's premise (drawn only when
one is given), a two-turn line's second tile (drawn only when the line places one), each seat's
side, the market."""


def draw_legend(
    parent: ET.Element,
    pos: Position,
    hl: Highlights,
    revealed: Revealed | None = None,
    parts: tuple[str, ...] = PARTS,
    next_tile: NextTile | None = None,
) -> float:
    """Draw the panel (or only some of its `parts`) into a group placed at its top-left corner;
    return its height. A puzzle's premise (`revealed`) comes right after the key, then the tile
    a two-turn line places in its second turn (`next_tile`)."""
    pen = _Pen(parent)
    for part in parts:
        if part == "key":
            _key(pen, pos, hl)
        elif part == "revealed":
            if revealed is not None:
                _revealed(pen, pos, revealed)
        elif part == "next":
            if next_tile is not None:
                _next_tile(pen, pos, next_tile)
        elif part == "market":
            _market(pen, pos)
        else:
            _seat(pen, pos, part)
    return pen.y


def panel_svg(pos: Position, key: bool = False) -> str:
    """The side panel alone as an SVG document (each seat's things, the tile in hand drawn, the
    market; with `key`, the key first): for a page that shows it beside a board picture."""
    root = ET.Element("svg", {"xmlns": SVG_NS, "font-family": "sans-serif", "class": "panel"})
    parts = PARTS if key else tuple(p for p in PARTS if p != "key")
    height = draw_legend(root, pos, Highlights(), None, parts) + 4
    root.attrib.update(
        {"width": num(PANEL_W_PX), "height": num(height), "viewBox": f"0 0 {num(PANEL_W_PX)} {num(height)}"}
    )
    return serialise(root)


def _key(pen: _Pen, pos: Position, hl: Highlights) -> None:
    g = pen.g
    pen.heading("Key")
    for i, kind in enumerate(ICONS):
        x = PAD + 12 + (i % 2) * 200
        symbols.icon(g, x, pen.y, kind, cls=None)
        text(g, x + 20, pen.y, f"{kind} ({pos.components.market.colour_of(kind)})", SMALL_PX, anchor="start", halo=None)
        if i % 2:
            pen.y += LINE + 4
    for i, colour in enumerate(COLOURS):
        symbols.cube(g, PAD + 6 + i * 15, pen.y, colour, cls=None)
    pen.words(PAD + 70, "cubes: red, blue, green, gray")
    pen.y += LINE
    for i, seat in enumerate(SEATS):
        symbols.temple(g, PAD + 12 + i * 200, pen.y, seat, cls=None)
        text(g, PAD + 30 + i * 200, pen.y, f"{seat} temple", SMALL_PX, anchor="start", halo=None)
    pen.y += LINE + 8
    for i, seat in enumerate(SEATS):
        symbols.boat(g, PAD + 28 + i * 200, pen.y + 4, seat, ("red",) if i == 0 else (), cls=None)
        text(g, PAD + 62 + i * 200, pen.y, f"{seat} boat", SMALL_PX, anchor="start", halo=None)
    pen.y += LINE + 6
    pen.words(PAD + 4, "cargo on deck; dashed places are empty", fill=FAINT_INK)
    pen.y += LINE
    symbols.dock(g, PAD + 8, pen.y, cls=None)
    text(g, PAD + 20, pen.y, "1,-2NE", SMALL_PX, anchor="start", weight="bold")
    pen.words(PAD + 20 + text_width("1,-2NE", SMALL_PX, bold=True) + 8, "dock, named as in the notation")
    pen.y += LINE
    sub(
        g,
        "line",
        x1=PAD,
        y1=pen.y,
        x2=PAD + 40,
        y2=pen.y,
        stroke=ROUTE,
        stroke_width=ROUTE_WIDTH * SLOT_PX,
        stroke_linecap="round",
    )
    sub(g, "circle", cx=PAD + 20, cy=pen.y, r=3.6, fill=ROUTE)
    pen.words(PAD + 50, "shipping route, junction")
    pen.y += LINE
    r = PORT_RADIUS * SLOT_PX
    sub(g, "circle", cx=PAD + 8, cy=pen.y, r=r, fill=ROUTE, stroke=ROUTE, stroke_width=2.0)
    sub(g, "circle", cx=PAD + 22, cy=pen.y, r=r, fill="#ffffff", stroke=ROUTE, stroke_width=2.0)
    pen.words(PAD + 36, "port: joined to the next tile / open sea")
    pen.y += LINE + 2
    for i, (fill, words) in enumerate(((LAND, "island"), (LAND_COMPLETED, "completed island"))):
        x = PAD + i * 200
        sub(g, "rect", x=x, y=pen.y - 9, width=30, height=18, fill=SEA)
        sub(g, "path", d=f"M{x} {pen.y + 9} h18 a18 18 0 0 0 -18 -18 Z", fill=fill, stroke=COAST, stroke_width=1.5)
        pen.words(x + 38, words)
    pen.y += LINE + 2
    sub(
        g,
        "rect",
        x=PAD,
        y=pen.y - 9,
        width=30,
        height=18,
        rx=3,
        fill=EMPTY_SLOT,
        stroke=EMPTY_EDGE,
        stroke_dasharray="4 3",
    )
    pen.words(PAD + 38, "empty slot where a tile may go")
    pen.y += LINE
    if hl:
        sub(g, "line", x1=PAD, y1=pen.y, x2=PAD + 30, y2=pen.y, stroke=HIGHLIGHT, stroke_width=4.0)
        pen.words(PAD + 38, "the line: numbered steps (dashed: portage)", fill=HIGHLIGHT)
        pen.y += LINE
    if hl.marks:
        sub(g, "circle", cx=PAD + 15, cy=pen.y, r=8.0, fill="none", stroke=HIGHLIGHT, stroke_width=3.0)
        pen.words(PAD + 38, "marked for the lesson (labelled)", fill=HIGHLIGHT)
        pen.y += LINE
    pen.words(PAD, "Rim: slot x (columns) and y (rows). Quadrant x,yQ is", fill=FAINT_INK)
    pen.y += LINE - 6
    pen.words(PAD, "quarter Q (NW NE SW SE) of slot x,y.", fill=FAINT_INK)
    pen.y += LINE - 2


def _seat(pen: _Pen, pos: Position, seat: str) -> None:
    s = pos.seat(seat)
    g = pen.g
    mark = " \u00b7 to move" if pos.to_move == seat and pos.phase != "over" else ""
    pen.heading(f"{seat.capitalize()} seat ({'white' if seat == 'south' else 'black'}){mark}")
    temples = pos.components.player_board.temples
    pen.words(
        PAD,
        f"{s.drachmas} drachmas \u00b7 temples {len(s.temples)}/{temples} \u00b7 {actions_per_turn(pos, seat)} actions a turn",
    )
    pen.y += LINE
    pen.words(
        PAD,
        "boat:" + (f" at {s.boat}" if s.boat else " not placed") + (" \u00b7 cargo:" if s.cargo else " \u00b7 empty"),
    )
    if s.cargo:
        x0 = PAD + text_width("boat: at " + (s.boat or "") + " \u00b7 cargo:", SMALL_PX, condensed=True) + 10
        for i, colour in enumerate(s.cargo):
            symbols.cube(g, x0 + i * 15, pen.y, colour, cls=None)
    pen.y += LINE
    tile = f"{s.tile} ({pos.components.tile[s.tile].icon})" if s.tile else "none"
    pen.words(PAD, f"land tile in hand: {tile}")
    pen.y += LINE
    if s.tile:
        _tile_in_hand(pen, pos, s.tile)
    for goal in s.goals:
        pen.words(PAD, f"goal {goal_words(pos, goal)}")
        pen.y += LINE - 4
    if s.goals:
        pen.y += 4
    if s.maps:
        turned = " (turned: above is down the page)" if seat == "north" else ""
        pen.words(PAD, f"map cards in hand{turned}:")
        pen.y += 12
        _cards(pen, pos, seat, s.maps)


def _tile_in_hand(pen: _Pen, pos: Position, tile: str) -> None:
    """The tile in hand drawn as the board draws tiles, as printed, with its id and icon beside it."""
    top = pen.y + 2  # under the line above, clear of the top mark
    draw_tile(pen.g, pos, tile, PAD + 10, top)
    x = PAD + 10 + SLOT_PX + 16
    lines = (
        (f"{tile} · {pos.components.tile[tile].icon}", INK, "bold"),
        ("as printed (r0); placing", FAINT_INK, None),
        ("turns it clockwise: r90,", FAINT_INK, None),
        ("r180, r270", FAINT_INK, None),
        ("▲ marks its top edge", FAINT_INK, None),
    )
    for i, (words, fill, weight) in enumerate(lines):
        text(pen.g, x, top + 14 + i * 20, words, SMALL_PX, anchor="start", halo=None, fill=fill, weight=weight)
    pen.y = top + SLOT_PX + LINE + 2


def _next_tile(pen: _Pen, pos: Position, nt: NextTile) -> None:
    """The tile the line places in its second turn: drawn as printed, where it came from, and
    whether a player knows it when the line starts (next_tile.py)."""
    g = group(pen.g, class_="next-tile", data_tile=nt.tile, data_hidden="yes" if nt.hidden else "no")
    inner = _Pen(g)
    inner.y = pen.y
    inner.heading(f"Turn 2's tile (action {nt.step} lays it)")
    top = inner.y + 2
    draw_tile(g, pos, nt.tile, PAD + 10, top, scale=TILE_PX / SLOT_PX)
    x = PAD + 10 + TILE_PX + 16
    beside = (
        (f"{nt.tile} · {nt.icon}", INK, "bold"),
        ("as printed; the board shows it", FAINT_INK, None),
        (f"laid at {nt.slot[0]},{nt.slot[1]} r{nt.rotation}, outlined", FAINT_INK, None),
    )
    for i, (words, fill, weight) in enumerate(beside):
        text(g, x, top + 14 + i * 20, words, SMALL_PX, anchor="start", halo=None, fill=fill, weight=weight)
    inner.y = top + TILE_PX + LINE
    for words in _wrapped(nt.source(), PANEL_W_PX - 2 * PAD, bold=False):
        inner.words(PAD, words)
        inner.y += LINE - 6
    known, why = nt.knowledge()
    for words in _wrapped(known + ":", PANEL_W_PX - 2 * PAD, bold=True):
        inner.words(PAD, words, fill=HIGHLIGHT if nt.hidden else INK, weight="bold")
        inner.y += LINE - 6
    for words in _wrapped(why, PANEL_W_PX - 2 * PAD, bold=False):
        inner.words(PAD, words)
        inner.y += LINE - 6
    pen.y = inner.y + 6


def _wrapped(words: str, width: float, bold: bool) -> list[str]:
    """Words broken into lines no wider than `width` at the panel's small size."""
    lines: list[str] = []
    for word in words.split():
        if lines and text_width(f"{lines[-1]} {word}", SMALL_PX, bold=bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _cards(pen: _Pen, pos: Position, seat: str, cards: tuple[str, ...]) -> None:
    """Map cards as small cards: icons needed above, below, left and right of the site.

    North's cards are turned half round, so that each icon shows the page direction where it
    must lie (R-GEO-10).
    """
    per_row = int((PANEL_W_PX - 2 * PAD + 8) // (CARD_PX + 8))
    for i, card_id in enumerate(cards):
        if i and i % per_row == 0:
            pen.y += CARD_PX + 26
        x = PAD + (i % per_row) * (CARD_PX + 8)
        _card(pen.g, x, pen.y, pos, card_id, seat == "north")
    pen.y += CARD_PX + 30


def _card(parent: ET.Element, x: float, y: float, pos: Position, card_id: str, turned: bool) -> None:
    card = pos.components.map[card_id]
    c = CARD_PX / 2
    g = group(parent, class_="map-card", data_card=card_id, transform=f"translate({x + c} {y + c})")
    sub(g, "rect", x=-c, y=-c, width=CARD_PX, height=CARD_PX, rx=6, fill="#fbf7ec", stroke="#8a7a5a", stroke_width=1.5)
    inner = group(g, transform="rotate(180)" if turned else None)
    sub(inner, "rect", x=-5, y=-5, width=10, height=10, fill="none", stroke=INK_SITE, stroke_width=1.5)
    sub(inner, "line", x1=-5, y1=-5, x2=5, y2=5, stroke=INK_SITE, stroke_width=1.2)
    sub(inner, "line", x1=-5, y1=5, x2=5, y2=-5, stroke=INK_SITE, stroke_width=1.2)
    where = {"above": (0.0, -1.0), "below": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}
    sides: dict[str, list[str]] = {}
    for direction, kind, n in card.requires:
        sides.setdefault(direction, []).extend([kind] * n)
    for direction, kinds in sides.items():
        dx, dy = where[direction]
        for k, kind in enumerate(kinds):
            offset = (k - (len(kinds) - 1) / 2) * 19.0
            ix = dx * 30 + (offset if dy else 0.0)
            iy = dy * 30 + (offset if dx else 0.0)
            # Icons stay upright on a turned card.
            upright = " rotate(180)" if turned else ""
            small = group(inner, transform=f"translate({ix} {iy}){upright} scale(0.62)")
            symbols.icon(small, 0.0, 0.0, kind, cls=None)
    text(
        parent,
        x + c,
        y + CARD_PX + 11,
        f"{card_id} \u00b7 {card.cost}d \u00b7 {card.points}pt",
        12.5,
        weight="bold",
        halo=None,
    )


def _revealed(pen: _Pen, pos: Position, revealed: Revealed) -> None:
    """What the puzzle reveals of the hidden piles, each top first (premise.py): the next land
    tiles with their icons, the map cards on top of each deck drawn as cards (turned for north,
    as in its hand), the goal cards on top of the goal deck. The rest is face down."""
    g = group(pen.g, class_="revealed")
    inner = _Pen(g)
    inner.y = pen.y
    inner.heading("Revealed by the puzzle (top first)")
    if not revealed:
        inner.words(PAD, "nothing: every pile is face down, so a card", fill=FAINT_INK)
        inner.y += LINE - 6
        inner.words(PAD, "bought or a tile drawn cannot be relied on", fill=FAINT_INK)
        inner.y += LINE
        pen.y = inner.y
        return
    comps = pos.components
    if revealed.land:
        inner.words(PAD, "land pile, next tiles (as printed, facing north):")
        inner.y += 12
        per_row = int((PANEL_W_PX - 2 * PAD + 8) // (TILE_PX + 8))
        for i, tile in enumerate(revealed.land):
            if i and i % per_row == 0:
                inner.y += TILE_PX + 26
            x = PAD + (i % per_row) * (TILE_PX + 8)
            draw_tile(g, pos, tile, x, inner.y, scale=TILE_PX / SLOT_PX)
            label = f"{i + 1}. {tile} {comps.tile[tile].icon}"
            text(g, x + TILE_PX / 2, inner.y + TILE_PX + 11, label, 12.5, weight="bold", halo=None)
        inner.y += TILE_PX + 30
    for deck, cards in zip(DECKS, revealed.maps, strict=True):
        if cards:
            inner.words(PAD, f"{deck} map deck, top first (left to right):")
            inner.y += 12
            _cards(inner, pos, pos.to_move, cards)
    if revealed.goals:
        inner.words(PAD, "goal deck, top first:")
        inner.y += LINE - 4
        for i, goal in enumerate(revealed.goals):
            inner.words(PAD + 8, f"{i + 1}. {goal_words(pos, goal)}")
            inner.y += LINE - 4
        inner.y += 4
    inner.words(PAD, "everything else is face down", fill=FAINT_INK)
    inner.y += LINE
    pen.y = inner.y


def _market(pen: _Pen, pos: Position) -> None:
    pen.heading("Market")
    per = pos.components.market.cubes_per_colour
    for colour, left in zip(COLOURS, pos.market, strict=True):
        symbols.cube(pen.g, PAD + 6, pen.y, colour, cls=None)
        price = sell_price(pos, colour)
        sells = f"a sale earns {price}" if price is not None else "track full: cannot sell"
        pen.words(PAD + 20, f"{colour}: {left} of {per} cubes left \u00b7 {sells}")
        pen.y += LINE - 2
    decks = " \u00b7 ".join(f"{n} {len(d)}" for n, d in zip(("easy", "medium", "hard"), pos.map_decks, strict=True))
    pen.y += 4
    pen.words(PAD, f"land pile {len(pos.land_pile)} \u00b7 map decks: {decks}", fill=FAINT_INK)
    pen.y += LINE
