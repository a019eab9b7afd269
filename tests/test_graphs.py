"""The networkx graphs (graphs.py) agree with the board's own union-find sets (board.py).

The engine's hot path keeps incremental union-find sets on each board; the goal cards use the
networkx graphs. Both are computed here for every board of a few simulated games: the
union-find sets on the boards as the games built them, tile by tile, and the graphs on the same
boards rebuilt from scratch.
"""

from __future__ import annotations

from collections import deque
from functools import cache

import pytest

from akrotiri_puzzles import Board, graphs
from akrotiri_puzzles.geometry import Quad, format_quad
from tests.conftest import position, simulated


@cache
def boards() -> tuple[Board, ...]:
    """Each distinct board of the simulated games, as the game built it."""
    seen: dict[object, Board] = {}
    for pos in simulated():
        seen.setdefault(pos.board.placements, pos.board)
    return tuple(seen.values())


def fresh(board: Board) -> Board:
    """The same tiles, rebuilt from scratch rather than extended from a parent board."""
    return Board(board.placements, board.components)


def partition(labels: dict[str, int]) -> set[frozenset[str]]:
    """Sets of keys sharing a label."""
    groups: dict[int, set[str]] = {}
    for key, label in labels.items():
        groups.setdefault(label, set()).add(key)
    return {frozenset(g) for g in groups.values()}


def test_simulated_games_give_many_boards():
    assert len(boards()) > 100
    assert max(len(b.placements) for b in boards()) >= 15


def test_ship_components_agree_with_board_ship_component():
    for board in boards():
        assert set(graphs.ship_components(fresh(board))) == partition(board.ship_component), board.placements


def test_direct_components_agree_with_board_direct_component():
    for board in boards():
        nx_direct = set(graphs.ship_components(fresh(board), with_thera=False))
        # A dock alone in its route component is not in any networkx component with a route:
        # both sides list it as a component of its own.
        assert nx_direct == partition(board.direct_component), board.placements


def test_islands_agree_with_board_islands():
    for board in boards():
        expected = {frozenset(keys) for keys in board.islands.values()}
        assert set(graphs.islands(fresh(board))) == expected, board.placements


def test_ship_reach_is_the_rest_of_the_ship_component():
    for board in boards():
        for comp in graphs.ship_components(fresh(board)):
            for dock in comp:
                assert set(board.ship_reach[dock]) == comp - {dock}


def _portage_distance_by_hand(board: Board) -> dict[Quad, int]:
    """Island distances by a 0-1 breadth-first search over ship reach and portage (docs/rules.md section 8)."""
    dist = {d: 0 for d in board.thera_docks}
    queue = deque(board.thera_docks)
    while queue:
        dock = queue.popleft()
        for other in board.ship_reach[dock]:
            if dist.get(other, 10**9) > dist[dock]:
                dist[other] = dist[dock]
                queue.appendleft(other)
        for other in board.docks_of_island[board.island_of_dock[dock]]:
            if dist.get(other, 10**9) > dist[dock] + 1:
                dist[other] = dist[dock] + 1
                queue.append(other)
    out: dict[Quad, int] = {}
    for dock, d in dist.items():
        island = board.island_of_dock[dock]
        out[island] = min(out.get(island, d), d)
    return out


def test_portage_distance_agrees_with_a_search_over_board_reach():
    for board in boards():
        assert graphs.portage_distance(fresh(board)) == _portage_distance_by_hand(board), board.placements


def test_directly_connected_islands_agree_with_board_direct_component():
    for board in boards():
        pairs = set()
        for comp in partition(board.direct_component):
            islands = sorted({board.island_of_dock[d] for d in comp})
            pairs |= {frozenset((a, b)) for i, a in enumerate(islands) for b in islands[i + 1 :]}
        assert graphs.directly_connected_nx(fresh(board)) == pairs, board.placements


def test_R_GOAL_11_directly_connected_agrees_with_networkx():
    """The pairs of islands one ship step apart without Thera's routes, from the board's own
    union-find sets (`directly_connected`, session 67), are networkx's, on every simulated board
    as the game built it and rebuilt from scratch."""
    for board in boards():
        reference = graphs.directly_connected_nx(fresh(board))
        assert graphs.directly_connected(board) == reference, board.placements
        assert graphs.directly_connected(fresh(board)) == reference, board.placements


def test_completed_islands_agree_with_board_completed():
    for board in boards():
        done = graphs.completed_islands(fresh(board))
        assert set(done) == set(board.completed)
        assert all(done[i] == board.island_size[i] for i in done)


# The port board of tests/rules_boards.py: L25 unturned in slot (1,0). Its NE and SW corners
# are one piece with docks 1,0NE and 1,0SW; its SE corner an islet with dock 1,0SE. Routes join
# T2 to 1,0NE (through Thera's east junction and L25's W port) and 1,0SW to 1,0SE.
PORT = """
board:
- {slot: [1, 0], tile: L25}
"""


def test_dock_graph_of_the_port_board_worked_out_by_hand():
    g = graphs.dock_graph(position(PORT).board)
    edges = {(tuple(sorted((a, b))), data["kind"], data["weight"]) for a, b, data in g.edges(data=True)}
    assert edges == {
        (("T1", "T2"), "portage", 1),
        (("1,0NE", "T2"), "ship", 0),
        (("1,0NE", "1,0SW"), "portage", 1),
        (("1,0SE", "1,0SW"), "ship", 0),
    }
    assert {format_quad(k): v for k, v in graphs.portage_distance(position(PORT).board).items()} == {
        "-1,-1NE": 0,
        "1,0SW": 0,
        "1,0SE": 1,
    }


@pytest.mark.parametrize("with_thera", [True, False])
def test_route_graph_holds_every_dock(with_thera):
    board = position(PORT).board
    g = graphs.route_graph(board, with_thera)
    assert set(board.docks) <= set(g.nodes)
    assert g.has_edge("T2", ("thera", "east")) is with_thera


def test_R_GOAL_1_R_GOAL_2_portage_distance_agrees_with_networkx_shortest_paths_over_the_dock_graph():
    import networkx as nx

    for board in boards():
        g = graphs.dock_graph(fresh(board))
        dist = nx.multi_source_dijkstra_path_length(g, set(board.thera_docks), weight="weight")
        expected: dict[Quad, int] = {}
        for dock, d in dist.items():
            island = board.island_of_dock[dock]
            expected[island] = min(expected.get(island, int(d)), int(d))
        assert graphs.portage_distance(fresh(board)) == expected, board.placements
