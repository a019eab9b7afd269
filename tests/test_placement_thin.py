"""Market parts on thin groups (analysis/placement.py, `MARKET_PARTS_THIN`, `_Search.thin_part`):
in a group whose own two-turn cover is not claimed (a colour left once at most on some member's
market, R-TILE-2), the members of one market part leave the same market, so their cover is
claimed and dominates each of them; it is solved once two of the part's members left fail their
relaxed questions, and INFEASIBLE skips them all.

Real placements of seed 3's turn 10 (2016, north: every group thin, four markets a group) with
made-up values (`test_placement_parts._Fake`: a cover's best is its members' best) and a made-up
relaxation that is sound on them (below a value only where the best is below it), checked
against the search in notation order over every placement alone: the value, the placement and
the value its line is solved asked for; and the models the rule saves or costs counted."""

from __future__ import annotations

import random

import pytest

from akrotiri_puzzles.analysis import placement
from akrotiri_puzzles.analysis.board_solve import BoardResult
from akrotiri_puzzles.analysis.endgame import NO_BOUND, Run
from akrotiri_puzzles.analysis.placement import groups, split_placements, two_turn_markets
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.solver.deadline import Deadline

from .test_best_first import _notation_order
from .test_placement_bound import before_placement
from .test_placement_parts import _covered, _Fake

_THIN: list = []


def _thin_groups() -> list[list]:
    """Seed 3's turn 10 (2016, north): its groups, each thin (computed once)."""
    if not _THIN:
        pos = before_placement(3, 2016, 10)[0]
        kids = Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
        _THIN.extend(g for g in groups(kids) if len(g) > 1)
    return _THIN


class _Relaxed:
    """A sound made-up relaxation: a member's bound is its best plus its slack (None: no bound),
    a cover's the best of the members under it plus `loose` (at least one)."""

    def __init__(self, fake: _Fake, slack: dict[int, int | None], loose: int = 1) -> None:
        self.fake = fake
        self.slack = slack
        self.loose = loose
        self.asked = 0

    def bound(self, pos: Position) -> int | None:
        if id(pos) in self.fake.value:
            s = self.slack[id(pos)]
            return None if s is None else self.fake.value[id(pos)] + s
        return self.fake.best(pos)[0] + self.loose

    def __call__(self, pos: Position, ask: int, /) -> bool:
        self.asked += 1
        b = self.bound(pos)
        return b is not None and b < ask

    def every(self, members, ask: int, /) -> bool:
        bounds = [self.bound(p) for p in members]
        return None not in bounds and max(bounds) + 1 < ask  # type: ignore[type-var]


def _search(kids, fake: _Fake, below: _Relaxed, solved: list[str] | None = None) -> BoardResult:
    """The search over `kids`; `solved` gets what each model solved ("member j", "cover of n")."""

    def solve(pos: Position, floor: int | None, cap: int | None) -> BoardResult:
        if solved is not None:
            solved.append(fake.best(pos)[1])
        return fake.solve(pos, floor, cap)

    fake.solves = 0
    return split_placements(kids, solve, None, None, NO_BOUND, turns=2, below=below, lines=fake.lines)


def _want(kids, fake: _Fake) -> BoardResult:
    found = _notation_order({i: fake.value[id(child)] for i, (_, child) in enumerate(kids)}, None, 1)
    value, j, ask = found[0]
    return BoardResult("OPTIMAL", value, value, (kids[j][0], f"member {j} asked {ask}"))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(8))
def test_R_TILE_2_thin_groups_market_parts_give_the_notation_order_search_s_answer(monkeypatch, seed):
    rng = random.Random(seed)
    keep = rng.sample(_thin_groups(), 3)
    assert all(not two_turn_markets([child for _, child in g]) for g in keep)
    kids = sorted((kid for g in keep for kid in g), key=lambda kid: str(kid[0]))
    fake = _Fake(kids, rng)
    below = _Relaxed(fake, {id(child): rng.choice([0, 1, 1, 2, None]) for _, child in kids}, rng.choice([1, 2, 3]))
    want = _want(kids, fake)
    monkeypatch.setattr(placement, "MARKET_PARTS_THIN", True)
    got = _search(kids, fake, below)
    assert got == want
    monkeypatch.setattr(placement, "MARKET_PARTS_THIN", False)
    assert _search(kids, fake, below) == want


def _one_group() -> list:
    group = next(g for g in _thin_groups() if len({child.market for _, child in g}) == 4)
    return list(group)


def _first_seven_others_six(rng: random.Random) -> tuple[list, _Fake]:
    """`_one_group` with made-up optima: the first placement (no floor) 7, every other 6."""
    kids = _one_group()
    fake = _Fake(kids, rng)
    for _, child in kids:
        fake.value[id(child)] = 6
    fake.value[id(kids[0][1])] = 7
    return kids, fake


def test_R_TILE_2_a_thin_group_s_parts_skip_members_whose_relaxed_questions_fail(monkeypatch):
    # The first placement (no floor) is 7, every other 6, and the relaxation is two points loose
    # on each (three on a cover): asked for 8, every relaxed question fails. Each market part's
    # cover is solved when its first member left fails with another left beside it, and is
    # INFEASIBLE at 8.
    rng = random.Random(0)
    kids, fake = _first_seven_others_six(rng)
    below = _Relaxed(fake, {id(child): 2 for _, child in kids}, 3)
    monkeypatch.setattr(placement, "MARKET_PARTS_THIN", True)
    got = _search(kids, fake, below)
    assert got == _want(kids, fake) and got.value == 7
    sizes: dict[tuple[int, ...], int] = {}
    for _, child in kids[1:]:
        sizes[child.market] = sizes.get(child.market, 0) + 1
    with_parts = fake.solves
    # The first, then per part one model: its cover (two or more left), or its one member.
    assert with_parts == 1 + len(sizes)
    monkeypatch.setattr(placement, "MARKET_PARTS_THIN", False)
    assert _search(kids, fake, below) == got
    assert fake.solves == len(kids)
    assert with_parts < fake.solves


def test_R_TILE_2_a_thin_group_s_part_is_not_solved_while_one_member_fails(monkeypatch):
    # The relaxation proves every member of a part below 8 but one: no part's cover is solved,
    # the one member is (the rule that keeps seed 3's turn 10 at its models).
    rng = random.Random(1)
    kids, fake = _first_seven_others_six(rng)
    first: dict[tuple[int, ...], int] = {}
    for _, child in kids[1:]:
        first.setdefault(child.market, id(child))
    below = _Relaxed(fake, {id(child): 2 if id(child) in first.values() else 1 for _, child in kids}, 3)
    solved: list[str] = []
    monkeypatch.setattr(placement, "MARKET_PARTS_THIN", True)
    got = _search(kids, fake, below, solved)
    assert got == _want(kids, fake)
    assert fake.solves == 1 + len(first)
    assert not any(name.startswith("cover") for name in solved)
    monkeypatch.setattr(placement, "MARKET_PARTS_THIN", False)
    assert _search(kids, fake, below) == got and fake.solves == 1 + len(first)


def test_R_TILE_2_a_thin_group_s_part_cover_dominates_each_member():
    # The domination the skip relies on, on real positions: the part's cover (claimed over two
    # turns: one market) lays every cube each member lays and leaves the member's own market.
    for group in _thin_groups()[:10]:
        parts: dict[tuple[int, ...], list[Position]] = {}
        for _, child in group:
            parts.setdefault(child.market, []).append(child)
        for market, members in parts.items():
            top = placement.cover(members, 2)
            assert top is not None and top.market == market
            assert all(_covered(top, child) for child in members)
