"""Make Kreta's puzzle collection, puzzles/kreta/: starts reached by legal play in seeded games,
each solved and proven by CP-SAT (and by the exhaustive search where it completes), each with a
picture (docs/kreta/puzzles.md).

    .venv/bin/python tools/kreta_puzzles.py

A candidate is kept when it asks something: a best-scoring puzzle whose optimal line gains at
least 4 points more than the castellan played at once and uses 2 cards or more before it; a
province puzzle whose answer takes 3 cards or more. The same seeds make the same collection.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from akrotiri_puzzles.common.render.png import svg_to_png
from akrotiri_puzzles.kreta.actions import card_played
from akrotiri_puzzles.kreta.components import COLOURS
from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.files.puzzle_yaml import Certificate, PuzzleFile, save_puzzle
from akrotiri_puzzles.kreta.puzzles.corpus import positions
from akrotiri_puzzles.kreta.puzzles.exhaustive import search
from akrotiri_puzzles.kreta.puzzles.model import solve
from akrotiri_puzzles.kreta.puzzles.puzzle import Puzzle, scoring_gain
from akrotiri_puzzles.kreta.render.svg import render_svg

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "puzzles" / "kreta"
PLAN = [("best", 3)] * 3 + [("best", 4)] * 4 + [("province", 3)] * 2 + [("province", 4)] * 3
"""What the collection holds: 7 best-scoring puzzles and 5 province puzzles."""
SEARCH_BUDGET = 150_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    board = default_board()
    OUT.mkdir(parents=True, exist_ok=True)
    game = args.seed
    for number, (goal, horizon) in enumerate(PLAN, start=1):
        while True:
            game += 1
            players = 2 + game % 3
            rng = random.Random(game)
            bot = "greedy" if game % 2 else "random"
            starts = [(o, p) for o, p in positions(board, players, game, bot) if p.scorings >= 1]
            origin, pos = rng.choice(starts)
            if goal == "best":
                puzzle = Puzzle(pos, horizon)
            else:
                scored = board.space(pos.scored_space or 1).provinces
                province = board.provinces[rng.choice(scored)].id
                puzzle = Puzzle(pos, horizon, "province", province, rng.random() < 0.4)
            result = solve(puzzle)
            if not result.proven or result.optimum is None or result.line is None:
                continue
            cards = sum(card_played(a) is not None for a in result.line)
            if goal == "best" and (result.optimum - scoring_gain(pos, pos.to_move) < 4 or cards < 3):
                continue
            if goal == "province" and result.optimum < 3:
                continue
            break
        ref = search(puzzle, SEARCH_BUDGET)
        if ref.complete and ref.optimum != result.optimum:
            sys.stdout.write(f"DISAGREEMENT on game {game}\n")
            return 1
        name = f"kreta-{number:02d}"
        hero = COLOURS[pos.to_move]
        if goal == "best":
            title = f"{hero} to play: the best next scoring within {horizon} cards"
        else:
            title = f"{hero} to play: win {puzzle.province}{' alone' if puzzle.alone else ''} with the fewest cards"
        pf = PuzzleFile(
            name,
            title,
            puzzle,
            origin,
            result.line,
            result.optimum,
            Certificate(
                result.status,
                None if result.bound is None else round(result.bound),
                ref.optimum if ref.complete else None,
                ref.states if ref.complete else None,
            ),
        )
        save_puzzle(pf, OUT / f"{name}.yaml")
        (OUT / f"{name}.png").write_bytes(svg_to_png(render_svg(pos), 0.75))
        checked = f"exhaustive {ref.optimum} over {ref.states} positions" if ref.complete else "exhaustive: too big"
        sys.stdout.write(
            f"{name}: game {game} ({players} players, {bot}) action {origin.actions}: {goal} K={horizon} "
            f"optimum {result.optimum} in {result.seconds:.1f}s; {checked}\n"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
