"""Optional marks over the board: a line of actions as numbered arrows, an excavation site, a placed tile.

Ship steps follow the shipping routes they use (a shortest path in the route graph); portage
steps are dashed straight arrows across the island. Actions that do not move the boat get a
numbered note beside the dock where they happen.
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from ..actions import Action, EndTurn, Excavate, PlaceTile, Step
from ..common.render.svgdoc import group, num, path_d, sub, text, text_width
from ..geometry import Quad, Slot, format_quad, parse_quad
from ..graphs import route_graph
from ..teaching.lesson import Mark
from .board_layer import BoardPainter
from .layout import Vec, local
from .marks import draw_marks
from .next_tile import NextTile, without_next_tile
from .placer import box_at
from .style import HIGHLIGHT, SLOT_PX
from .tile_painter import top_mark

S = SLOT_PX
BADGE_R = 10.0
LANE = 9.0
"""How far apart two arrows along one route run (a route travelled twice, out and back)."""


@dataclass(frozen=True)
class Highlights:
    """What to mark over the board; everything is optional."""

    line: tuple[Action, ...] = ()
    """Actions of the seat to move, from the position shown, drawn as numbered arrows and notes."""
    site: Quad | None = None
    """An excavation site to ring."""
    placed: Slot | None = None
    """A tile just placed, to outline."""
    marks: tuple[Mark, ...] = ()
    """A lesson's labelled marks: docks, sites, islands, regions (render/marks.py). They are
    not part of the truth value, which says whether a line, site or tile is highlighted."""

    def __bool__(self) -> bool:
        return bool(self.line) or self.site is not None or self.placed is not None


def highlight_slots(hl: Highlights) -> list[Slot]:
    """Slots the highlights need shown, beyond the board's own."""
    slots = [a.slot for a in hl.line if isinstance(a, PlaceTile)]
    return slots + ([hl.placed] if hl.placed is not None else [])


def _defs(parent: ET.Element) -> None:
    defs = sub(parent, "defs")
    marker = sub(
        defs,
        "marker",
        id="arrowhead",
        viewBox="0 0 10 10",
        refX=7,
        refY=5,
        markerWidth=4.5,
        markerHeight=4.5,
        orient="auto-start-reverse",
    )
    sub(marker, "path", d="M0 0 L10 5 L0 10 Z", fill=HIGHLIGHT)


def _badge(parent: ET.Element, x: float, y: float, label: str) -> None:
    g = group(parent, class_="line-badge", data_step=label)
    sub(g, "circle", cx=x, cy=y, r=BADGE_R, fill=HIGHLIGHT, stroke="#ffffff", stroke_width=1.5)
    text(g, x, y, label, 13.0, weight="bold", fill="#ffffff", halo=None)


def _trim(points: list[Vec], start: float, end: float) -> list[Vec]:
    """A polyline shortened at both ends, so that arrows stop short of the dock markers."""
    pts = list(points)
    for index, cut in ((0, start), (-1, end)):
        other = pts[1] if index == 0 else pts[-2]
        x, y = pts[index]
        d = math.dist((x, y), other)
        if d > cut * 2:
            k = cut / d
            pts[index] = (x + (other[0] - x) * k, y + (other[1] - y) * k)
    return pts


def draw_highlights(parent: ET.Element, painter: BoardPainter, hl: Highlights, later: NextTile | None = None) -> None:
    """Draw the highlights over the board (before the dock labels, which keep clear of them).
    `later` is the line's second-turn tile, laid on the painter's board (next_tile.py): the
    first turn's steps sail without it, and its outline names it."""
    if hl.marks:
        draw_marks(parent, painter, hl.marks)
    if not hl:
        return
    g = group(parent, class_="highlights")
    _defs(g)
    if hl.placed is not None:
        _outline_slot(g, painter, hl.placed, "just placed")
    if hl.site is not None:
        _ring_site(g, painter, hl.site, "site")
    if hl.line:
        _draw_line(g, painter, hl.line, later)


