"""The movement rules: steps, movement points, occupied docks, and loading.

Each test is named after the rule it checks (docs/rules.md section 5). The boards are small and
described where they are defined (the port and route boards in tests/rules_boards.py).
"""

from __future__ import annotations

import pytest

from akrotiri_puzzles import (
    Buy,
    EndTurn,
    Load,
    Oracle,
    Position,
    Sell,
    Step,
    action_cost,
    apply,
    legal_actions,
    why_illegal,
)
from tests.rules_boards import PORT, ROUTE, at, quad, steps

# ---- R-MOVE-1: steps ---------------------------------------------------------------------------


def test_R_MOVE_1_ship_step_reaches_only_docks_joined_by_routes():
    """R-MOVE-1: ship step reaches only docks joined by routes."""
    pos = at(PORT, "seats: {south: {boat: T2}, north: {boat: T1}}")
    # T2's one route leads to 1,0NE; T1 is reached by portage only (and is occupied but can be
    # left again, R-MOVE-3); nothing joins T2 to 1,0SW or 1,0SE.
    assert steps(pos) == {Step("1,0NE"), Step("T1", portage=True)}
    assert "R-MOVE-1" in (why_illegal(pos, Step("1,0SW")) or "")
    assert "R-MOVE-1" in (why_illegal(pos, Step("1,0SE")) or "")


def test_R_MOVE_1_portage_reaches_only_docks_of_the_same_island():
    """R-MOVE-1: portage reaches only docks of the same island."""
    pos = at(
        PORT,
        """
        seats:
          south: {boat: "1,0NE"}
          north: {boat: T1}
        """,
    )
    assert steps(pos) == {Step("T2"), Step("1,0SW", portage=True)}
    assert "R-MOVE-1" in (why_illegal(pos, Step("1,0SE", portage=True)) or "")  # an islet of its own
    assert "R-MOVE-1" in (why_illegal(pos, Step("T2", portage=True)) or "")  # Thera is another island


def test_R_MOVE_1_ship_step_passes_docks_occupied_or_not_without_stopping():
    """R-MOVE-1: ship step passes docks, occupied or not, without stopping."""
    # South ships T2 -> 1,0SE along the route that runs past 1,0SW, where north's boat lies.
    pos = at(
        ROUTE,
        """
        seats:
          south: {boat: T2}
          north: {boat: "1,0SW"}
        """,
    )
    assert Step("1,0SE") in steps(pos)
    after = apply(pos, Step("1,0SE"))
    assert after.seat("south").boat == "1,0SE"
    assert not after.passing
    assert (after.actions_left, after.points) == (2, 1)  # one ordinary step, no extra cost


# ---- R-MOVE-2: movement points -----------------------------------------------------------------


def test_R_MOVE_2_empty_boat_takes_two_steps_per_move_action():
    """R-MOVE-2: empty boat takes two steps per Move action."""
    pos = at(PORT, "seats: {south: {boat: T1}, north: {boat: '1,0SE'}}")
    assert pos.actions_left == 3
    line = [Step("T2", portage=True), Step("1,0NE"), Step("1,0SW", portage=True)]
    costs = []
    for step in line:
        costs.append(action_cost(pos, step))
        pos = apply(pos, step)
    assert costs == [1, 0, 1]
    assert (pos.actions_left, pos.points) == (1, 1)


def test_R_MOVE_2_loaded_boat_takes_one_step_per_move_action():
    """R-MOVE-2: loaded boat takes one step per Move action."""
    pos = at(PORT, "seats: {south: {boat: T1, cargo: [red]}, north: {boat: '1,0SE'}}")
    line = [Step("T2", portage=True), Step("1,0NE"), Step("1,0SW", portage=True)]
    costs = []
    for step in line:
        costs.append(action_cost(pos, step))
        pos = apply(pos, step)
    assert costs == [1, 1, 1]
    assert (pos.actions_left, pos.points) == (0, 0)


