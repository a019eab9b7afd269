"""Goal cards R-GOAL-1..12, in both editions, each on a small board whose graph facts are worked
out by hand below and checked against `akrotiri_puzzles.graphs` before the goal is scored.

Quadrants are written `x,yQ` (R-GEO-2); an island is named by its smallest piece, as the engine
names it. Goal card ids follow R-GOAL-n: G01 is R-GOAL-1, ..., G12 is R-GOAL-12.
"""

from __future__ import annotations

import textwrap

import pytest

from akrotiri_puzzles import Position, graphs
from akrotiri_puzzles.geometry import format_quad, parse_quad
from akrotiri_puzzles.goals import score_goal
from tests.conftest import position

EDITIONS = (2016, 2014)


def quad(text: str) -> tuple[int, int]:
    """A quadrant from its notation."""
    q = parse_quad(text)
    assert q is not None
    return q


def on(board: str, south: list[str], north: tuple[str, ...] | list[str] = (), edition: int = 2016) -> Position:
    """A position on `board` with temples of each seat on the given sites (map ids made up).

    Goal cards are scored with `score_goal` for either seat; a card is one object, so the
    seats do not need to hold it.
    """

    def temples(sites: list[str], first: int) -> str:
        return "[" + ", ".join(f"{{map: M{first + i:02d}, site: '{s}'}}" for i, s in enumerate(sites)) + "]"

    rest = f"""
        edition: {edition}
        seats:
          south: {{boat: T1, temples: {temples(south, 1)}}}
          north: {{boat: T2, temples: {temples(list(north), 7)}}}
        """
    return position(textwrap.dedent(board) + textwrap.dedent(rest))


def scored(pos: Position, goal: str, seat: str = "south") -> tuple[int, list[str]]:
    """Points of one goal card for a seat, and the sites of the temples it counted."""
    result = score_goal(pos, seat, goal)
    return result.points, [format_quad(t) for t in result.temples]


def named(islands: dict[tuple[int, int], int]) -> dict[str, int]:
    """Island facts keyed by island name in notation."""
    return {format_quad(k): v for k, v in islands.items()}


# ---- the chain board: portage distances 0, 1, 2, 3 --------------------------------------------
#
# L25, L26 and L27 share one shape: the NE and SW corners are one piece with docks NE and SW,
# the SE corner an islet with dock SE, the NW corner an islet with no dock. Routes: W -> NE -> N,
# SW -> SE -> E, SW -> S. Laid unturned in a row east of Thera, in slots (1,0), (2,0), (3,0):
#
#   islands (pieces joined where corners meet):
#     A "1,0SW" = 1,0 NE+SW, 2,0NW              docks 1,0NE 1,0SW          icon volcano (1,0SW)
#     B "1,0SE" = 1,0SE, 2,0 NE+SW, 3,0NW       docks 1,0SE 2,0NE 2,0SW    icon tree (3,0NW)
#     C "2,0SE" = 2,0SE, 3,0 NE+SW              docks 2,0SE 3,0NE 3,0SW    icon lake (2,0SE)
#     D "3,0SE" = 3,0SE                         dock 3,0SE                 no icon
#     "1,0NW"  = 1,0NW, no dock (unreachable, so it has no portage distance)
#   ship components (routes cross tile sides where ports meet):
#     {T2, 1,0NE}  {1,0SW, 1,0SE, 2,0NE}  {2,0SW, 2,0SE, 3,0NE}  {3,0SW, 3,0SE}  {T1}
#   dock graph distances from Thera (ship edges 0, portage edges 1):
#     1,0NE 0 -> portage 1,0SW 1 -> ship 1,0SE, 2,0NE 1 -> portage 2,0SW 2 -> ship 2,0SE, 3,0NE 2
#     -> portage 3,0SW 3 -> ship 3,0SE 3
#   so A is 0 portages from Thera, B 1, C 2, D 3.
CHAIN = """
board:
- {slot: [1, 0], tile: L25}
- {slot: [2, 0], tile: L26}
- {slot: [3, 0], tile: L27}
"""
A, B, C, D = "1,0SW", "1,0SE", "2,0SE", "3,0SE"


