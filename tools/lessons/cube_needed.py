"""The "cube needed" screen of the second-cube lesson (R-TILE-2), asked before the misreading.

Five sessions found no position where the misreading's plan is shorter and the answer unique
(docs/teaching.md): in every position checked, every legal choice of the second cube reached
the real optimum, so the cube's place did not matter. This screen keeps a position only when
it does: with the real answer's slot and rotation fixed, some legal second cube (another
colour, or the other island of the tile) does NOT reach the goal in the optimum (CP-SAT, one
worker, seed 0), and the answer loads its second cube's colour on that cube's island. Only then
is the answer's uniqueness asked (canonical, as every lesson's), and the misreading's line at the
same slot and rotation solved in the believer's world: the imagined placement (the second cube
beside the boat, or on the first cube's island; the engine refuses it, R-TILE-2) and the
cheapest rest of the turn from where it would leave the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from akrotiri_puzzles.actions import Action, PlaceTile
from akrotiri_puzzles.effects import apply, apply_unchecked
from akrotiri_puzzles.geometry import Quad, format_quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.rules import legal_actions
from akrotiri_puzzles.setup import new_game
from akrotiri_puzzles.solver import solve
from akrotiri_puzzles.teaching import Mark

from .cube import forced_card_goals, imagined_placements, loads_second_cube, play_on, variant_starts, ways_to_play
from .found import Candidate, Found, boat_mark


@dataclass
class Choices:
    """The legal second cubes at the answer's slot and rotation, one per colour and island."""

    reach: list[PlaceTile]
    """Those whose rest of the turn reaches the goal in the optimum."""
    fail: list[PlaceTile]
    """Those whose rest does not (the cube's place matters)."""


def _island(pos: Position, action: PlaceTile) -> object:
    site = action.cube_site()
    if site is None:
        return None
    return apply(pos, action).board.island_at(site)


def second_cube_choices(pos: Position, goal: Goal, answer: PlaceTile, optimum: int) -> Choices:
    """Each legal placement at the answer's slot and rotation (one per colour of the second cube
    and island it lies on: within the turn no tile is laid, so where on its island a cube lies
    changes nothing but a load's wording), and whether the rest of the turn from it reaches the
    goal in at most `optimum` actions."""
    seen: dict[tuple[str | None, object], PlaceTile] = {}
    for action in legal_actions(pos):
        if not isinstance(action, PlaceTile) or (action.slot, action.rotation) != (answer.slot, answer.rotation):
            continue
        seen.setdefault((action.colour, _island(pos, action)), action)
    out = Choices([], [])
    for action in seen.values():
        rest = solve(Puzzle("rest", apply(pos, action), goal, 1), most=optimum)
        ok = rest.status == "OPTIMAL" and rest.optimum is not None and rest.optimum <= optimum
        (out.reach if ok else out.fail).append(action)
    return out


def misread_at_slot(pos: Position, goal: Goal, answer: PlaceTile, optimum: int) -> list[tuple[int, tuple[Action, ...]]]:
    """The misreading's lines at the answer's slot and rotation that reach the goal in the
    believer's world in at most `optimum` actions: an imagined placement there (the second cube
    on an island the engine refuses for R-TILE-2, the boat's island first) and the cheapest rest
    (CP-SAT from the position the placement would give). Cheapest first."""
    boat = pos.hero.boat
    out = []
    for action, after in imagined_placements(pos):
        if (action.slot, action.rotation) != (answer.slot, answer.rotation):
            continue
        rest = solve(Puzzle("rest", after, goal, 1), most=optimum)
        if rest.status == "OPTIMAL" and rest.optimum is not None and rest.optimum <= optimum:
            site = action.cube_site()
            beside = (
                site is not None
                and boat is not None
                and after.board.island_of_dock.get(boat) == after.board.island_at(site)
            )
            out.append((rest.optimum, not beside, (action, *rest.line)))
    return [(cost, line) for cost, _, line in sorted(out, key=lambda t: (t[0], t[1]))]


