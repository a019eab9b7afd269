"""The last round with the opponent's reply (R-END-2): the hero's turn against the opponent's
best final turn, both proven.

When the first player has excavated its last temple, the second player still plays a turn and
then the game ends. The hero (the first player, to move) looks for the turn that maximises the
final margin, then the win, then its drachmas (R-SCORE-3), the opponent answering each turn as
well as it can. Two levels, docs/analysis.md:

- **The hero's level** is played through the engine: every line of the rest of the hero's turn
  up to its end (`end`: the draw), its positions merged by the solver's `state_key`, gives the
  distinct *turn ends*.
- **The opponent's level** is the one-turn analyser (endgame.Run, CP-SAT) from the opponent's
  turn after each end, with the margin objective seen from the opponent's seat: its points
  minus the hero's, then its drachmas. The hero's points and drachmas do not change in the
  opponent's turn, so the opponent's best is the hero's worst: the least margin, then the
  least drachma difference (the worst result).
- **A bound per turn end.** One reply is played at once through the engine: the opponent's
  first legal tile placement (if it holds a tile) and nothing else. The hero's margin against
  the best reply is at most the margin against that one, so the ends are taken by that bound,
  highest first, and once an end's bound is below the best margin proven so far, it and every
  end after it are refuted without a model.
- The reply kept for each end is replayed and scored by the engine.

Only what the position states is used: the opponent's tile in hand, its cards, and the piles
(the hero draws the top of the land pile at its end of turn) are taken as known.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..actions import Action, EndTurn, PlaceTile
from ..effects import apply
from ..position import Position
from ..puzzle import State
from ..rules import legal_actions, why_illegal
from ..scoring import SeatScore, seat_score
from ..solver.deadline import Deadline, TimeUp
from ..solver.exhaustive import state_key
from .endgame import SCALE, AnalysisError, Run

MOST_ENDS = 20_000
"""Distinct turn ends of the hero the reply analysis enumerates at most."""


@dataclass(frozen=True)
class Outcome:
    """A hero line, the opponent's reply to it, and the final scores (the engine's)."""

    hero_line: tuple[Action, ...]
    reply: tuple[Action, ...]
    hero: SeatScore
    other: SeatScore
    proven: bool
    """The reply is proven the opponent's best (CP-SAT OPTIMAL)."""

    @property
    def margin(self) -> int:
        """The hero's final points minus the opponent's."""
        return self.hero.total - self.other.total

    @property
    def result(self) -> str:
        """win, loss or shared, the drachmas breaking a tie (R-SCORE-3)."""
        key = (self.margin, self.hero.drachmas - self.other.drachmas)
        return "win" if key > (0, 0) else "loss" if key < (0, 0) else "shared"

    @property
    def key(self) -> tuple[int, int, int]:
        """What the hero maximises: the margin, then the win, then its drachmas (R-SCORE-3)."""
        rank = {"loss": 0, "shared": 1, "win": 2}[self.result]
        return (self.margin, rank, self.hero.drachmas)


@dataclass(frozen=True)
class ReplyVerdict:
    """A hero line the user gave, against the best reply."""

    outcome: Outcome
    loss: int
    """Margin points below the best line's."""
    lost_at: int | None
    """1-based number of the action after which the best margin is out of reach (None: never)."""


@dataclass(frozen=True)
class ReplyAnalysis:
    """What was proven about the last round."""

    status: str
    """OPTIMAL (both levels proven), FEASIBLE (the time ran out: `best` is the best of the ends
    solved, `bound` bounds every end) or UNKNOWN (no end was solved in time)."""
    best: Outcome | None
    bound: int | None
    """No hero line scores a larger margin against the best reply (None: not known)."""
    ends: int
    """The hero's distinct turn ends."""
    solved: int
    """Ends whose best reply was proven by CP-SAT."""
    refuted: int
    """Ends refuted by their bound, without a model."""
    known: tuple[str, ...]
    """The opponent's facts taken as known, in words."""
    verdict: ReplyVerdict | None = None


def check_reply(pos: Position) -> None:
    """Refuse a position the reply analysis does not cover, in one line."""
    if pos.phase not in ("act", "goal") or pos.hero.boat is None:
        raise AnalysisError(
            f"--reply: phase {pos.phase!r}: the reply analysis starts in the hero's action phase (or goal draw) "
            "after its last temple"
        )
    temples = pos.components.player_board.temples
    done = any(len(s.temples) >= temples for s in pos.seats)
    if pos.to_move != pos.first:
        raise AnalysisError(
            f"--reply: {pos.to_move} plays second: nothing follows its turn "
            + ("(R-END-2); analyse without --reply" if done else "in the last round (R-END-2)")
        )
    if not done:
        raise AnalysisError(
            f"--reply: no seat has excavated all {temples} temples: the game goes on after {pos.other}'s "
            "next turn, so its reply is not the last turn (R-END-2)"
        )


