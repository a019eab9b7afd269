"""Scan seeded games for the second-cube lesson (R-TILE-2) and print what each step keeps.

At every tile placement of the compact greedy bots' games (tools/lessons/search.py: game) whose turn
has 5 actions or more (lessons.cube.placement_turn), the forced-card goals are listed, then the
goals where the misreading's plan (lessons.cube.misread_goals: CP-SAT, no clock) is shorter
than the real optimum, then whether CP-SAT proves the exercise's answer unique. One line per
find (with how many slots and rotations make the card fit, the real answer, whether it loads
the tile's second cube, and the second answer when there is one), counts and CPU seconds at
the end:

    .venv/bin/python tools/scan_second_cube.py --seeds 1-400 [--narrow] [--most N] > out/second-cube-scan.log

`--narrow` believes only "the second cube may go beside the first cube" (the icon's island, also
where the boat lies when that is the icon's island); `--most N` keeps only goals whose card fits
after at most N of the tile's slots and rotations.
"""

from __future__ import annotations

import argparse
import time

import lessons.cube as lesson_cube
from lessons.cube import fitting_places, forced_card_goals, loads_second_cube, misread_goals, placement_turn
from lessons.cube_needed import STAGES, Screened, build_needed, screen
from lessons.found import Candidate
from lessons.search import game, seed_range

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


def needed_scan(seeds: range, min_actions: int, at: int | None, kinds: tuple[tuple[str, str], ...]) -> None:
    """The cube-needed screen (lessons.cube_needed.screen) over the seeds: counts of each step,
    and one line per goal that passes the screen's third step (the second cube's place matters
    and the answer loads it). With `kinds`, variants by legal play of each such position whose
    answer is not unique (lessons.cube_needed.build_needed)."""
    comps = load_components()
    counts = dict.fromkeys(("placements", "with forced goals", "goals", *STAGES, "misreading shorter"), 0)
    built: dict[str, int] = {}
    t0 = time.process_time()
    for seed in seeds:
        for line, pos in game(comps, seed):
            if pos.phase != "place" or pos.hero.tile is None or pos.hero.boat is None:
                continue
            turn = comps.player_board.actions_after(len(pos.hero.temples))
            if turn < min_actions or (at is not None and len(line) != at):
                continue
            counts["placements"] += 1
            goals = forced_card_goals(pos)
            counts["with forced goals"] += bool(goals)
            for goal in goals:
                counts["goals"] += 1
                found = screen(pos, goal)
                if found is None:
                    continue
                for stage in STAGES[: STAGES.index(found.stage) + 1]:
                    counts[stage] += 1
                where = f"seed {seed} action {len(line)} {goal.describe()} optimum {found.optimum} of {turn}"
                if found.choices is None:
                    continue
                if not found.choices.fail:
                    print(f"{where}: all {len(found.choices.reach)} second cubes reach the optimum", flush=True)
                    continue
                print(f"{where}: {_words(found)}", flush=True)
                mis = found.misreading
                counts["misreading shorter"] += bool(mis) and mis[0][0] < (found.optimum or 0)
                if kinds and not found.unique:
                    t = time.process_time()
                    got = build_needed(Candidate(seed, pos.edition, line, pos), goal, kinds, built)
                    words = "none" if got is None else f"{_words(got[1])}; line {'; '.join(map(str, got[0].line))}"
                    print(
                        f"{where}: built variants: {words} ({time.process_time() - t:.0f} s CPU; {built})", flush=True
                    )
        print(f"  seed {seed}: {counts}, {time.process_time() - t0:.0f} s CPU", flush=True)
    print(
        f"seeds {seeds.start}-{seeds.stop - 1}: {counts}, built {built}, {time.process_time() - t0:.0f} s CPU",
        flush=True,
    )


def _words(found: Screened) -> str:
    """A screened goal in one line: the failing second cubes, the answer, uniqueness, the misreading."""
    choices = found.choices
    assert choices is not None
    n = len(choices.reach) + len(choices.fail)
    other = "" if found.other is None else f"; other: {'; '.join(map(str, found.other))}"
    mis = found.misreading
    theirs = f"{'; '.join(map(str, mis[0][1]))} ({mis[0][0]} actions)" if mis else "none within the optimum"
    return (
        f"CUBE NEEDED ({len(choices.fail)} of {n} fail: {', '.join(map(str, choices.fail))}); "
        f"answer {'; '.join(map(str, found.line))}; unique {found.unique}{other}; misreading {theirs}"
    )


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
        "by legal play (lessons.cube._built) from these earlier turns, comma-separated, in order: "
        "other-place, other-act, hero-act, hero-place (default: none).",
    )
    parser.add_argument("--at", type=int, default=None, help="Only the placement after this many actions.")
    parser.add_argument(
        "--needed",
        action="store_true",
        help="The cube-needed screen (lessons/cube_needed.py) instead of the misreading-first one.",
    )
    parser.add_argument("--min-actions", type=int, default=5, help="With --needed: the fewest actions of the turn.")
    parser.add_argument(
        "--most",
        type=int,
        default=lesson_cube.FORCED,
        help="Keep goals whose card fits after at most this many of the tile's slots and rotations "
        f"(default {lesson_cube.FORCED}; 1 or 2 leaves few other rotations to tie with the answer).",
    )
    args = parser.parse_args()
    kinds = tuple(tuple(k.split("-")) for k in args.build.split(",") if k)
    if any(k not in lesson_cube.KINDS for k in kinds):
        parser.error(f"--build: expected some of other-place, other-act, hero-act, hero-place, got {args.build!r}")
    if args.needed:
        needed_scan(args.seeds, args.min_actions, args.at, kinds)  # type: ignore[arg-type]
        return
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
            goals = forced_card_goals(pos, most=args.most)
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
