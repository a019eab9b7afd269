"""The Move actions of a leg that turn 1's end splits, against the engine (session 84, h84s1gap).

analysis/reach/reach_cross.py's `turn_two_actions` reads the least Move actions of turn 2 from where
turn 1 can leave the boat to each spot. Here the engine plays it: from one position of a turn-1
action phase (a child of a seeded greedy game's tile placement, as tools/bench_two_turns_place.py
draws them, after the actions `--prefix`), every dock its Step actions reach within turn 1 where
the turn may end (R-MOVE-2, R-MOVE-3), then `end`, then the next placement (every one, or
`--sample` of them drawn with a fixed seed, R-TILE-1), then turn 2's Step actions (a 0-1 search
by Move actions started, `step_budget`): the least Move actions of turn 2 to each island of the
final board. For each, the relaxation's reading from the boat's dock (`turn_two_actions` of the
`TwoRelaxed` of the final board's group, with turn 1's actions left and the position's points)
for the spot standing for that island must be at most the engine's: a miss is an unsound
reading. A check, not a bound: it walks the engine's own moves.

    PYTHONPATH=TREE .venv/bin/python tools/check_cross_legs.py --seed 1 --turn 13 --seat south \\
        --placement "tile -1,1 r0 blue@NE" --prefix "oracle volcano; ship T1; buy hard"
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import deque

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_group, the_position, turn_groups
from engine_turn_two import replayed

from akrotiri_puzzles.actions import EndTurn, PlaceTile, Step
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_cross, reach_two
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.puzzle import Puzzle, State, moves, play


def turn_one_ends(puzzle: Puzzle, start: State) -> dict[str, State]:
    """One state of turn 2's placement for each dock where turn 1 may end after Step actions only."""
    out: dict[str, State] = {}
    seen: set[tuple[object, ...]] = set()
    todo = [start]
    while todo:
        s = todo.pop()
        key = (s.pos.hero.boat, s.pos.actions_left, s.pos.points, s.pos.passing)
        if key in seen:
            continue
        seen.add(key)
        for a in moves(puzzle, s):
            if isinstance(a, Step):
                todo.append(play(puzzle, s, a))
            elif isinstance(a, EndTurn) and s.pos.hero.boat not in out:
                out[s.pos.hero.boat] = play(puzzle, s, a)  # type: ignore[index]
    return out


def turn_two_least(puzzle: Puzzle, start: State) -> dict[object, int]:
    """The least Move actions of turn 2's Step actions from `start` to each island (by its key on
    the final board): a 0-1 search over (dock, points, passing), each step's cost the Move actions
    it starts."""
    board = start.pos.board
    best: dict[tuple[object, ...], int] = {}
    out: dict[object, int] = {}
    first = start.pos.actions_left
    todo: deque[State] = deque([start])
    while todo:
        s = todo.popleft()
        used = first - s.pos.actions_left
        key = (s.pos.hero.boat, s.pos.points, s.pos.passing)
        if best.get(key, 10**9) <= used:
            continue
        best[key] = used
        if not s.pos.passing:
            isl = board.island_of_dock[s.pos.hero.boat]  # type: ignore[index]
            out[isl] = min(out.get(isl, 10**9), used)
        for a in moves(puzzle, s):
            if isinstance(a, Step):
                nxt = play(puzzle, s, a)
                (todo.appendleft if nxt.pos.actions_left == s.pos.actions_left else todo.append)(nxt)
    return out


def misses(puzzle: Puzzle, state: State, ends: dict[str, State], places: list[PlaceTile]) -> tuple[int, int, list[str]]:
    """The check (module doc) of the turn-1 action phase `state`, turn 1 ending at `ends`
    (`turn_one_ends`), over the next placements `places`: the islands read, those read at 2 Move actions or more, and a line for each miss
    (`reach_cross.turn_two_actions` read from the module, so that a test may raise it)."""
    pos = state.pos
    got = reach_two.slot_groups(pos)
    assert got is not None
    keys, finals, acts = got
    shared = Boards(pos)
    by_board: dict[object, tuple[reach_two.TwoRelaxed, int]] = {}
    for (_, oracle), group in zip(keys, finals, strict=True):
        r = reach_two.TwoRelaxed(pos, [pos.board, *group], acts, 1, shared, None, oracle)
        for k, b in enumerate(r.boards[1:], start=1):
            by_board[b.placements] = (r, k)
    left, cargo, free, boat = pos.actions_left, len(pos.hero.cargo), pos.points, pos.hero.boat
    assert boat is not None
    checked = tight = 0
    missed: list[str] = []
    for place in places:
        real: dict[object, int] = {}
        board = None
        for s in ends.values():
            after = play(puzzle, s, place)
            board = after.pos.board
            for isl, n in turn_two_least(puzzle, after).items():
                real[isl] = min(real.get(isl, 10**9), n)
        assert board is not None
        r, k = by_board[board.placements]
        for isl, n in sorted(real.items(), key=str):
            spots = [sp for sp, ms in enumerate(r.members) if (k, isl) in ms]
            reads = [reach_cross.turn_two_actions(r, boat, sp, left, cargo, free) for sp in spots]
            read = min((x for x in reads if x is not None), default=None)
            if read is None:
                continue
            checked += 1
            tight += read >= 2
            if read > n:
                missed.append(f"{place}, island {isl} (spots {spots}): engine {n} Move actions, read {read}")
    return checked, tight, missed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    position_options(ap)
    ap.add_argument("--placement", default=None, help="the turn's placement, in notation (default: its first)")
    ap.add_argument("--prefix", default="", help="turn 1's actions first, ';'-separated (no end)")
    ap.add_argument("--sample", type=int, default=0, help="the next placements checked (0: every one)")
    args = ap.parse_args()
    top = the_position(ap, args)
    name = args.placement or str(turn_groups(top)[0][0][0])
    child = next(c for a, c in the_group(ap, top, name) if str(a) == name)
    puzzle = two_turn_puzzle(child)
    state, _, refused = replayed(puzzle, State(child), args.prefix)
    if refused is not None or state.turn != 1:
        ap.error(f"--prefix: the engine refuses {refused!r} or turn 1 is over")
    pos = state.pos
    if reach_two.slot_groups(pos) is None:
        ap.error("the relaxation does not apply here")
    ends = turn_one_ends(puzzle, state)
    print(
        f"{name}, after {args.prefix!r}: turn 1: {pos.actions_left} actions left, {pos.points} points, "
        f"cargo {len(pos.hero.cargo)}; turn 1 may end at {len(ends)} docks"
    )
    places = [a for a in moves(puzzle, next(iter(ends.values()))) if isinstance(a, PlaceTile)]
    if args.sample and args.sample < len(places):
        places = random.Random(f"{args.seed}/{args.turn}/{name}").sample(places, args.sample)
    checked, tight, missed = misses(puzzle, state, ends, places)
    for line in missed:
        print(f"  miss: {line}")
    print(f"{len(places)} next placements, {checked} islands read ({tight} at 2 or more): {len(missed)} misses")


if __name__ == "__main__":
    main()
