"""Scan seeded games for the second-cube lesson (R-TILE-2) and print what each step keeps.

At every tile placement of the compact greedy bots' games (tools/lesson_search.game) whose turn
has 5 actions or more (lesson_cube.placement_turn), the forced-card goals are listed, then the
goals where the misreading's plan (lesson_cube.misread_goals: CP-SAT, no clock) is shorter
than the real optimum, then whether CP-SAT proves the exercise's answer unique. One line per
find (with how many slots and rotations make the card fit, the real answer, whether it loads
the tile's second cube, and the second answer when there is one), counts and CPU seconds at
the end:

    .venv/bin/python tools/scan_second_cube.py --seeds 1-400 [--narrow] > out/second-cube-scan.log
"""

from __future__ import annotations

import argparse
import time

import lesson_cube
from lesson_cube import fitting_places, forced_card_goals, loads_second_cube, misread_goals, placement_turn
from lesson_found import Candidate
from lesson_search import game, seed_range

from akrotiri_puzzles import apply, legal_actions, load_components
from akrotiri_puzzles.actions import PlaceTile
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.solver import solve


def given_slot(pos: Position, goal: Goal, optimum: int, first: PlaceTile, limit: float | None) -> str:
    """What the exercise would be with the answer's slot and rotation given (a form the puzzle
    format does not have yet): how many of the placements there (second cube's colour and
    island) reach the goal in the optimum, and whether the rest of the turn is unique when one
    alone does."""
    reach = []
    for action in legal_actions(pos):
        if not isinstance(action, PlaceTile) or (action.slot, action.rotation) != (first.slot, first.rotation):
            continue
        rest = solve(Puzzle("rest", apply(pos, action), goal, 1), most=optimum, time_limit=limit)
        if rest.timed_out:
            return "gave up"
        if rest.status == "OPTIMAL" and rest.optimum is not None and rest.optimum <= optimum:
            reach.append(action)
    if len(reach) != 1:
        return f"{len(reach)} placements there reach the optimum ({', '.join(map(str, reach))})"
    rest = solve(Puzzle("rest", apply(pos, reach[0]), goal, 1), unique=True, time_limit=limit)
    other = "" if rest.other_line is None else f"; other rest: {'; '.join(map(str, rest.other_line))}"
    return f"only {reach[0]} reaches the optimum; its rest unique: {rest.unique}{other}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=seed_range, default="1-100", help="Seeds of the games, e.g. 1-400.")
    parser.add_argument("--narrow", action="store_true", help='The misreading "the icon\'s island" only.')
    parser.add_argument(
        "--limit",
        type=float,
        default=60.0,
        help="Seconds for each solve (uniqueness: 5 times): then skipped and listed.",
    )
    parser.add_argument(
        "--build",
        default="",
        help="At each position where the misreading is shorter but no answer is unique, build variants "
        "by legal play (lesson_cube._built) from these earlier turns, comma-separated, in order: "
        "other-place, other-act, hero-act, hero-place (default: none).",
    )
    parser.add_argument("--at", type=int, default=None, help="Only the placement after this many actions.")
    args = parser.parse_args()
    kinds = tuple(tuple(k.split("-")) for k in args.build.split(",") if k)
    if any(k not in lesson_cube.KINDS for k in kinds):
        parser.error(f"--build: expected some of other-place, other-act, hero-act, hero-place, got {args.build!r}")
    lesson_cube.WIDE = not args.narrow
    lesson_cube.SCAN_LIMIT = args.limit
    comps = load_components()
    counts = {
        "placements": 0,
        "with forced goals": 0,
        "misreading shorter": 0,
        "unique": 0,
        "unique, loads it": 0,
        "gave up": 0,
        "built": 0,
    }
    t0 = time.process_time()
    for seed in args.seeds:
        for line, pos in game(comps, seed):
            if placement_turn(pos) is None or (args.at is not None and len(line) != args.at):
                continue
            counts["placements"] += 1
            goals = forced_card_goals(pos)
            if not goals:
                continue
            counts["with forced goals"] += 1
            found = misread_goals(pos, goals)
            for what in lesson_cube.GAVE_UP:
                print(f"seed {seed} action {len(line)}: gave up on the imagined {what}", flush=True)
            counts["gave up"] += len(lesson_cube.GAVE_UP)
            lesson_cube.GAVE_UP.clear()
            if not found:
                continue
            counts["misreading shorter"] += 1
            any_unique = any_loads = False
            for goal, cost, mis in found:
                limit = None if args.limit is None else 5 * args.limit
                result = solve(Puzzle("lesson", pos, goal, 1), unique=True, time_limit=limit)
                if result.timed_out:
                    print(f"seed {seed} action {len(line)}: gave up on uniqueness ({limit} s)", flush=True)
                    counts["gave up"] += 1
                    continue
                unique = result.status == "OPTIMAL" and result.unique is True
                loads = loads_second_cube(pos, result.line)
                if not unique and isinstance(result.line[0], PlaceTile) and result.optimum is not None:
                    given = given_slot(pos, goal, result.optimum, result.line[0], limit)
                    print(
                        f"seed {seed} action {len(line)}: with {result.line[0].slot} r{result.line[0].rotation} given: {given}"
                    )
                any_unique |= unique
                any_loads |= unique and loads
                other = "" if result.other_line is None else f"; other: {'; '.join(map(str, result.other_line))}"
                print(
                    f"seed {seed} action {len(line)} {goal.describe()}: fits after "
                    f"{fitting_places(pos, goal.map_card or '')} places; misreading {cost} actions "
                    f"({'; '.join(map(str, mis))}); optimum {result.optimum} "
                    f"({'; '.join(map(str, result.line))}); loads the second cube's colour on its island: {loads}; unique: {unique}{other}",
                    flush=True,
                )
            counts["unique"] += any_unique
            counts["unique, loads it"] += any_loads
            if kinds and not any_unique:
                lesson_cube.KINDS = kinds  # type: ignore[assignment]
                t = time.process_time()
                built = lesson_cube._built(Candidate(seed, pos.edition, line, pos))
                counts["built"] += built is not None
                words = "none unique" if built is None else f"unique {built.goal}: {'; '.join(map(str, built.line))}"
                print(f"seed {seed} action {len(line)}: built variants: {words} ({time.process_time() - t:.0f} s CPU)")
        print(f"  seed {seed}: {counts}, {time.process_time() - t0:.0f} s CPU", flush=True)
    print(f"seeds {args.seeds.start}-{args.seeds.stop - 1}: {counts}, {time.process_time() - t0:.0f} s CPU", flush=True)


if __name__ == "__main__":
    main()
