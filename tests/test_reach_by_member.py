"""A thin group's counts cover read by colour member by member (reach_below.py's `Below.by_member`,
reach_two.py's `MembersRelaxed`, reach_money.py's `Members`, session 64).

The members of one slot and rotation (R-TILE-1) differ in the cubes their placement takes from
the market and lays (R-TILE-2). Their one-turn cover holds per colour the fewest market cubes of
any member, so it sells one member's scarce colour beside another's: on seed 3's turn 11 (2016,
south) the group `tile 1,-2 r90` has blue members (market red 4, blue 1) and red members (red 3,
blue 2); the cover's market (red 3, blue 1) sells the (1,-4) island's blue and red for 5 and 4 (9,
R-FREE-1), where each member's market pays 8 at most. Read member by member, 8."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_money
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_thin import counts_cover
from akrotiri_puzzles.analysis.reach.reach_two import MembersRelaxed, TwoRelaxed, slot_groups

from .test_analysis_turns_placement import before_placement, placement_groups


def _group(name: str):
    """Seed 3's turn 11 (2016, south): the members of the slot-and-rotation group holding `name`."""
    groups = placement_groups(before_placement(3, 2016, 11))
    return [child for _, child in next(g for g in groups if any(str(a) == name for a, _ in g))]


def _relaxed(cls, pos, group: int):
    got = slot_groups(pos)
    assert got is not None
    _, finals, acts = got
    return cls(pos, [pos.board, *finals[group]], acts, 1, Boards(pos), None)


def test_R_TILE_2_R_FREE_1_a_thin_groups_sales_read_member_by_member(monkeypatch):
    members = _group("tile 1,-2 r90 blue@NW")
    assert len(members) == 8
    top = cover(members)
    assert top is not None
    counts = counts_cover(members, top)
    s = top.board.island_at((1, -4))
    # Two cubes loaded there, the next placement taking any two cubes (before session 74): 9 from
    # the one-turn cover (a blue at 5, a red at 4, once it has taken a red and a blue), 8 by member.
    monkeypatch.setattr(reach_money, "tile_takes", False)
    one_turn = _relaxed(TwoRelaxed, top, 0)
    by_member = _relaxed(MembersRelaxed.with_members(members), counts, 0)
    assert one_turn.money is not None and by_member.money is not None
    assert one_turn.money.income(2, ((one_turn.spot_of[s], 2),)) == 9
    # Colour-blind, two blues taken where the market holds one: one sold in turn 1 (at 4) is taken
    # back with it (reach_sales.py's *Cubes sold back*), so the next sale earns 5: the best two 5 and
    # 4, 9 (session 74's clamp read 5 and 5, 10, which no line earns; exact by colour, session 75).
    assert top.market[1] == 1 and one_turn.earned[2] == 9
    assert by_member.money.income(2, ((by_member.spot_of[s], 2),)) == 8
    # By the boards' tile (L04, a mountain: its first cube gray, then a red or a blue, not both;
    # reach_money's `next_takes`), the cover's reading is 8 too; the rest as read by tile.
    monkeypatch.setattr(reach_money, "tile_takes", True)
    one_turn = _relaxed(TwoRelaxed, top, 0)
    by_member = _relaxed(MembersRelaxed.with_members(members), counts, 0)
    assert one_turn.money is not None and by_member.money is not None
    s = one_turn.spot_of[s]
    assert by_member.spot_of[top.board.island_at((1, -4))] == s
    assert one_turn.money.income(2, ((s, 2),)) == 8 == by_member.money.income(2, ((s, 2),))
    # Never below a member's own colour-read income (the bound holds for each member's lines).
    others = [t for t in one_turn.spot_of.values() if t != s][:3]
    for m in members:
        own = _relaxed(TwoRelaxed, m, 0)
        assert own.money is not None and own.spot_of == by_member.spot_of
        for taken in [((s, 1),), ((s, 2),), *(((s, 2), (t, 1)) for t in others)]:
            for n in (1, 2, 3):
                assert own.money.income(n, taken) <= by_member.money.income(n, taken)


@pytest.mark.corpus
def test_R_TILE_2_R_FREE_1_a_thin_group_below_29_member_by_member(monkeypatch):
    # Group 44 of 72 at 29 (the turn's optimum is 28): `every` is below with the members' reading
    # (about 12 CPU s), not without it (its market parts are then asked, 4 questions of 5-8 s).
    # The premise with the next placement's takes read as any two cubes (session 74's
    # `reach_money.tile_takes` off: by tile, the group is below without the members' reading too).
    monkeypatch.setattr(reach_money, "tile_takes", False)
    members = _group("tile 1,-2 r90 blue@NW")
    assert Below().every(members, 29)
    off = Below()
    off.by_member_on = False
    assert not off.every(members, 29)


@pytest.mark.corpus
def test_R_TILE_2_R_FREE_1_member_by_member_not_below_a_real_line():
    # Group 43 holds `tile 1,-2 r270 blue@NW`, whose real two-turn line scores 28 (CP-SAT,
    # docs/benchmarks.md): its counts cover read member by member is not below 28.
    members = _group("tile 1,-2 r270 blue@NW")
    top = cover(members)
    assert top is not None
    assert not Below().by_member(counts_cover(members, top), members, 28)


def test_R_TILE_2_R_FREE_1_member_by_member_reuses_colour_blind_proofs_only():
    # `Below.by_member` skips the groups proven below colour-blind (its searches begin with that
    # search, reach_money's `blind_first`), never those proven by colour (they hold for the
    # position read by its own colours, not by each member's), nor at a lower value.
    from akrotiri_puzzles.analysis.reach.reach_known import Known

    members = _group("tile 1,-2 r90 blue@NW")
    top = cover(members)
    assert top is not None
    counts = counts_cover(members, top)
    known = Known()
    known.start(counts, 29, blind=True)
    known.add(((None, False), None))
    known.start(counts, 29, blind=False)
    known.add(((None, True), 0))
    assert known.blind_below(counts, 29) == {((None, False), None)} == known.blind_below(counts, 30)
    assert known.blind_below(counts, 28) == set()
