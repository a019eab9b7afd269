"""Final scoring: map cards, goal cards and drachmas (R-SCORE-1, 2), and the winner (R-SCORE-3)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from akrotiri_puzzles import Position, final_score, load_components, load_position
from tests.conftest import position

DATA = Path(__file__).parent / "data"

# The chain board of tests/test_goals.py: L25, L26, L27 in slots (1,0), (2,0), (3,0), with the
# islands "1,0SW" (volcano), "1,0SE" (tree) and "2,0SE" (lake), each with a dock.
CHAIN = """
board:
- {slot: [1, 0], tile: L25}
- {slot: [2, 0], tile: L26}
- {slot: [3, 0], tile: L27}
"""


def game(south: str, north: str) -> Position:
    """A position on the chain board with the seats given as YAML flow mappings."""
    rest = f"""
        phase: over
        seats:
          south: {south}
          north: {north}
        """
    return position(textwrap.dedent(CHAIN) + textwrap.dedent(rest))


def test_R_SCORE_1_played_map_cards_goal_cards_and_a_point_per_ten_drachmas():
    """R-SCORE-1: played map cards, goal cards and a point per ten drachmas."""
    pos = game(
        "{boat: T1, drachmas: 29, maps: [E02, H02], temples: [{map: E01, site: '1,0SW'}, "
        "{map: M01, site: '1,0SE'}, {map: H01, site: '2,0SE'}], goals: [G06]}",
        "{boat: T2}",
    )
    south = final_score(pos).seats[0]
    assert south.maps == (("E01", 3), ("M01", 5), ("H01", 7))  # cards in hand score nothing
    assert [(g.goal, g.points) for g in south.goals] == [("G06", 2)]  # the tree island 1,0SE
    assert south.drachma_points == 2
    assert south.total == 3 + 5 + 7 + 2 + 2


@pytest.mark.parametrize(("drachmas", "points"), [(0, 0), (9, 0), (10, 1), (19, 1), (20, 2)])
def test_R_SCORE_1_drachmas_round_down(drachmas, points):
    """R-SCORE-1: drachmas round down."""
    pos = game(f"{{boat: T1, drachmas: {drachmas}}}", "{boat: T2}")
    assert final_score(pos).seats[0].total == points


def test_R_SCORE_2_a_temple_counts_once_per_goal_card_but_for_every_goal_card():
    """R-SCORE-2: a temple counts once per goal card but for every goal card."""
    # The endgame fixture: south's one temple stands on an island with two lakes. It counts once
    # for the lake goal, and also for the three-icons and largest-completed-island goals.
    pos = load_position(DATA / "endgame.yaml", load_components())
    south, north = final_score(pos).seats
    assert [(g.goal, g.points, len(g.temples)) for g in south.goals] == [("G05", 2, 1), ("G08", 3, 1), ("G10", 4, 1)]
    assert (south.total, north.total) == (16, 12)


def test_R_SCORE_2_goals_score_only_for_the_owners_temples():
    """R-SCORE-2: goals score only for the owner's temples."""
    # North's temple stands on the volcano island; south holds the volcano goal.
    pos = game(
        "{boat: T1, temples: [{map: E01, site: '1,0SE'}], goals: [G04]}",
        "{boat: T2, temples: [{map: E02, site: '1,0SW'}], goals: [G06]}",
    )
    south, north = final_score(pos).seats
    assert [(g.goal, g.points) for g in south.goals] == [("G04", 0)]
    assert [(g.goal, g.points) for g in north.goals] == [("G06", 0)]


def test_R_SCORE_3_more_points_win():
    """R-SCORE-3: more points win."""
    pos = game("{boat: T1, temples: [{map: M01, site: '1,0SW'}]}", "{boat: T2, drachmas: 9}")
    result = final_score(pos)
    assert (result.winners, result.decided_by) == (("south",), "points")


def test_R_SCORE_3_a_tie_goes_to_more_drachmas():
    """R-SCORE-3: a tie goes to more drachmas."""
    # 3 points each; north's 9 drachmas are worth no point but break the tie.
    pos = game(
        "{boat: T1, drachmas: 5, temples: [{map: E01, site: '1,0SW'}]}",
        "{boat: T2, drachmas: 9, temples: [{map: E02, site: '2,0SE'}]}",
    )
    result = final_score(pos)
    assert [s.total for s in result.seats] == [3, 3]
    assert (result.winners, result.decided_by) == (("north",), "drachmas")


def test_R_SCORE_3_equal_points_and_drachmas_share_the_victory():
    """R-SCORE-3: equal points and drachmas share the victory."""
    pos = game(
        "{boat: T1, drachmas: 5, temples: [{map: E01, site: '1,0SW'}]}",
        "{boat: T2, drachmas: 5, temples: [{map: E02, site: '2,0SE'}]}",
    )
    result = final_score(pos)
    assert (result.winners, result.decided_by) == (("south", "north"), "shared")
