"""tools/settle_member.py (session 90): the exhaustive engine search pruned only by the sound
bounds agrees with the CP-SAT two-turn model's proven optimum (the independent computation): at
the optimum it finds an engine line of that score, replayed legal; one above it, none, also where
turn 1 is searched without its bound (every turn-1 line played; here the two-turn relaxation
proves the value above out of reach at the start, so the search would not run)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from akrotiri_puzzles.analysis import board_solve
from akrotiri_puzzles.puzzle import replay

from .test_analysis_turns_placement import before_placement, no_draw, placement_groups, solved_two_turns

TOOL = Path(__file__).resolve().parent.parent / "tools" / "settle_member.py"


def _settle_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("settle_member", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_R_SCORE_1_R_TURN_2_the_settled_reach_of_a_placement_is_the_models_optimum():
    # South before its placement on turn 5 (seed 3, 2014), nothing left to draw.
    settle_member = _settle_module()
    pos = no_draw(before_placement(3, 2014, 5))
    _, child = placement_groups(pos)[0][0]
    full = solved_two_turns(child)
    assert full.status == "OPTIMAL" and full.value is not None
    puzzle = board_solve.two_turn_puzzle(child)
    at = settle_member.Settle(puzzle, full.value, every=1e9)
    at.run()
    assert at.found is not None and at.found[0] == full.value
    assert replay(puzzle, list(at.found[1])).illegal_at is None
    above = settle_member.Settle(puzzle, full.value + 1, every=1e9)
    above.run()
    assert above.found is None

    class TurnOneUnbounded(settle_member.Settle):
        def pruned(self, state) -> bool:  # type: ignore[no-untyped-def]
            return state.turn == 2 and super().pruned(state)

    every_line = TurnOneUnbounded(puzzle, full.value + 1, every=1e9)
    every_line.run()
    assert every_line.found is None and every_line.best <= full.value
    assert every_line.counts["turn2"] > 100 and every_line.counts["plays"] > 1000
