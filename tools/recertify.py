"""Give published puzzles their premise and prove their certificates again under it (issue 29).

    python tools/recertify.py [FILE ...] [--write] [--no-grade]

The puzzles of puzzles/ (p01..p10, generated/, endgames/) were found with every pile known.
Each gets the premise of generator/reveal.py's kind under which its answer stays an answer:
every map deck revealed as deep as the answer buys into any deck (so the premise does not point
at the deck), the land pile until every icon if the answer asks the oracle, the tile drawn at
the end of turn 1 of a two-turn puzzle, and every goal draw a line can meet before the goal.
Then every claim is proven again under that premise, by the solver the generator uses:

- a temple goal: `solve(unique="strict")` (the optimum, N-1 infeasible, unique, strict), and
  for a graded puzzle the grade again (the ladder, the placement, the techniques necessary);
- a score goal (an endgame puzzle): `endgame_puzzle.certify` on the position the premise
  states (`premise.stated_position`): the best score, one more unreachable, unique.

Each claim is compared with the file's; a puzzle whose claims all hold is written back (with
`--write`) with its premise, in the file order that puts the answer last. A grade is evidence
proven under the premise: when its level holds but a technique's optimum without it changed
(a line that relied on a hidden draw is gone), the new grade is written and said. A claim that
changed otherwise is printed and the file is left alone. Prints one line per puzzle and the
seconds it took.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from akrotiri_puzzles import load_components
from akrotiri_puzzles.components import Components
from akrotiri_puzzles.files.puzzle_yaml import puzzle_from_data, save_puzzle
from akrotiri_puzzles.generator.reveal import answer_reveal
from akrotiri_puzzles.notation import parse_action
from akrotiri_puzzles.premise import stated_position
from akrotiri_puzzles.puzzle import Puzzle, replay, validate

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = [
    *sorted((ROOT / "puzzles").glob("p*.yaml")),
    *sorted((ROOT / "puzzles" / "generated").glob("*.yaml")),
    *sorted((ROOT / "puzzles" / "endgames").glob("*.yaml")),
]


def with_premise(data: dict[str, Any], source: str, comps: Components) -> Puzzle:
    """The puzzle of a file read as it was (its answer found with every pile known), with the
    premise its answer needs (see the module docstring)."""
    data = dict(data)
    data.pop("revealed", None)
    solution = data.pop("solution", None)
    bare = puzzle_from_data(data, source, comps, Path(source).parent, playable=False)
    line = tuple(parse_action(a) for a in (solution or []))
    revealed = answer_reveal(line).of(bare.start, bare.turns, bare.goal)
    return validate(replace(bare, solution=line or None, revealed=revealed), source)


def temple_claims(puzzle: Puzzle) -> tuple[list[str], Puzzle]:
    """What differs between the file's certificate and a proof under its premise, and the
    puzzle with its grade proven again: a grade whose evidence changed (a technique's optimum
    without it) at the same level is the puzzle's grade now; another level is a difference."""
    from akrotiri_puzzles.generator.grade import grade, placement_needed
    from akrotiri_puzzles.generator.ladder import ladder
    from akrotiri_puzzles.solver import solve

    c = puzzle.certificate
    assert c is not None and puzzle.solution is not None
    result = solve(puzzle, unique="strict" if c.strict is not None else True)
    found = {
        "optimum": result.optimum,
        "status": result.status,
        "below_optimum": result.below_optimum,
        "unique": result.unique,
    }
    if c.strict is not None:
        found["strict"] = result.strict
    diffs = [f"{k}: file {getattr(c, k)!r}, now {v!r}" for k, v in found.items() if getattr(c, k) != v]
    played = replay(puzzle, puzzle.solution)
    if not played.reached or played.illegal_at is not None or played.cost != c.optimum:
        diffs.append(f"solution: {played.reason or 'does not reach the goal at the optimum'}")
    if puzzle.grade is not None and not diffs and result.optimum is not None:
        costs = ladder(puzzle)
        graded = grade(puzzle, result.optimum, result.line, costs, placement_needed(puzzle, result.optimum))
        if graded.level != puzzle.grade.level:
            diffs.append(f"grade: file {puzzle.grade}, now {graded}")
        elif graded != puzzle.grade:
            print(f"{puzzle.id}: the grade's evidence changed: file {puzzle.grade}, now {graded}", flush=True)
            puzzle = replace(puzzle, grade=graded)
    return diffs, puzzle


def score_claims(puzzle: Puzzle) -> list[str]:
    """What differs between an endgame puzzle's certificate and a proof under its premise."""
    from akrotiri_puzzles.analysis.endgame_puzzle import certify

    c = puzzle.certificate
    assert c is not None and puzzle.solution is not None
    found = certify(stated_position(puzzle.start, puzzle.revealed))
    if found is None:
        return ["the best score is not proven"]
    diffs = []
    if found.score != c.optimum:
        diffs.append(f"optimum: file {c.optimum}, now {found.score}")
    if found.unique != c.unique:
        diffs.append(f"unique: file {c.unique}, now {found.unique}")
    return diffs


def main() -> int:
    """Recertify the files named (default: the published puzzles)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--write", action="store_true", help="Write back each puzzle whose claims all hold.")
    args = parser.parse_args()
    comps = load_components()
    failed = 0
    for path in args.files or DEFAULT:
        started = time.perf_counter()
        data = yaml.safe_load(path.read_text())
        puzzle = with_premise(data, str(path), comps)
        if puzzle.goal.score is not None:
            diffs = score_claims(puzzle)
        else:
            diffs, puzzle = temple_claims(puzzle)
        seconds = time.perf_counter() - started
        premise = "; ".join(puzzle.revealed.describe(comps)) or "nothing revealed"
        if diffs:
            failed += 1
            print(f"{path.name}: CHANGED ({seconds:.1f} s): {' | '.join(diffs)}", flush=True)
            continue
        if args.write:
            save_puzzle(puzzle, path)
        print(f"{path.name}: holds ({seconds:.1f} s); premise: {premise}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
