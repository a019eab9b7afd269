"""What the solver rules out without reading boards: lower bounds against the exhaustive
search, and the oracle scenarios it leaves out against the unpruned computation.

The small corpus (tests/data/puzzles/small) holds few feasible goals of two temples or of a
card to buy, so this test makes some: positions of the corpus at the action phase, given 6
actions and a goal of two temples. The exhaustive search proves their optima; the bounds must
never exceed them, and the solver must still find them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from ortools.sat.python import cp_model

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.premise import WHOLE
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.solver.budget import board_free_lower_bound, budget, max_steps, playable_cards
from akrotiri_puzzles.solver.cpsat import solve
from akrotiri_puzzles.solver.exhaustive import search
from akrotiri_puzzles.solver.facts import FactReader
from akrotiri_puzzles.solver.gather import build_facts
from akrotiri_puzzles.solver.model import Spec, build
from akrotiri_puzzles.solver.run import STATUS, params
from akrotiri_puzzles.solver.scenarios import scenarios

SMALL = Path(__file__).parent / "data" / "puzzles" / "small"
TWO_TEMPLES = {
    # corpus puzzle: (the new board-free bound, the exhaustive optimum), as found when written
    "small-004-act-north-2014-h1-map": (3, 3),
    "small-017-act-north-2014-h1-temple": (3, 3),
    "small-019-act-north-2014-h1-temple": (4, 5),
    "small-038-act-north-2016-h1-map": (5, 6),
}


def _two_temples(name: str, comps) -> Puzzle:
    """A corpus position asked for two temples in six actions. Made in code, it reads every
    pile (premise.WHOLE), as when its optima below were recorded: a bound holds under any
    premise, the solver and the search playing the same one."""
    puzzle = load_puzzle(SMALL / f"{name}.yaml", comps)
    return replace(
        puzzle,
        start=replace(puzzle.start, actions_left=6),
        goal=Goal(temples=2),
        optimum=None,
        solution=None,
        certificate=None,
        grade=None,
        revealed=WHOLE,
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


TWO_TURNS = sorted(p for p in SMALL.glob("*-h2-*.yaml"))


def test_R_ORA_1_the_oracle_for_the_tile_drawn_anyway_is_left_out_and_its_boards_kept(comps):
    """The scenarios left out ask the oracle for the icon of the tile drawn anyway: each has a
    twin without the oracle, with the same placements and the same boards."""
    dropped_in = 0
    for path in TWO_TURNS[::4]:
        puzzle = load_puzzle(path, comps)
        every = scenarios(puzzle)
        kept = scenarios(puzzle, dominated=False)
        twins = {(sc.first, sc.second): sc for sc in kept if sc.oracle is None}
        kept_keys = {(sc.first, sc.oracle, sc.second) for sc in kept}
        dropped = [sc for sc in every if (sc.first, sc.oracle, sc.second) not in kept_keys]
        assert len(kept) + len(dropped) == len(every)
        for sc in dropped:
            assert sc.oracle is not None
            twin = twins[(sc.first, sc.second)]
            assert twin.boards == sc.boards  # the same tiles at the same slots and rotations
        dropped_in += bool(dropped)
    assert dropped_in >= 3


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in TWO_TURNS if "-act-" in p.name][::9], ids=lambda p: p.stem)
def test_R_ORA_1_leaving_out_the_dominated_oracle_changes_no_bound(path, comps):
    """Against the unpruned computation: the model over every scenario and the model over the
    scenarios kept answer alike at every bound up to the optimum (or the horizon)."""
    puzzle = load_puzzle(path, comps)
    bud = budget(puzzle)
    top = puzzle.optimum if puzzle.optimum is not None else min(bud.most, 5)
    for bound in range(board_free_lower_bound(puzzle), top + 1):
        statuses = []
        for every in (True, False):
            reader = FactReader(puzzle)
            scens = scenarios(puzzle) if every else None
            facts = build_facts(reader, bound, max_steps(puzzle, bound), playable_cards(puzzle, bound), scens)
            if not facts.scenarios:
                statuses.append("INFEASIBLE")
                continue
            solver = cp_model.CpSolver()
            params(solver, None, 1, 0)
            statuses.append(STATUS[solver.solve(build(facts, bud, Spec(bound, puzzle.goal)).m)])
        assert statuses[0] == statuses[1] or {"OPTIMAL", "FEASIBLE"} >= set(statuses), (bound, statuses)