def known_facts(pos: Position) -> tuple[str, ...]:
    """The opponent's facts the analysis takes as the position states them."""
    them = pos.seat(pos.other)
    tile = f"its land tile in hand {them.tile}" if them.tile is not None else "no land tile in hand"
    maps = ", ".join(them.maps) or "none"
    goals = ", ".join(them.goals) or "none"
    decks = "/".join(str(len(d)) for d in pos.map_decks)
    return (
        f"{pos.other}'s {tile}",
        f"{pos.other}'s map cards in hand ({maps}) and goal cards ({goals})",
        f"the land pile ({len(pos.land_pile)} tiles, {pos.to_move} draws its top at its end of turn), "
        f"the map decks ({decks} cards) and the goal deck ({len(pos.goal_deck)} cards)",
    )


@dataclass(frozen=True)
class _End:
    line: tuple[Action, ...]
    after: Position
    """The opponent's turn, begun."""
    bound: int
    """The hero's margin against one reply (the opponent's first placement, then nothing)."""


def turn_ends(pos: Position, most: int = MOST_ENDS) -> list[_End]:
    """The hero's distinct turn ends from `pos` (played through the engine), by bound, highest
    first (ties in the order the engine lists the moves)."""
    hero = pos.to_move
    seen: set[Hashable] = set()
    ends: list[_End] = []
    stack: list[tuple[Position, tuple[Action, ...]]] = [(pos, ())]
    while stack:
        p, line = stack.pop()
        key = state_key(State(p))
        if key in seen:
            continue
        seen.add(key)
        for action in reversed(legal_actions(p)):
            after = apply(p, action)
            if not isinstance(action, EndTurn):
                stack.append((after, (*line, action)))
                continue
            ends.append(_End((*line, action), after, _bound(after, hero)))
            if len(ends) > most:
                raise AnalysisError(f"--reply: more than {most} distinct ends of {hero}'s turn: too large to analyse")
    order = {id(e): i for i, e in enumerate(ends)}
    return sorted(ends, key=lambda e: (-e.bound, order[id(e)]))


def _bound(after: Position, hero: str) -> int:
    """The hero's margin against the reply that places the opponent's tile first in notation
    order and does nothing else: the best reply leaves the hero no more."""
    p = after
    if p.phase == "place":
        place = next(a for a in legal_actions(p) if isinstance(a, PlaceTile))
        p = apply(p, place)
    other = p.to_move if p.to_move != hero else _other(hero)
    return seat_score(p, hero).total - seat_score(p, other).total


def _other(seat: str) -> str:
    return "north" if seat == "south" else "south"


class Replies:
    """The opponent's level: its best final turn after each hero turn end, by CP-SAT.

    The hero's points and drachmas do not change in the opponent's turn, so the opponent's best
    margin is its best *score* less the hero's points (the one-turn analyser with the score
    objective, its fast path: model-free bounds, placements best first); only where that margin
    is 0 do the drachmas decide the result, and there the opponent's drachmas are maximised among
    its lines of that score (the margin objective, floor and cap at that score). Answers are kept
    by what the opponent's turn depends on (its state and the hero's boat, which blocks a dock,
    R-MOVE-3): many turn ends differ only in the hero's cargo or drachmas."""

    def __init__(self, hero: str, deadline: Deadline, workers: int) -> None:
        self.hero = hero
        self.deadline = deadline
        self.workers = workers
        self.exact: dict[Hashable, tuple[int, tuple[Action, ...], bool]] = {}
        self.below: dict[Hashable, int] = {}
        """Keys proven unable to reach a score: the least score proven out of reach."""

    def outcome(self, end: _End, most: int | None = None) -> Outcome | None:
        """The final outcome after `end` against the best reply; with `most`, None when the
        opponent is proven unable to leave the hero a margin below `most` (not refuted: solve it
        with `most` None)."""
        opp = end.after
        hero_points = seat_score(opp, self.hero).total
        key = (state_key(State(opp)), opp.seat(self.hero).boat)
        got = self.exact.get(key)
        if got is None:
            run = Run(opp, "score", self.deadline, self.workers)
            if most is not None:
                floor = hero_points - most + 1
                if self.below.get(key, NO_FLOOR) <= floor:
                    return None
                r = run.best(opp, floor)
                if r.status == "INFEASIBLE":
                    self.below[key] = min(self.below.get(key, NO_FLOOR), floor)
                    return None
            else:
                r = run.best(opp)
            assert r.value is not None
            got = (r.value, r.line, r.status == "OPTIMAL")
            self.exact[key] = got
        value, line, proven = got
        if value == hero_points:
            # A margin of 0: the drachmas decide (R-SCORE-3); the opponent keeps the most.
            run = Run(opp, "margin", self.deadline, self.workers)
            r = run.best(opp, 0, SCALE - 1)
            line, proven = r.line, proven and r.status == "OPTIMAL"
        p = opp
        for action in line:
            p = apply(p, action)
        out = Outcome(end.line, line, seat_score(p, self.hero), seat_score(p, opp.to_move), proven)
        if out.hero.total != hero_points or out.other.total != value:
            raise AssertionError("the engine scores the reply differently from the analyser")
        return out


