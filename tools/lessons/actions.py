"""The more-actions lesson's finder for tools/make_lessons.py (R-TURN-2): a turn's score, as an
endgame-style puzzle with a score goal.

The position is the start of an action phase where the hero's next temple reveals one more
action on the player board. The exercise is "score X points by the end of this turn",
certified by the endgame analyser like the last-round lesson (lessons.last.certify_score: X
proven the best, X+1 unreachable, the answer unique).

The misreading is "the action a temple reveals can be used at once". Its holder plans in a
believed world: the same position with the revealed action granted. The analyser's best line
there is their plan; it is kept only if it is consistent with the belief (its first
excavation comes within the turn's real actions, so the extra action only follows it) and it
spends the extra action, which the engine then refuses ("no actions left this turn
(R-TURN-2)").
"""

from __future__ import annotations

from akrotiri_puzzles.actions import Action, Excavate
from akrotiri_puzzles.analysis.endgame import analyse
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.geometry import format_quad
from akrotiri_puzzles.position import Position, evolve
from akrotiri_puzzles.premise import stated_position
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.rules import action_cost
from akrotiri_puzzles.scoring import seat_score
from akrotiri_puzzles.teaching import Mark

from .found import PREMISE, Candidate, Found, boat_mark, first_dig
from .last import certified


def revealed(pos: Position) -> int:
    """Actions the hero's next temple adds to its turns (0 if none)."""
    board = pos.components.player_board
    n = len(pos.hero.temples)
    if n + 1 > board.temples:
        return 0
    return max(0, board.actions_after(n + 1) - board.actions_after(n))


def n_plus(pos: Position) -> str:
    """The first action the hero does not have this turn, as an ordinal ("5th")."""
    n = pos.actions_left + 1
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def believed_plan(pos: Position) -> tuple[int, tuple[Action, ...]] | None:
    """The best-scoring line of a player who thinks the revealed action usable at once, and its
    score in their eyes, if it is consistent with that belief and spends the extra action."""
    extra = revealed(pos)
    if extra < 1:
        return None
    believed = evolve(pos, actions_left=pos.actions_left + extra)
    a = analyse(believed)
    if a.status != "OPTIMAL" or a.best is None or a.value is None:
        return None
    line = a.best.line
    spent, at = 0, believed
    first_dig_within = None
    for action in line:
        spent += action_cost(at, action)
        if isinstance(action, Excavate) and first_dig_within is None:
            first_dig_within = spent <= pos.actions_left
        at = apply(at, action)
    if not first_dig_within or spent <= pos.actions_left:
        return None
    return a.value, line


def find_more_actions(c: Candidate, line: tuple[Action, ...]) -> Found | None:
    """A turn's best score, where the misreading's plan spends the action its temple reveals."""
    pos = c.pos
    if (
        pos.phase != "act"
        or pos.passing
        or pos.points
        or pos.actions_left != pos.components.player_board.actions_after(len(pos.hero.temples))
    ):
        return None  # the start of an action phase only
    if revealed(pos) < 1:
        return None
    plan = believed_plan(pos)
    if plan is None:
        return None
    hoped, mis = plan
    premise = PREMISE.of(pos, 1, Goal(score=0))
    got = certified(stated_position(pos, premise))
    if got is None or got.unique is not True:
        return None
    puzzle = Puzzle("lesson", pos, Goal(score=got.score), 1, revealed=premise)
    played = replay(puzzle, mis)
    if played.illegal_at is None or "R-TURN-2" not in (played.reason or ""):
        return None
    now = seat_score(pos, pos.to_move).total
    marks = [boat_mark(pos, "your boat")]
    dig, wrong = first_dig(got.line), first_dig(mis)
    if dig is not None:
        marks.append(Mark("site", f"the answer digs here with {dig.card}", quad=dig.site))
    if wrong is not None and (dig is None or wrong.site != dig.site):
        marks.append(Mark("site", f"the misreading's first temple: {wrong.card}", quad=wrong.site))
    refused = mis[played.illegal_at]
    if isinstance(refused, Excavate):
        marks.append(Mark("site", f"its second, {refused.card}: refused, no {n_plus(pos)} action", quad=refused.site))
    n = pos.actions_left
    task = (
        f"You have {n} actions and {now} points, counted as the game counts them at its end (played map "
        f"cards, goal cards, 1 point per 10 drachmas). Find the line that leaves you {got.score} points at "
        "the end of this turn, the most it can."
    )
    why = (
        f"The turn has {n} actions, fixed when the action phase started; the action the next temple "
        f"reveals counts from the next turn. The answer scores {got.score} within {n} actions (the endgame "
        f"analyser proves no line scores {got.score + 1}). The misreading digs"
        f"{'' if wrong is None else f' at {format_quad(wrong.site)}'} and plans {hoped} points with one "
        f"action more; the engine refuses its action {played.illegal_at + 1}: no actions are left."
    )
    return Found(puzzle, [("at once", mis)], marks, why, task)


__all__ = ["believed_plan", "find_more_actions", "revealed"]
