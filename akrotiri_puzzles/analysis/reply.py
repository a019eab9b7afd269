"""The last round with the opponent's reply (R-END-2): the hero's turn against the opponent's
best final turn, both levels proven (docs/analysis.md, "The last round with the reply").

Once the first player has excavated its last temple, the second player still plays one turn and
then the game is scored. The analysis starts after that temple, or earlier in the turn in which
the first player can still excavate it: then only the lines that do are compared (the others
leave the game going on, and no final score reads them), and a turn with no such line is
refused. The hero (the first player, to move) wants the turn that maximises the
final margin, then the win, then its drachmas (R-SCORE-3), the opponent answering as well as it
can. The opponent maximises its own margin, then its drachmas: the hero's drachmas do not change
in the opponent's turn, so that is exactly the hero's worst (its margin, then its result).

- **The hero's level** is played through the engine: every line of the rest of the hero's turn
  up to its `end`, its states merged by the solver's `state_key`, gives the distinct *turn ends*.
  Two ends that leave the opponent the same turn (the same position for it, the hero's boat on
  the same dock: it blocks a dock, R-MOVE-3) get the same best reply, and the hero's final
  points, result and drachmas never fall with its drachmas: of those, only the end with the most
  drachmas is kept (the others are dominated).
- **A bound per end.** The hero's points may change in the opponent's turn: its tile placement
  can merge, complete or connect the islands the hero's goal cards read (R-GOAL), either way,
  so the margin at the end of the hero's turn bounds nothing. What does: any one legal reply.
  The bound of an end is the hero's margin against the best of the replies "place the tile
  (each placement in turn) and do nothing else"; the best reply leaves the hero no more.
- **The opponent's level** is the one-turn analyser (endgame.Run, CP-SAT) from the opponent's
  turn, with the margin objective seen from its seat. The ends are taken by bound, highest
  first; an end whose bound is below the best margin proven so far (or equal, where the tie-
  breaks cannot favour it) is refuted without a model, and so is every end after it.
- **Replies found bound the other ends.** The ends differ in the hero's boat, cubes, market
  and drachmas, rarely in what the opponent's best reply needs: a reply found for one end,
  replayed by the engine on another (up to its first action illegal there, where the turn may
  end), is a legal reply there too, so the hero's margin against it bounds that end as well.
  Before an end is solved, its bound is lowered by every reply found since it was last bounded
  (the ends wait in a heap by bound); the first end whose lowered bound still holds is solved,
  and once the highest bound is refuted, every end left is.
- **A refutation by a floor.** Once an end is solved, the next end not refuted by its bound is
  first only asked whether the opponent can hold the hero to the best margin so far (or below it,
  where the tie-breaks cannot favour the end): a decision, stopped at the first placement whose
  bare question says yes (`Replies.refutes`). Only an end that survives it is solved, with that
  floor as a proven cap, and from the best of the replies found elsewhere replayed there as a
  floor (analysis/reply_level.py).
- Every line reported is replayed and scored by the engine (scoring.py).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from ..actions import Action, EndTurn, PlaceTile
from ..effects import apply
from ..position import Position
from ..puzzle import State
from ..rules import legal_actions, why_illegal
from ..scoring import seat_score
from ..solver.deadline import Deadline, TimeUp
from ..solver.exhaustive import state_key
from .endgame import SCALE, AnalysisError
from .reply_level import End, Outcome, Replies, ReplyRun, other_seat, replayed, replays, reply_key

__all__ = ["End", "Outcome", "Replies", "ReplyRun", "replayed", "replays", "reply_key"]

MOST_ENDS = 200_000
"""States of the hero's turn the reply analysis enumerates at most (memory: the last round of
the benchmark's seed 48, 2016, south first, has 57,848 distinct ends, enumerated in about 22
CPU s with a peak of about 720 MB; it was refused at 50,000 states before session 43)."""


@dataclass(frozen=True)
class ReplyVerdict:
    """A hero line the user gave, against the opponent's best reply."""

    outcome: Outcome
    loss: int
    """Margin points below the best line's (against its own best reply)."""
    lost_at: int | None
    """1-based number of the action after which the best margin is out of reach (None: never)."""


