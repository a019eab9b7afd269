"""The opponent's level of the last round with the reply (analysis/reply.py): its best final turn
after an end of the hero's turn, by CP-SAT, the replies found kept and replayed on the other ends,
and the refutation of an end by a floor (docs/analysis.md, "The last round with the reply").

- **The best reply** (`Replies.outcome`) is the one-turn analyser from the opponent's seat with
  the margin objective (`ReplyRun`). Where replies found for other ends can be replayed after
  this end, the best of them (the opponent's objective `v0`, the engine's) is a legal reply here,
  so the opponent's best is at least `v0`: the search asks only for more than `v0` (a floor), and
  when nothing reaches it, the replayed reply is the best (proven by that INFEASIBLE).
- **A refutation by a floor** (`Replies.refutes`). Once an end's outcome is known, another end
  need not be solved, only refuted: the question is whether the opponent has a reply that holds
  the hero to the best margin so far (or below it, by the tie-breaks), a decision. The
  placements are asked that floor by bare questions, highest model-free bound first, and the
  first that reaches it refutes the end; the others are not looked at. When none does, the
  end's best reply is below the floor (a proven cap for its exact search).
- **Replays** (`replays`): a reply found after one end is replayed after another up to its first
  action illegal there, then back to the last position where the turn may end (a boat passing
  through the hero's dock may not stop there, R-MOVE-3); a tile placement illegal there (the
  second cube's colour sold out, its island changed) is replaced by each legal placement of the
  same slot and rotation in turn. Each is a legal reply.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from ..actions import Action, EndTurn, PlaceTile
from ..effects import apply
from ..position import Position
from ..puzzle import State
from ..rules import legal_actions, why_illegal
from ..scoring import SeatScore, seat_score
from ..solver.deadline import Deadline
from ..solver.exhaustive import state_key
from .board_solve import read_line
from .endgame import SCALE, Run
from .engine_line import objective_value
from .outcome import Final
from .placement import Bound, cover, groups
from .reach.reach_bound import score_bound
from .reach.reach_tight import tight_bound

RANK = {"loss": 0, "shared": 1, "win": 2}


def other_seat(seat: str) -> str:
    """The other seat's name."""
    return "north" if seat == "south" else "south"


@dataclass(frozen=True)
class Outcome(Final):
    """A hero line, the opponent's reply to it, and the final scores (the engine's; `margin` and
    `result` read them, outcome.Final)."""

    hero_line: tuple[Action, ...]
    reply: tuple[Action, ...]
    hero: SeatScore
    other: SeatScore
    proven: bool
    """The reply is proven the opponent's best (CP-SAT OPTIMAL, or INFEASIBLE above it)."""

    @property
    def key(self) -> tuple[int, int, int]:
        """What the hero maximises: the margin, then the win, then its drachmas (R-SCORE-3)."""
        return (self.margin, RANK[self.result], self.hero.drachmas)


@dataclass(frozen=True)
class End:
    """One end of the hero's turn: its line and the opponent's turn, begun."""

    line: tuple[Action, ...]
    after: Position
    bound: int
    """The hero's margin against the best of the replies 'place the tile, then nothing'."""

    @property
    def drachmas(self) -> int:
        """The hero's drachmas (the opponent's turn leaves them as they are)."""
        return self.after.seat(other_seat(self.after.to_move)).drachmas


def reply_key(after: Position) -> Hashable:
    """What the opponent's turn depends on: its own state (state_key), the hero's boat (it blocks
    a dock) and what the hero's points read (its temples and goal cards)."""
    hero = after.seat(other_seat(after.to_move))
    return (state_key(State(after)), hero.boat, hero.temples, hero.goals)


