"""Session 66's cost-only changes to a thin group's question (analysis/reach/reach_thin.py, `Below.every`)
and to the goal cards' readings of the two-turn relaxation (analysis/reach/reach_two_goals.py):

- `every`'s questions search runs of groups as one only while the unions were mostly below
  (`unions_pay`; never with `EVERY_UNIONS` off): only the order of the searches changes (a run
  below answers for each of its groups, R-TILE-1), so each answer is the one with the runs; the
  placement questions after `every` still try them.
- The not-connected count (R-GOAL-11, `TwoGoals.alone_on`) and a card's quarters on an island
  (R-EXC-2, `TwoGoals.site_quarters`, for the quarters goal card) are worked out once for every
  search of a position (`Boards.alone_count`, `Boards.quarters_of`): each reading equals the one
  each search worked out alone before, on real positions, and a search's value is the same with a
  fresh `Boards` as with one that other searches filled."""

from __future__ import annotations

import random

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_below, reach_thin
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_two import BlindRelaxed, TwoRelaxed, slot_groups
from akrotiri_puzzles.excavation import valid_sites
from akrotiri_puzzles.geometry import board_quarter

from .test_analysis_turns_placement import before_placement, placement_groups
from .test_reach_two import first_placement


def alone_uncached(r, k: int, dug) -> int:
    """`TwoGoals.alone_on` as each search worked it out before session 66 (its own facts only)."""
    board = r.boards[k]
    connected = Boards(r.pos).on(board)[1].connected
    old = [board.island_at(site) for _, site in r.hero.temples]
    fixed = []
    loose = []
    for s, _ in dug:
        if s in r.rooms:
            loose.append([i for j, i in r.fit_members.get(s, ()) if j == k])
        else:
            fixed.append(next(i for j, i in r.members[s] if j == k))
    mine = {*old, *fixed}

    def alone(i) -> bool:
        return not any(frozenset((i, o)) in connected for o in mine if o != i)

    got = sum(1 for i in (*old, *fixed) if alone(i))
    return got + sum(1 for islands in loose if not islands or any(alone(i) for i in islands))


def quarters_uncached(r, spot, card: str) -> frozenset[str]:
    """`TwoGoals.site_quarters` as each search worked it out before session 66."""
    pos = r.pos
    out: set[str] = set()
    for k, isl in r.members[spot]:
        b = r.boards[k]
        sites = valid_sites(b, pos.to_move, pos.components.map[card], b.island_quads[isl])
        out |= {board_quarter(q) for q in sites}
    return frozenset(out)


def test_R_GOAL_11_R_EXC_2_shared_goal_readings_equal_each_searchs_own():
    # Seed 2's turn 11 (2016, south), first placement: several groups of final boards, searched by
    # colour and colour-blind over one shared `Boards`, the readings checked against the old code
    # on sampled sets of new temples (spots of turn 1's board and of the next tile's islands).
    top = first_placement(2, 11, 0, "tile -1,-4 r0 blue@NW")
    got = slot_groups(top)
    assert got is not None
    _, finals, acts = got
    shared = Boards(top)
    rng = random.Random(66)
    readings = 0
    for group in rng.sample(finals, min(4, len(finals))):
        sizes = []
        picks: list[frozenset] = []
        for cls in (TwoRelaxed, BlindRelaxed):
            r = cls(top, [top.board, *group], acts, 1, shared, None)
            spots = sorted(r.fits)
            if not picks:
                picks = [frozenset(rng.sample(spots, rng.randint(1, min(4, len(spots))))) for _ in range(40)]
            for picked in picks:
                dug = frozenset((s, "-") for s in picked)
                for k in range(len(r.boards)):
                    assert r.alone_on(k, dug) == alone_uncached(r, k, dug)
                    readings += 1
            for s in spots:
                for card in sorted(r.fits[s]):
                    assert r.site_quarters(s, card) == quarters_uncached(r, s, card)
                    readings += 1
            sizes.append((len(shared.alone), len(shared.quarters)))
        # The colour-blind search of the same boards read only what the first one worked out.
        assert sizes[0] == sizes[1]
    assert readings > 1000 and shared.alone and shared.quarters


def test_R_GOAL_11_R_EXC_2_a_search_is_worth_the_same_with_shared_goal_readings():
    # The same searches (each group's, by colour), each once with a fresh `Boards` and once with
    # one every earlier search filled: the same value.
    top = first_placement(2, 11, 0, "tile -1,-4 r0 blue@NW")
    got = slot_groups(top)
    assert got is not None
    slots, finals, acts = got
    shared = Boards(top)
    for (_, oracle), group in list(zip(slots, finals, strict=True))[:6]:
        fresh = TwoRelaxed(top, [top.board, *group], acts, 200_000, Boards(top), None, oracle).best()
        again = TwoRelaxed(top, [top.board, *group], acts, 200_000, shared, None, oracle).best()
        assert fresh == again
    assert shared.alone or shared.quarters


def counted_unions(monkeypatch):  # type: ignore[no-untyped-def]
    """A one-item list counting `Below.union_below`'s calls from now on (the runs of groups searched
    as one)."""
    unions = [0]
    real = reach_below.Below.union_below

    def counted(self, *a, **k):  # type: ignore[no-untyped-def]
        unions[0] += 1
        return real(self, *a, **k)

    monkeypatch.setattr(reach_below.Below, "union_below", counted)
    return unions


