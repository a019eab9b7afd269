"""The tile placement over two turns taken best first (analysis/best_two.py): the best value over
the placements, the first placement in notation order reaching it, and its line solved asked for
exactly that value (floor and cap), whatever order the bounds make the search take. Made-up
values and bounds (many ties), no model: every case takes milliseconds. The real two-turn
search is checked against every placement solved alone in tests/test_analysis_turns_placement.py."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from akrotiri_puzzles.analysis import best_two
from akrotiri_puzzles.analysis.board_solve import BoardResult
from akrotiri_puzzles.analysis.endgame import NO_BOUND

from .test_best_first import _fake_turn


def _members(pos) -> list[int]:
    return pos.members if hasattr(pos, "members") else [pos.i]


@pytest.mark.parametrize("seed", range(20))
def test_R_TILE_1_two_turn_placements_best_first_give_the_first_placement_reaching_the_best_solved_for_exactly_it(
    seed, monkeypatch
):
    rng = random.Random(seed)
    kids, values = _fake_turn(rng)
    floor = rng.choice([None, None, 41, 43, 44])
    monkeypatch.setattr(best_two, "cover", lambda ps, turns: SimpleNamespace(members=[p.i for p in ps]))

    def run(bounds: random.Random):
        slack = {j: bounds.choice([0, 0, 1, 2, 3, None]) for j in values}

        def order(pos):
            # The relaxed bound: at or above each member's value, or none (a search too large).
            got = [None if slack[j] is None else values[j] + slack[j] for j in _members(pos)]
            return None if None in got else max(got)

        def below(pos, ask):
            # Proven out of reach only when it is (and not always then).
            return max(values[j] for j in _members(pos)) + bounds.choice([0, 1, 5]) < ask

        def solve(pos, ask, cap):
            v = max(values[j] for j in _members(pos))
            v = v if cap is None else min(cap, v)  # a cap removes the lines above it
            if ask is not None and v < ask:
                return BoardResult("INFEASIBLE", None, ask - 1, ())
            return BoardResult("OPTIMAL", v, v, (f"asked {ask} cap {cap}",))

        return best_two.best_two_placement(kids, solve, floor, None, order, below, NO_BOUND)

    got = run(random.Random(seed))
    reached = [j for j in sorted(values) if floor is None or values[j] >= floor]
    if not reached:
        assert got.status == "INFEASIBLE" and got.bound == floor - 1
        return
    best = max(values[j] for j in reached)
    first = min(j for j in reached if values[j] == best)
    assert (got.status, got.value, got.bound) == ("OPTIMAL", best, best)
    assert got.line == (kids[first][0], f"asked {best} cap {best}")
    # Other bounds take the search another way: the same answer, line included.
    for other in range(3):
        assert run(random.Random(1000 + 7 * seed + other)) == got
