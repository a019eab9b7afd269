"""Record the themes, and a two-turn puzzle's proof that turn 1 matters, in existing puzzle files (issue 30).

    python tools/add_themes.py [FILE ...] [--write] [--no-idle]

Puzzle files made before themes were recorded have no `certificate.themes` (every command
computes them when asked, akrotiri_puzzles/themes.py). For each file given (default: the graded
collection, puzzles/generated/*.yaml) that has a certificate, this computes its themes and, for
a two-turn puzzle (unless --no-idle), proves whether a line that takes no action in turn 1 does
as well (generator/idle_turn.py). It prints one line per file: the themes, the proof, and
whether the file would change. With --write, each file is written back (in the order the file
writer uses now: the answer last) with its themes and, when turn 1 matters, the proof; a
degenerate two-turn puzzle is said as such and gets its themes only: it is to be replaced
(generate drops such candidates now), not certified.
Exit status 1 when a degenerate two-turn puzzle was found.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.files.puzzle_yaml import dumps_puzzle, load_puzzle, save_puzzle
from akrotiri_puzzles.generator.idle_turn import idle_first_turn, matters
from akrotiri_puzzles.themes import themes

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = sorted((ROOT / "puzzles" / "generated").glob("*.yaml"))


def main(argv: list[str] | None = None) -> int:
    """Print (and with --write, record) each file's themes and idle-turn proof; 1 if one is degenerate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--write", action="store_true", help="write the files back with what was computed")
    parser.add_argument("--no-idle", action="store_true", help="do not prove two-turn puzzles' turn 1 (themes only)")
    args = parser.parse_args(argv)
    comps = load_components()
    degenerate = 0
    for path in args.files or DEFAULT:
        began = time.process_time()
        p = load_puzzle(path, comps)
        c = p.certificate
        if c is None or p.optimum is None:
            print(f"{path.name}: no certificate, left alone")
            continue
        cert = replace(c, themes=themes(p))
        said = f"themes {', '.join(cert.themes or ()) or 'none'}"
        if p.turns == 2 and not args.no_idle:
            proof = idle_first_turn(p, p.optimum)
            best = "no line" if proof.optimum is None else f"{proof.optimum} actions"
            if matters(proof, p.optimum):
                cert = replace(cert, idle_first_turn=proof)
                said += f"; turn 1 matters (idle turn 1: {best}, optimum {p.optimum})"
            else:
                degenerate += 1
                said += f"; DEGENERATE: with no action in turn 1, {best} (optimum {p.optimum}): to be replaced"
        new = replace(p, certificate=cert)
        changed = dumps_puzzle(new) != path.read_text(encoding="utf-8")
        if args.write and changed:
            save_puzzle(new, path)
        verb = ("written" if args.write else "would change") if changed else "unchanged"
        print(f"{path.name}: {said}; {verb} ({time.process_time() - began:.1f} s CPU)", flush=True)
    return 1 if degenerate else 0


if __name__ == "__main__":
    sys.exit(main())
