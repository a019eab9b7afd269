"""The action rules: excavating, buying, the oracle, free actions, end of turn (movement and
loading: test_rules_moves.py).

Each test is named after the rule it checks (docs/rules.md sections 5 to 7). The boards are small and
described where they are defined (the route board in tests/rules_boards.py); quadrants are written
`x,yQ` (slot and quadrant, R-GEO-2) and an island is named by its smallest piece, as the engine
names it.
"""

from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest

from akrotiri_puzzles import (
    Buy,
    EndTurn,
    Excavate,
    KeepGoal,
    Oracle,
    PlaceTile,
    Position,
    Sell,
    Unload,
    apply,
    legal_actions,
    why_illegal,
)
from akrotiri_puzzles.components import MapCard
from akrotiri_puzzles.excavation import meets
from tests.rules_boards import ROUTE, at, play, quad

# ---- R-EXC-1, R-EXC-2: excavation --------------------------------------------------------------

# The excavation board. Icons, as global quadrants (2x+i, 2y+j):
#   L05 in (1,0): volcano on 1,0NE = (3,1)     L03 in (1,-1): tree on 1,-1SW = (2,-2)
#   L08 in (2,0): mountain on 2,0NW = (4,1)    L02 in (0,1): lake on 0,1NE = (1,3)
# The site 1,0SW = (2,0) lies on the island "1,-1NW" (pieces 1,0SW and 1,-1NW, touching at board
# point (1,0)), which has the dock 1,0SW; T2 ships there through L05's W port.
# Seen from south (above +y, right +x) the tree is below the site, the lake left of it, the
# volcano and the mountain right of it. North sees the board mirrored: tree above, lake right,
# volcano and mountain left.
#   E01 (below tree, left lake, right volcano) is met from south, not from north.
#   E09 (above tree, left mountain, right lake) is met from north, not from south.
EXC = """
board:
- {slot: [1, 0], tile: L05}
- {slot: [1, -1], tile: L03}
- {slot: [2, 0], tile: L08}
- {slot: [0, 1], tile: L02}
"""
SITE = quad("1,0SW")
# Islands of the excavation board other than "1,-1NW", for temples excavated before a test.
FIVE_SITES = ["0,1NW", "0,1NE", "0,1SW", "1,-1SW", "1,-1SE"]


def with_temples(pos: Position, seat: str, n: int) -> Position:
    """The position with `n` earlier temples of a seat on FIVE_SITES (map cards made up)."""
    temples = tuple((f"M0{i + 1}", quad(s)) for i, s in enumerate(FIVE_SITES[:n]))
    return pos.with_seat(seat, replace(pos.seat(seat), temples=temples))


def _digger(hero: str = "south", maps: str = "[E01, E09]", drachmas: int = 3, extra: str = "") -> Position:
    other = "north" if hero == "south" else "south"
    rest = f"""
        to_move: {hero}
        seats:
          {hero}: {{boat: "1,0SW", maps: {maps}, drachmas: {drachmas}}}
          {other}: {{boat: T2}}
        """
    return at(EXC, textwrap.dedent(rest) + textwrap.dedent(extra))


def test_R_EXC_1_pay_place_the_temple_and_keep_the_card():
    """R-EXC-1: pay, place the temple and keep the card."""
    pos = _digger(drachmas=5)
    after = apply(pos, Excavate("E01", SITE))
    assert after.hero.temples == (("E01", SITE),)
    assert after.hero.maps == ("E09",)
    assert after.hero.drachmas == 2  # E01 costs 3
    assert after.actions_left == pos.actions_left - 1


def test_R_EXC_1_needs_the_card_in_hand_and_its_cost():
    """R-EXC-1: needs the card in hand and its cost."""
    assert "R-EXC-1" in (why_illegal(_digger(drachmas=2), Excavate("E01", SITE)) or "")
    assert "R-EXC-1" in (why_illegal(_digger(maps="[E09]"), Excavate("E01", SITE)) or "")
    assert not any(isinstance(a, Excavate) for a in legal_actions(_digger(drachmas=2)))


