"""The second-cube finder of tools/make_lessons.py (R-TILE-2): after laying a land tile, the
second cube goes on a different island that has land on the tile, never on the icon's island.

The misreading ("both cubes may go on the icon's island") is a *believed world* at the tile
placement: the player thinks legal, besides the engine's placements, every placement whose
second cube lies on the icon's island (also when the tile's land all joined one island and
the engine places no second cube). Their plan is the cheapest line to the exercise's goal in
that world. The position is kept when that plan starts with such a placement (the engine
refuses it, naming R-TILE-2) and, once CP-SAT has certified the exercise, costs fewer actions
than the real optimum: holding the misreading changes what the player plays.
"""

from __future__ import annotations

from lesson_found import Candidate, Found, _boat
from lesson_money import money_goals, sale_price

from akrotiri_puzzles.actions import Action, PlaceTile
from akrotiri_puzzles.components import COLOURS
from akrotiri_puzzles.effects import apply, apply_unchecked
from akrotiri_puzzles.geometry import format_quad, global_quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.rules import legal_actions, why_illegal
from akrotiri_puzzles.solver import search
from akrotiri_puzzles.teaching import Mark

QUADRANTS = ("NE", "NW", "SE", "SW")
WRONG = ("different island from the icon's", "the tile's land is all one island")
"""What the engine says of a second cube on the icon's island (rules._check_tile)."""


def imagined_placements(pos: Position) -> list[tuple[PlaceTile, Position]]:
    """Placements the misreading thinks legal and the engine refuses for R-TILE-2 alone: the
    second cube on a piece of the icon's island; with the position each would give."""
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
    seen: set[object] = set()
    for slot, rotation in dict.fromkeys((a.slot, a.rotation) for a in legal_actions(pos) if isinstance(a, PlaceTile)):
        board = pos.board.with_tile(slot, tile, rotation)
        for colour in colours:
            for quadrant in QUADRANTS:
                if global_quad(slot, quadrant) not in board.piece_at:
                    continue  # sea: no piece to take a cube
                action = PlaceTile(slot, rotation, colour, quadrant)
                reason = why_illegal(pos, action)
                if reason is None or "R-TILE-2" not in reason or not any(w in reason for w in WRONG):
                    continue
                after = apply_unchecked(pos, action)
                if after.key() in seen:
                    continue  # another quadrant of the same piece
                seen.add(after.key())
                out.append((action, after))
    return out


def least_actions(pos: Position, action: PlaceTile, after: Position, goal: Goal) -> int:
    """A lower bound on the actions of a believed plan that starts with this imagined placement
    and gets its worth from the cube it puts on the icon's island: the cube brings money only
    once loaded (1 action, away from Thera), sold at Thera (a Move action after the load) and
    the excavation is away from Thera again (a Move action, then the excavation): 4 actions;
    1 more when the boat must first sail to the icon's island, 1 more when the goal's card is
    still in a deck (a purchase)."""
    assert action.quadrant is not None
    board = after.board
    island = board.island_at(global_quad(action.slot, action.quadrant))
    here = pos.hero.boat is not None and board.island_of_dock.get(pos.hero.boat) == island
    buy = goal.map_card is not None and goal.map_card not in pos.hero.maps
    return 4 + (0 if here else 1) + (1 if buy else 0)


def screened(puzzle: Puzzle) -> list[tuple[PlaceTile, Position]]:
    """The imagined placements worth searching: a plan starting with one can only matter if it
    costs fewer actions than the real optimum, which is at most the turn's actions, so its lower
    bound (least_actions) must be below them. (A screen: a second cube that changes a sale
    price without being loaded is not looked at.)"""
    pos = puzzle.start
    actions = pos.components.player_board.actions_after(len(pos.hero.temples))
    return [(a, after) for a, after in imagined_placements(pos) if least_actions(pos, a, after, puzzle.goal) < actions]


def _rest(pos: Position, goal: Goal, nodes: int) -> tuple[int, tuple[Action, ...]] | None:
    """The cheapest line to the goal from the action phase after a placement (exhaustive
    search), or None when it does not finish or there is none."""
    found = search(Puzzle("rest", pos, goal, 1), max_nodes=nodes)
    if not found.complete or found.optimum is None:
        return None
    return found.optimum, found.line


def believed_plan(puzzle: Puzzle, nodes: int = 3000) -> tuple[int, tuple[Action, ...]] | None:
    """The cheapest line (fewest actions; the first placement in the engine's order on a tie)
    that starts with a placement the misreading imagines, each rest searched exhaustively;
    None if one search does not finish (then the plan is not known). Only the screened
    placements are tried: the others cannot cost fewer actions than the turn has."""
    best: tuple[int, tuple[Action, ...]] | None = None
    for action, after in screened(puzzle):
        found = search(Puzzle("rest", after, puzzle.goal, 1), max_nodes=nodes)
        if not found.complete:
            return None
        if found.optimum is not None and (best is None or found.optimum < best[0]):
            best = (found.optimum, (action, *found.line))
    return best


