"""Step 1b's rounds (analysis/realise_climb.py, session 87): a member answered by its relaxed leaves
played through the engine, climbing from a floor, with the leaf searches shared between rounds.
Every answer is checked independently of the climb: its line replayed from the member and scored
by the engine at turn 2's end (R-SCORE-1 over the two turns, R-TURN-2), its value plus one read
out of reach by a fresh relaxation (reach_below's `Below`), and its value that of session 86's
rounds (realise.py's `floor_line`, the leaf of each value from scratch) or of the model solved to
its end (CP-SAT, no watch)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.analysis import board_solve, floor_first, realise
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed, group_bound
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.analysis.realise_climb import Leaves, climb_line

from .test_analysis_turns_placement import solved_two_turns
from .test_floor_first_realised import _child
from .test_reach_real_lines import _member

S4T14 = "tile -1,-2 r0 blue@NE"
"""Seed 4's turn 14 (2016, north): its first placement, OPTIMAL 28 (docs/benchmarks.md's known
digest 421a24b76deb); its first pass stops at 24 and 25 answers no (session 79)."""


def _memo(child: object) -> floor_first.Memo:
    below = reach_below.Below()
    return floor_first.Memo(lambda v: below(child, v))  # type: ignore[arg-type]


@pytest.mark.parametrize("floor", [5, 10, 12, 13, 15])
def test_R_SCORE_1_R_TURN_2_the_climb_answers_what_session_86_s_rounds_answer(floor: int) -> None:
    # South's placement `tile -1,-2 r270` on seed 3's turn 11 (2014), nothing left to draw
    # (test_floor_first_realised's case: optimum 15, one group of final boards).
    child = _child()
    puzzle = two_turn_puzzle(child)
    got = climb_line(puzzle, child, floor, _memo(child), 6)
    assert got is not None
    old = realise.floor_line(puzzle, child, floor, _memo(child), 6).line  # each value's leaf from scratch
    assert old is not None and got.value == old.value == 15
    # The line is the engine's, worth its value; nothing reaches one more.
    assert board_solve.two_turns_value(child, "score", got.line) == got.value
    assert reach_below.Below()(child, got.value + 1)


def test_R_SCORE_1_a_floor_above_the_optimum_gives_no_line() -> None:
    child = _child()
    assert climb_line(two_turn_puzzle(child), child, 16, _memo(child), 6) is None


def test_R_SCORE_1_the_realiser_going_on_past_the_value_asked_keeps_a_better_engine_line() -> None:
    # The leaf at 10 realised with the search stopped at 10's first line, then with 5,000 plays
    # more: the second is at least the first, and each is the engine's score of its line.
    child = _child()
    puzzle = two_turn_puzzle(child)
    leaf = Leaves(child).leaf(10)
    assert leaf is not None
    first = realise.realise(puzzle, leaf, target=10)
    more = realise.realise(puzzle, leaf, target=10, extra=5_000)
    assert first is not None and more is not None
    assert 10 <= first.value <= more.value
    assert first.plays <= more.plays <= first.plays + 5_000
    for got in (first, more):
        assert board_solve.two_turns_value(child, "score", got.line) == got.value


@pytest.mark.slow  # the full search (~5 CPU s)
def test_R_TURN_2_R_SCORE_1_the_climb_answers_the_full_search_s_optimum() -> None:
    child = _child()
    full = solved_two_turns(child)
    assert full.status == "OPTIMAL" and full.value == full.bound
    got = climb_line(two_turn_puzzle(child), child, 8, _memo(child), 6)
    assert got is not None and got.value == full.value


def _untraced(child: object, leaves: Leaves, i: int, ask: int) -> int | None:
    """Group `i` searched at `ask` by the analyser's class (`TwoRelaxed`, untraced, fresh facts):
    its value below `ask`, or None where a relaxed line reaches it."""
    assert leaves.groups is not None
    keys, groups, acts = leaves.groups
    try:
        return group_bound(child, groups[i], acts, leaves.nodes, Boards(child), ask, keys[i][1], relaxed=TwoRelaxed)  # type: ignore[arg-type]
    except Reached:
        return None
    except TooBig:  # pragma: no cover - the premise
        raise AssertionError("past the states") from None


@pytest.mark.corpus  # ~25 s; in make test: the climbs above
def test_R_TILE_1_the_leaves_shared_between_values_skip_the_groups_below_and_search_the_hinted_first() -> None:
    child = _member(4, 14, S4T14)
    leaves = Leaves(child)
    first = leaves.leaf(25)
    assert first is not None and leaves.last == 0 and leaves.searched == 1
    # At 26 group 0 alone (hinted, `every` off) is below; the scan then skips it.
    assert leaves.leaf(26, (0,), every=False) is None and leaves.below == {0: 26}
    n = leaves.searched
    at26 = leaves.leaf(26, (leaves.last,))
    assert at26 is not None and leaves.last == 8
    assert leaves.searched - n == 8  # groups 1 to 8, not 0 again
    assert set(leaves.below) == set(range(8))
    # The hinted group first: one search at 27.
    n = leaves.searched
    assert leaves.leaf(27, (8,)) is not None and leaves.searched - n == 1
    # Independently (the untraced search, fresh facts): groups 0-7 below 26 and still below 27
    # (a bound below 26 is below 27), group 8 reaching 26 and 27.
    for i in range(8):
        low = _untraced(child, leaves, i, 26)
        assert low is not None and low < 26
        low = _untraced(child, leaves, i, 27)
        assert low is not None and low < 27
    assert _untraced(child, leaves, 8, 26) is None and _untraced(child, leaves, 8, 27) is None


@pytest.mark.corpus  # ~45 s; in make test: the climbs above
def test_R_SCORE_1_R_TURN_2_s4t14_s_first_model_climbs_from_25_to_its_optimum_28() -> None:
    child = _member(4, 14, S4T14)
    memo = _memo(child)
    assert not memo(25)  # the no that ends the first pass (floor_first's step 1b asks from it)
    got = climb_line(two_turn_puzzle(child), child, 25, memo, 6)
    assert got is not None and got.value == 28
    assert board_solve.two_turns_value(child, "score", got.line) == 28
    assert reach_below.Below()(child, 29)  # a fresh relaxation: nothing reaches 29
    # The climb asked two questions besides 25: 26 (no) and 29 (proven).
    assert memo.answers == {25: False, 26: False, 29: True}
