"""The second-cube finder of tools/make_lessons.py (R-TILE-2): after laying a land tile, the
second cube goes on the tile just laid, on a different island from the icon's.

The misreading ("the second cube may go on any island": where the boat lies, beside the first
cube, ...) is a *believed world* at the tile placement: the player thinks legal, besides the
engine's placements, every placement whose second cube lies on the icon's island (also when
the tile's land all joined one island and the engine places no second cube) or on an island
the tile has no land on (written with a quadrant of the board, `red@1,-2NE`; `WIDE`). Their
plan is the cheapest line to the exercise's goal in that world. The position is kept when
that plan starts with such a placement (the engine refuses it, naming R-TILE-2) and, once
CP-SAT has certified the exercise, costs fewer actions than the real optimum: holding the
misreading changes what the player plays. tools/scan_second_cube.py runs the same steps over
many seeds and counts what each keeps.
"""

from __future__ import annotations

import random
from dataclasses import replace

from akrotiri_puzzles.actions import Action, EndTurn, Load, PlaceTile
from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.components import COLOURS
from akrotiri_puzzles.effects import apply, apply_unchecked
from akrotiri_puzzles.errors import IllegalActionError
from akrotiri_puzzles.geometry import format_quad, global_quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.rules import legal_actions, why_illegal
from akrotiri_puzzles.setup import new_game
from akrotiri_puzzles.solver import solve
from akrotiri_puzzles.teaching import Mark

from .found import Candidate, Found, boat_mark
from .money import fits_somewhere
from .search import CompactGreedy
from .sixth import within_turn

QUADRANTS = ("NE", "NW", "SE", "SW")
BUILD_STATES = 1500
"""States of the hero's previous turn the built finder tries (within_turn's limit)."""
FORCED = 12
"""At most this many of the tile's slots and rotations make the goal's card fit (forced_card_goals)."""
WRONG = ("different island from the icon's", "the tile's land is all one island", "land of the tile just laid")
"""What the engine says of a second cube on the icon's island, or off the tile (rules._check_tile)."""
SCAN_LIMIT: float | None = None
"""Seconds for the real optimum and for each rest of an imagined placement in misread_goals:
None (no clock) in tools/make_lessons.py. tools/scan_second_cube.py sets one, since some of
these solves run for many minutes (seed 784): a goal whose solve runs out is dropped and listed
(GAVE_UP), so what the scan skips depends on the load; a lesson found is certified without a
clock."""
GAVE_UP: list[str] = []
WIDE = True
"""Whether the misreading is "any island" (the boat's, the icon's, ...), not only the icon's."""


def imagined_placements(
    pos: Position, wide: bool | None = None, boat_island_only: bool = False
) -> list[tuple[PlaceTile, Position]]:
    """Placements the misreading thinks legal and the engine refuses for R-TILE-2 alone, with
    the position each would give, one per slot, rotation, colour and island of the second cube:
    the second cube on the icon's island; and, when `wide` (the misreading "the second cube may
    go on any island"), on an island of the board the tile has no land on, named by a quadrant
    of the board (`red@1,-2NE`). Only on the island where the boat lies when
    `boat_island_only`. `wide` defaults to the module's WIDE at the call (tools/scan_second_cube.py
    --narrow sets it to False)."""
    if wide is None:
        wide = WIDE
    tile = pos.hero.tile
    if pos.phase != "place" or tile is None:
        return []
    comps = pos.components
    market = list(pos.market)
    icon = COLOURS.index(comps.market.colour_of(comps.tile[tile].icon))
    if market[icon] > 0:
        market[icon] -= 1
    colours = [c for c, n in zip(COLOURS, market, strict=True) if n > 0]
    out: list[tuple[PlaceTile, Position]] = []
    for slot, rotation in dict.fromkeys((a.slot, a.rotation) for a in legal_actions(pos) if isinstance(a, PlaceTile)):
        board = pos.board.with_tile(slot, tile, rotation)
        boat = board.island_of_dock.get(pos.hero.boat) if pos.hero.boat is not None else None
        wheres: dict[object, str] = {}  # island: the first quadrant naming it
        for q in QUADRANTS:
            if global_quad(slot, q) in board.piece_at:  # land of the tile
                wheres.setdefault(board.island_at(global_quad(slot, q)), q)
        if wide:
            for island, quads in sorted(board.island_quads.items()):
                if island != board.thera_island:
                    wheres.setdefault(island, format_quad(quads[0]))
        for colour in colours:
            for island, where in wheres.items():
                if boat_island_only and island != boat:
                    continue
                action = PlaceTile(slot, rotation, colour, where)
                reason = why_illegal(pos, action)
                if reason is None or "R-TILE-2" not in reason or not any(w in reason for w in WRONG):
                    continue
                out.append((action, apply_unchecked(pos, action)))
    return out


