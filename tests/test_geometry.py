"""Geometry of the board: slots, quadrants, pieces, islands, icons, docks, routes, seats (R-GEO-1..10)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from akrotiri_puzzles import Board, Excavate, apply, graphs, legal_actions, load_components, loads_position, why_illegal
from akrotiri_puzzles.board import tile_template
from akrotiri_puzzles.components import MapCard
from akrotiri_puzzles.excavation import meets
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.geometry import (
    PORT_STEP,
    QUADRANTS,
    THERA_SLOTS,
    format_quad,
    global_quad,
    in_direction,
    parse_quad,
    quad_corner,
    quad_slot,
    rotate_port,
    rotate_quadrant,
)

from .conftest import position

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data"
THERA_RIM = DATA / "components" / "thera_rim"


def board(comps, *tiles: tuple[tuple[int, int], str, int]) -> Board:
    """A board with tiles added in the order given."""
    b = Board.empty(comps)
    for slot, tile, rotation in tiles:
        b = b.with_tile(slot, tile, rotation)
    return b


def islands_as_quads(b: Board) -> set[frozenset[tuple[int, int]]]:
    return {frozenset(quads) for quads in b.island_quads.values()}


# ---- R-GEO-1 slots --------------------------------------------------------------------------


def test_R_GEO_1_thera_board_fills_the_four_slots_around_the_centre(comps):
    """R-GEO-1: Thera board fills the four slots around the centre."""
    b = Board.empty(comps)
    assert b.filled == {(-1, -1), (0, -1), (-1, 0), (0, 0)}
    # Thera's piece touches exactly the board point (0, 0), the board's centre.
    assert b.pieces[b.thera_island].points == ((0, 0),)


def test_R_GEO_1_a_slot_has_the_four_corner_points_x_y_to_x1_y1():
    """R-GEO-1: a slot (x, y) has the corner points (x, y) to (x+1, y+1)."""
    for slot in [(0, 0), (2, -3), (-4, 1)]:
        x, y = slot
        corners = {q: quad_corner(global_quad(slot, q)) for q in QUADRANTS}
        assert corners == {"SW": (x, y), "SE": (x + 1, y), "NW": (x, y + 1), "NE": (x + 1, y + 1)}


def test_R_GEO_1_x_grows_east_and_y_grows_north(comps):
    """R-GEO-1: x grows east and y grows north."""
    b = Board.empty(comps)
    assert b.open_slots == ((-2, -1), (-2, 0), (-1, -2), (-1, 1), (0, -2), (0, 1), (1, -1), (1, 0))
    # Slot (1,0) lies east of the Thera board's slot (0,0): its west side faces (0,0)'s east side.
    assert list(b.with_tile((1, 0), "L01", 0).port_joins([(1, 0)])) == [(((1, 0), "W"), ((0, 0), "E"))]
    # Slot (0,1) lies north of (0,0).
    assert list(b.with_tile((0, 1), "L01", 0).port_joins([(0, 1)])) == [(((0, 1), "S"), ((0, 0), "N"))]


# ---- R-GEO-2 quadrants ----------------------------------------------------------------------


def test_R_GEO_2_global_quadrant_is_2x_plus_i_2y_plus_j():
    """R-GEO-2: a global quadrant is (2x+i, 2y+j)."""
    assert global_quad((1, -2), "SW") == (2, -4)
    assert global_quad((1, -2), "SE") == (3, -4)
    assert global_quad((1, -2), "NW") == (2, -3)
    assert global_quad((1, -2), "NE") == (3, -3)
    assert quad_slot((3, -3)) == (1, -2)
    assert quad_slot((-1, -1)) == (-1, -1)


def test_R_GEO_2_quadrants_are_written_as_slot_and_name():
    """R-GEO-2: quadrants are written as slot and name."""
    assert format_quad((3, -3)) == "1,-2NE"
    assert parse_quad("1,-2ne") == (3, -3)
    assert parse_quad("-1,0SE") == (-1, 0)
    assert parse_quad("1,-2XX") is None
    for quad in [(0, 0), (-3, 5), (4, -7)]:
        assert parse_quad(format_quad(quad)) == quad


def test_R_GEO_2_thera_board_has_four_by_four_quadrants():
    """R-GEO-2: Thera board has four by four quadrants."""
    quads = {global_quad(s, q) for s in THERA_SLOTS for q in QUADRANTS}
    assert quads == {(x, y) for x in range(-2, 2) for y in range(-2, 2)}


# ---- R-GEO-3 land pieces --------------------------------------------------------------------


def test_R_GEO_3_every_land_tile_has_land_in_all_four_quadrants_in_2_to_4_pieces(comps):
    """R-GEO-3: every land tile has land in all four quadrants in 2 to 4 pieces."""
    for spec in comps.tiles:
        covered = sorted(q for piece in spec.pieces for q in piece)
        assert covered == sorted(QUADRANTS), spec.id
        assert 2 <= len(spec.pieces) <= 4, spec.id


def test_R_GEO_3_a_joined_piece_lies_in_two_corners_and_touches_both_points(comps):
    """R-GEO-3: a joined piece lies in two corners and touches both points."""
    # L13 joins NW and SE into one piece; NE and SW are pieces of their own.
    b = board(comps, ((1, 0), "L13", 0))
    tile_pieces = sorted(p.quads for p in b.pieces.values() if p.slot == (1, 0))
    assert tile_pieces == [((2, 0),), ((2, 1), (3, 0)), ((3, 1),)]
    joined = b.pieces[(2, 1)]
    assert joined.points == ((1, 1), (2, 0))
    assert all(b.piece_at[q] == (2, 1) for q in joined.quads)


def test_R_GEO_3_thera_is_one_piece_of_the_central_quadrants_and_the_rim_is_data(comps):
    """R-GEO-3: Thera is one piece of the central quadrants and the rim is data."""
    b = Board.empty(comps)
    assert b.pieces[b.thera_island].quads == ((-1, -1), (-1, 0), (0, -1), (0, 0))
    assert set(b.piece_at) == {(-1, -1), (-1, 0), (0, -1), (0, 0)}  # default rim: all sea
    rim = Board.empty(load_components(THERA_RIM))
    assert rim.piece_at[(1, 1)] == (1, 1) and rim.piece_at[(1, -2)] == (1, -2)
    assert rim.island_at((1, 1)) != rim.thera_island


# ---- R-GEO-4 islands ------------------------------------------------------------------------


def test_R_GEO_4_pieces_meeting_at_a_board_point_are_one_island(comps):
    """R-GEO-4: pieces meeting at a board point are one island."""
    # (1,0)SW and (1,-1)NW both touch the board point (1,0).
    b = board(comps, ((1, 0), "L01", 0), ((1, -1), "L01", 0))
    assert b.island_at((2, 0)) == b.island_at((2, -1))
    # Pieces of one tile touch different points and stay apart.
    assert b.island_at((2, 0)) != b.island_at((3, 0))


def test_R_GEO_4_a_new_tile_merges_two_islands_through_a_joined_piece(comps):
    """R-GEO-4: a new tile merges two islands through a joined piece."""
    # (0,1)SE touches point (1,1); (1,-1)NE touches point (2,0): two islands.
    b = board(comps, ((0, 1), "L01", 0), ((1, -1), "L01", 0))
    assert b.island_at((1, 2)) != b.island_at((3, -1))
    # L13 at (1,0) joins NW (point (1,1)) and SE (point (2,0)) into one piece: one island.
    merged = b.with_tile((1, 0), "L13", 0)
    assert merged.island_at((1, 2)) == merged.island_at((3, -1)) == merged.island_at((2, 1))
    assert set(merged.island_quads[merged.island_at((1, 2))]) == {(1, 2), (2, 1), (3, 0), (3, -1)}
    # The board built incrementally agrees with the networkx reference and a fresh build.
    fresh = Board(merged.placements, comps)
    reference = {frozenset(q for k in isl for q in merged.pieces[k].quads) for isl in graphs.islands(merged)}
    assert islands_as_quads(merged) == islands_as_quads(fresh) == reference


def test_R_GEO_4_thera_is_the_island_holding_the_central_piece(comps):
    """R-GEO-4: Thera is the island holding the central piece."""
    b = board(comps, ((1, 0), "L01", 0))
    assert b.thera_island == b.island_at((0, 0)) == b.island_at((-1, -1))
    assert b.island_of_dock["T1"] == b.island_of_dock["T2"] == b.thera_island


# ---- R-GEO-5 terrain icons ------------------------------------------------------------------


def test_R_GEO_5_every_land_tile_shows_exactly_one_icon_of_the_four_kinds(comps):
    """R-GEO-5: every land tile shows exactly one icon of the four kinds."""
    for spec in comps.tiles:
        assert spec.icon in ("volcano", "lake", "tree", "mountain")
        assert spec.icon_quadrant in QUADRANTS
    b = Board.empty(comps)
    for n, spec in enumerate(comps.tiles[:8], start=1):
        b = b.with_tile((n, 0), spec.id, 0)
        assert len(b.icons) == n


def test_R_GEO_5_icon_lies_in_its_quadrant_and_turns_with_the_tile(comps):
    """R-GEO-5: icon lies in its quadrant and turns with the tile."""
    # L01: volcano on NW. Turned 90 degrees clockwise it is on NE.
    assert board(comps, ((1, 0), "L01", 0)).icons == (((2, 1), "volcano"),)
    assert board(comps, ((1, 0), "L01", 90)).icons == (((3, 1), "volcano"),)


def test_R_GEO_5_thera_shows_no_icon_unless_its_data_says_so(comps):
    """R-GEO-5: Thera shows no icon unless its data says so."""
    assert Board.empty(comps).icons == ()
    assert Board.empty(load_components(THERA_RIM)).icons == (((1, 1), "lake"),)


# ---- R-GEO-6 docks --------------------------------------------------------------------------


def test_R_GEO_6_thera_has_two_docks_by_default_and_more_if_configured(comps):
    """R-GEO-6: Thera has two docks by default and more if configured."""
    assert Board.empty(comps).thera_docks == ("T1", "T2")
    assert Board.empty(load_components(THERA_RIM)).thera_docks == ("T1", "T2", "T3")


def test_R_GEO_6_a_dock_belongs_to_its_pieces_island_and_follows_merges(comps):
    """R-GEO-6: a dock belongs to its piece's island and follows merges."""
    b = board(comps, ((1, 0), "L01", 0))
    assert b.docks["1,0SW"].piece == (2, 0)
    assert b.island_of_dock["1,0SW"] != b.island_of_dock["1,0SE"]
    merged = b.with_tile((1, -1), "L01", 0)  # (1,-1)NW meets (1,0)SW at point (1,0)
    assert merged.island_of_dock["1,0SW"] == merged.island_of_dock["1,-1NW"]
    assert merged.docks_of_island[merged.island_of_dock["1,0SW"]] == ("1,-1NW", "1,0SW")


