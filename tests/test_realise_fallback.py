"""Step 1b's rounds going on past a leaf the engine does not realise (analysis/realise_climb.py's
`FALLBACK`, session 88) and turn 1's sales kept for turn 2 (realise.py's `attempt`, `defer`).
Every answer is checked independently of the climb: its line replayed from the member and scored
by the engine at turn 2's end (test_reach_real_lines' `_score`: puzzle.replay, seat_score;
R-SCORE-1 over the two turns, R-TURN-2), and its value plus one read out of reach by a fresh
relaxation (reach_below's `Below`)."""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.actions import PlaceTile, Sell
from akrotiri_puzzles.analysis import realise_climb
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.realise import Leaf, attempt, realise
from akrotiri_puzzles.analysis.realise_climb import Leaves, climb_line

from .test_reach_real_lines import S3T13, _member, _score
from .test_realise import _leaf_33
from .test_realise_climb import _memo

S4T15 = "tile -1,-2 r0 blue@NE"
"""Seed 4's turn 15 (2016, south): its first placement, OPTIMAL 30 (the plain search, about 120 CPU s
of CP-SAT); its first pass stops at 25, and 26 and 27 answer no."""


def test_R_FREE_1_attempt_counts_the_plays_of_a_leaf_the_engine_cannot_follow() -> None:
    child = _member(3, 13, S3T13)
    leaf = _leaf_33()  # relaxed_leaf(child, 33), searched once with test_realise's
    assert leaf is not None
    puzzle = two_turn_puzzle(child)
    got, plays = attempt(puzzle, leaf, target=33)
    assert got is not None and got.plays == plays and got.value == 33
    assert _score(child, got.text) == (33, 2)
    # A sale with an empty boat (R-FREE-1): no line, and the plays it made are counted.
    r, start = leaf.relaxed, leaf.path[0]
    sale = start._replace(at=r.thera, sold=start.sold + 1)
    none, spent = attempt(puzzle, Leaf(r, (start, sale), leaf.finals), nodes=20_000)
    assert none is None and 0 < spent <= 20_000
    assert realise(puzzle, Leaf(r, (start, sale), leaf.finals), nodes=20_000) is None


def _group(leaves: Leaves, key: tuple[tuple[int, int], bool]) -> int:
    assert leaves.groups is not None
    return leaves.groups[0].index(key)


@pytest.mark.corpus  # ~20 s; the climbs in make test: test_realise_climb
def test_R_FREE_1_R_TILE_2_s4t15_a_leaf_at_30_is_realised_where_its_sales_wait_for_turn_2() -> None:
    child = _member(4, 15, S4T15)
    puzzle = two_turn_puzzle(child)
    leaves = Leaves(child)
    i = _group(leaves, ((1, -1), False))  # the next tile at 1,-1 r0, the optimum's final board
    leaf = leaves.search(i, 30)
    assert leaf is not None
    # As session 87 realised it (the relaxation's sale in turn 1 made there): below 30.
    old, _ = attempt(puzzle, leaf, 150_000, 30)
    assert old is None or old.value < 30
    # Its blues kept aboard, sold in turn 2 after the tile takes a blue off the market (R-TILE-2).
    got, plays = attempt(puzzle, leaf, 150_000, 30, defer=True)
    assert got is not None and got.value == 30 and plays <= 150_000
    assert _score(child, got.text) == (30, 2)
    tile = next(k for k, a in enumerate(got.line) if isinstance(a, PlaceTile))
    assert not any(isinstance(a, Sell) for a in got.line[:tile])
    assert any(isinstance(a, Sell) for a in got.line[tile:])
    assert reach_below.Below()(child, 31)  # a fresh relaxation: nothing reaches 31, so 30 is the optimum


@pytest.mark.corpus  # ~90 s; the climbs in make test: test_realise_climb
def test_R_SCORE_1_R_TURN_2_s4t15_s_first_model_climbs_through_the_other_groups_leaves_to_30(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    child = _member(4, 15, S4T15)
    puzzle = two_turn_puzzle(child)
    memo = _memo(child)
    assert not memo(26) and not memo(27)  # the first pass's no's (floor_first's step 1b asks from 26)
    # Session 87's rounds (one leaf a round, no sale kept): the hinted leaf at 26 gives no line.
    monkeypatch.setattr(realise_climb, "FALLBACK", False)
    monkeypatch.setattr(realise_climb, "DEFER", False)
    assert climb_line(puzzle, child, 26, memo, 6) is None
    monkeypatch.setattr(realise_climb, "FALLBACK", True)
    monkeypatch.setattr(realise_climb, "DEFER", True)
    tried: list[tuple[int, int | None]] = []

    def counted(*args: Any, **kw: Any) -> Any:
        got, plays = attempt(*args, **kw)
        tried.append((args[3], None if got is None else got.value))
        return got, plays

    monkeypatch.setattr(realise_climb, "attempt", counted)
    got = climb_line(puzzle, child, 26, memo, 6)
    assert got is not None and got.value == 30
    assert _score(child, got.text) == (30, 2)
    assert reach_below.Below()(child, 31)
    # A round went on past a leaf the engine did not realise at its value to another group's.
    assert any(
        (v is None or v < ask) and any(a == ask and w is not None and w >= ask for a, w in tried[k + 1 :])
        for k, (ask, v) in enumerate(tried)
    )
    assert memo.answers[31] is True