@dataclass
class Screened:
    """How far a goal at a tile placement got through the cube-needed screen."""

    stage: str
    """One of STAGES: the last step it passed."""
    optimum: int | None = None
    line: tuple[Action, ...] = ()
    choices: Choices | None = None
    unique: bool = False
    other: tuple[Action, ...] | None = None
    misreading: list[tuple[int, tuple[Action, ...]]] = field(default_factory=list)


STAGES = ("solved", "loads", "needed", "unique", "misread")
"""The screen's steps, in order: CP-SAT's optimum; the answer loads its second cube; some legal
second cube at the answer's slot and rotation fails the optimum; the answer is (canonically)
unique; the misreading's line at that slot and rotation reaches the goal in the optimum or fewer
in the believer's world (and the engine refuses its placement)."""


def screen(pos: Position, goal: Goal, unique_first: bool = False) -> Screened | None:
    """The cube-needed screen of one goal at a tile placement, cheapest test first; None when
    CP-SAT finds no optimum. With `unique_first` (variants built from a position where the cube
    is needed, which mostly keep that and lack uniqueness), uniqueness is asked first: a goal
    whose answer is not unique stops at the stage "not unique"."""
    puzzle = Puzzle("lesson", pos, goal, 1)
    result = solve(puzzle, unique=unique_first)
    if result.status != "OPTIMAL" or result.optimum is None:
        return None
    out = Screened("solved", result.optimum, result.line)
    if unique_first:
        out.other = result.other_line
        out.unique = result.unique is True
        if not out.unique:
            out.stage = "not unique"
            return out
    if not answer_loads(pos, result.line):
        return out
    out.stage = "loads"
    first = result.line[0]
    assert isinstance(first, PlaceTile)
    out.choices = second_cube_choices(pos, goal, first, result.optimum)
    if not out.choices.fail:
        return out
    out.stage = "needed"
    if not unique_first:
        result = solve(puzzle, unique=True)
        out.other = result.other_line
        out.unique = result.status == "OPTIMAL" and result.unique is True
        if not out.unique:
            return out
        out.line = result.line
    out.stage = "unique"
    answer = out.line[0]
    assert isinstance(answer, PlaceTile) and out.optimum is not None
    out.misreading = misread_at_slot(pos, goal, answer, out.optimum)
    if out.misreading:
        out.stage = "misread"
    return out


def answer_loads(pos: Position, line: tuple[Action, ...]) -> bool:
    """Whether the answer lays a second cube and loads its colour on its island (a screen)."""
    return bool(line) and isinstance(line[0], PlaceTile) and line[0].colour is not None and loads_second_cube(pos, line)


__all__ = [
    "STAGES",
    "Choices",
    "Screened",
    "answer_loads",
    "build_needed",
    "misread_at_slot",
    "screen",
    "second_cube_choices",
]


def build_needed(
    c: Candidate, goal: Goal, kinds: tuple[tuple[str, str], ...], stats: dict[str, int]
) -> tuple[Candidate, Screened] | None:
    """Variants by legal play of a position where the cube is needed but the answer is not
    unique: each earlier turn of `kinds` (lessons.cube.KINDS's names) played every other way
    (lessons.cube.ways_to_play), the game played on by the greedy bots to the hero's placement of
    the same tile (lessons.cube.play_on), and the same goal screened there. The first variant
    whose answer is unique and whose misreading line reaches the goal in the optimum, with its
    whole line from the new game; counts of each stage in `stats`."""
    pos = c.pos
    states = [new_game(pos.components, c.seed, c.edition)]
    for action in c.line:
        states.append(apply(states[-1], action))
    seen: set[object] = {pos.key()}
    for start, kind in variant_starts(c, states, kinds):
        for at, path in ways_to_play(states[start], kind):
            ended, moves = play_on(at, path, pos.to_move, c.seed)
            if ended is None or ended.phase != "place" or ended.hero.tile != pos.hero.tile:
                continue
            if ended.key() in seen or ended.hero.boat is None:
                continue
            seen.add(ended.key())
            stats["variants"] = stats.get("variants", 0) + 1
            if stats["variants"] % 10 == 0:
                print(f"    {stats}", flush=True)
            found = screen(ended, goal, unique_first=True)
            if found is None:
                continue
            stats[found.stage] = stats.get(found.stage, 0) + 1
            if found.stage not in ("solved", "not unique"):
                print(f"    variant {stats['variants']} from action {start} ({kind}): {found.stage}", flush=True)
            if found.stage == "misread":
                return Candidate(c.seed, c.edition, c.line[:start] + moves, ended, goal=goal), found
    return None


