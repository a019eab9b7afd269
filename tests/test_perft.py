"""Perft: the exact number of legal actions, per kind, in fixed positions (tests/data/perft).

A change to the rules that adds or removes a legal action anywhere in these positions shows
here. `first_tile` and `small_act` are counted by hand (below); the others were saved from
seeded simulations, frozen, and their counts recorded from the engine after checking a sample
by reading the position (noted per file).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from akrotiri_puzzles import apply, legal_actions, load_position

PERFT = Path(__file__).parent / "data" / "perft"

# first_tile: L01 (four one-quadrant pieces, volcano on NW) on the bare Thera board. The Thera
# board has 8 open slots around it, a tile takes 4 rotations, and since the Thera rim is sea no
# piece of the tile meets other land: the volcano's piece is one island and the 3 other pieces
# are 3 other islands. The second cube takes any of 4 colours (red is 8, still 7 after the
# volcano cube) on any of those 3 pieces: 8 * 4 * 4 * 3 = 384.
# Depth 2: south is then at T2 with an empty boat, 3 actions, 2 drachmas, no tile, no cubes
# on Thera: portage T1 (occupied, affordable), buy easy | medium | hard, 4 oracles, end = 9.
# A tile on T2's side of the board (slots (0,-2), (1,-1), (1,0), (0,1)) adds 2 ship steps: each
# side of L01 has a route through two docks. 4 slots * 4 rotations * 12 cubes * 11 + the same * 9 = 3840.
#
# small_act: south at 1,0SW with [blue] aboard, 3 actions, 4 drachmas, map E01; red x2 and
# green on 1,0SW's piece (its own island); north at T2. L01's routes at (1,0) are W-SW-SE-S and
# N-NW-NE-E; W faces Thera's east side, on T2's routes; S, N and E face empty slots.
#   Step 2:     ship 1,0SE and ship T2. T2 is occupied, but after the step 2 actions (1 point
#               each, the boat is not empty) remain to leave it. No portage: one dock on the island.
#   Load 4:     room for 2 of {red, red, green}: red, green, red red, red green.
#   Unload 1:   blue.  (No sell, buy: not at Thera.)
#   Excavate 0: L01's volcano is the only icon on the board; every map needs three directions.
#   Oracle 4:   no tile in hand and the pile is full: one per icon.
#   EndTurn 1.                                                             In all 12.
# Depth 2, action by action (each checked by hand):
#   ship 1,0SE -> 7: ship 1,0SW (T2 is unaffordable now: 2 actions left at 1 point, and leaving
#                    an occupied dock costs 2 more), unload blue, 4 oracles, end.
#   ship T2    -> 3: passing through T2, only steps: ship 1,0SW, ship 1,0SE, portage T1.
#   load red   -> 11: load red | green, unload b | r | br, ship 1,0SE, 4 oracles, end.
#   load green -> 10: load red, unload b | g | bg, ship 1,0SE, 4 oracles, end.
#   load red red -> 11: unload b | r | br | rr | brr, ship 1,0SE, 4 oracles, end.
#   load red green -> 13: the 7 non-empty subsets of {b, r, g}, ship 1,0SE, 4 oracles, end.
#   unload blue -> 17: empty boat, 2 points per move: ship 1,0SE | T2, 10 loads of {r, r, g, b}
#                    up to 3 cubes, 4 oracles, end.
#   oracle (x4) -> 7 each: 4 loads, unload blue, ship 1,0SE, end; no second oracle.
#   end        -> 11: north at T2, empty boat, 3 actions, 2 drachmas: ship 1,0SW (occupied,
#                    affordable), ship 1,0SE, portage T1, buy easy | medium | hard, 4 oracles, end.
#   7 + 3 + 11 + 10 + 11 + 13 + 17 + 4 * 7 + 11 = 111.
SMALL_ACT_DIVIDE = {
    "ship 1,0SE": 7,
    "ship T2": 3,
    "load red": 11,
    "load green": 10,
    "load red red": 11,
    "load red green": 13,
    "unload blue": 17,
    "oracle volcano": 7,
    "oracle lake": 7,
    "oracle tree": 7,
    "oracle mountain": 7,
    "end": 11,
}

# Recorded from the engine. Checked by reading:
# - greedy_excavate: north at 1,1SE, on the island of the diagonal pieces of L24 at (1,0), L25
#   at (2,0) and L34 at (3,0), joined at the points (2,1), (3,0) and (4,1), with 1,1SE and
#   3,1SE. Its cubes are blue on 3,0SW and red on 3,1SE (load 3: red, blue, both); its other
#   docks are 2,0NW, 2,0SE and 3,0SW (3 of the 10 steps are portages); M04 fits the 6
#   quadrants of the three diagonal pieces, not 1,1SE.
# - strategist_goal: a goal draw in the strategist variant offers the 5 face-up goals.
# - passing_2014: passing through an occupied dock only steps are legal.
# - place_2014: red, green and gray sold out, two blue left; L15 (a tree: pieces NW+SE, NE, SW,
#   the tree on NE) gets no tree cube (green is sold out), and the second cube is blue on one of
#   the two pieces off the tree's island. 21 open slots * 4 rotations = 84 placements, and in
#   none does SW join NE's island (NW+SE never can: it touches the other two corner points),
#   so 84 * 2 = 168.
EXPECTED: dict[str, tuple[dict[str, int], int]] = {
    "first_tile": ({"PlaceTile": 384}, 4 * 4 * 12 * 11 + 4 * 4 * 12 * 9),
    "small_act": ({"Step": 2, "Load": 4, "Unload": 1, "Oracle": 4, "EndTurn": 1}, 111),
    "greedy_excavate": ({"Step": 10, "Load": 3, "Excavate": 6, "Oracle": 4, "EndTurn": 1}, 1092),
    "strategist_goal": ({"KeepGoal": 5}, 55),
    "passing_2014": ({"Step": 12}, 224),
    "place_2014": ({"PlaceTile": 168}, 3572),
}


def load(name: str, comps):
    return load_position(PERFT / f"{name}.yaml", comps)


def count_by_kind(pos) -> dict[str, int]:
    return dict(Counter(type(a).__name__ for a in legal_actions(pos)))


def depth_2(pos) -> int:
    return sum(len(legal_actions(apply(pos, a))) for a in legal_actions(pos))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_perft_depth_1_by_kind(comps, name):
    kinds, _ = EXPECTED[name]
    assert count_by_kind(load(name, comps)) == kinds


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_perft_depth_2(comps, name):
    _, total = EXPECTED[name]
    assert depth_2(load(name, comps)) == total


def test_perft_small_act_divide(comps):
    pos = load("small_act", comps)
    divide = {str(a): len(legal_actions(apply(pos, a))) for a in legal_actions(pos)}
    assert divide == SMALL_ACT_DIVIDE


def test_perft_files_are_the_positions_described(comps):
    first = load("first_tile", comps)
    assert (first.phase, first.hero.tile, first.board.placements) == ("place", "L01", ())
    assert load("strategist_goal", comps).strategist
    passing = load("passing_2014", comps)
    assert passing.passing and passing.edition == 2014
    place = load("place_2014", comps)
    assert place.market == (0, 2, 0, 0) and place.hero.tile == "L15"
    assert comps.tile["L15"].icon == "tree"
    assert len(place.board.open_slots) == 21
    assert {a.colour for a in legal_actions(place)} == {"blue"}