@dataclass(frozen=True)
class ReplyAnalysis:
    """What was proven about the last round."""

    status: str
    """OPTIMAL (both levels proven), FEASIBLE (the time ran out: `best` is the best of the ends
    solved, `bound` bounds every line) or UNKNOWN (no end was solved in time)."""
    best: Outcome | None
    bound: int | None
    """No hero line keeps a larger margin against the best reply (None: not known)."""
    ends: int
    """The hero's distinct turn ends (after merging the dominated ones; None: not all listed)."""
    solved: int
    """Ends whose best reply was solved by CP-SAT."""
    refuted: int
    """Ends refuted by their bound, without a model."""
    known: tuple[str, ...]
    """The opponent's facts taken as known, in words."""
    verdict: ReplyVerdict | None = None
    by_replies: int = 0
    """Of the ends refuted, those whose bound the replies found for other ends lowered."""
    by_floor: int = 0
    """Of the ends refuted, those refuted by a reply found by bare questions asked for the best
    margin so far (`Replies.refutes`)."""

    @property
    def hero_proven(self) -> bool:
        """No hero line does better against the best reply (every end solved or refuted)."""
        return self.status == "OPTIMAL"

    @property
    def reply_proven(self) -> bool:
        """The opponent's reply to the best line is proven its best."""
        return self.best is not None and self.best.proven


def reply_applies(pos: Position) -> bool:
    """Whether the hero's turn is the last but one: the first player to move after a seat has
    excavated every temple (in practice the hero itself, this turn; R-END-2)."""
    return pos.to_move == pos.first and not must_finish(pos)


def must_finish(pos: Position) -> bool:
    """Whether only the hero's lines that excavate its last temple are compared: no seat has
    excavated every temple yet (the analysis starts in the turn in which the hero can)."""
    temples = pos.components.player_board.temples
    return not any(len(s.temples) >= temples for s in pos.seats)


def finished(after: Position, hero: str) -> bool:
    """Whether the hero has excavated every temple in `after`."""
    return len(after.seat(hero).temples) >= after.components.player_board.temples


def check_reply(pos: Position) -> None:
    """Refuse a position the reply analysis does not cover, in one line."""
    if pos.phase not in ("act", "goal") or pos.hero.boat is None:
        raise AnalysisError(
            f"--reply: phase {pos.phase!r}: the reply analysis starts in the hero's action phase (or goal draw) "
            "after a seat's last temple, or in the turn in which the first player can excavate it"
        )
    temples = pos.components.player_board.temples
    done = not must_finish(pos)
    if pos.to_move != pos.first:
        raise AnalysisError(
            f"--reply: {pos.to_move} plays second: "
            + ("nothing follows its turn (R-END-2); analyse without --reply" if done else "no reply follows its turn")
        )
    left = temples - len(pos.hero.temples)
    if not done and left > pos.actions_left:
        raise AnalysisError(
            f"--reply: {pos.to_move} has {left} temples to excavate and {pos.actions_left} actions left: the game "
            f"goes on after {pos.other}'s next turn, so its reply is not the last turn (R-END-2)"
        )


def known_facts(pos: Position) -> tuple[str, ...]:
    """The opponent's facts the analysis takes as the position states them."""
    them = pos.seat(pos.other)
    tile = (
        f"land tile in hand ({them.tile})" if them.tile is not None else "empty hand of land tiles (no tile to place)"
    )
    maps = ", ".join(them.maps) or "none"
    goals = ", ".join(them.goals) or "none"
    decks = "/".join(str(len(d)) for d in pos.map_decks)
    piles = "as stated" if pos.piles_known else "as the file guesses them (known: false)"
    return (
        f"{pos.other}'s {tile}",
        f"{pos.other}'s map cards in hand ({maps}) and goal cards ({goals})",
        f"the piles {piles}: the land pile ({len(pos.land_pile)} tiles; {pos.to_move} draws its top at its "
        f"end of turn), the map decks ({decks} cards), the goal deck ({len(pos.goal_deck)} cards)",
    )