def test_R_MOVE_2_unused_point_is_lost_when_a_non_move_action_is_taken():
    """R-MOVE-2: unused point is lost when a non-move action is taken."""
    pos = at(PORT, "seats: {south: {boat: T1}, north: {boat: '1,0SE'}}")
    pos = apply(pos, Step("T2", portage=True))
    assert (pos.actions_left, pos.points) == (2, 1)
    assert action_cost(pos, Step("1,0NE")) == 0  # the empty boat's second step is free...
    pos = apply(pos, Buy(("easy",)))
    assert (pos.actions_left, pos.points) == (1, 0)
    assert action_cost(pos, Step("1,0NE")) == 1  # ...but buying ended that Move action


def test_R_MOVE_2_a_point_left_carries_a_step_after_the_last_action():
    """R-MOVE-2: a point left carries a step after the last action."""
    text = "actions_left: 0\nmovement_points: {points}\nseats: {{south: {{boat: T2}}, north: {{boat: T1}}}}\n"
    assert steps(at(PORT, text.format(points=0))) == set()
    assert "R-MOVE-2" in (why_illegal(at(PORT, text.format(points=0)), Step("1,0NE")) or "")
    assert steps(at(PORT, text.format(points=1))) == {Step("1,0NE")}


# ---- R-MOVE-3: occupied docks ------------------------------------------------------------------

# South's boat at T1 and north's at T2: the only way out of T1 is the portage into T2, then the
# ship step T2 -> 1,0NE. Entering costs 1 point, leaving the occupied dock 2.


def _blocked(hero: str, cargo: str = "[]", actions: int = 3) -> Position:
    other = "north" if hero == "south" else "south"
    return at(
        PORT,
        f"""
        to_move: {hero}
        actions_left: {actions}
        seats:
          {hero}: {{boat: T1, cargo: {cargo}}}
          {other}: {{boat: T2}}
        """,
    )


@pytest.mark.parametrize("hero", ["south", "north"])
def test_R_MOVE_3_enter_an_occupied_dock_only_if_leaving_is_affordable(hero):
    """R-MOVE-3: enter an occupied dock only if leaving is affordable."""
    # Empty boat: 1 point to enter and 2 to leave need two Move actions.
    one_action = _blocked(hero, actions=1)
    assert steps(one_action) == set()
    assert "R-MOVE-3" in (why_illegal(one_action, Step("T2", portage=True)) or "")
    assert steps(_blocked(hero, actions=2)) == {Step("T2", portage=True)}


@pytest.mark.parametrize("hero", ["south", "north"])
def test_R_MOVE_3_portage_through_occupied_dock_costs_one_extra_point(hero):
    """R-MOVE-3: portage through occupied dock costs one extra point."""
    pos = apply(_blocked(hero, actions=2), Step("T2", portage=True))
    assert pos.passing
    assert pos.hero.boat == pos.seat(pos.other).boat == "T2"
    assert (pos.actions_left, pos.points) == (1, 1)
    assert action_cost(pos, Step("1,0NE")) == 1  # 1 point left, leaving needs 2: a new Move action
    pos = apply(pos, Step("1,0NE"))
    assert not pos.passing
    assert (pos.actions_left, pos.points) == (0, 1)
    # The empty boat's last point still carries one more step: three steps in two actions.
    pos = apply(pos, Step("1,0SW", portage=True))
    assert pos.hero.boat == "1,0SW"


def test_R_MOVE_3_chain_runs_over_several_move_actions():
    """R-MOVE-3: chain runs over several Move actions."""
    # A loaded boat gets 1 point per Move action: enter (1 action), leave (2 more actions).
    assert steps(_blocked("south", cargo="[red]", actions=2)) == set()
    pos = apply(_blocked("south", cargo="[red]", actions=3), Step("T2", portage=True))
    assert action_cost(pos, Step("1,0NE")) == 2
    pos = apply(pos, Step("1,0NE"))
    assert (pos.hero.boat, pos.actions_left, pos.points, pos.passing) == ("1,0NE", 0, 0, False)


