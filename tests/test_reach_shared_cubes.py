"""A Load of the two-turn relaxation keeps only the boards where the island it loads from holds
the cubes the line has taken from it (analysis/reach/reach_loads.py's `load_boards`, session 70):
two spots of turn 1's board that the next tile joins into one island share its cubes (R-LOAD-1,
R-GEO-4, R-TILE-2, R-TILE-3). The bound stays at least a cover's own two-turn optimum (CP-SAT),
with boards cut, and seed 1's turn 30 (2016, north) is out of reach at 57 (on the lines whose next
tile takes only cubes on the market now, session 75) on the cover of
`tile -2,-2 r0 green@NE`, where a relaxed line took 3 cubes from each of two spots that are one
island of 4 cubes."""

from __future__ import annotations

from typing import Any

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_loads, reach_money, reach_turns
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed, below, slot_groups, two_turn_bound
from akrotiri_puzzles.position import Position

from .test_analysis_turns_placement import before_placement, placement_groups, solved_two_turns
from .test_reach_two import FIFTH_TURN_COVERS, NODES, covers


def seed_1_turn_30_group_cover(placement: str) -> Position:
    """The cover of seed 1's turn 30's group of `placement` (north, the game's last placing turn:
    the hero has five temples)."""
    pos = before_placement(1, 2016, 30)
    group = next(g for g in placement_groups(pos) if any(str(a) == placement for a, _ in g))
    top = cover([child for _, child in group], 2)
    assert top is not None
    return top


def takes_on_market(monkeypatch: pytest.MonkeyPatch) -> None:
    """Narrow the two-turn relaxation to the lines whose next tile placement takes only cubes on
    the market now, none that turn 1 sold (reach_money.py's `next_takes` capped by the market, as
    it was read before session 74's mend): a class of lines, for tests that show a cut on it."""
    plain = reach_money.next_takes

    def capped(pos: Position, boards: Any) -> list[tuple[int, ...]]:
        return [t for t in plain(pos, boards) if all(n <= on for n, on in zip(t, pos.market, strict=True))]

    monkeypatch.setattr(reach_money, "next_takes", capped)


@pytest.fixture(scope="module")
def seed_1_turn_30_cover() -> Position:
    """The cover of seed 1's turn 30's group of `tile -2,-2 r0 green@NE`."""
    return seed_1_turn_30_group_cover("tile -2,-2 r0 green@NE")


def test_R_LOAD_1_R_GEO_4_R_TILE_2_two_spots_one_island_on_a_board_share_its_cubes(seed_1_turn_30_cover):
    # The engine's boards: the next tile joins the islands of turn 1's board at (-8,-2) and
    # (-4,-3) into one on some final boards. Each spot alone is read for that island's cubes
    # (the cubes on its pieces at the start and the one the next placement lays), so a line took
    # 3 from each; `spot_caps` reads them together, with the engine's count of those cubes.
    top = seed_1_turn_30_cover
    got = slot_groups(top)
    assert got is not None
    keys, finals, acts = got
    seen = 0
    for i in range(len(keys)):
        boards = [top.board, *finals[i]]
        r = TwoRelaxed(top, boards, acts, 1, Boards(top), None)
        a, b = r.spot_of[(-8, -2)], r.spot_of[(-4, -3)]
        for k, board in enumerate(boards):
            q8, q4 = top.board.island_quads[(-8, -2)][0], top.board.island_quads[(-4, -3)][0]
            one = board.island_at(q8) == board.island_at(q4)
            rows = {kk: (together, cap) for kk, together, cap in reach_loads.spot_caps(r, a) or []}
            if not one:
                continue
            seen += 1
            isl = board.island_at(q8)
            pieces = {p for p, i in board.island_of_piece.items() if i == isl}
            lying = sum(n for piece, _, n in top.cubes if piece in pieces)
            grown = any(q not in r.old_land for q in board.island_quads[isl])
            together, cap = rows[k]
            assert a in together and b in together
            assert cap == lying + (1 if grown else 0)
            # 3 cubes taken from each spot is more than the island holds: the Load drops the board.
            assert cap < 6
            assert not (reach_loads.load_boards(r, b, ((a, 3), (b, 3))) >> k) & 1
    assert seen


@pytest.mark.corpus  # ~25 s; in make test: the bound's soundness below
def test_R_LOAD_1_R_END_2_seed_1_turn_30_s_cover_is_out_of_reach_at_57_only_with_shared_cubes(
    seed_1_turn_30_cover, monkeypatch
):
    # The relaxed line of 57 sold 8 cubes, 6 of them from the two spots of one island of 4
    # (tools/trace_two_turn_relaxed.py); with the boards kept by the cubes taken, no relaxed line
    # reaches 57. Without, the question fell to a CP-SAT model open after 300 CPU s.
    # Since the next tile may take back a cube turn 1 sold (reach_sales.py's *Cubes sold back*,
    # session 74/75), a relaxed line reaches 57 on this cover with or without `SHARED`, by a
    # cube sold twice at the top; so the cut is read on the lines whose next tile takes only
    # cubes on the market now, the class the figures above were found on (`takes_on_market`:
    # a class of lines, not a bound on every line).
    assert not below(seed_1_turn_30_cover, 57)
    takes_on_market(monkeypatch)
    assert below(seed_1_turn_30_cover, 57)
    monkeypatch.setattr(reach_loads, "SHARED", False)
    assert not below(seed_1_turn_30_cover, 57)


# The default cover's bound falls to 1 with turn 1's cubes read one fewer, or each island's
# cubes on a board two fewer (session 91).
@pytest.mark.parametrize("picked", FIFTH_TURN_COVERS)
def test_R_LOAD_1_R_TILE_2_the_bound_with_loads_by_island_is_never_below_a_covers_optimum(monkeypatch, picked):
    # A cover of a fifth turn (`covers`: seed, count, index; the next tile drawn): its Loads drop
    # boards (counted) and the bound is at least the cover's two-turn optimum (CP-SAT).
    cut = 0
    plain = reach_turns._load_boards

    def counting(r, spot, taken):  # type: ignore[no-untyped-def]
        nonlocal cut
        bits = plain(r, spot, taken)
        if bits != -1 and bits & r.every != r.every:
            cut += 1
        return bits

    monkeypatch.setattr(reach_turns, "_load_boards", counting)
    seed, count, index = picked
    top = covers(seed, 2016, count)[index]
    bound = two_turn_bound(top, NODES)
    assert cut > 0
    best = solved_two_turns(top)
    assert best.status == "OPTIMAL" and best.value is not None
    assert bound is not None and bound >= best.value