def test_chain_board_facts_worked_out_by_hand():
    board = on(CHAIN, []).board
    assert named(graphs.portage_distance(board)) == {"-1,-1NE": 0, A: 0, B: 1, C: 2, D: 3}
    icons = {format_quad(k): v for k, v in board.island_icons.items()}
    assert (icons[A], icons[B], icons[C], icons[D]) == (("volcano",), ("tree",), ("lake",), ())


@pytest.mark.parametrize("edition", EDITIONS)
def test_R_GOAL_1_portage_distance_exactly_1(edition):
    """R-GOAL-1: portage distance exactly 1."""
    pos = on(CHAIN, [A, B, C, D], edition=edition)
    assert scored(pos, "G01") == (3, [B])


@pytest.mark.parametrize(("edition", "expected"), [(2016, (12, [C, D])), (2014, (5, [C]))])
def test_R_GOAL_2_portage_distance_2_or_more_in_2016_exactly_2_in_2014(edition, expected):
    """R-GOAL-2: portage distance 2 or more in 2016, exactly 2 in 2014."""
    pos = on(CHAIN, [A, B, C, D], edition=edition)
    assert scored(pos, "G02") == expected


@pytest.mark.parametrize(("edition", "value"), [(2016, 4), (2014, 3)])
def test_R_GOAL_3_island_with_no_terrain_icon(edition, value):
    """R-GOAL-3: island with no terrain icon."""
    pos = on(CHAIN, [A, B, C, D], edition=edition)
    assert scored(pos, "G03") == (value, [D])


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    ("goal", "counted"),
    [("G04", [A]), ("G05", [C]), ("G06", [B]), ("G07", [])],
    ids=["R-GOAL-4 volcano", "R-GOAL-5 lake", "R-GOAL-6 tree", "R-GOAL-7 mountain"],
)
def test_R_GOAL_4_to_7_island_with_an_icon(edition, goal, counted):
    """R-GOAL-4, R-GOAL-5, R-GOAL-6, R-GOAL-7: island with an icon."""
    # A's volcano lies in the temple's own quadrant 1,0SW: an island's icons include it.
    pos = on(CHAIN, [A, B, C, D], edition=edition)
    assert scored(pos, goal) == (2 * len(counted), counted)


@pytest.mark.parametrize("edition", EDITIONS)
def test_R_GOAL_1_counts_only_the_owners_temples(edition):
    """R-GOAL-1: counts only the owner's temples."""
    # North's temple 2,0SW is on B too (islands that merge may hold several temples).
    pos = on(CHAIN, [A, B], north=["2,0SW"], edition=edition)
    assert scored(pos, "G01", "south") == (3, [B])
    assert scored(pos, "G01", "north") == (3, ["2,0SW"])


# ---- the icon board: three different icons on one island ---------------------------------------
#
# Four tiles of four islets each, unturned, in slots (1,0), (2,0), (1,1), (2,1). The corners
# meeting at board point (2,1) form the island "1,0NE" = 1,0NE, 2,0NW, 1,1SE, 2,1SW, with the
# icons: L02 lake on 1,0NE, L01 volcano on 2,0NW, L07 tree on 1,1SE, L06 lake on 2,1SW: four
# icons of three kinds. Every other island shows no icon (1,0SW is an islet at point (1,0)).
# In the variant, L11 (tree on its NW corner) replaces L01: four icons, two kinds.
ICONS = """
board:
- {slot: [1, 0], tile: L02}
- {slot: [2, 0], tile: L01}
- {slot: [1, 1], tile: L07}
- {slot: [2, 1], tile: L06}
"""
TWO_KINDS = ICONS.replace("L01", "L11")


