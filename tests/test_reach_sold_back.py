"""A cube sold in turn 1 taken back by the next placement (reach_money.py's *Cubes sold back*,
`sale_prices`, session 74): the sale puts the cube on the market (R-FREE-1), the turn-2 tile
takes it from there (R-TILE-2, after turn 1's action phase, R-TURN-1), so the next sale of that
colour earns the top price again. Checked against the engine: from seed 5's turn 11 (2016, south)
with no gray cube on the market and two aboard at Thera, gray sells at 5 in turn 1, the next tile
(L24, a mountain) takes it back, and gray sells at 5 again: 10, where the bound read 5 + 4 = 9."""

from __future__ import annotations

from akrotiri_puzzles.actions import EndTurn, PlaceTile, Sell
from akrotiri_puzzles.analysis import reach_money
from akrotiri_puzzles.analysis.exhaustive import horizon
from akrotiri_puzzles.analysis.reach_boards import Boards
from akrotiri_puzzles.analysis.reach_two import TwoRelaxed, _earned, slot_groups
from akrotiri_puzzles.components import COLOURS
from akrotiri_puzzles.position import evolve
from akrotiri_puzzles.puzzle import State, moves, play

from .test_reach_takes import _seed_5_turn_11_green

GRAY = COLOURS.index("gray")


def _sold_out():
    """Seed 5's turn-11 placement `tile -1,-3 r180 green@NW` with no gray cube on the market and
    the hero's boat at Thera (T2) with two gray cubes aboard."""
    top = _seed_5_turn_11_green()
    pos = top.with_seat(top.to_move, evolve(top.hero, boat="T2", cargo=("gray", "gray"), drachmas=10))
    market = list(top.market)
    market[GRAY] = 0
    return evolve(pos, market=tuple(market))


def _engine_line(pos):
    """Sell gray, end turn 1, place the next tile every legal way, sell gray: the engine's income
    of the two sales over the placements that take the gray cube back (the best of all)."""
    puzzle = horizon(pos, 2)
    state = play(puzzle, State(pos), Sell("gray"))
    assert state.pos.market[GRAY] == 1
    state = play(puzzle, state, EndTurn())
    best = 0
    for action in moves(puzzle, state):
        if not isinstance(action, PlaceTile):
            continue
        after = play(puzzle, state, action)
        if after.pos.market[GRAY]:
            continue  # the tile took no gray cube back
        best = max(best, play(puzzle, after, Sell("gray")).pos.hero.drachmas - pos.hero.drachmas)
    return best


def test_R_FREE_1_R_TILE_2_R_TURN_1_a_cube_sold_in_turn_1_taken_back_sells_at_the_top_again():
    pos = _sold_out()
    real = _engine_line(pos)
    assert real == 10  # 5 and 5 (track 1,2,2,3,3,4,4,5): the tile's gray icon takes the cube back
    got = slot_groups(pos)
    assert got is not None
    _, finals, acts = got
    boards = [pos.board, *(b for group in finals for b in group)]
    assert _earned(pos, boards)[2] >= real
    first = set(pos.board.placements)
    drawn = 0
    for group in finals:
        tiles = {p[1] for b in group for p in b.placements if p not in first}
        if tiles != {"L24"}:
            continue  # the oracle's tiles, or no tile
        drawn += 1
        r = TwoRelaxed(pos, [pos.board, *group], acts, 1, Boards(pos), None)
        assert r.money is not None
        # The gray cubes aboard, nothing loaded: their two sales read by colour (9 before).
        assert r.money.income(2, ()) == real
    assert drawn


def test_R_FREE_1_R_TILE_2_sale_prices_read_a_take_beyond_the_market_as_a_cube_turn_1_sold():
    track = (1, 2, 2, 3, 3, 4, 4, 5)
    assert reach_money.sale_prices(track, 4, 1) == [3, 3, 2, 2, 1]  # within the market: as before
    assert reach_money.sale_prices(track, 0, 0) == [5, 4, 4, 3, 3, 2, 2, 1]
    assert reach_money.sale_prices(track, 0, 1) == [5, 5, 4, 4, 3, 3, 2, 2, 1]
    # Two taken, one beyond the market's cube: turn 1 sold it at 4 (7 off), the tile takes both,
    # the next sale earns 5 (session 74's clamp read 5, 5, 4, ...; session 75 exact by colour).
    assert reach_money.sale_prices(track, 1, 2) == [5, 4, 4, 4, 3, 3, 2, 2, 1]
    # Two beyond: turn 1 sold them at 5 and 4 (the clamp read 5, 5, 5, ...).
    assert reach_money.sale_prices(track, 0, 2) == [5, 5, 4, 4, 4, 3, 3, 2, 2, 1]