def test_R_EXC_1_site_on_the_island_where_the_boat_is_docked():
    """R-EXC-1: site on the island where the boat is docked."""
    # 1,0NE (the volcano's islet) is not on the boat's island "1,-1NW".
    assert "R-EXC-1" in (why_illegal(_digger(), Excavate("E01", quad("1,0NE"))) or "")
    sites = {a.site for a in legal_actions(_digger()) if isinstance(a, Excavate) and a.card == "E01"}
    assert sites == {quad("1,0SW"), quad("1,-1NW")}  # both quadrants of the island meet E01


def test_R_EXC_1_not_on_thera():
    """R-EXC-1: not on Thera."""
    # Thera's central quadrant 0,0SW = (0,0) meets E04 from south (above mountain (4,1), below
    # tree (2,-2), right volcano (3,1)), but Thera takes no temple.
    board = _digger().board
    assert meets(board, "south", board.components.map["E04"], quad("0,0SW"))
    pos = at(EXC, "seats: {south: {boat: T2, maps: [E04], drachmas: 9}, north: {boat: T1}}")
    assert not any(isinstance(a, Excavate) for a in legal_actions(pos))
    reason = why_illegal(pos, Excavate("E04", quad("0,0SW"))) or ""
    assert "Thera" in reason and "R-EXC-1" in reason


@pytest.mark.parametrize("owner", ["south", "north"])
def test_R_EXC_1_not_on_an_island_with_a_temple(owner):
    """R-EXC-1: not on an island with a temple."""
    # A temple of either seat on 1,-1NW, the island's other quadrant.
    pos = _digger()
    pos = pos.with_seat(owner, replace(pos.seat(owner), temples=(("M01", quad("1,-1NW")),)))
    assert "R-EXC-1" in (why_illegal(pos, Excavate("E01", SITE)) or "")
    assert not any(isinstance(a, Excavate) for a in legal_actions(pos))


def test_R_EXC_1_islands_that_merge_later_may_hold_several_temples():
    """R-EXC-1: islands that merge later may hold several temples."""
    # 1,0SE (south's temple, touching board point (2,0)) and 2,1SE (north's, touching (3,1)) are
    # two islands, on opposite corners of the empty slot (2,0). L21 joins NE and SW; turned 180
    # degrees in slot (2,0) its diagonal piece touches (2,0) and (3,1): the two islands merge.
    pos = at(
        ROUTE + "- {slot: [1, 1], tile: L05}\n- {slot: [2, 1], tile: L02}\n",
        """
        phase: place
        seats:
          south: {boat: T2, tile: L21, temples: [{map: E02, site: "1,0SE"}]}
          north: {boat: T1, temples: [{map: E03, site: "2,1SE"}]}
        """,
    )
    assert pos.board.island_at(quad("1,0SE")) != pos.board.island_at(quad("2,1SE"))
    merge = [a for a in legal_actions(pos) if isinstance(a, PlaceTile) and a.slot == (2, 0) and a.rotation == 180]
    assert merge, "placing a tile that joins two islands with temples is legal"
    after = apply(pos, merge[0])
    island = after.board.island_at(quad("1,0SE"))
    assert island == after.board.island_at(quad("2,1SE"))
    assert len(after.temple_islands()[island]) == 2


@pytest.mark.parametrize(("temples_before", "now", "next_turn"), [(0, 3, 4), (1, 4, 5), (2, 5, 5), (3, 5, 6)])
def test_R_EXC_1_revealed_actions_apply_from_the_next_turn(temples_before, now, next_turn):
    """R-EXC-1: revealed actions apply from the next turn."""
    # The player board reveals 4, 5, goal draw, 6 actions as temples 1 to 4 leave it (R-TURN-2).
    # Piles are empty, so no tile is drawn or placed: each turn starts in the action phase.
    pos = _digger(extra="piles: {known: false}\n")
    pos = replace(with_temples(pos, "south", temples_before), actions_left=now)
    pos = apply(pos, Excavate("E01", SITE))
    assert pos.actions_left == now - 1  # this turn's number was fixed when the action phase began
    pos = play(pos, EndTurn(), EndTurn())
    assert (pos.to_move, pos.phase, pos.actions_left) == ("south", "act", next_turn)


