"""The final boards that read the goal cards alike (analysis/reach/reach_goal_cells.py, `CELLS`, session
68): a cost change only. A leaf's goal cards (`TwoGoals.leaf`) and the ceiling's (`Ceiling._part`,
their points and each card's gain a temple more) read on one board of each cell of a mask equal
their reading on every board of it, at every state of real searches of both editions: per-temple
cards (R-GOAL-1..8), the quarters card (R-GOAL-9/10), "not directly connected" with and without
the boards' connections (R-GOAL-11); and a search asked a value answers the same in the same states."""

from __future__ import annotations

import random

import pytest

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_ceiling_paid, reach_goal_cells, reach_whole
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_ceiling import Ceiling
from akrotiri_puzzles.analysis.reach.reach_two import TwoRelaxed, slot_groups
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached, TwoGoals
from akrotiri_puzzles.position import evolve

from .test_analysis_turns_placement import before_placement, placement_groups
from .test_reach_lead import search, south  # noqa: F401 - the fixture


def first_cover(seed: int, edition: int, turn: int, fewer: int = 0):
    """The cover of the first group of more than one placement of south's turn (with turn 1's
    actions `fewer` fewer), its groups of final boards and the actions of both turns."""
    pos = before_placement(seed, edition, turn)
    group = next(g for g in placement_groups(pos) if len(g) > 1)
    top = cover([child for _, child in group], 2)
    if fewer:
        top = evolve(top, actions_left=top.actions_left - fewer)
    got = slot_groups(top)
    assert got is not None
    _, finals, acts = got
    return top, finals, acts


def leaf_goals(r: TwoRelaxed, dug, mask: int, cells: bool, monkeypatch) -> int:
    """A leaf's map and goal cards (no drachmas, no value asked), worked out afresh."""
    monkeypatch.setattr(reach_goal_cells, "CELLS", cells)
    r._values.clear()
    return r.leaf(0, dug, mask)


@pytest.mark.parametrize(
    ("seed", "edition", "turn", "connections", "fewer"),
    [
        # Seed 1's with turn 1's actions one fewer by default (since session 91); the cover itself
        # (~3 CPU s) in make test-corpus.
        (1, 2016, 11, True, 1),
        pytest.param(1, 2016, 11, True, 0, marks=pytest.mark.corpus),
        (2, 2014, 11, True, 0),
        (2, 2014, 11, False, 0),
        (2, 2016, 11, True, 0),
    ],
)
def test_R_GOAL_1_R_GOAL_9_R_GOAL_11_goal_cards_read_by_cell_equal_their_reading_board_by_board(
    seed, edition, turn, connections, fewer, monkeypatch
):
    # Seed 1's turn 11 reads per-temple cards and the quarters card; seed 2's "not directly
    # connected" too, by the boards' connections or (`connections` off) a point a new temple.
    monkeypatch.setattr(TwoGoals, "connections", connections)
    top, finals, acts = first_cover(seed, edition, turn, fewer)
    rng = random.Random(68 + seed)
    shared = Boards(top)
    checked = boards = reads = 0
    rules: set[str] = set()
    for group in (finals[0], finals[-1]):
        # No value asked: every state expanded (`_memo`), the ceilings built apart.
        r = TwoRelaxed(top, [top.board, *group], acts, 200_000, shared, None)
        r.best()
        by_cell, by_board = Ceiling(r), Ceiling(r)
        rules |= set(by_cell.rule.values())
        states = sorted({(key[6], key[10]) for key in r._memo}, key=repr)
        for dug, mask in rng.sample(states, min(150, len(states))):
            # The states' masks, and some of their boards only (a narrower mask).
            for m in (mask, mask & rng.getrandbits(len(r.boards))):
                monkeypatch.setattr(reach_goal_cells, "CELLS", True)
                cell = [by_cell._part(dug, m, n) for n in range(r.left - len(dug) + 1)]
                monkeypatch.setattr(reach_goal_cells, "CELLS", False)
                board = [by_board._part(dug, m, n) for n in range(r.left - len(dug) + 1)]
                assert cell == board, (dug, m)
                if m:
                    assert leaf_goals(r, dug, m, True, monkeypatch) == leaf_goals(r, dug, m, False, monkeypatch)
                spots = tuple(sorted(i for i, _ in dug))
                boards += bin(r.finals(m, len(dug))).count("1")
                reads += bin(r.goal_cells().reads(r.finals(m, len(dug)), spots)).count("1")
                checked += 1
    assert checked > 200
    assert reads < boards  # the cells do share readings
    assert ("not_connected" in rules) == (seed == 2)
    assert "quarters" in rules or seed == 2


