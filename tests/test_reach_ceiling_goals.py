"""What the two-turn ceiling keeps of its goal cards and plans (session 81): each board's goal
cards read by their points (analysis/reach/reach_ceiling_goals.py, `READ_ONCE`: the cards but the
quarters card by the new temples' spots, the quarters card by their sites and cards, and the
ceiling's reading by those points), the plans' costs by the temples' count (reach_ceiling.py's
`_costs`), and an island's quarters by the card's bounds and the island's quads (reach_boards.py's
`quarters_of`; the cards' fits by bounds and quads for several positions, `FitTable`), and the joint
reading's spot values from each spot's cards' bits (reach_joint.py).
Cost changes only: at every state of a real search the ceiling answers as one
that reads each board's goal cards afresh, card by card (R-GOAL-1..9, R-GOAL-11, R-SCORE-2), and
each island's quarters are those of the card's valid sites there (R-EXC-2, R-GOAL-9). Seed 5's
turn 12 (2016, north), whose goal cards include the quarters card (tests/test_reach_quarters.py)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.reach import reach_ceiling_goals
from akrotiri_puzzles.analysis.reach.reach_boards import Boards, FitTable
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_ceiling import Ceiling
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed, slot_groups
from akrotiri_puzzles.excavation import valid_sites
from akrotiri_puzzles.geometry import board_quarter

from .test_analysis_turns_placement import before_placement, placement_groups
from .test_reach_ceiling import answers_as_afresh
from .test_reach_kept_states import Forgetful
from .test_reach_two import first_placement

PLACEMENT = "tile -1,-3 r0 blue@NW"


@pytest.fixture(scope="module")
def searched() -> TwoRelaxed:
    """Seed 5's turn 12's first placement: turn 1's board and its first group's final boards,
    searched with no value asked up to 10,000 states (its states kept in `_memo`)."""
    top = first_placement(5, 12, 0, PLACEMENT)
    got = slot_groups(top)
    assert got is not None
    keys, finals, acts = got
    s = TwoRelaxed(top, [top.board, *finals[0]], acts, 10_000, Boards(top), None, keys[0][1])
    with pytest.raises(TooBig):
        s.best()
    return s


def _afresh(c: Ceiling) -> Ceiling:
    """`c` keeping none of its answers (reach_ceiling.py's caches, tests/test_reach_kept_reads.py's
    and the cards' term's): every state's goal cards read card by card, as before session 81."""
    for name in ("places", "by_gained", "known", "plans", "costs", "near_spent", "parts", "goals", "values"):
        setattr(c, name, Forgetful())
    return c


def test_R_GOAL_9_R_GOAL_1_R_GOAL_11_the_goal_cards_read_by_their_points_answer_as_afresh(searched, monkeypatch):
    s = searched
    kept, fresh = Ceiling(s), _afresh(Ceiling(s))
    assert kept.by_dug == ["G09"]  # the quarters card (one the goal draws may offer), read by `dug`
    states = answers_as_afresh(s, kept, fresh, monkeypatch, reach_ceiling_goals, "READ_ONCE")
    reads = sum(len(boards) for boards in kept.goals.values())
    assert states > 3_000 and kept.dug_points and kept.spot_points, states
    assert 0 < len(kept.readings) < reads, (len(kept.readings), reads)  # one reading for several boards' reads
    assert not fresh.readings and not fresh.costs and not fresh.known
    # Board by board, each `dug` of the search's states: its reading by the points as afresh.
    boards = 0
    for dug in sorted({key[6] for key in s._memo}, key=sorted):
        placed = tuple(sorted(i for i, _ in dug))
        for k in range(len(s.boards)):
            kept._goals_read(k, dug, 0, placed)
            points = dict(zip(kept.by_spots, kept.spot_points[(placed, k)], strict=True))
            points.update(zip(kept.by_dug, kept.dug_points.get(dug, ()), strict=True))
            assert points == {g: s._goal_on(k, g, dug) for g in kept.read}, (dug, k)
            for r in range(s.left - len(dug) + 1):
                assert kept._goals_read(k, dug, r, placed) == fresh._goals_on(k, dug, r, dug), (dug, k, r)
                boards += 1
    assert boards > 1_000, boards


def test_R_EXC_2_R_GOAL_9_an_islands_quarters_kept_by_the_bounds_are_those_of_its_valid_sites(searched):
    s = searched
    pos = s.pos
    cards = sorted({*s.hero.maps, *(c for deck in s.decks for c in deck)})
    on = Boards(pos)
    checked = 0
    for board in s.boards:
        for island, quads in sorted(board.island_quads.items()):
            for card in cards:
                sites = valid_sites(board, pos.to_move, pos.components.map[card], quads)
                want = frozenset(board_quarter(q) for q in sites)
                assert on.quarters_of(board, island, card) == want == on.quarters_of(board, island, card)
                checked += bool(want)
    assert checked > 100 and len(on.quarter_sets) < len(on.quarters), (checked, len(on.quarter_sets))


def test_R_GOAL_1_R_GOAL_8_the_spot_values_read_from_kept_bits_are_the_cards_values_where_they_count(searched):
    # reach_joint.py's `spot_values` (session 81: each spot's cards' values and bits read once):
    # on each board, a spot's value is the sum of the values of the cards that count there.
    s = searched
    joint = Ceiling(s).joint_of
    checked = 0
    for cards in joint.sets():
        for k in range(len(s.boards)):
            per = [sum(joint.value[g] for g in cards if s.counts(spot, joint.rule[g]) >> k & 1) for spot in joint.spots]
            assert joint.spot_values(k, cards) == sorted((v for v in per if v > 0), reverse=True), (cards, k)
            checked += bool(per)
    assert checked > 10 and joint.pairs, checked


def test_R_EXC_2_the_fits_kept_for_several_positions_are_each_boards_own():
    # reach_below's `Below` keeps one `FitTable` for all its setups (session 81): the cards that
    # fit an island of a board, read through a table another position filled first, are those a
    # table of its own reads (a fit reads only the card's bounds there and the island's quads).
    groups = placement_groups(before_placement(5, 2016, 12))
    table = FitTable()
    fresh_reads = 0
    for group in groups[:2]:
        pos = group[0][1]
        got = slot_groups(pos)
        assert got is not None
        shared, own = Boards(pos, table), Boards(pos)
        cards = sorted({*pos.hero.maps, *(c for deck in pos.map_decks for c in deck)})
        for board in [pos.board, *(b for finals in got[1] for b in finals)]:
            for quads in board.island_quads.values():
                assert shared.island_cards(board, quads, cards) == own.island_cards(board, quads, cards)
        fresh_reads += sum(len(v) for v in own.fit.values())
    kept_reads = sum(len(v) for v in table.fit.values())
    assert kept_reads < fresh_reads, (kept_reads, fresh_reads)  # the second position read the first's