def least_actions(pos: Position, action: PlaceTile, after: Position, goal: Goal) -> int:
    """A lower bound on the actions of a believed plan that starts with this imagined placement
    and gets its worth from the cube it puts on the icon's island: the cube brings money only
    once loaded (1 action, away from Thera), sold at Thera (a Move action after the load) and
    the excavation is away from Thera again (a Move action, then the excavation): 4 actions;
    1 more when the boat must first sail to the icon's island, 1 more when the goal's card is
    still in a deck (a purchase)."""
    site = action.cube_site()
    assert site is not None
    board = after.board
    island = board.island_at(site)
    here = pos.hero.boat is not None and board.island_of_dock.get(pos.hero.boat) == island
    buy = goal.map_card is not None and goal.map_card not in pos.hero.maps
    return 4 + (0 if here else 1) + (1 if buy else 0)


def screened(puzzle: Puzzle, below: int) -> list[tuple[PlaceTile, Position]]:
    """The imagined placements worth solving: a plan starting with one can only matter if it
    costs fewer than `below` actions (the real optimum), so its lower bound (least_actions) must
    be below that. One per slot, rotation, colour and island of the second cube: within the
    turn no tile is laid, so where on its island a cube lies changes nothing (a load takes it
    from anywhere on the island). (A screen: a second cube that changes a sale price without
    being loaded is not looked at.)"""
    pos = puzzle.start
    goal = puzzle.goal
    spare = below - 4 - (1 if goal.map_card is not None and goal.map_card not in pos.hero.maps else 0)
    if spare < 1:
        return []  # least_actions is 4 or more, with the purchase
    return [
        (action, after)
        for action, after in imagined_placements(pos, boat_island_only=spare == 1)
        if least_actions(pos, action, after, goal) < below
    ]


def believed_plan(puzzle: Puzzle, optimum: int) -> tuple[int, tuple[Action, ...]] | None:
    """The misreading's plan when it costs fewer actions than the real optimum: the cheapest
    line that starts with an imagined placement (the first in the engine's order on a tie),
    each rest of the turn solved by CP-SAT (one worker, seed 0, no time limit, asked only for
    lines shorter than the best so far). Every legal placement's line costs the optimum or
    more, so this is the cheapest plan in the believer's world. None when no imagined
    placement beats the optimum.

    The imagined placements of one slot and rotation are first asked together through their
    cover (analysis/placement.cover: every cube any of them lays, the fewest left on the market
    per colour), which dominates each of them: when no line from the cover beats the best so
    far, none of theirs does, and the group is skipped (seed 784 has 4,992 imagined placements
    in 59 groups). The plan found is the one asking each in turn finds."""
    best: tuple[int, tuple[Action, ...]] | None = None
    groups: dict[tuple[object, int], list[tuple[PlaceTile, Position]]] = {}
    for action, after in screened(puzzle, optimum):
        groups.setdefault((action.slot, action.rotation), []).append((action, after))
    for group in groups.values():
        ceiling = (best[0] if best is not None else optimum) - 1
        top = cover([after for _, after in group]) if len(group) > 1 else None
        if top is not None:
            found = solve(Puzzle("rest", top, puzzle.goal, 1), most=ceiling, time_limit=SCAN_LIMIT)
            if found.timed_out:
                GAVE_UP.append(f"cover of {group[0][0].slot} r{group[0][0].rotation} ({SCAN_LIMIT} s): goal dropped")
                return None
            if found.status == "INFEASIBLE":
                continue
        for action, after in group:
            ceiling = (best[0] if best is not None else optimum) - 1
            found = solve(Puzzle("rest", after, puzzle.goal, 1), most=ceiling, time_limit=SCAN_LIMIT)
            if found.timed_out:
                GAVE_UP.append(f"{action} ({SCAN_LIMIT} s): the goal is dropped")
                return None
            if found.status == "OPTIMAL" and found.optimum is not None and found.optimum <= ceiling:
                best = (found.optimum, (action, *found.line))
    return best


