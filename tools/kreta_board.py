"""Make Kreta's default board (reconstructed): akrotiri_puzzles/kreta/data/board.yaml.

The rulebook gives the counts (16 provinces: 2 yellow, 8 green, 6 brown; 26 fort spaces; ports)
and one example (fort space 2 touches 1 brown and 2 green provinces), but no map. This script
draws a map of Crete that satisfies every stated fact, and writes it as board data: the
provinces (colour, port, value, outline), the adjacency read off the outlines, and the fort
spaces at points where 2 to 4 provinces meet. The board file is checked by the same validator
a user's board goes through (`akrotiri-puzzle kreta board FILE`).

The island is long east-west (1000 x 260 units, about 4:1). Most provinces lie in a north and a
south row that meet along a middle line; three interior provinces (the White Mountains, Ida and
the Lasithi plateau) are lenses on that line; Kissamos and Sitia span the island at its ends.
One point is a 4-way meeting (Heraklion, Pediada, Dikti, Asterousia), so that the rule "no
diagonal step across a round fort space" (K-CMD-2) matters on the default board.

    .venv/bin/python tools/kreta_board.py > akrotiri_puzzles/kreta/data/board.yaml
"""

from __future__ import annotations

import itertools
import math
import sys

import yaml

W = 1000.0
STEP = 9.0

# Provinces: id, name, colour, port. Rows: "n" north, "s" south, "i" interior (a lens), "w"/"e" ends.
PROVINCES = [
    ("kissamos", "Kissamos", "green", True),
    ("chania", "Chania", "green", True),
    ("lefka-ori", "Lefka Ori", "brown", False),
    ("sfakia", "Sfakia", "brown", True),
    ("rethymno", "Rethymno", "green", True),
    ("ida", "Ida", "brown", False),
    ("milopotamos", "Milopotamos", "green", False),
    ("messara", "Messara", "yellow", True),
    ("heraklion", "Heraklion", "green", True),
    ("asterousia", "Asterousia", "brown", False),
    ("pediada", "Pediada", "green", False),
    ("lasithi", "Lasithi", "yellow", False),
    ("dikti", "Dikti", "brown", False),
    ("mirabello", "Mirabello", "green", True),
    ("thripti", "Thripti", "brown", True),
    ("sitia", "Sitia", "green", False),
]

# The north row: (province, west border x at the coast, x inland, east border x at the coast, x inland).
NORTH = [
    ("chania", (110, 110), (312, 300)),
    ("rethymno", (312, 300), (446, 436)),
    ("milopotamos", (446, 436), (548, 532)),
    ("heraklion", (548, 532), (664, 652)),
    ("pediada", (664, 652), (735, 742)),
    ("mirabello", (735, 742), (880, 880)),
]
SOUTH = [
    ("sfakia", (110, 110), (350, 332)),
    ("messara", (350, 332), (578, 572)),
    ("asterousia", (578, 572), (648, 652)),
    ("dikti", (648, 652), (812, 808)),
    ("thripti", (812, 808), (880, 880)),
]
LENSES = [("lefka-ori", 152, 262, 44), ("ida", 376, 502, 46), ("lasithi", 690, 768, 36)]

# Half the island's width along it (before the coasts' waves), east of the west tip.
HALF = [
    (0, 0),
    (8, 38),
    (40, 62),
    (110, 80),
    (250, 92),
    (400, 98),
    (550, 104),
    (650, 100),
    (760, 84),
    (800, 68),
    (880, 70),
    (950, 52),
    (992, 30),
    (1000, 0),
]


CRITICAL = {float(x) for _, w, e in NORTH + SOUTH for x in (*w, *e)} | {
    float(x) for _, a, b, _ in LENSES for x in (a, b)
}
"""Where borders meet the coast or the middle line: every line along the island passes through them."""


def interp(table: list[tuple[float, float]], x: float) -> float:
    for (x0, y0), (x1, y1) in itertools.pairwise(table):
        if x0 <= x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return table[-1][1]


def centre(x: float) -> float:
    return 132 + 10 * math.sin(x / 140) + 6 * math.sin(x / 61 + 0.5)


def north_coast(x: float) -> float:
    return (
        centre(x) - interp(HALF, x) - (7 * math.sin(x / 23) + 5 * math.sin(x / 11 + 1)) * min(1, interp(HALF, x) / 40)
    )


