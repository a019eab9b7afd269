"""A floored two-turn model's watch asked twice: the cheap relaxation first, the split one where
that answers no (session 93, h93split; `SPLIT_RETRY`).

The two-turn relaxation (analysis/reach/reach_below.py's `Below`) can split a sale at Thera by its
turn and carry turn 1's sales (reach_split.py's `SPLIT_SALE`, `SPLIT_SOLD`): on seed 4's turn 15
(2016, south) the member `tile -3,2 r270 blue@SE` (optimum 31) reads 33 without them and 33 and 32
below with them, where main's search sat in that member's CP-SAT model at the floor 33 for the
rest of its 600 CPU s (session 89). On everywhere, the split costs about a quarter more on every
group question and the relaxed leaves grow (a member's leaf passed 20,000 states), and the whole
turn proved fewer groups (session 92). Here it is asked only where a no costs a CP-SAT model: a
member's (or a claimed cover's) solve at a floor (board_solve.py's `best_two_turns`, `floor` set),
whose watch becomes `Retried`:

- *Before the model* (`Retried.split` of the floor, `best_two_turns`): the placement search asked
  the cheap relaxation of that position at that value just before (placement.py's `below_once`,
  `covered`) and it answered no, else no model would be asked for; the split is asked of the
  floor first, and a yes answers INFEASIBLE (floor - 1 the bound) without realise.py's
  `floor_line` (which realises the cheap relaxation's leaf at the floor: about 5 CPU s on seed 4's
  turn 15 where no line reaches it) and without a model. Most members asked at a floor do not
  reach it (the floor is the best so far plus one); one that does pays a split question for
  nothing.
- *The watch's questions* (`Retried.__call__`: the model's at each new best value plus one,
  watched.py's `Meets`, and `floor_line`'s at its line's value plus one): the cheap question
  first; where it answers no, the split one.

Every other question (the group questions, a thin group's `every`, the relaxed leaves, a turn's
first model's questions, floor_first.py) is asked as before, without the split. The flags are set
for the split question only (reach_split.py's `split_on`: both put back on the way out), so no
other question sees them; `Reached`'s readings of the cheap question's leaf are put back where
the split answers no too, so what reads them after (floor_cards.py) reads what it read before.

*Sound.* Both relaxations bound every line (reach_split.py's module doc argues the split's): a
yes of either is a proof that no line reaches the value. So a model not built at the floor would
have been INFEASIBLE (no line reaches it), and a watch's stop at a line of value v is at a line no
line beats (watched.py's `Known`, board_solve's `_solve_to_ceiling`: the answer is the search's
without the watch, OPTIMAL v). A no (of both) answers nothing. Only a yes is kept (`proven`: the
split's yes at v holds at every value above), a no only for the same value (`failed`). The split
question is asked of the same `Below` as the cheap ones: what the cheap ones proved below (its
`known`, reach_known.py) is not searched again, and what the split proves below is kept for later
questions from positions it dominates. That holds for the split's searches as for main's: the
split reads the market only as its empty spaces now (`income_now`; the spreads' room) and the
takes beyond it (`e_c`), and the cubes only as counts per piece and colour (`turn_one`'s caps), so
a dominating position (more cubes on every piece, fewer market cubes) reads no lower (session 82's
`ASK_UNSPLIT_FIRST` kept both passes' proofs in one `known` the same way). Deterministic: counts
and node caps only, no clock decides an answer.
"""

from __future__ import annotations

from typing import Any

from ..solver.deadline import TimeUp
from .reach import reach_split
from .reach.reach_two_goals import Reached
from .watched import OutOfReach

SPLIT_RETRY = True
"""Whether a floored two-turn model's watch asks the split relaxation where the cheap one answers
no (module doc; False: main's path exactly). Read when `best_two_turns` is called."""

SOLD = True
"""Whether the split question carries turn 1's sales too (reach_split.py's `SPLIT_SOLD`)."""


def split_below(below: Any, pos: Any, value: int) -> bool:
    """Whether the split relaxation (turn 1's sales carried where `SOLD`) proves that no line from
    `pos` reaches `value`, asked of `below` (a `Below`); `Reached`'s readings put back where it
    does not (module doc). The time limit (TimeUp) answers no."""
    saved = (Reached.cards, Reached.finals, Reached.goals)
    try:
        with reach_split.split_on(SOLD):
            got = bool(below(pos, value))
    except TimeUp:
        got = False
    if not got:
        Reached.cards, Reached.finals, Reached.goals = saved
    return got


class Retried:
    """A floored model's watch (watch_defer's `Watch`, or watched.py's `Known` of one) whose no is
    asked again with the split (module doc)."""

    def __init__(self, watch: OutOfReach) -> None:
        self.watch = watch
        self.below: Any = getattr(watch, "below", None)
        self.pos: Any = getattr(watch, "pos", None)
        self.deferred = bool(getattr(watch, "deferred", False))
        self.proven: int | None = None
        """The least value the split proved out of reach (every value above it is too)."""
        self.failed: set[int] = set()
        """The values the split answered no."""
        self.asked = 0
        """The split questions asked (a test's and a trace's count)."""

    def __call__(self, value: int) -> bool:
        """The cheap question; where it answers no, the split one (`split`)."""
        return bool(self.watch(value)) or self.split(value)

    def split(self, value: int) -> bool:
        """Whether the split relaxation proves `value` out of reach (False: not proven, or not
        asked: a value the told watch knows a line reaches, no `Below`, the time limit)."""
        if self.proven is not None and value >= self.proven:
            return True
        if value in self.failed or self.below is None or self.pos is None:
            return False
        most = getattr(self.watch, "most", None)
        if getattr(self.watch, "attained", False) and most is not None and value <= most:
            return False  # a line reaches it (watched.py's `Known`): no relaxation proves it
        self.asked += 1
        got = split_below(self.below, self.pos, value)
        if got:
            self.proven = value if self.proven is None else min(self.proven, value)
        else:
            self.failed.add(value)
        return got

    def within(self, value: int, seconds: float) -> bool | None:
        """The watch's budgeted question (watch_defer's `Watch.within`), as it is."""
        within = getattr(self.watch, "within", None)
        return within(value, seconds) if within is not None else self(value)

    def counted(self, value: int, states: int) -> bool | None:
        """The watch's counted question (watch_defer's `Watch.counted`), as it is."""
        counted = getattr(self.watch, "counted", None)
        return counted(value, states) if counted is not None else self(value)


def retried(watch: OutOfReach | None) -> OutOfReach | None:
    """`watch` asked twice (`Retried`) where `SPLIT_RETRY` is on and the watch is not deferred
    (the game's end, watch_defer.py: its budgets stay as they are); else `watch` itself."""
    if watch is None or not SPLIT_RETRY or getattr(watch, "deferred", False) or reach_split.SPLIT_SALE:
        return watch
    if getattr(watch, "below", None) is None:
        return watch
    return Retried(watch)
