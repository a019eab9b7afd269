"""A thin group's one-turn question (`reach_below.Below.every`, what the placement search asks of
each group of a turn's placements whose two-turn cover is not claimed) for some groups of a seeded
greedy game's turn, each mode in turn with a fresh `Below`: CPU s per group and in all (session 64).

Modes: 1 with reach_ceiling's `LEAD` (the Move action before the first excavation below a stop;
`STAY` as set, on by default, acts only with it), 0 without either (as before session 64).
Alternate them (`--modes 1001`) to read a ratio in one window. `--toggle MEMO`: the modes set
reach_ceiling's `MEMO` instead (the ceiling's answers kept by its arguments, session 65; `LEAD`
as set); `--toggle LEGS_BY_BOARD`: reach_board_legs' flag (a group's legs by board, session 66);
`--toggle CELLS`: reach_goal_cells' flag (a mask's goal cards read on one board of each cell, session 68).

    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python tools/bench_thin_groups.py \
        --seed 2 --turn 13 --seat south --ask 25 --groups 1 2 3 --modes 1001
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import group_options, the_groups

from akrotiri_puzzles.analysis.reach import reach_below, reach_board_legs, reach_ceiling, reach_goal_cells


def main() -> None:
    ap = argparse.ArgumentParser()
    group_options(ap)
    ap.add_argument("--modes", default="10")
    ap.add_argument(
        "--toggle", choices=["LEAD", "MEMO", "LEGS_BY_BOARD", "CELLS"], default="LEAD", help="the flag the modes set"
    )
    args = ap.parse_args()
    found = the_groups(ap, args)
    for mode in args.modes:
        module = {"LEGS_BY_BOARD": reach_board_legs, "CELLS": reach_goal_cells}.get(args.toggle, reach_ceiling)
        setattr(module, args.toggle, mode == "1")
        below = reach_below.Below()
        t0 = time.process_time()
        outs = []
        for g in args.groups:
            t = time.process_time()
            yes = below.every([c for _, c in found[g]], args.ask)
            outs.append(f"{g}: {'below' if yes else 'not below'} {time.process_time() - t:.2f}")
        print(
            f"{args.toggle} {getattr(module, args.toggle)}: {'; '.join(outs)}; total {time.process_time() - t0:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
