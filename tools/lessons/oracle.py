"""The oracle finder of tools/make_lessons.py (R-ORA-1, R-END-1): the oracle costs an action
and brings a land tile that is laid only at the start of the next turn; no tile is drawn at the
end of the turn it was consulted.

The misreading ("the oracle's tile can be laid at once") is a *believed world* in the action
phase: besides the engine's actions, the player thinks they may consult the oracle for an icon
and lay the tile it brings straight away (with its cubes), then go on with the turn. They
consult it first (an action that ends no Move action, so nothing is lost by taking it first),
lay the tile wherever it helps most, and play the cheapest rest of the turn. The position is
kept when that plan reaches the exercise's goal (a temple this turn) in fewer actions than the
real optimum: holding the misreading changes what the player plays, and the engine refuses
the placement (R-TURN-1: a land tile is played at the start of the turn).

To keep the scan cheap, a placement is searched only when the tile it lays makes a map card in
hand fit a site it did not fit before, on an island the hero could dig.
"""

from __future__ import annotations

from akrotiri_puzzles.actions import Action, Oracle, PlaceTile
from akrotiri_puzzles.components import DECKS, ICONS
from akrotiri_puzzles.effects import apply, apply_unchecked
from akrotiri_puzzles.geometry import Quad, format_quad
from akrotiri_puzzles.position import Position, evolve
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.rules import legal_actions, temple_island_set, why_illegal
from akrotiri_puzzles.solver import search
from akrotiri_puzzles.teaching import Mark

from .found import Candidate, Found, boat_mark, first_dig
from .money import fits_somewhere
from .search import card_fits


def fitting(pos: Position, goal: Goal) -> set[tuple[str, Quad]]:
    """(map card, site) pairs where the card fits, from the hero's seat, on an island with docks,
    not Thera, and without a temple (R-EXC-1, R-EXC-2): the goal's card, or every card in hand."""
    board = pos.board
    taken = temple_island_set(pos)
    out: set[tuple[str, Quad]] = set()
    cards = [goal.map_card] if goal.map_card is not None else sorted(set(pos.hero.maps))
    for island, quads in board.island_quads.items():
        if island == board.thera_island or island in taken or island not in board.docks_of_island:
            continue
        for q in quads:
            out.update((k, q) for k in cards if card_fits(pos, pos.to_move, k, q))
    return out


def least_cost(pos: Position, new: set[tuple[str, Quad]]) -> int:
    """A lower bound on a plan that consults the oracle and digs with one of the `new` (card,
    site) pairs: the oracle, the excavation, and a Move action unless the site's island is the
    one where the boat lies; for a card still in a deck, a purchase at Thera and a Move action
    from there (and one to get there). A card the drachmas and the cargo (at the best price)
    cannot pay is left out. 99 when no pair is left."""
    board = pos.board
    prices = pos.components.setup.map_prices
    money = pos.hero.drachmas + max(pos.components.market.track) * len(pos.hero.cargo)
    at_thera = pos.hero.boat in board.docks_of_island[board.thera_island]
    best = 99
    for card, site in new:
        held = card in pos.hero.maps
        if pos.components.map[card].cost + (0 if held else prices[0]) > money:
            continue
        if held:
            here = pos.hero.boat in board.docks_of_island.get(board.island_at(site), ())
            best = min(best, 2 if here else 3)
        else:
            best = min(best, 4 if at_thera else 5)
    return best


def oracle_tiles(pos: Position) -> list[tuple[Oracle, Position]]:
    """Each icon the oracle can be asked for now (R-ORA-1), with the position after consulting
    it; one per tile it brings (two icons may bring the same tile when the pile runs out)."""
    out: list[tuple[Oracle, Position]] = []
    seen: set[str | None] = set()
    for icon in ICONS:
        action = Oracle(icon)
        if why_illegal(pos, action) is not None:
            continue
        after = apply(pos, action)
        if after.hero.tile in seen:
            continue
        seen.add(after.hero.tile)
        out.append((action, after))
    return out


def laid_at_once(after: Position, boards: bool = False) -> list[tuple[PlaceTile, Position]]:
    """The placements a player holding the misreading thinks possible right after the oracle:
    every placement the engine would allow at the start of a turn, with the position each would
    give (the action phase goes on with the actions that were left). With `boards`, one
    placement per slot and rotation (its second cube the first the engine lists)."""
    place = evolve(after, phase="place")
    out: list[tuple[PlaceTile, Position]] = []
    seen: set[object] = set()
    for action in legal_actions(place):
        assert isinstance(action, PlaceTile)
        if boards:
            if (action.slot, action.rotation) in seen:
                continue
            seen.add((action.slot, action.rotation))
        laid = apply_unchecked(place, action)
        laid = evolve(laid, actions_left=after.actions_left, points=0, passing=False, oracle_used=True)
        if laid.key() in seen:
            continue
        seen.add(laid.key())
        out.append((action, laid))
    return out


def least_plan(puzzle: Puzzle) -> int:
    """A lower bound on the misreading's plan over every oracle and placement (least_cost)."""
    pos = puzzle.start
    before = fitting(pos, puzzle.goal)
    return min(
        (
            least_cost(laid, fitting(laid, puzzle.goal) - before)
            for _, after in oracle_tiles(pos)
            for _, laid in laid_at_once(after, boards=True)
        ),
        default=99,
    )


