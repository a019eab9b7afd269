"""A relaxed line's turn 2 checked through the engine (session 63, h63mid).

For one placement of a seeded greedy game's turn (as tools/bench_two_turns_place.py draws it), the
turn-1 actions `--prefix` (notation, `;`-separated, its `end` included) are played through the
engine over the two turns `analyse --turns 2` solves (`board_solve.two_turn_puzzle`). Then, for
every placement of the next tile (each slot, rotation and pair of cubes, R-TILE-1, R-TILE-2):

- the drachmas after the free actions `--then` (e.g. the sales at Thera, R-FREE-1) and the
  actions `--buy` (e.g. `buy easy`): how many placements give each amount (`--then` alone reads
  what a sale can earn once the next placement has taken its cubes from the market);
- with `--search`, the best score turn 2 reaches from there through the engine, over every line of
  Move steps (`ship`, `portage`), excavations and goal keeps only (no load, unload, buy or oracle:
  what a relaxed line that only moves and digs after its buy asks), each position searched once;
  `--least N` searches only the placements leaving at least N drachmas.

Not a bound: it checks one relaxed line's shape against the rules (tools/trace_two_turn_relaxed.py
prints the relaxed line), e.g. on seed 3's turn 11 (docs/benchmarks.md, session 63):

    PYTHONPATH=TREE .venv/bin/python tools/engine_turn_two.py --seed 3 --turn 11 --seat south \\
        --placement "tile 1,-2 r270 blue@NW" \\
        --prefix "excavate E12 -2,0SE; ship 1,0SW; load red blue; ship T2; end" \\
        --then "sell red; sell blue" --buy "buy easy" --search --least 9
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_group, the_position

from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.puzzle import Puzzle, State, moves, play
from akrotiri_puzzles.scoring import seat_score

STEPS = ("ship", "portage", "excavate", "keep")
"""The kinds of action `--search` tries after the buy."""


def replayed(puzzle: Puzzle, state: State, line: str) -> tuple[State, int, str | None]:
    """`state` after the `;`-separated actions of `line` up to the first the engine refuses, how
    many were played, and that refused action (None where the whole line is played)."""
    names = [x.strip() for x in line.split(";") if x.strip()]
    for i, name in enumerate(names):
        action = next((a for a in moves(puzzle, state) if str(a) == name), None)
        if action is None:
            return state, i, name
        state = play(puzzle, state, action)
    return state, len(names), None


def played(puzzle: Puzzle, state: State, line: str) -> State | None:
    """`state` after the `;`-separated actions of `line` (None where the engine refuses one)."""
    end, _, refused = replayed(puzzle, state, line)
    return end if refused is None else None


def search(puzzle: Puzzle, start: State, seen: set[object]) -> tuple[int, list[str]]:
    """The best score of a line of `STEPS` from `start` (each position once) and that line."""
    best: tuple[int, list[str]] = (-1, [])
    stack: list[tuple[State, list[str]]] = [(start, [])]
    while stack:
        state, line = stack.pop()
        if state.pos in seen:
            continue
        seen.add(state.pos)
        if state.pos.phase == "act" and not state.pos.passing:
            value = seat_score(state.pos, puzzle.hero).total
            if value > best[0]:
                best = (value, line)
        for action in moves(puzzle, state):
            if str(action).split(" ")[0] in STEPS:
                stack.append((play(puzzle, state, action), [*line, str(action)]))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    position_options(ap)
    ap.add_argument("--placement", required=True, help="the turn's placement, in notation")
    ap.add_argument("--prefix", required=True, help="turn 1's actions from the placement, ';'-separated")
    ap.add_argument("--then", default="", help="free actions after the next placement, ';'-separated")
    ap.add_argument("--buy", default="", help="actions after them, ';'-separated (e.g. 'buy easy')")
    ap.add_argument("--search", action="store_true", help="the best turn 2 of Move steps and excavations")
    ap.add_argument("--least", type=int, default=None, help="search only placements leaving this many drachmas")
    args = ap.parse_args()
    pos = the_position(ap, args)
    child = next((c for a, c in the_group(ap, pos, args.placement) if str(a) == args.placement), None)
    assert child is not None
    puzzle = two_turn_puzzle(child)
    turn_two = played(puzzle, State(child), args.prefix)
    if turn_two is None or turn_two.turn != 2 or turn_two.pos.phase != "place":
        ap.error("--prefix: the engine refuses it, or it does not end turn 1 before the next placement")
    print(f"after turn 1: {turn_two.pos.hero}; market {turn_two.pos.market}", flush=True)
    money: Counter[int] = Counter()
    best: tuple[int, list[str]] = (-1, [])
    t0 = time.process_time()
    places = moves(puzzle, turn_two)
    for place in places:
        after = played(puzzle, play(puzzle, turn_two, place), args.then)
        after = played(puzzle, after, args.buy) if after is not None else None
        if after is None:
            money[-1] += 1
            continue
        money[after.pos.hero.drachmas] += 1
        if args.search and (args.least is None or after.pos.hero.drachmas >= args.least):
            value, line = search(puzzle, after, set())
            if value > best[0]:
                best = (value, [str(place), args.then, args.buy, *line])
                print(f"  {value}: {'; '.join(x for x in best[1] if x)}", flush=True)
    print(f"{len(places)} next placements; drachmas after --then and --buy (-1: refused): {sorted(money.items())}")
    if args.search:
        print(f"best turn 2 searched: {best[0] if best[0] >= 0 else None} ({time.process_time() - t0:.1f} CPU s)")


if __name__ == "__main__":
    main()
