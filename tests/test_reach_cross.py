"""A leg that turn 1's end splits, read from where turn 1 can leave the boat (analysis/reach/reach_cross.py,
`CROSS_LEGS`, session 84, h84s1gap), on seed 1's turn 13 (2016, south), member
`tile -1,1 r0 blue@NE` (docs/benchmarks.md, session 84, h84s1gap).

The relaxed line there took the oracle (the next tile L01), sailed to Thera, bought H06, reached
island (0, -7) in two Move actions (turn 1's last one and one of turn 2 on the board of L01 at
slot (0, 1) turned 180) and dug E07 there and H06 next door: 22, which CP-SAT proves out of reach
for the member (408.8 CPU s, session 83). From every dock turn 1's last Move action reaches, the
engine needs two Move actions of turn 2 to that island.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from akrotiri_puzzles.actions import PlaceTile
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_cross
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_two import NODES, TwoRelaxed, slot_groups
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.notation import parse_line
from akrotiri_puzzles.puzzle import State, moves, play, replay
from akrotiri_puzzles.scoring import seat_score

from .conftest import ROOT, tool_module
from .test_analysis_turns_placement import before_placement, placement_groups

MEMBER = "tile -1,1 r0 blue@NE"
PREFIX = "oracle volcano; ship T1; buy hard"
"""Turn 1 to the relaxed line's stop at Thera: the oracle's tile L01, H06 bought, one action left."""
NEXT = ((0, 1), "L01", 180)
"""The next tile's placement of the board the relaxed line read 22 on (slot, tile, rotation)."""
LINE = (
    "oracle volcano; ship T1; buy hard; ship -3,1SE; ship -1,1SE; end; tile 0,1 r180 red@SW; "
    "excavate E07 0,1SW; portage 0,1SW; ship 0,-2SW; portage 1,-2NW; ship 0,-3NE; excavate H06 0,-3SW; keep G05"
)
"""A real line on that board (tools/engine_turn_two.py's search, session 84): 19."""


@cache
def _member():
    return next(c for g in placement_groups(before_placement(1, 2016, 13)) for a, c in g if str(a) == MEMBER)


def _oracle_board():
    """The member, the oracle's group's board with L01 at (0, 1) turned 180, and both turns' actions."""
    pos = _member()
    got = slot_groups(pos)
    assert got is not None
    keys, finals, acts = got
    for (_, oracle), group in zip(keys, finals, strict=True):
        for b in group:
            if oracle and (NEXT[0], NEXT[1], NEXT[2]) in b.placements:
                return pos, b, acts
    raise AssertionError("no oracle board with L01 at (0, 1) turned 180")


def _bound(pos, board, acts, ask):
    """That board's relaxed search alone at `ask` (None: a relaxed line reaches it)."""
    try:
        return TwoRelaxed(pos, [pos.board, board], acts, NODES, Boards(pos), ask, True).best()
    except Reached:
        return None


def _played(pos, line):
    puzzle = two_turn_puzzle(pos)
    got = replay(puzzle, parse_line(line))
    assert got.illegal_at is None, f"the engine refuses action {got.illegal_at}: {got.reason}"
    return seat_score(got.states[-1].pos, puzzle.hero).total


def test_R_MOVE_2_R_TURN_3_R_TILE_1_a_split_leg_reads_turn_twos_part_from_where_turn_one_ends(monkeypatch):
    pos, board, acts = _oracle_board()
    assert _played(pos, LINE) == 19  # a real line on this board
    assert _bound(pos, board, acts, 22) == 21  # below 22, at least the line
    monkeypatch.setattr(reach_cross, "CROSS_LEGS", False)
    assert _bound(pos, board, acts, 22) is None  # before: the relaxed line reaches 22


def test_R_MOVE_2_R_MOVE_3_turn_two_actions_from_thera_after_the_buy():
    # At Thera with turn 1's last action left, island (0, -7) (spot of B1) is two Move actions
    # of turn 2 away from every dock turn 1 can end at, on the board of L01 at (0, 1) r180.
    top, board, acts = _oracle_board()
    puzzle = two_turn_puzzle(top)
    state = State(top)
    for name in PREFIX.split("; "):
        state = play(puzzle, state, next(a for a in moves(puzzle, state) if str(a) == name))
    pos = state.pos
    assert pos.actions_left == 1 and pos.hero.boat == "T1" and pos.hero.tile == "L01"
    r = TwoRelaxed(pos, [pos.board, board], acts - 3, 1, Boards(pos), None, False)
    spot = r.spot_of[(0, -7)]
    assert reach_cross.turn_two_actions(r, r.thera, spot, 1, 0, 0) == 2
    assert reach_cross.crossing(r, r.thera, spot, 1, 0, 0) == 3


@pytest.fixture
def check(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    return tool_module("check_cross_legs")


def _misses(check, pos, places: int) -> tuple[int, int]:
    """tools/check_cross_legs.py's check of `pos` on `places` next placements drawn with a fixed
    seed: (islands read at 2 or more Move actions, misses)."""
    puzzle = two_turn_puzzle(pos)
    start = State(pos)
    ends = check.turn_one_ends(puzzle, start)
    any_end = next(iter(ends.values()))
    drawn = random.Random(0).sample([a for a in moves(puzzle, any_end) if isinstance(a, PlaceTile)], places)
    _, tight, missed = check.misses(puzzle, start, ends, drawn)
    return tight, len(missed)


def test_R_MOVE_1_R_MOVE_2_R_MOVE_3_turn_two_actions_at_most_the_engines(check, monkeypatch):
    # After the buy at Thera (one action of turn 1 left): the engine's turn-1 Step actions to every
    # dock where the turn may end, `end`, a sample of the next placements (the oracle's tile), and
    # turn 2's least Move actions to each island: never below the reading. Read one more, and
    # it is.
    pos, _, _ = _oracle_board()
    puzzle = two_turn_puzzle(pos)
    state = State(pos)
    for name in PREFIX.split("; "):
        state = play(puzzle, state, next(a for a in moves(puzzle, state) if str(a) == name))
    tight, misses = _misses(check, state.pos, 6)
    assert misses == 0 and tight > 10
    read = reach_cross.turn_two_actions
    monkeypatch.setattr(reach_cross, "turn_two_actions", lambda *a: (lambda v: v if v is None else v + 1)(read(*a)))
    _, misses = _misses(check, state.pos, 6)
    assert misses > 0
