"""Find endgame puzzles (a score goal, docs/analysis.md) for puzzles/endgames/e*.yaml.

    python tools/make_endgames.py [--out puzzles/endgames] [--first-seed 300]

Scans the last turns of seeded greedy games for action phases with at most three actions left
where the best line scores more than stopping at once (the puzzle asks for something), one per
slot of the plan, and writes each with its best line and certificate (the best score proven
by CP-SAT, one more proven infeasible). Every line is replayed and scored by the engine first.
The same seeds give the same puzzles.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ortools import __version__ as ortools_version

from akrotiri_puzzles import __version__, load_components
from akrotiri_puzzles.analysis.board_solve import puzzle_of, replay_line
from akrotiri_puzzles.analysis.corpus import last_turns
from akrotiri_puzzles.analysis.endgame import analyse
from akrotiri_puzzles.files.puzzle_yaml import save_puzzle
from akrotiri_puzzles.puzzle import Certificate, Goal, Puzzle
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
            a = analyse(found)
            now = seat_score(found, seat).total
            if a.status != "OPTIMAL" or a.best is None or a.value is None or a.value <= now + 1:
                continue
            end = replay_line(puzzle_of(found), a.best.line)
            assert seat_score(end, seat).total == a.value
            pid = f"e{number:02d}"
            certificate = Certificate(
                optimum=a.value,
                status="OPTIMAL",
                below_optimum="INFEASIBLE",
                unique=None,
                solver=f"akrotiri-puzzles {__version__}, OR-Tools CP-SAT {ortools_version}, one worker, seed 0",
                components=f"{comps.name} {comps.version}",
                seed=seed,
            )
            title = f"{seat.capitalize()}, turn {found.turn}, {found.actions_left} action(s) left: score {a.value}"
            puzzle = Puzzle(pid, found, Goal(score=a.value), 1, title, a.best.line, a.value, None, certificate)
            save_puzzle(puzzle, args.out / f"{pid}.yaml")
            print(f"{pid} seed {seed}: {title} (now {now})", flush=True)
            break


if __name__ == "__main__":
    main()
