"""The two-turn relaxation's cube, money and leg readings against the engine, line by line (session 80).

Session 79 (tools/check_two_goal_readings.py) checked the readings that tell turn 1's board from the
final boards; this checks the others a relaxed line reads (analysis/reach/reach_two.py's `TwoRelaxed`),
on lines the engine plays. For one position of a turn-1 action phase (a child of a seeded greedy
game's tile placement, as tools/bench_two_turns_place.py draws them):

- *Legs* (`legs`): the engine's least movement points (its own Step actions, R-MOVE-1, R-MOVE-3:
  passing the other boat's dock) from the boat's dock and from each island of turn 1's board B1
  to each island, over B1 alone and over B1 then each final board k (the leg turn 1's end cuts,
  then turn 2's on board k, R-TILE-1, R-TURN-1), against `Boards.turn_one_legs` (B1) and
  `BoardLegs.legs_on` (B1 and k) of every spot standing for the island, and the union's `moves`.
- *Lines* (`walk`, tools/check_two_cube_image.py's `image`): random lines of both turns through
  the engine (a fixed seed; every legal action kind equally likely at each step, with cubes
  aboard mostly towards Thera and a sale there; Unloads only with `--unloads`), each walked by its
  relaxed image, the relaxed search's own hooks called where the search calls them:
  each leg's points (`plan_moves`, a leg keeping the line's final board) and Move actions
  (`leg_actions`: one of its answers leaves the image no fewer actions than the line);
  each excavation (`allowed`, `dig_turns`: turn 2's actions it adds, `turn_bonus`, R-TURN-2, and
  the boards it keeps, R-EXC-1); each Load (`load_turns`, the way of the Load's own turn: cubes,
  `first_cubes` for turn 1's, `_cubes_on` for turn 2's, at least those the engine's Load takes,
  and actions left at least the line's; `load_children`: `amounts`, `load_ways` and
  `load_boards`, the final board kept, R-LOAD-1, R-TILE-2); each Unload (`unload_amounts`, the
  colours then read through it, `TOUCHED`, R-FREE-2); each sale (`income_after` through
  `turn_one_over`, reach_money.py's pools, takes, late Loads and cubes sold back: the drachmas the
  line's sales earned so far at most the image's income, which sells its whole cargo at each stop
  at Thera, R-FREE-1); the Loads' colours against the pools themselves (`Money.early`,
  `Money.pools`); the next placement (`next_takes`: the engine's take by colour among them, its
  cubes beyond turn 1's market at most turn 1's sales of the colour, `beyond`; at most `laid`
  cubes on each island and only on the new tile's islands, R-TILE-2); and the image's mask keeps
  the final board to the end. `--blind`: the image of the search's first tier (`blind_first`:
  sales colour-blind, Loads taking as many as they can). A miss is a reading below the line: the
  relaxation would not hold this real line, unless the image chose badly where the search tries
  several ways (a miss is to be read by hand; a pass shows an image within every reading).
  `--split-sale` (reach_split.py's `SPLIT_SALE` on): a stop at Thera while turn 1 may go on takes
  the split sale's child of the line's case (tools/check_two_cube_image.py's `thera_case`,
  `Image.split`): turn 1's sale on today's market, a hold (the cubes the line keeps aboard, no
  other sale at the stop) or turn 2's sale with every leg away capped at turn 2's own actions.
  `--split-sold` (with the split; reach_split.py's `SPLIT_SOLD`, session 92): the cubes a turn-1
  sale of the split sells are carried as turn 1's (`sold_taken`), and every later reading of the
  image prices each colour from `M(max(e_c, x_c))`.

    PYTHONPATH=TREE .venv/bin/python tools/check_two_cube_readings.py --seed 4 --turn 24 --seat north
"""

from __future__ import annotations

import argparse
import heapq
import random
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from check_two_cube_image import Groups, Miss, image

from akrotiri_puzzles.actions import Load, Unload
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_first_stops, reach_split, reach_two
from akrotiri_puzzles.board import Board
from akrotiri_puzzles.geometry import Quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Puzzle, State, moves, play
from akrotiri_puzzles.rules import step_options

# -- legs: the engine's least points against turn_one_legs and legs_on ---------------------------


def engine_points(pos: Position, boards: list[Board], sources: list[str]) -> dict[tuple[int, str], int]:
    """The engine's least movement points from any of `sources` (docks, on `boards[0]`) to each
    (board index, dock): its steps on `boards[i]` (`step_options`, R-MOVE-1), 1 point each, 2
    leaving the other boat's dock, where no stop is made (R-MOVE-3, as `step_budget` spends them);
    where the boat is not passing that dock, the board may change to the next one (turn 1 ends
    and the next tile is placed, R-TURN-1, R-TILE-1)."""
    occupied = pos.seat(pos.other).boat
    out: dict[tuple[int, str], int] = {}
    heap: list[tuple[int, int, str]] = [(0, 0, d) for d in sources]
    seen: set[tuple[int, str]] = set()
    while heap:
        n, i, dock = heapq.heappop(heap)
        if (i, dock) in seen:
            continue
        seen.add((i, dock))
        passing = dock == occupied
        if not passing:
            out.setdefault((i, dock), n)
            if i + 1 < len(boards):
                heapq.heappush(heap, (n, i + 1, dock))
        cost = 2 if passing else 1
        for a in step_options(boards[i], dock):
            heapq.heappush(heap, (n + cost, i, a.dock))
    return out


