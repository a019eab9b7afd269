"""A position as an SVG picture a person can solve from: the board, the seats' sides, a key.

`render_svg` is a pure function of the position (and optional highlights): the same input
gives the same bytes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..actions import Action, PlaceTile
from ..common.render.colours import FAINT_INK, INK
from ..common.render.svgdoc import SVG_NS, group, serialise, sub, text
from ..common.render.svgdoc import num as _n
from ..effects import apply
from ..position import Position
from ..premise import Revealed
from ..rules import why_illegal
from .board_layer import BoardPainter
from .highlight import Highlights, draw_highlights, highlight_slots
from .layout import Frame
from .legend import draw_legend, legend_height
from .next_tile import NextTile, next_tile, with_next_tile
from .style import DOCK_LABEL_PX, MARGIN_PX, PANEL_W_PX, RIM_LABEL_PX, TEXT_PX, TITLE_PX
from .words import title_line

TITLE_H = 44.0
NOTE_H = 22.0
BANNER_H = 30.0


def render_svg(
    pos: Position,
    highlights: Highlights | None = None,
    key: bool = True,
    notes: tuple[str, ...] = (),
    label_px: float = DOCK_LABEL_PX,
    open_slots: bool = True,
    revealed: Revealed | None = None,
) -> str:
    """The position as an SVG document; `key=False` leaves out the side panel. `notes` are
    lines written under the title: for a puzzle, what it asks (its goal and horizon).
    `label_px` sizes the dock names (a printed page wants them larger); `open_slots=False`
    frames the placed tiles only (the empty slots round them matter only to a tile placement);
    a puzzle's premise (`revealed`) is listed in the panel, top of each pile first."""
    return serialise(paint(pos, highlights, key, notes, label_px, open_slots, revealed)[0])


def render_panel(
    pos: Position, parts: tuple[str, ...], highlights: Highlights | None = None, revealed: Revealed | None = None
) -> str:
    """Some parts of the side panel (`legend.PARTS`: "key", "revealed", a seat, "market") as an SVG
    of their own, for a page that lays them out beside or under a picture drawn with `key=False`."""
    hl = highlights if highlights is not None else Highlights()
    height = draw_legend(ET.Element("g"), pos, hl, revealed, parts)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "width": _n(PANEL_W_PX),
            "height": _n(height),
            "viewBox": f"0 0 {_n(PANEL_W_PX)} {_n(height)}",
            "font-family": "sans-serif",
        },
    )
    draw_legend(group(root, class_="key"), pos, hl, revealed, parts)
    return serialise(root)


def board_size(
    pos: Position, highlights: Highlights | None = None, notes: tuple[str, ...] = (), open_slots: bool = True
) -> tuple[float, float]:
    """Width and height, in SVG user units, of the picture `render_svg(..., key=False)` draws."""
    hl = highlights if highlights is not None else Highlights()
    frame, _ = _frame(board_position(pos, hl.line, next_tile(pos, hl.line)), hl, notes, open_slots)
    return frame.width + 2 * MARGIN_PX, frame.top + frame.height + MARGIN_PX + BANNER_H


def _frame(pos: Position, hl: Highlights, notes: tuple[str, ...], open_slots: bool = True) -> tuple[Frame, float]:
    """The board's frame (of the position after the line's tile placement) and the height of the
    title and notes above it."""
    slots = sorted({*pos.board.filled, *(pos.board.open_slots if open_slots else ()), *highlight_slots(hl)})
    head = TITLE_H + NOTE_H * len(notes)
    return Frame.around(slots, left=MARGIN_PX, top=head + BANNER_H + MARGIN_PX), head


