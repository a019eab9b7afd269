"""A sale at Thera while turn 1 may go on, split by its turn (analysis/reach/reach_split.py, `SPLIT_SALE`,
session 81, h81split), against the engine on seed 5's turn 11 (2016, south), placement
`tile -1,1 r90 gray@SE` (docs/benchmarks.md, session 81, h81gap): the boat loads red, red and gray
on island (-5,-1) and ships to Thera (T2) with turn 1's last two actions left; the next tile (L24,
a mountain) takes a gray cube first.

- A turn-1 sale sees today's market (R-FREE-1, R-TURN-1: the next placement comes after turn 1's
  action phase): `income_now` is the engine's income of it exactly, and below the reading with the
  takes first (`Money.income`), which a turn-2 sale after the placement may reach (R-TILE-2).
- Real lines of each case the split argues (turn 1's sale; a Buy at the stop in turn 1, the turn's
  end there and the sale after the placement; cubes kept aboard past a turn-1 stop at Thera and sold
  in turn 2; part of the cargo sold in turn 1 and the rest after the placement at the same stop),
  played by the engine to turn 2's end, are never above the bound with the flag on; the turn-2
  line leaves the stop with exactly turn 2's own actions, the cap (b) reads (`T2`), so a cap one
  lower would cut it. These lines score well below the bound here (the relaxation is loose
  elsewhere on this position: cards bought and goals), so the values CP-SAT proved on this turn
  are the split's sharper check (docs/benchmarks.md, session 81, h81split).
- A tight one (session 82, h82split): on the member `tile -1,1 r270 gray@NE` of the same turn the
  bound with the split is the member's optimum exactly (21: a line CP-SAT found, played here by
  the engine; the r270 group's cover is proven at most 21 by CP-SAT alone, session 81), and
  without it above. It is the cap (b) that decides it: a cap one action looser reads 22 again;
  and the line is turn 1's sale (a): the split with turn 2's sale alone would read it below.
"""

from __future__ import annotations

from functools import cache

import pytest

from akrotiri_puzzles.actions import EndTurn, Sell
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_below, reach_split
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two import NODES, TwoRelaxed, below, slot_groups
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.position import evolve
from akrotiri_puzzles.puzzle import State, moves, play
from akrotiri_puzzles.scoring import seat_score

from .test_analysis_turns_placement import before_placement, placement_groups
from .test_reach_sold_back import l24_searches

PLACEMENT = "tile -1,1 r90 gray@SE"
PREFIX = "load red red gray; ship T2"
"""Turn 1 from the placement to the stop at Thera: two actions of turn 1 left, turn 2's four."""
NEXT = "tile -4,-1 r0 red@SW"
"""A placement of the next tile (L24) in turn 2: it takes a gray cube, then a red one."""

LINES = {
    "turn 1's sale": (
        "sell red; sell red; sell gray; buy easy; ship -1,1NE; end; "
        f"{NEXT}; excavate M04 0,1SE; ship -1,1SE; excavate E11 -1,1SE"
    ),
    "buy, end, place, sell": (
        f"buy easy; end; {NEXT}; sell red; sell red; sell gray; ship -1,1NE; excavate M04 0,1SE; "
        "ship -1,1SE; excavate E11 -1,1SE"
    ),
    "held past Thera": f"sell red; sell gray; ship -1,1NE; end; {NEXT}; excavate M04 0,1SE; ship T2; sell red",
    "part in turn 1": f"sell red; end; {NEXT}; sell red; sell gray; ship -1,1NE; excavate M04 0,1SE",
}


TIGHT = "tile -1,1 r270 gray@NE"
"""A member of seed 5's turn 11 whose optimum the split reads exactly."""
BEST = (
    "load red blue gray; ship T2; sell red; sell blue; sell gray; buy easy easy; ship -1,1NE; end; "
    "tile 0,2 r90 green@NW; excavate E11 0,1NW; portage 0,2SW; ship 0,1NE; portage 1,3SE; ship 0,2NE; "
    "excavate E07 0,2NE; keep G07"
)
"""`TIGHT`'s best line, as CP-SAT found it (board_solve.py's `best_two_turns` at the floor 21, session
82): the three cubes sold in turn 1 at Thera, two easy cards bought, Thera left in turn 1."""


@cache
def _member(name: str):
    return next(c for g in placement_groups(before_placement(5, 2016, 11)) for a, c in g if str(a) == name)


def _child():
    return _member(PLACEMENT)


def _played(puzzle, state, line):
    """`state` after `line` through the engine, and (turn, action) of each action played."""
    out = []
    for name in (x.strip() for x in line.split(";")):
        action = next((a for a in moves(puzzle, state) if str(a) == name), None)
        assert action is not None, f"the engine refuses {name!r}"
        out.append((state.turn, action))
        state = play(puzzle, state, action)
    return state, out