def test_R_EXC_1_goal_draw_keeps_one_and_puts_the_other_at_the_bottom():
    """R-EXC-1: goal draw keeps one and puts the other at the bottom."""
    # Two temples already: removing the third reveals the goal draw (player board, R-TURN-2).
    pos = _digger(
        extra="""
        piles: {known: false, goals: [G05, G09, G01]}
        """,
    )
    pos = with_temples(pos, "south", 2)
    pos = apply(pos, Excavate("E01", SITE))
    assert (pos.phase, pos.goal_offer) == ("goal", ("G05", "G09"))
    assert legal_actions(pos) == [KeepGoal("G05"), KeepGoal("G09")]
    actions_left = pos.actions_left
    pos = apply(pos, KeepGoal("G09"))
    assert pos.hero.goals == ("G09",)
    assert pos.goal_deck == ("G01", "G05")
    assert (pos.phase, pos.actions_left) == ("act", actions_left)  # keeping a goal is free


@pytest.mark.parametrize("temples_before", [2, 4])
def test_R_EXC_1_strategist_variant_takes_a_face_up_goal_at_temples_3_and_5(temples_before):
    """R-EXC-1: strategist variant takes a face-up goal at temples 3 and 5."""
    pos = _digger(
        extra="""
        variant: strategist
        piles: {known: false, goals: [G01, G03], goals_face_up: [G02, G04, G06, G08, G10]}
        """,
    )
    pos = with_temples(pos, "south", temples_before)
    pos = apply(pos, Excavate("E01", SITE))
    assert pos.goal_offer == ("G02", "G04", "G06", "G08", "G10")
    pos = apply(pos, KeepGoal("G06"))
    assert pos.hero.goals == ("G06",)
    assert pos.goal_face_up == ("G02", "G04", "G08", "G10")
    assert pos.goal_deck == ("G01", "G03")  # the deck is not touched


@pytest.mark.parametrize(("deck", "offer"), [("[G07]", ("G07",)), ("[]", ())])
def test_R_EXC_1_goal_draw_offers_what_is_left_of_the_goal_deck(deck, offer):
    """R-EXC-1: goal draw offers what is left of the goal deck."""
    # The rules are silent on a goal deck with fewer than 2 cards: the engine offers what is left,
    # and with nothing left the action phase simply goes on.
    pos = with_temples(_digger(extra=f"piles: {{known: false, goals: {deck}}}\n"), "south", 2)
    pos = apply(pos, Excavate("E01", SITE))
    assert (pos.phase, pos.goal_offer) == ("goal" if offer else "act", offer)


def test_R_EXC_1_no_goal_draw_at_the_fourth_temple():
    """R-EXC-1: no goal draw at the fourth temple."""
    pos = with_temples(_digger(extra="piles: {known: false, goals: [G05, G09]}\n"), "south", 3)
    pos = apply(pos, Excavate("E01", SITE))
    assert (pos.phase, pos.goal_offer, pos.hero.goals) == ("act", (), ())


def test_R_EXC_2_same_board_and_site_meet_a_card_from_south_only():
    """R-EXC-2: same board and site meet a card from south only."""
    assert why_illegal(_digger("south"), Excavate("E01", SITE)) is None
    reason = why_illegal(_digger("north"), Excavate("E01", SITE)) or ""
    assert "R-EXC-2" in reason and "north" in reason