def promising(puzzle: Puzzle, nodes: int = 1500) -> bool:
    """A cheap first look, slot and rotation at a time: whether an imagined placement's rest
    costs fewer actions than every legal placement's of the same slot and rotation (each
    searched within `nodes` states; an unfinished search rules the slot and rotation out).
    Only the second cube's dearest colour is looked at (a screen: believed_plan tries all)."""
    pos = puzzle.start
    # Only money makes a cube worth loading here: of the colours, look at the dearest to sell.
    imagined = screened(puzzle)
    colours = {a.colour for a, _ in imagined if a.colour is not None}
    if not colours:
        return False
    dearest = max(sorted(colours), key=lambda c: sale_price(pos, c))
    legal = [a for a in legal_actions(pos) if isinstance(a, PlaceTile) and a.colour in (None, dearest)]
    groups: dict[tuple[tuple[int, int], int], list[int]] = {}
    for action, after in imagined:
        if action.colour != dearest:
            continue
        found = _rest(after, puzzle.goal, nodes)
        if found is not None:
            groups.setdefault((action.slot, action.rotation), []).append(found[0])
    for (slot, rotation), costs in groups.items():
        real = [
            search(Puzzle("rest", apply(pos, a), puzzle.goal, 1), max_nodes=nodes)
            for a in legal
            if (a.slot, a.rotation) == (slot, rotation)
        ]
        if all(f.complete and (f.optimum is None or f.optimum > min(costs)) for f in real):
            return True
    return False


def needs_tile_cubes(pos: Position, goal: Goal) -> bool:
    """A cheap screen: the goal's excavation costs more than the drachmas in hand and the cargo
    could bring (every cube at the best price now), and no more than that plus two cubes: the
    tile's cubes can then decide the line."""
    cards = [goal.map_card] if goal.map_card is not None else sorted(set(pos.hero.maps))
    if not cards:
        return False
    deficit = min(pos.components.map[k].cost for k in cards) - pos.hero.drachmas
    track = len(pos.components.market.track)
    best = max((sale_price(pos, c) for c in COLOURS if pos.market[COLOURS.index(c)] < track), default=0)
    cargo = best * len(pos.hero.cargo)
    return cargo < deficit <= cargo + 2 * best


def find_second_cube(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """A tile placement where the misreading's plan puts the second cube on the icon's island,
    which the engine refuses (R-TILE-2), and the real optimum is dearer than that plan."""
    pos = c.pos
    if pos.phase != "place" or pos.hero.tile is None or pos.hero.boat is None:
        return None
    if pos.components.player_board.actions_after(len(pos.hero.temples)) < 5:
        return None  # a believed plan takes 4 actions or more (least_actions) and must beat the optimum
    goals = [c.goal] if c.goal is not None else [g for g in money_goals(pos) if needs_tile_cubes(pos, g)]
    for goal in goals:
        puzzle = Puzzle("lesson", pos, goal, 1)
        if not screened(puzzle) or not promising(puzzle):
            continue
        believed = believed_plan(puzzle)
        if believed is None or not believed[1]:
            continue
        cost, mis = believed
        first = mis[0]
        if not isinstance(first, PlaceTile) or why_illegal(pos, first) is None:
            continue  # the misreading plays a legal placement: it changes nothing here
        if line:
            # The certified answer: the misreading must save actions in the believer's eyes.
            answer = replay(puzzle, line)
            if answer.cost <= cost:
                return None
            place = line[0]
            assert isinstance(place, PlaceTile)
            return Found(puzzle, [("same island", mis)], _marks(pos, place, first), _why(pos, place, first, mis))
        return Found(puzzle, [("same island", mis)], [_boat(pos, "your boat")])
    return None


def _marks(pos: Position, place: PlaceTile, wrong: PlaceTile) -> list[Mark]:
    marks = [_boat(pos, "your boat")]
    if place.quadrant is not None:
        marks.append(
            Mark(
                "site",
                f"second cube ({place.colour}): a different island",
                quad=global_quad(place.slot, place.quadrant),
            )
        )
    assert wrong.quadrant is not None
    if (wrong.slot, wrong.rotation) == (place.slot, place.rotation):
        marks.append(Mark("site", "not here: the icon's island", quad=global_quad(wrong.slot, wrong.quadrant)))
    return marks


def _why(pos: Position, place: PlaceTile, wrong: PlaceTile, mis: tuple[Action, ...]) -> str:
    where = (
        f"the {place.colour} cube goes on {format_quad(global_quad(place.slot, place.quadrant))}, an island apart from the icon's"
        if place.quadrant is not None
        else "no second cube can be placed"
    )
    assert wrong.quadrant is not None
    return (
        f"{place}: {where}. The misreading lays {wrong}, the second cube on "
        f"{format_quad(global_quad(wrong.slot, wrong.quadrant))}, on the icon's island, and plans the "
        "rest of the turn from there; the engine refuses that placement (R-TILE-2)."
    )


__all__ = [
    "believed_plan",
    "find_second_cube",
    "imagined_placements",
    "least_actions",
    "needs_tile_cubes",
    "promising",
    "screened",
]
