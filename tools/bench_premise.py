"""The exhaustive search over the small corpus's first 120 puzzles, from a checkout's tree.

    python tools/bench_premise.py ROOT [--count 120]

ROOT holds `akrotiri_puzzles/` and `tests/data/puzzles/small/` (this checkout, or main's
exported with `git archive`); prints the states played. docs/benchmarks.md ("The premise on
the search's hot path") times it for main against the branch with farm-bench --vs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main() -> None:
    """Search each puzzle; print the states played in all."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path, help="a checkout's tree (akrotiri_puzzles/ and tests/data/puzzles/small/)")
    ap.add_argument("--count", type=int, default=120, help="the first COUNT puzzles of the small corpus")
    args = ap.parse_args()
    root = args.root.resolve()
    small = root / "tests" / "data" / "puzzles" / "small"
    if not small.is_dir():
        ap.error(f"{args.root}: no tests/data/puzzles/small/ there (give a checkout's tree)")
    if args.count < 1:
        ap.error(f"--count: expected 1 or more, not {args.count}")
    sys.path.insert(0, str(root))
    from akrotiri_puzzles import load_components
    from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
    from akrotiri_puzzles.solver.exhaustive import search

    comps = load_components()
    nodes = 0
    for path in sorted(small.glob("*.yaml"))[: args.count]:
        nodes += search(load_puzzle(path, comps)).nodes
    print(nodes)


if __name__ == "__main__":
    main()
