"""Canonical form of a line, and what makes two answers the same (docs/puzzles.md).

A line is cut into *stops*: the actions taken at one dock between two movements. Two lines
that reach a puzzle's goal are the same answer when they have the same *signature*:

- the same tile placements: in which turn, and in which slot. Neither the rotation nor the
  second cube is part of the identity: what a rotation changes that matters shows in the
  visits (a visit names its island by its docks, so a rotation that joins other islands or
  moves a visited dock makes another visit), and where the second cube matters, the line loads
  it, and the load is part of a visit. A strictly unique answer (solver/unique.py) also leaves
  no choice of the rotation or the second cube;
- the same sequence of *visits*: each stop that pays for something (load, buy, excavate) or
  sells at Thera, named by its island (docks of one island are interchangeable) and by what it
  pays for; and the end of turn 1;
- the same oracle consultations: in which turn, and which icon (R-ORA-1). Where the oracle is
  consulted is not part of the identity, as the rotation is not: a stop that only consults the
  oracle is no visit. A strictly unique answer (solver/unique.py) also leaves no choice of the
  stop: its *strict* signature (`signature(..., strict=True)`) names the oracle in its visit.

Free actions (sell, unload) are not part of the identity, nor are the route between stops,
ship against portage, or the excavation site on the island.

For a score goal (an endgame puzzle, docs/analysis.md) the drachmas and the goal cards are
points, so a visit also names the colours it sells and the goal card kept after its
excavation (R-EXC-1), and the lean form also drops any load, buy or oracle the score does not
need; the rest is as above. The canonical form of a line is
its *lean* form (every free action and every step it does not need dropped), with each stop's
actions in the order unload, sell, load, buy, excavate, oracle, keep.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Buy, EndTurn, Excavate, KeepGoal, Load, Oracle, PlaceTile, Sell, Step, Unload
from ..components import DECKS
from ..puzzle import Puzzle, State, play, replay

FREE = (Sell, Unload)
DROPPABLE = (Sell, Unload, Step)
"""What `lean` tries to drop: free actions, and steps (a step within a Move action's points
costs nothing, so a pointless one does not show in the count)."""
SCORE_DROPPABLE = (*DROPPABLE, Load, Buy, Oracle)
"""For a score goal, what `lean` tries to drop: also a load, a buy or the oracle the score
does not need (a line of X points may carry a paid action that costs no point)."""


@dataclass(frozen=True)
class Visit:
    """A stop that matters for the answer's identity, or the end of turn 1."""

    island: frozenset[str] = frozenset()
    """The docks of the stop's island (empty for the end of turn)."""
    load: tuple[str, ...] = ()
    buys: tuple[int, ...] = ()
    decks: tuple[str, ...] = ()
    card: str | None = None
    oracle: str | None = None
    """In a strict signature only: the icon the oracle is consulted for at this stop."""
    sells: bool = False
    end: bool = False
    sold: tuple[str, ...] = ()
    """For a score goal: the colours sold, sorted (else empty)."""
    keep: str | None = None
    """For a score goal: the goal card kept after the visit's excavation (else None)."""


@dataclass(frozen=True)
class PlacementSig:
    """A tile placement as the answer's identity sees it: in which turn and where (the rotation
    is not part of it: see the module docstring)."""

    turn: int
    slot: tuple[int, int]


@dataclass(frozen=True)
class OracleSig:
    """An oracle consultation as the answer's identity sees it: in which turn, for which icon
    (the stop is not part of it: see the module docstring)."""

    turn: int
    icon: str


@dataclass(frozen=True)
class Answer:
    """The signature of a line: placements, visits and oracle consultations."""

    placements: tuple[PlacementSig, ...]
    visits: tuple[Visit, ...]
    oracles: tuple[OracleSig, ...] = ()
    by_stop: bool = False
    """Whether the visits name the oracle too (a strict signature)."""


