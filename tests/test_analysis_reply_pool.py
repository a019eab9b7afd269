"""The replies found for one end of the hero's turn bound the others (analysis/reply.py,
`Replies.bound_by_replies`): a reply found after one end, replayed by the engine after another
(up to its first action illegal there), is a legal reply there, so the hero's margin against it
can only be above the margin against the opponent's best reply (R-END-2). Checked against the
exhaustive search of the opponent's turn (tests/reply_reference.py) on every end of real last
rounds made small, and the analysis that prunes with it against the two-level reference.
"""

from __future__ import annotations

import pytest

from akrotiri_puzzles.actions import EndTurn
from akrotiri_puzzles.analysis.reply import Bounds, Replies, analyse_reply, replayed, turn_ends
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.rules import legal_actions, why_illegal
from akrotiri_puzzles.scoring import seat_score
from akrotiri_puzzles.solver.deadline import Deadline

from .reply_reference import before_last_temple, last_round, last_rounds, reply_value, small

MOST_NODES = 400_000

CASES = [
    # (which, edition, seed, first, actions a turn, hero's actions left): the first position
    # after the last temple, or the last before it, of a greedy game, made small (two actions a
    # turn, so that the opponent's reply is worth more than "nothing" and the replies found
    # refute ends the first bounds do not: `by_replies` is 8, 2 and 17 there).
    ("after", 2016, 9, "south", 2, 2),
    ("after", 2014, 7, "north", 2, 2),
    ("before", 2016, 9, "south", 2, 2),
]
# make test runs the 2014 case (about 2 s of CPU for both tests); the 2016 ones are corpus (about
# 43 and 85 s: the exhaustive search of every end's reply). Before the last temple, the analysis
# that prunes by replies is also checked against the reference by test_analysis_reply.py's BEFORE.
SAMPLED = [c if c[1] == 2014 else pytest.param(c, marks=pytest.mark.corpus) for c in CASES]


def _position(which: str, edition: int, seed: int, first: str, actions: int, hero_actions: int) -> Position:
    ps = last_rounds(seed, edition, first) if which == "after" else before_last_temple(seed, edition, first)
    return small(ps[0] if which == "after" else ps[-1], actions, hero_actions, False)


@pytest.mark.parametrize("case", SAMPLED, ids=lambda c: "-".join(map(str, c)))
def test_R_END_2_a_reply_found_for_one_end_bounds_every_end_from_above(case):
    pos = _position(*case)
    ends = turn_ends(pos, Deadline(None), Bounds())
    assert len(ends) > 1
    replies = Replies(pos.to_move, Deadline(None), 1)
    # The replies of the first ends (the highest bounds, as the analysis takes them).
    for end in ends[:3]:
        replies.outcome(end)
    assert replies.pool
    for end in ends:
        best = reply_value(end.after, MOST_NODES)
        lowered = replies.bound_by_replies(end)
        # Never below the margin against the opponent's best reply: a lower one could refute
        # the best end.
        assert lowered is None or lowered >= best, end.line
        assert end.bound >= best, end.line


def test_R_END_2_a_reply_replayed_after_its_own_end_gives_its_outcome():
    pos = _position(*CASES[0])
    ends = turn_ends(pos, Deadline(None), Bounds())
    replies = Replies(pos.to_move, Deadline(None), 1)
    for end in ends[:3]:
        out = replies.outcome(end)
        final = replayed(end.after, out.reply)
        assert final is not None and final.phase == "over"
        assert seat_score(final, pos.to_move) == out.hero and seat_score(final, pos.other) == out.other
        assert replies.bound_by_replies(end, replies.pool.index(out.reply)) == out.margin


def test_R_END_2_a_reply_is_replayed_up_to_its_first_illegal_action_and_only_where_the_turn_may_end():
    pos = small(last_rounds(7, 2016, "south")[0], 1, 1, False)
    after = turn_ends(pos, Deadline(None), Bounds())[0].after
    ended = apply(after, EndTurn())
    assert ended.phase == "over"
    # Ending at once is a legal reply, and nothing is played once the game is over.
    assert replayed(after, ()) == ended
    assert replayed(after, (EndTurn(), EndTurn())) == ended
    # An action illegal after this end stops the reply there (the hero's own move, say).
    bad = next(a for a in legal_actions(pos) if why_illegal(after, a) is not None)
    assert replayed(after, (bad, *legal_actions(after)[:1])) == ended
    # Where the turn may not end (a tile to place, R-TILE-1), the reply bounds nothing.
    tiled = small(last_rounds(7, 2016, "south")[0], 1, 0, True)
    placing = apply(tiled, EndTurn())
    assert placing.phase == "place" and replayed(placing, ()) is None


@pytest.mark.parametrize("case", SAMPLED, ids=lambda c: "-".join(map(str, c)))
def test_R_END_2_the_analysis_that_prunes_by_replies_agrees_with_the_two_level_search(case):
    # Replies found for some ends refute others here (`by_replies`): the max-min is still the
    # exhaustive search's, so no end pruned that way was better, and the reply shown is the
    # opponent's best against the line.
    pos = _position(*case)
    ref = last_round(pos, MOST_NODES)
    a = analyse_reply(pos)
    assert a.status == "OPTIMAL" and a.best is not None and a.reply_proven
    assert a.by_replies > 0
    assert (a.best.margin, a.best.result, a.best.hero.drachmas) == (ref.margin, ref.result, ref.hero_drachmas)
    assert a.bound == ref.margin
    p = pos
    for action in a.best.hero_line:
        p = apply(p, action)
    assert reply_value(p, MOST_NODES) == a.best.margin
