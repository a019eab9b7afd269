"""A Kreta position as an SVG picture (deterministic text): the board with provinces, values
(white hexagons), tiles, ports, fort spaces and every piece by colour; the fort card row; each
player's score, cards held and played, supply and tiles. The provinces the next scoring reads
and its fort space are outlined in magenta."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from ...common.render.colours import FAINT_INK, INK
from ...common.render.svgdoc import SVG_NS, group, num, path_d, serialise, sub, text
from ..board import Point
from ..components import CARDS, COLOURS
from ..position import Position
from .geometry import BoardGeometry, board_geometry
from .style import (
    BORDER,
    CARD_H,
    CARD_W,
    COAST,
    FIGURE,
    FORT_CARD_H,
    FORT_CARD_W,
    FORT_SPACE_R,
    HEXAGON,
    LABEL_PX,
    MARGIN,
    MARK,
    PLAYER_EDGE,
    PLAYER_FILL,
    PLAYER_INK,
    PROVINCE_FILL,
    SCALE,
    SEA,
    SMALL_PX,
    TEXT_PX,
    TITLE_PX,
)
from .words import scored_provinces, supply_words, tiles_words, title

PANEL_ROW = 30.0


def render_svg(pos: Position) -> str:
    """The position as an SVG document."""
    board = pos.board
    geo = board_geometry(board)
    width = geo.width * SCALE + 2 * MARGIN
    top = MARGIN + TITLE_PX + 14
    board_h = geo.height * SCALE
    panel_top = top + board_h + 18
    players_h = len(pos.players) * (PANEL_ROW * 2 + 8)
    height = panel_top + 8 + FORT_CARD_H + 28 + players_h + MARGIN
    root = ET.Element(
        "svg",
        {"xmlns": SVG_NS, "width": num(width), "height": num(height), "viewBox": f"0 0 {num(width)} {num(height)}"},
    )
    sub(root, "rect", x=0, y=0, width=num(width), height=num(height), fill="#ffffff")
    text(root, MARGIN, MARGIN + TITLE_PX / 2, title(pos), TITLE_PX, anchor="start", weight="bold")
    sub(root, "rect", x=MARGIN / 2, y=top - 8, width=num(width - MARGIN), height=num(board_h + 4), fill=SEA, rx=10)
    layer = group(root, transform=f"translate({num(MARGIN)} {num(top)})")
    _draw_board(layer, pos, geo)
    key = (
        "Magenta: the provinces and fort space the next castellan scores. Figures: circle villager, house village, "
        "mitre abbot; tower fort, boat ship by the port's wheel. Cards: filled = played (on the table), dashed = in hand."
    )
    text(root, MARGIN, top + board_h + 2, key, SMALL_PX, anchor="start", fill=FAINT_INK)
    _draw_row(root, pos, MARGIN, panel_top + 8)
    _draw_players(root, pos, MARGIN, panel_top + 8 + FORT_CARD_H + 28)
    return serialise(root)


def _xy(p: Point) -> tuple[float, float]:
    return p[0] * SCALE, p[1] * SCALE


def _draw_board(layer: ET.Element, pos: Position, geo: BoardGeometry) -> None:
    board = pos.board
    marked = set(scored_provinces(pos))
    lands = group(layer, id="provinces")
    for i, p in enumerate(board.provinces):
        shape = [_xy(q) for q in geo.shapes[i]]
        sub(
            lands,
            "path",
            d=path_d(shape),
            fill=PROVINCE_FILL[p.colour],
            stroke=BORDER,
            stroke_width=1.6,
            stroke_linejoin="round",
        )
    coast = group(layer, id="coast")
    for a, b in geo.coast:
        sub(
            coast,
            "line",
            x1=num(a[0] * SCALE),
            y1=num(a[1] * SCALE),
            x2=num(b[0] * SCALE),
            y2=num(b[1] * SCALE),
            stroke=COAST,
            stroke_width=2.2,
            stroke_linecap="round",
        )
    marks = group(layer, id="next-scoring")
    for i in sorted(marked):
        shape = [_xy(q) for q in geo.shapes[i]]
        sub(
            marks,
            "path",
            d=path_d(shape),
            fill="none",
            stroke=MARK,
            stroke_width=3.2,
            stroke_dasharray="7 4",
            stroke_linejoin="round",
        )
    for i, p in enumerate(board.provinces):
        _draw_province(layer, pos, geo, i)
        if p.port:
            _draw_port(layer, pos, geo, i)
    _draw_spaces(layer, pos, geo)


def _hexagon(parent: ET.Element, x: float, y: float, r: float) -> None:
    points = [
        (x + r * math.cos(math.pi / 6 + k * math.pi / 3), y + r * math.sin(math.pi / 6 + k * math.pi / 3))
        for k in range(6)
    ]
    sub(parent, "path", d=path_d(points), fill=HEXAGON, stroke="#6d6d6d", stroke_width=0.7)


def _draw_province(layer: ET.Element, pos: Position, geo: BoardGeometry, i: int) -> None:
    board = pos.board
    p = board.provinces[i]
    x, y = _xy(geo.labels[i])
    g = group(layer, class_="province", id=f"province-{p.id}")
    text(g, x, y - 17, p.name, LABEL_PX, weight="bold")
    # The value as white hexagons (K-SCORE-2), as the board prints it.
    r = 3.6
    n = p.value
    for k in range(n):
        _hexagon(g, x + (k - (n - 1) / 2) * (2 * r + 1.2), y - 6, r)
    tile = pos.tiles[i]
    if tile is not None:
        text(g, x, y + 5, tile, SMALL_PX, fill="#3d3d3d")
    figures = []
    for s, player in enumerate(pos.players):
        colour = COLOURS[s]
        figures += [("abbot", colour)] * (player.abbot == i)
        figures += [("village", colour)] * player.villages[i]
        figures += [("villager", colour)] * player.villagers[i]
    per_row = 4 if len(figures) > 4 else max(len(figures), 1)
    step = FIGURE * 1.45
    for k, (kind, colour) in enumerate(figures):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(figures) - row * per_row)
        fx = x + (col - (in_row - 1) / 2) * step
        fy = y + 18 + row * step
        _figure(g, kind, colour, fx, fy)


def _figure(parent: ET.Element, kind: str, colour: str, x: float, y: float) -> None:
    fill, edge = PLAYER_FILL[colour], PLAYER_EDGE[colour]
    h = FIGURE / 2
    if kind == "villager":
        sub(
            parent,
            "circle",
            cx=num(x),
            cy=num(y),
            r=num(h * 0.95),
            fill=fill,
            stroke=edge,
            stroke_width=1.1,
            class_="villager",
        )
    elif kind == "village":
        pts = [(x - h, y + h), (x - h, y - h * 0.2), (x, y - h * 1.2), (x + h, y - h * 0.2), (x + h, y + h)]
        sub(parent, "path", d=path_d(pts), fill=fill, stroke=edge, stroke_width=1.1, class_="village")
    else:  # the abbot: a tall mitre
        pts = [
            (x - h * 0.8, y + h),
            (x - h * 0.8, y - h * 0.4),
            (x, y - h * 1.4),
            (x + h * 0.8, y - h * 0.4),
            (x + h * 0.8, y + h),
        ]
        sub(parent, "path", d=path_d(pts), fill=fill, stroke=edge, stroke_width=1.4, class_="abbot")
        sub(
            parent,
            "line",
            x1=num(x),
            y1=num(y - h * 0.9),
            x2=num(x),
            y2=num(y + h * 0.6),
            stroke=PLAYER_INK[colour],
            stroke_width=1,
        )


def _draw_port(layer: ET.Element, pos: Position, geo: BoardGeometry, i: int) -> None:
    x, y = _xy(geo.ports[i])
    g = group(layer, class_="port", id=f"port-{pos.board.provinces[i].id}")
    # The captain's wheel that marks a port.
    sub(g, "circle", cx=num(x), cy=num(y), r=7, fill="#ffffff", stroke="#1d3557", stroke_width=1.4)
    for k in range(4):
        a = k * math.pi / 4
        sub(
            g,
            "line",
            x1=num(x - 9 * math.cos(a)),
            y1=num(y - 9 * math.sin(a)),
            x2=num(x + 9 * math.cos(a)),
            y2=num(y + 9 * math.sin(a)),
            stroke="#1d3557",
            stroke_width=1.2,
        )
    sub(g, "circle", cx=num(x), cy=num(y), r=2.2, fill="#1d3557")
    ships = [COLOURS[s] for s, p in enumerate(pos.players) if i in p.ships]
    for k, colour in enumerate(ships):
        _ship(g, colour, x + 17 + k * 20, y)


def _ship(parent: ET.Element, colour: str, x: float, y: float) -> None:
    pts = [(x - 9, y - 1), (x + 9, y - 1), (x + 6, y + 5), (x - 6, y + 5)]
    sub(
        parent,
        "path",
        d=path_d(pts),
        fill=PLAYER_FILL[colour],
        stroke=PLAYER_EDGE[colour],
        stroke_width=1.1,
        class_="ship",
    )
    sail = [(x - 1, y - 2), (x - 1, y - 11), (x + 6, y - 3)]
    sub(parent, "path", d=path_d(sail), fill=PLAYER_FILL[colour], stroke=PLAYER_EDGE[colour], stroke_width=1.0)


def _draw_spaces(layer: ET.Element, pos: Position, geo: BoardGeometry) -> None:
    g = group(layer, id="fort-spaces")
    scored = pos.scored_space
    for n, space in enumerate(pos.board.spaces):
        x, y = _xy(geo.spaces[n])
        owner = pos.forts[n]
        if n + 1 == scored:
            sub(g, "circle", cx=num(x), cy=num(y), r=num(FORT_SPACE_R + 4), fill="none", stroke=MARK, stroke_width=3)
        if owner is None:
            sub(
                g,
                "circle",
                cx=num(x),
                cy=num(y),
                r=num(FORT_SPACE_R),
                fill="#fdfdf8",
                stroke="#555555",
                stroke_width=1.2,
            )
            text(g, x, y, str(space.number), SMALL_PX, weight="bold", halo=None)
        else:
            colour = COLOURS[owner]
            r = FORT_SPACE_R
            tower = [
                (x - r, y + r),
                (x - r, y - r),
                (x - r / 3, y - r),
                (x - r / 3, y - r * 0.55),
                (x + r / 3, y - r * 0.55),
                (x + r / 3, y - r),
                (x + r, y - r),
                (x + r, y + r),
            ]
            sub(
                g,
                "path",
                d=path_d(tower),
                fill=PLAYER_FILL[colour],
                stroke=PLAYER_EDGE[colour],
                stroke_width=1.3,
                class_="fort",
            )
            text(g, x, y + 2, str(space.number), SMALL_PX * 0.9, weight="bold", fill=PLAYER_INK[colour], halo=None)


def _draw_row(root: ET.Element, pos: Position, x: float, y: float) -> None:
    g = group(root, id="fort-cards")
    text(g, x, y + FORT_CARD_H / 2, "Fort cards", TEXT_PX, anchor="start", weight="bold")
    cx = x + 82
    for k, number in enumerate(pos.row):
        face_up = k < pos.face_up
        edge = MARK if k == 0 and face_up else "#555555"
        sub(
            g,
            "rect",
            x=num(cx),
            y=num(y),
            width=FORT_CARD_W,
            height=FORT_CARD_H,
            rx=3,
            fill="#fffdf3" if face_up else "#8a6d4b",
            stroke=edge,
            stroke_width=2.4 if k == 0 and face_up else 1,
        )
        if face_up:
            text(g, cx + FORT_CARD_W / 2, y + FORT_CARD_H / 2, str(number), 15, weight="bold", halo=None)
            text(
                g,
                cx + FORT_CARD_W / 2,
                y + FORT_CARD_H + 9,
                "next" if k == 0 else "then",
                SMALL_PX,
                fill=MARK if k == 0 else FAINT_INK,
            )
        cx += FORT_CARD_W + 5
    note = f"{len(pos.row) - pos.face_up} face down; pile {len(pos.pile)}; {pos.scorings} scored"
    text(g, cx + 8, y + FORT_CARD_H / 2, note, TEXT_PX, anchor="start", fill=FAINT_INK)


def _draw_players(root: ET.Element, pos: Position, x: float, y: float) -> None:
    g = group(root, id="players")
    for s, player in enumerate(pos.players):
        colour = COLOURS[s]
        top = y + s * (PANEL_ROW * 2 + 8)
        moving = s == pos.to_move and pos.phase != "over"
        sub(
            g,
            "rect",
            x=num(x - 6),
            y=num(top - 4),
            width=num(6 + 132),
            height=num(PANEL_ROW * 2),
            rx=6,
            fill=PLAYER_FILL[colour],
            stroke=MARK if moving else PLAYER_EDGE[colour],
            stroke_width=3 if moving else 1.2,
        )
        text(
            g,
            x + 4,
            top + 10,
            colour + (" to move" if moving else ""),
            TEXT_PX,
            anchor="start",
            weight="bold",
            fill=PLAYER_INK[colour],
            halo=None,
        )
        text(
            g,
            x + 4,
            top + 32,
            f"{player.score} points",
            TEXT_PX + 2,
            anchor="start",
            weight="bold",
            fill=PLAYER_INK[colour],
            halo=None,
        )
        cx = x + 142
        for card in CARDS:
            played = card in player.table
            _card(g, card, cx, top, played, colour)
            cx += CARD_W + 4
        words = f"in supply: {supply_words(pos, s)}; tiles harvested: {tiles_words(player)}"
        text(g, x + 142, top + CARD_H + 15, words, SMALL_PX + 0.5, anchor="start", fill=INK)


def _card(parent: ET.Element, card: str, x: float, y: float, played: bool, colour: str) -> None:
    """A character card: held cards plain, played cards (on the table) in the player's colour."""
    fill = PLAYER_FILL[colour] if played else "#ffffff"
    ink = PLAYER_INK[colour] if played else INK
    sub(
        parent,
        "rect",
        x=num(x),
        y=num(y),
        width=CARD_W,
        height=CARD_H,
        rx=3,
        fill=fill,
        stroke=PLAYER_EDGE[colour],
        stroke_width=1.1,
        stroke_dasharray=None if played else "3 2",
    )
    text(
        parent,
        x + CARD_W / 2,
        y + CARD_H / 2,
        card,
        SMALL_PX + 0.5,
        fill=ink,
        halo=None,
        weight="bold" if played else None,
    )