class Bounds:
    """The ends' bounds: the board and the tile are the same for every end of the hero's turn,
    so the least "hero's goal points minus the opponent's points" over the tile's placements is
    worked out once per hero's temples and goal cards."""

    def __init__(self) -> None:
        self.least: dict[Hashable, int] = {}
        self.worst: dict[Hashable, tuple[Action, ...]] = {}
        """The reply 'place the tile, then nothing' that gives each least (() without a tile)."""

    def __call__(self, after: Position) -> int:
        hero = other_seat(after.to_move)
        mine = after.seat(hero)
        key = (mine.temples, mine.goals, after.phase)
        if key not in self.least:
            boards: list[tuple[tuple[Action, ...], Position]] = [((), after)]
            if after.phase == "place":
                placed: list[tuple[tuple[Action, ...], Position]] = [
                    ((a,), apply(after, a)) for a in legal_actions(after) if isinstance(a, PlaceTile)
                ]
                boards = placed or boards
            least = [(_goal_points(p, hero) - seat_score(p, after.to_move).total, line) for line, p in boards]
            self.least[key], self.worst[key] = min(least, key=lambda x: x[0])
        score = seat_score(after, hero)
        return self.least[key] + score.total - _goal_points(after, hero)

    def reply(self, after: Position) -> tuple[Action, ...]:
        """The reply 'place the tile, then nothing' of the least bound worked out for `after`'s
        hero's temples and goal cards (a legal reply after any end where its placement is)."""
        mine = after.seat(other_seat(after.to_move))
        self(after)
        return self.worst[(mine.temples, mine.goals, after.phase)]


def _goal_points(pos: Position, seat: str) -> int:
    return sum(g.points for g in seat_score(pos, seat).goals)


def turn_ends(pos: Position, deadline: Deadline, bounds: Bounds, most: int = MOST_ENDS) -> list[End]:
    """The hero's turn ends from `pos` (played through the engine), the dominated ones dropped,
    by bound then drachmas, highest first (ties in the order the engine lists the moves). Before
    a seat's last temple (`must_finish`), only the ends where the hero has excavated its own."""
    finish = must_finish(pos)
    seen: set[Hashable] = set()
    kept: dict[Hashable, tuple[tuple[Action, ...], Position]] = {}
    stack: list[tuple[Position, tuple[Action, ...]]] = [(pos, ())]
    while stack:
        p, line = stack.pop()
        key = state_key(State(p))
        if key in seen:
            continue
        seen.add(key)
        if len(seen) % 256 == 0:
            deadline.check()
        if len(seen) > most:
            raise AnalysisError(f"--reply: more than {most} states of {pos.to_move}'s turn: too large to analyse")
        for action in reversed(legal_actions(p)):
            after = apply(p, action)
            if not isinstance(action, EndTurn):
                stack.append((after, (*line, action)))
                continue
            if finish and not finished(after, pos.to_move):
                continue
            k = reply_key(after)
            had = kept.get(k)
            drachmas = after.seat(pos.to_move).drachmas
            if had is None or drachmas > had[1].seat(pos.to_move).drachmas:
                kept[k] = ((*line, action), after)
    ends: list[End] = []
    for line, after in kept.values():
        if len(ends) % 64 == 0:
            deadline.check()
        ends.append(End(line, after, bounds(after)))
    order = {id(e): i for i, e in enumerate(ends)}
    return sorted(ends, key=lambda e: (-e.bound, -e.drachmas, order[id(e)]))


def refuted(end: End, best: Outcome | None, bound: int | None = None) -> bool:
    """Whether the end's bound (or `bound`, a lower one that holds) shows it cannot beat `best`:
    a smaller margin, or the same margin with no better result and no more drachmas."""
    if bound is None:
        bound = end.bound
    if best is None or bound > best.margin:
        return False
    if bound < best.margin:
        return True
    return (best.margin != 0 or best.result == "win") and end.drachmas <= best.hero.drachmas


def refuting(end: End, best: Outcome) -> int:
    """The least objective of the opponent (its margin times SCALE plus its drachmas) a reply of
    which refutes `end` against `best`: one that holds the hero to the best margin (where the
    tie-breaks cannot favour the end, `refuted`) or below it."""
    most = best.margin if refuted(end, best, best.margin) else best.margin - 1
    return -most * SCALE


