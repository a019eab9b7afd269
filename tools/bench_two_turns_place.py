"""Benchmark of `analyse --turns 2` from a turn's tile placement (analysis/endgame.py with
placement.split_placements over two-turn models).

Positions: per seeded greedy game, edition and seat, the position before the seat's tile
placement at game turn `--turn`. Per position: the placements and their slot-and-rotation
groups, the two-turn models solved (`best_two_turns` calls: covers and placements), the CPU
seconds (`time.process_time`, one worker), the wall seconds, the status and the value. Stopped
by `--limit` (seconds, the analyser's time limit): FEASIBLE without a bound, or UNKNOWN.
Prints a Markdown table.

    .venv/bin/python tools/bench_two_turns_place.py --seeds 1 2 3 --editions 2016 2014 --turn 5
"""

from __future__ import annotations

import argparse
import time

from akrotiri_puzzles import load_components
from akrotiri_puzzles.analysis import endgame
from akrotiri_puzzles.analysis.placement import groups
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver.deadline import Deadline


def positions(seed: int, edition: int, turn: int, seats: list[str]) -> list[Position]:
    seen: list[Position] = []
    play_game(load_components(), seed, edition, bots=("greedy", "greedy"), check=False, on_position=seen.append)
    out: dict[str, Position] = {}
    for p in seen:
        if p.phase == "place" and p.turn == turn and p.hero.tile is not None and p.to_move in seats:
            out.setdefault(p.to_move, p)
    return [out[s] for s in sorted(out)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--editions", type=int, nargs="+", default=[2016])
    ap.add_argument("--seats", nargs="+", default=["south"])
    ap.add_argument("--turn", type=int, default=5)
    ap.add_argument("--objective", default="score")
    ap.add_argument("--limit", type=float, default=1800.0)
    args = ap.parse_args()
    solves = [0]
    two_turns = endgame.best_two_turns

    def counted(*a, **k):  # type: ignore[no-untyped-def]
        solves[0] += 1
        return two_turns(*a, **k)

    endgame.best_two_turns = counted  # type: ignore[assignment]
    print("| seed | ed. | seat | turn | placements | groups | models | CPU s | wall s | status | value |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for seed in args.seeds:
        for edition in args.editions:
            for pos in positions(seed, edition, args.turn, args.seats):
                kids = endgame.Run(pos, args.objective, Deadline(None), 1, turns=2).children(pos)
                solves[0] = 0
                t0, w0 = time.process_time(), time.perf_counter()
                a = endgame.analyse(pos, args.objective, turns=2, time_limit=args.limit)
                t1, w1 = time.process_time(), time.perf_counter()
                print(
                    f"| {seed} | {edition} | {pos.to_move} | {pos.turn} | {len(kids)} | {len(groups(kids))} "
                    f"| {solves[0]} | {t1 - t0:.1f} | {w1 - w0:.1f} | {a.status} | {a.value} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
