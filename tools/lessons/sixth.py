"""A sharper last-round lesson (R-END-2) for tools/make_lessons.py: "the game ends the moment the
sixth temple is dug". The turn goes on after it (the engine lets the digger play its remaining
actions), and if the first player dug it, the other still plays a turn.

The exercise is a score goal certified like lessons/last.py's (the endgame analyser: X best, X+1
infeasible, unique), at a position of a turn whose best line digs the hero's last temple and
then scores more (sells cubes at Thera). The misreading's holder plans in a believed world
where a line stops at that excavation (`ends_at_sixth`, an exhaustive search through the
engine); the position is kept only if their best scores less than X.

In the bots' games the best line never digs before its end (the sales come first, on the way),
so the position is built by legal play: from the start of a seeded game's action phase where
the hero has one temple left, the hero's own moves within the turn (`within_turn`, breadth
first through the engine) lead to a position where it can dig at once with cargo aboard.
"""

from __future__ import annotations

from akrotiri_puzzles.actions import Action, Excavate, PlaceTile, Sell
from akrotiri_puzzles.analysis.endgame import analyse
from akrotiri_puzzles.geometry import format_quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.premise import stated_position
from akrotiri_puzzles.puzzle import Goal, Puzzle, State, moves, play, replay
from akrotiri_puzzles.rules import action_cost, legal_actions
from akrotiri_puzzles.scoring import seat_score
from akrotiri_puzzles.solver.exhaustive import state_key
from akrotiri_puzzles.teaching import Mark

from .found import PREMISE, Candidate, Found, boat_mark
from .last import certified, final_points


class TooLarge(Exception):
    """The believed search met more states than it was allowed."""


def ends_at_sixth(pos: Position, max_nodes: int = 60000) -> tuple[int, tuple[Action, ...]] | None:
    """The plan of a player who believes the game ends the moment their last temple is dug: the
    best score over the lines of the turn, where a line stops at that excavation (nothing after
    it counts in their eyes); the fewest actions among the best. An exhaustive search through
    the engine (the engine lists and plays the moves, its scoring scores the stops); None past
    `max_nodes` states."""
    puzzle = Puzzle("believed", pos, Goal(), 1)
    all_out = pos.components.player_board.temples
    memo: dict[object, tuple[int, int, tuple[Action, ...]]] = {}
    nodes = 0

    def best(state: State) -> tuple[int, int, tuple[Action, ...]] | None:
        nonlocal nodes
        key = state_key(state)
        if key in memo:
            return memo[key]
        nodes += 1
        if nodes > max_nodes:
            raise TooLarge
        p = state.pos
        stop = p.phase == "act" and not p.passing
        found = (seat_score(p, puzzle.hero).total, 0, ()) if stop else None
        if not (stop and len(p.hero.temples) >= all_out):  # the game is over, they think
            for action in moves(puzzle, state):
                after = play(puzzle, state, action)
                rest = best(after)
                if rest is None:
                    continue
                here = (rest[0], rest[1] - action_cost(p, action), (action, *rest[2]))
                # The best score, then the fewest actions, then the fewest free ones.
                if found is None or (*here[:2], -len(here[2])) > (*found[:2], -len(found[2])):
                    found = here
        if found is not None:
            memo[key] = found
        return found

    try:
        got = best(State(pos))
    except TooLarge:
        return None
    return None if got is None else (got[0], got[2])