def test_icon_board_facts_worked_out_by_hand():
    assert on(ICONS, []).board.island_icons[quad("1,0NE")] == ("lake", "lake", "tree", "volcano")
    assert on(TWO_KINDS, []).board.island_icons[quad("1,0NE")] == ("lake", "lake", "tree", "tree")
    assert on(ICONS, []).board.island_icons[quad("1,0SW")] == ()


@pytest.mark.parametrize(("edition", "value"), [(2016, 3), (2014, 6)])
def test_R_GOAL_8_island_with_at_least_three_different_icons(edition, value):
    """R-GOAL-8: island with at least three different icons."""
    assert scored(on(ICONS, ["1,0NE", "1,0SW"], edition=edition), "G08") == (value, ["1,0NE"])
    assert scored(on(TWO_KINDS, ["1,0NE", "1,0SW"], edition=edition), "G08") == (0, [])


# ---- the quarter board: temples either side of the lines through Thera's centre -----------------
#
# Tiles in slots (0,1), (-1,1), (0,-2), (-1,-2), above and below Thera's two columns. The board
# is cut into quarters through Thera's centre, the board point (0,0): quadrant columns x >= 0 are
# east, rows y >= 0 north. 0,1SW = (0,2) and 0,1NE = (1,3) lie in the NE quarter, -1,1SE = (-1,2)
# in NW, 0,-2NW = (0,-3) in SE, -1,-2NE = (-1,-3) in SW.
QUARTERS = """
board:
- {slot: [0, 1], tile: L01}
- {slot: [-1, 1], tile: L02}
- {slot: [0, -2], tile: L03}
- {slot: [-1, -2], tile: L04}
"""


@pytest.mark.parametrize("edition", EDITIONS)
def test_R_GOAL_9_two_points_per_quarter_holding_a_temple(edition):
    """R-GOAL-9: two points per quarter holding a temple."""
    three_in_two = on(QUARTERS, ["0,1SW", "0,1NE", "-1,1SE"], edition=edition)
    assert scored(three_in_two, "G09") == (4, ["0,1SW", "-1,1SE"])
    every_quarter = on(QUARTERS, ["0,1SW", "0,1NE", "-1,1SE", "0,-2NW", "-1,-2NE"], edition=edition)
    assert scored(every_quarter, "G09") == (8, ["0,1SW", "-1,1SE", "0,-2NW", "-1,-2NE"])


def test_R_GOAL_9_counts_only_the_owners_quarters():
    """R-GOAL-9: counts only the owner's quarters."""
    pos = on(QUARTERS, ["0,1SW"], north=["0,-2NW", "-1,-2NE"])
    assert scored(pos, "G09", "south") == (2, ["0,1SW"])
    assert scored(pos, "G09", "north") == (4, ["0,-2NW", "-1,-2NE"])


# ---- the completed board: completed islands of 3 and 2 tiles ------------------------------------
#
# Four-islet tiles, unturned, in slots (1,0), (0,1), (1,1), (1,-1).
#   Board point (1,1) is surrounded by Thera (0,0) and the tiles (1,0), (0,1), (1,1), all filled:
#   the island "0,1SE" = 0,1SE, 1,0NW, 1,1SW is completed, 3 tiles.
#   Board point (1,0) is surrounded by Thera (0,-1), (0,0) and the tiles (1,-1), (1,0): the
#   island "1,-1NW" = 1,-1NW, 1,0SW is completed, 2 tiles.
#   The island "1,0NE" = 1,0NE, 1,1SE touches (2,1), beside the empty slots (2,0) and (2,1):
#   uncompleted. So is the islet 1,1NE at (2,2). Thera is completed, 1 tile.
COMPLETED = """
board:
- {slot: [1, 0], tile: L01}
- {slot: [0, 1], tile: L02}
- {slot: [1, 1], tile: L03}
- {slot: [1, -1], tile: L04}
"""


