"""A group of final boards past the node cap together, searched together once more with more
states before its boards alone (analysis/reach/reach_below.py, `Below.together_again`,
`TOGETHER_AGAIN`, session 66): cost only. A search that completes below the value bounds every
line ending on one of its boards (R-TILE-1: the next tile's slot is one of the group's; the node
cap only bounds the search's cost), so the group is below whatever cap it completed under. On seed
1's turn 30 (2016, north), the game's last turn, the first placement's groups past 20,000 states
complete below 57 in 30,006 to 62,663, where their boards alone took minutes in all."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_alone, reach_ceiling
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed

from .test_reach_two import first_placement


@pytest.fixture(scope="module")
def seed_1_turn_30():
    """Seed 1's turn 30 (north), its first placement (a turn-1 action phase)."""
    return first_placement(1, 30, 0, "tile -1,-5 r0 green@NE")


def test_R_TILE_1_a_group_past_the_cap_together_is_below_with_more_states(seed_1_turn_30, monkeypatch):
    # The premise (the group past the cap together) is the ceiling's without the cubes' places
    # (`CUBES`, session 68) and with the goal cards read card by card (`JOINT` off, session 69).
    monkeypatch.setattr(reach_ceiling, "CUBES", False)
    monkeypatch.setattr(reach_ceiling, "JOINT", False)
    # The first group (the next tile at (-10, 0), 4 boards) at 57 completes below in 4,499
    # states: past a cap of 2,000, below under 4 times it; under 4 times 1,000 it passes again,
    # and is then not searched again at 57 or less for this position (`too_big`). The factor 4
    # (`ALONE_AGAIN` until session 70, 20 since) given here.
    searched: list[int] = []
    real = TwoRelaxed.best

    def best(self: TwoRelaxed) -> int:
        searched.append(self.start_nodes)
        return real(self)

    monkeypatch.setattr(TwoRelaxed, "best", best)
    below = Below(nodes=2_000, again=4)
    pos, (slots, finals, acts), shared = below.setup(seed_1_turn_30)
    assert below.together_again(pos, slots[0], finals[0], acts, shared, 57)
    assert searched == [8_000]
    below = Below(nodes=1_000, again=4)
    pos, (slots, finals, acts), shared = below.setup(seed_1_turn_30)
    assert not below.together_again(pos, slots[0], finals[0], acts, shared, 57)
    assert not below.together_again(pos, slots[0], finals[0], acts, shared, 56)
    assert searched == [8_000, 4_000]
    monkeypatch.setattr(reach_alone, "TOGETHER_AGAIN", False)
    assert not Below(nodes=2_000, again=4).together_again(pos, slots[0], finals[0], acts, shared, 57)
    assert searched == [8_000, 4_000]
