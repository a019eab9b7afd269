"""The lower bounds the solver proves without a model, against the exhaustive search.

The small corpus (tests/data/puzzles/small) holds few feasible goals of two temples or of a
card to buy, so this test makes some: positions of the corpus at the action phase, given 6
actions and a goal of two temples. The exhaustive search proves their optima; the bounds must
never exceed them, and the solver must still find them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.solver.budget import board_free_lower_bound
from akrotiri_puzzles.solver.cpsat import solve
from akrotiri_puzzles.solver.exhaustive import search

SMALL = Path(__file__).parent / "data" / "puzzles" / "small"
TWO_TEMPLES = {
    # corpus puzzle: (the new board-free bound, the exhaustive optimum), as found when written
    "small-004-act-north-2014-h1-map": (3, 3),
    "small-017-act-north-2014-h1-temple": (3, 3),
    "small-019-act-north-2014-h1-temple": (4, 5),
    "small-038-act-north-2016-h1-map": (5, 6),
}


def _two_temples(name: str, comps) -> Puzzle:
    puzzle = load_puzzle(SMALL / f"{name}.yaml", comps)
    return replace(
        puzzle,
        start=replace(puzzle.start, actions_left=6),
        goal=Goal(temples=2),
        optimum=None,
        solution=None,
        certificate=None,
        grade=None,
    )


def test_R_EXC_1_R_BUY_1_board_free_bound_counts_a_move_between_temples_and_a_card_to_buy(comps):
    """Two temples with two cards in hand: a Move action between them (3); one card in hand:
    a buy and the step off Thera after it as well (5); a named card not in hand: 3."""
    assert [board_free_lower_bound(_two_temples(n, comps)) for n in TWO_TEMPLES] == [v[0] for v in TWO_TEMPLES.values()]
    one = _two_temples("small-038-act-north-2016-h1-map", comps)
    assert len(one.start.hero.maps) == 1  # so a card must be bought
    hand = sorted(one.start.hero.maps)
    named = replace(one, goal=Goal(map_card=hand[0]))
    assert board_free_lower_bound(named) <= 2  # in hand: nothing to buy
    seat = replace(one.start.hero, maps=())
    assert board_free_lower_bound(replace(named, start=one.start.with_seat(one.hero, seat))) == 3


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TWO_TEMPLES))
def test_R_EXC_1_R_MOVE_2_bounds_never_exceed_the_exhaustive_optimum_of_two_temples(name, comps):
    """The board-free bound and the per-scenario bounds (facts.lower_bound, the two-temple
    bound), through the solver alone, against the exhaustive search's optimum."""
    puzzle = _two_temples(name, comps)
    exhaustive = search(puzzle, max_nodes=40_000)
    assert exhaustive.complete
    assert exhaustive.optimum == TWO_TEMPLES[name][1]
    assert board_free_lower_bound(puzzle) <= exhaustive.optimum
    result = solve(puzzle, probe=False)
    assert (result.status, result.optimum) == ("OPTIMAL", exhaustive.optimum)
    assert result.below_optimum == "INFEASIBLE"