def test_R_GOAL_11_R_SCORE_1_a_search_asked_a_value_answers_the_same_in_the_same_states(
    south,  # noqa: F811
    monkeypatch,
):
    # The premise: searches as big as before session 93 (reach_ceiling_paid's `PAID` and
    # reach_whole's `WHOLE_RUNS` prune them further: tests/test_reach_ceiling_paid.py,
    # tests/test_reach_whole_runs.py).
    monkeypatch.setattr(reach_ceiling_paid, "PAID", False)
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", False)
    # Seed 2's turn 13 (2016, south): a group whose questions at 25 search every state whose
    # ceiling reaches 25 (tests/test_reach_lead.py); its goal cards read "not directly connected".
    counted = []
    for cells in (True, False):
        monkeypatch.setattr(reach_goal_cells, "CELLS", cells)
        s = search(south, 25)
        assert s.best() == 24
        counted.append(s.start_nodes - s.nodes)
        assert "not_connected" in s.ceiling.rule.values()
    assert counted[0] == counted[1] > 500, counted


@pytest.mark.parametrize(
    ("seed", "edition", "fewer"),
    [
        # The default: 2016's cover with turn 1's actions one fewer (~1 CPU s; since session 91)
        # and 2014's cover itself (~3 CPU s; with one action fewer its searches read 648 states).
        (1, 2016, 1),
        (2, 2014, 0),
        # 2016's cover itself (~7 CPU s): the default until session 91.
        pytest.param(1, 2016, 0, marks=pytest.mark.corpus),
    ],
)
def test_R_GOAL_1_R_GOAL_9_R_GOAL_11_searches_asked_values_answer_the_same_in_the_same_states(
    seed, edition, fewer, monkeypatch
):
    # The premise: searches as big as before session 93 (reach_ceiling_paid's `PAID` and
    # reach_whole's `WHOLE_RUNS` prune them further: tests/test_reach_ceiling_paid.py,
    # tests/test_reach_whole_runs.py).
    monkeypatch.setattr(reach_ceiling_paid, "PAID", False)
    monkeypatch.setattr(reach_whole, "WHOLE_RUNS", False)
    # Each group of final boards of the first test's covers (turn 1's actions `fewer` fewer)
    # asked one more than its best (below: every state whose ceiling reaches it searched) and one
    # less (a relaxed line reaches it).
    top, finals, acts = first_cover(seed, edition, 11, fewer)
    total = 0
    for group in finals[:: max(1, len(finals) // 3)]:
        best = TwoRelaxed(top, [top.board, *group], acts, 200_000, Boards(top), None).best()
        for ask in (best + 1, best - 1):
            got = []
            for cells in (True, False):
                monkeypatch.setattr(reach_goal_cells, "CELLS", cells)
                s = TwoRelaxed(top, [top.board, *group], acts, 200_000, Boards(top), ask)
                try:
                    value: int | None = s.best()
                except Reached:
                    value = None
                got.append((value, s.start_nodes - s.nodes))
            assert got[0] == got[1], (ask, got)
            total += got[0][1]
    assert total > 2_000, total


@pytest.mark.parametrize(("seed", "edition", "turn"), [(2, 2014, 11), (2, 2016, 11), (1, 2016, 11)])
def test_R_GOAL_1_R_GOAL_11_every_board_of_a_cell_reads_each_card_alike(seed, edition, turn):
    # Sampled sets of new temples (spots of turn 1's board and of the next tile's islands, any
    # card: no quarters card is read where "-" stands for one) on every group of final boards:
    # each card's points, the not-connected count and each gain are the same on a cell's boards.
    top, finals, acts = first_cover(seed, edition, turn)
    rng = random.Random(680 + seed)
    shared = Boards(top)
    split = 0
    for group in finals:
        r = TwoRelaxed(top, [top.board, *group], acts, 1, shared, None)
        ceiling = Ceiling(r)
        cells = r.goal_cells()
        spots = sorted(r.fits)
        quarters = "quarters" in ceiling.rule.values()
        for _ in range(30):
            picked = sorted(rng.sample(spots, rng.randint(1, min(4, len(spots)))))
            dug = frozenset((s, sorted(r.fits[s])[0] if quarters else "-") for s in picked)
            where = tuple(picked)
            for cell in cells.of(where):
                ks = [k for k in range(len(r.boards)) if cell >> k & 1]
                alone = [r.alone_on(k, dug) if cells.alone else 0 for k in ks]
                read = {(tuple(r.goal_on(k, g, dug) for g in ceiling.read), a) for k, a in zip(ks, alone, strict=True)}
                assert len(read) == 1, (picked, ks, read)
            split += len(cells.of(where)) - len(cells.static)
            for cell in ceiling.cells.of(where) if ceiling.cells else ():
                ks = [k for k in range(len(r.boards)) if cell >> k & 1]
                gains = {tuple(ceiling.gain(k, g, n, 0) for g in ceiling.read for n in range(r.left + 1)) for k in ks}
                assert len(gains) == 1
    assert split > 0  # the new temples do split the boards
