"""Benchmark of the two-turn score model (analysis/board_solve.best_two_turns).

Positions: per seeded greedy game, edition and seat, the first turn-1 action phase after game
turn `--after` with `--acts` actions left (the boat not passing). Per position: the classes of
the facts (one per final board), the scenarios read, the docks, the CPU seconds
(`time.process_time`) of reading the facts, of building the model and of solving it (one
worker, `TWO_TURNS_TUNING`), the status and the value. A solve stopped by `--limit` (CP-SAT's
time limit, seconds) reports FEASIBLE with its bound, or UNKNOWN. Prints a Markdown table.

    .venv/bin/python tools/bench_two_turns.py --seeds 1 2 3 4 5 --acts 3 --limit 120
"""

from __future__ import annotations

import argparse
import time

from akrotiri_puzzles import load_components
from akrotiri_puzzles.analysis.board_solve import TWO_TURNS_TUNING, TwoTurns, primary_bound, solve_model
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver.deadline import Deadline, TimeUp


def positions(seed: int, edition: int, acts: int, after: int) -> list[Position]:
    seen: list[Position] = []
    play_game(load_components(), seed, edition, bots=("greedy", "greedy"), check=False, on_position=seen.append)
    out: dict[str, Position] = {}
    for p in seen:
        if p.phase == "act" and not p.passing and p.actions_left == acts and p.turn > after:
            out.setdefault(p.to_move, p)
    return [out[s] for s in sorted(out)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--editions", type=int, nargs="+", default=[2016])
    ap.add_argument("--acts", type=int, default=3)
    ap.add_argument("--after", type=int, default=4)
    ap.add_argument("--objective", default="score")
    ap.add_argument("--limit", type=float, default=120.0)
    ap.add_argument("--most", type=int, default=10)
    args = ap.parse_args()
    print(
        "| seed | ed. | seat | turn | temples | classes | scenarios | docks | facts s | build s | solve s | status | value | bound |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    done = 0
    for seed in args.seeds:
        for edition in args.editions:
            for pos in positions(seed, edition, args.acts, args.after):
                if done >= args.most:
                    return
                done += 1
                t0 = time.process_time()
                two = TwoTurns(pos, args.objective, Deadline(None))
                t1 = time.process_time()
                model = two.fresh()
                t2 = time.process_time()
                try:
                    status, solver = solve_model(model, Deadline(args.limit), 1, TWO_TURNS_TUNING)
                    value: object = int(solver.value(model.primary))
                    bound: object = primary_bound(model, solver)
                except TimeUp:
                    status, value, bound = "UNKNOWN", "-", "-"
                t3 = time.process_time()
                f = two.facts
                print(
                    f"| {seed} | {edition} | {pos.to_move} | {pos.turn} | {len(pos.hero.temples)} | {len(f.scenarios)} "
                    f"| {f.enumerated} | {len(f.docks)} | {t1 - t0:.2f} | {t2 - t1:.2f} | {t3 - t2:.2f} | {status} "
                    f"| {value} | {bound} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
