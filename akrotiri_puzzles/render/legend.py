"""The side panel: a key to the symbols, both seats' things (map cards drawn as cards), the market.

The panel is drawn top to bottom with a running y; `legend_height` draws it into a scratch
element to learn how tall it is before the document's size is fixed.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..components import COLOURS, ICONS
from ..geometry import SEATS
from ..position import Position
from . import symbols
from .highlight import Highlights
from .style import (
    COAST,
    EMPTY_EDGE,
    EMPTY_SLOT,
    FAINT_INK,
    HIGHLIGHT,
    INK,
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
from .svgdoc import group, sub, text, text_width
from .words import actions_per_turn, goal_words, sell_price

PAD = 18.0
LINE = 24.0
SMALL_PX = 13.5
CARD_PX = 90.0
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


def legend_height(pos: Position, hl: Highlights) -> float:
    """Height the panel needs."""
    return draw_legend(ET.Element("g"), pos, hl)


PARTS = ("key", *SEATS, "market")
"""The panel's parts, top to bottom: the key to the symbols, each seat's side, the market."""


def draw_legend(parent: ET.Element, pos: Position, hl: Highlights, parts: tuple[str, ...] = PARTS) -> float:
    """Draw the panel (or only some of its `parts`) into a group placed at its top-left corner;
    return its height."""
    pen = _Pen(parent)
    for part in parts:
        if part == "key":
            _key(pen, pos, hl)
        elif part == "market":
            _market(pen, pos)
        else:
            _seat(pen, pos, part)
    return pen.y


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
