"""A turn with its tile still to place: the placements of one slot and rotation bounded together by
their cover (analysis/placement.py). The cover's domination is checked line by line through the
engine (every line a placement allows is legal from the cover and scores at least as much there),
against each placement's own best, and the grouped analysis against solving every placement."""

from __future__ import annotations

import random
from functools import cache

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import EndTurn, PlaceTile
from akrotiri_puzzles.analysis.board_solve import BoardResult, best_on_board, puzzle_of
from akrotiri_puzzles.analysis.endgame import Run
from akrotiri_puzzles.analysis.engine_line import objective_value
from akrotiri_puzzles.analysis.placement import cover, groups
from akrotiri_puzzles.position import Position, evolve
from akrotiri_puzzles.puzzle import State, moves, play, why_not
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver.deadline import Deadline

COMPS = load_components()


@cache
def seeded_game(seed: int, edition: int) -> tuple[Position, ...]:
    """Every position of a seeded greedy game, played once per process (a Position is frozen):
    many tests start from the same few games."""
    seen: list[Position] = []
    play_game(COMPS, seed, edition, bots=("greedy", "greedy"), check=False, on_position=seen.append)
    return tuple(seen)


def before_placement(seed: int, edition: int, turn: int | None) -> tuple[Position, ...]:
    """The positions before the tile placement at a turn of a seeded greedy game (None: each
    seat's first), one per seat, the first seat to place first."""
    out: dict = {}
    for p in seeded_game(seed, edition):
        if p.phase == "place" and turn in (None, p.turn) and p.hero.tile is not None:
            out.setdefault(p.to_move, p)
    return tuple(out.values())


@cache
def solved_alone(child: Position, objective: str) -> BoardResult:
    """A placement's own best, solved with the objective and the default settings (no floor, no
    time limit): computed once, several tests compare with it on seed 1's turn 6."""
    return best_on_board(child, objective, Deadline(None))


def random_lines(pos, rng: random.Random, count: int) -> list:
    """Lines of the action phase played at random through the engine (stopping anywhere)."""
    puzzle = puzzle_of(pos)
    out = []
    for _ in range(count):
        state = State(pos)
        line = []
        while rng.random() < 0.9:
            acts = [a for a in moves(puzzle, state) if not isinstance(a, EndTurn)]
            if not acts:
                break
            action = rng.choice(acts)
            state = play(puzzle, state, action)
            line.append(action)
        if state.pos.phase == "act" and not state.pos.passing:
            out.append(line)
    return out


def replay(pos, line):
    """The position a line leaves, each action checked legal first (None when one is not)."""
    puzzle = puzzle_of(pos)
    state = State(pos)
    for action in line:
        if why_not(puzzle, state, action) is not None:
            return None
        state = play(puzzle, state, action)
    return state.pos


def test_R_TILE_1_placements_are_grouped_by_slot_and_rotation():
    pos = before_placement(1, 2016, 6)[0]
    kids = Run(pos, "score", Deadline(None), 1).children(pos)
    found = groups(kids)
    assert sum(len(g) for g in found) == len(kids)
    order = {str(a): i for i, (a, _) in enumerate(kids)}
    assert sorted(order[str(a)] for g in found for a, _ in g) == list(range(len(kids)))
    for g in found:
        assert [order[str(a)] for a, _ in g] == sorted(order[str(a)] for a, _ in g)
    for g in found:
        keys = {(a.slot, a.rotation) for a, _ in g if isinstance(a, PlaceTile)}
        assert len(keys) == 1
        assert len({child.board for _, child in g}) == 1
    assert len(found) < len(kids)


def test_R_TILE_2_the_cover_lays_every_cube_and_takes_the_most_from_the_market():
    pos = before_placement(1, 2016, 6)[0]
    group = max(groups(Run(pos, "score", Deadline(None), 1).children(pos)), key=len)
    members = [child for _, child in group]
    top = cover(members)
    assert top is not None
    for p in members:
        assert all(t <= m for t, m in zip(top.market, p.market, strict=True))
        have = {(piece, colour): n for piece, colour, n in top.cubes}
        assert all(have.get((piece, colour), 0) >= n for piece, colour, n in p.cubes)
    # Members that differ in anything but cubes have no cover (nothing is claimed).
    other = evolve(members[1], actions_left=members[1].actions_left + 1)
    assert cover([members[0], other]) is None


@pytest.mark.parametrize(
    ("seed", "edition", "objective", "wide"),
    [
        (1, 2016, "score", 1),
        pytest.param(1, 2016, "margin", 2, marks=pytest.mark.slow),
        pytest.param(2, 2014, "score", 2, marks=pytest.mark.slow),
        pytest.param(2, 2014, "margin", 2, marks=pytest.mark.slow),
    ],
)
def test_R_FREE_1_R_LOAD_1_every_line_of_a_placement_scores_at_least_as_much_from_its_cover(
    seed, edition, objective, wide
):
    # The lemma the pruning rests on, checked through the engine: every line a placement allows
    # (its best by CP-SAT, and random lines) is legal from the cover and scores there at least
    # what it scores after the placement; and CP-SAT's best of the cover is at least each one's.
    rng = random.Random(seed)
    # `wide`: how many seats, and groups per seat, are checked (more in the slow runs).
    for pos in before_placement(seed, edition, 6)[:wide]:
        found = [g for g in groups(Run(pos, objective, Deadline(None), 1).children(pos)) if len(g) > 1]
        for group in rng.sample(found, wide):
            members = [child for _, child in group]
            top = cover(members)
            assert top is not None
            top_best = best_on_board(top, objective, Deadline(None))
            assert top_best.status == "OPTIMAL" and top_best.value is not None
            for child in members:
                best = solved_alone(child, objective)
                assert best.status == "OPTIMAL" and best.value is not None
                assert best.value <= top_best.value
                for line in [list(best.line), *random_lines(child, rng, 5)]:
                    mine = replay(child, line)
                    assert mine is not None
                    there = replay(top, line)
                    assert there is not None, [str(a) for a in line]
                    assert objective_value(there, objective) >= objective_value(mine, objective)