def forced_card_goals(pos: Position, most: int = FORCED) -> list[Goal]:
    """Goals "excavate with map card X" whose placement the card nearly forces: X (in hand, or
    one of the first three of a deck) fits no site the hero could dig now, fits one after at
    most `most` of the tile's slots and rotations, and costs more than the hero's drachmas (with
    the purchase): the tile's cubes may pay for it. A screen for a unique answer."""
    comps = pos.components
    prices = comps.setup.map_prices
    cards = {k: 0 for k in sorted(set(pos.hero.maps))}
    for deck in pos.map_decks:
        for depth, k in enumerate(deck[:3], 1):
            cards.setdefault(k, prices[depth - 1])
    short = [k for k, p in cards.items() if comps.map[k].cost + p > pos.hero.drachmas and not fits_somewhere(pos, k)]
    if not short:
        return []
    places: dict[tuple[tuple[int, int], int], PlaceTile] = {}
    for a in legal_actions(pos):
        if isinstance(a, PlaceTile):
            places.setdefault((a.slot, a.rotation), a)
    afters = [apply(pos, a) for a in places.values()]
    return [Goal(1, k) for k in short if 0 < sum(fits_somewhere(p, k) for p in afters) <= most]


def fitting_places(pos: Position, card: str) -> int:
    """How many of the tile's slots and rotations make the map card fit a site the hero could
    dig (forced_card_goals keeps cards with 1 to FORCED of them)."""
    places: dict[tuple[tuple[int, int], int], PlaceTile] = {}
    for a in legal_actions(pos):
        if isinstance(a, PlaceTile):
            places.setdefault((a.slot, a.rotation), a)
    return sum(fits_somewhere(apply(pos, a), card) for a in places.values())


def loads_second_cube(pos: Position, line: tuple[Action, ...]) -> bool:
    """Whether a line starts with a tile placement whose second cube's colour is then loaded on
    the island it lies on: a screen (the cube loaded may be another of that colour on the same
    island); whether the line needs that cube is for the lesson's tests to prove."""
    if not line or not isinstance(line[0], PlaceTile):
        return False
    place = line[0]
    site = place.cube_site()
    if site is None or place.colour is None:
        return False
    at = apply(pos, place)
    island = at.board.island_at(site)
    for action in line[1:]:
        if isinstance(action, Load) and place.colour in action.colours:
            boat = at.hero.boat
            if boat is not None and at.board.island_of_dock.get(boat) == island:
                return True
        at = apply(at, action)
    return False


def placement_turn(pos: Position) -> int | None:
    """The actions of the turn a tile placement starts, when the lesson can show there: the
    hero holds a tile, its boat is on the board, and the turn has 5 actions or more (a believed
    plan takes 4 or more, least_actions, and must beat the real optimum). None otherwise."""
    if pos.phase != "place" or pos.hero.tile is None or pos.hero.boat is None:
        return None
    actions = pos.components.player_board.actions_after(len(pos.hero.temples))
    return actions if actions >= 5 else None