# ---- R-GEO-7 shipping routes ----------------------------------------------------------------


def test_R_GEO_7_thera_has_one_port_per_rim_slot_side(comps):
    """R-GEO-7: Thera has one port per rim slot side."""
    ports = {n for e in Board.empty(comps).thera_route_edges() for n in e if isinstance(n, tuple) and n[0] != "thera"}
    assert len(ports) == 8
    for slot, side in ports:
        dx, dy = PORT_STEP[side]
        assert (slot[0] + dx, slot[1] + dy) not in THERA_SLOTS


def test_R_GEO_7_facing_ports_join_and_lone_ports_are_dead_ends(comps):
    """R-GEO-7: facing ports join and lone ports are dead ends."""
    # L01: routes N-NW-NE-E and W-SW-SE-S. At (1,0) its W port faces Thera's (0,0) E port,
    # which T2's routes reach; its N, E and S ports face empty slots.
    b = board(comps, ((1, 0), "L01", 0))
    assert set(b.ship_reach["T2"]) == {"1,0SW", "1,0SE"}
    assert b.ship_reach["1,0NW"] == ("1,0NE",)
    assert b.ship_reach["T1"] == ()
    # A tile at (2,0) joins (1,0)'s E port to its own W port.
    b2 = b.with_tile((2, 0), "L01", 0)
    assert set(b2.ship_reach["1,0NE"]) == {"1,0NW", "2,0SW", "2,0SE"}
    assert set(b2.ship_reach["T2"]) == {"1,0SW", "1,0SE"}
    reference = {frozenset(c) for c in graphs.ship_components(b2)}
    assert frozenset({"1,0NE", "1,0NW", "2,0SW", "2,0SE"}) in reference
    assert frozenset({"T2", "1,0SW", "1,0SE"}) in reference


