"""The two-turn placement search's finer covers (analysis/placement.py, `_Search`): a cover's best
bounds its members, a group's market parts are asked through their own covers (`by_market`,
R-TILE-2), and a cover's proven line, replayed from a member at the cover's best, settles that
member's value (`settled`; only the best's line is solved at the end, asked for the value the
search asked it for in turn).

Two checks: a synthetic one (real placements and covers, made-up values; every case fast)
against a direct computation of the search in notation order over every placement alone, line
and the value each is asked for included; and a real group of seed 2's turn 10 (2016, north)
against each of its placements solved alone (CP-SAT), marked corpus (about a minute)."""

from __future__ import annotations

import random

import pytest

from akrotiri_puzzles.analysis import placement
from akrotiri_puzzles.analysis.board_solve import BoardResult, best_two_turns, two_turns_value
from akrotiri_puzzles.analysis.endgame import NO_BOUND, Run
from akrotiri_puzzles.analysis.placement import cover, groups, split_placements
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver.deadline import Deadline

from .test_best_first import _notation_order
from .test_placement_bound import COMPS, before_placement


def _covered(top: Position, member: Position) -> bool:
    """Whether `top` lays every cube `member` lays and leaves no more on any market space."""
    most = {(piece, colour): n for piece, colour, n in top.cubes}
    return all(most.get((piece, colour), 0) >= n for piece, colour, n in member.cubes) and all(
        a <= b for a, b in zip(top.market, member.market, strict=True)
    )


class _Fake:
    """Made-up values for real placements; a cover's best is the best of the members it covers,
    one more when they leave more than one market (a loose cover), as the domination allows.
    Every solve's line names what was solved and the value it was asked for."""

    def __init__(self, kids, rng: random.Random) -> None:
        self.kids = kids
        self.value = {id(child): rng.choice([5, 6, 6, 7, 7, 8]) for _, child in kids}
        self.index = {id(child): i for i, (_, child) in enumerate(kids)}
        self.lucky = {id(child): rng.random() < 0.5 for _, child in kids}
        self.solves = 0

    def best(self, pos: Position) -> tuple[int, str]:
        if id(pos) in self.value:
            return self.value[id(pos)], f"member {self.index[id(pos)]}"
        under = [child for _, child in self.kids if _covered(pos, child)]
        assert under, "a cover covers its members"
        loose = len({child.market for child in under}) > 1
        return max(self.value[id(c)] for c in under) + loose, f"cover of {len(under)}"

    def solve(self, pos: Position, floor: int | None, cap: int | None) -> BoardResult:
        self.solves += 1
        value, name = self.best(pos)
        if floor is not None and value < floor:
            return BoardResult("INFEASIBLE", None, floor - 1, ())
        return BoardResult("OPTIMAL", value, value, (f"{name} asked {floor}",))  # type: ignore[arg-type]

    def lines(self, child: Position, line) -> int | None:
        """A cover's line from a member: never more than the member's best; its best when the
        member is lucky and the cover's best is the member's."""
        return self.value[id(child)] if self.lucky[id(child)] else self.value[id(child)] - 1


def _placements(count: int, rng: random.Random):
    pos = before_placement(1, 2016, 5)[0]
    kids = Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    keep = rng.sample([g for g in groups(kids) if len(g) > 1], count)
    out = [kid for g in keep for kid in g]
    out.sort(key=lambda kid: str(kid[0]))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_R_TILE_1_R_TILE_2_market_parts_and_cover_lines_give_the_notation_order_search_s_answer(monkeypatch, seed):
    rng = random.Random(seed)
    kids = _placements(3, rng)
    fake = _Fake(kids, rng)
    found = _notation_order({i: fake.value[id(child)] for i, (_, child) in enumerate(kids)}, None, 1)
    value, j, ask = found[0]
    want = BoardResult("OPTIMAL", value, value, (kids[j][0], f"member {j} asked {ask}"))  # type: ignore[arg-type]
    assert split_placements(kids, fake.solve, None, None, NO_BOUND, turns=2, lines=fake.lines) == want
    # Without the lines, and without the parts too (the search before them): the same answer.
    assert split_placements(kids, fake.solve, None, None, NO_BOUND, turns=2) == want
    monkeypatch.setattr(placement, "MARKET_PARTS", False)
    assert split_placements(kids, fake.solve, None, None, NO_BOUND, turns=2) == want


