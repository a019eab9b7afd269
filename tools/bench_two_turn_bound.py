"""Measure the two-turn bound (generator/two_turn_bound.py): what it drops and what that saves.

    python tools/bench_two_turn_bound.py --level hard --seed 101 --tasks 10 [--drawn-site] [--goal two-temples]

Draws the candidates of tasks 0 to N-1 of `generate --difficulty LEVEL --turns 2 --seed S` (as
`attempt` does) and, for each, times the bound (CPU seconds). Every candidate the bound drops
is then proven to have no line with the solves the generator would have spent on it (the idle
line, then the two-turn solve under the level's ceiling): a line found there is a bug in the
bound and stops the run. Prints the candidates, those dropped, the bound's CPU and the solves'
CPU it saves. One worker, one process.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from akrotiri_puzzles import load_components
from akrotiri_puzzles.generator.candidates import ANY_GOAL, candidates, recipe_for
from akrotiri_puzzles.generator.generate import LONGEST
from akrotiri_puzzles.generator.idle_turn import idle_first_turn
from akrotiri_puzzles.generator.two_turn_bound import out_of_reach
from akrotiri_puzzles.solver import solve
from akrotiri_puzzles.solver.budget import budget


def main() -> None:
    """Run the tasks' candidates through the bound and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--tasks", type=int, default=10)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--goal", choices=("temple", "map-card", "two-temples"))
    parser.add_argument("--drawn-site", action="store_true")
    parser.add_argument("--no-check", action="store_true", help="Time the bound only, no solve.")
    args = parser.parse_args()
    comps = load_components()
    seen = dropped = 0
    bound_cpu = saved = 0.0
    for index in range(args.first, args.first + args.tasks):
        rng = random.Random(f"akrotiri-generate {args.seed} {index}")
        recipe = recipe_for(args.level, rng, 2, args.goal, None, None)
        if args.drawn_site:
            recipe = replace(recipe, drawn=True, goal=args.goal or ANY_GOAL)
        game_seed = rng.randrange(2**31)
        for puzzle in candidates(comps, game_seed, recipe, rng):
            seen += 1
            t = time.process_time()
            out = out_of_reach(puzzle)
            bound_cpu += time.process_time() - t
            if not out:
                continue
            dropped += 1
            if args.no_check:
                continue
            t = time.process_time()
            idle = idle_first_turn(puzzle, 0)
            if idle.optimum is not None:
                raise SystemExit(f"task {index}: the bound dropped a candidate whose idle line takes {idle.optimum}")
            most = budget(puzzle).most
            found = solve(puzzle, most=min(LONGEST[args.level], most))
            if found.optimum is not None:
                raise SystemExit(f"task {index}: the bound dropped a candidate with a line of {found.optimum}")
            cost = time.process_time() - t
            saved += cost
            print(f"  task {index}: {puzzle.goal} dropped, its solves {cost:.2f} s", flush=True)
    print(f"{args.level}, seed {args.seed}, tasks {args.first} to {args.first + args.tasks - 1}: {seen} candidates")
    print(f"  dropped by the bound: {dropped}, the bound's CPU {bound_cpu:.2f} s in all")
    if not args.no_check:
        print(f"  the solves they would have cost (each proven to find no line): {saved:.2f} s")


if __name__ == "__main__":
    main()