def test_R_EXC_2_same_board_and_site_meet_a_card_from_north_only():
    """R-EXC-2: same board and site meet a card from north only."""
    assert why_illegal(_digger("north"), Excavate("E09", SITE)) is None
    assert "R-EXC-2" in (why_illegal(_digger("south"), Excavate("E09", SITE)) or "")
    south = {a.card for a in legal_actions(_digger("south")) if isinstance(a, Excavate)}
    north = {a.card for a in legal_actions(_digger("north")) if isinstance(a, Excavate)}
    assert (south, north) == ({"E01"}, {"E09"})


def card(*requires: tuple[str, str, int]) -> MapCard:
    """A map card made up for a test."""
    return MapCard("T01", "easy", 0, 0, requires)


@pytest.mark.parametrize("seat", ["south", "north"])
@pytest.mark.parametrize("direction", ["above", "below", "left", "right"])
def test_R_EXC_2_icons_in_the_sites_own_quadrant_never_count(seat, direction):
    """R-EXC-2: icons in the site's own quadrant never count."""
    # The only volcano lies on 1,0NE: excavating there, it is in no direction of the site.
    board = _digger().board
    assert not meets(board, seat, card((direction, "volcano", 1)), quad("1,0NE"))


@pytest.mark.parametrize(
    ("seat", "direction", "met"),
    [("south", "right", True), ("south", "above", False), ("north", "left", True), ("north", "below", False)],
)
def test_R_EXC_2_icons_in_the_sites_row_are_beside_it_not_above(seat, direction, met):
    """R-EXC-2: icons in the site's row are beside it, not above."""
    # 1,0NW = (2,1) shares its quadrant row with the volcano (3,1), one column to the east.
    assert meets(_digger().board, seat, card((direction, "volcano", 1)), quad("1,0NW")) is met


def test_R_EXC_2_above_extends_infinitely_left_and_right():
    """R-EXC-2: above extends infinitely left and right."""
    # The lake (1,3) is four quadrant columns left of 2,0SE = (5,0) and three rows up: above it
    # for south and below it for north, however far to the side.
    board = _digger().board
    site = quad("2,0SE")
    assert meets(board, "south", card(("above", "lake", 1), ("left", "lake", 1)), site)
    assert meets(board, "north", card(("below", "lake", 1), ("right", "lake", 1)), site)
    assert not meets(board, "south", card(("below", "lake", 1)), site)
    assert not meets(board, "north", card(("above", "lake", 1)), site)


def test_R_EXC_2_counts_icons_of_each_kind():
    """R-EXC-2: counts icons of each kind."""
    # Right of 1,0SW from south: the volcano and the mountain, one of each; no second volcano.
    board = _digger().board
    assert meets(board, "south", card(("right", "volcano", 1), ("right", "mountain", 1)), SITE)
    assert not meets(board, "south", card(("right", "volcano", 2)), SITE)


# ---- R-BUY-1 -----------------------------------------------------------------------------------

# Thera alone; map decks default to the remaining cards in id order, so each deck's top is its
# lowest id (E01, M01, H01).
THERA = """
board: []
"""


def _buyer(drachmas: int, boat: str = "T1", extra: str = "") -> Position:
    return at(THERA, f"seats: {{south: {{boat: {boat}, drachmas: {drachmas}}}, north: {{boat: T2}}}}\n{extra}")


@pytest.mark.parametrize(("decks", "price"), [(("easy",), 1), (("easy", "hard"), 3), (("easy", "medium", "hard"), 7)])
def test_R_BUY_1_one_two_or_three_cards_for_1_3_or_7_drachmas(decks, price):
    """R-BUY-1: one, two or three cards for 1, 3 or 7 drachmas."""
    pos = _buyer(7)
    after = apply(pos, Buy(decks))
    assert after.hero.drachmas == 7 - price
    assert after.actions_left == pos.actions_left - 1
    assert len(after.hero.maps) == len(decks)
    assert "R-BUY-1" in (why_illegal(_buyer(price - 1), Buy(decks)) or "")


