"""The quarters goal card in the relaxations (analysis/reach/reach_goals.py's `quarters_points`, R-GOAL-9).

A new temple lies in one board quarter, one of those where its card fits a site of its island
(R-EXC-2), so the quarters new temples open are distinct, one a temple: `quarters_opened` reads
the most of them as a largest matching of quarters to temples. Before session 79 every new temple
that could open some quarter counted one, so four temples that can open only SW and NE beside an
old SE read 8 where the engine scores 6: seed 5's turn 12 (2016, north), whose first placement's
two-turn relaxation claimed a line of 33 where none is (the model's lines reach 32).
"""

from __future__ import annotations

import random
from itertools import combinations, product

from akrotiri_puzzles.analysis.reach import reach_two
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_goals import quarters_opened
from akrotiri_puzzles.scoring import seat_score

QUARTERS = ("NE", "NW", "SE", "SW")
SUBSETS = [frozenset(c) for n in range(len(QUARTERS) + 1) for c in combinations(QUARTERS, n)]


def most_distinct(options: tuple[frozenset[str], ...]) -> int:
    """The most distinct quarters the temples can lie in, one quarter each from its options (a
    temple with none opens none): every choice tried."""
    choices = [sorted(o) or [None] for o in options]
    return max((len({q for q in pick if q is not None}) for pick in product(*choices)), default=0)


def test_R_GOAL_9_quarters_opened_is_the_most_distinct_quarters_small() -> None:
    for n in range(4):
        for options in product(SUBSETS, repeat=n):
            assert quarters_opened(options) == most_distinct(options), options


def test_R_GOAL_9_quarters_opened_is_the_most_distinct_quarters_more_temples() -> None:
    rng = random.Random(79)
    for _ in range(2_000):
        options = tuple(rng.choice(SUBSETS) for _ in range(rng.randint(4, 6)))
        assert quarters_opened(options) == most_distinct(options), options


def test_R_GOAL_9_four_temples_opening_two_quarters_open_two() -> None:
    sw, ne = frozenset({"SW"}), frozenset({"NE"})
    assert quarters_opened((sw, sw, sw, ne)) == 2
    assert quarters_opened((sw, frozenset({"SW", "NW"}), sw, ne)) == 3


S5T12_PLACEMENT = "tile -1,-3 r0 blue@NW"
S5T12_LINE = (
    "buy easy easy easy; ship -3,-1NE; ship -2,-1SW; excavate E02 -2,-1SW; ship T1; ship -2,-1NW; end;"
    " tile -2,-3 r0 red@SW; excavate E11 -2,-1SE; keep G10; portage -3,-1NE; ship -1,-3SE;"
    " excavate E07 0,-3SW; portage 0,-3SW; ship 0,1SW; excavate E01 0,1SW; keep G09"
)
"""The relaxed line at 33 (tools/trace_two_turn_relaxed.py: three easy cards bought, E02, E11,
E01 and E07 excavated on spots 1, 2, 7 and 10) as the engine plays it (E01 and E07 swapped:
tools/engine_turn_two.py's best turn 2 after its turn 1): 31."""


def test_R_GOAL_9_s5t12_relaxed_line_reads_the_quarters_the_engine_scores(two_turn_line) -> None:
    child, puzzle, end = two_turn_line(5, 12, "north", S5T12_PLACEMENT, S5T12_LINE)
    score = seat_score(end.pos, puzzle.hero)
    quarters = {g.goal: g.points for g in score.goals}
    assert score.total == 31 and quarters["G09"] == 6  # SE (M11), SW (E02, E11, E07), NE (E01)
    got = reach_two.slot_groups(child)
    assert got is not None
    _, finals, acts = got
    final = next(b for group in finals for b in group if b.placements == end.pos.board.placements)
    b1 = child.board
    relaxed = reach_two.TwoRelaxed(child, [b1, final], acts, reach_two.NODES, Boards(child), None)
    dug = frozenset((relaxed.spot_of[b1.island_at(site)], card) for card, site in end.pos.hero.temples[1:])
    assert sorted(s for s, _ in dug) == [1, 2, 7, 10]
    assert relaxed.goal_on(1, "G09", dug) == 6  # 8 before session 79
    assert relaxed.leaf(end.pos.hero.drachmas, dug, 0b11) == score.total
