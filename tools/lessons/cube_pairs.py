"""Two earlier turns changed together, for the second-cube lesson (R-TILE-2).

At a tile placement of a seeded game where the misreading's plan ("the second cube may go
beside the first cube", lessons/cube.py with WIDE off) is shorter than the real optimum but the
answer is not unique, one earlier turn changed alone never broke the tie (docs/teaching.md,
the tenth session). Here two change together, both by legal play through the engine: the
hero's previous action phase (every end of it, `within_turn`) and the other seat's turn after
it (each legal tile placement, every colour of its second cube, its action phase then replayed
as played up to its first action the engine refuses, and the turn ended there; or its own
placement replayed and its action phase cut short after each of its actions). The hero's
placement (the same tile) is then looked at again.

The screen is cheap first and learns: a variant is kept for CP-SAT only when the misreading's
plan, replayed in the believer's world (the imagined placement, then the engine), still
reaches the goal in fewer actions than the real optimum, and no two answers already seen (the
lines CP-SAT printed at earlier variants, with different canonical signatures) both reach the
goal within the optimum, and no line seen reaches it in as few actions as the misreading.
Every CP-SAT answer and second answer is added to the lines seen.

    .venv/bin/python -m tools.lessons.cube_pairs --seed 11332 --at 57 --card M08 > out/pairs-11332.log
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Action, EndTurn, PlaceTile
from akrotiri_puzzles.effects import apply, apply_unchecked
from akrotiri_puzzles.errors import IllegalActionError
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.rules import legal_actions, why_illegal
from akrotiri_puzzles.solver import solve
from akrotiri_puzzles.solver.canonical import Answer, signature

from . import cube as lesson_cube
from .cube import believed_plan
from .cube_needed import second_cube_choices
from .search import game
from .sixth import within_turn


def believed_cost(pos: Position, goal: Goal, plan: tuple[Action, ...]) -> int | None:
    """The actions the misreading's plan costs in the believer's world at `pos` (its imagined
    placement applied without the engine's check, then the engine), or None when the
    placement is no longer one the engine refuses for R-TILE-2 or the plan does not reach the
    goal."""
    first = plan[0]
    reason = why_illegal(pos, first)
    if reason is None or "R-TILE-2" not in reason:
        return None
    try:
        after = apply_unchecked(pos, first)
    except Exception:
        return None
    rest = replay(Puzzle("believed", after, goal, 1), plan[1:])
    if rest.illegal_at is not None or not rest.reached:
        return None
    return rest.cost


@dataclass
class Seen:
    """Lines CP-SAT printed at earlier variants, to screen later ones without it."""

    lines: list[tuple[Action, ...]] = field(default_factory=list)

    def add(self, line: tuple[Action, ...] | None) -> None:
        if line and line not in self.lines:
            self.lines.append(line)

    def verdict(self, pos: Position, goal: Goal, optimum: int, believed: int) -> str | None:
        """Why the variant cannot give the lesson, from the lines seen alone; None if it may."""
        puzzle = Puzzle("variant", pos, goal, 1)
        sigs: set[Answer] = set()
        for line in self.lines:
            r = replay(puzzle, line)
            if r.illegal_at is not None or not r.reached:
                continue
            if r.cost <= believed:
                return "a seen line as short as the misreading's"
            if r.cost <= optimum:
                sigs.add(signature(puzzle, line[: (r.reached_at or 0) + 1]))
                if len(sigs) > 1:
                    return "two seen answers"
        return None


def _turn_ends(start: Position, limit: int) -> list[tuple[Action, ...]]:
    """Every way of ending the action phase from `start` (within_turn), as lines ending in EndTurn."""
    out = []
    for at, path in within_turn(start, limit):
        try:
            apply(at, EndTurn())
        except IllegalActionError:
            continue
        out.append((*path, EndTurn()))
    return out


def _replay_as_played(pos: Position, actions: tuple[Action, ...]) -> tuple[Position, tuple[Action, ...]] | None:
    """The other seat's action phase replayed as played up to its first action the engine
    refuses, and the turn ended there."""
    done: list[Action] = []
    for action in actions:
        if isinstance(action, EndTurn):
            break
        if why_illegal(pos, action) is not None:
            break
        pos = apply(pos, action)
        done.append(action)
    try:
        pos = apply(pos, EndTurn())
    except IllegalActionError:
        return None
    return pos, (*done, EndTurn())


def other_turns(pos: Position, played: tuple[Action, ...]) -> list[tuple[Position, tuple[Action, ...]]]:
    """The other seat's turn from its placement `pos`: the turn as played (`played`: its
    placement, action phase and end), each legal placement with the action phase replayed as
    played, and the placement as played with the action phase cut short after each action."""
    out = []
    place, acts = played[0], played[1:]
    assert isinstance(place, PlaceTile)
    tries: list[tuple[PlaceTile, tuple[Action, ...]]] = [(place, acts)]
    tries += [(place, acts[:k]) for k in range(len(acts) - 1)]
    tries += [(a, acts) for a in legal_actions(pos) if isinstance(a, PlaceTile) and a != place]
    for p, rest in tries:
        if why_illegal(pos, p) is not None:
            continue
        got = _replay_as_played(apply(pos, p), rest)
        if got is not None:
            out.append((got[0], (p, *got[1])))
    return out


def _holds(pos: Position, card: str) -> bool:
    """Whether the map card is in the hero's hand or among the first three of a deck."""
    return card in pos.hero.maps or any(card in deck[:3] for deck in pos.map_decks)