def test_R_BUY_1_each_card_from_the_chosen_deck():
    """R-BUY-1: each card from the chosen deck."""
    after = apply(_buyer(7), Buy(("hard", "hard", "medium")))
    assert after.hero.maps == ("H01", "H02", "M01")
    assert after.map_decks[2][:1] == ("H03",)


def test_R_BUY_1_hand_size_is_unlimited():
    """R-BUY-1: hand size is unlimited."""
    hand = "[" + ", ".join(f"M{i:02d}" for i in range(1, 11)) + "]"
    pos = at(THERA, f"seats: {{south: {{boat: T1, maps: {hand}}}, north: {{boat: T2}}}}\n")
    pos = apply(pos, Buy(("medium",)))
    assert len(pos.hero.maps) == 11
    assert "M11" in pos.hero.maps  # the medium deck's top, once M01..M10 are in hand


def test_R_BUY_1_not_from_an_empty_deck():
    """R-BUY-1: not from an empty deck."""
    piles = "piles: {known: false, maps: {easy: [], medium: [M07]}}\n"
    assert "R-BUY-1" in (why_illegal(_buyer(7, extra=piles), Buy(("easy",))) or "")
    assert "R-BUY-1" in (why_illegal(_buyer(7, extra=piles), Buy(("medium", "medium"))) or "")
    buys = {a for a in legal_actions(_buyer(7, extra=piles)) if isinstance(a, Buy)}
    assert buys == {Buy(("medium",))}


def test_R_BUY_1_only_at_thera():
    """R-BUY-1: only at Thera."""
    pos = at(ROUTE, "seats: {south: {boat: '1,0SW', drachmas: 7}, north: {boat: T2}}")
    assert "R-BUY-1" in (why_illegal(pos, Buy(("easy",))) or "")
    assert not any(isinstance(a, Buy) for a in legal_actions(pos))


# ---- R-ORA-1 -----------------------------------------------------------------------------------

# Land tiles: L01 volcano, L02 lake, L03 tree, L04 mountain, L05 volcano.


def _oracle(pile: str, extra: str = "") -> Position:
    seats = "seats: {south: {boat: T1}, north: {boat: T2}}\n"
    return at(THERA, f"{seats}piles: {{known: false, land: {pile}}}\n{extra}")


def test_R_ORA_1_keeps_the_first_tile_showing_the_icon_and_discards_the_rest():
    """R-ORA-1: keeps the first tile showing the icon and discards the rest."""
    pos = _oracle("[L02, L03, L01, L05]")
    after = apply(pos, Oracle("volcano"))
    assert after.hero.tile == "L01"
    assert after.land_discard == ("L02", "L03")
    assert after.land_pile == ("L05",)
    assert after.actions_left == pos.actions_left - 1


def test_R_ORA_1_keeps_the_last_tile_when_none_shows_the_icon():
    """R-ORA-1: keeps the last tile when none shows the icon."""
    after = apply(_oracle("[L02, L03]"), Oracle("mountain"))
    assert (after.hero.tile, after.land_discard, after.land_pile) == ("L03", ("L02",), ())


def test_R_ORA_1_once_per_turn():
    """R-ORA-1: once per turn."""
    pos = _oracle("[L02, L03]", extra="oracle_used: true\n")
    assert "once per turn" in (why_illegal(pos, Oracle("lake")) or "")
    assert not any(isinstance(a, Oracle) for a in legal_actions(pos))


def test_R_ORA_1_only_with_no_land_tile_in_hand():
    """R-ORA-1: only with no land tile in hand."""
    pos = at(THERA, "seats: {south: {boat: T1, tile: L04}, north: {boat: T2}}\npiles: {known: false, land: [L02]}\n")
    assert "R-ORA-1" in (why_illegal(pos, Oracle("lake")) or "")
    assert not any(isinstance(a, Oracle) for a in legal_actions(pos))


