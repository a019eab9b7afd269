"""How many one-turn puzzles, made two-turn, have a first turn that matters (generator/idle_turn.py).

    python tools/two_turn_survey.py [--two-temples] FILE ...

Each one-turn puzzle of the action phase given is made a two-turn puzzle (the next land tile
revealed; with --two-temples, the goal asks two temples), solved, and its idle-turn proof
computed. Prints one line per file: the actions of its turn, the one-turn optimum, the
two-turn optimum, the proof and the CPU seconds; a file that cannot be made so says why.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.generator.idle_turn import idle_first_turn, matters
from akrotiri_puzzles.premise import Revealed
from akrotiri_puzzles.solver import solve


def main(argv: list[str] | None = None) -> int:
    """Print each file's two-turn optimum and idle-turn proof."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--two-temples", action="store_true", help="ask two temples instead of the file's goal")
    args = parser.parse_args(argv)
    comps = load_components()
    for path in args.files:
        p = load_puzzle(path, comps)
        if p.turns != 1 or p.start.phase != "act":
            continue
        goal = replace(p.goal, temples=2) if args.two_temples else p.goal
        revealed = Revealed(land=p.start.land_pile[:1], maps=p.revealed.maps, goals=p.revealed.goals)
        two = replace(
            p, goal=goal, turns=2, solution=None, certificate=None, grade=None, optimum=None, revealed=revealed
        )
        problem = two.check_start()
        if problem is not None:
            print(f"{path.name}: cannot be made two-turn: {problem}")
            continue
        began = time.process_time()
        r = solve(two)
        if r.optimum is None:
            print(f"{path.name}: no two-turn line ({r.status})")
            continue
        proof = idle_first_turn(two, r.optimum)
        verdict = "turn 1 matters" if matters(proof, r.optimum) else "degenerate"
        print(
            f"{path.name}: {p.start.actions_left} actions, one-turn optimum {p.optimum}, two-turn {r.optimum}; "
            f"idle turn 1: {proof.status} {proof.optimum if proof.optimum is not None else ''}; {verdict} "
            f"({time.process_time() - began:.1f} s CPU)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
