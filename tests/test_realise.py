"""The relaxed leaf played through the engine (analysis/realise.py): the two-turn relaxation's
line that reaches a value, followed stop by stop by engine actions, gives a real line (a floor)
without CP-SAT. On the two members that held seed 3's turn 13 and seed 4's turn 15 over 600 CPU s
(tests/test_reach_real_lines.py, session 84), the realised line reaches the relaxation's value:
each line is replayed here (test_reach_real_lines' `_score`: puzzle.replay, notation.parse_line) and scored
by seat_score, independently of the realiser's own replay."""

from __future__ import annotations

from functools import cache

import pytest

from akrotiri_puzzles.actions import Excavate, Oracle, PlaceTile, Sell
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach.reach_two import below
from akrotiri_puzzles.analysis.realise import Leaf, TracedRelaxed, realise, relaxed_leaf, stops

from .test_floor_first_realised import _child
from .test_reach_real_lines import S3T13, S4T15, S4T15_LINE, _member, _score


@cache
def _leaf_33() -> Leaf | None:
    """Seed 3's turn 13 member's relaxed leaf at 33 (about 7 CPU s): searched once, read by the two
    tests below (a `Leaf` is frozen, and `stops` and `realise` only read it)."""
    return relaxed_leaf(_member(3, 13, S3T13), 33)


def test_R_ORA_1_R_FREE_1_s3t13_the_relaxed_leaf_at_33_is_realised_as_an_engine_line_worth_33() -> None:
    child = _member(3, 13, S3T13)
    leaf = _leaf_33()
    assert leaf is not None  # the relaxation reads 33 not below (test_reach_real_lines)
    # The path's excavations are the leaf's (what `Reached.cards` reads at that leaf).
    assert {s.card for s in stops(leaf) if s.kind == "dig"} == {c for _, c in leaf.path[-1].dug}
    got = realise(two_turn_puzzle(child), leaf, target=33)
    assert got is not None
    assert got.value == 33
    assert _score(child, got.text) == (33, 2)
    # The relaxed line asks the oracle (R-ORA-1, its group's boards), and turn 2 sells (R-FREE-1).
    assert isinstance(got.line[0], Oracle)
    turn_two = got.line[[isinstance(a, PlaceTile) for a in got.line].index(True) :]
    assert any(isinstance(a, Sell) for a in turn_two)


@pytest.mark.corpus  # ~35 s; in make test: the s3t13 leaf, the traced search on a small member
def test_R_TILE_2_s4t15_the_realised_leaf_at_32_with_33_below_proves_the_members_optimum_32() -> None:
    child = _member(4, 15, S4T15)
    leaf = relaxed_leaf(child, 32)
    assert leaf is not None
    got = realise(two_turn_puzzle(child), leaf, target=32)
    assert got is not None
    assert _score(child, got.text) == (got.value, 2)
    assert got.value >= 32
    assert below(child, got.value + 1)  # the bound: nothing reaches one more
    # The member's optimum is the realised value: the hand-written line of session 84 agrees.
    assert _score(child, S4T15_LINE) == (got.value, 2)


def test_a_path_the_engine_cannot_follow_gives_no_line() -> None:
    child = _member(3, 13, S3T13)
    leaf = _leaf_33()
    assert leaf is not None
    r, start = leaf.relaxed, leaf.path[0]
    puzzle = two_turn_puzzle(child)
    # A sale with an empty boat (R-FREE-1: a cube aboard to sell): no Sell is offered.
    assert start.cargo == 0 and not child.hero.cargo
    sale = start._replace(at=r.thera, sold=start.sold + 1)
    assert realise(puzzle, Leaf(r, (start, sale), leaf.finals), nodes=20_000) is None
    # An excavation at Thera (R-EXC-2: no site there) of the leaf's first card.
    card = next(s.card for s in stops(leaf) if s.kind == "dig")
    assert card is not None
    dig = start._replace(at=r.thera, dug=start.dug | {(r.thera, card)})
    assert realise(puzzle, Leaf(r, (start, dig), leaf.finals), nodes=20_000) is None
    # The same stops from the real leaf are followed (the realiser is not refusing everything).
    got = realise(puzzle, leaf, nodes=20_000, target=33)
    assert got is not None and any(isinstance(a, Excavate) for a in got.line)


