"""Turn 1's sales carried through the split sale (analysis/reach/reach_split.py's `SPLIT_SOLD`,
*Turn 1's sales carried*; reach_sales.py's `sold_prices`, reach_money.py's `Money._income`;
session 92, h92split).

A cube a turn-1 sale of the split sells goes back on the market (R-FREE-1) before the next placement
takes (R-TILE-2, after turn 1's action phase, R-TURN-1), so a colour with `s` sales in turn 1 earns
at most `M(max(e, s))` over both turns, below `M(e)` where `s > e`. The independent computations:
every line of one colour through the engine's own sale and take (`effects`), and the engine's line
of 31 on seed 4's turn 15 (h90member, tools/settle_member.py: the member's optimum) walked by its
relaxed image (tools/check_two_cube_image.py) with the flag on.
"""

from __future__ import annotations

from collections import Counter
from itertools import accumulate, pairwise

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Sell
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_split
from akrotiri_puzzles.analysis.reach.reach_sales import sale_prices, sold_prices, spreads
from akrotiri_puzzles.files.position_yaml import load_position
from akrotiri_puzzles.puzzle import State, moves, play
from akrotiri_puzzles.scoring import seat_score

from .conftest import ROOT, tool_module
from .test_reach_real_lines import _member
from .test_reach_sale_prices import _lines


def test_R_FREE_1_R_TILE_2_R_TURN_1_sold_prices_bound_every_line_with_turn_one_sales_and_one_meets_them():
    """`sold_prices(track, on, take, s)`: every line selling at least `s` gray cubes in turn 1
    earns at most its prefix sums, best first, and some line earns each of them; below
    `sale_prices` wherever `s` passes the take's cubes beyond the market (and such lines exist)."""
    pos = load_position("tests/data/analysis/next-turn.yaml", load_components())
    track = pos.components.market.track
    tighter = 0
    for on in range(len(track) + 1):
        for take in range(3):
            lines = _lines(pos, on, take)
            for s in range(len(track) - on + 1):
                bound = list(accumulate(sold_prices(track, on, take, s)))
                best: list[int] = []
                for s1, prices in lines:
                    if s1 < s:
                        continue
                    sums = list(accumulate(prices))
                    assert len(sums) <= len(bound) and all(a <= b for a, b in zip(sums, bound, strict=False))
                    best = [max(a, b) for a, b in zip(best, sums, strict=False)] + sums[len(best) :]
                if not best:
                    continue  # no line sells `s` in turn 1 and then meets the take
                assert best == bound, (on, take, s)
                loose = list(accumulate(sale_prices(track, on, take)))
                assert all(b <= a for a, b in zip(loose, bound, strict=True))
                tighter += bound != loose
    assert tighter > 10
    # The spreads of turn 1's sales over the colours: within each cap and each colour's room.
    assert spreads(2, (1, 2, 0), (3, 1, 3)) == [(1, 1, 0)]
    assert sorted(spreads(2, (2, 2), (2, 2))) == [(0, 2), (1, 1), (2, 0)]


MEMBER = "tile -3,2 r270 blue@SE"
LINE_31 = (
    "ship T1; sell blue; buy easy; ship -1,1NE; ship 0,1NW; portage -1,3SW; ship -1,2NE; excavate E05 -3,2NE;"
    " keep G08; end; tile 1,-1 r0 red@NW; ship -1,3SW; portage -1,1NE; load blue; ship T1; sell blue; portage T2;"
    " ship 1,-1SW; excavate M02 1,-1SW"
)
"""h90member's line of 31 from `MEMBER` (seed 4's turn 15, 2016, south; tools/settle_member.py: no
line reaches 32): sells the blue aboard in turn 1, loads a blue in turn 2 and sells it."""


@pytest.fixture
def tools(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    return tool_module("check_two_cube_image")


def _image(tools, monkeypatch) -> tuple[list, Counter[str], list[int], int]:
    """The misses, counts and income readings (`Image.sold_read`) of `LINE_31`'s relaxed image, and
    what its sales earn in the engine."""
    image_tool = tools
    child = _member(4, 15, MEMBER)
    puzzle = two_turn_puzzle(child)
    state = State(child)
    line = []
    for name in (x.strip() for x in LINE_31.split(";")):
        a = next(a for a in moves(puzzle, state) if str(a) == name)
        line.append((state, a))
        state = play(puzzle, state, a)
    line.append((state, None))
    assert seat_score(state.pos, puzzle.hero).total == 31
    earned = sum(
        nxt.pos.hero.drachmas - s.pos.hero.drachmas for (s, a), (nxt, _) in pairwise(line) if isinstance(a, Sell)
    )
    reads: list[int] = []
    read = image_tool.Image.sold_read

    def spy(self, n: int, gained: int) -> int:
        got = read(self, n, gained)
        reads.append(got)
        return got

    monkeypatch.setattr(image_tool.Image, "sold_read", spy)
    seen: Counter[str] = Counter()
    misses = list(image_tool.image(image_tool.Groups(child), line, seen))
    return misses, seen, reads, earned


def test_R_FREE_1_R_TILE_2_R_TURN_1_R_TURN_2_a_turn_one_sale_carried_reads_the_members_line_exactly(
    tools, monkeypatch
) -> None:
    """The line of 31: its two blue sales earn 4 + 4 in the engine (the turn-1 sale puts a blue back,
    the placement takes one, R-FREE-1, R-TILE-2). Its image with the split reads them 9 (5 + 4, the
    take first, `M(0)`) without the flag, and exactly 8 with it, no reading below the engine's."""
    monkeypatch.setattr(reach_split, "SPLIT_SALE", True)
    misses, seen, reads, earned = _image(tools, monkeypatch)
    assert misses == [] and earned == 8
    assert seen["split (a)"] == 1 and seen["split sold read"] == 0 and reads[-1] == 9  # the flag off: loose
    monkeypatch.setattr(reach_split, "SPLIT_SOLD", True)
    misses, seen, reads, earned = _image(tools, monkeypatch)
    assert misses == []
    assert seen["split sold read"] >= 1 and seen["split sold tighter"] >= 1
    assert reads[-1] == earned == 8


@pytest.mark.corpus  # ~170 CPU s; SPLIT_SOLD is off (the light sibling above reads the same lever)
def test_R_FREE_1_R_TILE_2_R_TURN_1_the_members_questions_at_33_and_32_are_below_with_turn_ones_sales_carried(
    monkeypatch,
) -> None:
    """The member's own question (`Below`, as a model's watch asks it) with the split: at 33 not
    below without the flag (the loose reading, h90member), below with it, and so is 32; 31 is not
    (the engine's line of 31, `LINE_31`, reaches it; tools/settle_member.py: none reaches 32)."""
    from akrotiri_puzzles.analysis.reach import reach_below

    child = _member(4, 15, MEMBER)
    monkeypatch.setattr(reach_split, "SPLIT_SALE", True)
    assert not reach_below.Below()(child, 33)
    monkeypatch.setattr(reach_split, "SPLIT_SOLD", True)
    assert reach_below.Below()(child, 33)
    assert reach_below.Below()(child, 32)
    assert not reach_below.Below()(child, 31)
