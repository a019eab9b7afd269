"""Find puzzles for the curated collection in puzzles/ (issue 4).

    python tools/make_collection.py [--out puzzles] [--first-seed 500]

Scans positions of seeded greedy games for puzzles whose optimum is at least 2 actions and
whose answer is unique (`solve --unique`), in a planned mix of classes, and writes each with
its solution and certificate. Every written puzzle is replayed through the engine before it is
kept. The same seeds give the same collection. The scan solves with every pile known; each
puzzle kept then reveals what its answer draws (docs/puzzles.md: every map deck as deep as it
buys, p03's two cards) and is solved again under that premise, which must prove the same
optimum and uniqueness (as tools/recertify.py did for p01 to p10).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from pathlib import Path

from ortools import __version__ as ortools_version

from akrotiri_puzzles import __version__, load_components
from akrotiri_puzzles.files.puzzle_yaml import save_puzzle
from akrotiri_puzzles.generator.reveal import answer_reveal
from akrotiri_puzzles.premise import WHOLE
from akrotiri_puzzles.puzzle import Certificate, Goal, Puzzle, replay
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver.cpsat import solve

PLAN = [
    # (phase, turns, seat, edition, goal: "temple" or "map" for a named map card)
    ("act", 1, "south", 2016, "temple"),
    ("act", 1, "north", 2016, "temple"),
    ("act", 1, "south", 2014, "temple"),
    ("act", 1, "north", 2014, "temple"),
    ("place", 1, "south", 2016, "temple"),
    ("place", 1, "north", 2016, "temple"),
    ("place", 1, "south", 2014, "temple"),
    ("place", 1, "north", 2014, "temple"),
    ("act", 1, "north", 2014, "map"),
    ("place", 1, "south", 2014, "map"),
]
"""No two-turn puzzle: a two-turn answer is unique only when it needs both turns (one that fits
in either turn can be moved to the other at the same cost), and a scan of the seeds after p09's
found none in the time it was given."""


def title_for(puzzle: Puzzle, optimum: int) -> str:
    """A title that states the puzzle (who, when, what, in how many actions) and nothing of
    its answer: the shape of the line belongs to the solution view."""
    card = f" with {puzzle.goal.map_card}" if puzzle.goal.map_card else ""
    return f"{puzzle.hero.capitalize()}, turn {puzzle.start.turn}: a temple{card} in {optimum} actions"


def placement_helps(puzzle: Puzzle) -> bool:
    """Whether placing the tile shortens the line: if not, any placement works and the answer
    cannot be unique."""
    with_tile = solve(puzzle)
    if with_tile.optimum is None:
        return False
    board = puzzle.start.components.player_board
    skipped = replace(
        puzzle.start,
        phase="act",
        actions_left=board.actions_after(len(puzzle.start.hero.temples)),
    ).with_seat(puzzle.hero, replace(puzzle.start.hero, tile=None))
    without = solve(replace(puzzle, start=skipped))
    return without.optimum is None or without.optimum > with_tile.optimum


def main() -> None:
    """Search the seeds and write the collection."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("puzzles"))
    parser.add_argument("--first-seed", type=int, default=500)
    parser.add_argument("--start-at", type=int, default=1, help="Skip the plan's first puzzles (already written).")
    args = parser.parse_args()
    comps = load_components()
    seed = args.first_seed
    for number, (phase, turns, seat, edition, goal_kind) in enumerate(PLAN, start=1):
        if number < args.start_at:
            continue
        while True:
            seed += 1
            snaps = []
            play_game(comps, seed, edition=edition, bots=("greedy", "greedy"), on_position=snaps.append)
            pool = [
                p
                for p in snaps
                if p.phase == phase and p.to_move == seat and p.turn > 3 and p.points == 0 and not p.passing
            ]
            if not pool:
                continue
            start = random.Random(seed).choice(pool)
            if phase == "act" and turns == 2:
                start = replace(start, actions_left=min(start.actions_left, 1))
            goal = Goal()
            if goal_kind == "map":
                # Name the card in hand that costs most: the answer must earn the money for it.
                hand = sorted(start.hero.maps, key=lambda k: (-comps.map[k].cost, k))
                if len(hand) < 2:
                    continue
                goal = Goal(map_card=hand[0])
            puzzle = Puzzle(f"p{number:02d}", start, goal, turns, revealed=WHOLE)
            if puzzle.check_start() is not None:
                continue
            if phase == "place" and not placement_helps(puzzle):
                continue
            result = solve(puzzle, unique=True)
            if result.optimum is None or result.optimum < 2 or result.unique is not True:
                continue
            puzzle = replace(puzzle, revealed=answer_reveal(result.line).of(start, turns, goal))
            stated = solve(puzzle, unique=True)
            if (stated.optimum, stated.unique) != (result.optimum, True):
                continue  # never: a premise only takes lines away, and the answer's draws are revealed
            result = stated
            check = replay(puzzle, result.line)
            assert check.reached and check.illegal_at is None and check.cost == result.optimum
            certificate = Certificate(
                optimum=result.optimum,
                status=result.status,
                below_optimum=result.below_optimum,
                unique=True,
                solver=f"akrotiri-puzzles {__version__}, OR-Tools CP-SAT {ortools_version}, one worker, seed 0",
                components=f"{comps.name} {comps.version}",
                seed=seed,
            )
            title = title_for(puzzle, result.optimum)
            puzzle = replace(puzzle, title=title, solution=result.line, optimum=result.optimum, certificate=certificate)
            save_puzzle(puzzle, args.out / f"p{number:02d}.yaml")
            print(f"p{number:02d} seed {seed}: {title} ({result.seconds:.1f} s)", flush=True)
            break


if __name__ == "__main__":
    main()