def test_R_GEO_7_route_graph_agrees_with_the_networkx_reference(comps):
    """R-GEO-7: route graph agrees with the networkx reference."""
    b = board(comps, ((1, 0), "L09", 0), ((0, 1), "L17", 90), ((1, 1), "L25", 180), ((-2, 0), "L33", 270))
    fast = {}
    for dock, comp in b.ship_component.items():
        fast.setdefault(comp, set()).add(dock)
    assert {frozenset(c) for c in fast.values()} == set(graphs.ship_components(b))


def test_R_GEO_4_R_GEO_7_a_board_built_in_one_go_has_the_islands_and_routes_of_one_built_tile_by_tile(comps):
    """R-GEO-4, R-GEO-7: a board read from a file is built in one go from what each placed tile
    adds (kept per tile, rotation and slot, shared by every board); the boards of the
    repository's puzzles have the pieces, islands, docks and route components of the same
    board built tile by tile, and of the networkx reference."""
    boards = [load_puzzle(ROOT / "puzzles" / f"p{n:02d}.yaml", comps).start.board for n in range(1, 11)]
    for b in boards:
        one_go = Board(b.placements, comps)
        again = Board(b.placements, comps)  # what the tiles add is now kept: the same again
        by_tile = board(comps, *b.placements)
        for other in (again, by_tile):
            assert one_go.pieces == other.pieces and one_go.piece_at == other.piece_at
            assert one_go.island_of_piece == other.island_of_piece and one_go.islands == other.islands
            assert one_go.island_of_point == other.island_of_point and one_go.docks == other.docks
            assert one_go.ship_component == other.ship_component and one_go.ship_reach == other.ship_reach
            assert one_go.direct_component == other.direct_component
        reference = {frozenset(c) for c in graphs.ship_components(one_go)}
        assert {
            frozenset(d for d, c in one_go.ship_component.items() if c == k)
            for k in set(one_go.ship_component.values())
        } == reference
        for dock, reach in one_go.ship_reach.items():
            assert set(reach) == {d for d, c in one_go.ship_component.items() if c == one_go.ship_component[dock]} - {
                dock
            }


