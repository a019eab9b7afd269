"""Scan seeded games for the second-cube lesson (R-TILE-2) and print what each step keeps.

At every tile placement of the compact greedy bots' games (tools/lesson_search.game) whose turn
has 5 actions or more (lesson_cube.placement_turn), the forced-card goals are listed, then the
goals where the misreading's plan (lesson_cube.misread_goals: CP-SAT, no clock) is shorter
than the real optimum, then whether CP-SAT proves the exercise's answer unique. One line per
find, counts and CPU seconds at the end:

    .venv/bin/python tools/scan_second_cube.py --seeds 1-400 [--narrow] > out/second-cube-scan.log
"""

from __future__ import annotations

import argparse
import time

import lesson_cube
from lesson_cube import forced_card_goals, misread_goals, placement_turn, unique_goal
from lesson_search import game, seed_range

from akrotiri_puzzles import load_components


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=seed_range, default="1-100", help="Seeds of the games, e.g. 1-400.")
    parser.add_argument("--narrow", action="store_true", help='The misreading "the icon\'s island" only.')
    args = parser.parse_args()
    lesson_cube.WIDE = not args.narrow
    comps = load_components()
    counts = {"placements": 0, "with forced goals": 0, "misreading shorter": 0, "unique": 0}
    t0 = time.process_time()
    for seed in args.seeds:
        for line, pos in game(comps, seed):
            if placement_turn(pos) is None:
                continue
            counts["placements"] += 1
            goals = forced_card_goals(pos)
            if not goals:
                continue
            counts["with forced goals"] += 1
            found = misread_goals(pos, goals)
            if not found:
                continue
            counts["misreading shorter"] += 1
            unique = unique_goal(pos, [g for g, _, _ in found])
            counts["unique"] += unique is not None
            for goal, cost, mis in found:
                print(
                    f"seed {seed} action {len(line)} {goal.describe()}: misreading {cost} actions "
                    f"({'; '.join(map(str, mis))}); unique: {goal == unique}",
                    flush=True,
                )
        if seed % 10 == 0:
            print(f"  seed {seed}: {counts}, {time.process_time() - t0:.0f} s CPU", flush=True)
    print(f"seeds {args.seeds.start}-{args.seeds.stop - 1}: {counts}, {time.process_time() - t0:.0f} s CPU", flush=True)


if __name__ == "__main__":
    main()