def test_R_ORA_1_not_with_an_empty_pile():
    """R-ORA-1: not with an empty pile."""
    # The discard pile is not the pile: the oracle reveals tiles from the pile only.
    pos = at(THERA, "seats: {south: {boat: T1}, north: {boat: T2}}\npiles: {known: false, discard: [L02]}\n")
    assert "R-ORA-1" in (why_illegal(pos, Oracle("lake")) or "")
    assert not any(isinstance(a, Oracle) for a in legal_actions(pos))


def test_R_ORA_1_no_land_tile_drawn_at_the_end_of_that_turn():
    """R-ORA-1: no land tile drawn at the end of that turn."""
    pos = play(_oracle("[L02, L01, L05, L06]"), Oracle("volcano"), EndTurn())
    assert pos.seat("south").tile == "L01"
    assert pos.land_pile == ("L05", "L06")
    assert pos.oracle_used is False  # north's turn: the oracle is free again


# ---- R-FREE-1, R-FREE-2 ------------------------------------------------------------------------


def _seller(cargo: str, cubes: str, boat: str = "T1") -> Position:
    return at(ROUTE, f"cubes: {cubes}\nseats: {{south: {{boat: '{boat}', cargo: {cargo}}}, north: {{boat: T2}}}}\n")


def test_R_FREE_1_sell_one_cube_at_a_time_onto_the_rightmost_empty_space():
    """R-FREE-1: sell one cube at a time onto the rightmost empty space."""
    # The rulebook's example: 2 blue and 1 gray sell for 3 + 3 + 2 = 8 drachmas. Five blue cubes
    # are off the market (2 on the boat, 3 on the board), two gray (1 and 1).
    pos = _seller("[blue, blue, gray]", "[{piece: '1,0NE', colour: blue, count: 3}, {piece: '1,0NE', colour: gray}]")
    assert (pos.market_count("blue"), pos.market_count("gray")) == (3, 6)
    start, actions = pos.hero.drachmas, pos.actions_left
    paid = []
    for colour in ("blue", "blue", "gray"):
        before = pos.hero.drachmas
        pos = apply(pos, Sell(colour))
        paid.append(pos.hero.drachmas - before)
    assert paid == [3, 3, 2]
    assert pos.hero.drachmas == start + 8
    assert (pos.market_count("blue"), pos.market_count("gray")) == (5, 7)
    assert pos.hero.cargo == ()
    assert pos.actions_left == actions  # selling is free


@pytest.mark.parametrize(("off", "price"), [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4), (7, 4), (8, 5)])
def test_R_FREE_1_price_is_the_track_at_cubes_off_the_market_minus_one(off, price):
    """R-FREE-1: with k cubes off the market the price is track[k-1]."""
    # One red cube on the boat and k-1 on the board.
    cubes = f"[{{piece: '1,0NE', colour: red, count: {off - 1}}}]" if off > 1 else "[]"
    pos = _seller("[red]", cubes)
    assert pos.market_count("red") == 8 - off
    assert apply(pos, Sell("red")).hero.drachmas == pos.hero.drachmas + price


def test_R_FREE_1_selling_needs_no_action_left():
    """R-FREE-1: selling needs no action left."""
    pos = replace(_seller("[red]", "[]"), actions_left=0)
    assert Sell("red") in legal_actions(pos)
    assert apply(pos, Sell("red")).hero.cargo == ()


def test_R_FREE_1_only_at_thera():
    """R-FREE-1: only at Thera."""
    pos = _seller("[red]", "[]", boat="1,0SW")
    assert "R-FREE-1" in (why_illegal(pos, Sell("red")) or "")
    assert not any(isinstance(a, Sell) for a in legal_actions(pos))
    assert "R-FREE-1" in (why_illegal(_seller("[red]", "[]"), Sell("blue")) or "")  # none on board