def test_R_MOVE_3_any_step_may_enter_or_leave_an_occupied_dock():
    """R-MOVE-3: any step may enter or leave an occupied dock."""
    # R-MOVE-3 says "typically portage into it, then ship out"; the engine allows either kind of
    # step both ways. Here the boat ships into T2 (north's dock) and leaves by portage to T1.
    pos = at(PORT, "seats: {south: {boat: '1,0NE'}, north: {boat: T2}}")
    pos = apply(pos, Step("T2"))
    assert pos.passing
    assert action_cost(pos, Step("T1", portage=True)) == 1
    pos = apply(pos, Step("T1", portage=True))
    assert (pos.hero.boat, pos.passing, pos.actions_left, pos.points) == ("T1", False, 1, 1)


@pytest.mark.parametrize("hero", ["south", "north"])
def test_R_MOVE_3_no_other_action_and_no_end_of_turn_while_passing(hero):
    """R-MOVE-3: no other action and no end of turn while passing."""
    # At T2 the boat is at Thera, where selling, buying and the oracle are otherwise allowed.
    pos = apply(_blocked(hero, cargo="[red]", actions=3), Step("T2", portage=True))
    assert all(isinstance(a, Step) for a in legal_actions(pos))
    assert set(legal_actions(pos)) == {Step("1,0NE"), Step("T1", portage=True)}
    for action in (Sell("red"), Buy(("easy",)), Oracle("lake"), EndTurn()):
        assert "R-MOVE-3" in (why_illegal(pos, action) or ""), action


# ---- R-LOAD-1 ----------------------------------------------------------------------------------

# The load board: L01 in slot (1,0) and L03 in slot (1,-1), both unturned, every corner an islet
# with a dock. 1,0SW and 1,-1NW touch at board point (1,0): one island, "1,-1NW", over two tiles.
# 1,0SE and 1,-1NE touch at (2,0): the island "1,-1NE".
LOAD = """
board:
- {slot: [1, 0], tile: L01}
- {slot: [1, -1], tile: L03}
"""


def _loading(cargo: str = "[]") -> Position:
    return at(
        LOAD,
        f"""
        cubes:
        - {{piece: "1,-1NW", colour: red}}
        - {{piece: "1,0SW", colour: blue, count: 2}}
        - {{piece: "1,0SE", colour: green}}
        seats:
          south: {{boat: "1,0SW", cargo: {cargo}}}
          north: {{boat: T2}}
        """,
    )


def test_R_LOAD_1_load_from_anywhere_on_the_boats_island():
    """R-LOAD-1: load from anywhere on the boat's island."""
    pos = _loading()
    after = apply(pos, Load(("red", "blue", "blue")))  # red lies on the other tile of the island
    assert after.hero.cargo == ("red", "blue", "blue")
    assert after.cubes == ((quad("1,0SE"), "green", 1),)
    assert after.actions_left == pos.actions_left - 1


def test_R_LOAD_1_not_from_another_island_nor_more_than_lies_there():
    """R-LOAD-1: not from another island nor more than lies there."""
    pos = _loading()
    assert "R-LOAD-1" in (why_illegal(pos, Load(("green",))) or "")
    assert "R-LOAD-1" in (why_illegal(pos, Load(("red", "red"))) or "")


def test_R_LOAD_1_a_boat_never_holds_more_than_three_cubes():
    """R-LOAD-1: a boat never holds more than three cubes."""
    pos = _loading(cargo="[gray, gray]")
    assert "R-LOAD-1" in (why_illegal(pos, Load(("red", "blue"))) or "")
    loads = [a for a in legal_actions(pos) if isinstance(a, Load)]
    assert sorted(loads, key=str) == [Load(("blue",)), Load(("red",))]
    assert apply(pos, Load(("blue",))).hero.cargo == ("blue", "gray", "gray")
