"""An excavation of turn 2 in the two-turn relaxation is made on the line's final board, so not where
its island holds a temple there already (analysis/reach/reach_turns.py, `TwoTurns.turn_two_blocked`,
R-EXC-1, R-TURN-1). Seed 4's turn 12 (2016, north), the cover of the placements
`tile -2,-1 r0 blue@NW`: a relaxed line bought M03 and M09 in turn 1 and excavated M03 in turn 2 on
the island of (-7, 0), which the next tile at slot (-3, -1) joins to the island of the opponent's
temple at (-3, 0), and reached 21; CP-SAT proves 21 out of reach (the corpus test below)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.actions import Excavate
from akrotiri_puzzles.analysis.board_solve import best_two_turns
from akrotiri_puzzles.analysis.exhaustive import horizon
from akrotiri_puzzles.analysis.placement import cover, groups
from akrotiri_puzzles.analysis.reach import reach_turns
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_two import NODES, TwoRelaxed, below, group_bound, slot_groups
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.position import evolve
from akrotiri_puzzles.puzzle import State, moves, play
from akrotiri_puzzles.solver.deadline import Deadline

from .test_reach_turn_lost import seed_4_turn_12_cover

JOINED = (-7, 0)
"""A quadrant of turn 1's island that the next tile at (-3, -1) joins to the opponent's temple's."""


@pytest.fixture(scope="module")
def seed_4_turn_12():
    """Seed 4's turn 12 (north) and the two-turn cover of its placements `tile -2,-1 r0 blue@NW`."""
    return seed_4_turn_12_cover("tile -2,-1 r0 blue@NW")


def slot_search(top, slot):
    """The group of final boards whose next tile lies at `slot` (no oracle), and its actions."""
    keys, finals, acts = slot_groups(top)
    i = keys.index((slot, False))
    return finals[i], acts


def test_R_EXC_1_R_TURN_1_a_turn_two_excavation_is_not_made_where_the_final_island_holds_a_temple(
    seed_4_turn_12, monkeypatch
):
    # The boards of the next tile at (-3, -1): with the rule their relaxed two turns are below 21;
    # without it (the mutation) a relaxed line reaches 21 there.
    _, _, top = seed_4_turn_12
    boards, acts = slot_search(top, (-3, -1))
    assert group_bound(top, boards, acts, NODES, Boards(top), 21) < 21
    monkeypatch.setattr(reach_turns.TwoTurns, "turn_two_temples", False)
    with pytest.raises(Reached):
        group_bound(top, boards, acts, NODES, Boards(top), 21)


def test_R_EXC_1_the_blocked_boards_are_those_where_the_engine_forbids_the_excavation(seed_4_turn_12):
    # The engine's side of the rule. On turn 1's board the island of (-7, 0) holds no temple and
    # M03 may be excavated there; in turn 2, after the next tile is placed at (-3, -1) (the
    # opponent's temple at (-3, 0) joined to it), no excavation is legal from any of its docks.
    # The rule blocks that island on exactly those boards of the group (and on no board where
    # it holds no temple).
    _, _, top = seed_4_turn_12
    hero = top.to_move
    b1 = top.board
    island = b1.island_at(JOINED)
    rich = evolve(top.hero, maps=("M03",), drachmas=20)
    dock = next(d for d in b1.docks_of_island[island] if d != top.seat(top.other).boat)
    first = top.with_seat(hero, evolve(rich, boat=dock))
    assert any(isinstance(a, Excavate) and a.card == "M03" for a in moves(horizon(first, 2), State(first)))

    # Turn 2: the end of turn 1 (the passive opponent), then the next tile (L19) at (-3, -1).
    puzzle = horizon(top, 2)
    state = play(puzzle, State(top), next(a for a in moves(puzzle, State(top)) if str(a) == "end"))
    assert state.pos.to_move == hero and state.pos.phase == "place"
    placed = [a for a in moves(puzzle, state) if str(a).startswith("tile -3,-1 r0 ")]
    assert placed
    after = play(puzzle, state, placed[0]).pos
    final = after.board
    there = final.island_at(JOINED)
    assert any(final.island_at(site) == there for _, site in after.seat(after.other).temples)
    for d in final.docks_of_island[there]:
        if d == after.seat(after.other).boat:
            continue
        second = after.with_seat(hero, evolve(evolve(after.hero, maps=("M03",), drachmas=20), boat=d))
        assert not any(isinstance(a, Excavate) for a in moves(horizon(second, 1), State(second)))

    boards, acts = slot_search(top, (-3, -1))
    r = TwoRelaxed(top, [b1, *boards], acts, NODES, Boards(top), None)
    spot = r.spot_of[island]
    blocked = r.turn_two_blocked(spot)
    temples = [site for seat in top.seats for _, site in seat.temples]
    for k, board in enumerate(r.boards):
        holds = any(board.island_at(q) == board.island_at(JOINED) for q in temples)
        assert bool(blocked >> k & 1) == holds
    assert blocked and not blocked & 1


def test_R_EXC_1_the_rule_keeps_the_turn_s_best_cover_and_seed_2s_turn_24_optimum(seed_4_turn_12):
    # Not put out of reach: the cover of `tile -1,-2 r270 blue@NE`, whose two-turn model is
    # OPTIMAL 20 (the corpus test below), and seed 2's turn 24's placement of optimum 13.
    from .test_reach_two import first_placement

    _, kids, _ = seed_4_turn_12
    group = next(g for g in groups(kids) if str(g[0][0]) == "tile -1,-2 r270 blue@NE")
    assert not below(cover([c for _, c in group], 2), 20)
    assert not below(first_placement(2, 24, 1, "tile -1,-4 r180"), 13)


@pytest.mark.corpus
def test_R_EXC_1_R_TURN_1_the_cover_s_two_turns_do_not_reach_21_and_the_best_cover_reaches_20(seed_4_turn_12):
    # The independent computation: CP-SAT's two-turn model of the cover, floored at 21, has no
    # line (about two minutes of CPU), and the cover kept above is OPTIMAL 20 (about 10 s).
    _, kids, top = seed_4_turn_12
    assert below(top, 21)
    assert best_two_turns(top, "score", Deadline(None), floor=21).status == "INFEASIBLE"
    group = next(g for g in groups(kids) if str(g[0][0]) == "tile -1,-2 r270 blue@NE")
    best = best_two_turns(cover([c for _, c in group], 2), "score", Deadline(None))
    assert best.status == "OPTIMAL" and best.value == 20