def test_R_FREE_2_unload_any_number_at_an_island_for_free():
    """R-FREE-2: unload any number at an island for free."""
    pos = _seller("[red, red, blue]", "[]", boat="1,0SW")
    after = apply(pos, Unload(("red", "red", "blue")))
    assert after.hero.cargo == ()
    assert after.cubes == ((quad("1,0SW"), "blue", 1), (quad("1,0SW"), "red", 2))  # on the dock's piece
    assert after.actions_left == pos.actions_left
    assert apply(pos, Unload(("blue",))).hero.cargo == ("red", "red")


def test_R_FREE_2_not_at_thera():
    """R-FREE-2: not at Thera."""
    pos = _seller("[red]", "[]", boat="T1")
    assert "R-FREE-2" in (why_illegal(pos, Unload(("red",))) or "")
    assert not any(isinstance(a, Unload) for a in legal_actions(pos))


# ---- R-END-1, R-END-2 --------------------------------------------------------------------------


def _ending(piles: str) -> Position:
    return at(THERA, f"seats: {{south: {{boat: T1}}, north: {{boat: T2}}}}\npiles: {piles}\n")


def test_R_END_1_draw_a_land_tile_at_the_end_of_the_turn():
    """R-END-1: draw a land tile at the end of the turn."""
    pos = apply(_ending("{known: false, land: [L05, L06]}"), EndTurn())
    assert (pos.seat("south").tile, pos.land_pile, pos.to_move) == ("L05", ("L06",), "north")


def test_R_END_1_shuffle_the_discard_pile_when_the_pile_is_empty():
    """R-END-1: shuffle the discard pile when the pile is empty."""
    pos = apply(_ending("{known: false, land: [], discard: [L05, L06, L07]}"), EndTurn())
    tile = pos.seat("south").tile
    assert tile in ("L05", "L06", "L07")
    assert sorted((tile, *pos.land_pile)) == ["L05", "L06", "L07"]
    assert pos.land_discard == ()


def test_R_END_1_nothing_drawn_when_pile_and_discard_are_empty():
    """R-END-1: nothing drawn when pile and discard are empty."""
    pos = apply(_ending("{known: false}"), EndTurn())
    assert pos.seat("south").tile is None
    pos = apply(pos, EndTurn())  # north's turn; south's next turn has no tile to place
    assert (pos.to_move, pos.phase) == ("south", "act")


# The map card each seat plays for its sixth temple on SITE: each meets it from its seat only.
SIXTH = {"south": "E01", "north": "E09"}


def _sixth(first: str, hero: str) -> Position:
    other = "north" if hero == "south" else "south"
    map_card = SIXTH[hero]
    pos = at(
        EXC,
        f"""
        first: {first}
        to_move: {hero}
        seats:
          {hero}: {{boat: "1,0SW", maps: [{map_card}], drachmas: 3}}
          {other}: {{boat: T2}}
        piles: {{known: false}}
        """,
    )
    return replace(with_temples(pos, hero, 5), actions_left=6)  # five temples: six actions


@pytest.mark.parametrize("first", ["south", "north"])
def test_R_END_2_first_player_excavates_the_sixth_temple_and_the_second_still_plays(first):
    """R-END-2: first player excavates the sixth temple and the second still plays."""
    second = "north" if first == "south" else "south"
    pos = apply(_sixth(first, first), Excavate(SIXTH[first], SITE))
    assert len(pos.hero.temples) == 6
    pos = apply(pos, EndTurn())
    assert (pos.to_move, pos.phase) == (second, "act")
    pos = apply(pos, EndTurn())
    assert pos.game_over()
    assert legal_actions(pos) == []


@pytest.mark.parametrize("first", ["south", "north"])
def test_R_END_2_second_player_excavating_the_sixth_temple_ends_the_game_at_once(first):
    """R-END-2: second player excavating the sixth temple ends the game at once."""
    second = "north" if first == "south" else "south"
    pos = apply(_sixth(first, second), Excavate(SIXTH[second], SITE))
    pos = apply(pos, EndTurn())
    assert pos.game_over()
    assert "R-END-2" in (why_illegal(pos, EndTurn()) or "")