class ReplyRun(Run):
    """The one-turn analyser from the opponent's seat with the margin objective, its placements
    taken best first by a model-free bound as for the score objective: after a placement the
    board is fixed, so the hero's points are a constant there and the opponent's margin
    objective is at most the relaxation's bound on its points times SCALE plus its final
    drachmas, both read on each relaxed line (reach_bound), less the hero's points times SCALE
    (not + SCALE - 1 for the drachmas: a value is settled by bare questions from its bound down,
    best_first.TRIES of them). A placement's cover (placement.cover) has the board and seats of its
    members, so the same hero's points. A group's cover is asked before its members
    (`ask_covers`): with the margin's bounds, many members of a group are left to ask."""

    ask_covers = True
    witness = True

    found_reply: tuple[Action, ...] | None = None
    """After `refutes` said yes: the reply that reaches the floor, where the yes was solved (not
    read from an answer of the same model shape), else None."""

    def _yes(self, action: Action, child: Position, floor: int) -> bool:
        """Whether some line after the placement `action` (leading to `child`, an action phase)
        reaches `floor`; where the yes is solved, that reply is kept (`found_reply`)."""
        self.witnessed = None
        if not self.reached(child, floor):
            return False
        if self.witnessed is not None:
            model, solver, puzzle = self.witnessed
            self.found_reply = (action, *read_line(model, solver, puzzle))
        return True

    def upper(self) -> Bound | None:
        return _margin_bound(score_bound) if self.use_bound else None

    def tighter(self) -> Bound | None:
        return _margin_bound(tight_bound) if self.use_bound and self.start.hero.cargo else None

    def refutes(self, pos: Position, floor: int, first: Sequence[Action] = ()) -> bool:
        """Whether some line of the turn from `pos` reaches `floor` (a decision): the placements
        `first` (those of the replies found elsewhere), then the others by group, highest
        model-free bound first (groups and placements below the floor skipped), each asked the
        bare question, stopped at the first yes."""
        self.found_reply = None
        upper, tighter = self.upper(), self.tighter()
        if pos.phase != "place" or upper is None:
            r = self.best(pos, floor)
            if r.status == "INFEASIBLE":
                return False
            self.found_reply = r.line
            return True
        kids = self.children(pos)
        asked: set[Action] = set()
        for action, child in kids:
            if action in first and child.phase == "act" and not child.passing:
                asked.add(action)
                if not _below(upper(child), floor) and self._yes(action, child, floor):
                    return True
        parts: list[tuple[int | None, list[tuple[Action, Position]], Position | None]] = []
        for g in groups(kids):
            members = [c for _, c in g]
            top = cover(members) if len(members) > 1 else members[0]
            parts.append((None if top is None else upper(top), g, top))
        parts.sort(key=lambda x: (x[0] is None, -(x[0] or 0)))  # stable: notation order among equals
        for b, g, top in parts:
            if _below(b, floor):
                continue
            if tighter is not None and top is not None and len(g) > 1 and _below(tighter(top), floor):
                continue
            left = [c for a, c in g if a not in asked and c.phase == "act" and not c.passing]
            if len(left) > 1 and top is not None and len(left) == len(g) and not self.reached(top, floor):
                continue  # the cover dominates every member (placement.cover)
            for action, child in g:
                if action in asked:
                    continue
                if child.phase != "act" or child.passing:
                    r = self.best(child, floor)
                    if r.status != "INFEASIBLE":
                        self.found_reply = (action, *r.line)
                        return True
                    continue
                if len(g) > 1 and _below(upper(child), floor):
                    continue
                if tighter is not None and _below(tighter(child), floor):
                    continue
                if self._yes(action, child, floor):
                    return True
        return False


def _below(bound: int | None, floor: int) -> bool:
    return bound is not None and bound < floor


def _margin_bound(relaxed: Callable[..., int | None]) -> Bound:
    """The opponent's margin objective bounded by a relaxation (reach_bound, reach_tight) scaled as
    the objective is: its points times SCALE plus its final drachmas, both bounded on each
    relaxed line together (`Relaxed.leaf`), less the hero's points (a constant once the tile
    is placed)."""

    def bound(child: Position) -> int | None:
        b = relaxed(child, scale=SCALE)
        if b is None:
            return None
        return b - seat_score(child, other_seat(child.to_move)).total * SCALE

    return bound


@dataclass(frozen=True)
class Replayed:
    """A reply found elsewhere, as played after one end: the actions played, the position before
    the turn's end (the analyser's objective reads it) and the game over."""

    played: tuple[Action, ...]
    before: Position
    final: Position