def signature(puzzle: Puzzle, line: list[Action] | tuple[Action, ...], strict: bool = False) -> Answer:
    """The identity of a legal line's answer; `strict` names the oracle by its stop as well."""
    state = State(puzzle.start)
    placements: list[PlacementSig] = []
    visits: list[Visit] = []
    oracles: list[OracleSig] = []
    pending: list[Action] = []
    pending_state = state
    exact = puzzle.goal.score is not None

    def close() -> None:
        nonlocal pending
        if pending:
            visit = _visit(pending_state, pending, exact, strict)
            if visit is not None:
                visits.append(visit)
        pending = []

    for action in line:
        if isinstance(action, PlaceTile):
            close()
            placements.append(_placement_sig(state.turn, action))
            state = play(puzzle, state, action)
            continue
        if isinstance(action, Step):
            close()
        elif isinstance(action, EndTurn):
            close()
            visits.append(Visit(end=True))
        elif exact or not isinstance(action, KeepGoal):
            if isinstance(action, Oracle):
                oracles.append(OracleSig(state.turn, action.icon))
            if not pending:
                pending_state = state
            pending.append(action)
        state = play(puzzle, state, action)
    close()
    return Answer(tuple(placements), tuple(visits), tuple(oracles), strict)


def _placement_sig(turn: int, a: PlaceTile) -> PlacementSig:
    return PlacementSig(turn, a.slot)


def _visit(state: State, actions: list[Action], exact: bool = False, strict: bool = False) -> Visit | None:
    pos = state.pos
    boat = pos.hero.boat
    assert boat is not None
    board = pos.board
    island = frozenset(board.docks_of_island[board.island_of_dock[boat]])
    load: list[str] = []
    buys: list[int] = []
    decks: list[str] = []
    card = None
    oracle = None
    sells = False
    sold: list[str] = []
    keep = None
    for a in actions:
        if isinstance(a, Load):
            load.extend(a.colours)
        elif isinstance(a, Buy):
            buys.append(len(a.decks))
            decks.extend(a.decks)
        elif isinstance(a, Excavate):
            card = a.card
        elif isinstance(a, Oracle) and strict:
            oracle = a.icon
        elif isinstance(a, Sell):
            sells = True
            sold.append(a.colour)
        elif isinstance(a, KeepGoal):
            keep = a.goal
    if not (load or buys or card or oracle or sells):
        return None
    return Visit(
        island=island,
        load=tuple(sorted(load)),
        buys=tuple(sorted(buys)),
        decks=tuple(sorted(decks, key=DECKS.index)),
        card=card,
        oracle=oracle,
        sells=sells,
        sold=tuple(sorted(sold)) if exact else (),
        keep=keep if exact else None,
    )


def lean(puzzle: Puzzle, line: list[Action] | tuple[Action, ...]) -> list[Action]:
    """The line with every free action and every step it does not need dropped, last ones
    first, until none can be.

    An action is dropped when the line without it is still legal and reaches the goal at no
    greater cost. An unload that a later load or move needs stays, and so does a step the
    next stop needs.
    """
    target = replay(puzzle, line)
    if target.illegal_at is not None or not target.reached:
        return list(line)
    current = list(line[: target.reached_at + 1]) if target.reached_at is not None else list(line)
    cost = replay(puzzle, current).cost
    droppable = SCORE_DROPPABLE if puzzle.goal.score is not None else DROPPABLE
    dropped = True
    while dropped:
        dropped = False
        i = len(current) - 1
        while i >= 0:
            if isinstance(current[i], droppable):
                trial = current[:i] + current[i + 1 :]
                r = replay(puzzle, trial)
                if r.illegal_at is None and r.reached and r.cost <= cost:
                    current = trial[: r.reached_at + 1] if r.reached_at is not None else trial
                    cost = r.cost
                    dropped = True
            i = min(i - 1, len(current) - 1)
    return current


def canonical(puzzle: Puzzle, line: list[Action] | tuple[Action, ...]) -> list[Action]:
    """The canonical form of a legal line reaching the goal (see the module docstring)."""
    lean_line = lean(puzzle, line)
    out: list[Action] = []
    stop: list[Action] = []

    def flush() -> None:
        out.extend(sorted(stop, key=_bundle_rank))
        stop.clear()

    for a in lean_line:
        if isinstance(a, (Step, EndTurn, PlaceTile)):
            flush()
            out.append(a)
        else:
            stop.append(a)
    flush()
    r = replay(puzzle, out)
    return out if r.illegal_at is None and r.reached else lean_line


_ORDER = (Unload, Sell, Load, Buy, Excavate, Oracle, KeepGoal)


def _bundle_rank(a: Action) -> tuple[int, str]:
    kind = next(i for i, t in enumerate(_ORDER) if isinstance(a, t))
    return kind, str(a)
