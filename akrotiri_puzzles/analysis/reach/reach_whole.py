"""A kind's groups of final boards searched as one first, in a cover's question (`WHOLE_RUNS`,
session 93): reach_below's `Below.asked` asks `whole_below` before a kind's runs of `chunk` groups
(reach_thin.py's `run_left`). Sound as any union (reach_thin's and reach_below's module docs): a
run below answers for each of its groups (every line ending on one of its boards is one of the
run's lines), one not below has its groups searched as without it, and a cap only bounds a
search's cost (one that completes bounds every line on its boards, whatever its cap), so each
answer is main's except a no become a proven yes where the runs or a group alone pass their caps
and the whole run completes below (tests/test_reach_whole_runs.py).

*The counts cover before the rest of a reaching one-turn cover* (reach_thin's `BLIND_EARLY`, session 94,
h94group). A thin group's question (reach_thin's `every`) is the one-turn cover's question, then,
where that is not below, the counts cover's colour-blind one, then `by_member`: it answers yes
where any of them is below. On seed 4's turn 15 (2016, south) at 33, where a kind's whole run of
the one-turn cover reached the value, the one-turn cover was not below in every question seen
(groups 3, 12 and 20), and its runs of 8 and groups searched after the whole run cost 3 to 5 CPU
s before the counts cover answered yes. With `BLIND_EARLY` the one-turn cover's question ends
(not below) where a kind's whole run reaches the value (`Reached`: not where it passes its cap);
the counts cover is asked; where it is not below, the one-turn cover's question is asked again
in full (its proofs so far kept, `known`; its whole run not tried again, `whole_off`; its unions
as they were, `said_yes`), then `by_member` as before. Sound: `every` still answers yes only where
one of the same three questions is below (each a bound on every member, reach_thin's module doc),
and no otherwise; only the order of the questions and their searches changes, so an answer differs
from main's only where a search passes a node cap in one order and not in the other (as for the
runs above). A question that ends early keeps nothing it did not prove.

*Where the next question starts, after an early end* (`EARLY_LAST`, `early_last`, session 95,
h95every; off). An early end left `Below.last` (the group that stopped the last question, searched
first by the next: reach_below's module doc) as the question before had set it, so the next
group's question could pay its whole run again where the group that stops it would have answered
no at once (one question measured 11.6 -> 21.2 CPU s in session 94). With `EARLY_LAST` the early
end records the first of the kind's groups holding a final board the reaching leaf may end on
(`Reached.finals`, as reach_thin's `REACHED_FIRST` orders a reaching run's groups). Sound: `last`
only orders the next question's searches, each group still searched before a yes. Off: on seed 4's
turn 15 (2016, south), `every` of groups 9-20 at 33, 86.97 and 86.58 CPU s with it, 84.61 without
(one window; the same answers; docs/benchmarks.md, session 95, h95every): the group it records is
most often the one `last` already held.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...board import Board
from ...geometry import Slot
from ...position import Position
from .reach_boards import Boards
from .reach_bound import TooBig
from .reach_two_goals import Reached

if TYPE_CHECKING:
    from .reach_thin import Thin

WHOLE_RUNS = True
"""Whether a cover's question (not a counts cover's) searches all of a kind's groups of final
boards left (those with the oracle, R-ORA-1, or without) as one run first, with `WHOLE_NODES`
times a group's states, before its runs of `chunk` (`whole_below`, session 93; False: as before).
Sound as any union (module doc): a run below answers for each of its groups, one not below has
them searched as without it. A kind's whole run not below is not tried again until the setup
changes (`whole_off`). On seed 5's turn 13 (2016, south), the cover of `tile -1,-3 r270
blue@NE` at 25 (with reach_ceiling_paid's `PAID`): the 20 plain groups as one 67,664 states, where
their runs of 4 and groups alone past the cap took about three times the CPU (the question 19.4 CPU
s without, 9.6 with). A question not below pays for a whole run that reaches the value: the cover of
`tile -2,0 r270 blue@NE` at 25, 49.5 CPU s without, 61.6 with (docs/benchmarks.md, session 93,
h93cover)."""

WHOLE_NODES = 6
"""A kind's whole run (`WHOLE_RUNS`) passes the node cap at this many times a group's states."""

WHOLE_BOARDS = 128
"""A kind's whole run (`WHOLE_RUNS`) is tried only where its groups hold at most this many final
boards: a search's setup and its goal cards' readings grow with its boards (the same cover's 20
oracle groups, 320 boards: 26,894 states in 6.0 CPU s as one, 4.8 s in runs of 4)."""


def whole_below(
    thin: Thin,
    unions: bool,
    pos: Position,
    finals: Sequence[list[Board]],
    rest: list[int],
    acts: int,
    shared: Boards,
    ask: int,
    oracle: bool,
) -> bool:
    """Whether the groups `rest` (indices of `finals`, all of kind `oracle`, more than a run's)
    searched as one with `WHOLE_NODES` times a group's states are below `ask` (`WHOLE_RUNS`): then
    each of them is. Not in a counts cover's question, nor where `unions` or the question's kinds
    (reach_thin's `UNION_KINDS`) leave the kind's unions off, nor over more than `WHOLE_BOARDS`
    boards, nor after the kind's whole run was not below in the setup (`Below.whole_off`). It
    does not enter the unions' tallies."""
    if not WHOLE_RUNS or not unions or thin.blind_kinds is not None or oracle in thin.whole_off:
        return False
    if thin.chunk is not None and len(rest) <= thin.chunk:
        return False  # one run holds them (`runs`)
    if thin.union_kinds is not None and oracle not in thin.union_kinds:
        return False
    boards = [b for i in rest for b in finals[i]]
    if len(boards) > WHOLE_BOARDS:
        return False
    try:
        below = (
            thin.relaxed(pos, [pos.board, *boards], acts, thin.nodes * WHOLE_NODES, shared, ask, oracle).best() < ask
        )
    except Reached:
        below = False
        if thin.suspend:
            thin.suspended = True  # `BLIND_EARLY`: the question ends here (reach_below's `asked`)
            thin.suspended_finals = Reached.finals
    except TooBig:
        below = False
    if not below:
        thin.whole_off.add(oracle)
    return below


EARLY_LAST = False
"""Whether a question ended where a kind's whole run reached the value (reach_thin's
`BLIND_EARLY`) records where the next question starts (`Below.last`, `early_last`; False: as
session 94, the record left as the question before set it). Read at each such end."""


def early_last(
    thin: Thin, slots: Sequence[tuple[Slot | None, bool]], finals: Sequence[list[Board]], rest: list[int]
) -> None:
    """At a question's early end (`BLIND_EARLY`: the whole run of the groups `rest` reached the
    value), the group the next question searches first (`Below.last`, reach_below's module doc:
    *the last stop first*): the first of `rest` holding a final board the reaching leaf may end on
    (`Reached.finals`), where `EARLY_LAST`; a board alone no longer (`last_board`). Only the order
    of the next question's searches changes (module doc)."""
    ends = thin.suspended_finals
    thin.suspended_finals = None
    if not EARLY_LAST or not ends:
        return
    held = {id(b) for b in ends}
    for i in rest:
        if any(id(b) in held for b in finals[i]):
            thin.last, thin.last_board = slots[i], None
            return