class Replies:
    """The opponent's level: its best final turn after a hero turn end, by CP-SAT (the margin
    objective from its seat), kept by `reply_key`."""

    def __init__(self, hero: str, deadline: Deadline, workers: int) -> None:
        self.hero = hero
        self.deadline = deadline
        self.workers = workers
        self.found: dict[Hashable, tuple[tuple[Action, ...], bool]] = {}
        self.pool: list[tuple[Action, ...]] = []
        """The distinct replies found so far, in the order found (`bound_by_replies`)."""
        self.hits: list[int] = []
        """Indexes into `pool` of the replies that were `enough` in `bound_by_replies`, the last first."""

    def margin(self, final: Position) -> int:
        """The hero's margin in a position."""
        return seat_score(final, self.hero).total - seat_score(final, other_seat(self.hero)).total

    def bound_by_replies(self, end: End, start: int = 0, enough: Callable[[int], bool] | None = None) -> int | None:
        """The least margin the hero keeps after `end` against the replies found since the
        `start`-th, each replayed by the engine (`replays`): each is a legal reply, and the
        opponent's best leaves the hero no more. None when none of them can be played.

        `enough`: stop at the first margin it accepts (a bound that holds, not the least): the
        replies that were enough last are replayed first (a floor's refutations add one reply
        each, and ends next in the heap mostly fall to the same)."""
        self.deadline.check()
        order = [i for i in self.hits if i >= start]
        order += [i for i in range(start, len(self.pool)) if i not in self.hits]
        least: int | None = None
        for i in order:
            for r in replays(end.after, self.pool[i]):
                m = self.margin(r.final)
                least = m if least is None else min(least, m)
                if enough is not None and enough(m):
                    if i in self.hits:
                        self.hits.remove(i)
                    self.hits.insert(0, i)
                    return least
        return least

    def refutes(self, end: End, floor: int) -> bool:
        """Whether the opponent has a reply after `end` worth at least `floor` (its margin
        objective, scaled: points times SCALE plus its drachmas), asked as a decision."""
        opp = end.after
        if opp.phase == "over":
            return objective_value(opp, "margin") >= floor
        first = [line[0] for line in self.pool if line and isinstance(line[0], PlaceTile)]
        run = ReplyRun(opp, "margin", self.deadline, self.workers)
        if not run.refutes(opp, floor, first):
            return False
        # The reply that refutes this end is a legal reply: replayed, it may refute others
        # (`bound_by_replies`), instead of a decision each.
        if run.found_reply is not None and run.found_reply not in self.pool:
            self.pool.append(run.found_reply)
        return True

    def outcome(self, end: End, cap: int | None = None) -> Outcome:
        """The final outcome after `end` against the opponent's best reply; `cap`: a bound on the
        opponent's objective proven beforehand (`refutes` said no above it)."""
        opp = end.after
        key = reply_key(opp)
        got = self.found.get(key)
        if got is None:
            got = self._solve(opp, cap)
            self.found[key] = got
            if got[0] not in self.pool:
                self.pool.append(got[0])
        line, proven = got
        p = opp
        for action in line:
            p = apply(p, action)
        return Outcome(end.line, line, seat_score(p, self.hero), seat_score(p, opp.to_move), proven)

    def _solve(self, opp: Position, cap: int | None) -> tuple[tuple[Action, ...], bool]:
        # The best of the replies found elsewhere, replayed here, is a reply: the search asks
        # for more than it.
        known = [r for line in self.pool for r in replays(opp, line)]
        start = max(known, key=lambda r: objective_value(r.before, "margin"), default=None)
        v0 = None if start is None else objective_value(start.before, "margin")
        if start is not None and v0 is not None and cap is not None and v0 >= cap:
            return start.played, True
        r = ReplyRun(opp, "margin", self.deadline, self.workers).best(opp, None if v0 is None else v0 + 1, cap)
        if r.status == "INFEASIBLE":
            if start is None:
                raise AssertionError("no reply at all")
            return start.played, True
        p = opp
        for action in r.line:
            p = apply(p, action)
        if objective_value(p, "margin") != r.value:
            raise AssertionError("the engine scores the opponent's reply differently from the analyser")
        return r.line, r.status == "OPTIMAL"


def replayed(after: Position, line: Sequence[Action]) -> Position | None:
    """The game over after the opponent plays `line` from `after` up to its first action illegal
    there and ends its turn, at the last position of that prefix where it may end it (not with
    a tile or goal card to take, nor on the other boat's dock); None when there is none."""
    got = _replay(after, line)
    return None if got is None else got.final


def replays(after: Position, line: Sequence[Action]) -> list[Replayed]:
    """`line` replayed after `after` as `replayed` does; where it stops on a tile placement illegal
    there, each legal placement of the same slot and rotation instead, the rest replayed after it
    (each a legal reply). Empty when none may end the turn."""
    p, i = _prefix(after, line)
    if i < len(line) and p.phase == "place" and isinstance(line[i], PlaceTile):
        bad = line[i]
        assert isinstance(bad, PlaceTile)
        out = []
        for a in legal_actions(p):
            if isinstance(a, PlaceTile) and (a.slot, a.rotation) == (bad.slot, bad.rotation):
                got = _replay(apply(p, a), line[i + 1 :], (*line[:i], a))
                if got is not None:
                    out.append(got)
        return out
    got = _replay(after, line)
    return [] if got is None else [got]


def _prefix(after: Position, line: Sequence[Action]) -> tuple[Position, int]:
    """The position after the line's actions up to its first illegal one, and its index."""
    p = after
    for i, action in enumerate(line):
        if p.phase == "over" or why_illegal(p, action) is not None:
            return p, i
        p = apply(p, action)
    return p, len(line)


def _replay(after: Position, line: Sequence[Action], played: tuple[Action, ...] = ()) -> Replayed | None:
    """The line played up to its first illegal action, then back to the last position where the
    turn may end (not on the other boat's dock, R-MOVE-3; no tile or goal card to take), and
    the turn ended there; None when there is none."""
    p, i = _prefix(after, line)
    if p.phase == "over":
        return Replayed((*played, *line[:i]), p, p)
    # The positions along the prefix, latest first (replayed again: a few actions).
    seen = [after]
    for action in line[:i]:
        seen.append(apply(seen[-1], action))
    for k in range(i, -1, -1):
        q = seen[k]
        if why_illegal(q, EndTurn()) is None:
            return Replayed((*played, *line[:k]), q, apply(q, EndTurn()))
    return None