def believed_plan(puzzle: Puzzle, below: int, nodes: int = 3000) -> tuple[int, tuple[Action, ...]] | None:
    """The cheapest line (fewest actions; the first oracle and placement in the engine's order on
    a tie) that consults the oracle, lays its tile at once and reaches the goal, if it costs
    fewer than `below` actions; None otherwise, or when a search it needs does not finish.
    Only placements that make a card in hand fit a new site are searched (the screen above)."""
    pos = puzzle.start
    before = fitting(pos, puzzle.goal)
    best: tuple[int, tuple[Action, ...]] | None = None
    for oracle, after in oracle_tiles(pos):
        if after.actions_left < 1:
            continue
        bound: dict[tuple[tuple[int, int], int], int] = {}  # the screen, by slot and rotation
        for place, laid in laid_at_once(after):
            limit = below if best is None else best[0]
            key = (place.slot, place.rotation)
            if key not in bound:
                bound[key] = least_cost(laid, fitting(laid, puzzle.goal) - before)
            if bound[key] >= limit:
                continue
            found = search(Puzzle("rest", laid, puzzle.goal, 1), max_nodes=nodes)
            if not found.complete:
                return None
            if found.optimum is not None and 1 + found.optimum < limit:
                best = (1 + found.optimum, (oracle, place, *found.line))
    return best


def deck_goals(pos: Position) -> list[Goal]:
    """A temple with one of the first three cards of a deck (revealed by the exercise)
    that fits a site now: the card must be bought, so the exercise runs through Thera."""
    goals = []
    for cards in pos.map_decks:
        for card in cards[:3]:
            if card not in pos.hero.maps and fits_somewhere(pos, card):
                goals.append(Goal(1, card))
    return goals


def _exercise(
    c: Candidate, line: tuple[Action, ...]
) -> tuple[Puzzle, tuple[Action, ...], int, tuple[int, tuple[Action, ...]]] | None:
    """The exercise (its goal: the one chosen before, or a temple with a given map card, in hand
    or among the first three of a deck), a best line (the certified answer once there is one),
    its optimum and the misreading's plan. Naming the card makes a unique answer likelier: "any
    temple" often has several (another card bought and played)."""
    pos = c.pos
    if c.goal is not None:
        goals = [c.goal]
    else:
        goals = [Goal(1, k) for k in sorted(set(pos.hero.maps))]
        if pos.actions_left == pos.components.player_board.actions_after(len(pos.hero.temples)):
            goals += deck_goals(pos)  # only where the action phase starts: fewer, larger searches
    for goal in goals:
        puzzle = c.puzzle(1, goal)
        if least_plan(puzzle) >= pos.actions_left:
            continue  # the plan must cost fewer actions than the optimum, which is at most those left
        best = line
        if not line:
            found = search(puzzle, max_nodes=8000)
            if not found.complete or found.optimum is None:
                continue
            best = found.line
        if not best:
            continue
        optimum = replay(puzzle, best).cost
        if optimum < 3:
            continue  # the oracle and an excavation take 2 actions: the plan must save one
        believed = believed_plan(puzzle, optimum)
        if believed is not None:
            return puzzle, best, optimum, believed
    return None


def find_oracle(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """An action phase where the misreading's plan consults the oracle and lays its tile at
    once, which the engine refuses, and would reach the goal in fewer actions than the optimum."""
    pos = c.pos
    if pos.phase != "act" or pos.hero.tile is not None or pos.oracle_used or not pos.land_pile:
        return None
    if pos.actions_left < 2:
        return None
    got = _exercise(c, line)
    if got is None:
        return None
    puzzle, line, optimum, (cost, mis) = got
    oracle, place = mis[0], mis[1]
    assert isinstance(oracle, Oracle) and isinstance(place, PlaceTile)
    if why_illegal(apply(pos, oracle), place) is None:
        return None
    dig, wrong = first_dig(line), first_dig(mis)
    assert dig is not None and wrong is not None
    after = apply(pos, oracle)
    tile = after.hero.tile
    marks = [boat_mark(pos, "your boat"), Mark("site", f"the answer digs here ({dig.card})", quad=dig.site)]
    if wrong.site in pos.board.piece_at and not card_fits(pos, pos.to_move, wrong.card, wrong.site):
        marks.append(Mark("site", f"{wrong.card} fits here only with the oracle's tile", quad=wrong.site))
    why = (
        f"{dig.card} fits {format_quad(dig.site)}; the line reaches it in {optimum} actions. The oracle would "
        f"bring tile {tile} ({oracle.icon}) for one action, but that tile is laid only at the start of the next "
        f"turn (and no tile is drawn at the end of this one), so it cannot help a temple this turn. The "
        f"misreading consults it, lays the tile at {place.slot[0]},{place.slot[1]} at once and digs "
        f"{format_quad(wrong.site)} with {wrong.card}, {cost} actions in its eyes; the engine refuses the "
        "placement."
    )
    task = ""
    card = puzzle.goal.map_card
    if card is not None and card not in pos.hero.maps:
        deck, depth = next(
            (d, cards.index(card) + 1) for d, cards in zip(DECKS, pos.map_decks, strict=True) if card in cards
        )
        task = f"{card} is not in your hand: it is card {depth} of the {deck} deck (the exercise reveals the top cards of each deck)."
    return Found(puzzle, [("at once", mis)], marks, why, task)


__all__ = ["believed_plan", "find_oracle", "fitting", "laid_at_once", "oracle_tiles"]
