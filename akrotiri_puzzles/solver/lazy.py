"""A bound asked part by part while its scenarios are read (`LAZY`, docs/solver.md).

A two-turn puzzle from the tile placement has tens of thousands of scenarios, and a bound reads
thousands of classes of them. Asking the model of all of them at once pays the whole read and
one large model before any answer, where a feasible bound's line usually lies among the first
classes (place-2 g5004, g5005, g5008: in the first 256). So the shared reader reads the bound in
a fixed order (`read_order`: the scenarios most likely to hold a line first), and each time it
has read `size` new classes the model of those classes alone (a *part*) is asked:

- a line in a part is a line of the puzzle (the part's classes are some of the bound's, each
  class's facts fixed when it is made), replayed by the engine; since the bound below is
  proven INFEASIBLE (deepening asks bounds from the lowest up), it is the optimum;
- every part INFEASIBLE proves the bound INFEASIBLE: the model picks exactly one class, and
  every class read is in exactly one part, so the lines of the whole model are the lines of its
  parts put together (the parts proof of split.py). A part not settled within LAZY_WORK is
  asked again, without that cap, once every scenario is read (its model kept, not built
  again); the last part has no cap.

The parts are LAZY_FIRST classes, then LAZY_GROWTH times more each time, up to LAZY_PART (with
LAZY_AGAIN, now off, a bound proven INFEASIBLE in parts made the next bound's first part as large
as those).
Where the first read takes in every scenario of the bound, nothing is asked here: the bound's
facts and model are deepening's own (`Run.facts` reads on from the same gathering).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..puzzle import Puzzle
from .budget import Budget, max_steps, playable_cards
from .deadline import TimeUp
from .facts import FactReader
from .gather import Gathering
from .model import LineModel
from .points import FAR
from .run import Run
from .scenarios import Scenario

LAZY = True
"""Whether a bound of a large puzzle is asked in parts while it is read (tests and benchmarks
turn it off to compare with the whole bound's model)."""
LAZY_SCENARIOS = 2000
"""Scenarios a puzzle must have: two-turn puzzles from the tile placement, where reading a
bound's thousands of classes costs tens of seconds (docs/benchmarks.md)."""
LAZY_FIRST = 64
"""Classes of the first part; each next one has LAZY_GROWTH times as many, up to LAZY_PART.
64 since session 57 (256 before): with `READ_ORDER` and `NEAR_ORDER` the first classes read
are those most likely to hold a line, and a feasible bound's line was in the first part of 256
on every place-2 puzzle traced (g15001, g15004, g15010, g11002, g7003); a part of 64 holding it
is built and solved in about a quarter of the time (g15001 about 5.6-6.1 -> 4.3-4.7 CPU s,
g15007 5.6-6.9 -> 3.6-5.0, one window at load 5; docs/benchmarks.md, session 57). An
INFEASIBLE bound pays one small part more (64, then 256, 1,024, ...). The size only decides
which part a class is in: each class is still in exactly one, so what is proven is the same;
a feasible bound's line may be another optimal one."""
LAZY_GROWTH = 4
LAZY_PART = 16384
"""The most classes of one part. CP-SAT proves a large part faster per class than a small one
(place-2 g5014, bound 7, INFEASIBLE: about 4 s for 256 classes, 8.5 s for 4,096, 47 s for all
20,376, and 81 s in parts of 2,000: docs/benchmarks.md), so after the first small parts, which
find most feasible bounds' lines, the parts grow large."""
LAZY_AGAIN = False
"""Whether a bound's first part is as large as the parts the bound below read before it was
proven INFEASIBLE in them (`Run.lazy_next`: their sizes summed, 256 + 1,024 when it took two):
in the reader's order, the next bound's first classes were those again, and asking them as small
parts again paid a model and a presolve per part (place-2 g7003, bound 8: 256 classes
INFEASIBLE, then its line in the next 1,024). Off since `READ_ORDER`: the next bound's first
part is then its scenarios whose lower bound the bound below found smallest, where its line
most often is, and a small part finds it (g7003, bound 8: the line in the first 256 classes,
after 259 scenarios read, 3.5 s of CPU; with this switch on, its one part of 1,280 classes
took 10.5 s)."""
READ_ORDER = True
"""Whether a bound asked in parts reads its scenarios in `read_order` (without the oracle first,
then by the lower bound an earlier bound found) instead of the reader's order (turn-1
placement, then oracle icon, then turn-2 placement). A line that asks the oracle spends an
action on it (R-ORA-1), so at a feasible bound the line most often lies among the scenarios
without it, and among those whose lower bound leaves room: read first, they make the first
parts (place-2 g7009, bound 5: its line was in the second part, of 1,024 classes, after 9,252
scenarios read; now in the first part of 256, after 908). After a bound proven INFEASIBLE, the
scenarios its read found nearest to it come first at the next bound. The order only decides
which part a class is in: each class is still in exactly one."""
DROPPED_ORDER = True
"""Whether `read_order`, for a bound asked in parts, places a scenario never read but dropped by
its slot's view at an earlier bound (`FactReader.passed_over`) by that bound plus one, as if read
with that lower bound (else last, with those never read): with the views reading turn 1
(`relax.TURNS`), place-2 g11002's line of 7 lies among such scenarios, and read last it was found
in the second part (7.9 s for the bound) instead of the first (3.3 s)."""
NEAR_ORDER = True
"""Whether `read_order` breaks ties of the lower bound by how near the turn-1 tile lies to the
boat (`near_tile`: the fewest steps on the turn-1 board from the start dock to a dock of the
placed tile), nearest first, rather than by the reader's order alone. The lower bounds of a
late board's scenarios are often all at the bound, and then the reader's order (turn-1 slot by
slot) decided which placements the first parts held: place-2 g15004's line of 7, g7003's of 8
and g13003's of 7 all place the turn-1 tile one step from the boat, and were found in the second
part (1,024 classes) after a first part of 256 far placements proved INFEASIBLE. The order only
decides which part a class is in: each class is still in exactly one (a switch for tests and
benchmarks). The largest bound's question (`dropped` False) keeps the lower bounds' order: there
it gave CP-SAT longer searches for the line that ends the question (place-2 g15007 4.3 -> 4.0 s,
g14002 4.2 -> 4.1 s with it off there, the same lines)."""
LAZY_WORK = 10.0
"""CP-SAT's deterministic time for each part but the last while the bound is being read: a part
not settled within it is asked again, uncapped, after the last part."""

Found = tuple[int, tuple[Action, ...]]


@dataclass(frozen=True)
class Parts:
    """What asking a bound in parts settled: a line (`line`), or, without one, that the bound is
    INFEASIBLE (every part was)."""

    line: Found | None
    classes: int
    """Classes read (of the whole bound when it is INFEASIBLE)."""
    enumerated: int
    """Scenarios looked at."""


def read_order(reader: FactReader, cards: list[str], dropped: bool = True) -> list[int]:
    """The indices of the reader's scenarios in the order a bound asked in parts reads them:
    those without the oracle first; within each, by the lower bound an earlier bound's read
    found (`known_lower`), or, with `dropped` and `DROPPED_ORDER`, the bound its slot's view
    dropped it at plus one (`FactReader.dropped_below`); scenarios never read last; ties in the
    reader's order. With `dropped`, ties are then broken by `near_tile` (`NEAR_ORDER`). The
    largest bound's question (`cpsat`, `TOP_FIRST`) reads without `dropped` (nor `NEAR_ORDER`):
    there, place-2 g14002 took 7.1 s with it against 4.6 s without."""
    scens = reader.scenarios()
    far = 1 << 20
    lows = [reader.known_lower(i, cards) if reader.was_read(i) else far for i in range(len(scens))]
    if DROPPED_ORDER and dropped:
        # A scenario its slot's view dropped unread at a bound needs one more at least.
        lows = [low if low < far else reader.dropped_below(i) or far for i, low in enumerate(lows)]
    if NEAR_ORDER and dropped:
        near: dict[int, int] = {}  # per turn-1 placement, by identity (shared by its scenarios)
        for sc in scens:
            if id(sc.first) not in near:
                near[id(sc.first)] = near_tile(reader, sc)
        return sorted(range(len(scens)), key=lambda i: (scens[i].oracle is not None, lows[i], near[id(scens[i].first)]))
    return sorted(range(len(scens)), key=lambda i: (scens[i].oracle is not None, lows[i]))


def near_tile(reader: FactReader, sc: Scenario) -> int:
    """The fewest steps on the scenario's turn-1 board from the start dock to a dock of the tile
    placed in turn 1 (`NEAR_ORDER`); FAR when it places none or no step reaches its docks. Only
    an order: no bound is read from it."""
    if sc.first is None:
        return FAR
    view = reader.first(sc.first, sc.turn_one).view
    steps = view.steps_from([reader.start_dock])
    return min((n for d, n in steps.items() if d.startswith("+1")), default=FAR)


def _ask(run: Run, model: LineModel, work: float | None) -> Found | bool:
    """The part's line, if it has one; else whether it was proven INFEASIBLE (False: not
    settled within `work`)."""
    status, solver = run.run(model, work=work)
    if status in ("OPTIMAL", "FEASIBLE"):
        return run.accept(model, solver)
    if status == "INFEASIBLE":
        return True
    if work is None:
        raise TimeUp
    run.deadline.check()  # the time limit, or only `work`: asked again later
    return False


def in_parts(run: Run, puzzle: Puzzle, bud: Budget, bound: int) -> Parts | None:
    """The bound asked part by part as it is read (see the module docstring); None when the
    puzzle has fewer than LAZY_SCENARIOS scenarios or the first read took in the whole bound
    (deepening then asks the bound's own model, from `run.pending`)."""
    reader = run.reader(puzzle)
    if len(reader.scenarios()) < LAZY_SCENARIOS:
        return None
    order = read_order(reader, playable_cards(puzzle, bound)) if READ_ORDER else None
    gathering = Gathering(
        reader, bound, max_steps(puzzle, bound), playable_cards(puzzle, bound), deadline=run.deadline, order=order
    )
    run.pending = gathering
    size, first = LAZY_FIRST, 0
    if LAZY_AGAIN:
        # The classes the bound below read in parts: nearly all are this bound's first classes.
        size = max(size, run.lazy_next.get(puzzle.turns, 0))
    unsettled: list[tuple[int, LineModel]] = []  # a part's model is kept, not built again
    reach = size
    while not gathering.done:
        reach = first + size
        gathering.read(reach)
        last = len(gathering.reads)
        if gathering.done and first == 0:
            return None  # one read took in the whole bound: deepening's own model (`facts`)
        if last == first:
            break
        # The part that ends the read is asked without the cap: nothing is left to ask instead.
        model = run.model(gathering.facts(first, last), bud, bound)
        got = _ask(run, model, None if gathering.done else LAZY_WORK)
        if not isinstance(got, bool):
            run.pending = None
            run.enumerated = max(run.enumerated, gathering.enumerated)
            run.classes = max(run.classes, last - first)
            return Parts(got, last - first, gathering.enumerated)
        if not got:
            unsettled.append((last - first, model))
        first, size = last, min(size * LAZY_GROWTH, LAZY_PART)
    run.pending = None
    for classes, model in unsettled:
        got = _ask(run, model, None)
        if not isinstance(got, bool):
            run.enumerated = max(run.enumerated, gathering.enumerated)
            run.classes = max(run.classes, classes)
            return Parts(got, classes, gathering.enumerated)
    run.enumerated = max(run.enumerated, gathering.enumerated)
    run.classes = max(run.classes, len(gathering.reads))
    run.lazy_next[puzzle.turns] = reach
    return Parts(None, len(gathering.reads), gathering.enumerated)
