"""The two-turn bound's questions with what the last ones learnt kept (analysis/reach/reach_below.py,
`Below`, session 58). `ALONE_FIRST`: a group of final boards (the next tile's slot, R-TILE-1) that
passed the node cap searched together in a question of the same setup goes straight to its boards
alone, and a question stopped by one board alone starts the next one with that board; each board
alone bounds the lines ending on it. `KEEP_BELOW` (analysis/reach/reach_known.py): a group or board
proven below for a position is not searched again for a position it dominates (fewer cubes per
piece and colour, more on the market: R-TILE-2's cover), at that value or more. The answers are
those of main's order and of each question asked afresh (`reach_two.below`, unshared), and never
put a cover's two-turn optimum (CP-SAT) out of reach."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import (
    reach_alone,
    reach_below,
    reach_ceiling,
    reach_ceiling_paid,
    reach_money,
    reach_thin,
    reach_two,
    reach_whole,
)
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_known import dominates
from akrotiri_puzzles.analysis.reach.reach_two import below
from akrotiri_puzzles.position import evolve

from .test_analysis_turns_placement import before_placement, placement_groups

SMALL = 200
"""A node cap under which some groups of the cover below pass it searched together, while each of
their boards alone does not (as tests/test_reach_past_cap.py; 500 before session 64, whose tighter
ceiling, reach_ceiling's `LEAD` and `STAY`, completes every search under 500 here)."""

LADDER = (8, 7, 8, 7)
"""The values asked one after another, about the cover's optimum (7): yes, no, yes, no."""


def searches(monkeypatch) -> list[frozenset[int]]:
    """Spy on every relaxed search (`Below`'s own and `reach_two.group_bound`'s): the final
    boards of each (by identity)."""
    seen: list[frozenset[int]] = []
    real = reach_two.TwoRelaxed

    class Spy(real):  # type: ignore[misc, valid-type]
        def best(self) -> int:
            seen.append(frozenset(id(b) for b in self.boards[1:]))
            return super().best()

    monkeypatch.setattr(reach_two, "TwoRelaxed", Spy)
    monkeypatch.setattr(reach_below, "TwoRelaxed", Spy)
    return seen


def afresh() -> Callable[[Any, int], bool]:
    """`below(pos, ask, SMALL)` (each question asked afresh, unshared: a pure function of its
    arguments), worked out once for each position and value within a test."""
    got: dict[tuple[int, int], bool] = {}

    def answer(pos: Any, ask: int) -> bool:
        key = (id(pos), ask)
        if key not in got:
            got[key] = below(pos, ask, SMALL)
        return got[key]

    return answer


def kept(asked: Below):
    """The groups of final boards `asked` searches (`Below.kept`: its own board objects)."""
    assert asked.kept is not None and asked.kept[1] is not None
    return asked.kept[1]


@pytest.fixture(scope="module")
def group():
    """`third_group`, built once for this module's tests."""
    return third_group()


def third_group():
    """The second group picked by tests/test_reach_two.py's `covers(3, 2016, 3)` (seed 3's fifth
    turn, 2016): its members and their two-turn cover, whose CP-SAT optimum is 7."""
    groups = [g for g in placement_groups(before_placement(3, 2016, 5)) if len(g) > 1]
    picked = random.Random(3).sample(groups, 3)[1]
    members = [child for _, child in picked]
    return members, cover(members, 2)


def test_R_TILE_1_groups_past_the_cap_go_to_their_boards_alone_and_answer_as_before(monkeypatch, group):
    # The premise: searches as big as before session 93 (reach_ceiling_paid's `PAID` and
    # reach_whole's `WHOLE_RUNS` prune them further: tests/test_reach_ceiling_paid.py,
    # tests/test_reach_whole_runs.py).
    monkeypatch.setattr(reach_ceiling_paid, "PAID", False)
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", False)
    monkeypatch.setattr(reach_thin, "RUN_NODES", 1)  # runs at a group's cap, as before session 89: the premise
    monkeypatch.setattr(reach_ceiling, "CUBES", False)  # the premise: groups past the cap (session 68)
    # and the next placement taking any two cubes (before session 74: by tile, reach_money's
    # `next_takes`, no board alone of a capped group stops the question at 7, the path under test).
    monkeypatch.setattr(reach_money, "tile_takes", False)
    # The cover's two-turn optimum is 7 (CP-SAT: tests/test_reach_past_cap.py checks it on this
    # very cover, `covers(3, 2016, 3)[1]`); the answers never put it out of reach.
    members, top = group
    # The paths of `ALONE_FIRST` alone: with `TOGETHER_AGAIN` (session 66) a group known past the
    # cap is searched together once more, with 4 times the states, before its boards alone
    # (tests/test_reach_together_again.py).
    monkeypatch.setattr(reach_alone, "TOGETHER_AGAIN", False)
    # The oracle's groups with the drawn tile's boards, as before session 95 (reach_below's
    # `SKIP_DRAWN_ORACLE`: with fewer boards no group stops the question at 7 by a board alone).
    monkeypatch.setattr(reach_below, "SKIP_DRAWN_ORACLE", False)
    seen = searches(monkeypatch)
    new, old = Below(SMALL, keep_below=False), Below(SMALL, alone_first=False, keep_below=False)
    fresh = afresh()
    checked = 0
    for ask in LADDER:
        seen.clear()
        known, stop = set(new.capped), new.last_board
        got = new(top, ask)
        mine = list(seen)
        assert got == old(top, ask) == fresh(top, ask) == (ask > 7), ask
        slots, finals, _ = kept(new)
        if ask == 7:
            # Stopped by one board alone of a group known past the cap.
            assert new.last_board is not None and new.last in new.capped
            if stop is not None:
                # After such a stop, the next question begins with that board, alone.
                assert mine[0] == frozenset({id(finals[slots.index(new.last)][stop])})
                checked += 1
        if ask == 8 and known:
            # No group known past the cap in this setup is searched together again.
            together = {frozenset(id(b) for b in finals[slots.index(s)]) for s in known}
            assert not together & set(mine)
            checked += 1
    assert checked == 2  # the paths under test were taken
    # The members (the same setup: its capped groups kept) answer as each asked afresh.
    for child in members[:1]:
        for ask in (8, 7):
            assert new(child, ask) == below(child, ask, SMALL), ask


def test_R_TILE_1_R_TILE_2_what_a_dominating_position_proved_below_is_kept(monkeypatch, group):
    # The premise: searches as big as before session 93 (reach_ceiling_paid's `PAID` and
    # reach_whole's `WHOLE_RUNS` prune them further: tests/test_reach_ceiling_paid.py,
    # tests/test_reach_whole_runs.py).
    monkeypatch.setattr(reach_ceiling_paid, "PAID", False)
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", False)
    # The cover at 7 (its optimum) is no, after proving most groups below; the position with no
    # cube on the board (dominated by the cover: fewer cubes, the same market) is below 7, and its
    # question skips what the cover proved. At 8 the cover is below: a member's question then
    # searches nothing. The other way (the cover after the bare position) nothing is kept: the
    # bare position does not dominate the cover, whose answer stays no; nor is what was proven
    # below 8 kept for a question at 7.
    members, top = group
    bare = evolve(top, cubes=())
    seen = searches(monkeypatch)
    asked = Below(SMALL)
    fresh_below = afresh()
    counts = []
    for pos, ask in ((top, 7), (bare, 7), (top, 8), (members[0], 8), (top, 7)):
        seen.clear()
        got = asked(pos, ask)
        counts.append(len(seen))
        assert got == fresh_below(pos, ask) == (ask == 8 or pos is bare), (ask, pos is bare)
    fresh = Below(SMALL)
    seen.clear()
    assert fresh(bare, 7)
    assert counts[1] < len(seen) and counts[3] == 0
    assert fresh(bare, 7) and not fresh(top, 7)  # not kept from a position that does not dominate
    assert [dominates(top, m) for m in members] == [True] * len(members)
    assert not dominates(bare, top) and dominates(top, bare)


def seed_5_turn_10_cover():
    """Seed 5's turn 10 (2016, north): the placements `tile -1,-3 r180 blue@NE` (notation and
    child) and their two-turn cover."""
    group = next(
        g for g in placement_groups(before_placement(5, 2016, 10)) if str(g[0][0]) == "tile -1,-3 r180 blue@NE"
    )
    top = cover([c for _, c in group], 2)
    assert top is not None
    return group, top


@pytest.mark.corpus
def test_R_TILE_1_seed_5s_turn_10_first_cover_and_a_member_answer_as_before(monkeypatch):
    # Seed 5's turn 10 (2016, north), the cover whose question at 29 is no (ten of its groups
    # past the analyser's cap together, the no from a board alone) and whose members are each yes
    # (about 45 and 35 CPU s each; docs/analysis.md): the same answers as main's order.
    group, top = seed_5_turn_10_cover()
    # `again=1`: without session 62's second search of a board alone past the cap
    # (`ALONE_AGAIN`), with which that board completes below 29 and so does the cover
    # (tests/test_reach_alone_again.py). The premise (the cover not below 29, a board alone past
    # the cap) with the ceiling's terms of sessions 64-69 off, as that test's: with them the cover
    # is below 29 at once (found in session 71; the test had failed since, a corpus test `make
    # test` leaves out). And the next placement's takes read as any two cubes (session 74's
    # `reach_money.tile_takes` off: by tile, the cover is below 29 at once).
    for term in ("TRIPS", "CUBES", "JOINT", "LEAD", "STAY", "STAY_UNSOLD"):
        monkeypatch.setattr(reach_ceiling, term, False)
    monkeypatch.setattr(reach_ceiling_paid, "PAID", False)  # the ceiling before session 93: the premise
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", False)  # no kind's whole run (session 93): the premise
    monkeypatch.setattr(reach_thin, "RUN_NODES", 1)  # runs at a group's cap, as before session 89: the premise
    monkeypatch.setattr(reach_money, "tile_takes", False)
    new, old = Below(again=1), Below(alone_first=False, keep_below=False, again=1)
    assert not new(top, 29) and not old(top, 29)
    assert new.capped and new.last_board is not None
    child = group[0][1]
    assert new(child, 29) and old(child, 29)


def test_R_TILE_1_a_board_alone_past_the_cap_tries_its_group_together_then_leads_the_next_question(monkeypatch, group):
    # The premise: searches as big as before session 93 (reach_ceiling_paid's `PAID` and
    # reach_whole's `WHOLE_RUNS` prune them further: tests/test_reach_ceiling_paid.py,
    # tests/test_reach_whole_runs.py).
    monkeypatch.setattr(reach_ceiling_paid, "PAID", False)
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", False)
    monkeypatch.setattr(reach_thin, "RUN_NODES", 1)  # runs at a group's cap, as before session 89: the premise
    monkeypatch.setattr(reach_ceiling, "CUBES", False)  # the premise: groups past the cap (session 68)
    # `alone_stops`' fallback: where one board alone passes the node cap (forced here on the
    # second board of a group known past the cap), the group's boards are searched together
    # before the question stops; the stop is recorded on that board, not the group's first, and
    # the next question begins with it. The answers are sound: never below where a question
    # asked afresh is not.
    members, top = group
    monkeypatch.setattr(reach_alone, "TOGETHER_AGAIN", False)  # `ALONE_FIRST`'s paths alone (above)
    asked = Below(SMALL, keep_below=False)
    assert asked(top, 8) == below(top, 8, SMALL)
    assert asked.capped  # groups known to pass the cap together in this setup
    slots, finals, _ = kept(asked)
    slot = next(s for s in sorted(asked.capped, key=str) if len(finals[slots.index(s)]) > 1)
    boards = finals[slots.index(slot)]
    forced = id(boards[1])
    seen: list[frozenset[int]] = []
    real = reach_below.TwoRelaxed

    class Capped(real):  # type: ignore[misc, valid-type]
        def best(self) -> int:
            seen.append(frozenset(id(b) for b in self.boards[1:]))
            if seen[-1] == {forced}:
                raise reach_below.TooBig()
            return super().best()

    monkeypatch.setattr(reach_below, "TwoRelaxed", Capped)
    monkeypatch.setattr(asked, "relaxed", Capped)  # the class `asked` searches with (session 62)
    assert not asked(top, 8)  # the group together passes the cap too: the question stops (no claim)
    alone = seen.index(frozenset({forced}))
    assert seen[alone + 1 : alone + 2] == [frozenset(id(b) for b in boards)]  # its group, together, next
    assert frozenset({id(boards[0])}) in seen[:alone]  # the group's first board searched first
    assert (asked.last, asked.last_board, asked.said_yes) == (slot, 1, False)
    monkeypatch.setattr(reach_below, "TwoRelaxed", real)
    spy = searches(monkeypatch)
    monkeypatch.setattr(asked, "relaxed", reach_below.TwoRelaxed)  # the spy
    assert asked(top, 8) == below(top, 8, SMALL)
    assert spy[0] == frozenset({forced})  # the board that stopped the last question, first
    assert not asked(members[0], 7) or below(members[0], 7, SMALL)


def test_R_FREE_1_R_TILE_2_a_position_dominates_with_fewer_market_cubes_not_more(group):
    # More empty spaces on the market never pay less for a sale (R-FREE-1's prices), so a position
    # with one market cube fewer dominates (its relaxed lines are at least as rich); one with a
    # cube more does not, nor one with a cube fewer on the board.
    _, top = group
    colour = next(i for i, n in enumerate(top.market) if n > 0)
    fewer = evolve(top, market=tuple(n - (i == colour) for i, n in enumerate(top.market)))
    assert dominates(fewer, top) and not dominates(top, fewer)
    assert dominates(top, top) and dominates(fewer, fewer)
    piece, cube, n = top.cubes[0]
    less = evolve(top, cubes=((piece, cube, n - 1), *top.cubes[1:]) if n > 1 else top.cubes[1:])
    assert dominates(top, less) and not dominates(less, top)
