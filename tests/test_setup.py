"""Setup, driven from `new_game` through the setup actions (R-SET-1..8)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles import (
    KeepGoal,
    PlaceBoat,
    PlaceTile,
    PositionError,
    apply,
    legal_actions,
    new_game,
    why_illegal,
)
from akrotiri_puzzles.geometry import global_quad, rotate_quadrant
from akrotiri_puzzles.position import Position

from .conftest import position, simulated


def play_until(pos: Position, phase: str) -> Position:
    """Take the first legal action until the phase is reached."""
    while pos.phase != phase:
        pos = apply(pos, legal_actions(pos)[0])
    return pos


def after_setup(comps, seed: int = 0, **kwargs) -> Position:
    return play_until(new_game(comps, seed, **kwargs), "place")


def test_R_SET_1_market_starts_full_and_cubes_are_conserved(comps):
    """R-SET-1: market starts full and cubes are conserved."""
    pos = new_game(comps, seed=3)
    assert pos.market == (8, 8, 8, 8)
    assert pos.cubes == ()
    done = after_setup(comps, seed=3)
    assert done.cube_total() == 32
    assert sum(done.market) == 32 - sum(n for _, _, n in done.cubes) == 32 - 4  # two cubes per setup tile


def test_R_SET_2_each_player_starts_with_two_drachmas_a_boat_and_six_temples(comps):
    """R-SET-2: each player starts with two drachmas a boat and six temples."""
    pos = new_game(comps, seed=1)
    for seat in pos.seats:
        assert seat.drachmas == 2
        assert seat.temples == ()
    assert comps.player_board.temples == 6
    assert comps.player_board.start_actions == 3
    done = after_setup(comps, seed=1)
    assert all(seat.boat in ("T1", "T2") for seat in done.seats)
    first_turn = apply(done, legal_actions(done)[0])
    assert first_turn.phase == "act" and first_turn.actions_left == 3


@pytest.mark.parametrize("first", ["south", "north"])
def test_R_SET_3_first_player_places_a_tile_and_its_cubes_then_the_second(comps, first):
    """R-SET-3: first player places a tile and its cubes then the second."""
    second = "north" if first == "south" else "south"
    pos = new_game(comps, seed=5, first=first)
    assert (pos.phase, pos.to_move) == ("setup_tile", first)
    tile = pos.seat(first).tile
    assert tile is not None and pos.seat(second).tile is None
    actions = legal_actions(pos)
    assert actions and all(isinstance(a, PlaceTile) for a in actions)
    action = next(a for a in actions if a.colour == "blue")
    top = pos.land_pile[0]
    pos = apply(pos, action)
    spec = comps.tile[tile]
    icon_piece = pos.board.piece_at[global_quad(action.slot, rotate_quadrant(spec.icon_quadrant, action.rotation))]
    icon_colour = comps.market.colour_of(spec.icon)
    assert (icon_piece, icon_colour, 1) in pos.cubes
    assert action.quadrant is not None
    second_piece = pos.board.piece_at[global_quad(action.slot, action.quadrant)]
    assert second_piece != icon_piece and (second_piece, "blue", 1) in pos.cubes
    assert sum(pos.market) == 30
    assert (pos.phase, pos.to_move) == ("setup_tile", second)
    assert pos.seat(second).tile == top and pos.seat(first).tile is None
    pos = apply(pos, legal_actions(pos)[0])
    assert (pos.phase, pos.to_move) == ("setup_goal", first)
    assert len(pos.board.placements) == 2 and sum(pos.market) == 28


def test_R_SET_4_map_decks_are_shuffled_apart_and_each_player_gets_easy_and_medium(comps):
    """R-SET-4: map decks are shuffled apart and each player gets easy and medium."""
    pos = new_game(comps, seed=2)
    easy, medium, hard = pos.map_decks
    assert sorted(easy) == sorted(comps.deck("easy"))
    assert sorted(medium) == sorted(comps.deck("medium"))
    assert sorted(hard) == sorted(comps.deck("hard"))
    pos = play_until(pos, "setup_goal")
    for seat in pos.seats:
        assert sorted(comps.map[m].deck for m in seat.maps) == ["easy", "medium"]
    # Dealt from the tops of the decks, the first player first.
    assert pos.seat("south").maps == (easy[0], medium[0])
    assert pos.seat("north").maps == (easy[1], medium[1])
    assert pos.map_decks == (easy[2:], medium[2:], hard)
    assert [len(d) for d in pos.map_decks] == [10, 10, 12]
    orders = {new_game(comps, seed=s).map_decks for s in range(5)}
    assert len(orders) == 5  # the seed shuffles them


def test_R_SET_5_each_player_draws_two_goals_keeps_one_and_the_other_goes_to_the_bottom(comps):
    """R-SET-5: each player draws two goals keeps one and the other goes to the bottom."""
    pos = play_until(new_game(comps, seed=4), "setup_goal")
    deck = pos.goal_deck
    assert sorted(deck) == sorted(g.id for g in comps.goals)
    assert pos.to_move == "south" and pos.goal_offer == deck[:2]
    assert legal_actions(pos) == sorted((KeepGoal(g) for g in deck[:2]), key=str)
    assert why_illegal(pos, KeepGoal(deck[2])) is not None
    pos = apply(pos, KeepGoal(deck[1]))
    assert pos.seat("south").goals == (deck[1],)
    assert pos.goal_deck == (*deck[2:], deck[0])
    assert pos.to_move == "north" and pos.goal_offer == deck[2:4]
    pos = apply(pos, KeepGoal(deck[2]))
    assert pos.seat("north").goals == (deck[2],)
    assert pos.goal_deck == (*deck[4:], deck[0], deck[3])
    assert pos.phase == "setup_boat"


@pytest.mark.parametrize("edition", [2016, 2014])
def test_R_SET_6_boats_start_on_different_docks_of_thera(comps, edition):
    """R-SET-6: boats start on different docks of Thera."""
    pos = play_until(new_game(comps, seed=6, edition=edition), "setup_boat")
    assert pos.to_move == "south"
    assert legal_actions(pos) == [PlaceBoat("T1"), PlaceBoat("T2")]
    reason = why_illegal(pos, PlaceBoat("1,0NE"))
    assert reason is not None and "R-SET-6" in reason
    pos = apply(pos, PlaceBoat("T2"))
    assert pos.to_move == "north"
    assert legal_actions(pos) == [PlaceBoat("T1")]
    reason = why_illegal(pos, PlaceBoat("T2"))
    assert reason is not None and "R-SET-6" in reason
    pos = apply(pos, PlaceBoat("T1"))
    assert (pos.seats[0].boat, pos.seats[1].boat) == ("T2", "T1")


@pytest.mark.parametrize("first", ["south", "north"])
def test_R_SET_7_each_player_draws_one_land_tile_and_the_first_player_starts(comps, first):
    """R-SET-7: each player draws one land tile and the first player starts."""
    pos = play_until(new_game(comps, seed=7, first=first), "setup_boat")
    assert all(seat.tile is None for seat in pos.seats)
    pile = pos.land_pile
    assert len(pile) == 36 - 2
    pos = apply(apply(pos, PlaceBoat("T1")), PlaceBoat("T2"))
    assert pos.seat(first).tile == pile[0]
    assert pos.seat("north" if first == "south" else "south").tile == pile[1]
    assert pos.land_pile == pile[2:]
    assert (pos.turn, pos.to_move, pos.phase) == (1, first, "place")


@pytest.mark.parametrize(("edition", "face_up"), [(2016, 5), (2014, 4)])
def test_R_SET_8_strategist_variant_lays_goal_cards_face_up(comps, edition, face_up):
    """R-SET-8: strategist variant lays goal cards face up."""
    strategist = after_setup(comps, seed=8, edition=edition, strategist=True)
    assert len(strategist.goal_face_up) == face_up
    assert len(strategist.goal_deck) == 12 - 2 - face_up
    kept = {g for s in strategist.seats for g in s.goals}
    assert not kept & set(strategist.goal_face_up)
    assert comps.setup.face_up(edition) == face_up
    standard = after_setup(comps, seed=8, edition=edition)
    assert standard.goal_face_up == ()
    assert len(standard.goal_deck) == 10


# ---- docs/rules.md section 10 -----------------------------------------------------------------------


def test_ruling_two_boats_never_share_a_dock():
    """docs/rules.md section 10: two boats never share a dock."""
    with pytest.raises(PositionError, match="two boats never share a dock"):
        position(
            """
            seats:
              south: {boat: T1}
              north: {boat: T1}
            """
        )
    for edition, strategist in ((2016, False), (2014, False), (2016, True)):
        for pos in simulated(edition=edition, strategist=strategist):
            south, north = pos.seats
            if south.boat is not None and south.boat == north.boat:
                # Only while passing through, and then only steps may follow (R-MOVE-3).
                assert pos.passing
                assert all(type(a).__name__ == "Step" for a in legal_actions(pos))


def test_ruling_the_game_has_two_seats_only(comps):
    """docs/rules.md section 10: the game has two seats only."""
    with pytest.raises(PositionError, match="first"):
        new_game(comps, first="east")
    with pytest.raises(PositionError, match=r"seats\.east"):
        position("seats: {east: {boat: T1}}")
    assert len(new_game(comps).seats) == 2
