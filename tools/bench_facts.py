"""CPU seconds of reading one bound's facts: every scenario of a puzzle, as `solve` reads them.

    python tools/bench_facts.py PUZZLE.yaml BOUND [--scenarios N] [--timed] [--no-relax]

A fixed amount of work, unlike `solve(time_limit=...)`, whose wall-clock limit gives a loaded
machine's puzzles less CPU: before/after comparisons of the fact reader run this in each
checkout. The reader is set up as `solve` sets it for a two-turn search up to the horizon
(`exact_steps` of the budget's most actions), and `build_facts` reads the bound. With
`--scenarios N`, a fixed random sample of N scenarios is read. With `--timed`, the CPU spent
in the main parts of the read (outermost calls only) is printed too: unlike cProfile, which
triples the cost of code made of many small calls, this adds little.

With `--no-relax`, every scenario is read (no optimistic view per turn-1 placement and turn-2
slot drops any first: solver/relax.py).

Prints one JSON line: puzzle, bound, scenarios, classes, `kept` (scenarios read, not dropped by a view),
CPU seconds (and the parts).
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from akrotiri_puzzles import load_components
from akrotiri_puzzles.errors import AkrotiriError
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver import boardview, facts, gather
from akrotiri_puzzles.solver.budget import budget, max_steps, playable_cards

PARTS = {
    facts.FactReader: ("read", "views", "_legs", "_record", "_temples_bound", "relaxed_kept"),
    boardview.BoardView: ("fitting", "steps_from", "extend", "with_icon"),
}


def _timed(spent: dict[str, float], label: str, f: Callable[..., Any]) -> Callable[..., Any]:
    """`f`, adding the CPU of its outermost calls to spent[label]."""
    inside = [False]

    @functools.wraps(f)
    def g(*args: Any, **kwargs: Any) -> Any:
        if inside[0]:
            return f(*args, **kwargs)
        inside[0] = True
        t = time.process_time()
        try:
            return f(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.process_time() - t
            inside[0] = False

    return g


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzle", type=Path)
    parser.add_argument("bound", type=int)
    parser.add_argument("--scenarios", type=int, default=None, help="read a fixed random sample of this many")
    parser.add_argument("--timed", action="store_true", help="also print the CPU of the read's main parts")
    parser.add_argument(
        "--no-relax",
        action="store_true",
        help="read every scenario: no optimistic views per turn-2 slot (solver/relax.py)",
    )
    args = parser.parse_args()
    spent: dict[str, float] = {}
    if args.timed:
        for cls, names in PARTS.items():
            for name in names:
                if hasattr(cls, name):
                    setattr(cls, name, _timed(spent, name, getattr(cls, name)))
        gather.tables = _timed(spent, "tables", gather.tables)  # type: ignore[attr-defined]
    facts.RELAX = not args.no_relax
    try:
        puzzle = load_puzzle(args.puzzle, load_components())
    except AkrotiriError as exc:
        parser.error(str(exc))
    reader = facts.FactReader(puzzle)
    scens = reader.scenarios()
    if args.scenarios is not None:
        scens = random.Random(1).sample(scens, min(args.scenarios, len(scens)))
        reader._scenarios = scens
    reader.exact_steps = max_steps(puzzle, budget(puzzle).most)
    t = time.process_time()
    found = gather.build_facts(reader, args.bound, max_steps(puzzle, args.bound), playable_cards(puzzle, args.bound))
    cpu = time.process_time() - t
    out = {"puzzle": args.puzzle.stem, "bound": args.bound, "scenarios": len(scens), "classes": len(found.scenarios)}
    out["kept"] = len(reader._lower)
    out["cpu"] = round(cpu, 2)
    out.update({k: round(v, 2) for k, v in sorted(spent.items(), key=lambda kv: -kv[1])})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
