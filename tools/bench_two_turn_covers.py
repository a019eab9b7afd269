"""Where `analyse --turns 2` from a tile placement spends its time, group by group.

For the position before the seat's tile placement at game turn `--turn` of a seeded greedy game
(as tools/bench_two_turns_place.py draws it), each slot-and-rotation group's cover
(analysis/placement.py) is built and solved as the placement search asks it: its two-turn facts
and model (analysis/board_solve.TwoTurns), the question "a line worth at least `--ask`?" (the
best so far plus one), and, to see how far below that each cover lies, its own optimum. The
model-free one-turn bound of the cover (analysis/reach/reach_bound.score_bound) is printed beside it.
CPU seconds (`time.process_time`), one worker. Prints a Markdown table and the totals.

    .venv/bin/python tools/bench_two_turn_covers.py --seed 1 --edition 2016 --turn 5 --ask 10
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from bench_two_turns_place import positions

from akrotiri_puzzles.analysis import endgame
from akrotiri_puzzles.analysis.board_solve import TWO_TURNS_TUNING, TwoTurns, solve_model
from akrotiri_puzzles.analysis.placement import cover, groups
from akrotiri_puzzles.analysis.reach.reach_bound import score_bound
from akrotiri_puzzles.scoring import seat_score
from akrotiri_puzzles.solver.deadline import Deadline


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--edition", type=int, default=2016)
    ap.add_argument("--seat", default="south")
    ap.add_argument("--turn", type=int, default=5)
    ap.add_argument("--ask", type=int, required=True, help="the value each cover is asked for (best + 1)")
    args = ap.parse_args()
    pos = positions(args.seed, args.edition, args.turn, [args.seat])[0]
    kids = endgame.Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    every = groups(kids)
    print(f"score now {seat_score(pos, pos.to_move).total}, {len(kids)} placements, {len(every)} groups")
    print(f"| group | placements | classes | facts s | model s | asked {args.ask} | s | optimum | s | one-turn bound |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    total = Counter[str]()
    optima = Counter[int]()
    for group in every:
        top = cover([child for _, child in group], 2)
        if top is None:
            print(f"| {group[0][0]} | {len(group)} | no cover |")
            continue
        t0 = time.process_time()
        two = TwoTurns(top, "score", Deadline(None))
        t1 = time.process_time()
        model = two.fresh()
        t2 = time.process_time()
        # The search's question (board_solve.best_two_turns with a floor), then, on a model of
        # its own, the cover's optimum.
        model.m.add(model.primary >= args.ask)
        status, _ = solve_model(model, Deadline(None), 1, TWO_TURNS_TUNING)
        t3 = time.process_time()
        alone = two.fresh()
        t4 = time.process_time()
        status_opt, solver = solve_model(alone, Deadline(None), 1, TWO_TURNS_TUNING)
        value = int(solver.value(alone.primary))
        t5 = time.process_time()
        optima[value] += 1
        for key, spent in (("facts", t1 - t0), ("model", t2 - t1), ("asked", t3 - t2), ("optimum", t5 - t4)):
            total[key] += spent
        print(
            f"| {group[0][0]} | {len(group)} | {len(two.facts.members)} | {t1 - t0:.2f} | {t2 - t1:.2f} "
            f"| {status} | {t3 - t2:.2f} | {value} ({status_opt}) | {t5 - t4:.2f} | {score_bound(top)} |",
            flush=True,
        )
    print("CPU s in all:", {k: round(v, 1) for k, v in total.items()})
    print("cover optima (value: groups):", dict(sorted(optima.items())))


if __name__ == "__main__":
    main()
