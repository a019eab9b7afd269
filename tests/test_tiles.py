"""Playing the land tile and placing its resources (R-TILE-1..3, and the ruling of docs/rules.md section 10)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from akrotiri_puzzles import Load, PlaceTile, Unload, apply, legal_actions, load_components, loads_position, why_illegal
from akrotiri_puzzles.geometry import ROTATIONS, parse_quad
from akrotiri_puzzles.notation import NotationError, parse_action
from akrotiri_puzzles.position import Position

from .conftest import position

JOINED = Path(__file__).parent / "data" / "components" / "joined_corners"


def place(tile: str, board: str = "", cubes: str = "", market: str = "") -> Position:
    """South to play `tile`, on the Thera board plus `board` (YAML list items)."""
    return position(
        f"""
        phase: place
        board: [{board}]
        cubes: [{cubes}]
        {market}
        seats:
          south: {{boat: T2, tile: {tile}}}
          north: {{boat: T1}}
        """
    )


def tile_actions(pos: Position, slot: tuple[int, int], rotation: int) -> set[str]:
    return {str(a) for a in legal_actions(pos) if a.slot == slot and a.rotation == rotation}  # type: ignore[union-attr]


def cubes_of(pos: Position, quad: str) -> dict[str, int]:
    piece = pos.board.piece_at[parse_quad(quad)]  # type: ignore[index]
    return {c: n for p, c, n in pos.cubes if p == piece}


# ---- R-TILE-1 -------------------------------------------------------------------------------


def test_R_TILE_1_a_tile_goes_next_to_a_filled_slot_in_any_rotation():
    """R-TILE-1: a tile goes next to a filled slot in any rotation."""
    pos = place("L02", board="{slot: [1, 0], tile: L01}")
    legal = legal_actions(pos)
    slots = {a.slot for a in legal}  # type: ignore[union-attr]
    expected = {(-2, -1), (-2, 0), (-1, -2), (-1, 1), (0, -2), (0, 1), (1, -1), (1, 1), (2, 0)}
    assert slots == expected == set(pos.board.open_slots)
    for slot in expected:
        assert {a.rotation for a in legal if a.slot == slot} == set(ROTATIONS)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (PlaceTile((2, 1), 0, "red", "NE"), "not next to a filled slot (R-TILE-1)"),  # diagonal only
        (PlaceTile((3, 0), 0, "red", "NE"), "not next to a filled slot (R-TILE-1)"),
        (PlaceTile((1, 0), 0, "red", "NE"), "already filled (R-TILE-1)"),
        (PlaceTile((0, 0), 0, "red", "NE"), "already filled (R-TILE-1)"),
        (PlaceTile((2, 0), 45, "red", "NE"), "R-GEO-8"),
    ],
)
def test_R_TILE_1_other_slots_and_rotations_are_illegal(action, words):
    """R-TILE-1: other slots and rotations are illegal."""
    pos = place("L02", board="{slot: [1, 0], tile: L01}")
    reason = why_illegal(pos, action)
    assert reason is not None and words in reason


# ---- R-TILE-2 -------------------------------------------------------------------------------


def test_R_TILE_2_first_cube_on_the_icon_then_any_colour_on_another_island():
    """R-TILE-2: first cube on the icon then any colour on another island."""
    # L01: four one-quadrant pieces, volcano on NW. At (1,0) every piece is its own island.
    pos = place("L01")
    assert tile_actions(pos, (1, 0), 0) == {
        f"tile 1,0 r0 {colour}@{q}" for colour in ("red", "blue", "green", "gray") for q in ("NE", "SW", "SE")
    }
    after = apply(pos, PlaceTile((1, 0), 0, "blue", "SE"))
    assert cubes_of(after, "1,0NW") == {"red": 1}
    assert cubes_of(after, "1,0SE") == {"blue": 1}
    assert after.market == (7, 7, 8, 8)


def test_R_TILE_2_a_sold_out_icon_colour_skips_the_first_cube():
    """R-TILE-2: a sold out icon colour skips the first cube."""
    pos = place("L01", board="{slot: [0, 1], tile: L05}", cubes='{piece: "0,1NE", colour: red, count: 8}')
    assert pos.market_count("red") == 0
    assert {a.colour for a in legal_actions(pos)} == {"blue", "green", "gray"}  # type: ignore[union-attr]
    after = apply(pos, PlaceTile((1, 0), 0, "gray", "SE"))
    assert cubes_of(after, "1,0NW") == {}
    assert cubes_of(after, "1,0SE") == {"gray": 1}


def test_R_TILE_2_the_last_cube_of_the_icon_colour_goes_on_the_icon():
    """R-TILE-2: the last cube of the icon colour goes on the icon."""
    pos = place("L01", board="{slot: [0, 1], tile: L05}", cubes='{piece: "0,1NE", colour: red, count: 7}')
    assert pos.market_count("red") == 1
    assert {a.colour for a in legal_actions(pos)} == {"blue", "green", "gray"}  # type: ignore[union-attr]
    reason = why_illegal(pos, PlaceTile((1, 0), 0, "red", "SE"))
    assert reason is not None and "no red cube is left" in reason and "R-TILE-2" in reason
    after = apply(pos, PlaceTile((1, 0), 0, "green", "SE"))
    assert cubes_of(after, "1,0NW") == {"red": 1}
    assert after.market_count("red") == 0


def test_R_TILE_2_an_empty_market_places_no_cube():
    """R-TILE-2: an empty market places no cube."""
    cubes = ", ".join(f'{{piece: "0,1NE", colour: {c}, count: 8}}' for c in ("red", "blue", "green", "gray"))
    pos = place("L01", board="{slot: [0, 1], tile: L05}", cubes=cubes)
    assert pos.market == (0, 0, 0, 0)
    legal = legal_actions(pos)
    assert all(a.colour is None and a.quadrant is None for a in legal)  # type: ignore[union-attr]
    assert len(legal) == 4 * len(pos.board.open_slots)
    reason = why_illegal(pos, PlaceTile((1, 0), 0, "red", "SE"))
    assert reason is not None and "no cube is left on the market" in reason
    after = apply(pos, PlaceTile((1, 0), 0))
    assert after.cubes == pos.cubes


def test_R_TILE_2_the_second_cube_must_leave_the_icons_island():
    """R-TILE-2: the second cube must leave the icon's island."""
    # L29: pieces [NW+SE], [NE] and [SW], volcano on SE: NE and SW are other islands, NW is not.
    pos = place("L29")
    expected = {f"tile 1,0 r0 {c}@{q}" for c in ("red", "blue", "green", "gray") for q in ("NE", "SW")}
    assert tile_actions(pos, (1, 0), 0) == expected
    reason = why_illegal(pos, PlaceTile((1, 0), 0, "blue", "NW"))
    assert reason is not None and "different island" in reason and "R-TILE-2" in reason
    reason = why_illegal(pos, PlaceTile((1, 0), 0))
    assert reason is not None and "second cube must be placed" in reason


