"""The tile placement taken best first (analysis/best_first.py) gives the answer of the search in
notation order: the best value and the first placement in notation order reaching it; its line is
solved asked for exactly that value (floor and cap), so it is a line of that value with the fewest
actions, as the notation-order search's is (the two may be different lines of equal score and
actions).

Two checks: a synthetic one (made-up values and bounds, many ties, every case fast), against a
direct computation of what the notation-order search asks each placement; and real placement
turns (in make test, eight groups of one: test_placement_bound's `sampled_placements`; whole
turns in make test-corpus) against every placement solved in turn (no bound, no bare question,
no grouping), the reference the grouped search (analysis/placement.py) is checked against in the
same test."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from akrotiri_puzzles.actions import PlaceTile
from akrotiri_puzzles.analysis import best_first
from akrotiri_puzzles.analysis.board_solve import BoardResult, puzzle_of
from akrotiri_puzzles.analysis.endgame import NO_BOUND, Run
from akrotiri_puzzles.analysis.engine_line import objective_value, replay_line
from akrotiri_puzzles.analysis.exhaustive import line_cost
from akrotiri_puzzles.analysis.placement import split_placements
from akrotiri_puzzles.analysis.reach.reach_bound import score_bound
from akrotiri_puzzles.solver.deadline import Deadline

from .test_placement_bound import before_placement, placement_turns, sampled_placements


def _fake_turn(rng: random.Random) -> tuple[list, dict[int, int]]:
    """Placements in groups of one to eight (slot, rotation), each with a value; few distinct
    values, so that ties are common."""
    kids = []
    values: dict[int, int] = {}
    slot = 0
    while len(kids) < rng.randint(5, 40):
        slot += 1
        for _ in range(rng.choice([1, 2, 4, 8])):
            child = SimpleNamespace(phase="act", passing=False, i=len(kids))
            values[len(kids)] = rng.choice([40, 41, 42, 42, 43, 43])
            kids.append((PlaceTile((slot, 0), 0, "red", f"{len(kids)}NE"), child))
    return kids, values


def _notation_order(values: dict[int, int], floor: int | None, k: int) -> list[tuple[int, int, int | None]]:
    """Directly: the k best values and their children (ties in notation order), each with what
    a search taking the children in notation order, each asked for more than the k-th best
    before it, asks that child."""
    found: list[tuple[int, int, int | None]] = []
    for j in sorted(values):
        ask = floor if len(found) < k else found[k - 1][0] + 1
        if floor is not None and ask is not None:
            ask = max(floor, ask)
        if ask is None or values[j] >= ask:
            found = sorted([*found, (values[j], j, ask)], key=lambda x: (-x[0], x[1]))[:k]
    return found


def _line_of(tag: str, value: int) -> bool:
    """Whether a made-up line was solved asked for exactly `value` (floor and cap), or with the
    objective and no cap asked for at most `value` (a solve of the search, its line kept)."""
    asked, cap = tag.removeprefix("asked ").split(" cap ")
    if cap == "None":
        return asked == "None" or int(asked) <= value
    return int(asked) == int(cap) == value


@pytest.mark.parametrize("seed", range(40))
def test_R_TILE_1_best_first_finds_the_notation_order_answers_and_their_asks_on_made_up_values(seed, monkeypatch):
    # Made-up values, bounds at or above each value (a cover's at or above its members'), and
    # bare questions and solves that read the values: the value, the child and the value its
    # line is solved asked for must be the notation-order search's.
    rng = random.Random(seed)
    kids, values = _fake_turn(rng)
    floor = rng.choice([None, None, 41, 43, 44])
    slack = {j: rng.choice([0, 0, 1, 2, None]) for j in values}

    def members(pos) -> list[int]:
        return pos.members if hasattr(pos, "members") else [pos.i]

    monkeypatch.setattr(best_first, "cover", lambda ps: SimpleNamespace(members=[p.i for p in ps]))

    def upper(pos):
        got = [None if slack[j] is None else values[j] + slack[j] for j in members(pos)]
        return None if None in got else max(got) + (1 if len(got) > 1 and rng.random() < 0.5 else 0)

    def reach(pos, v):
        return max(values[j] for j in members(pos)) >= v

    def tighter(pos):
        # A second bound, asked where `upper` does not skip (reach_tight.py): at or above each
        # member's value, often below `upper`.
        return None if rng.random() < 0.2 else max(values[j] for j in members(pos)) + rng.choice([0, 0, 1])

    second = tighter if seed % 2 else None

    solved = []

    def solve(pos, ask, cap):
        assert not hasattr(pos, "members"), "a cover is only asked whether it reaches a value"
        solved.append(pos.i)
        v = values[pos.i] if cap is None else min(cap, values[pos.i])  # a cap removes the lines above it
        if ask is not None and v < ask:
            return BoardResult("INFEASIBLE", None, ask - 1, ())
        return BoardResult("OPTIMAL", v, v, (f"asked {ask} cap {cap}",))

    got = best_first.best_placement(kids, solve, reach, upper, floor, None, second)
    want = _notation_order(values, floor, 1)
    if not want:
        assert got.status == "INFEASIBLE"
    else:
        value, j, _ = want[0]
        assert (got.status, got.value, got.bound) == ("OPTIMAL", value, value)
        # The winner's line: solved asked for exactly its value (floor and cap), or kept from
        # its solve with the objective during the search.
        assert got.line[0] == kids[j][0] and _line_of(got.line[1], value)
    # The k best (`--alternatives K` before a placement), each line asked for its own value.
    for k in (2, 3):
        ranked, bound, proven = best_first.best_placements(kids, solve, reach, upper, floor, None, k, second)
        want = _notation_order(values, floor, k)
        assert [(r.value, r.line[0]) for _, r in ranked] == [(v, kids[j][0]) for v, j, _ in want]
        assert all(_line_of(r.line[1], r.value) for _, r in ranked)
        assert proven
        assert not want or bound <= want[0][0]


@pytest.mark.parametrize(("seed", "edition", "count"), placement_turns(3))
def test_R_TILE_1_grouped_and_best_first_placements_give_the_analysis_of_every_placement_solved(
    monkeypatch, seed, edition, count
):
    # Independent computation, made once for both searches (about 18 s of CPU on a whole turn):
    # every placement solved in turn, each asked for more than the best before it (no grouping,
    # no bound, no bare question, no cache).
    pos = before_placement(seed, edition, 6)[0]
    if count is not None:
        sampled_placements(monkeypatch, pos, count, seed)
    single = Run(pos, "score", Deadline(None), 1, group_placements=False).best(pos)
    assert single.status == "OPTIMAL"

    # The grouped search (`split_placements` over `Run.placed`: the bare question first, with the
    # proof settings and the shape cache): the same status, best value, bound and line, solving
    # fewer action phases than there are placements. Then with the model-free bound
    # (analysis/reach/reach_bound.py, as the analysis uses it), solving at most as many; then with the
    # bare questions settling the placements that raise the best (as the analysis does without
    # a time limit), the best's line solved once at the end.
    run = Run(pos, "score", Deadline(None), 1)
    kids = run.children(pos)
    solved: list = []

    def count_solved(child, floor, cap):
        solved.append(child)
        return run.placed(child, floor, cap)

    grouped = split_placements(kids, count_solved, None, None, NO_BOUND)
    assert grouped == single
    assert grouped.line[0] in [a for a, _ in kids]
    assert len(solved) < len(kids)
    assert run.seen  # the cache was asked
    without = len(solved)
    solved.clear()
    assert split_placements(kids, count_solved, None, None, NO_BOUND, score_bound) == single
    assert len(solved) <= without
    solved.clear()
    assert split_placements(kids, count_solved, None, None, NO_BOUND, score_bound, run.reached) == single
    assert len(solved) <= without

    # Best first, as `analyse` runs it: the same status, value, bound and placement, and a line
    # the engine scores at that value with as few actions (exhaustive.line_cost) as the
    # reference's (both lines of the fewest actions; they may differ among equals).
    run = Run(pos, "score", Deadline(None), 1)
    asked: list = []
    solve = run.placed

    def count(child, floor, cap):
        asked.append(child)
        return solve(child, floor, cap)

    run.placed = count  # type: ignore[method-assign]
    got = run.best(pos)
    assert (got.status, got.value, got.bound, got.line[0]) == (
        single.status,
        single.value,
        single.bound,
        single.line[0],
    )
    assert objective_value(replay_line(puzzle_of(pos), got.line), "score") == got.value
    assert line_cost(pos, got.line) == line_cost(pos, single.line)
    # Best first: after the winner only its own line is solved with the objective.
    assert len(asked) <= 3
    assert len(run.children(pos)) > 50


def test_R_TILE_1_a_generous_time_limit_takes_the_same_best_first_path_and_answer():
    # `analyse` always passes a time limit (600 s by default): a limit the proof does not reach
    # must not change the path (best first, the same placements asked, in the same order) nor
    # the answer. Independent computation: the same search with no time limit at all.
    pos = before_placement(1, 2016, 6)[0]
    runs = {}
    for limit in (None, 600.0):
        run = Run(pos, "score", Deadline(limit), 1)
        asked: list = []
        solve = run.placed

        def count(child, floor, cap, asked=asked, solve=solve):
            asked.append((child.hero.tile, floor, cap))
            return solve(child, floor, cap)

        run.placed = count  # type: ignore[method-assign]
        got = run.best(pos)
        runs[limit] = (got.status, got.value, got.bound, got.line, asked)
    assert runs[None][0] == "OPTIMAL"
    assert runs[600.0] == runs[None]
    assert len(runs[None][4]) <= 3  # best first: the notation-order search asks far more
