"""Find endgame puzzles (a score goal, docs/analysis.md) for puzzles/endgames/e*.yaml.

    python tools/make_endgames.py [--out puzzles/endgames] [--first-seed 300]

Scans the last turns of seeded greedy games for action phases with at most three actions left
where the best line scores more than stopping at once (the puzzle asks for something) and its
answer is unique, one per slot of the plan, and writes each with its best line and certificate
(the best score proven by CP-SAT, one more proven infeasible, the answer proven unique). Every line is replayed and scored by the engine first.
The scan reads every pile; each puzzle then reveals what its answer draws (docs/puzzles.md: its
goal draws, every map deck as deep as it buys), and its certificate is proven again on the
position that premise states (as tools/recertify.py did for e01 to e06).
The same seeds give the same puzzles.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.analysis.corpus import last_turns
from akrotiri_puzzles.analysis.endgame_puzzle import certify, endgame_puzzle
from akrotiri_puzzles.files.puzzle_yaml import save_puzzle
from akrotiri_puzzles.generator.reveal import answer_reveal
from akrotiri_puzzles.premise import stated_position
from akrotiri_puzzles.puzzle import Goal
from akrotiri_puzzles.scoring import seat_score

PLAN = [("south", 2016), ("north", 2016), ("south", 2014), ("north", 2014), ("south", 2016), ("north", 2014)]
"""(seat, edition) of each puzzle, in order."""


def main() -> None:
    """Write the puzzles."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("puzzles") / "endgames")
    ap.add_argument("--first-seed", type=int, default=300)
    args = ap.parse_args()
    comps = load_components()
    seed = args.first_seed
    for number, (seat, edition) in enumerate(PLAN, 1):
        while True:
            seed += 1
            found = None
            for pos in last_turns(comps, seed, edition):
                if pos.to_move == seat and pos.phase == "act" and not pos.passing and 1 <= pos.actions_left <= 3:
                    found = pos
                    break
            if found is None:
                continue
            now = seat_score(found, seat).total
            got = certify(found)
            if got is None or got.score <= now + 1 or got.unique is not True:
                continue
            revealed = answer_reveal(got.line).of(found, 1, Goal(score=got.score))
            stated = certify(stated_position(found, revealed))
            if stated is None or (stated.score, stated.unique) != (got.score, True):
                continue  # never: a premise only takes lines away, and the answer's draws are revealed
            pid = f"e{number:02d}"
            title = f"{seat.capitalize()}, turn {found.turn}, {found.actions_left} action(s) left: score {got.score}"
            puzzle = endgame_puzzle(pid, found, stated, f"{comps.name} {comps.version}", seed, title, revealed)
            save_puzzle(puzzle, args.out / f"{pid}.yaml")
            print(f"{pid} seed {seed}: {title} (now {now})", flush=True)
            break


if __name__ == "__main__":
    main()