# ---- the cube-needed finder (tools/make_lessons.py used it for the seed-4467 lesson until the eleventh session) ----

BUILD_KINDS: tuple[tuple[str, str], ...] = ()
"""The earlier turns the finder plays otherwise when the cube is needed but the answer is not
unique (lessons.cube.KINDS's names; none: the lesson came from a game's own placement, and
variants cost minutes a position)."""
NEEDED: dict[tuple[int, int, int], tuple[Candidate, Screened] | None] = {}
"""The finder's choice at each candidate (seed, edition, actions played), so that its second
look, with the certified answer, finds the same position."""


def _needed(c: Candidate) -> tuple[Candidate, Screened] | None:
    """The first goal at this placement (or at a variant built from it) that passes every step
    of the screen."""
    pos = c.pos
    if pos.phase != "place" or pos.hero.tile is None or pos.hero.boat is None:
        return None
    if pos.components.player_board.actions_after(len(pos.hero.temples)) < 4:
        return None
    goals = [c.goal] if c.goal is not None else forced_card_goals(pos)
    screened = [(goal, screen(pos, goal)) for goal in goals]
    for stage in ("misread", "unique"):
        for goal, found in screened:
            if found is not None and found.stage == stage:
                return replace(c, goal=goal), found
    stats: dict[str, int] = {}
    for goal, found in screened:
        if found is not None and found.stage == "needed":
            built = build_needed(c, goal, BUILD_KINDS, stats)
            if built is not None:
                return built
    return None


