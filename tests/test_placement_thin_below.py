"""A thin group's market parts asked the relaxation's question through their own covers
(analysis/placement.py, `THIN_PARTS_BELOW`, `_Search.parts_below`): where a group's two-turn
cover is not claimed (R-TILE-2: a colour left once at most on some member's market) and its
one-turn cover's relaxed question fails, each market part of two or more members is asked
through its cover (claimed over two turns: one market) before any of its members is; below the
value asked, the whole part is dropped, as each member's own question or solve would have been.

Real placements of seed 3's turn 10 (2016, north: every group thin, four markets a group) with
made-up values and a made-up relaxation that is sound on them (test_placement_thin's fakes),
checked against the search in notation order over every placement alone; the questions the rule
saves counted; and, on the real relaxation, a part's cover is below a value only where each of
its members is (the domination the drop relies on, read through the bound it is asked of)."""

from __future__ import annotations

import random

import pytest

from akrotiri_puzzles.analysis import placement
from akrotiri_puzzles.analysis.reach.reach_below import Below

from .test_placement_parts import _Fake
from .test_placement_thin import _first_seven_others_six, _one_group, _Relaxed, _search, _thin_groups, _want


@pytest.mark.parametrize("seed", range(8))
def test_R_TILE_2_thin_parts_below_give_the_notation_order_search_s_answer(monkeypatch, seed):
    rng = random.Random(100 + seed)
    keep = rng.sample(_thin_groups(), 3)
    kids = sorted((kid for g in keep for kid in g), key=lambda kid: str(kid[0]))
    fake = _Fake(kids, rng)
    below = _Relaxed(fake, {id(child): rng.choice([0, 1, 1, 2, None]) for _, child in kids}, rng.choice([1, 2, 3]))
    want = _want(kids, fake)
    for thin in (False, True):
        monkeypatch.setattr(placement, "MARKET_PARTS_THIN", thin)
        for on in (True, False):
            monkeypatch.setattr(placement, "THIN_PARTS_BELOW", on)
            assert _search(kids, fake, below) == want, (thin, on)


def test_R_TILE_2_a_thin_group_s_parts_below_are_asked_instead_of_its_members(monkeypatch):
    # The first placement (no floor) is 7, every other 6; each member's relaxed bound is 7 and a
    # part cover's too (the best under it, 6 or 7, plus one), the group's one-turn cover's 9:
    # asked for 8, the group's question fails and every part's holds. With the rule: the first's
    # model and one question a part of two or more members left, no member asked. Without it:
    # each member left asked, none solved. The same answer either way.
    rng = random.Random(0)
    kids, fake = _first_seven_others_six(rng)
    below = _Relaxed(fake, {id(child): 1 for _, child in kids}, 1)
    parts: dict[tuple[int, ...], int] = {}
    for _, child in kids[1:]:
        parts[child.market] = parts.get(child.market, 0) + 1
    monkeypatch.setattr(placement, "THIN_PARTS_BELOW", True)
    got = _search(kids, fake, below)
    assert got == _want(kids, fake) and got.value == 7
    assert fake.solves == 1
    with_rule = below.asked
    alone = sum(1 for n in parts.values() if n == 1)
    assert with_rule == sum(1 for n in parts.values() if n > 1) + alone
    below.asked = 0
    monkeypatch.setattr(placement, "THIN_PARTS_BELOW", False)
    assert _search(kids, fake, below) == got and fake.solves == 1
    assert below.asked == len(kids) - 1
    assert with_rule < below.asked


def test_R_TILE_2_a_part_not_below_leaves_its_members_to_their_own_questions(monkeypatch):
    # One part's cover is loose (its bound reaches 8) while its members are each below 8: that
    # part's members are asked one by one and skipped, the other parts dropped whole; nothing
    # solved but the first.
    rng = random.Random(2)
    kids, fake = _first_seven_others_six(rng)
    loose_market = kids[1][1].market

    class _OnePartLoose(_Relaxed):
        def bound(self, pos):
            b = super().bound(pos)
            if id(pos) not in self.fake.value and pos.market == loose_market:
                return 9
            return b

    below = _OnePartLoose(fake, {id(child): 1 for _, child in kids}, 1)
    monkeypatch.setattr(placement, "THIN_PARTS_BELOW", True)
    got = _search(kids, fake, below)
    assert got == _want(kids, fake) and fake.solves == 1


@pytest.mark.slow
def test_R_TILE_2_a_thin_part_s_cover_is_below_only_where_each_member_is():
    # Slow (about 12 CPU s). The real relaxation (analysis/reach/reach_below.py) on seed 3's turn 10: for a part of a thin
    # group, at the least value its cover is below, each member is below too (the cover
    # dominates each member over two turns, so its relaxed bound is at least each member's).
    group = _one_group()
    parts: dict[tuple[int, ...], list] = {}
    for _, child in group:
        parts.setdefault(child.market, []).append(child)
    members = max(parts.values(), key=len)
    assert len(members) > 1
    top = placement.cover(members, 2)
    assert top is not None
    below = Below()
    ask = next(v for v in range(15, 60) if below(top, v))
    assert not below(top, ask - 1)
    assert all(Below()(child, ask) for child in members)