def pairs(seed: int, at: int, card: str, limit: int, most: int | None, wide: bool = False) -> None:
    comps = load_components()
    line: tuple[Action, ...] = ()
    states: list[Position] = []
    for line, pos in game(comps, seed):
        states.append(pos)
        if len(line) == at:
            break
    pos = states[at]
    hero, other = pos.to_move, pos.other
    goal = Goal(1, card)
    t0 = time.process_time()
    real = solve(Puzzle("lesson", pos, goal, 1), unique=True)
    assert real.optimum is not None
    lesson_cube.WIDE = wide
    plan = believed_plan(Puzzle("lesson", pos, goal, 1), real.optimum)
    assert plan is not None, "the misreading's plan is not shorter here"
    believed, mis = plan
    print(f"seed {seed} action {at} {goal.describe()}: optimum {real.optimum}, unique {real.unique}", flush=True)
    print(f"  answer {'; '.join(map(str, real.line))}", flush=True)
    print(f"  other  {'; '.join(map(str, real.other_line or ()))}", flush=True)
    print(f"  misreading {believed}: {'; '.join(map(str, mis))}", flush=True)
    seen = Seen()
    seen.add(real.line)
    seen.add(real.other_line)
    # The other seat's placement and the start of the hero's previous action phase.
    i_other = max(i for i in range(at) if states[i].to_move == other and states[i].phase == "place")
    i_hero = 1 + max(i for i in range(i_other) if states[i].to_move == hero and states[i].phase == "place")
    played_other = line[i_other:at]
    # The hero's turn as played and cut short after each of its actions first (within_turn's
    # breadth-first search may not reach a long turn within `limit` states), then every end.
    played_hero = line[i_hero:i_other]
    hero_ends = [played_hero] + [(*played_hero[:k], EndTurn()) for k in range(len(played_hero) - 1)]
    hero_ends += [e for e in _turn_ends(states[i_hero], limit) if e not in hero_ends]
    print(
        f"  hero's action phase from action {i_hero} ({len(hero_ends)} ends), other seat's turn "
        f"from {i_other}: {'; '.join(map(str, played_other))}",
        flush=True,
    )
    counts: dict[str, int] = dict.fromkeys(
        ("variants", "new", "misreading kept", "screened", "solved", "shorter", "unique"), 0
    )
    keys: set[object] = set()
    for n, hero_end in enumerate(hero_ends):
        try:
            mid = states[i_hero]
            for a in hero_end:
                mid = apply(mid, a)
        except IllegalActionError:
            continue
        if mid.to_move != other or mid.phase != "place":
            continue
        for ended, other_line in other_turns(mid, played_other):
            counts["variants"] += 1
            if ended.to_move != hero or ended.phase != "place" or ended.hero.tile != pos.hero.tile:
                continue
            if not _holds(ended, card) or ended.key() in keys:
                continue
            keys.add(ended.key())
            counts["new"] += 1
            cost = believed_cost(ended, goal, mis)
            if cost is None or cost >= real.optimum:
                continue
            counts["misreading kept"] += 1
            why = seen.verdict(ended, goal, real.optimum, cost)
            if why is not None:
                counts[why] = counts.get(why, 0) + 1
                continue
            counts["screened"] += 1
            got = solve(Puzzle("lesson", ended, goal, 1), unique=True)
            seen.add(got.line)
            seen.add(got.other_line)
            if got.status != "OPTIMAL" or got.optimum is None:
                continue
            counts["solved"] += 1
            if got.optimum <= cost:
                continue
            counts["shorter"] += 1
            if not got.unique:
                print(
                    f"  not unique: {'; '.join(map(str, got.line))} / {'; '.join(map(str, got.other_line or ()))}",
                    flush=True,
                )
                continue
            counts["unique"] += 1
            full = (*line[:i_hero], *hero_end, *other_line)
            place = got.line[0]
            needed = ""
            if isinstance(place, PlaceTile):
                choices = second_cube_choices(ended, goal, place, got.optimum)
                needed = f"; second cubes at its slot and rotation: {len(choices.fail)} of {len(choices.fail) + len(choices.reach)} miss the optimum"
            print(
                f"FOUND optimum {got.optimum} misreading {cost}: answer {'; '.join(map(str, got.line))}{needed}",
                flush=True,
            )
            print(f"  origin line {'; '.join(map(str, full))}", flush=True)
            if most is not None and counts["unique"] >= most:
                break
        if n % 20 == 0:
            print(f"  hero end {n}: {counts}, seen {len(seen.lines)}, {time.process_time() - t0:.0f} s CPU", flush=True)
        if most is not None and counts["unique"] >= most:
            break
    print(
        f"seed {seed} action {at}: {counts}, seen {len(seen.lines)}, {time.process_time() - t0:.0f} s CPU", flush=True
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--at", type=int, required=True, help="The hero's placement: after this many actions.")
    parser.add_argument("--card", required=True, help="The goal's map card.")
    parser.add_argument("--limit", type=int, default=1500, help="States of the hero's action phase (within_turn).")
    parser.add_argument("--most", type=int, default=None, help="Stop after this many unique finds.")
    parser.add_argument(
        "--wide", action="store_true", help='The misreading "any island" (default: beside the first cube).'
    )
    args = parser.parse_args()
    pairs(args.seed, args.at, args.card, args.limit, args.most, args.wide)


if __name__ == "__main__":
    main()