def find_sixth_temple(pos: Position) -> Found | None:
    """A turn that digs the hero's last temple and goes on scoring after it, as a score-goal
    exercise; the misreading stops at the excavation."""
    all_out = pos.components.player_board.temples
    if pos.phase != "act" or pos.passing or pos.points or len(pos.hero.temples) != all_out - 1:
        return None
    if any(len(s.temples) >= all_out for s in pos.seats):
        return None  # the round of the last temple is not running yet: the hero's dig starts it
    # The cheap tests first: the analyser's best line (no uniqueness yet) digs the last temple
    # and plays on, and the believer's plan scores less; the uniqueness proof last.
    best = analyse(pos)
    if best.status != "OPTIMAL" or best.best is None or best.value is None:
        return None
    digs = [i for i, a in enumerate(best.best.line) if isinstance(a, Excavate)]
    if not digs or digs[-1] == len(best.best.line) - 1:
        return None  # the answer must dig the last temple and play on
    plan = ends_at_sixth(pos)
    if plan is None or plan[0] >= best.value:
        return None
    premise = PREMISE.of(pos, 1, Goal(score=0))
    got = certified(stated_position(pos, premise))
    if got is None or got.unique is not True:
        return None
    digs = [i for i, a in enumerate(got.line) if isinstance(a, Excavate)]
    if not digs or digs[-1] == len(got.line) - 1:
        return None
    puzzle = Puzzle("lesson", pos, Goal(score=got.score), 1, revealed=premise)
    theirs = final_points(puzzle, plan[1])
    if theirs is None or theirs >= got.score:
        return None
    hero = pos.to_move
    dig = got.line[digs[-1]]
    assert isinstance(dig, Excavate)
    after = [str(a) for a in got.line[digs[-1] + 1 :]]
    marks = [boat_mark(pos, "your boat"), Mark("site", f"your last temple: {dig.card}", quad=dig.site)]
    states = replay(puzzle, got.line).states
    sale = next((i for i, a in enumerate(got.line) if isinstance(a, Sell) and i > digs[-1]), None)
    if sale is not None and states[sale].pos.hero.boat is not None:
        marks.append(Mark("dock", "after the last temple: sell here", dock=states[sale].pos.hero.boat))
    now = seat_score(pos, hero).total
    last = (
        f"{pos.other} still plays one turn after it, the game's last"
        if hero == pos.first
        else "the game ends with this turn, since you went second"
    )
    task = (
        f"You have {now} points, counted as the game counts them at its end (played map cards, goal cards, "
        f"1 point per 10 drachmas), and your last temple to dig. Find the line that leaves you {got.score} "
        "points at the end of this turn, the most it can."
    )
    why = (
        f"Excavating the last temple does not end the game: the turn goes on, and {last}. The answer digs "
        f"{dig.card} at {format_quad(dig.site)} and then plays {'; '.join(after)}: the sales take your drachmas "
        f"from {states[digs[-1] + 1].pos.hero.drachmas} to {states[-1].pos.hero.drachmas}, for {got.score} points "
        f"(the endgame analyser proves no line scores {got.score + 1}). The misreading stops at its last temple "
        f"and scores {theirs}."
    )
    return Found(puzzle, [("game over", plan[1])], marks, why, task)


def within_turn(pos: Position, limit: int = 4000) -> list[tuple[Position, tuple[Action, ...]]]:
    """The positions the hero reaches within its turn from `pos`, breadth first through the
    engine (each with the shortest line to it), up to `limit` distinct states."""
    puzzle = Puzzle("within", pos, Goal(), 1)
    seen = {state_key(State(pos))}
    queue = [(State(pos), ())]
    out: list[tuple[Position, tuple[Action, ...]]] = []
    while queue and len(seen) < limit:
        state, path = queue.pop(0)
        out.append((state.pos, path))
        for action in moves(puzzle, state):
            after = play(puzzle, state, action)
            key = state_key(after)
            if key not in seen:
                seen.add(key)
                queue.append((after, (*path, action)))
    return out


def digs_with_sales(pos: Position) -> bool:
    """A cheap test: the hero can dig its last temple at once, has cargo aboard, an action to
    spare after the dig, and selling the cargo could cross a multiple of 10 drachmas after
    paying the cheapest card it can dig with."""
    all_out = pos.components.player_board.temples
    if pos.phase != "act" or pos.passing or pos.points or not pos.hero.cargo or pos.actions_left < 2:
        return False
    if len(pos.hero.temples) != all_out - 1 or any(len(s.temples) >= all_out for s in pos.seats):
        return False
    digs = [a for a in legal_actions(pos) if isinstance(a, Excavate)]
    if not digs:
        return False
    left = pos.hero.drachmas - min(pos.components.map[a.card].cost for a in digs)
    top = max(pos.components.market.track)
    return (left + top * len(pos.hero.cargo)) // 10 > left // 10


def find_built_sixth(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """From the start of an action phase, the first position of the hero's turn (breadth first)
    where find_sixth_temple finds a lesson; the moves to it go into the lesson's origin."""
    pos = c.pos
    if not (pos.phase == "act" and c.line and isinstance(c.line[-1], PlaceTile)):
        return None
    all_out = pos.components.player_board.temples
    if len(pos.hero.temples) != all_out - 1 or any(len(s.temples) >= all_out for s in pos.seats):
        return None
    for at, path in within_turn(pos):
        if not digs_with_sales(at):
            continue
        found = find_sixth_temple(at)
        if found is not None:
            found.extra = path
            return found
    return None


__all__ = ["digs_with_sales", "ends_at_sixth", "find_built_sixth", "find_sixth_temple", "within_turn"]