def south_coast(x: float) -> float:
    return (
        centre(x) + interp(HALF, x) + (6 * math.sin(x / 31 + 2) + 3 * math.sin(x / 14)) * min(1, interp(HALF, x) / 40)
    )


def middle(x: float) -> float:
    return centre(x) + 9 * math.sin(x / 47) + 5


def lens_at(x: float) -> tuple[str, float, float, float] | None:
    for name, a, b, h in LENSES:
        if a <= x <= b:
            return name, a, b, h
    return None


def floor_north(x: float) -> float:
    """The southern edge of the north row: the middle line, or a lens's top arc."""
    lens = lens_at(x)
    if lens is None:
        return middle(x)
    _, a, b, h = lens
    return middle(x) - h * math.sin(math.pi * (x - a) / (b - a))


def ceiling_south(x: float) -> float:
    lens = lens_at(x)
    if lens is None:
        return middle(x)
    _, a, b, h = lens
    return middle(x) + h * math.sin(math.pi * (x - a) / (b - a))


Point = tuple[float, float]


def pt(x: float, y: float) -> Point:
    return (round(x, 1), round(y, 1))


def run(f, xa: float, xb: float) -> list[Point]:
    """Points of y = f(x) from xa to xb (either direction) on the shared grid, both ends included."""
    lo, hi = min(xa, xb), max(xa, xb)
    grid = {i * STEP for i in range(math.ceil(lo / STEP), math.floor(hi / STEP) + 1)} | CRITICAL
    xs = [lo, *sorted(x for x in grid if lo < x < hi), hi]
    pts = [pt(x, f(x)) for x in xs]
    return pts if xa <= xb else pts[::-1]


def border(top: Point, bottom: Point) -> list[Point]:
    """A border line between two points, with one bend so that it does not look ruled."""
    (x0, y0), (x1, y1) = top, bottom
    mx = (x0 + x1) / 2 + 4 * math.sin(x0)
    return [top, pt(mx, (y0 + y1) / 2), bottom]


