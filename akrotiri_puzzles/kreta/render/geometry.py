"""Where the board is drawn: the outlines, labels, ports and fort spaces read from the board data,
or, for a board file without geometry, a schematic layout (each province a disc placed by a
seeded spring layout of the adjacency, each fort space between its provinces)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from ..board import Board, Point


@dataclass(frozen=True)
class BoardGeometry:
    """Board-unit coordinates of everything drawn."""

    width: float
    height: float
    shapes: tuple[tuple[Point, ...], ...]
    labels: tuple[Point, ...]
    ports: dict[int, Point]
    spaces: tuple[Point, ...]
    coast: tuple[tuple[Point, Point], ...]
    """Outline edges no other province shares: the coast."""


@cache
def board_geometry(board: Board) -> BoardGeometry:
    """The geometry of a board (computed once per board)."""
    if all(p.shape for p in board.provinces) and all(s.at is not None for s in board.spaces):
        return _from_data(board)
    return _schematic(board)


def _centre(shape: tuple[Point, ...]) -> Point:
    return sum(x for x, _ in shape) / len(shape), sum(y for _, y in shape) / len(shape)


def _coast(shapes: tuple[tuple[Point, ...], ...]) -> tuple[tuple[Point, Point], ...]:
    seen: dict[frozenset[Point], int] = {}
    edges: list[tuple[Point, Point]] = []
    for shape in shapes:
        for k, a in enumerate(shape):
            b = shape[(k + 1) % len(shape)]
            key = frozenset((a, b))
            seen[key] = seen.get(key, 0) + 1
            edges.append((a, b))
    return tuple(e for e in edges if seen[frozenset(e)] == 1)


def _from_data(board: Board) -> BoardGeometry:
    shapes = tuple(p.shape for p in board.provinces)
    xs = [x for s in shapes for x, _ in s]
    ys = [y for s in shapes for _, y in s]
    width, height = board.size or (max(xs) + 10, max(ys) + 10)
    labels = tuple(p.label_at or _centre(p.shape) for p in board.provinces)
    ports = {}
    for i, p in enumerate(board.provinces):
        if p.port:
            ports[i] = p.port_at or _centre(p.shape)
    spaces = tuple(s.at or (0.0, 0.0) for s in board.spaces)
    return BoardGeometry(width, height, shapes, labels, ports, spaces, _coast(shapes))


def _schematic(board: Board) -> BoardGeometry:
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(len(board.provinces)))
    graph.add_edges_from(tuple(pair) for pair in board.adjacency)
    layout = nx.spring_layout(graph, seed=1, k=1.2)
    width, height, radius = 1000.0, 420.0, 48.0
    xs = [float(v[0]) for v in layout.values()]
    ys = [float(v[1]) for v in layout.values()]

    def place(i: int) -> Point:
        x = (float(layout[i][0]) - min(xs)) / ((max(xs) - min(xs)) or 1)
        y = (float(layout[i][1]) - min(ys)) / ((max(ys) - min(ys)) or 1)
        return round(80 + x * (width - 160), 1), round(70 + y * (height - 140), 1)

    centres = [place(i) for i in range(len(board.provinces))]
    shapes = tuple(
        tuple(
            (round(cx + radius * math.cos(k * math.pi / 8), 1), round(cy + radius * math.sin(k * math.pi / 8), 1))
            for k in range(16)
        )
        for cx, cy in centres
    )
    ports = {i: (c[0] + radius + 8, c[1] - radius + 8) for i, c in enumerate(centres) if board.provinces[i].port}
    spaces = tuple(
        (
            sum(centres[p][0] for p in s.provinces) / len(s.provinces),
            sum(centres[p][1] for p in s.provinces) / len(s.provinces),
        )
        for s in board.spaces
    )
    return BoardGeometry(width, height, shapes, tuple(centres), ports, spaces, ())