# ---- R-GEO-8 rotation -----------------------------------------------------------------------


def test_R_GEO_8_quarter_turn_moves_quadrants_and_ports():
    """R-GEO-8: quarter turn moves quadrants and ports."""
    assert [rotate_quadrant(q, 90) for q in ("NW", "NE", "SE", "SW")] == ["NE", "SE", "SW", "NW"]
    assert [rotate_port(p, 90) for p in ("N", "E", "S", "W")] == ["E", "S", "W", "N"]
    for q in QUADRANTS:
        assert rotate_quadrant(q, 180) == rotate_quadrant(rotate_quadrant(q, 90), 90)
        assert rotate_quadrant(q, 360) == q
        assert rotate_quadrant(q, 270) == rotate_quadrant(q, -90)


def test_R_GEO_8_rotation_carries_pieces_icon_docks_and_route_ends(comps):
    """R-GEO-8: rotation carries pieces icon docks and route ends."""
    # L13 facing north: pieces [NW+SE] [NE] [SW], volcano on SE, docks NE and SW,
    # routes N-NE-E and S-SW-W. A quarter turn clockwise: pieces [NE+SW] [SE] [NW],
    # volcano on SW, docks SE and NW, routes E-SE-S and W-NW-N.
    spec = comps.tile["L13"]
    assert spec.icon_quadrant == "SE"
    t = tile_template(spec, 90)
    off = {"NW": (0, 1), "NE": (1, 1), "SW": (0, 0), "SE": (1, 0)}
    assert sorted(t.pieces) == sorted([tuple(sorted([off["NE"], off["SW"]])), (off["SE"],), (off["NW"],)])
    assert t.icon == off["SW"]
    assert set(t.docks) == {off["SE"], off["NW"]}
    edges = {frozenset(e) for e in t.edges}
    assert edges == {
        frozenset({("port", "E"), ("dock", off["SE"])}),
        frozenset({("dock", off["SE"]), ("port", "S")}),
        frozenset({("port", "W"), ("dock", off["NW"])}),
        frozenset({("dock", off["NW"]), ("port", "N")}),
    }
    # On the board: at (1,0) turned 90, the W port leads to the NW dock, so T2 reaches it.
    b = board(comps, ((1, 0), "L13", 90))
    assert set(b.docks) - {"T1", "T2"} == {"1,0SE", "1,0NW"}
    assert b.ship_reach["T2"] == ("1,0NW",)
    assert b.icons == ((global_quad((1, 0), "SW"), "volcano"),)


