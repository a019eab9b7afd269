"""Relaxed lines that the engine plays: where the two-turn relaxation (analysis/reach/reach_two.py) held a
turn over 600 CPU s, the member it read "not below" really reaches that value (session 84,
h84s3gap, docs/benchmarks.md). Each line below is the relaxed line `tools/trace_two_turn_relaxed.py`
printed, played by the engine to turn 2's end; CP-SAT alone takes 200-410 CPU s to find a line of
that value on these members, so the relaxation must keep reading them at least that (soundness:
a bound never below a real line, R-SCORE-1).

- Seed 3's turn 13 (2016, south), `tile -1,-2 r90 red@NE`: turn 1 buys H02 and asks the oracle
  for a mountain (R-ORA-1: L32 instead of the pile's L13), loads red, red and blue on island (0,-6)
  at 0,-2SE and ends there; turn 2 places L32 at -1,-3 r180, whose routes give 0,-2SE a ship step
  to Thera (R-MOVE-1) and whose second cube is the market's last red but one (R-TILE-2: the two
  reds then sell at 4, R-FREE-1), and digs M12 and H02: 33, where the turn's best found was 32.
- Seed 4's turn 15 (2016, south), `tile -1,-2 r270 blue@NW`: turn 1 loads the blue of island
  (-2,-3), sells both blues, buys two hard cards and ends at -1,-2SE; turn 2 places L09 at -1,-3
  r180, whose cubes grow island (-1,-4) to three (R-TILE-2), digs H09 there, loads the three,
  sells them and digs H02: 32, where the turn's best found was 30. The relaxation proves 33 out
  of reach, so 32 is the member's optimum, read without a model.
"""

from __future__ import annotations

from functools import cache

import pytest

from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach.reach_two import below
from akrotiri_puzzles.notation import parse_line
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import replay
from akrotiri_puzzles.scoring import seat_score

from .test_analysis_turns_placement import before_placement, placement_groups

S3T13 = "tile -1,-2 r90 red@NE"
S3T13_LINE = (
    "buy hard; oracle mountain; ship -1,-2SE; portage 0,-3NW; ship 0,-2SE; load red red blue; end; "
    "tile -1,-3 r180 red@SW; ship T2; sell red; sell red; sell blue; ship -1,-2SW; excavate M12 -1,-3SE; "
    "keep G03; ship -1,-2NW; excavate H02 -1,-2NW"
)
S4T15 = "tile -1,-2 r270 blue@NW"
S4T15_LINE = (
    "ship -1,-2NW; load blue; ship T1; sell blue; sell blue; buy hard hard; portage T2; ship -1,-2SE; end; "
    "tile 1,-3 r180 gray@SW; excavate H09 -1,-2SE; keep G08; load red blue gray; ship T2; sell red; "
    "sell blue; sell gray; portage T1; ship -1,-2SW; excavate H02 -1,-2SW"
)


@cache
def _member(seed: int, turn: int, name: str) -> Position:
    return next(c for g in placement_groups(before_placement(seed, 2016, turn)) for a, c in g if str(a) == name)


def _score(child: Position, line: str) -> tuple[int, int]:
    """The engine's score at the end of `line` (notation, `;`-separated) played from `child` over
    the two turns, each action one the engine offers, and the turn it ends in."""
    puzzle = two_turn_puzzle(child)
    got = replay(puzzle, parse_line(line))
    assert got.illegal_at is None, f"action {got.illegal_at} refused: {got.reason}"
    end = got.states[-1]
    return seat_score(end.pos, puzzle.hero).total, end.turn


def test_R_ORA_1_s3t13_the_oracle_tiles_line_reaches_33_and_the_relaxation_reads_it() -> None:
    child = _member(3, 13, S3T13)
    assert _score(child, S3T13_LINE) == (33, 2)
    assert not below(child, 33)


@pytest.mark.corpus  # ~35 s; in make test: the s3t13 line
def test_R_TILE_2_s4t15_the_line_of_the_next_tiles_cubes_reaches_32_the_members_optimum() -> None:
    child = _member(4, 15, S4T15)
    assert _score(child, S4T15_LINE) == (32, 2)
    assert not below(child, 32)
    assert below(child, 33)