def test_completed_board_facts_worked_out_by_hand():
    board = on(COMPLETED, []).board
    assert named(graphs.completed_islands(board)) == {"-1,-1NE": 1, "0,1SE": 3, "1,-1NW": 2}
    assert board.island_size[quad("1,0NE")] == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_R_GOAL_10_one_point_per_tile_of_the_largest_completed_island_with_your_temple(edition):
    """R-GOAL-10: one point per tile of the largest completed island with your temple."""
    pos = on(COMPLETED, ["1,0SW", "1,0NW", "1,0NE"], north=["1,-1NW"], edition=edition)
    assert scored(pos, "G10", "south") == (3, ["1,0NW"])
    # North's only temple is on the 2-tile island; the 3-tile one holds south's temple only.
    assert scored(pos, "G10", "north") == (2, ["1,-1NW"])
    assert scored(on(COMPLETED, ["1,0NE", "1,1NE"], edition=edition), "G10") == (0, [])


@pytest.mark.parametrize("edition", EDITIONS)
def test_R_GOAL_12_temple_on_an_uncompleted_island(edition):
    """R-GOAL-12: temple on an uncompleted island."""
    pos = on(COMPLETED, ["1,0SW", "1,0NW", "1,0NE", "1,1NE"], edition=edition)
    assert scored(pos, "G12") == (4, ["1,0NE", "1,1NE"])


# ---- the bridge board: islands joined only through the Thera board -----------------------------
#
# L01 unturned in slot (1,0) east of Thera and L03 unturned in slot (0,-2) below it; the two tiles
# share no side and no corner, and every corner is an islet with a dock. Each has two routes:
# W -> SW -> SE -> S and N -> NW -> NE -> E.
#   L01's W port meets Thera's port 0,0:E, L03's N port meets Thera's 0,-1:S; both run to Thera's
#   east junction. So one ship step joins 1,0SW, 1,0SE, 0,-2NW, 0,-2NE (and T2), but only
#   through Thera's routes. Without them the direct pairs are 1,0SW-1,0SE, 1,0NW-1,0NE,
#   0,-2NW-0,-2NE and 0,-2SW-0,-2SE.
BRIDGE = """
board:
- {slot: [1, 0], tile: L01}
- {slot: [0, -2], tile: L03}
"""


def test_bridge_board_facts_worked_out_by_hand():
    board = on(BRIDGE, []).board
    pairs = {tuple(sorted(format_quad(i) for i in p)) for p in graphs.directly_connected(board)}
    assert pairs == {("1,0SE", "1,0SW"), ("1,0NE", "1,0NW"), ("0,-2NE", "0,-2NW"), ("0,-2SE", "0,-2SW")}
    assert set(board.ship_reach["1,0SW"]) == {"1,0SE", "0,-2NW", "0,-2NE", "T2"}


@pytest.mark.parametrize(("edition", "value"), [(2016, 3), (2014, 2)])
def test_R_GOAL_11_temple_not_directly_connected_to_another_of_your_islands(edition, value):
    """R-GOAL-11: temple not directly connected to another of your islands."""
    # 1,0SW and 1,0SE are directly connected: neither counts. 0,-2NW reaches them only through
    # Thera: it counts. North's temple on 0,-2NE, directly connected to it, changes nothing.
    pos = on(BRIDGE, ["1,0SW", "1,0SE", "0,-2NW"], north=["0,-2NE"], edition=edition)
    assert scored(pos, "G11", "south") == (value, ["0,-2NW"])
    assert scored(pos, "G11", "north") == (value, ["0,-2NE"])


@pytest.mark.parametrize(("edition", "value"), [(2016, 3), (2014, 2)])
def test_R_GOAL_11_two_temples_on_one_island_are_not_connected_to_another(edition, value):
    """R-GOAL-11: two temples on one island are not connected to another."""
    # The chain board's island B holds both of south's temples (as islands that merge later may,
    # R-EXC-1). B is directly connected to A and C, which hold none: "another island holding one
    # of your temples" does not include the temple's own island, so both count.
    pos = on(CHAIN, [B, "2,0SW"], edition=edition)
    assert scored(pos, "G11") == (2 * value, [B, "2,0SW"])