def _outline_slot(g: ET.Element, painter: BoardPainter, slot: Slot, label: str, rotation: int | None = None) -> None:
    """A slot outlined, labelled; a placed tile's outline carries the mark of its printed top."""
    x, y = painter.px((slot[0], slot[1] + 1))
    if rotation is not None:
        top_mark(g, x, y, rotation, HIGHLIGHT)
    sub(
        g,
        "rect",
        class_="highlight-tile",
        x=x + 2,
        y=y + 2,
        width=S - 4,
        height=S - 4,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=4.0,
        rx=4.0,
    )
    w = text_width(label, 13.0, bold=True) + 10
    # On the slot's top edge, or its bottom edge when that covers less (e.g. a site ring); a
    # label wider than the slot may also start at its left edge or end at its right one (two
    # tiles placed side by side, each labelled).
    lefts = [x + S / 2 - w / 2] + ([x + 2, x + S - 2 - w] if w > S - 4 else [])
    spots = [(left, top) for left in lefts for top in (y - 1, y + S - 16)]
    box = painter.placer.place([(a, b, a + w, b + 17.0) for a, b in spots], segment_weight=0.0)
    sub(g, "rect", class_="highlight-tile-label", x=box[0], y=box[1], width=w, height=17.0, rx=3.0, fill=HIGHLIGHT)
    text(g, box[0] + w / 2, box[1] + 8.5, label, 13.0, weight="bold", fill="#ffffff", halo=None)


def _ring_site(g: ET.Element, painter: BoardPainter, site: Quad, label: str) -> None:
    x, y = painter.px(local(site, 0.2, 45.0))
    r = 0.2 * S
    sub(
        g,
        "circle",
        class_="highlight-site",
        data_site=format_quad(site),
        cx=x,
        cy=y,
        r=r,
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=3.5,
        stroke_dasharray="7 4",
    )
    if label:
        text(g, x, y - r - 8, label, 13.0, weight="bold", fill=HIGHLIGHT, class_="highlight-label")


def _dock_px(painter: BoardPainter, dock: str) -> Vec | None:
    if dock in painter.layout.dock_point:
        return painter.px(painter.layout.dock_point[dock])
    quad = parse_quad(dock)
    return None if quad is None else painter.px(local(quad, 0.36, 45.0))


def _draw_line(g: ET.Element, painter: BoardPainter, line: tuple[Action, ...], later: NextTile | None) -> None:
    """Numbered arrows for steps, notes for the other actions, in the order of the line."""
    import networkx as nx  # loaded only when a line is drawn

    pos = painter.pos
    dock = pos.hero.boat
    graph = route_graph(pos.board)
    # Before the second turn's tile is placed, the boat sails the routes without it.
    early = graph if later is None else route_graph(without_next_tile(pos.board, later))
    arrows = group(
        g,
        class_="line-arrows",
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=4.0,
        stroke_linecap="round",
        stroke_linejoin="round",
    )
    for action in line:
        if isinstance(action, Excavate):  # site rings first: the notes keep clear of them
            x, y = painter.px(local(action.site, 0.2, 45.0))
            painter.placer.take(box_at(x, y, 0.4 * S, 0.4 * S))
    lanes: dict[tuple[Vec, Vec], int] = {}  # arrows already along each stretch of route
    badges: list[Vec] = []
    for n, action in enumerate(line, start=1):
        label = str(n)
        routes = early if later is not None and n < later.step else graph
        if isinstance(action, Step):
            start, end = (_dock_px(painter, dock) if dock else None), _dock_px(painter, action.dock)
            if start is None or end is None:
                dock = action.dock
                continue
            points = [start, end]
            if (
                not action.portage
                and dock in routes
                and action.dock in routes
                and nx.has_path(routes, dock, action.dock)
            ):
                path = nx.shortest_path(routes, dock, action.dock)
                points = [painter.px(painter.layout.node_point(node)) for node in path]
            # A stretch travelled before (out and back, or twice) gets its own lane beside it.
            stretches = [_stretch(a, b) for a, b in itertools.pairwise(points)]
            lane = max((lanes.get(k, 0) for k in stretches), default=0)
            for k in stretches:
                lanes[k] = lane + 1
            points = _trim(_beside(points, lane * LANE), 9.0, 10.0)
            sub(
                arrows,
                "path",
                class_="line-step",
                data_step=label,
                d=path_d(points, close=False),
                marker_end="url(#arrowhead)",
                stroke_dasharray="8 6" if action.portage else None,
            )
            for a, b in itertools.pairwise(points):
                painter.placer.add_segment((a, b))
            at = _badge_spot(points, badges)
            badges.append(at)
            _badge(g, at[0], at[1], label)
            painter.placer.take(box_at(at[0], at[1], 2 * BADGE_R + 2, 2 * BADGE_R + 2))
            dock = action.dock
        elif isinstance(action, Excavate):
            _ring_site(g, painter, action.site, "")
            x, y = painter.px(local(action.site, 0.2, 45.0))
            # On the ring, where it covers least (an arrow ending there, another badge).
            d = 0.2 * S * 0.7
            spots = [box_at(x + dx * d, y + dy * d, 2 * BADGE_R, 2 * BADGE_R) for dx, dy in RING_SPOTS]
            box = painter.placer.place(spots, segment_weight=0.5)
            _badge(g, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, label)
        elif isinstance(action, PlaceTile):
            # The second turn's tile is named: the line's notation gives only where it goes.
            named = f" ({later.tile})" if later is not None and n == later.step else ""
            _outline_slot(g, painter, action.slot, f"{label}: {action}{named}", action.rotation)
        elif not isinstance(action, EndTurn) and dock is not None:
            _note(g, painter, dock, f"{label}: {action}")