def test_R_TILE_2_a_piece_joined_to_the_icons_island_by_the_board_is_not_another_island():
    """R-TILE-2: a piece joined to the icon's island by the board is not another island."""
    # Three diagonal pieces chain the points (1,0), (2,-1), (3,0) and (2,1): L13 at (1,-1) joins
    # (1,0) to (2,-1), L21 at (2,-1) joins (2,-1) to (3,0), L14 at (2,0) joins (3,0) to (2,1).
    # L01 turned 270 at (1,0) puts its volcano on SW (point (1,0)) and its NE piece on (2,1):
    # both on that island, so the second cube goes on NW or SE only.
    board = "{slot: [1, -1], tile: L13}, {slot: [2, -1], tile: L21}, {slot: [2, 0], tile: L14}"
    pos = place("L01", board=board)
    assert {a.split()[-1].split("@")[1] for a in tile_actions(pos, (1, 0), 270)} == {"NW", "SE"}
    reason = why_illegal(pos, PlaceTile((1, 0), 270, "blue", "NE"))
    assert reason is not None and "different island" in reason


# ---- docs/rules.md section 10 -----------------------------------------------------------------------


def test_ruling_second_cube_judged_after_placement():
    """docs/rules.md section 10: second cube judged after placement."""
    # The default tiles have 3 or 4 pieces, and no board can join them all, so this ruling is
    # shown with a component set whose tiles join three corners (tests/data/components/joined_corners).
    # J1 at (1,-1) touches the points (1,0), (2,0), (2,-1) with one piece. J2 (same shape, lake
    # on NW) at (1,0) unturned has pieces [NW+NE+SE] on (2,0) and [SW] on (1,0): two pieces on
    # the tile, but after placement both are on J1's island. No second cube.
    pos = loads_position(
        textwrap.dedent(
            """
            phase: place
            board: [{slot: [1, -1], tile: J1}]
            seats:
              south: {boat: T2, tile: J2}
              north: {boat: T1}
            """
        ),
        load_components(JOINED),
        "<test>",
    )
    assert tile_actions(pos, (1, 0), 0) == {"tile 1,0 r0"}
    reason = why_illegal(pos, PlaceTile((1, 0), 0, "red", "SW"))
    assert reason is not None and "all one island" in reason
    after = apply(pos, PlaceTile((1, 0), 0))
    assert cubes_of(after, "1,0NW") == {"blue": 1}
    assert sum(n for _, _, n in after.cubes) == sum(n for _, _, n in pos.cubes) + 1
    # Turned 90 degrees, the small piece lies on (1,1), away from that island: a second cube.
    assert tile_actions(pos, (1, 0), 90) == {f"tile 1,0 r90 {c}@NW" for c in ("red", "blue", "green", "gray")}


