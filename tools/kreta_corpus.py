"""Make the Kreta agreement corpus: small puzzles from seeded games, each solved by the exhaustive
search (its optimum recorded) and by CP-SAT (its status recorded), written to
tests/data/kreta/corpus/ (docs/kreta/puzzles.md says how it is used).

    .venv/bin/python tools/kreta_corpus.py --count 120 --budget 20000

A candidate is kept when the exhaustive search completes within the budget ("small") and both
answers agree; a disagreement stops the run with the puzzle written to out/kreta-disagreement.yaml.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.files.puzzle_yaml import Certificate, PuzzleFile, save_puzzle
from akrotiri_puzzles.kreta.puzzles.corpus import positions
from akrotiri_puzzles.kreta.puzzles.exhaustive import search
from akrotiri_puzzles.kreta.puzzles.model import solve
from akrotiri_puzzles.kreta.puzzles.puzzle import Puzzle

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "kreta" / "corpus"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--budget", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    board = default_board()
    OUT.mkdir(parents=True, exist_ok=True)
    kept = 0
    game = args.seed
    while kept < args.count:
        players = 2 + game % 3
        rng = random.Random(game)
        starts = list(positions(board, players, game))
        for origin, pos in rng.sample(starts, min(4, len(starts))):
            horizon = rng.choice((2, 3, 3))
            if rng.random() < 0.3:
                number = pos.scored_space
                assert number is not None
                province = board.provinces[rng.choice(board.space(number).provinces)].id
                puzzle = Puzzle(pos, horizon, "province", province, rng.random() < 0.3)
            else:
                puzzle = Puzzle(pos, horizon)
            t0 = time.perf_counter()
            ref = search(puzzle, args.budget)
            if not ref.complete:
                continue
            t1 = time.perf_counter()
            got = solve(puzzle)
            t2 = time.perf_counter()
            name = f"kc-{kept + 1:03d}"
            pf = PuzzleFile(
                name,
                f"seed {origin.seed}, {players} players, action {origin.actions}: {puzzle.goal}, K={horizon}",
                puzzle,
                origin,
                got.line,
                ref.optimum,
                Certificate(got.status, None if got.bound is None else round(got.bound), ref.optimum, ref.states),
            )
            if got.optimum != ref.optimum or not got.proven:
                save_puzzle(pf, ROOT / "out" / "kreta-disagreement.yaml")
                sys.stdout.write(f"DISAGREEMENT {name}: cp-sat {got.status} {got.optimum}, exhaustive {ref.optimum}\n")
                return 1
            save_puzzle(pf, OUT / f"{name}.yaml")
            kept += 1
            sys.stdout.write(
                f"{name} {puzzle.goal:8} K={horizon} players={players} optimum={ref.optimum} "
                f"states={ref.states} search={t1 - t0:.2f}s cp-sat={t2 - t1:.2f}s\n"
            )
            sys.stdout.flush()
            if kept >= args.count:
                break
        game += 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
