"""Find, certify and write the teaching lessons in lessons/ (issue 12, docs/teaching.md).

    .venv/bin/python tools/make_lessons.py                    # every lesson, written to lessons/
    .venv/bin/python tools/make_lessons.py --only empty-boat  # one lesson
    .venv/bin/python tools/make_lessons.py --seeds 1-200      # look through more games

For each lesson it plays seeded games between two greedy bots that lay their tiles close to
Thera (lessons.search.game) and looks, position by position, for one where the lesson's
misreading matters: the exercise's optimal line needs the rule, and the line a player holding
the misreading would play (lessons.search.plan under a lessons.beliefs belief) is illegal,
dearer, short of the goal, or scores fewer goal-card points. The first such position whose
exercise CP-SAT proves optimal and unique (`solve(unique=True)`) becomes the lesson, recorded
with every action from its new game; then every claim is checked with `teaching.verify`
before the file is written. The same seeds give the same lessons.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import yaml
from lessons.actions import find_more_actions
from lessons.beliefs import (
    CannotPass,
    CargoDoesNotMatter,
    MayStopAtOccupied,
    MisreadCards,
    OneDockAtATime,
    TemplePerTile,
)
from lessons.cube import find_second_cube
from lessons.found import (
    PREMISE,
    ROOT,
    Candidate,
    Finder,
    Found,
    boat_mark,
    cubes_in_words,
    first_dig,
    line_cost,
    load_cache,
    misread_line,
    save_cache,
)
from lessons.goals import goal_finder, misjudged_island
from lessons.last import certify_score
from lessons.money import (
    find_buying_maps,
    find_selling_prices,
    sells_falling,
)
from lessons.oracle import find_oracle
from lessons.search import BOTS_WORDS, card_fits, game, route_neighbours, seed_range
from lessons.sixth import find_built_sixth
from lessons.texts import TEXTS
from ortools import __version__ as ortools_version

from akrotiri_puzzles import __version__, load_components
from akrotiri_puzzles.actions import Action, Excavate, PlaceTile, Step, Unload
from akrotiri_puzzles.components import Components
from akrotiri_puzzles.files.lesson_yaml import lesson_from_data, save_lesson
from akrotiri_puzzles.files.puzzle_yaml import puzzle_from_data, revealed_to_data
from akrotiri_puzzles.generator.reveal import Reveal, answer_reveal
from akrotiri_puzzles.geometry import format_quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Certificate, Puzzle, replay
from akrotiri_puzzles.solver import solve
from akrotiri_puzzles.teaching import RULE_ID, Lesson, Mark, Misreading, Origin, outcome, verify


def find_ship_steps(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    puzzle, optimum = c.puzzle(), line_cost(c.puzzle(), line)
    states = replay(puzzle, line).states
    for i, a in enumerate(line):
        if isinstance(a, Step) and not a.portage:
            here = states[i].pos.hero.boat
            assert here is not None
            if a.dock not in route_neighbours(states[i].pos, here):
                mis = misread_line(puzzle, optimum, OneDockAtATime())
                if mis is None:
                    return None
                marks = [boat_mark(c.pos, "your boat"), Mark("dock", "one ship step reaches this dock", dock=a.dock)]
                why = (
                    f"The ship step {a} runs along the routes from {here} to {a.dock}, past the docks on the "
                    "way, for one movement point."
                )
                return Found(puzzle, [("next dock", mis)], marks, why)
    return None


def find_empty_boat(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    puzzle = c.puzzle()
    unload = next((a for a in line if isinstance(a, Unload)), None)
    if unload is None or not c.pos.hero.cargo:
        return None
    mis = misread_line(puzzle, line_cost(puzzle, line), CargoDoesNotMatter())
    if mis is None:
        return None
    cubes = cubes_in_words(unload.colours)
    steps = [a for a in line if isinstance(a, Step)]
    why = (
        f"Unloading {cubes} first costs nothing (a free action); "
        f"the boat is then empty, so each Move action gives 2 movement points: {'; '.join(map(str, steps))}."
    )
    return Found(
        puzzle, [("cargo", mis)], [boat_mark(c.pos, f"your boat, {cubes_in_words(c.pos.hero.cargo)} aboard")], why
    )


def find_occupied(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    puzzle = c.puzzle()
    other = c.pos.seat(c.pos.other).boat
    if not any(isinstance(a, Step) and a.dock == other for a in line):
        return None
    optimum = line_cost(puzzle, line)
    lines = [
        (k, m)
        for k, b in (("stop", MayStopAtOccupied()), ("no entry", CannotPass()))
        if (m := misread_line(puzzle, optimum, b))
    ]
    if not lines:
        return None
    marks = [boat_mark(c.pos, "your boat"), Mark("dock", f"{c.pos.other}'s boat: pass through, never stop", dock=other)]
    why = (
        f"The line passes through {other}, where {c.pos.other}'s boat lies: entering costs 1 movement point, "
        "leaving 2 (one extra), and nothing else may be done while the boat is there."
    )
    return Found(puzzle, lines, marks, why)


def _card_finder(how: str, key: str) -> Finder:
    def find(c: Candidate, line: tuple[Action, ...]) -> Found | None:
        puzzle = c.puzzle()
        dig = first_dig(line)
        if dig is None or not _card_misread_matters(c.pos, how, line, dig):
            return None
        optimum = line_cost(puzzle, line)
        mis = misread_line(puzzle, optimum, MisreadCards(how))
        if mis is None:
            return None
        wrong = first_dig(mis)
        hero = c.pos.to_move
        if how != "column" and (wrong is None or replay(puzzle, mis).illegal_at != len(mis) - 1):
            return None
        if how == "column" and not line_cost(puzzle, mis) > optimum:
            return None
        at = replay(puzzle, line).states[line.index(dig)].pos
        marks = [Mark("site", f"{dig.card} fits here", quad=dig.site)]
        if how == "other seat":
            if hero != "north":
                return None
            assert wrong is not None
            marks.append(Mark("site", f"{wrong.card} fits here only for south", quad=wrong.site))
            marks.append(Mark("above", "above, for north", quad=dig.site, seat=hero))
            marks.extend(_icon_marks(at, hero, dig.card, dig.site))
            why = (
                f"Read from north's seat, above is down the page and left is +x: {dig.card} fits "
                f"{format_quad(dig.site)} ({_needs(at, dig.card, hero)}). At {format_quad(wrong.site)} it "
                "would fit only for south."
            )
        elif how == "own":
            assert wrong is not None
            kind = next(k for q, k in c.pos.board.icons if q == wrong.site)
            # One label at the wrong site (its own icon does not count there); the icons the card
            # counts from the right site are labelled with the site they count for.
            marks.append(Mark("site", f"{wrong.card} fails here: own {kind}", quad=wrong.site))
            marks.extend(
                replace(m, label=f"{m.label} of {format_quad(dig.site)}")
                for m in _icon_marks(at, hero, dig.card, dig.site)
            )
            why = (
                f"{dig.card} fits {format_quad(dig.site)}: every icon it needs lies in another quadrant "
                f"({_needs(at, dig.card, hero)}). At {format_quad(wrong.site)} the {kind} lies in the site's "
                "own quadrant, which is in no direction from it."
            )
        else:
            card = c.pos.components.map[dig.card]
            far = [d for d, k, n in card.requires if _count(at, hero, dig.site, d, k, "column") < n]
            if not far:
                return None
            marks.append(Mark(far[0], f"{far[0]}, for {hero}", quad=dig.site, seat=hero))
            marks.extend(_icon_marks(at, hero, dig.card, dig.site))
            why = (
                f"{dig.card} fits {format_quad(dig.site)} ({_needs(at, dig.card, hero)}): the icon it needs "
                f"{far[0]} lies in a row {far[0]} the site, off to the side, and that counts."
            )
        return Found(puzzle, [(key, mis)], marks, why)

    return find


def _icon_marks(pos: Position, seat: str, card_id: str, site: tuple[int, int]) -> list[Mark]:
    """A ring round each icon a map card counts from a site (the nearest that suffice), labelled."""
    from akrotiri_puzzles.geometry import in_direction

    out = []
    for d, k, n in pos.components.map[card_id].requires:
        icons = [q for q, kind in pos.board.icons if kind == k and q != site and in_direction(seat, d, site, q)]
        icons.sort(key=lambda q: (abs(q[0] - site[0]) + abs(q[1] - site[1]), q))
        out.extend(Mark("icon", f"{k}: {d}", quad=q) for q in icons[:n])
    return out


def _needs(pos: Position, card_id: str, seat: str) -> str:
    """What a map card needs, in words, e.g. "a tree above, a lake left and a volcano right"."""
    parts = [f"{n if n > 1 else 'a'} {k}{'s' if n > 1 else ''} {d}" for d, k, n in pos.components.map[card_id].requires]
    return f"{card_id} needs " + ", ".join(parts[:-1]) + " and " + parts[-1]


def _card_misread_matters(pos: Position, how: str, line: tuple[Action, ...], dig: Excavate) -> bool:
    """A cheap test before planning: whether the misreading changes what fits anywhere."""
    at = replay(Puzzle("x", pos), line).states[line.index(dig)].pos
    hero = pos.to_move
    seat, reading = (("north" if hero == "south" else "south"), "rules") if how == "other seat" else (hero, how)
    if how == "column":
        return not card_fits(at, hero, dig.card, dig.site, "column")
    board = pos.board
    for card in set(pos.hero.maps):
        for island, quads in board.island_quads.items():
            if island == board.thera_island or island not in board.docks_of_island:
                continue
            if any(card_fits(pos, seat, card, q, reading) and not card_fits(pos, hero, card, q) for q in quads):
                return True
    return False


def _count(pos: Position, seat: str, site: tuple[int, int], d: str, k: str, how: str) -> int:
    from lessons.search import icon_count

    return icon_count(pos, seat, site, d, k, how)


def find_one_temple(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    puzzle = c.puzzle()
    mis = misread_line(puzzle, line_cost(puzzle, line), TemplePerTile())
    wrong = first_dig(mis or ())
    if mis is None or wrong is None or replay(puzzle, mis).illegal_at != len(mis) - 1:
        return None
    board = c.pos.board
    island = board.island_at(wrong.site)
    temple = next(s for seat in c.pos.seats for _, s in seat.temples if board.island_at(s) == island)
    marks = [
        Mark("island", "one island: it has a temple already", quad=temple),
        Mark("site", f"not here: {format_quad(temple)} is on the same island", quad=wrong.site),
    ]
    dig = first_dig(line)
    assert dig is not None
    why = f"The temple at {format_quad(temple)} takes its whole island, so the line digs elsewhere: {dig}."
    return Found(puzzle, [("tile", mis)], marks, why)


FINDERS: dict[str, tuple[str, Finder]] = {
    # lesson id: (where to look: "act" or "place" positions, the finder)
    "ship-steps": ("act", find_ship_steps),
    "empty-boat": ("act", find_empty_boat),
    "occupied-dock": ("act", find_occupied),
    "map-from-your-seat": ("act", _card_finder("other seat", "other seat")),
    "own-quadrant": ("act", _card_finder("own", "own")),
    "above-any-row": ("act", _card_finder("column", "column")),
    "one-temple-per-island": ("act", find_one_temple),
    "selling-prices": ("act*", find_selling_prices),
    "buying-maps": ("act*", find_buying_maps),
    "second-cube": ("place*", find_second_cube),
    "oracle": ("act*", find_oracle),
    "more-actions": ("start", find_more_actions),
    "last-round": ("start", find_built_sixth),
    "goal-portage-distance": ("act", goal_finder("G01", "portage_1")),
    "goal-quarters": ("act", goal_finder("G09", "quarters")),
    "goal-completed-islands": ("act", goal_finder("G10", "largest_completed")),
    "goal-not-connected": ("act", goal_finder("G11", "not_connected")),
}


def _sells_twice(c: Candidate) -> bool:
    return sells_falling(c.pos)


PREFILTERS: dict[str, Callable[[Candidate], bool]] = {
    # Cheap tests that rule a position out before its exercise is searched.
    "selling-prices": _sells_twice,
    "goal-portage-distance": misjudged_island("portage_1"),
    "goal-completed-islands": misjudged_island("largest_completed"),
}


# ---- the scan ------------------------------------------------------------------------------------


def candidates(comps: Components, seeds: range, phase: str, max_tiles: int) -> Iterator[Candidate]:
    """Positions of the seeded games where the seat to move starts an exercise."""
    for seed in seeds:
        print(f"  seed {seed}", end="\r", flush=True)
        for line, pos in game(comps, seed):
            if len(pos.board.placements) > max_tiles or pos.turn < 2 or pos.passing:
                continue
            if phase == "start" and not (pos.phase == "act" and line and isinstance(line[-1], PlaceTile)):
                continue
            if phase in ("act", "act*", "place", "place*") and pos.phase != phase.rstrip("*"):
                continue
            if pos.phase == "act" and pos.points:
                continue
            yield Candidate(seed, pos.edition, line, pos)


def certify(puzzle: Puzzle) -> tuple[int, tuple[Action, ...], Certificate] | None:
    """The proven optimum, unique answer and certificate of an exercise, or None.

    CP-SAT runs without a time limit, so the machine's load cannot decide whether a lesson is
    kept (one worker, seed 0: deterministic). The one-turn finders hand over exercises whose
    exhaustive search has already finished (within 3,000 or 8,000 states), so the proof is
    small; the two-turn finder (oracle) may not, and then CP-SAT takes as long as it needs. A
    score goal (more-actions, last-round) is certified by the endgame analyser
    (lessons.last.certify_score)."""
    if puzzle.goal.score is not None:
        return certify_score(puzzle)
    result = solve(puzzle, unique=True)
    if result.status != "OPTIMAL" or result.unique is not True or result.optimum is None:
        return None
    cert = Certificate(
        optimum=result.optimum,
        status=result.status,
        below_optimum=result.below_optimum,
        unique=True,
        solver=f"akrotiri-puzzles {__version__}, OR-Tools CP-SAT {ortools_version}, one worker, seed 0",
        components=f"{puzzle.start.components.name} {puzzle.start.components.version}",
        seed=None,
    )
    return result.optimum, result.line, cert


def build(
    lesson_id: str, c: Candidate, found: Found, optimum: int, answer: tuple[Action, ...], cert: Certificate
) -> Lesson | None:
    """The lesson file's content, with each misreading's outcome as the engine finds it."""
    text = TEXTS[lesson_id]
    exercise = replace(
        found.puzzle,
        id=lesson_id,
        title=text["title"],
        solution=answer,
        optimum=optimum,
        certificate=replace(cert, seed=c.seed),
    )
    how = f"new game {c.seed}, played by {BOTS_WORDS}"
    line = c.line + found.extra
    if found.origin_line is not None:
        line = found.origin_line
        same = next(
            (i for i, (a, b) in enumerate(zip(c.line, line, strict=False)) if a != b), min(len(c.line), len(line))
        )
        how += (
            f"; from action {same + 1} the hero's previous turn played otherwise, chosen by the lesson's finder, "
            "and the other seat's turn by the same bot"
        )
    elif found.extra:
        how += f"; then {len(found.extra)} actions of the hero's turn, chosen by the lesson's finder"
    origin = Origin(c.seed, c.edition, line, how)
    lesson = Lesson(
        id=lesson_id,
        title=text["title"],
        order=list(TEXTS).index(lesson_id) + 1,
        rules=tuple(text["rules"]),
        rule=text["rule"],
        misreading=text["misreading"],
        exercise=exercise,
        misreadings=(),
        origin=origin,
        marks=tuple(found.marks),
        task=found.task,
        explanation=found.explanation,
        goal_card=found.goal_card,
    )
    misreadings = []
    for key, line in found.lines:
        kind, why = outcome(lesson, line)
        if kind == "right":
            return None
        named = RULE_ID.findall(why)
        misreadings.append(
            Misreading(text["says"][key], line, kind, named[-1] if kind == "illegal" and named else None)
        )
    return replace(lesson, misreadings=tuple(misreadings))


def narrowed(lesson: Lesson) -> Lesson:
    """The lesson with the least premise its lines need (docs/puzzles.md): every map deck as deep
    as the answer or a misreading buys into any deck, the land pile until every icon if one asks
    the oracle, and what the horizon and the goal draws need. A beginner sees no more of the
    piles than the lesson uses; each line's outcome is the same, since each draws only what is
    revealed."""
    lines = [lesson.answer, *(m.line for m in lesson.misreadings)]
    needs = [answer_reveal(line) for line in lines]
    reveal = Reveal(maps=max(r.maps for r in needs), oracle=any(r.oracle for r in needs))
    ex = lesson.exercise
    return replace(lesson, exercise=replace(ex, revealed=reveal.of(ex.start, ex.turns, ex.goal)))


def recertified(lesson: Lesson) -> tuple[Lesson, list[str]]:
    """The lesson narrowed (`narrowed`), its exercise certified again under that premise and every
    claim verified; with what does not hold (empty: the lesson stands)."""
    lesson = narrowed(lesson)
    done = certify(lesson.exercise)
    if done is None:
        return lesson, ["the exercise is no longer certified optimal and unique"]
    optimum, _, cert = done
    wrong = []
    if optimum != lesson.optimum:
        wrong.append(f"optimum {optimum}, the lesson says {lesson.optimum}")
    old = lesson.exercise.certificate
    if old is not None and cert != replace(old, seed=None, solver=cert.solver):
        wrong.append(f"certificate {cert}, the lesson's {old}")
    wrong += [str(cl) for cl in verify(lesson) if not cl.holds]
    return lesson, wrong


def make(lesson_id: str, comps: Components, seeds: range, max_tiles: int) -> Lesson | None:
    """The first lesson the seeds give, certified and verified."""
    phase, finder = FINDERS[lesson_id]
    wanted = PREFILTERS.get(lesson_id, lambda c: True)
    for c in candidates(comps, seeds, phase, max_tiles):
        if not wanted(c):
            continue
        line: tuple[Action, ...] = ()
        if phase in ("act", "place"):
            optimum, line = c.best()
            if optimum is None or optimum < 1:
                continue
        try:
            found = finder(c, line) if line or phase in ("start", "act*", "place*") else None
        except Exception as exc:  # a finder's bug should not end a long scan unseen
            print(f"  seed {c.seed} action {len(c.line)}: finder failed: {exc!r}", flush=True)
            continue
        if found is None:
            continue
        done = certify(found.puzzle)
        if done is None:
            continue
        optimum, answer, cert = done
        # The certified answer may word the line differently; the finder keeps the goal it chose.
        found = finder(replace(c, goal=found.puzzle.goal), answer)
        if found is None:
            continue
        lesson = build(lesson_id, c, found, optimum, answer, cert)
        if lesson is None:
            continue
        lesson, wrong = recertified(lesson)
        if wrong:
            print(f"  seed {c.seed} action {len(c.line)}: under its own premise: {'; '.join(wrong)}", flush=True)
            continue
        claims = verify(lesson)
        bad = [cl for cl in claims if not cl.holds]
        print(f"  seed {c.seed} action {len(c.line)}: {len(claims) - len(bad)}/{len(claims)} claims hold", flush=True)
        for cl in bad:
            print(f"    {cl}", flush=True)
        if not bad:
            return lesson
    return None


def recertify_files(out: Path, comps: Components, only: list[str] | None) -> int:
    """`--recertify`: each lesson file read as it was (found with every pile known), narrowed,
    certified and verified again, written back when every claim holds."""
    failed = 0
    for path in sorted(out.glob("*.yaml")):
        if only and path.stem not in only:
            continue
        data = yaml.safe_load(path.read_text())
        exercise = dict(data["exercise"])
        exercise.pop("revealed", None)
        # Read with every pile known: the premise is what this step decides.
        bare = puzzle_from_data({**exercise, "solution": None}, str(path), comps, path.parent, playable=False)
        wide = PREMISE.of(bare.start, bare.turns, bare.goal)
        data["exercise"] = {**exercise, "revealed": revealed_to_data(wide)}
        lesson, wrong = recertified(lesson_from_data(data, str(path), comps, path.parent))
        if wrong:
            failed += 1
            print(f"{path.name}: does not hold: {'; '.join(wrong)}", flush=True)
            continue
        save_lesson(lesson, path)
        premise = "; ".join(lesson.exercise.revealed.describe(comps)) or "nothing revealed"
        print(f"{path.name}: holds; premise: {premise}", flush=True)
    return 1 if failed else 0


def main() -> None:
    """Find the lessons asked for and write them."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--only",
        nargs="*",
        default=None,
        choices=sorted(FINDERS),
        help="Lesson ids to make (default: all the finders know).",
    )
    parser.add_argument(
        "--seeds", type=seed_range, default="1-60", help="Seeds of the games to look through, e.g. 1-60."
    )
    parser.add_argument("--max-tiles", type=int, default=10, help="Largest board, in land tiles, to use.")
    parser.add_argument("--out", type=Path, default=ROOT / "lessons")
    parser.add_argument(
        "--recertify",
        action="store_true",
        help="Search nothing: give the lessons in --out the premise their lines need, certify and verify "
        "them again under it, and write each one that holds.",
    )
    args = parser.parse_args()
    if args.recertify:
        sys.exit(recertify_files(args.out, load_components(), args.only))
    seeds = args.seeds
    comps = load_components()
    load_cache()
    for lesson_id in args.only or list(FINDERS):
        t0 = time.perf_counter()
        print(f"{lesson_id}:", flush=True)
        lesson = make(lesson_id, comps, seeds, args.max_tiles)
        save_cache()
        if lesson is None:
            print(
                f"  none found in seeds {seeds.start}-{seeds.stop - 1} ({time.perf_counter() - t0:.0f} s)",
                file=sys.stderr,
            )
            continue
        save_lesson(lesson, args.out / f"{lesson.id}.yaml")
        print(f"  wrote {args.out / lesson.id}.yaml ({time.perf_counter() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