# ---- R-GEO-9 completed islands --------------------------------------------------------------


def test_R_GEO_9_thera_is_completed_from_the_start(comps):
    """R-GEO-9: Thera is completed from the start."""
    b = Board.empty(comps)
    assert b.completed == {b.thera_island}
    assert b.island_size[b.thera_island] == 1


def test_R_GEO_9_island_is_completed_when_every_slot_around_its_points_is_filled(comps):
    """R-GEO-9: island is completed when every slot around its points is filled."""
    b = board(comps, ((1, 0), "L01", 0))
    sw = b.island_at((2, 0))  # touches point (1,0): slots (0,-1) (0,0) (1,0) and the empty (1,-1)
    assert sw not in b.completed
    b2 = b.with_tile((1, -1), "L01", 0)
    island = b2.island_at((2, 0))
    assert island in b2.completed  # (1,0)SW + (1,-1)NW, all four slots round (1,0) filled
    assert b2.island_size[island] == 2
    assert b2.island_at((2, 1)) not in b2.completed  # (1,0)NW: slots (0,1) and (1,1) are empty


def test_R_GEO_9_size_counts_distinct_slots_and_the_thera_board_as_one_tile():
    """R-GEO-9: size counts distinct slots and the Thera board as one tile."""
    comps = load_components(THERA_RIM)
    # Rim pieces in Thera slots (0,0) and (0,-1), joined through two tiles with diagonal pieces.
    b = board(comps, ((1, 0), "L13", 0), ((1, -1), "L21", 0))
    island = b.island_at((1, 1))
    assert b.island_at((1, -2)) == island
    assert {quad_slot(q) for q in b.island_quads[island]} == {(0, 0), (0, -1), (1, 0), (1, -1)}
    assert b.island_size[island] == 3


# ---- R-GEO-10 seats and directions ----------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "direction", "quad"),
    [
        ("south", "above", (0, 1)),
        ("south", "below", (0, -1)),
        ("south", "left", (-1, 0)),
        ("south", "right", (1, 0)),
        ("north", "above", (0, -1)),
        ("north", "below", (0, 1)),
        ("north", "left", (1, 0)),
        ("north", "right", (-1, 0)),
    ],
)
def test_R_GEO_10_directions_seen_from_each_seat(seat, direction, quad):
    """R-GEO-10: directions seen from each seat."""
    site = (0, 0)
    far = (quad[0] * 5 + 3 * quad[1], quad[1] * 5 + 3 * quad[0])  # far away and off the site's line
    for d in ("above", "below", "left", "right"):
        assert in_direction(seat, d, site, quad) == (d == direction)
    assert in_direction(seat, direction, site, far)
    assert not in_direction(seat, direction, site, site)