def dedupe(points: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in points:
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def shapes() -> dict[str, list[Point]]:
    """Each province's outline, every shared border drawn through the same points."""
    out: dict[str, list[Point]] = {}
    for name, (wc, wi), (ec, ei) in NORTH:
        west = border(pt(wc, north_coast(wc)), pt(wi, floor_north(wi)))
        east = border(pt(ec, north_coast(ec)), pt(ei, floor_north(ei)))
        out[name] = dedupe(run(north_coast, wc, ec) + east + run(floor_north, ei, wi) + west[::-1])
    for name, (wc, wi), (ec, ei) in SOUTH:
        west = border(pt(wi, ceiling_south(wi)), pt(wc, south_coast(wc)))
        east = border(pt(ei, ceiling_south(ei)), pt(ec, south_coast(ec)))
        out[name] = dedupe(run(ceiling_south, wi, ei) + east + run(south_coast, ec, wc) + west[::-1])
    for name, a, b, _ in LENSES:
        out[name] = dedupe(run(floor_north, a, b) + run(ceiling_south, b, a))
    # The ends: a border from coast to coast through the middle line's end.
    wn, wm, ws = pt(110, north_coast(110)), pt(110, middle(110)), pt(110, south_coast(110))
    west = border(wn, wm)[:-1] + border(wm, ws)
    out["kissamos"] = dedupe(run(north_coast, 0, 110) + west + run(south_coast, 110, 0))
    en, em, es = pt(880, north_coast(880)), pt(880, middle(880)), pt(880, south_coast(880))
    east = border(en, em)[:-1] + border(em, es)
    out["sitia"] = dedupe(run(north_coast, 880, W) + run(south_coast, W, 880) + east[::-1])
    return out


def edges(poly: list[Point]) -> set[frozenset[Point]]:
    return {frozenset((poly[i], poly[(i + 1) % len(poly)])) for i in range(len(poly))}


def main() -> None:
    outline = shapes()
    names = [p[0] for p in PROVINCES]
    assert sorted(outline) == sorted(names), sorted(set(names) ^ set(outline))
    edge_sets = {n: edges(outline[n]) for n in names}
    adjacency = sorted(
        tuple(sorted((a, b))) for i, a in enumerate(names) for b in names[i + 1 :] if edge_sets[a] & edge_sets[b]
    )
    # Points where provinces meet: a vertex of two or more outlines that is the end of a border
    # (a vertex shared by 3+ outlines, or by 2 outlines and the coast).
    shared_edges = {e for n in names for e in edge_sets[n] if sum(e in edge_sets[m] for m in names) == 2}
    coast_edges = {e for n in names for e in edge_sets[n]} - shared_edges
    at: dict[Point, list[str]] = {}
    for n in names:
        for p in outline[n]:
            at.setdefault(p, []).append(n)
    points = []
    for p, where in at.items():
        on_coast = any(p in e for e in coast_edges)
        if len(where) >= 3 or (len(where) == 2 and on_coast):
            points.append((p, where))
    points.sort(key=lambda item: (item[0][0], item[0][1]))
    dropped = {("kissamos", "sfakia"), ("milopotamos", "rethymno"), ("dikti", "thripti")}
    spaces = [(p, where) for p, where in points if tuple(sorted(where)) not in dropped]
    assert len(spaces) == 26, len(spaces)
    doc = {
        "format": "kreta-board/1",
        "name": "Crete (reconstructed)",
        "reconstructed": True,
        "note": (
            "Reconstructed by tools/kreta_board.py: the rulebook gives the counts and the example of fort "
            "space 2 (1 brown, 2 green provinces), not the map. Give the real board as a file in this format."
        ),
        "size": [W, 260.0],
        "provinces": [],
        "adjacency": [list(pair) for pair in adjacency],
        "fort_spaces": [],
    }
    coastal = {n for n in names if edge_sets[n] & coast_edges}
    for pid, name, colour, port in PROVINCES:
        value = {"brown": 2, "green": 3, "yellow": 4}[colour] + (2 if port else 0)
        entry = {"id": pid, "name": name, "colour": colour, "coast": pid in coastal, "port": port, "hexagons": value}
        entry["shape"] = [list(p) for p in outline[pid]]
        entry["label_at"] = list(label_point(pid))
        if port:
            entry["port_at"] = list(port_point(pid, outline[pid], coast_edges))
        doc["provinces"].append(entry)
    order = {n: i for i, n in enumerate(names)}
    for number, (p, where) in enumerate(spaces, start=1):
        ring = around(p, where, outline)
        doc["fort_spaces"].append({"number": number, "provinces": ring, "at": list(p)})
    del order
    yaml.safe_dump(doc, sys.stdout, sort_keys=False, width=140, default_flow_style=None)


def around(p: Point, where: list[str], outline: dict[str, list[Point]]) -> list[str]:
    """The provinces at a point in order round it (by the angle to each outline's centre near p)."""

    def angle(name: str) -> float:
        poly = outline[name]
        i = poly.index(p)
        a, b = poly[i - 1], poly[(i + 1) % len(poly)]
        mx, my = (a[0] + b[0]) / 2 - p[0], (a[1] + b[1]) / 2 - p[1]
        return math.atan2(my, mx)

    return sorted(where, key=angle)


def label_point(pid: str) -> Point:
    """Where a province's name is written: the middle of its row between its borders."""
    for name, (wc, wi), (ec, ei) in NORTH:
        if name == pid:
            x = (wc + wi + ec + ei) / 4
            return pt(x, (north_coast(x) + floor_north(x)) / 2)
    for name, (wc, wi), (ec, ei) in SOUTH:
        if name == pid:
            x = (wc + wi + ec + ei) / 4
            return pt(x, (south_coast(x) + ceiling_south(x)) / 2)
    for name, a, b, _ in LENSES:
        if name == pid:
            x = (a + b) / 2
            return pt(x, middle(x))
    x = 52.0 if pid == "kissamos" else 945.0
    return pt(x, centre(x))


def port_point(pid: str, poly: list[Point], coast_edges: set[frozenset[Point]]) -> Point:
    """Out at sea from the middle of the province's coast."""
    coast = [p for i, p in enumerate(poly) if frozenset((p, poly[(i + 1) % len(poly)])) in coast_edges]
    mid = coast[len(coast) // 2]
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    dx, dy = mid[0] - cx, mid[1] - cy
    norm = math.hypot(dx, dy) or 1
    return pt(mid[0] + 20 * dx / norm, mid[1] + 20 * dy / norm)


if __name__ == "__main__":
    main()