@pytest.mark.corpus  # two relaxed questions at 35 (~13 CPU s); in make test: the small member below
def test_the_traced_search_answers_as_the_relaxation() -> None:
    """TracedRelaxed only records the states a `Reached` passes through: where the relaxation
    reads a value out of reach there is no leaf (seed 3's turn 13 member at 35, below; at 33,
    not below, test_reach_real_lines)."""
    child = _member(3, 13, S3T13)
    assert below(child, 35)
    assert relaxed_leaf(child, 35) is None
    assert TracedRelaxed.last is None


def test_the_traced_search_answers_as_the_relaxation_on_a_small_member() -> None:
    """The test above on a small member (a second of CPU): seed 3's turn 11 (2014, nothing left
    to draw), `tile -1,-2 r270`'s first placement (optimum 15, test_floor_first_realised's
    `_child`). At each value from one below the optimum to three above, the traced search gives a
    leaf exactly where the relaxation reads the value not out of reach (at the optimum, a line
    reaches it), and no leaf where it reads it out of reach; both answers are asked. (Not
    `TracedRelaxed.last`: at 16 and 17 it holds a search whose reach gave no leaf.)"""
    child = _child()
    answers = set()
    for value in range(14, 19):
        out = below(child, value)
        leaf = relaxed_leaf(child, value)
        assert (leaf is None) == out, value
        assert leaf is None or len(leaf.path) > 1  # a leaf: the states from the start to it
        answers.add(out)
    assert answers == {False, True}
    assert not below(child, 15)  # sound: the optimum is reached


def test_the_leaf_searches_states_are_read_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """`LEAF_STATES` (realise_leaf.py) caps each group's search for a relaxed leaf, read at the call (not
    bound when the module is imported): on the small member above, at its optimum 15 a leaf is
    found with the bound's own cap (reach_two's `NODES`) and none with one state; realise_climb's
    `Leaves` takes the same cap."""
    from akrotiri_puzzles.analysis import realise_leaf as module
    from akrotiri_puzzles.analysis.reach import reach_two
    from akrotiri_puzzles.analysis.realise_climb import Leaves

    child = _child()
    assert module.LEAF_STATES is None and module.leaf_states() == reach_two.NODES
    assert relaxed_leaf(child, 15) is not None and Leaves(child).nodes == reach_two.NODES
    monkeypatch.setattr(module, "LEAF_STATES", 1)
    assert relaxed_leaf(child, 15) is None and Leaves(child).nodes == 1
    assert relaxed_leaf(child, 15, nodes=reach_two.NODES) is not None  # an explicit cap wins


@pytest.mark.corpus  # ~60 s; in make test: the s3t13 leaf, the traced search on a small member
def test_R_TILE_2_s4t15_the_floor_step_from_the_floor_31_answers_the_members_optimum_32(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """board_solve's `best_two_turns` with `REALISE_FIRST` (on by default since session 86, set
    here): the member the bench asks at floor 31 (its best found 30, plus one) answers OPTIMAL 32
    with an engine line, without a model; the line replays to 32 and the relaxation proves 33 out
    of reach."""
    from akrotiri_puzzles.analysis import realise as module
    from akrotiri_puzzles.analysis.board_solve import best_two_turns
    from akrotiri_puzzles.solver.deadline import Deadline

    child = _member(4, 15, S4T15)
    monkeypatch.setattr(module, "REALISE_FIRST", True)
    asked: list[int] = []

    def out_of_reach(v: int) -> bool:
        asked.append(v)
        return below(child, v)

    got = best_two_turns(child, "score", Deadline(None), floor=31, out_of_reach=out_of_reach)
    assert (got.status, got.value, got.bound) == ("OPTIMAL", 32, 32)
    assert _score(child, "; ".join(str(a) for a in got.line)) == (32, 2)
    assert asked[-1] == 33 and below(child, 33)