@cache
def _at_thera():
    puzzle = two_turn_puzzle(_child())
    state, _ = _played(puzzle, State(_child()), PREFIX)
    assert state.turn == 1 and state.pos.actions_left == 2 and state.pos.hero.boat == "T2"
    return state.pos


def test_R_FREE_1_R_TURN_1_R_TILE_2_a_turn_1_sale_is_read_on_todays_market():
    top = _child()
    # The three cubes aboard at Thera from the start (their colours known, nothing loaded).
    pos = top.with_seat(top.to_move, evolve(top.hero, boat="T2", cargo=("red", "red", "gray")))
    puzzle = two_turn_puzzle(pos)
    now = play(puzzle, play(puzzle, play(puzzle, State(pos), Sell("red")), Sell("red")), Sell("gray"))
    turn_one = now.pos.hero.drachmas - pos.hero.drachmas
    assert turn_one == 8  # red 3 + 2, gray 3 on the market (4, 6, 3, 3)
    after = play(puzzle, State(pos), EndTurn())
    turn_two = 0
    for action in moves(puzzle, after):
        placed = play(puzzle, after, action)
        sold = placed
        for colour in ("red", "red", "gray"):
            sale = next((a for a in moves(puzzle, sold) if a == Sell(colour)), None)
            if sale is not None:
                sold = play(puzzle, sold, sale)
        turn_two = max(turn_two, sold.pos.hero.drachmas - pos.hero.drachmas)
    assert turn_two > turn_one  # the takes first: the turn-2 price (h81gap: 11)
    for r in l24_searches(pos):
        assert r.money is not None
        assert r.money.income_now(3, ()) == r.income_now(3, ()) == turn_one
        assert r.earned_now[3] >= turn_one  # colour-blind (`blind_first`'s first tier)
        assert r.money.income(3, ()) >= turn_two > r.money.income_now(3, ())


def test_R_TURN_3_R_FREE_1_R_BUY_1_lines_of_each_split_case_are_never_above_the_bound(monkeypatch):
    monkeypatch.setattr(reach_split, "SPLIT_SALE", True)
    pos = _at_thera()
    puzzle = two_turn_puzzle(pos)
    two = next(iter(l24_searches(pos))).start_acts - pos.actions_left  # turn 2's own actions (no dig yet)
    assert two == 4
    for case, line in LINES.items():
        end, steps = _played(puzzle, State(pos), line)
        score = seat_score(end.pos, puzzle.hero).total
        sales = [(turn, a) for turn, a in steps if isinstance(a, Sell)]
        turns = {turn for turn, _ in sales}
        # Each line is of its case.
        if case == "turn 1's sale":
            assert turns == {1}
        elif case == "part in turn 1":
            assert turns == {1, 2} and all(not str(a).startswith("ship") for _, a in steps[: steps.index(sales[-1])])
        elif case == "buy, end, place, sell":
            assert turns == {2} and str(steps[0][1]) == "buy easy" and steps[0][0] == 1
            # It leaves Thera with turn 2's own actions: the cap of reach_split.py's (b).
            state, _ = _played(puzzle, State(pos), line.split("; ship")[0])
            assert state.turn == 2 and state.pos.actions_left == two
        else:
            assert turns == {1, 2} and str(steps[2][1]).startswith("ship") and steps[2][0] == 1
        assert not below(pos, score), case
        assert not below(_child(), score), case


def _turn_two_sale_alone(
    self, at, acts, drachmas, cargo, sold, hand, dug, bought, taken, kept, mask, gained, income, n
):
    """`SplitSale.split_sales` broken: (b) alone, no sale of turn 1 at today's market nor hold."""
    first = self.pack_first(n, taken)
    earns = max(income, self.income_after(n, taken, first))
    held = 1 + self.turn_two_actions(gained)
    return self.search(
        at, acts, drachmas + earns - income, 0, n, hand, dug, bought, taken, kept, mask, first, earns, held
    )


