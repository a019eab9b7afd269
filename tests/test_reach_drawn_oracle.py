"""The oracle asked for the icon of the tile drawn anyway, left out of the two-turn questions'
groups of final boards (reach_below.py's `SKIP_DRAWN_ORACLE`, session 95): it keeps the pile's
top tile with the same pile (R-ORA-1), so each of its lines, but for its Oracle action, is a line
of the scenario without the oracle on the same final board (the next tile's slot and rotation,
R-TILE-1), which that slot's group without the oracle bounds; the questions answer as with it."""

from __future__ import annotations

from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.reach.reach_below import Below
from akrotiri_puzzles.analysis.reach.reach_two import slot_groups

from .test_reach_two import covers


def by_group(top, dominated):
    got = slot_groups(top, dominated=dominated)
    assert got is not None
    slots, finals, acts = got
    return dict(zip(slots, finals, strict=True)), acts


def test_R_ORA_1_R_TILE_1_the_boards_left_out_are_the_drawn_tile_s(monkeypatch):
    # The second of seed 5's two fifth-turn covers (2016): one oracle icon names the tile drawn.
    top = covers(5, 2016, 2)[1]
    every, acts = by_group(top, True)
    kept, kept_acts = by_group(top, False)
    assert kept.keys() == every.keys() and kept_acts == acts
    left_out = 0
    for (slot, oracle), boards in every.items():
        if not oracle:
            assert kept[(slot, oracle)] == boards  # the groups without the oracle: all their boards
            continue
        plain = set(every.get((slot, False), ()))
        out = [b for b in boards if b not in kept[(slot, oracle)]]
        # Every board left out is a board of the same slot's group without the oracle (the same
        # tile turned the same way), and the oracle's group keeps none of those.
        assert out and set(out) <= plain
        assert not set(kept[(slot, oracle)]) & plain
        left_out += len(out)
    assert left_out == sum(len(b) for (slot, oracle), b in every.items() if not oracle and slot is not None)
    # Below's questions read the groups without them by default.
    below = Below()
    below.setup(top)
    assert below.kept is not None and below.kept[1] is not None
    assert sum(map(len, below.kept[1][1])) == sum(map(len, kept.values()))
    monkeypatch.setattr(reach_below, "SKIP_DRAWN_ORACLE", False)
    below = Below()
    below.setup(top)
    assert below.kept is not None and below.kept[1] is not None
    assert sum(map(len, below.kept[1][1])) == sum(map(len, every.values()))


def test_R_ORA_1_the_questions_answer_as_with_the_drawn_tile_s_oracle(monkeypatch):
    top = covers(5, 2016, 2)[1]
    bound = 5  # its relaxed bound and two-turn optimum (test_reach_two's `FIFTH_TURN_COVERS`)
    for skip in (True, False):
        monkeypatch.setattr(reach_below, "SKIP_DRAWN_ORACLE", skip)
        assert Below()(top, bound + 1)  # nothing reaches one more than the optimum
        assert not Below()(top, bound)  # a line reaches the optimum