def _note(g: ET.Element, painter: BoardPainter, dock: str, words: str) -> None:
    """A numbered note beside a dock, placed where it covers nothing."""
    at = _dock_px(painter, dock)
    if at is None:
        return
    w, h = text_width(words, 13.0, bold=True) + 10, 18.0
    spots = [box_at(at[0] + dx * (w / 2 + 14), at[1] + dy * 22, w, h) for dy in (-1, 1, -2, 2, 0) for dx in (1, -1)]
    box = painter.placer.place(spots, segment_weight=0.2)
    sub(g, "rect", class_="line-note", x=box[0], y=box[1], width=w, height=h, rx=4.0, fill=HIGHLIGHT)
    text(g, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, words, 13.0, weight="bold", fill="#ffffff", halo=None)


def _along(points: list[Vec], share: float) -> Vec:
    """The point a share of the way along a polyline (0.5: halfway)."""
    lengths = [math.dist(a, b) for a, b in itertools.pairwise(points)]
    left = sum(lengths) * share
    for (a, b), length in zip(itertools.pairwise(points), lengths, strict=True):
        if left <= length and length > 0:
            k = left / length
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        left -= length
    return points[-1]


RING_SPOTS = ((1, -1), (-1, -1), (1, 1), (-1, 1), (0, -1.4), (1.4, 0), (-1.4, 0), (0, 1.4))
"""Spots for an excavation's badge on its ring, in order of preference: up and right first."""

BADGE_SHARES = (0.5, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6, 0.12, 0.88)
"""Where along its arrow a step's badge may sit, in order of preference: halfway first."""


def _badge_spot(points: list[Vec], badges: list[Vec]) -> Vec:
    """Where a step's badge goes along its arrow: halfway, unless an earlier badge is there (a
    route travelled twice), then the first spot along the arrow clear of every earlier badge."""
    spots = [_along(points, share) for share in BADGE_SHARES]
    for spot in spots:
        if all(math.dist(spot, other) >= 2 * BADGE_R + 3 for other in badges):
            return spot
    return max(spots, key=lambda spot: min(math.dist(spot, other) for other in badges))


def _stretch(a: Vec, b: Vec) -> tuple[Vec, Vec]:
    """A stretch of route, whichever way it is travelled."""
    ka, kb = (round(a[0], 1), round(a[1], 1)), (round(b[0], 1), round(b[1], 1))
    return (ka, kb) if ka <= kb else (kb, ka)


def _beside(points: list[Vec], d: float) -> list[Vec]:
    """A polyline moved `d` to the left of its way (0: itself): a second lane along a route."""
    if not d or len(points) < 2:
        return list(points)
    normals = []
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b) or 1.0
        normals.append(((b[1] - a[1]) / length, -(b[0] - a[0]) / length))
    out = []
    for i, p in enumerate(points):
        around = normals[max(i - 1, 0) : i + 1]
        nx, ny = sum(n[0] for n in around), sum(n[1] for n in around)
        length = math.hypot(nx, ny) or 1.0
        out.append((p[0] + d * nx / length, p[1] + d * ny / length))
    return out


__all__ = ["Highlights", "draw_highlights", "highlight_slots", "num"]