def test_R_GEO_10_a_map_card_reads_differently_from_the_two_seats(comps):
    """R-GEO-10: a map card reads differently from the two seats."""
    card = MapCard("X", "easy", 0, 0, (("above", "volcano", 1),))
    b = board(comps, ((0, 1), "L01", 0))  # volcano at 0,1NW: quadrant (0, 3)
    low, high = (0, -3), (0, 5)
    assert meets(b, "south", card, low) and not meets(b, "north", card, low)
    assert meets(b, "north", card, high) and not meets(b, "south", card, high)


# A board for E01 (below tree, left lake, right volcano): the site 1,0SW has a tree below,
# a lake to the left and a volcano to the right as the south seat sees them.
_SOUTH_VIEW = """
    to_move: {to_move}
    board:
      - {{slot: [1, 0], tile: L02}}
      - {{slot: [1, -1], tile: L03}}
      - {{slot: [0, 1], tile: L06}}
      - {{slot: [2, 0], tile: L01}}
    seats:
      {to_move}: {{boat: "1,0SW", maps: [E01], drachmas: 3}}
      {other}: {{boat: T1}}
"""
# The same board turned 180 degrees about the board centre.
_NORTH_VIEW = """
    to_move: {to_move}
    board:
      - {{slot: [-2, -1], tile: L02, rotation: 180}}
      - {{slot: [-2, 0], tile: L03, rotation: 180}}
      - {{slot: [-1, -2], tile: L06, rotation: 180}}
      - {{slot: [-3, -1], tile: L01, rotation: 180}}
    seats:
      {to_move}: {{boat: "-2,-1NE", maps: [E01], drachmas: 3}}
      {other}: {{boat: T2}}
"""


def _excavations(template: str, to_move: str) -> set[str]:
    other = "north" if to_move == "south" else "south"
    pos = position(template.format(to_move=to_move, other=other))
    return {str(a) for a in legal_actions(pos) if isinstance(a, Excavate)}


def test_R_GEO_10_south_reads_the_map_one_way_north_the_mirrored_way():
    """R-GEO-10: south reads the map one way north the mirrored way."""
    assert _excavations(_SOUTH_VIEW, "south") == {"excavate E01 1,0SW", "excavate E01 1,-1NW"}
    assert _excavations(_SOUTH_VIEW, "north") == set()
    assert _excavations(_NORTH_VIEW, "north") == {"excavate E01 -2,-1NE", "excavate E01 -2,0SE"}
    assert _excavations(_NORTH_VIEW, "south") == set()
    pos = position(_SOUTH_VIEW.format(to_move="north", other="south"))
    reason = why_illegal(pos, Excavate("E01", (2, 0)))
    assert reason is not None and "R-EXC-2" in reason and "north" in reason


# ---- docs/rules.md section 10: an excavation site on the Thera board's rim --------------------------


def test_ruling_excavation_site_may_lie_on_the_thera_board_rim():
    """docs/rules.md section 10: excavation site may lie on the Thera board rim."""
    comps = load_components(THERA_RIM)
    # The rim piece at 0,0NE (showing a lake) and the (1,0)NW piece of L01 touch at point (1,1):
    # one island, not Thera. E01 needs a tree below, a lake to the left and a volcano to the
    # right: L03's tree at 0,-2SW, L02's lake at -2,0NE, L01's volcano at 1,0NW.
    text = """
        board:
          - {slot: [1, 0], tile: L01}
          - {slot: [0, -2], tile: L03}
          - {slot: [-2, 0], tile: L02}
        seats:
          south: {boat: "1,0NW", maps: [E01], drachmas: 3}
          north: {boat: T1}
    """
    pos = loads_position(textwrap.dedent(text), comps)
    rim = parse_quad("0,0NE")
    assert quad_slot(rim) in THERA_SLOTS
    assert pos.board.island_at(rim) == pos.board.island_of_dock["1,0NW"] != pos.board.thera_island
    assert Excavate("E01", rim) in legal_actions(pos)
    after = apply(pos, Excavate("E01", rim))
    assert after.seats[0].temples == (("E01", rim),)