@dataclass
class _Tally:
    best: Outcome | None = None
    solved: int = 0
    refuted: int = 0
    by_replies: int = 0
    """Ends whose bound the replies found for other ends lowered enough to refute them."""
    by_floor: int = 0
    """Ends refuted by a reply that holds the hero to the best margin so far (`Replies.refutes`)."""
    proven: bool = True
    reached: bool = False
    """With a floor (`_search`): some end keeps the hero at least that margin against its best reply."""
    open: int | None = None
    """A bound on every end not solved (the highest left in the heap), None when none is left."""
    lowered: set[int] = field(default_factory=set)


def _enough(end: End, best: Outcome | None, floor: int | None) -> Callable[[int], bool] | None:
    """What margin against a replayed reply refutes `end` (it then sinks in the heap for good):
    below the floor, or `refuted` against the best so far; None before any best."""
    if floor is not None:
        return lambda m: m < floor
    if best is None:
        return None
    return lambda m: refuted(end, best, m)


def _search(ends: list[End], replies: Replies, tally: _Tally, floor: int | None = None) -> None:
    """The max-min over the ends (sorted by bound), into `tally`; with `floor`, only whether some
    end keeps the hero at least that margin (`tally.reached`): each end is asked whether the
    opponent can hold the hero below it (`Replies.refutes`, a decision), none solved. The ends
    wait in a heap by bound (then drachmas, then their order); the top's bound is lowered by the
    replies found since it was last bounded (`Replies.bound_by_replies`) before it is solved, so
    a bound in the heap is always one that holds, and the top's bounds every end left."""
    heap = [(-e.bound, -e.drachmas, i, 0) for i, e in enumerate(ends)]
    heapq.heapify(heap)
    while heap:
        neg, _, i, tried = heap[0]
        end = ends[i]
        tally.open = -neg
        if (floor is not None and -neg < floor) or (floor is None and refuted(end, tally.best, -neg)):
            # The highest bound is refuted: so is every end left (refuted is monotone in the
            # bound, then the drachmas).
            tally.refuted += len(heap)
            tally.by_replies += sum(1 for _, _, j, _ in heap if j in tally.lowered)
            tally.open = None
            return
        if tried < len(replies.pool):
            lower = replies.bound_by_replies(end, tried, _enough(end, tally.best, floor))
            if lower is not None and lower < -neg:
                tally.lowered.add(i)
                neg = -lower
            heapq.heapreplace(heap, (neg, heap[0][1], i, len(replies.pool)))
            continue
        if floor is not None:
            # A reply worth at least (1 - floor) * SCALE to the opponent holds the hero to
            # floor - 1 or below (its drachmas are below SCALE); none: the end keeps the floor.
            heapq.heappop(heap)
            if replies.refutes(end, (1 - floor) * SCALE):
                tally.refuted += 1
                tally.by_floor += 1
                continue
            tally.reached = True
            tally.open = -heap[0][0] if heap else None
            return
        cap = None
        if tally.best is not None:
            # An end need not be solved to be refuted: only asked whether the opponent can hold
            # the hero to the best margin so far (or below it, by the tie-breaks), a decision.
            want = refuting(end, tally.best)
            if replies.refutes(end, want):
                heapq.heappop(heap)
                tally.refuted += 1
                tally.by_floor += 1
                continue
            cap = want - 1  # proven: no reply reaches `want`
        out = replies.outcome(end, cap)
        heapq.heappop(heap)
        tally.solved += 1
        # A reply not proven best (a time limit) gives the hero an upper bound only.
        tally.proven = tally.proven and out.proven
        if tally.best is None or out.key > tally.best.key:
            tally.best = out
    tally.open = None


