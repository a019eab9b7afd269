"""Every stated fact a board must satisfy (docs/kreta/components.md), checked the same way
for the default board and for a user's.

`board_problems` lists each broken fact as (dotted field, problem); the file reader raises the
first as one line. With geometry (every outline and fort space point given), the outlines must
also agree with the data: two provinces are adjacent exactly when their outlines share an edge,
a province is coastal exactly when its outline has an edge no other outline shares, and a fort
space is a vertex of exactly the outlines of its provinces.
"""

from __future__ import annotations

from .board import Board, Point
from .components import FORT_CARDS, PROVINCE_COUNTS

MIN_PORTS = 4
"""So that 2 players can place all 4 ships, 1 per port (K-ADM-2)."""
SPACE_TWO = {"brown": 1, "green": 2}
"""The rulebook's example: fort space 2 touches 1 brown and 2 green provinces."""

Problem = tuple[str, str]


def board_problems(board: Board) -> list[Problem]:
    """The stated facts the board breaks: the counts, then the graph, the fort spaces, the geometry."""
    problems: list[Problem] = []
    problems += _province_problems(board)
    if problems:
        return problems
    problems += _graph_problems(board)
    if not problems:
        problems += _space_problems(board)
    if not problems:
        problems += _geometry_problems(board)
    return problems


def _province_problems(board: Board) -> list[Problem]:
    out: list[Problem] = []
    provs = board.provinces
    total = sum(PROVINCE_COUNTS.values())
    if len(provs) != total:
        return [("provinces", f"expected {total} provinces (K-SET-2), got {len(provs)}")]
    seen: set[str] = set()
    for i, p in enumerate(provs):
        if p.id in seen:
            out.append((f"provinces.{i}.id", f"{p.id!r} appears twice"))
        seen.add(p.id)
        if p.hexagons != p.value:
            out.append(
                (
                    f"provinces.{i}.hexagons",
                    f"expected {p.value} ({p.colour}, port {p.port}: K-SCORE-2), got {p.hexagons}",
                )
            )
        if p.port and not p.coast:
            out.append((f"provinces.{i}.port", f"{p.id} has a port but no coast (ports are on the sea, K-SET-2)"))
    for colour, want in PROVINCE_COUNTS.items():
        got = sum(p.colour == colour for p in provs)
        if got != want:
            out.append(("provinces", f"expected {want} {colour} provinces (K-SET-2), got {got}"))
    ports = sum(p.port for p in provs)
    if ports < MIN_PORTS:
        out.append(
            ("provinces", f"expected at least {MIN_PORTS} ports (2 players place 4 ships, 1 per port), got {ports}")
        )
    return out


def _space_problems(board: Board) -> list[Problem]:
    out: list[Problem] = []
    if len(board.spaces) != FORT_CARDS:
        return [
            ("fort_spaces", f"expected {FORT_CARDS} fort spaces (one per fort card, K-SET-2), got {len(board.spaces)}")
        ]
    for i, space in enumerate(board.spaces):
        where = f"fort_spaces.{i}"
        if space.number != i + 1:
            out.append(
                (f"{where}.number", f"expected the spaces numbered 1 to {FORT_CARDS} in order, got {space.number}")
            )
            continue
        ring = space.provinces
        if not 2 <= len(ring) <= 4 or len(set(ring)) != len(ring):
            out.append((f"{where}.provinces", "a fort space touches 2 to 4 distinct provinces"))
            continue
        pairs = (
            [(ring[0], ring[1])] if len(ring) == 2 else [(ring[k], ring[(k + 1) % len(ring)]) for k in range(len(ring))]
        )
        for a, b in pairs:
            if frozenset((a, b)) not in board.adjacency:
                names = board.provinces[a].id, board.provinces[b].id
                out.append(
                    (
                        f"{where}.provinces",
                        f"{names[0]} and {names[1]} are next to each other round the space but not adjacent",
                    )
                )
    if not out:
        colours = [board.provinces[p].colour for p in board.spaces[1].provinces]
        if {c: colours.count(c) for c in colours} != SPACE_TWO:
            out.append(
                (
                    "fort_spaces.1.provinces",
                    f"fort space 2 touches 1 brown and 2 green provinces (rulebook), got {sorted(colours)}",
                )
            )
    touched = {p for s in board.spaces for p in s.provinces}
    for i, p in enumerate(board.provinces):
        if i not in touched:
            out.append((f"provinces.{i}", f"{p.id} touches no fort space, so it is never scored"))
    return out


def _graph_problems(board: Board) -> list[Problem]:
    import networkx as nx  # loaded when a board is read, not with the module (the command line's help)

    graph = nx.Graph()
    graph.add_nodes_from(range(len(board.provinces)))
    graph.add_edges_from(tuple(pair) for pair in board.adjacency)
    if not nx.is_connected(graph):
        parts = sorted(nx.connected_components(graph), key=len)
        lone = sorted(board.provinces[p].id for p in parts[0])
        return [("adjacency", f"the provinces are not connected: {', '.join(lone)} cannot be reached from the rest")]
    planar, _ = nx.check_planarity(graph)
    if not planar:
        return [("adjacency", "the adjacency cannot be drawn on a map (it is not planar)")]
    return []


def _edges(shape: tuple[Point, ...]) -> set[frozenset[Point]]:
    return {frozenset((shape[i], shape[(i + 1) % len(shape)])) for i in range(len(shape))}


def _geometry_problems(board: Board) -> list[Problem]:
    shapes = [p.shape for p in board.provinces]
    ats = [s.at for s in board.spaces]
    if not any(shapes) and all(a is None for a in ats):
        return []
    if not all(len(s) >= 3 for s in shapes) or any(a is None for a in ats):
        return [
            (
                "provinces",
                "give an outline (3 points or more) for every province and a point for every fort space, or none",
            )
        ]
    out: list[Problem] = []
    edges = [_edges(s) for s in shapes]
    n = len(shapes)
    for a in range(n):
        for b in range(a + 1, n):
            shared = bool(edges[a] & edges[b])
            if shared != (frozenset((a, b)) in board.adjacency):
                ids = board.provinces[a].id, board.provinces[b].id
                said = "adjacent" if not shared else "not adjacent"
                out.append(
                    (
                        "adjacency",
                        f"{ids[0]} and {ids[1]} are {said} in the data but their outlines {'do not ' if not shared else ''}share a border",
                    )
                )
    counted: dict[frozenset[Point], int] = {}
    for e in edges:
        for edge in e:
            counted[edge] = counted.get(edge, 0) + 1
    for i, p in enumerate(board.provinces):
        coastal = any(counted[e] == 1 for e in edges[i])
        if coastal != p.coast:
            out.append(
                (f"provinces.{i}.coast", f"{p.id}'s outline {'touches' if coastal else 'does not touch'} the sea")
            )
    for i, space in enumerate(board.spaces):
        at = space.at
        holders = {j for j, s in enumerate(shapes) if at in s}
        if holders != set(space.provinces):
            got = ", ".join(sorted(board.provinces[j].id for j in holders)) or "no outline"
            out.append((f"fort_spaces.{i}.at", f"fort space {space.number} is a corner of {got}, not of its provinces"))
    points = [a for a in ats if a is not None]
    if len(set(points)) != len(points):
        out.append(("fort_spaces", "two fort spaces at the same point"))
    return out