@pytest.mark.corpus  # ~12 s; SPLIT_SALE is off
def test_R_TURN_2_R_TURN_3_R_FREE_1_R_TILE_2_the_split_reads_a_members_optimum_exactly(monkeypatch):
    member = _member(TIGHT)
    puzzle = two_turn_puzzle(member)
    end, steps = _played(puzzle, State(member), BEST)
    best = seat_score(end.pos, puzzle.hero).total
    assert best == 21
    # Turn 1's sale (reach_split.py's (a)): every cube sold in turn 1, Thera left in turn 1.
    assert {t for t, a in steps if isinstance(a, Sell)} == {1}
    assert next(t for t, a in steps if str(a) == "ship -1,1NE") == 1
    # Without the split the sale reads turn 2's prices with turn 1's actions: 22 in reach.
    assert not below(member, best + 1)
    monkeypatch.setattr(reach_split, "SPLIT_SALE", True)
    assert below(member, best + 1)
    assert not below(member, best)
    # The cap of (b) at turn 2's own actions decides it: one action more and 22 is in reach again
    # (R-TURN-2: the unspent actions of turn 1 are lost, R-TURN-3).
    two = reach_split.SplitSale.turn_two_actions
    monkeypatch.setattr(reach_split.SplitSale, "turn_two_actions", lambda self, gained: two(self, gained) + 1)
    assert not below(member, best + 1)
    monkeypatch.setattr(reach_split.SplitSale, "turn_two_actions", two)
    # Turn 2's sale alone (no turn-1 sale on today's market, R-FREE-1, no hold): the engine's line
    # of 21 would read out of reach, an unsound bound.
    monkeypatch.setattr(reach_split.SplitSale, "split_sales", _turn_two_sale_alone)
    assert below(member, best)


def _answer(r):
    """A search's answer: its value, or the exception that ended it (a line reaching the value asked,
    the node cap passed)."""
    try:
        return r.best()
    except (Reached, TooBig) as e:
        return type(e).__name__


def _slot_groups(pos):
    """`slot_groups`' groups of final boards by (slot, oracle) as the tests name them, and the actions."""
    keys, finals, acts = slot_groups(pos)
    return {(str(slot), oracle): group for (slot, oracle), group in zip(keys, finals, strict=True)}, acts


@pytest.mark.corpus  # ONE_HOLD is off
def test_R_FREE_1_R_MOVE_2_one_hold_reads_the_same_bounds_in_fewer_states(monkeypatch):
    # reach_split.py's `ONE_HOLD`: the hold keeping one cube aboard is at least every other hold
    # (its module doc), so the split searches read the same values with it, in no more states.
    pos = _child()
    asked, acts = _slot_groups(pos)
    monkeypatch.setattr(reach_split, "SPLIT_SALE", True)
    fewer = 0
    for ask in (21, 22):
        for key in (("(0, 2)", False), ("(1, -3)", False), ("(2, -2)", False)):
            group = [pos.board, *asked[key]]
            monkeypatch.setattr(reach_split, "ONE_HOLD", False)
            every = TwoRelaxed(pos, group, acts, NODES, Boards(pos), ask, key[1])
            value = _answer(every)
            monkeypatch.setattr(reach_split, "ONE_HOLD", True)
            one = TwoRelaxed(pos, group, acts, NODES, Boards(pos), ask, key[1])
            assert _answer(one) == value, (ask, key)
            states = every.start_nodes - every.nodes
            assert one.start_nodes - one.nodes <= states, (ask, key)
            fewer += one.start_nodes - one.nodes < states
    assert fewer  # the holds of 2 or more cubes were searched without it


@pytest.mark.corpus  # ~15 s; SPLIT_SALE is off
def test_R_FREE_1_R_TURN_1_a_question_asks_the_split_searches_only_where_it_is_not_below_without(monkeypatch):
    # reach_split.py's `ASK_UNSPLIT_FIRST` (reach_below's `Below.__call__`) on `tile -1,1 r90`: at 22
    # the question without the split is not below (a group's relaxed line reaches 22 through the
    # turn-2 price with turn 1's actions kept, h81gap) and the split one is: the question asks both,
    # without the split first, and answers yes as the split one alone does; at 24 the question
    # without the split is below, and no split search is made.
    monkeypatch.setattr(reach_split, "SPLIT_SALE", True)
    splits = []
    best = TwoRelaxed.best

    def spied(r):
        splits.append(r.split_sale)
        return best(r)

    monkeypatch.setattr(TwoRelaxed, "best", spied)
    assert reach_below.Below()(_child(), 22)  # the split alone
    assert not splits.count(False) and splits.count(True)
    monkeypatch.setattr(reach_split, "SPLIT_SALE", False)
    assert not reach_below.Below()(_child(), 22)  # without the split: not below
    monkeypatch.setattr(reach_split, "SPLIT_SALE", True)
    monkeypatch.setattr(reach_split, "ASK_UNSPLIT_FIRST", True)
    for ask, split_asked in ((22, True), (24, False)):
        splits.clear()
        assert reach_below.Below()(_child(), ask), ask
        assert splits[0] is False, ask  # without the split first
        assert (True in splits) is split_asked, ask
        if split_asked:  # every split search after the pass without it
            assert splits[splits.index(True) :].count(False) == 0
    assert not reach_split.paused