def analyse_reply(
    pos: Position, time_limit: float | None = None, workers: int = 1, line: Sequence[Action] | None = None
) -> ReplyAnalysis:
    """The hero's best turn against the opponent's best final turn (module doc); with `line`,
    how much that line of the hero's loses against the best reply, and from which action on."""
    check_reply(pos)
    given = given_line(pos, line) if line is not None else None
    deadline = Deadline(time_limit)
    known = known_facts(pos)
    bounds = Bounds()
    replies = Replies(pos.to_move, deadline, workers)
    tally = _Tally()
    ends: list[End] = []
    try:
        ends = turn_ends(pos, deadline, bounds, MOST_ENDS)
        if not ends:
            raise AnalysisError(
                f"--reply: no line of {pos.to_move}'s turn excavates its last temple: the game goes on after "
                f"{pos.other}'s next turn, so its reply is not the last turn (R-END-2)"
            )
        # The reply 'place the tile, then nothing' of the first end's bound seeds the replies
        # found: replayed, it gives the first end's search a floor (Replies.outcome).
        seed = bounds.reply(ends[0].after)
        if seed:
            replies.pool.append(seed)
        _search(ends, replies, tally)
    except TimeUp:
        return _stopped(ends, tally, known)
    best = tally.best
    assert best is not None  # ending the turn at once is always a line (after the last temple)
    status = "OPTIMAL" if tally.proven else "FEASIBLE"
    verdict = None
    if given is not None:
        try:
            verdict = _verdict(pos, given, best, replies, deadline, bounds)
        except TimeUp:
            verdict = None
    return ReplyAnalysis(
        status,
        best,
        best.margin,
        len(ends),
        tally.solved,
        tally.refuted,
        known,
        verdict,
        tally.by_replies,
        tally.by_floor,
    )


def _stopped(ends: list[End], tally: _Tally, known: tuple[str, ...]) -> ReplyAnalysis:
    """What is proven when the time ran out: the best of the ends solved, and a bound on all."""
    if not ends:
        return ReplyAnalysis("UNKNOWN", tally.best, None, 0, tally.solved, tally.refuted, known)
    # The ends not solved are bounded by the highest bound left in the heap (`_search`).
    known_bounds = ([] if tally.open is None else [tally.open]) + ([tally.best.margin] if tally.best else [])
    top = max(known_bounds) if known_bounds else None
    status = "UNKNOWN" if tally.best is None else "FEASIBLE"
    return ReplyAnalysis(
        status, tally.best, top, len(ends), tally.solved, tally.refuted, known, None, tally.by_replies, tally.by_floor
    )


def given_line(pos: Position, line: Sequence[Action]) -> tuple[Action, ...]:
    """The user's line of the hero's turn, checked; `end` is added when it is left out."""
    p = pos
    actions = tuple(line)
    if not actions or not isinstance(actions[-1], EndTurn):
        actions = (*actions, EndTurn())
    for i, action in enumerate(actions, 1):
        if isinstance(action, EndTurn) and i < len(actions):
            raise AnalysisError(f"--line: action {i} ends the turn; the line gives {pos.to_move}'s turn only")
        reason = why_illegal(p, action)
        if reason is not None:
            raise AnalysisError(f"--line: action {i} ({action}) is illegal: {reason}")
        p = apply(p, action)
    if must_finish(pos) and not finished(p, pos.to_move):
        raise AnalysisError(
            f"--line: the line does not excavate {pos.to_move}'s last temple: the game goes on, and no final score reads it"
        )
    return actions


def _verdict(
    pos: Position, line: tuple[Action, ...], best: Outcome, replies: Replies, deadline: Deadline, bounds: Bounds
) -> ReplyVerdict:
    """The line against the best reply, and the first action after which the best margin is out
    of reach (the ends reachable along a line only shrink: a binary search)."""
    states = [pos]
    for action in line:
        states.append(apply(states[-1], action))
    mine = replies.outcome(End(line, states[-1], bounds(states[-1])))
    mine = Outcome(line, mine.reply, mine.hero, mine.other, mine.proven)
    loss = best.margin - mine.margin
    if loss <= 0:
        return ReplyVerdict(mine, loss, None)

    def reaches(start: Position) -> bool:
        tally = _Tally()
        _search(turn_ends(start, deadline, bounds), replies, tally, best.margin)
        return tally.reached

    lo, hi = 0, len(line)  # the best margin is reachable after lo actions, not after hi (the end)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reaches(states[mid]):
            lo = mid
        else:
            hi = mid
    return ReplyVerdict(mine, loss, hi)