def paint(
    pos: Position,
    highlights: Highlights | None = None,
    key: bool = True,
    notes: tuple[str, ...] = (),
    label_px: float = DOCK_LABEL_PX,
    open_slots: bool = True,
    revealed: Revealed | None = None,
) -> tuple[ET.Element, BoardPainter]:
    """The picture as an element tree, and the painter that drew its board (which knows where
    everything is: render/overlay.py draws lines over a picture with it).

    A line that starts with its tile placement is drawn on the board after it: the tile
    lies in its slot, outlined as action 1, and the later arrows run over its routes. A line of
    two turns lays its second turn's tile too, with the cubes its placement lays (next_tile.py),
    and the panel says where that tile came from and whether a player could know it. The
    title, the seats' sides and the panel still describe `pos` (its phase, the tile in hand):
    the picture is of the position given, with the line drawn on it."""
    hl = highlights if highlights is not None else Highlights()
    later = next_tile(pos, hl.line, revealed)
    board_pos = board_position(pos, hl.line, later)
    frame, head = _frame(board_pos, hl, notes, open_slots)
    board_w, board_h = frame.width + 2 * MARGIN_PX, frame.top + frame.height + MARGIN_PX + BANNER_H
    width = board_w + (PANEL_W_PX if key else 0.0)
    height = max(board_h, head + legend_height(pos, hl, revealed, later) + 20.0 if key else 0.0)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "width": _n(width),
            "height": _n(height),
            "viewBox": f"0 0 {_n(width)} {_n(height)}",
            "font-family": "sans-serif",
        },
    )
    title = sub(root, "title")
    title.text = f"Akrotiri position: {title_line(pos)}"
    sub(root, "rect", class_="background", x=0, y=0, width=_n(width), height=_n(height), fill="#ffffff")
    text(
        root, 16.0, TITLE_H / 2 + 2, title_line(pos), TITLE_PX, anchor="start", weight="bold", halo=None, class_="title"
    )
    for i, note in enumerate(notes):
        y = TITLE_H + NOTE_H * i + NOTE_H / 2 - 4
        text(root, 16.0, y, note, TEXT_PX, anchor="start", weight="bold" if i else None, halo=None, class_="note")

    painter = BoardPainter(board_pos, frame, label_px)
    board = group(root, class_="board")
    painter.draw_slots(board)
    painter.draw_routes(board)
    painter.draw_land(board)
    painter.draw_tile_edges(board)
    painter.draw_ports(board)
    painter.draw_icons(board)
    painter.draw_docks(board)
    painter.draw_temples(board)
    painter.draw_cubes(board)
    painter.draw_boats(board)
    draw_highlights(board, painter, hl, later)
    painter.draw_dock_labels(board)
    _draw_rim(root, frame)
    _draw_seat_sides(root, pos, frame, board_w)
    if key:
        panel = group(root, class_="key", transform=f"translate({_n(board_w)} {_n(head)})")
        draw_legend(panel, pos, hl, revealed, next_tile=later)
    return root, painter


def board_position(pos: Position, line: tuple[Action, ...], later: NextTile | None) -> Position:
    """The position whose board the picture draws: after the line's first tile placement, with
    the second turn's tile (`later`) laid too."""
    return with_next_tile(after_placement(pos, line), later)


def after_placement(pos: Position, line: tuple[Action, ...]) -> Position:
    """The position after the line's first action when that is a legal tile placement
    (R-TILE-1, R-TILE-2), else the position itself."""
    if line and isinstance(line[0], PlaceTile) and why_illegal(pos, line[0]) is None:
        return apply(pos, line[0])
    return pos


def _draw_rim(root: ET.Element, frame: Frame) -> None:
    """Slot coordinates round the board: x along the top and bottom, y down both sides."""
    g = group(root, class_="rim")
    size = RIM_LABEL_PX
    top, bottom = frame.top - MARGIN_PX / 2, frame.top + frame.height + MARGIN_PX / 2
    left, right = frame.left - MARGIN_PX / 2, frame.left + frame.width + MARGIN_PX / 2
    for x in range(frame.x0, frame.x1 + 1):
        cx = frame.px((x + 0.5, 0.0))[0]
        text(g, cx, top, f"x {x}", size, fill=FAINT_INK, halo=None, weight="bold")
        text(g, cx, bottom, f"x {x}", size, fill=FAINT_INK, halo=None, weight="bold")
    for y in range(frame.y0, frame.y1 + 1):
        cy = frame.px((0.0, y + 0.5))[1]
        text(g, left, cy, f"y {y}", size, fill=FAINT_INK, halo=None, weight="bold")
        text(g, right, cy, f"y {y}", size, fill=FAINT_INK, halo=None, weight="bold")


def _draw_seat_sides(root: ET.Element, pos: Position, frame: Frame, board_w: float) -> None:
    """Where each seat sits and which way is "above" for it (R-GEO-10)."""
    g = group(root, class_="seat-sides")
    mid = board_w / 2
    north_y = frame.top - MARGIN_PX - BANNER_H / 2
    south_y = frame.top + frame.height + MARGIN_PX + BANNER_H / 2
    lines = {
        "north": (north_y, "\u25bc NORTH seat sits here \u00b7 for north, above = down the page (\u2212y), left = +x"),
        "south": (south_y, "\u25b2 SOUTH seat sits here \u00b7 for south, above = up the page (+y), left = \u2212x"),
    }
    for seat, (y, words) in lines.items():
        if pos.to_move == seat and pos.phase != "over":
            words += "  \u00b7 to move"
        text(g, mid, y, words, TEXT_PX, weight="bold", fill=INK, halo=None, class_="seat-side", data_seat=seat)
