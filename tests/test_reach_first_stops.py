"""Stops of turn 1 on turn 1's board (analysis/reach/reach_first_stops.py, `FIRST_STOPS`, session 85,
h85loose; docs/benchmarks.md, session 85, h85loose).

On seed 3's turn 13 (2016, south), member `tile -1,-2 r90 red@NE`, the two-turn relaxation read 34
not below: turn 1 loads three cubes on island (0,-6) (its last action, made on turn 1's board), and
turn 2 reaches Thera in one Move action from dock 1,-1NW, a dock the oracle's tile L32 (at 1,-2
r90 or r270) joins to that island; the boat is at a dock of the island on turn 1's board, from
which no ship step reaches Thera on those boards (R-MOVE-1, R-MOVE-2, R-TILE-1). With the stop
marked, its next legs start from those docks: 34 below. 33 stays not below: the engine plays a
line worth 33 (tests/test_reach_real_lines.py), which the relaxation must keep reading.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_board_legs, reach_first_stops, reach_two
from akrotiri_puzzles.analysis.reach.reach_two import below
from akrotiri_puzzles.notation import parse_line
from akrotiri_puzzles.puzzle import replay

from .conftest import ROOT, tool_module
from .test_reach_real_lines import S3T13, S3T13_LINE, _member, _score


@pytest.mark.corpus  # ~25 s; in make test: the walker below
def test_R_MOVE_1_R_TILE_1_s3t13_a_stop_of_turn_one_leaves_from_turn_ones_docks(monkeypatch) -> None:
    child = _member(3, 13, S3T13)
    assert _score(child, S3T13_LINE) == (33, 2)  # a real line of the member
    monkeypatch.setattr(reach_first_stops, "FIRST_STOPS", False)
    assert not below(child, 34)  # the looseness: a portage read for free
    monkeypatch.setattr(reach_first_stops, "FIRST_STOPS", True)
    assert below(child, 34)
    assert not below(child, 33)  # sound: the real line's 33 is still read


@pytest.fixture
def check(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    return tool_module("check_two_cube_readings")


def _line_image(check, child, line: str) -> tuple[list[object], Counter[str]]:
    """The misses of the relaxed image of `line` (notation, played by the engine from `child`),
    walked by tools/check_two_cube_image.py's `image`, and what it read."""
    puzzle = two_turn_puzzle(child)
    actions = parse_line(line)
    got = replay(puzzle, actions)
    assert got.illegal_at is None
    walked = [*zip(got.states[:-1], actions, strict=True), (got.states[-1], None)]
    seen: Counter[str] = Counter()
    return list(check.image(check.Groups(child), walked, seen)), seen


def test_R_MOVE_2_marked_stops_read_no_leg_the_engine_sails_shorter(check, monkeypatch) -> None:
    """The real line of 33: its Load of turn 1 on island (0,-6) is a marked stop of its image and
    its leg to Thera in turn 2 is read from that stop (from 0,-2SE, on turn 1's board), with no
    miss; the engine's least points from the docks of each island of turn 1's board (over it, then
    over a final board) at least the marked stops' legs (`legs_on`, `moves` from `~spot`); random
    lines of the member, turn 1 stepping to Loads and excavations, walked through images that mark
    their stops of turn 1 (the walker's `leg_stops`): no miss. The marked legs read from no dock,
    and both checks find misses."""
    monkeypatch.setattr(reach_first_stops, "FIRST_STOPS", True)
    child = _member(3, 13, S3T13)
    missed, seen = _line_image(check, child, S3T13_LINE)
    assert missed == []
    assert seen["first stops: marked stop"] >= 1 and seen["first stops: leg from a marked stop"] >= 1
    seen = Counter()
    got = Counter(m.kind for m in check.check(child, random.Random("s3t13"), 100, 2, seen, away=0.6))
    assert got == Counter()
    assert seen["legs read: legs_on marked"] > 100 and seen["imaged Load t1"] > 10

    def none(r):
        return dict.fromkeys(reach_first_stops.first_docks(r), ())

    monkeypatch.setattr(reach_board_legs, "first_docks", none)
    monkeypatch.setattr(reach_two, "_first_docks", none)
    missed, _ = _line_image(check, child, S3T13_LINE)
    assert missed
    # Both kinds of miss found (the check stops once it has one of each).
    wanted = {"legs_on marked", "moves marked"}
    for m in check.check(child, random.Random("s3t13"), 0, 2, Counter()):
        wanted.discard(m.kind)
        if not wanted:
            break
    assert not wanted, wanted
