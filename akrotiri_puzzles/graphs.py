"""The board's graphs in networkx: routes, islands, docks and the distances goal cards need.

The engine's hot path keeps its own union-find sets on the board (board.py); these graphs are
the reference the goal cards, analysis and tests use, and the tests check that both agree.
networkx is imported when a graph is first built, not with this module, so that commands that
score no goal card start without it. `portage_distance`, read for every board the analysers'
bounds meet, is worked out without it (tests/test_graphs.py compares it with networkx's
shortest paths over `dock_graph`), and so is `directly_connected` (from the board's union-find
sets; the tests compare it with `directly_connected_nx`).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from .board import Board
from .geometry import Quad

if TYPE_CHECKING:
    import networkx as nx


def route_graph(board: Board, with_thera: bool = True) -> nx.Graph:
    """The board's shipping routes: docks, ports and junctions joined by routes (R-GEO-7).

    Without the Thera board's own routes if `with_thera` is false (R-GOAL-11).
    """
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(board.docks, kind="dock")
    g.add_edges_from(board.route_edges(with_thera))
    return g


def ship_components(board: Board, with_thera: bool = True) -> list[frozenset[str]]:
    """Sets of docks joined by shipping routes: one ship step moves within one set (R-MOVE-1)."""
    import networkx as nx

    g = route_graph(board, with_thera)
    docks = set(board.docks)
    out = [frozenset(c & docks) for c in nx.connected_components(g)]
    return sorted((c for c in out if c), key=min)


def island_graph(board: Board) -> nx.Graph:
    """Land pieces joined where they touch at a board point (R-GEO-4)."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(board.pieces)
    by_point: dict[tuple[int, int], list[Quad]] = {}
    for key, piece in board.pieces.items():
        for p in piece.points:
            by_point.setdefault(p, []).append(key)
    for keys in by_point.values():
        g.add_edges_from(itertools.pairwise(keys))
    return g


def islands(board: Board) -> list[frozenset[Quad]]:
    """Islands as sets of piece keys."""
    import networkx as nx

    return sorted((frozenset(c) for c in nx.connected_components(island_graph(board))), key=min)


def dock_graph(board: Board) -> nx.Graph:
    """Docks joined by ship edges of weight 0 and portage edges of weight 1 (docs/rules.md section 8)."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(board.docks)
    for docks in board.docks_of_island.values():
        for i, a in enumerate(docks):
            for b in docks[i + 1 :]:
                g.add_edge(a, b, weight=1, kind="portage")
    for comp in ship_components(board):
        members = sorted(comp)
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                g.add_edge(a, b, weight=0, kind="ship")
    return g


def portage_distance(board: Board) -> dict[Quad, int]:
    """Each reachable island's least total weight from a Thera dock to one of its docks (R-GOAL-1, 2):
    the shortest paths of `dock_graph` (a ship step within a route component costs 0, a portage
    step within an island 1), worked out without networkx: a breadth-first search by weight over
    the board's own route components (`Board.ship_component`, which the tests check against
    `ship_components`) and islands, each entered once (tests/test_graphs.py compares it with
    networkx's shortest paths over `dock_graph`)."""
    comp_of = board.ship_component
    members: dict[int, list[str]] = {}
    for dock, comp in comp_of.items():
        members.setdefault(comp, []).append(dock)
    island_of = board.island_of_dock
    docks_of = board.docks_of_island
    out: dict[Quad, int] = {}
    seen_comps: set[int] = set()
    seen_islands: set[Quad] = set()
    level = list(board.thera_docks)
    d = 0
    while level:
        # Every dock a ship step joins to this weight's docks has the same weight (0-weight steps).
        reached: list[str] = []
        stack = list(level)
        while stack:
            dock = stack.pop()
            comp = comp_of[dock]
            island = island_of[dock]
            if island not in out:
                out[island] = d
            reached.append(dock)
            if comp not in seen_comps:
                seen_comps.add(comp)
                stack.extend(members[comp])
        # A portage step (weight 1) reaches the other docks of each island reached.
        level = []
        for dock in reached:
            island = island_of[dock]
            if island not in seen_islands:
                seen_islands.add(island)
                level.extend(o for o in docks_of[island] if comp_of[o] not in seen_comps)
        d += 1
    return out


def directly_connected(board: Board) -> set[frozenset[Quad]]:
    """Pairs of islands one ship step apart without the Thera board's routes (R-GOAL-11): the
    islands of the docks of each route component without them. Worked out without networkx
    (session 67), from the board's own union-find sets (`Board.direct_component`, which the tests
    check against `ship_components(board, with_thera=False)`): the two-turn relaxation reads it on
    every final board of its searches (tests/test_graphs.py compares it with
    `directly_connected_nx`)."""
    island_of = board.island_of_dock
    by_comp: dict[int, set[Quad]] = {}
    for dock, comp in board.direct_component.items():
        by_comp.setdefault(comp, set()).add(island_of[dock])
    pairs: set[frozenset[Quad]] = set()
    for found in by_comp.values():
        if len(found) > 1:
            isles = sorted(found)
            for i, a in enumerate(isles):
                for b in isles[i + 1 :]:
                    pairs.add(frozenset((a, b)))
    return pairs


def directly_connected_nx(board: Board) -> set[frozenset[Quad]]:
    """`directly_connected` over networkx's route graph without the Thera board's routes (the
    reference the tests compare it with; R-GOAL-11)."""
    pairs: set[frozenset[Quad]] = set()
    for comp in ship_components(board, with_thera=False):
        isles = sorted({board.island_of_dock[d] for d in comp})
        for i, a in enumerate(isles):
            for b in isles[i + 1 :]:
                pairs.add(frozenset((a, b)))
    return pairs


def completed_islands(board: Board) -> dict[Quad, int]:
    """Completed islands and their size in tiles (R-GEO-9)."""
    return {island: board.island_size[island] for island in board.completed}
