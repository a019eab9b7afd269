"""The prices of one colour's sales over the two turns (reach_sales.py's `sale_prices`, *Exact by
colour*, session 75): every line's sales of the colour, best first, earn at
most the list's prefix sums, and some line earns each of them. The independent computation: every
line of that colour through the engine's own sale (`effects._apply_sell`: the rightmost empty
space, R-FREE-1) and take (`effects._take_cube`: the leftmost occupied space, R-TILE-2), turn 1's
sales before the next placement's takes and turn 2's after (R-TURN-1), on the printed track."""

from __future__ import annotations

from itertools import accumulate

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Sell
from akrotiri_puzzles.analysis.reach.reach_sales import sale_prices
from akrotiri_puzzles.components import COLOURS
from akrotiri_puzzles.effects import _apply_sell, _take_cube
from akrotiri_puzzles.files.position_yaml import load_position
from akrotiri_puzzles.position import evolve

GRAY = COLOURS.index("gray")


def _lines(pos, on: int, take: int) -> list[tuple[int, list[int]]]:
    """Every line of gray from `pos` with `on` gray cubes on the market: turn 1 sells `s1` gray
    cubes through the engine (`_apply_sell`), the next placement takes `take` (`_take_cube`, each
    from the market as it is then), turn 2 sells every gray cube it can; each as (`s1`, its prices
    best first)."""
    track = pos.components.market.track
    market = list(pos.market)
    market[GRAY] = on
    start = evolve(pos, market=tuple(market))
    start = start.with_seat(start.to_move, evolve(start.hero, cargo=("gray",) * 12, drachmas=0))
    lines = []
    for s1 in range(len(track) - on + 1):
        p, prices = start, []
        for _ in range(s1):
            before = p.hero.drachmas
            p = _apply_sell(p, Sell("gray"))
            prices.append(p.hero.drachmas - before)
        market = list(p.market)
        if not all(_take_cube(market, "gray") for _ in range(take)):
            continue  # fewer gray cubes on the market than the placement takes
        p = evolve(p, market=tuple(market))
        while p.market[GRAY] < len(track):
            before = p.hero.drachmas
            p = _apply_sell(p, Sell("gray"))
            prices.append(p.hero.drachmas - before)
        lines.append((s1, sorted(prices, reverse=True)))
    return lines


def test_R_FREE_1_R_TILE_2_R_TURN_1_a_colours_sale_prices_bound_every_line_and_one_line_meets_them():
    pos = load_position("tests/data/analysis/next-turn.yaml", load_components())
    track = pos.components.market.track
    tighter = 0
    for on in range(len(track) + 1):
        for take in range(3):
            bound = list(accumulate(sale_prices(track, on, take)))
            best: list[int] = []
            for _, prices in _lines(pos, on, take):
                sums = list(accumulate(prices))
                assert len(sums) <= len(bound) and all(s <= b for s, b in zip(sums, bound, strict=False))
                best = [max(a, b) for a, b in zip(best, sums, strict=False)] + sums[len(best) :]
            assert best == bound, (on, take)  # some line earns each prefix sum
            # The clamp of session 74 (every take beyond the market's cubes at the top): tighter
            # only where two are taken of a colour with at most one on the market.
            k = len(track) - on + take
            clamp = list(accumulate(track[min(k - j + 1, len(track)) - 1] for j in range(1, k + 1)))
            assert all(b <= c for b, c in zip(bound, clamp, strict=True))
            tighter += bound != clamp
    assert tighter == 2