@pytest.fixture(scope="module")
def first_group():
    """The first group of two or more placements of seed 3's fifth turn (2016, south)."""
    group = next(g for g in placement_groups(before_placement(3, 2016, 5)) if len(g) > 1)
    return [child for _, child in group]


def test_R_TILE_1_every_searches_no_union_and_answers_as_with_them(monkeypatch, first_group):
    # `every`'s questions (the one-turn cover, the counts cover colour-blind, member by member)
    # with and without the runs of groups searched as one: the same answers, no union searched
    # without them; a placement's question after `every` still tries them.
    unions = counted_unions(monkeypatch)
    answers = {}
    for flag in (True, False):
        monkeypatch.setattr(reach_thin, "EVERY_UNIONS", flag)
        unions[0] = 0
        asked = reach_below.Below(nodes=2_000)
        answers[flag] = [asked.every(first_group, ask) for ask in (12, 7, 6, 7, 12)]
        if not flag:
            assert unions[0] == 0
            assert asked.unions  # restored for the placement's questions
        else:
            assert unions[0] > 0  # the path the flag turns off is taken on this group
    assert answers[True] == answers[False]
    assert set(answers[False]) == {True, False}


def test_R_TILE_1_every_tries_unions_only_while_they_were_mostly_below(monkeypatch, first_group):
    # `unions_pay`: a few unions not below are allowed, then only one for each eight below; a
    # `Below` whose unions were mostly not below asks `every` without them, the same answers.
    # The tally over the whole turn, as before session 86 (the recent tally and its probes:
    # tests/test_reach_union_recent.py; the tally is read where `UNION_KINDS` is None, session 88).
    monkeypatch.setattr(reach_thin, "UNION_KINDS", None)
    monkeypatch.setattr(reach_thin, "UNION_RECENT", None)
    monkeypatch.setattr(reach_thin, "UNION_PROBE", None)
    assert reach_thin.unions_pay([0, 0]) and reach_thin.unions_pay([1, 0]) and reach_thin.unions_pay([2, 8])
    assert not reach_thin.unions_pay([2, 7]) and not reach_thin.unions_pay([9, 27])
    unions = counted_unions(monkeypatch)
    fresh, tired = reach_below.Below(nodes=2_000), reach_below.Below(nodes=2_000)
    tired.union_went = [9, 27]
    asks = (12, 7, 6, 7, 12)
    assert [tired.every(first_group, ask) for ask in asks] == [fresh.every(first_group, ask) for ask in asks]
    unions[0] = 0
    assert [tired.every(first_group, ask) for ask in asks]
    assert unions[0] == 0 and tired.union_went[1] == 27


def test_R_TILE_1_every_runs_of_eight_groups_answer_as_runs_of_four(monkeypatch, first_group):
    # `EVERY_CHUNK` (session 67): `every`'s questions search runs of up to eight groups of final
    # boards as one after a yes (a union below answers for each of its groups, one not below
    # has each group searched as without it): the same answers as runs of four (and, by the test
    # above, as no union), runs larger than four searched, and the placement's questions' own
    # runs kept (`chunk`).
    sizes: list[int] = []
    real = reach_below.Below.union_below

    def counted(self, pos, boards, *a, **k):  # type: ignore[no-untyped-def]
        sizes.append(len(boards))
        return real(self, pos, boards, *a, **k)

    monkeypatch.setattr(reach_below.Below, "union_below", counted)
    asks = (12, 7, 6, 7, 12)
    answers = {}
    most = {}
    for every_chunk in (8, 4):
        sizes.clear()
        asked = reach_below.Below(nodes=2_000, chunk=4, every_chunk=every_chunk)
        answers[every_chunk] = [asked.every(first_group, ask) for ask in asks]
        assert asked.chunk == 4  # restored for the placement's questions
        most[every_chunk] = max(sizes, default=0)
    assert answers[8] == answers[4]
    assert set(answers[8]) == {True, False}
    assert most[8] > most[4] > 0


def test_R_GOAL_11_two_temples_on_one_spot_of_the_next_tiles_islands_count_as_two():
    # Seed 2's turn 11 (2016, south), the first cover's groups of final boards: a spot of the next
    # tile's islands with room for two temples on a board, read with one temple there, then two
    # (session 68: `alone_on` kept the first count by the spots' set, a loose temple too few).
    pos = before_placement(2, 2016, 11)
    group = next(g for g in placement_groups(pos) if len(g) > 1)
    top = cover([child for _, child in group], 2)
    got = slot_groups(top)
    assert got is not None
    _, finals, acts = got
    shared = Boards(top)
    read = 0
    for group in finals:
        r = TwoRelaxed(top, [top.board, *group], acts, 1, shared, None)
        for s, rooms in r.rooms.items():
            for k in range(len(r.boards)):
                if len(rooms) > 2 and rooms[2] >> k & 1:
                    one, two = frozenset({(s, "a")}), frozenset({(s, "a"), (s, "b")})
                    assert r.alone_on(k, one) == alone_uncached(r, k, one)
                    assert r.alone_on(k, two) == alone_uncached(r, k, two)
                    read += 1
    assert read > 10
