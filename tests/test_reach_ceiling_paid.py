"""The two-turn ceiling with the cards paid before any sale (analysis/reach/reach_ceiling_paid.py,
`PAID`, session 93): at every state the relaxed search keeps, never below the best leaf the search
itself finds below it (a card paid when dug, R-EXC-1, from drachmas that grow only at a sale at
Thera, R-FREE-1, reached by a Move action, R-MOVE-1, R-MOVE-2; a buy only there, R-BUY-1; the
score, R-SCORE-1), and below reach_ceiling's `Ceiling` on many of them; `below` answers the same
question with it in fewer states."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_ceiling_paid
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_ceiling import Ceiling
from akrotiri_puzzles.analysis.reach.reach_ceiling_paid import PaidCeiling
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed, final_boards, slot_groups
from akrotiri_puzzles.position import evolve

from .test_analysis_turns_placement import before_placement, placement_groups
from .test_reach_ceiling import ceiling_args

NODES = 2_000_000


@pytest.fixture(scope="module")
def poor():
    """Seed 5 2016 south's turn 13 (11 drachmas, one card in hand): the cover of its first group
    of placements of two or more, turn 1 with one action fewer (3)."""
    pos = before_placement(5, 2016, 13)
    group = next(g for g in placement_groups(pos) if len(g) > 1)
    top = cover([child for _, child in group], 2)
    return evolve(top, actions_left=top.actions_left - 1)


def test_R_EXC_1_R_FREE_1_R_MOVE_2_the_paid_ceiling_is_never_below_what_the_search_reaches_below_a_state(poor):
    got = final_boards(poor)
    assert got is not None
    finals, acts = got
    # No value asked: no ceiling, every state expanded and its best below kept (`_memo`).
    search = TwoRelaxed(poor, [poor.board, *finals[0]], acts, NODES, Boards(poor), None)
    search.best()
    paid, old = PaidCeiling(search), Ceiling(search)
    checked = lower = tight = 0
    for key, value in search._memo.items():
        args = ceiling_args(key)
        top = paid(*args)
        assert top >= value, (key, value, top)
        was = old(*args)
        assert top <= was, (key, top, was)  # only ever tighter
        checked += 1
        lower += top < was
        tight += top == value
    # Not a ceiling that holds only by being far above, nor one that never cuts: below the old one
    # on many states, and on the search's own value on many.
    assert checked > 50_000 and lower > 5_000 and tight > 1_000, (checked, lower, tight)


@pytest.mark.corpus
def test_R_EXC_1_R_FREE_1_a_cover_question_is_below_with_the_paid_ceiling_in_fewer_states(monkeypatch):
    # Seed 5's turn 13 (2016, south), the cover of the group of `tile -1,-3 r270 blue@NE` (the
    # first model's optimum 24), its first plain group of final boards at 25: below with both
    # ceilings (24), 41,105 states without, 19,734 with (~4 CPU s).
    pos = before_placement(5, 2016, 13)
    group = next(g for g in placement_groups(pos) if any(str(a) == "tile -1,-3 r270 blue@NE" for a, _ in g))
    top = cover([child for _, child in group], 2)
    got = slot_groups(top)
    assert got is not None
    slots, finals, acts = got
    first = next(i for i, s in enumerate(slots) if s[0] is not None and not s[1])

    def states(paid: bool) -> tuple[int, int]:
        monkeypatch.setattr(reach_ceiling_paid, "PAID", paid)
        r = TwoRelaxed(top, [top.board, *finals[first]], acts, NODES, Boards(top), 25)
        return r.best(), NODES - r.nodes

    (with_it, n_with), (without, n_without) = states(True), states(False)
    assert with_it < 25 and without < 25
    assert 2 * n_with < n_without, (n_with, n_without)
