"""The last-round lesson's finder for tools/make_lessons.py (R-END-2): the game's last turn, as an
endgame puzzle with a score goal.

The position is the second player's turn after the first player has excavated its sixth
temple: nothing follows it, and the game is scored when it ends. The exercise is the endgame
puzzle "score X points by the end of this turn", certified by the endgame analyser (X proven
the best score of the turn, X+1 proven unreachable, the answer proven unique:
analysis/endgame_puzzle.py, analysis/unique.py).

The misreading is "the game goes on after the sixth temple". Its holder plays the turn as an
ordinary one: the cheapest line to the next temple, as every other lesson's exercise asks
(the exhaustive search's line), keeping the rest of the cargo, drachmas and actions for a
next turn that never comes. A position is kept only if the engine scores that line strictly
below X.
"""

from __future__ import annotations

from lesson_found import Candidate, Found, _boat, _dig

from akrotiri_puzzles.actions import Action, Excavate
from akrotiri_puzzles.analysis.endgame import analyse, is_last_turn
from akrotiri_puzzles.analysis.endgame_puzzle import SOLVER, Certified
from akrotiri_puzzles.analysis.endgame_puzzle import certify as certify_endgame
from akrotiri_puzzles.geometry import format_quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Certificate, Goal, Puzzle, State, moves, play, replay
from akrotiri_puzzles.rules import action_cost
from akrotiri_puzzles.scoring import seat_score
from akrotiri_puzzles.solver import search
from akrotiri_puzzles.solver.exhaustive import state_key
from akrotiri_puzzles.teaching import Mark

_CERTIFIED: dict[object, Certified | None] = {}
"""The analyser's answer per position (the finder runs twice on the position it keeps)."""


def certified(pos: Position) -> Certified | None:
    """The endgame analyser's best score of the turn, proven, with its uniqueness (cached)."""
    key = pos.key()
    if key not in _CERTIFIED:
        _CERTIFIED[key] = certify_endgame(pos)
    return _CERTIFIED[key]


def certify_score(puzzle: Puzzle) -> tuple[int, tuple[Action, ...], Certificate] | None:
    """The proven best score X, its unique answer and the certificate of a score-goal exercise
    (X optimal, X+1 infeasible, unique), or None."""
    got = certified(puzzle.start)
    if got is None or got.unique is not True or puzzle.goal.score != got.score:
        return None
    comps = puzzle.start.components
    cert = Certificate(
        optimum=got.score,
        status="OPTIMAL",
        below_optimum=None,
        unique=True,
        solver=SOLVER,
        components=f"{comps.name} {comps.version}",
        seed=None,
        above_optimum="INFEASIBLE",
    )
    return got.score, got.line, cert


def final_points(puzzle: Puzzle, line: tuple[Action, ...]) -> int | None:
    """The hero's score where a line ends (None if it is illegal or ends where the turn cannot)."""
    played = replay(puzzle, line)
    end = played.states[-1].pos
    if played.illegal_at is not None or end.phase != "act" or end.passing:
        return None
    return seat_score(end, puzzle.hero).total


def ordinary_turn(pos: Position, nodes: int = 20000) -> tuple[Action, ...] | None:
    """The line of a player who thinks another turn follows: the cheapest to the next temple."""
    found = search(Puzzle("ordinary", pos, Goal(), 1), max_nodes=nodes)
    if not found.complete or found.optimum is None:
        return None
    return found.line


def find_last_round(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """The last turn as a score-goal exercise whose answer beats the ordinary turn's line."""
    pos = c.pos
    if pos.phase != "act" or pos.passing or pos.points or not is_last_turn(pos):
        return None
    left = pos.components.player_board.temples - len(pos.hero.temples)
    if left < 1:
        return None
    mis = ordinary_turn(pos)
    if mis is None:
        return None
    got = certified(pos)
    if got is None or got.unique is not True:
        return None
    puzzle = Puzzle("lesson", pos, Goal(score=got.score), 1)
    theirs = final_points(puzzle, mis)
    if theirs is None or theirs >= got.score:
        return None
    now = seat_score(pos, pos.to_move).total
    hero, other = pos.to_move, pos.other
    marks = [_boat(pos, "your boat: the game's last turn")]
    dig = _dig(got.line)
    if dig is not None:
        marks.append(Mark("site", f"the answer digs here with {dig.card}", quad=dig.site))
    wrong = _dig(mis)
    if wrong is not None and (dig is None or wrong.site != dig.site):
        marks.append(Mark("site", f"the ordinary turn digs here with {wrong.card}", quad=wrong.site))
    task = (
        f"{other.capitalize()} went first and has excavated its sixth temple: this turn of {hero}'s is the "
        f"game's last, and the game is scored when it ends. You have {now} points now; find the line that "
        f"scores {got.score}, the most this turn can."
    )
    why = (
        f"Nothing follows this turn, and the game is scored when it ends: the answer scores {got.score} points "
        f"(the endgame analyser proves no line scores {got.score + 1}). The ordinary turn's line, the fewest "
        f"actions to a temple{'' if wrong is None else f' ({wrong.card} at {format_quad(wrong.site)})'}, "
        f"scores {theirs}: the last turn is for points, not for saving actions."
    )
    return Found(puzzle, [("next turn", mis)], marks, why, task)


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
                if found is None or here[:2] > found[:2]:
                    found = here
        if found is not None:
            memo[key] = found
        return found

    try:
        got = best(State(pos))
    except TooLarge:
        return None
    return None if got is None else (got[0], got[2])


def find_sixth_temple(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """A turn that digs the hero's last temple and goes on scoring after it, as a score-goal
    exercise; the misreading stops at the excavation."""
    pos = c.pos
    all_out = pos.components.player_board.temples
    if pos.phase != "act" or pos.passing or pos.points or len(pos.hero.temples) != all_out - 1:
        return None
    if any(len(s.temples) >= all_out for s in pos.seats):
        return None  # the round of the last temple is not running yet: the hero's dig starts it
    if not pos.hero.cargo:
        return None  # after the last temple only sales raise the score: look where cubes are aboard
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
    got = certified(pos)
    if got is None or got.unique is not True:
        return None
    digs = [i for i, a in enumerate(got.line) if isinstance(a, Excavate)]
    if not digs or digs[-1] == len(got.line) - 1:
        return None
    puzzle = Puzzle("lesson", pos, Goal(score=got.score), 1)
    theirs = final_points(puzzle, plan[1])
    if theirs is None or theirs >= got.score:
        return None
    hero = pos.to_move
    dig = got.line[digs[-1]]
    assert isinstance(dig, Excavate)
    after = [str(a) for a in got.line[digs[-1] + 1 :]]
    marks = [_boat(pos, "your boat"), Mark("site", f"your last temple: {dig.card}", quad=dig.site)]
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
        f"{dig.card} at {format_quad(dig.site)} and then plays {'; '.join(after)} for {got.score} points (the "
        f"endgame analyser proves no line scores {got.score + 1}). The misreading stops at its last temple and "
        f"scores {theirs}."
    )
    return Found(puzzle, [("game over", plan[1])], marks, why, task)


__all__ = [
    "certified",
    "certify_score",
    "ends_at_sixth",
    "final_points",
    "find_last_round",
    "find_sixth_temple",
    "ordinary_turn",
]