# The grouped placements (split_placements) against every placement solved in turn: in
# tests/test_best_first.py, which checks the best-first search against the same reference.


def placement_turns(seed_2014: int) -> list:
    """The real placement turns the grouped searches are checked on against every placement solved
    alone (seed, edition, groups sampled): in make test eight groups of seed 1's sixth turn (2016,
    64 placements, `sampled_placements`); the whole turn (480, about 20 CPU s) and seed
    `seed_2014`'s sixth turn in 2014 (36-45 s) in make test-corpus."""
    return [
        (1, 2016, 8),
        pytest.param(1, 2016, None, marks=pytest.mark.corpus),
        pytest.param(seed_2014, 2014, None, marks=pytest.mark.corpus),
    ]


def sampled_placements(monkeypatch: pytest.MonkeyPatch, pos: Position, count: int, seed: int) -> None:
    """The start's children (one turn) cut to `count` groups of placements picked at random (the
    same for every run), kept in the children's order: each placement is an action phase solved
    by CP-SAT, a whole turn's 480 some 20 CPU s."""
    kids = Run(pos, "score", Deadline(None), 1).children(pos)
    keep = {str(a) for g in random.Random(seed).sample(groups(kids), count) for a, _ in g}
    cut = [kid for kid in kids if str(kid[0]) in keep]
    children = Run.children

    def sampled(self, at, ending=False):  # type: ignore[no-untyped-def]
        return cut if at is pos else children(self, at, ending)

    monkeypatch.setattr(Run, "children", sampled)


@pytest.mark.parametrize(("seed", "edition", "count"), placement_turns(2))  # by default about 4 CPU s
def test_R_TILE_1_alternatives_on_a_placement_turn_are_the_k_best_placements_solved_alone(
    monkeypatch, seed, edition, count
):
    # `--alternatives 3` before the tile placement: its first actions are placements, found in
    # one pass over the groups (best_placements). Each placement solved alone, unbounded, gives
    # every first action's best; the three best of them (ties in notation order) must be the
    # alternatives, values and first actions, and the first one's value the plain analysis's.
    from akrotiri_puzzles.analysis.endgame import analyse

    pos = before_placement(seed, edition, 6)[0]
    if count is not None:
        sampled_placements(monkeypatch, pos, count, seed)
    run = Run(pos, "score", Deadline(None), 1)
    each = []
    for i, (action, child) in enumerate(run.children(pos)):
        r = solved_alone(child, "score")
        assert r.status == "OPTIMAL" and r.value is not None
        each.append((-r.value, i, str(action), r.value))
    want = [(name, value) for _, _, name, value in sorted(each)[:3]]
    alts = analyse(pos, alternatives=3)
    assert alts.status == "OPTIMAL"
    assert [(str(a.first), a.scored.hero.total) for a in alts.alternatives] == want
    assert alts.value == want[0][1] == analyse(pos).value


def test_R_TILE_1_placements_of_one_shape_reach_the_same_values_as_each_solved_alone(monkeypatch):
    # `reaches` keeps its answers by the model's shape (names left out) and asks with its own
    # CP-SAT settings (board_solve.PROOF_TUNING). Independent computation: each placement's own
    # best, solved with the objective and the default settings. Every placement's answer, asked
    # of a fresh cache and of the shared one, must say "reached" exactly when that best is at
    # least the floor; and at least two placements must share a shape, so the cache is used.
    from akrotiri_puzzles.analysis.board_solve import Board, reaches

    # Every other placement of the eight groups the alternatives' test samples (32; their bests
    # solved once for both tests).
    pos = before_placement(1, 2016, 6)[0]
    sampled_placements(monkeypatch, pos, 8, 1)
    kids = Run(pos, "score", Deadline(None), 1).children(pos)
    sample = [child for a, child in kids if isinstance(a, PlaceTile)][::2]
    best = {}
    for i, child in enumerate(sample):
        r = solved_alone(child, "score")
        assert r.status == "OPTIMAL" and r.value is not None
        best[i] = r.value
    top = max(best.values())
    shared: dict[bytes, bool] = {}
    for floor in (top, top + 1):
        for i, child in enumerate(sample):
            model = Board(child, "score", Deadline(None)).fresh()
            model.m.add(model.primary >= floor)
            alone = reaches(model, Deadline(None))
            cached = reaches(model, Deadline(None), seen=shared)
            assert alone == cached == (best[i] >= floor), (i, floor)
    assert len(shared) < 2 * len(sample)