def find_needed_second_cube(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """The second-cube lesson: a tile placement where the second cube's place matters (some
    legal second cube at the answer's slot and rotation misses the optimum), the answer loads
    it and is unique, and the misreading's line has its second cube where the engine refuses it
    (R-TILE-2): its plan in the believer's world within the optimum when there is one, else the
    answer's line with the cube moved there (as in the lesson second-cube). The misreading
    lines: that one (illegal), and the answer's slot and rotation with a legal second cube that
    misses the optimum, played as well as it can be (dearer)."""
    key = (c.seed, c.edition, len(c.line))
    if key not in NEEDED:
        NEEDED[key] = _needed(c)
    got = NEEDED[key]
    if got is None:
        return None
    at, found = got
    pos = at.pos
    goal = at.goal
    assert goal is not None and found.optimum is not None
    optimum = found.optimum
    answer = line or found.line
    place = answer[0]
    assert isinstance(place, PlaceTile)
    planned = misread_at_slot(pos, goal, place, optimum)
    mis_cost, mis = planned[0] if planned else (None, _moved(pos, answer))
    puzzle = Puzzle("lesson", pos, goal, 1)
    lines: list[tuple[str, tuple[Action, ...]]] = [("any island", mis)]
    choices = second_cube_choices(pos, goal, place, optimum)
    dearer = _dearer(pos, goal, optimum, choices.fail)
    if dearer is not None:
        lines.append(("anywhere on the tile", dearer))
    wrong = mis[0]
    assert isinstance(wrong, PlaceTile)
    out = Found(
        puzzle, lines, _marks(pos, place, wrong), _why(pos, place, wrong, mis, answer, mis_cost, optimum, choices)
    )
    if at.line != c.line:
        out.origin_line = at.line
    return out


def _moved(pos: Position, answer: tuple[Action, ...]) -> tuple[Action, ...]:
    """The answer's line with its second cube (same colour) where the misreading puts it: on the
    island where the boat lies, else on the icon's island (the engine refuses both, R-TILE-2)."""
    place = answer[0]
    assert isinstance(place, PlaceTile)
    boat = pos.hero.boat
    options = []
    for action, after in imagined_placements(pos):
        if (action.slot, action.rotation, action.colour) != (place.slot, place.rotation, place.colour):
            continue
        site = action.cube_site()
        beside = (
            site is not None
            and boat is not None
            and after.board.island_of_dock.get(boat) == after.board.island_at(site)
        )
        options.append((not beside, action))
    options.sort(key=lambda t: t[0])
    return (options[0][1], *answer[1:])


def _dearer(pos: Position, goal: Goal, optimum: int, fail: list[PlaceTile]) -> tuple[Action, ...] | None:
    """The cheapest line from a legal second cube that misses the optimum (on another island of
    the tile first, then another colour), when one reaches the goal this turn."""
    best: tuple[int, int, tuple[Action, ...]] | None = None
    for i, action in enumerate(fail):
        rest = solve(Puzzle("rest", apply(pos, action), goal, 1))
        if rest.status == "OPTIMAL" and rest.optimum is not None:
            key = (rest.optimum, i, (action, *rest.line))
            if best is None or key[:2] < best[:2]:
                best = key
    return None if best is None else best[2]


def first_cube(pos: Position, place: PlaceTile) -> Quad:
    """The piece the placement's first cube (the icon's colour) goes on: the icon's piece."""
    tile = pos.components.tile[pos.hero.tile or ""]
    after = apply(pos, place)
    before = {(q, c): n for q, c, n in pos.cubes}
    icon = pos.components.market.colour_of(tile.icon)
    site = place.cube_site()
    for q, c, n in after.cubes:
        if n > before.get((q, c), 0) and c == icon and (q != site or place.colour != icon):
            return q
    raise LookupError(f"no first cube placed by {place}")


def _marks(pos: Position, place: PlaceTile, wrong: PlaceTile) -> list[Mark]:
    """The picture's marks, on the board after the answer's placement: the boat, the first
    cube's island, the answer's second cube and where the misreading puts it."""
    icon = pos.components.market.colour_of(pos.components.tile[pos.hero.tile or ""].icon)
    site, wrong_site = place.cube_site(), wrong.cube_site()
    assert site is not None and wrong_site is not None
    return [
        boat_mark(pos, "your boat"),
        Mark("island", f"first cube ({icon}): the icon's island", quad=first_cube(pos, place)),
        Mark("site", f"answer: second cube ({place.colour})", quad=site),
        Mark("site", f"misreading: second cube ({wrong.colour}) here", quad=wrong_site),
    ]


def _why(
    pos: Position,
    place: PlaceTile,
    wrong: PlaceTile,
    mis: tuple[Action, ...],
    line: tuple[Action, ...],
    cost: int | None,
    optimum: int,
    choices: Choices,
) -> str:
    """Why the answer lays its second cube where it does, and what the misreading plans, in words."""
    icon = pos.components.market.colour_of(pos.components.tile[pos.hero.tile or ""].icon)
    site, wrong_site = place.cube_site(), wrong.cube_site()
    assert site is not None and wrong_site is not None
    after = apply_unchecked(pos, wrong).board
    boat = pos.hero.boat
    beside = boat is not None and after.island_of_dock.get(boat) == after.island_at(wrong_site)
    where = "the island where the boat lies" if beside else "the icon's island"
    n = len(choices.reach) + len(choices.fail)
    rest = "; ".join(str(a) for a in line[1:])
    theirs = "; ".join(str(a) for a in mis[1:])
    if cost is None:
        plan = f"and plays the answer's line from there: {theirs}"
    else:
        plan = f"and plans {theirs}: {cost} actions, {'fewer than' if cost < optimum else 'as few as'} the answer"
    return (
        f"The answer lays {place}: the {icon} cube on the icon's piece, the second cube ({place.colour}) on "
        f"{format_quad(site)}, a piece of the tile that is another island. Then {rest}. Where the second cube "
        f"goes matters: of the {n} legal choices at this slot and rotation (colour and island), "
        f"{len(choices.fail)} cannot reach the goal in {optimum} actions. The misreading puts it on "
        f"{format_quad(wrong_site)}, on {where} ({wrong}), {plan}; "
        "but the engine refuses that placement (R-TILE-2): the second cube goes on the land of the "
        "tile just laid, on another island than the icon's."
    )
