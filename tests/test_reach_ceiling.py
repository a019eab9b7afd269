"""The ceiling of the two-turn relaxed search (analysis/reach_ceiling.py): at every state the
search expands, never below the best leaf the search itself finds below it, nor allowing fewer
excavations than the search makes below it (the actions left and those excavations add, R-TURN-2;
a temple an action and an island, R-EXC-1; a buy for three cards, R-BUY-1; the cards' points and
costs, R-EXC-2; the goal cards a temple more, R-GOAL-*; cubes sold, R-LOAD-1, R-FREE-1; drachmas,
R-SCORE-1); and `below` answers the same with it as without it, in fewer states."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach_boards import Boards
from akrotiri_puzzles.analysis.reach_ceiling import Ceiling
from akrotiri_puzzles.analysis.reach_two import TwoRelaxed, below, final_boards, two_turn_bound

from .test_analysis_turns_placement import before_placement, placement_groups
from .test_reach_two import covers

NODES = 2_000_000


class Digs(TwoRelaxed):
    """The same relaxed search, a leaf worth its excavations: the most a line makes below a state."""

    def leaf(self, drachmas, dug, mask=1):
        return len(dug)


class Money(TwoRelaxed):
    """The same relaxed search, a leaf worth its drachmas: the most a line keeps below a state."""

    def leaf(self, drachmas, dug, mask=1):
        return drachmas


@pytest.fixture(scope="module")
def late():
    """A cover of seed 1 2016 south's turn 11 (six temples to excavate, two turns of actions)."""
    pos = before_placement(1, 2016, 11)
    group = next(g for g in placement_groups(pos) if len(g) > 1)
    return cover([child for _, child in group], 2)


@pytest.mark.parametrize("kind", [TwoRelaxed, Digs, Money])
def test_R_TURN_2_R_EXC_1_R_BUY_1_R_GOAL_1_the_ceiling_is_never_below_what_the_search_reaches_below_a_state(late, kind):
    got = final_boards(late)
    assert got is not None
    finals, acts = got
    tight = checked = 0
    for group in finals[:3]:
        # No value asked: no ceiling, every state expanded and its best below kept (`_memo`).
        search = kind(late, [late.board, *group], acts, NODES, Boards(late), None)
        assert search.ceiling is None
        search.best()
        ceiling = Ceiling(search)
        for key, value in search._memo.items():
            at, left, drachmas, cargo, sold, hand, dug, _, _, stash, mask, gained, income = key
            most = left + (ceiling.more[len(dug)] if left and gained < 1_000 else 0)
            if kind is Digs:  # the excavations the ceiling allows below the state
                stop, count = ceiling.stop(at, dug, hand)
                ks = [k for k, *_ in ceiling._plan(dug, mask, most, count, stop)]
                if stop is not None and stop[2] is not None:  # `STAY`'s lines with no Move action
                    ks.append(min(stop[0], len(stop[2]), most, search.left - len(dug)))
                top = len(dug) + max(ks, default=-1)
            elif kind is Money:  # the drachmas it allows: no excavation, every action a Load
                earned = search.earned
                top = drachmas + earned[min(len(earned) - 1, sold + cargo + stash + 3 * most)] - income
            else:
                top = ceiling(left, drachmas, cargo, sold, stash, hand, dug, mask, gained, income, at)
            assert top >= value, (key, value, top)
            checked += 1
            tight += top == value
    # Not a ceiling that holds only by being far above: it meets the search on many states.
    assert checked > 10_000 and tight > 100, (checked, tight)


def test_R_SCORE_1_below_answers_the_same_with_the_ceiling_in_fewer_states(monkeypatch):
    (top,) = covers(1, 2016, 1)
    bound = two_turn_bound(top, NODES)
    assert bound is not None
    counted: list[int] = []
    real = TwoRelaxed.best

    def best(self: TwoRelaxed) -> int:
        start = self.nodes
        try:
            return real(self)
        finally:
            counted.append(start - self.nodes)

    monkeypatch.setattr(TwoRelaxed, "best", best)
    asks = range(bound - 2, bound + 3)
    with_it = [below(top, ask, NODES) for ask in asks]
    fewer = sum(counted)
    counted.clear()
    monkeypatch.setattr(TwoRelaxed, "use_ceiling", False)
    without = [below(top, ask, NODES) for ask in asks]
    assert with_it == without == [False, False, False, True, True]
    assert fewer < sum(counted), (fewer, sum(counted))
