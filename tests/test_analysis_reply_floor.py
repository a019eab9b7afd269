"""The refutation of an end by a floor, and the replays of replies found elsewhere
(analysis/reply_level.py): `Replies.refutes` says whether the opponent has a reply that holds the
hero to a margin (R-END-2), checked against the exhaustive search of the opponent's turn
(tests/reply_reference.py) on both sides of the answer, with and without the opponent's tile
(the placement search: a bound that skipped a placement wrongly would answer no where the
reference says yes); every replay is a legal reply, also where a placement or a stop must be
replaced.
"""

from __future__ import annotations

import pytest

from akrotiri_puzzles.actions import EndTurn, PlaceTile
from akrotiri_puzzles.analysis import best_first
from akrotiri_puzzles.analysis.endgame import SCALE
from akrotiri_puzzles.analysis.reply import Bounds, Replies, analyse_reply, turn_ends
from akrotiri_puzzles.analysis.reply_level import ReplyRun, replays
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.rules import legal_actions, why_illegal
from akrotiri_puzzles.solver.deadline import Deadline

from .reply_reference import last_round, last_rounds, reply_value, small

MOST_NODES = 400_000


def _ends(pos: Position, most: int):
    return turn_ends(pos, Deadline(None), Bounds())[:most]


def _check_refutes(pos: Position, most: int) -> None:
    replies = Replies(pos.to_move, Deadline(None), 1)
    for end in _ends(pos, most):
        best = reply_value(end.after, MOST_NODES)  # the hero's margin against the best reply
        # The opponent can hold the hero to `best` (its objective -best * SCALE plus drachmas),
        # and not to one point less.
        had = len(replies.pool)
        assert replies.refutes(end, -best * SCALE), end.line
        # The reply the yes was read from joins the pool: played after this end, it is legal
        # and holds the hero to `best` (it refutes the end by replay alone).
        for line in replies.pool[had:]:
            got = replays(end.after, line)
            assert got and all(_legal(end.after, r.played, r.before, r.final) for r in got), line
            assert min(replies.margin(r.final) for r in got) <= best, line
        assert not replies.refutes(end, -(best - 1) * SCALE), end.line
    assert replies.pool, "no yes read a reply"


def test_R_END_2_a_floor_refutes_an_end_exactly_where_the_opponent_can_hold_the_hero_to_it():
    # Two actions a turn, the opponent without a tile (its action phase, one model).
    _check_refutes(small(last_rounds(7, 2014, "north")[0], 2, 2, False), 4)


@pytest.mark.corpus  # about 11 s of CPU (the exhaustive search of a placement turn); make test runs the
# one above, and test_analysis_reply.py's slow TILE_BY_DEFAULT solves a placement turn's reply
def test_R_END_2_a_floor_refutes_an_end_with_the_opponents_tile_to_place():
    # One action a turn and the opponent's tile kept: the placements by group and bound, each
    # asked the bare question.
    _check_refutes(small(last_rounds(7, 2016, "south")[0], 1, 0, True), 1)


def _legal(after: Position, played, before: Position, final: Position) -> bool:
    p = after
    for action in played:
        if why_illegal(p, action) is not None:
            return False
        p = apply(p, action)
    return p == before and why_illegal(p, EndTurn()) is None and final == apply(p, EndTurn())


def test_R_END_2_a_placement_illegal_after_another_end_is_replaced_by_those_of_its_slot_and_rotation():
    after = apply(small(last_rounds(7, 2016, "south")[0], 1, 0, True), EndTurn())
    assert after.phase == "place"
    placements = [a for a in legal_actions(after) if isinstance(a, PlaceTile) and a.colour is not None]
    legal = set(placements)
    # A placement of a legal slot and rotation whose second cube is not one of the legal ones.
    bad = next(
        PlaceTile(a.slot, a.rotation, c, a.quadrant)
        for a in placements
        for c in ("red", "blue", "green", "yellow", "black")
        if PlaceTile(a.slot, a.rotation, c, a.quadrant) not in legal
    )
    assert why_illegal(after, bad) is not None
    got = replays(after, (bad,))
    same = {a for a in placements if (a.slot, a.rotation) == (bad.slot, bad.rotation)}
    assert {r.played[0] for r in got} == same
    assert all(_legal(after, r.played, r.before, r.final) for r in got)


def test_R_END_2_a_replay_that_stops_where_the_turn_may_not_end_backs_off_to_where_it_may():
    # A reply whose boat stops on the hero's dock (R-MOVE-3: passing, it may not end there)
    # is ended at the last position before it where the turn may end.
    for seed in (7, 9, 2):
        after = apply(small(last_rounds(seed, 2016, "south")[0], 2, 0, False), EndTurn())
        for first in legal_actions(after):
            mid = apply(after, first)
            if mid.phase != "act" or why_illegal(mid, EndTurn()) is not None:
                continue
            step = next((a for a in legal_actions(mid) if apply(mid, a).passing), None)
            if step is None:
                continue
            got = replays(after, (first, step))
            assert len(got) == 1 and got[0].played == (first,)
            assert _legal(after, got[0].played, got[0].before, got[0].final)
            return
    raise AssertionError("no sampled position lets the opponent stop on the hero's dock")


@pytest.mark.corpus  # the exhaustive search of a placement turn, as above
def test_R_END_2_the_reply_search_that_asks_a_groups_cover_first_finds_the_opponents_best(monkeypatch):
    # ReplyRun asks a group of placements' cover before its members (best_first, ask_covers):
    # a cover said no wrongly would lose the opponent's best placement.
    pos = small(last_rounds(7, 2016, "south")[0], 1, 0, True)
    after = apply(pos, EndTurn())
    assert ReplyRun.ask_covers and after.phase == "place"
    asked = []
    covers_of = best_first._BestFirst.covers_of
    monkeypatch.setattr(best_first._BestFirst, "covers_of", lambda self, js: asked.append(js) or covers_of(self, js))
    r = ReplyRun(after, "margin", Deadline(None), 1).best(after)
    assert asked
    assert r.status == "OPTIMAL" and r.value is not None
    assert -(r.value // SCALE) == reply_value(after, MOST_NODES)


def test_R_END_2_line_finds_where_a_longer_line_loses_by_asking_floors_alone():
    # `--line`'s binary search asks each position along the line whether some end still keeps the
    # best margin, each end by a floor's decision (`Replies.refutes`), none solved. Independent
    # computation: the two-level reference from each position along a two-action line that still
    # reaches the best margin after its first action and not after its second (the search then
    # meets both answers).
    pos = small(last_rounds(7, 2014, "north")[0], 2, 2, False)
    best = analyse_reply(pos).best
    assert best is not None
    for a1 in legal_actions(pos):
        p1 = apply(pos, a1)
        if isinstance(a1, EndTurn) or last_round(p1, MOST_NODES).margin < best.margin:
            continue
        for a2 in legal_actions(p1):
            p2 = apply(p1, a2)
            if isinstance(a2, EndTurn) or why_illegal(p2, EndTurn()) is not None:
                continue
            if last_round(p2, MOST_NODES).margin < best.margin:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no such line in the position")
    value = reply_value(apply(p2, EndTurn()), MOST_NODES)
    verdict = analyse_reply(pos, line=[a1, a2]).verdict
    assert verdict is not None
    assert (verdict.outcome.margin, verdict.loss, verdict.lost_at) == (value, best.margin - value, 2)
