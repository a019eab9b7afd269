"""The cost of the two-turn proof that turn 1 matters (generator/idle_turn.py), from the placement.

    python tools/bench_idle_turn.py [PUZZLE] [--no-ceiling]

Makes the one-turn puzzle PUZZLE (default: puzzles/generated/hard-s31-place-00006.yaml, which
starts before the placement) a two-turn puzzle with the next land tile revealed, and proves
`idle_first_turn` for it with an optimum of 1 (so no rest stops the proof early): every
placement of turn 1 is looked at (with --rests N, only the first N). Prints the rests, the proof and the CPU seconds. With
--no-ceiling, each rest is solved in full (the proof before the ceiling), for a before/after.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.generator import idle_turn
from akrotiri_puzzles.premise import Revealed
from akrotiri_puzzles.solver import solve

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "puzzles" / "generated" / "hard-s31-place-00006.yaml"


def main(argv: list[str] | None = None) -> int:
    """Print the proof's rests, result and CPU seconds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--no-ceiling", action="store_true", help="solve every rest in full")
    parser.add_argument("--rests", type=int, default=None, help="look at only the first N rests (a sample)")
    args = parser.parse_args(argv)
    p = load_puzzle(args.puzzle, load_components())
    two = replace(p, turns=2, solution=None, certificate=None, grade=None, revealed=Revealed(p.start.land_pile[:1]))
    rests = idle_turn.idle_rests(two)[: args.rests]
    began = time.process_time()
    if args.no_ceiling:
        found = [solve(r).optimum for r in rests]
        proof = min((o for o in found if o is not None), default=None)
    else:
        proof = idle_turn.idle_first_turn(two, 1, rests=rests).optimum
    seconds = time.process_time() - began
    print(f"{p.id} as two turns: {len(rests)} idle turn-1 rests, best {proof}, {seconds:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
