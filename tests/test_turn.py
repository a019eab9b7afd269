"""The order of a turn and the number of actions in it (R-TURN-1..3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from akrotiri_puzzles import (
    Buy,
    EndTurn,
    Excavate,
    Load,
    PlaceTile,
    Sell,
    Step,
    Unload,
    action_cost,
    apply,
    legal_actions,
    load_components,
    new_game,
    why_illegal,
)

from .conftest import position

DATA = Path(__file__).parent / "data"

PLACE = """
    phase: place
    board:
      - {slot: [1, 0], tile: L01}
    cubes:
      - {piece: "1,0SW", colour: red, count: 2}
    seats:
      south: {boat: T2, tile: L02}
      north: {boat: T1, tile: L03}
"""


# ---- R-TURN-1 -------------------------------------------------------------------------------


def test_R_TURN_1_the_turn_starts_by_playing_the_land_tile():
    """R-TURN-1: the turn starts by playing the land tile."""
    pos = position(PLACE)
    actions = legal_actions(pos)
    assert actions and all(isinstance(a, PlaceTile) for a in actions)
    for early in (EndTurn(), Step("1,0SW"), Buy(("easy",))):
        reason = why_illegal(pos, early)
        assert reason is not None and "R-TURN-1" in reason


def test_R_TURN_1_tile_and_resources_come_before_the_action_phase():
    """R-TURN-1: tile and resources come before the action phase."""
    pos = position(PLACE)
    after = apply(pos, PlaceTile((0, 1), 0, "green", "SE"))
    assert after.phase == "act" and after.actions_left == 3
    assert sum(after.market) == sum(pos.market) - 2  # both cubes already placed
    reason = why_illegal(after, PlaceTile((1, 1), 0, "green", "SE"))
    assert reason is not None and "R-TURN-1" in reason


def test_R_TURN_1_the_end_of_turn_passes_to_the_other_player_who_plays_their_tile():
    """R-TURN-1: the end of turn passes to the other player who plays their tile."""
    pos = apply(position(PLACE), PlaceTile((0, 1), 0, "green", "SE"))
    pile = pos.land_pile
    after = apply(pos, EndTurn())
    assert (after.to_move, after.phase, after.turn) == ("north", "place", pos.turn + 1)
    assert after.seat("south").tile == pile[0]  # drawn at the end of the turn (R-END-1)


def test_R_TURN_1_a_player_without_a_tile_goes_straight_to_the_action_phase():
    """R-TURN-1: a player without a tile goes straight to the action phase."""
    pos = position(
        """
        seats:
          south: {boat: T2}
          north: {boat: T1}
        piles: {known: false, land: []}
        """
    )
    after = apply(pos, EndTurn())
    assert after.to_move == "north" and after.seat("north").tile is None
    assert after.phase == "act" and after.actions_left == 3


# ---- R-TURN-2 -------------------------------------------------------------------------------


def test_R_TURN_2_default_track_three_then_four_five_six(comps):
    """R-TURN-2: the default track is 3, then 4, 5 and 6."""
    track = [comps.player_board.actions_after(n) for n in range(7)]
    assert track == [3, 4, 5, 5, 6, 6, 6]
    reveals = [r.goal_draw for r in comps.player_board.reveals]
    assert reveals == [False, False, True, False, True, False]


# E01 fits the site 1,0SW for the south seat (see test_geometry.py).
FIRST_TEMPLE = """
    board:
      - {slot: [1, 0], tile: L02}
      - {slot: [1, -1], tile: L03}
      - {slot: [0, 1], tile: L06}
      - {slot: [2, 0], tile: L01}
    seats:
      south: {boat: "1,0SW", maps: [E01], drachmas: 3}
      north: {boat: T1}