def legs(groups: Groups, per_group: int, rng: random.Random, seen: Counter[str] | None = None) -> Iterator[Miss]:
    """The leg misses (module doc): from the boat's dock and each island of B1, on B1 alone and on
    B1 then board k, for `per_group` boards of each group at most (a fixed sample)."""
    pos = groups.pos
    b1 = pos.board
    occupied = pos.seat(pos.other).boat
    boat = pos.hero.boat
    assert boat is not None
    on = groups.shared
    seen = Counter() if seen is None else seen
    starts: list[tuple[str | Quad, list[str]]] = [(boat, [boat])]
    for isl, docks in sorted(b1.docks_of_island.items()):
        starts.append((isl, [d for d in docks if d != occupied]))
    for src, docks in starts:
        if not docks:
            continue
        alone = engine_points(pos, [b1], docks)
        read = on.turn_one_legs(src)
        for isl, ds in b1.docks_of_island.items():
            near = [alone[(0, d)] for d in ds if (0, d) in alone and d != occupied]
            if near and read.get(isl, 99) > min(near):
                yield Miss("turn_one_legs", f"{src} -> {isl}", min(near), read.get(isl, 99))
    for g in range(len(groups.finals)):
        r = groups.relaxed(g)
        ks = list(range(1, len(r.boards)))
        rng.shuffle(ks)
        for k in sorted(ks[:per_group]):
            bk = r.boards[k]
            spots_on_k: dict[Quad, list[int]] = {}
            for s, ms in enumerate(r.members):
                for j, isl in ms:
                    if j == k:
                        spots_on_k.setdefault(isl, []).append(s)
            for src, docks in starts:
                at: str | int = src if isinstance(src, str) else r.spot_of[src]
                both = engine_points(pos, [b1, bk], docks)
                reads = [("legs_on", r.legs_on(at, k)), ("moves", r._legs(at)[1])]
                if not isinstance(at, str):
                    # A marked stop (reach_first_stops.py, M2): from the island's docks on B1 only,
                    # which `docks` are (the engine's points start there).
                    reads += [("legs_on marked", r.legs_on(~at, k)), ("moves marked", r._legs(~at)[1])]
                for isl, ds in bk.docks_of_island.items():
                    near = [both[(1, d)] for d in ds if (1, d) in both and d != occupied]
                    if not near:
                        continue
                    for s in spots_on_k.get(isl, []):
                        for kind, got in reads:
                            seen[f"legs read: {kind}"] += 1
                            if got.get(s, 99) > min(near):
                                yield Miss(kind, f"g{g} k{k} {src} -> {isl} (spot {s})", min(near), got.get(s, 99))


# -- lines: random walks through the engine -----------------------------------------------------


def walk(
    puzzle: Puzzle, pos: Position, rng: random.Random, cap: int, unloads: bool, away: float = 0.0
) -> list[tuple[State, Any]]:
    """A random line of both turns (at most `cap` actions): at each step an action kind (its class)
    drawn evenly among those legal, then one of them; Unload only with `unloads`. With cubes
    aboard, most steps (`HOME`) go nearer Thera and most stops there sell (so that sales, the
    readings of reach_money.py, are read often). Ends where no action is left (turn 2's end is
    not one: the horizon, `moves`)."""
    state = State(pos)
    out: list[tuple[State, Any]] = []
    home: dict[int, dict[str, int]] = {}
    while len(out) < cap:
        p = state.pos
        acts = [a for a in moves(puzzle, state) if unloads or not isinstance(a, Unload)]
        if not acts:
            break
        by: dict[str, list[Any]] = {}
        for a in acts:
            by.setdefault(type(a).__name__, []).append(a)
        a = rng.choice(by[rng.choice(sorted(by))])
        if away and state.turn == 1 and rng.random() < away:
            # `away`: turn 1 makes stops away from Thera (a Load, an excavation), stepping there
            # first, so that the legs of turn 1 and the stops they mark (reach_first_stops.py)
            # are read often.
            stay = [x for kind in ("Load", "Excavate") for x in by.get(kind, ())]
            if stay:
                a = rng.choice(stay)
            elif "Step" in by:
                a = rng.choice(by["Step"])
        elif p.hero.cargo and rng.random() < HOME:
            if "Sell" in by:
                a = rng.choice(by["Sell"])
            elif "Step" in by:
                board = p.board
                if id(board) not in home:
                    got = engine_points(p, [board], [d for d in board.thera_docks if d != p.seat(p.other).boat])
                    home[id(board)] = {d: n for (_, d), n in got.items()}
                near = home[id(board)]
                here = near.get(p.hero.boat or "", 99)
                closer = [x for x in by["Step"] if near.get(x.dock, 99) < here]
                if closer:
                    a = rng.choice(closer)
        out.append((state, a))
        state = play(puzzle, state, a)
        if state.turn > 2:
            break
    out.append((state, None))
    return out