NO_FLOOR = 10**9


def analyse_reply(
    pos: Position, time_limit: float | None = None, workers: int = 1, line: Sequence[Action] | None = None
) -> ReplyAnalysis:
    """The hero's best turn against the opponent's best final turn (module doc)."""
    check_reply(pos)
    given = _given(pos, line) if line is not None else None
    deadline = Deadline(time_limit)
    ends = turn_ends(pos)
    known = known_facts(pos)
    replies = Replies(pos.to_move, deadline, workers)
    best: Outcome | None = None
    solved = refuted = 0
    proven = True
    for i, end in enumerate(ends):
        if best is not None and end.bound < best.margin:
            refuted += len(ends) - i  # sorted by bound: every end from here is below the best
            break
        try:
            out = replies.outcome(end, None if best is None else best.margin)
            if out is None:
                out = replies.outcome(end)
        except TimeUp:
            # The ends left are bounded by theirs (the first left has the highest).
            top = end.bound if best is None else max(end.bound, best.margin)
            status = "UNKNOWN" if best is None else "FEASIBLE"
            return ReplyAnalysis(status, best, top, len(ends), solved, refuted, known)
        assert out is not None
        solved += 1
        proven = proven and out.proven
        if best is None or out.key > best.key:
            best = out
    assert best is not None  # ending the turn at once is always a line
    verdict = _verdict(pos, given, best, replies) if given is not None else None
    status = "OPTIMAL" if proven else "FEASIBLE"
    return ReplyAnalysis(status, best, best.margin, len(ends), solved, refuted, known, verdict)


def _given(pos: Position, line: Sequence[Action]) -> tuple[Action, ...]:
    """The user's line of the hero's turn, checked; `end` is added when it is left out."""
    p = pos
    actions = tuple(line)
    if not actions or not isinstance(actions[-1], EndTurn):
        actions = (*actions, EndTurn())
    for i, action in enumerate(actions, 1):
        reason = why_illegal(p, action) if p.to_move == pos.to_move and p.phase != "over" else "the turn has ended"
        if reason is not None:
            raise AnalysisError(f"--line: action {i} ({action}) is illegal: {reason}")
        if isinstance(action, EndTurn) and i < len(actions):
            raise AnalysisError(f"--line: action {i} ends the turn; the line gives {pos.to_move}'s turn only")
        p = apply(p, action)
    return actions


def _verdict(pos: Position, line: tuple[Action, ...], best: Outcome, replies: Replies) -> ReplyVerdict:
    """The line against the best reply, and the first action after which the best margin is out
    of reach (the best reachable along a line never grows: a binary search)."""
    hero = pos.to_move
    p = pos
    for action in line:
        p = apply(p, action)
    mine = replies.outcome(_End(line, p, _bound(p, hero)))
    assert mine is not None
    loss = best.margin - mine.margin
    if loss <= 0:
        return ReplyVerdict(mine, loss, None)
    states = [pos]
    for action in line[:-1]:
        states.append(apply(states[-1], action))

    def reaches(start: Position) -> bool:
        # Some end from `start` the opponent cannot hold below the best margin.
        for end in turn_ends(start):
            if end.bound < best.margin:
                return False
            if replies.outcome(end, best.margin) is None:
                return True
        return False

    lo, hi = 0, len(states)  # the best margin is reachable after lo actions, not after hi (the end)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reaches(states[mid]):
            lo = mid
        else:
            hi = mid
    return ReplyVerdict(mine, loss, hi)