"""


def test_R_TURN_2_a_number_revealed_this_turn_applies_from_the_next_turn():
    """R-TURN-2: a number revealed this turn applies from the next turn."""
    pos = position(FIRST_TEMPLE)
    assert pos.actions_left == 3
    pos = apply(pos, Excavate("E01", (2, 0)))
    assert len(pos.seat("south").temples) == 1
    assert pos.actions_left == 2  # still this turn's 3, one spent
    pos = apply(pos, EndTurn())  # south draws a tile
    assert (pos.to_move, pos.phase, pos.actions_left) == ("north", "act", 3)
    pos = apply(pos, EndTurn())
    assert (pos.to_move, pos.phase) == ("south", "place")
    pos = apply(pos, legal_actions(pos)[0])
    assert pos.phase == "act" and pos.actions_left == 4


def test_R_TURN_2_actions_are_fixed_when_the_action_phase_starts():
    """R-TURN-2: actions are fixed when the action phase starts."""
    pos = position(
        """
        to_move: north
        board:
          - {slot: [1, 0], tile: L02}
        seats:
          south: {boat: T2, temples: [{map: E02, site: "1,0NE"}, {map: E03, site: "1,0SW"}]}
          north: {boat: T1}
        piles: {known: false, land: []}
        """
    )
    assert pos.actions_left == 3  # north has no temple
    after = apply(pos, EndTurn())
    assert after.to_move == "south" and after.actions_left == 5


def test_R_TURN_2_the_action_track_is_component_data():
    """R-TURN-2: the action track is component data."""
    short = load_components(DATA / "components" / "short_board")
    pos = new_game(short, seed=1)
    while pos.phase != "act":
        pos = apply(pos, legal_actions(pos)[0])
    assert pos.actions_left == 2


# ---- R-TURN-3 -------------------------------------------------------------------------------


def test_R_TURN_3_a_player_may_end_the_turn_with_actions_left():
    """R-TURN-3: a player may end the turn with actions left."""
    pos = position(FIRST_TEMPLE)
    assert EndTurn() in legal_actions(pos)
    assert why_illegal(pos, EndTurn()) is None
    assert apply(pos, EndTurn()).to_move == "north"


@pytest.mark.parametrize("actions_left", [0, 2])
def test_R_TURN_3_free_actions_cost_none_and_repeat(actions_left):
    """R-TURN-3: free actions cost none and repeat."""
    at_thera = position(
        f"""
        actions_left: {actions_left}
        seats:
          south: {{boat: T2, cargo: [red, red, blue]}}
          north: {{boat: T1}}
        """
    )
    legal = legal_actions(at_thera)
    assert Sell("red") in legal and Sell("blue") in legal
    pos = at_thera
    for colour in ("red", "red", "blue"):
        assert action_cost(pos, Sell(colour)) == 0
        pos = apply(pos, Sell(colour))
        assert pos.actions_left == actions_left
    assert pos.hero.cargo == () and pos.hero.drachmas > at_thera.hero.drachmas

    at_island = position(
        f"""
        actions_left: {actions_left}
        board:
          - {{slot: [1, 0], tile: L01}}
        seats:
          south: {{boat: "1,0SW", cargo: [green, gray]}}
          north: {{boat: T1}}
        """
    )
    pos = at_island
    for colour in ("green", "gray"):
        assert Unload((colour,)) in legal_actions(pos)
        assert action_cost(pos, Unload((colour,))) == 0
        pos = apply(pos, Unload((colour,)))
        assert pos.actions_left == actions_left
    assert pos.hero.cargo == ()


def test_R_TURN_3_actions_that_cost_one_need_one_left():
    """R-TURN-3: actions that cost one need one left."""
    pos = position(
        """
        actions_left: 0
        cubes:
          - {piece: "1,0SW", colour: red}
        board:
          - {slot: [1, 0], tile: L01}
        seats:
          south: {boat: "1,0SW"}
          north: {boat: T1}
        """
    )
    assert legal_actions(pos) == [EndTurn()]
    reason = why_illegal(pos, Load(("red",)))
    assert reason is not None and "R-TURN-2" in reason
    assert action_cost(position(FIRST_TEMPLE), Excavate("E01", (2, 0))) == 1
