"""A thin group's market part asked the split relaxation through its cover before its members'
models (analysis/parts_split.py, `PARTS_SPLIT`; analysis/placement.py's `_Search.split_part`).

Real placements of seed 3's turn 10 (2016, north: every group thin, four markets a group) with
made-up values (`test_placement_parts._Fake`: a cover's best is its members' best) and a made-up
relaxation sound on them: the cheap one loose, the split one (asked with reach_split's
`SPLIT_SALE` on, as `split_on` sets it) tighter on the covers of one market (R-TILE-2: the members
of a part take the second cube of one colour; R-FREE-1: the split reads a sale's price by its
turn). Checked against the search in notation order over every placement alone, and the models
the part's split question saves counted."""

from __future__ import annotations

import random

import pytest

from akrotiri_puzzles.analysis import parts_split, placement, watch_split
from akrotiri_puzzles.analysis.reach import reach_split
from akrotiri_puzzles.position import Position

from .test_placement_parts import _Fake
from .test_placement_thin import _first_seven_others_six, _Relaxed, _search, _thin_groups, _want


class _Split(_Relaxed):
    """`_Relaxed` (the cheap relaxation: each member `slack` loose, a cover `loose`) whose
    questions asked with the split on (`SPLIT_SALE`) read a cover `tight` points above its best
    (sound: at least its best) and a member as the cheap one; `split_asked` counts them."""

    def __init__(self, fake: _Fake, slack: dict[int, int | None], loose: int, tight: int) -> None:
        super().__init__(fake, slack, loose)
        self.tight = tight
        self.split_asked = 0

    def bound(self, pos: Position) -> int | None:
        if reach_split.SPLIT_SALE and id(pos) not in self.fake.value:
            self.split_asked += 1
            return self.fake.best(pos)[0] + self.tight
        return super().bound(pos)


def test_R_TILE_2_R_FREE_1_a_thin_part_s_split_below_solves_none_of_its_members(monkeypatch):
    # The first placement (no floor) is 7, every other 6; the cheap relaxation two points loose
    # on each member (three on a cover), so every cheap question at 8 fails; the split of a
    # part's cover reads its best (6, or 7 with the first). Each part's members are dropped by
    # one split question: only the first placement (and a part's lone member) is solved, the
    # answer the same.
    kids, fake = _first_seven_others_six(random.Random(0))
    below = _Split(fake, {id(child): 2 for _, child in kids}, 3, 0)
    assert parts_split.split_applies()
    got = _search(kids, fake, below)
    assert got == _want(kids, fake) and got.value == 7
    sizes: dict[tuple[int, ...], int] = {}
    for _, child in kids[1:]:
        sizes[child.market] = sizes.get(child.market, 0) + 1
    # The first, and a part's one member where only one is left (no split of a part of one).
    assert fake.solves == 1 + sum(n == 1 for n in sizes.values()) < len(kids)
    assert below.split_asked == sum(n > 1 for n in sizes.values()) > 0
    assert not reach_split.SPLIT_SALE  # put back after each split question
    monkeypatch.setattr(parts_split, "PARTS_SPLIT", False)
    assert _search(kids, fake, below) == got
    assert fake.solves == len(kids)


def test_R_TILE_2_a_thin_part_s_split_not_below_drops_nothing(monkeypatch):
    # The split one point above a cover's best (7 or 8 where the first is in it): no part's split
    # is below 8, so every member is solved as without it.
    kids, fake = _first_seven_others_six(random.Random(0))
    below = _Split(fake, {id(child): 2 for _, child in kids}, 3, 2)
    got = _search(kids, fake, below)
    assert got == _want(kids, fake)
    assert fake.solves == len(kids)


def test_R_TILE_2_no_part_split_where_members_models_would_not_ask_it(monkeypatch):
    # `SPLIT_RETRY` off: the members' models ask no split, so neither does the part.
    kids, fake = _first_seven_others_six(random.Random(0))
    below = _Split(fake, {id(child): 2 for _, child in kids}, 3, 0)
    monkeypatch.setattr(watch_split, "SPLIT_RETRY", False)
    assert not parts_split.split_applies()
    _search(kids, fake, below)
    assert below.split_asked == 0 and fake.solves == len(kids)


@pytest.mark.parametrize("seed", range(4))
def test_R_TILE_2_R_FREE_1_thin_part_splits_give_the_notation_order_search_s_answer(monkeypatch, seed):
    rng = random.Random(seed)
    keep = rng.sample(_thin_groups(), 3)
    kids = sorted((kid for g in keep for kid in g), key=lambda kid: str(kid[0]))
    fake = _Fake(kids, rng)
    slack = {id(child): rng.choice([0, 1, 1, 2, None]) for _, child in kids}
    below = _Split(fake, slack, rng.choice([1, 2, 3]), rng.choice([0, 0, 1]))
    want = _want(kids, fake)
    for on in (True, False):
        monkeypatch.setattr(parts_split, "PARTS_SPLIT", on)
        for thin in (False, True):
            monkeypatch.setattr(placement, "MARKET_PARTS_THIN", thin)
            assert _search(kids, fake, below) == want


PART = ("tile -4,1 r270 blue@NW", "tile -4,1 r270 blue@SE", "tile -4,1 r270 blue@SW")
"""Seed 1's turn 13 (2016, south): the members of `tile -4,1 r270` taking a blue cube, at 24 (the
turn's best 23 found by then; docs/benchmarks.md, session 94, h94north)."""


@pytest.mark.corpus  # ~25 CPU s with the turn drawn
def test_R_TILE_2_R_FREE_1_seed_1_turn_13_blue_part_below_24_by_its_split_only():
    # The cheap relaxation is not below 24 for the part's cover nor any of its members; the
    # split of the part's cover is, and then its members' own split questions search nothing.
    from akrotiri_puzzles.analysis.reach.reach_below import Below
    from akrotiri_puzzles.analysis.reach.reach_known import cover

    from .test_analysis_turns_placement import before_placement, placement_groups

    group = next(
        g for g in placement_groups(before_placement(1, 2016, 13)) if str(g[0][0]).startswith("tile -4,1 r270")
    )
    members = [c for a, c in group if str(a) in PART]
    assert len(members) == 3
    top = cover(members, 2)
    assert top is not None
    below = Below()
    assert not below(top, 24)
    assert not any(below(m, 24) for m in members)
    assert parts_split.split_below(below, top, 24)
    assert not reach_split.SPLIT_SALE
    assert all(parts_split.split_below(below, m, 24) for m in members)