def misread_goals(pos: Position, goals: list[Goal] | None = None) -> list[tuple[Goal, int, tuple[Action, ...]]]:
    """The goals (forced_card_goals unless given) at which the misreading's plan starts with a
    placement the engine refuses (R-TILE-2) and costs fewer actions than the real optimum
    (CP-SAT), each with that plan's cost and line. Empty when placement_turn rules it out."""
    actions = placement_turn(pos)
    if actions is None:
        return []
    out = []
    for goal in forced_card_goals(pos) if goals is None else goals:
        puzzle = Puzzle("lesson", pos, goal, 1)
        if not screened(puzzle, actions):
            continue
        real = solve(puzzle, time_limit=SCAN_LIMIT)
        if real.timed_out:
            GAVE_UP.append(f"real optimum of {goal.describe()} ({SCAN_LIMIT} s)")
            continue
        if real.status != "OPTIMAL" or real.optimum is None:
            continue
        believed = believed_plan(puzzle, real.optimum)
        if believed is None:
            continue
        first = believed[1][0]
        assert isinstance(first, PlaceTile)
        if "R-TILE-2" in (why_illegal(pos, first) or ""):
            out.append((goal, *believed))
    return out


def find_second_cube(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """A tile placement where the misreading's plan puts the second cube where the engine
    refuses it (R-TILE-2), and costs fewer actions than the real optimum."""
    pos = c.pos
    found = misread_goals(pos, [c.goal] if c.goal is not None else None)
    if not found:
        return None
    goal, cost, mis = found[0]
    puzzle = Puzzle("lesson", pos, goal, 1)
    first = mis[0]
    assert isinstance(first, PlaceTile)
    if not line:
        return Found(puzzle, [("any island", mis)], [boat_mark(pos, "your boat")])
    # The certified answer: the misreading must save actions in the believer's eyes.
    answer = replay(puzzle, line)
    if answer.cost <= cost:
        return None
    place = line[0]
    assert isinstance(place, PlaceTile)
    return Found(
        puzzle,
        [("any island", mis)],
        _marks(pos, place, first, line),
        _why(pos, place, first, mis, line, cost, answer.cost),
    )


def unique_goal(pos: Position, goals: list[Goal]) -> Goal | None:
    """The first of the goals (each already shown by misread_goals) whose exercise CP-SAT
    proves unique (the built finder tries many positions and needs the proof to choose among
    them)."""
    for goal in goals:
        result = solve(Puzzle("lesson", pos, goal, 1), unique=True)
        if result.status == "OPTIMAL" and result.unique is True:
            return goal
    return None


BUILT: dict[tuple[int, int, int], Candidate | None] = {}
"""The built finder's choice at each candidate (seed, edition, actions played), so that its second
look, with the certified answer, finds the same position."""


def find_built_second_cube(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """The second-cube lesson at a tile placement of a seeded game, or at one built by legal
    play: when the game's own placement shows the misreading's shorter plan but the answer is
    not unique, the other seat's last turn is played otherwise (each way of ending it, breadth
    first through the engine, `within_turn`: where its boat stops, what it buys and sells
    changes the hero's options), then the hero's previous turn (the other seat's turn then by
    the same greedy bot), and the hero's placement (the same tile) is looked at again.
    The whole line from the new game goes into the lesson's origin."""
    key = (c.seed, c.edition, len(c.line))
    if key not in BUILT:
        BUILT[key] = _built(c)
    at = BUILT[key]
    if at is None:
        return None
    found = find_second_cube(replace(at, goal=c.goal or at.goal), line)
    if found is not None and at.line != c.line:
        found.origin_line = at.line
    return found


def _built(c: Candidate) -> Candidate | None:
    """The candidate (with its goal) where find_built_second_cube finds a unique lesson."""
    pos = c.pos
    goals = [g for g, _, _ in misread_goals(pos)]
    if not goals:
        return None  # the game's own placement does not show the misreading
    goal = unique_goal(pos, goals)
    if goal is not None:
        return replace(c, goal=goal)
    states = [new_game(pos.components, c.seed, c.edition)]
    for action in c.line:
        states.append(apply(states[-1], action))
    hero = pos.to_move
    seen: set[object] = set()
    for start, kind in variant_starts(c, states):
        print(f"  seed {c.seed} action {len(c.line)}: built variants from action {start} ({kind})", flush=True)
        tried = other = 0
        for at, path in ways_to_play(states[start], kind):
            ended, moves = play_on(at, path, hero, c.seed)
            if ended is None or ended.phase != "place" or ended.hero.tile != pos.hero.tile:
                other += 1
                continue
            if ended.key() in seen:
                continue
            seen.add(ended.key())
            tried += 1
            # The goals the game's own placement showed, the uniqueness (the rarer) asked first.
            goal = next((g for g in goals if unique_goal(ended, [g]) and misread_goals(ended, [g])), None)
            if goal is not None:
                return Candidate(c.seed, c.edition, c.line[:start] + moves, ended, goal=goal)
        print(f"    {tried} new positions looked at, none unique; {other} variants reach another tile", flush=True)
    return None


KINDS = (("other", "place"), ("hero", "place"), ("other", "act"), ("hero", "act"))
"""The earlier turns the built finder plays otherwise, cheapest first: the other seat's last
tile placement (fewest variants), the hero's previous tile placement (then its action phase by
the greedy bot; 128 variants, 27 s CPU at seed 42), the other seat's last action phase, the
hero's previous action phase."""


def variant_starts(
    c: Candidate, states: list[Position], kinds: tuple[tuple[str, str], ...] | None = None
) -> list[tuple[int, str]]:
    """Where the built finder plays otherwise (index into the line, and "act" or "place"), in
    the order of `kinds` (KINDS when not given)."""
    pos = c.pos
    out = []
    for who, kind in KINDS if kinds is None else kinds:
        seat = pos.other if who == "other" else pos.to_move
        found = [
            i
            for i in range(1, len(c.line))
            if states[i].to_move == seat
            and states[i].phase == kind
            and (kind == "place" or isinstance(c.line[i - 1], PlaceTile))
        ]
        if found:
            out.append((found[-1], kind))
    return out


def ways_to_play(start: Position, kind: str) -> list[tuple[Position, tuple[Action, ...]]]:
    """Each way of playing from `start`: every end of the action phase (within_turn, up to
    BUILD_STATES states), or every legal tile placement (the engine's first colour of each
    second cube's piece)."""
    if kind == "place":
        # One colour per slot, rotation and second cube's piece: the colour changes little.
        places = {
            (a.slot, a.rotation, a.quadrant): a for a in reversed(legal_actions(start)) if isinstance(a, PlaceTile)
        }
        return [(apply(start, a), (a,)) for a in reversed(places.values())]
    return within_turn(start, BUILD_STATES)


def play_on(at: Position, path: tuple[Action, ...], hero: str, seed: int) -> tuple[Position | None, tuple[Action, ...]]:
    """From a variant, the rest of the play to the hero's placement: the turn ended (if in the
    action phase), then the compact greedy bot for the seat to move until the hero is to move."""
    moves: list[Action] = list(path)
    if at.phase == "act" and not (path and isinstance(path[-1], PlaceTile)):
        try:
            at = apply(at, EndTurn())
        except IllegalActionError:
            return None, ()
        moves.append(EndTurn())
    rng = random.Random(seed)
    bot = CompactGreedy()
    while (at.to_move != hero or at.phase != "place") and at.phase != "over":
        action = bot.choose(at, rng)
        moves.append(action)
        at = apply(at, action)
    return at, tuple(moves)


def _marks(pos: Position, place: PlaceTile, wrong: PlaceTile, line: tuple[Action, ...] = ()) -> list[Mark]:
    """The picture's marks (drawn after the answer's placement): the boat, the answer's second
    cube, where the answer loads when it does not load that cube, and where the misreading
    puts its second cube."""
    marks = [boat_mark(pos, "your boat")]
    site = place.cube_site()
    if site is not None:
        marks.append(Mark("site", f"answer: second cube ({place.colour}), on the tile", quad=site))
    load = _answer_load(pos, line)
    if load is not None and not loads_second_cube(pos, line):
        marks.append(Mark("dock", f"answer: load {' '.join(load[1])} here", dock=load[0]))
    wrong_site = wrong.cube_site()
    assert wrong_site is not None
    beside = "where the boat lies" in _where(pos, wrong)
    marks.append(
        Mark(
            "site", f"misreading: second cube ({wrong.colour}) here{', by the boat' if beside else ''}", quad=wrong_site
        )
    )
    return marks


def _answer_load(pos: Position, line: tuple[Action, ...]) -> tuple[str, tuple[str, ...]] | None:
    """The dock and colours of the answer's first load, or None."""
    if not line:
        return None
    at = pos
    for action in line:
        if isinstance(action, Load) and at.hero.boat is not None:
            return at.hero.boat, tuple(action.colours)
        at = apply(at, action)
    return None


def _where(pos: Position, wrong: PlaceTile) -> str:
    """Where the misreading puts its second cube, in words."""
    site = wrong.cube_site()
    assert site is not None
    board = apply_unchecked(pos, wrong).board
    island = board.island_at(site)
    boat = pos.hero.boat
    words = format_quad(site)
    if boat is not None and board.island_of_dock.get(boat) == island:
        return f"{words}, on the island where the boat lies"
    if wrong.quadrant is not None and "," not in wrong.quadrant:
        return f"{words}, on the icon's island"
    return f"{words}, an island the tile has no land on"


def _why(
    pos: Position,
    place: PlaceTile,
    wrong: PlaceTile,
    mis: tuple[Action, ...],
    line: tuple[Action, ...],
    cost: int,
    optimum: int,
) -> str:
    """Why the answer lays its tile as it does and what the misreading plans, in words."""
    icon = pos.components.market.colour_of(pos.components.tile[pos.hero.tile].icon) if pos.hero.tile else "?"
    site = place.cube_site()
    where = (
        f"the second cube ({place.colour}) on {format_quad(site)}, an island of the tile apart from the icon's"
        if site is not None
        else "no second cube (the tile's land is all one island)"
    )
    rest = "; ".join(str(a) for a in line[1:])
    theirs = "; ".join(str(a) for a in mis[1:])
    load = _answer_load(pos, line)
    unused = ""
    if site is not None and load is not None and not loads_second_cube(pos, line):
        unused = (
            f" The answer does not load its second cube: the cubes it sells ({' '.join(load[1])}) are loaded at "
            f"{load[0]}, where the boat must sail first."
        )
    return (
        f"The answer lays {place}: the {icon} cube on the icon's piece, {where}. Then {rest}.{unused} "
        f"The misreading lays {wrong}, the second cube ({wrong.colour}) on {_where(pos, wrong)}, "
        f"and plans {theirs}: {cost} actions in its eyes against {optimum}, but the engine refuses that "
        "placement (R-TILE-2): the second cube goes on the land of the tile just laid, on another island than the icon's."
    )


__all__ = [
    "believed_plan",
    "find_built_second_cube",
    "find_second_cube",
    "fitting_places",
    "forced_card_goals",
    "imagined_placements",
    "least_actions",
    "loads_second_cube",
    "misread_goals",
    "placement_turn",
    "screened",
    "unique_goal",
]