def test_R_TILE_2_a_loose_cover_s_market_parts_skip_its_placements(monkeypatch):
    # One group whose cover reaches one more than any placement (it leaves four markets): its
    # market parts' covers are tight, so no placement after the best is asked one by one.
    rng = random.Random(3)
    kids = _placements(1, rng)
    fake = _Fake(kids, rng)
    for _, child in kids:
        fake.value[id(child)] = 6
    first = fake.kids[0][1]
    fake.value[id(first)] = 5  # the first asked without a floor; the rest asked for 6
    got = split_placements(kids, fake.solve, None, None, NO_BOUND, turns=2)
    assert got.value == 6 and got.line[1] == "member 1 asked 6"
    # The first alone (no floor), the cover of the rest (7: loose), its parts of two or more (6
    # each), the second (6): every later placement is bounded by its part's 6 and skipped.
    sizes: dict[tuple[int, ...], int] = {}
    for _, child in kids[1:]:
        sizes[child.market] = sizes.get(child.market, 0) + 1
    parts = sum(n > 1 for n in sizes.values())
    assert parts >= 2
    assert fake.solves == 1 + 1 + parts + 1
    # Without the parts, the cover of the rest is asked again for 7 (loose again) and each
    # placement after the second is solved, INFEASIBLE.
    fake.solves = 0
    monkeypatch.setattr(placement, "MARKET_PARTS", False)
    assert split_placements(kids, fake.solve, None, None, NO_BOUND, turns=2) == got
    assert fake.solves == 1 + 1 + 1 + 1 + (len(kids) - 2)


@pytest.mark.corpus
def test_R_TILE_2_R_FREE_1_a_group_s_parts_and_its_cover_s_line_agree_with_each_placement_solved_alone():
    # Seed 2's turn 10 (2016, north), `tile -1,1 r90`: the cover reaches 10, no placement does;
    # each market part's cover is at least each of its placements' own best (the domination),
    # and a cover's line that scores its best from a placement settles that placement's best.
    seen: list[Position] = []
    play_game(COMPS, 2, 2016, bots=("greedy", "greedy"), check=False, on_position=seen.append)
    pos = next(p for p in seen if p.phase == "place" and p.turn == 10 and p.to_move == "north")
    kids = Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    group = next(g for g in groups(kids) if str(g[0][0]).startswith("tile -1,1 r90"))
    alone = {id(child): best_two_turns(child, "score", Deadline(None)) for _, child in group}
    assert all(r.status == "OPTIMAL" and r.value is not None for r in alone.values())
    whole = cover([child for _, child in group], 2)
    assert whole is not None
    top = best_two_turns(whole, "score", Deadline(None))
    assert top.status == "OPTIMAL" and top.value == 10
    assert max(r.value for r in alone.values()) == 9  # the cover is loose
    parts: dict[tuple[int, ...], list[Position]] = {}
    for _, child in group:
        parts.setdefault(child.market, []).append(child)
    assert len(parts) == 4
    settled = 0
    for members in parts.values():
        part = cover(members, 2)
        assert part is not None
        r = best_two_turns(part, "score", Deadline(None))
        assert r.status == "OPTIMAL" and r.value is not None and r.value <= 9  # tight: below 10
        for child in members:
            assert alone[id(child)].value <= r.value
            for line, best in ((r.line, r.value), (top.line, top.value)):
                score = two_turns_value(child, "score", line)
                assert score is None or score <= alone[id(child)].value
                if score == best:
                    settled += 1
                    assert alone[id(child)].value == best
    assert settled > 0
