"""The two-turn relaxation (analysis/reach/reach_two.py's `below`) against lines the engine scores.

`below(pos, v)` claims that no line of the hero's two turns from `pos` reaches `v`; a line the
engine plays and scores at `v` or more refutes it. Session 78 found one: seed 5's turn 20 (2016,
north), the placement `tile -1,-3 r270 blue@NW`: CP-SAT's model (floor 58) found the line below,
its watch asked 61 and the relaxation answered below, and the engine scores the line 61
(board_solve.engine_value raised SolverError). The cause: a temple excavated in turn 1 on an
island the next tile grows (H04 on (-3, 1), the tile at -1,1) was read for the goal cards only on
the final boards where a card still fits that island (`fit_members`), so its volcano (G04) and
mountain (G07) were not counted on the board the line ends on (R-GOAL-4, R-GOAL-7, R-SCORE-2).
"""

from __future__ import annotations

from akrotiri_puzzles.analysis.reach.reach_two import below
from akrotiri_puzzles.scoring import seat_score

S5T20_PLACEMENT = "tile -1,-3 r270 blue@NW"
S5T20_LINE = (
    "ship -2,0NE; portage -2,1SE; excavate H04 -2,0NE; keep G12; portage -2,0NE; ship -1,-2NE;"
    " portage -1,-2SW; ship 0,1SE; portage 1,2NW; ship 1,1NW; oracle volcano; end;"
    " tile -1,1 r0 red@SW; ship 1,2NW; portage 0,1SE; load red red blue; ship T2; sell red;"
    " sell red; sell blue; ship -1,1SW; portage -2,1SE; ship -1,1NW; portage -2,1SW; excavate H09 -1,1NW"
)


def test_R_GOAL_4_R_GOAL_7_turn_one_temple_on_an_island_the_next_tile_grows_counts(two_turn_line) -> None:
    child, puzzle, end = two_turn_line(5, 20, "north", S5T20_PLACEMENT, S5T20_LINE)
    score = seat_score(end.pos, puzzle.hero).total
    assert score == 61
    assert not below(child, score)