HOME = 0.7
"""How often a walk with cubes aboard steps nearer Thera, or sells there (`walk`)."""


def check(
    pos: Position,
    rng: random.Random,
    walks: int,
    per_group: int,
    seen: Counter[str],
    unloads: bool = False,
    blind: bool = False,
    away: float = 0.0,
) -> Iterator[Miss]:
    """The misses of `pos` (module doc): the legs of `per_group` boards of each group, then
    `walks` random lines (with Unloads where `unloads`; the image of the colour-blind search,
    `blind`; turn 1's stops away from Thera taken with probability `away`, `walk`); `seen` counts
    what was read."""
    groups = Groups(pos, blind)
    for m in legs(groups, per_group, rng, seen):
        seen["leg misses"] += 1
        yield m
    puzzle = two_turn_puzzle(pos)
    for _ in range(walks):
        line = walk(puzzle, pos, rng, 60, unloads, away)
        kinds = Counter(type(a).__name__ for s, a in line[:-1])
        seen["lines"] += 1
        seen["turn 2"] += any(s.turn == 2 for s, _ in line)
        for kind in ("Load", "Sell", "Excavate", "Step", "Buy", "Unload"):
            seen[kind] += kinds[kind]
        seen["turn-2 Load"] += sum(1 for s, a in line[:-1] if s.turn == 2 and isinstance(a, Load))
        yield from image(groups, line, seen)


def children(
    seed: int, edition: int, turn: int, seat: str, every: int, placement: str | None = None
) -> list[tuple[str, Position]]:
    """The first placement of every `every`-th group of the seeded greedy game's turn, or the
    placement `placement` (tools/check_two_goal_readings.py's `children`)."""
    from check_two_goal_readings import children as goal_children

    return goal_children(seed, edition, turn, seat, placement, every)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, nargs="+", required=True)
    ap.add_argument("--turn", type=int, nargs="+", required=True)
    ap.add_argument("--seat", default="south", choices=("south", "north"))
    ap.add_argument("--edition", type=int, default=2016, choices=(2016, 2014))
    ap.add_argument("--every", type=int, default=8, help="one placement of every N-th group")
    ap.add_argument("--placement", default=None, help="this placement only (notation)")
    ap.add_argument("--walks", type=int, default=300)
    ap.add_argument("--boards", type=int, default=4, help="final boards a group whose legs are read")
    ap.add_argument("--unloads", action="store_true", help="the lines make Unloads (R-FREE-2)")
    ap.add_argument("--blind", action="store_true", help="the image of the colour-blind search (money off)")
    ap.add_argument("--split-sale", action="store_true", help="reach_split.SPLIT_SALE on (the image splits too)")
    ap.add_argument("--split-sold", action="store_true", help="reach_split.SPLIT_SOLD on too (turn 1's sales carried)")
    ap.add_argument("--away", type=float, default=0.0, help="turn 1 steps to and makes Loads, excavations")
    ap.add_argument("--first-stops", action="store_true", help="reach_first_stops.FIRST_STOPS on (the image marks)")
    ap.add_argument("--no-first-stops", action="store_true", help="reach_first_stops.FIRST_STOPS off")
    args = ap.parse_args()
    reach_split.SPLIT_SALE = args.split_sale or args.split_sold
    reach_split.SPLIT_SOLD = args.split_sold
    if args.first_stops or args.no_first_stops:
        reach_first_stops.FIRST_STOPS = args.first_stops
    total = 0
    seen: Counter[str] = Counter()
    for seed in args.seed:
        for turn in args.turn:
            for name, child in children(seed, args.edition, turn, args.seat, args.every, args.placement):
                if reach_two.slot_groups(child) is None:
                    print(f"s{seed}t{turn} {args.seat} {name}: the relaxation does not apply", flush=True)
                    continue
                rng = random.Random(f"{seed}/{turn}/{name}")
                misses = list(check(child, rng, args.walks, args.boards, seen, args.unloads, args.blind, args.away))
                total += len(misses)
                seen["positions"] += 1
                print(f"s{seed}t{turn} {args.seat} {name}: {len(misses)} misses", flush=True)
                for m in misses[:10]:
                    print("   ", m, flush=True)
    print("read:", ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    print("total misses", total)


if __name__ == "__main__":
    main()
