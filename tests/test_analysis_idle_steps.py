"""The analyser prints no step that does nothing (analysis/board_solve.py `without_idle_steps`).

The score model counts Move actions, not steps, so a step paid by a Move action's leftover
point costs nothing there, and CP-SAT may print one among lines of one value and one action
count. These tests put such steps into real best lines, through the engine, and check that
the pass takes every one out again without changing any score (R-MOVE-2, R-SCORE-1, -3).
"""

from __future__ import annotations

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Step
from akrotiri_puzzles.analysis.board_solve import best_on_board, puzzle_of
from akrotiri_puzzles.analysis.corpus import endgames
from akrotiri_puzzles.analysis.engine_line import objective_value, replay_line, without_idle_steps
from akrotiri_puzzles.errors import IllegalActionError
from akrotiri_puzzles.puzzle import State, play
from akrotiri_puzzles.rules import legal_actions
from akrotiri_puzzles.solver.deadline import Deadline

COMPS = load_components()


def _ends(puzzle, line):
    """What a line's end is judged by: the hero's score, the margin with its drachmas, and the
    actions left; None when the engine refuses the line."""
    try:
        end = replay_line(puzzle, line)
    except IllegalActionError:
        return None
    return objective_value(end, "score"), objective_value(end, "margin"), end.actions_left


def _with_idle_steps(puzzle, line):
    """Every line made by putting one legal step into `line` that the engine plays to the same
    end (`_ends`): a step that does nothing."""
    want = _ends(puzzle, line)
    state = State(puzzle.start)
    out = []
    for i in range(len(line) + 1):
        for step in (a for a in legal_actions(state.pos) if isinstance(a, Step)):
            trial = [*line[:i], step, *line[i:]]
            if _ends(puzzle, trial) == want:
                out.append(trial)
        if i < len(line):
            state = play(puzzle, state, line[i])
    return out


def test_R_MOVE_2_a_step_paid_by_a_leftover_point_is_taken_out_of_the_line():
    found = 0
    for ed in (2016, 2014):
        for pos in endgames(COMPS, range(100, 104), ed, 3, placement=False):
            puzzle = puzzle_of(pos)
            best = best_on_board(pos, "score", Deadline(None))
            want = _ends(puzzle, list(best.line))
            # The printed line itself has no step that can go.
            assert without_idle_steps(puzzle, list(best.line)) == list(best.line)
            for padded in _with_idle_steps(puzzle, list(best.line)):
                found += 1
                lean = without_idle_steps(puzzle, padded)
                assert _ends(puzzle, lean) == want
                assert len(lean) <= len(best.line)
                for i, a in enumerate(lean):
                    if isinstance(a, Step):
                        assert _ends(puzzle, lean[:i] + lean[i + 1 :]) != want, (padded, lean, a)
    assert found >= 5  # the test above put idle steps in, not only looked at lines without them