# ---- R-TILE-3 -------------------------------------------------------------------------------


MERGE = """
    phase: place
    board:
      - {slot: [0, 1], tile: L01}
      - {slot: [1, -1], tile: L02}
    cubes:
      - {piece: "0,1SE", colour: red}
      - {piece: "1,-1NE", colour: blue, count: 2}
    seats:
      south: {boat: "1,-1NE", tile: L13}
      north: {boat: T1}
"""


def test_R_TILE_3_cubes_stay_on_their_piece_when_islands_merge():
    """R-TILE-3: cubes stay on their piece when islands merge."""
    pos = position(MERGE)
    board = pos.board
    red_island, blue_island = board.island_at((1, 2)), board.island_at((3, -1))
    assert red_island != blue_island
    assert pos.cubes_by_island[red_island] == {"red": 1}
    # L13 at (1,0) joins NW (point (1,1)) and SE (point (2,0)): one island of the three pieces.
    after = apply(pos, PlaceTile((1, 0), 0, "gray", "NE"))
    assert ((1, 2), "red", 1) in after.cubes and ((3, -1), "blue", 2) in after.cubes
    merged = after.board.island_at((1, 2))
    assert merged == after.board.island_at((3, -1)) == after.board.island_at((3, 0))
    assert after.cubes_by_island[merged] == {"red": 2, "blue": 2}  # L13's volcano cube too
    # The boat at 1,-1NE loads cubes lying on other pieces of its island.
    after = apply(after, Load(("red", "red", "blue")))
    assert after.hero.cargo == ("red", "red", "blue")
    assert after.cubes_by_island[merged] == {"blue": 1}


def test_R_TILE_3_unloaded_cubes_go_on_the_piece_of_the_boats_dock():
    """R-TILE-3: unloaded cubes go on the piece of the boat's dock."""
    pos = position(
        """
        board:
          - {slot: [1, 0], tile: L13}
        seats:
          south: {boat: "1,0SW", cargo: [green, green]}
          north: {boat: T1}
        """
    )
    after = apply(pos, Unload(("green", "green")))
    assert after.cubes == (((2, 0), "green", 2),)


def test_R_TILE_2_the_second_cube_never_goes_on_an_island_off_the_tile():
    """R-TILE-2: the second cube goes on the tile just laid. The notation can name a quadrant of
    the board for it (a lesson's misreading line says `red@1,0NE`: "any island"), and the engine
    refuses that, naming R-TILE-2; the same quadrant inside the tile's slot is the short name."""
    pos = place("L02", board="{slot: [1, 0], tile: L01}")
    action = parse_action("tile 2,0 r0 blue@1,0ne")
    assert str(action) == "tile 2,0 r0 blue@1,0NE" and action.cube_site() == parse_quad("1,0NE")
    reason = why_illegal(pos, action)
    assert reason is not None and "land of the tile just laid, not on 1,0NE (R-TILE-2)" in reason
    assert parse_action("tile 2,0 r0 blue@2,0se") == PlaceTile((2, 0), 0, "blue", "SE")
    assert why_illegal(pos, PlaceTile((2, 0), 0, "blue", "SE")) is None
    with pytest.raises(NotationError, match="like 1,-2NE"):
        parse_action("tile 2,0 r0 blue@north")
