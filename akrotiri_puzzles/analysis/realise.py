"""A floor from the two-turn relaxation's leaf: the relaxed line that reaches a value, played
through the engine ("realised").

The two-turn relaxation (analysis/reach/reach_two.py's `TwoRelaxed`) answers "not below v" by raising
`Reached` at a leaf worth v. That leaf's line is a guess, not a line of the game: its stops are
spots (an island of turn 1's board, the next tile's islands, Thera), its legs are the least
points over the union of the final boards, its sales read the best prices. Where it is a real
line (sessions 84: seed 3's turn 13 and seed 4's turn 15, tests/test_reach_real_lines.py),
CP-SAT may still take hundreds of CPU s to find one of that value. Here the engine plays it:

- *The path* (`relaxed_leaf`, realise_leaf.py): the states from the start to the leaf, kept by
  `TracedRelaxed` (the relaxation's search, wrapped) as a `Reached` passes through them.
- *The stops* (`stops`). Two states in a row on the path differ by one child of the search: a
  leg to a spot (the one a Thera sale follows), a sale, a buy (the hand's new cards), an
  excavation (the temple dug), a Load (the cubes aboard), an unload. Each is a `Stop`, with the
  turn the relaxation spends it in (`turn`: 2 where turn 1's actions are over once it is made).
- *The realiser* (`realise`). A search over engine states (puzzle.moves/play), stop after stop:
  between stops the Move actions (ship, portage steps) that bring the boat to a dock of the
  stop's islands on the engine's board (`arrivals`: a breadth-first search of steps, each
  position once, to the layer of the first arrivals and the next; the `WAYS` best by actions
  then points left); at the stop, the engine's actions of its kind (the leaf's card at a site of
  those islands, then the hand's other cards there; Loads of the leaf's count first; every cube
  sold; the buy of the leaf's decks first); the oracle (R-ORA-1) where the relaxed line spends
  turn 1's action on it, for a tile of the leaf's final boards; turn 1's end (R-END-1) before a
  stop of turn 2, on the way or where the boat stands (and after the path, if it ends in turn
  1); turn 2's placement over the engine's options whose board is one of the leaf's final boards
  (R-TILE-1, R-TILE-2); goal-card keeps (R-EXC-1) over the engine's options. The options are
  tried in that order as a limited discrepancy search (lines with at most 0, 1, ...
  `DISCREPANCIES` choices other than the first of their options, each position once per stop
  and count): seed 4's turn 15 member needs one (the second goal card kept), which a depth-first
  search reached only after 1.5M plays. Deterministic: fixed orders, no clock; bounded: `NODES`
  engine plays, then the best found so far; it stops at a line worth `target`.

*As a member's floor step* (`floor_line`, board_solve's `best_two_turns` where `REALISE_FIRST`,
on by default since session 86): before a member's model is built, the relaxed leaf at the value
the member is asked (its floor) is realised; a line of value w at least that floor whose w + 1 the watch's
question (`out_of_reach`, the analyser's sound relaxation, reach_below.py) proves out of reach is
the answer, OPTIMAL w, with that line; a w + 1 not proven is asked again the same way from its
own leaf (`ROUNDS` at most); else the model is solved as without this step. Sound: the line is
one the engine plays from the member's two-turn puzzle (every action offered, R-SCORE-1's score
at its end in turn 2), so the member's optimum is at least w; the bound says no line reaches
w + 1, so it is w, and w at least the floor is what the model with that floor would prove. The
line may differ from the model's (the digest may move), the status, value and bound not. A
turn's first member (no floor) is asked the same way after its model's first pass, from the pass's
best plus one (floor_first.py's step 1b, session 86, off then), since session 87 by
realise_climb.py's `climb_line` (the leaf searches shared between its rounds), on by default
(`LEAF_ROUNDS` 6); since session 88 its rounds try the other groups' leaves where the first is
not realised, and their realiser may keep turn 1's sales for turn 2 (`attempt`'s `defer`).

The answer is a floor: a line the engine plays from the member's two-turn puzzle
(`board_solve.two_turn_puzzle`), scored by `scoring.seat_score` at its end in turn 2's action
phase, whatever the relaxation's rules. Only lines that make every stop of the path count (a
path the engine cannot follow gives None). With the relaxation's answer at w + 1 below
(`reach_two.below`, a sound bound), w is the member's optimum.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..actions import Action, Buy, EndTurn, Excavate, KeepGoal, Load, Oracle, PlaceTile, Sell, Step, Unload
from ..board import Board
from ..components import DECKS
from ..geometry import Quad
from ..notation import format_line
from ..position import Position
from ..puzzle import Puzzle, State, moves, play, replay
from ..scoring import seat_score
from .reach import reach_first_stops as first_stops
from .reach.reach_ceiling import OVER
from .realise_leaf import Frame, Leaf, TracedRelaxed, leaf_states, relaxed_leaf

__all__ = [
    "NODES",
    "REALISE_FIRST",
    "ROUNDS",
    "WAYS",
    "Leaf",
    "Realised",
    "Stop",
    "TracedRelaxed",
    "attempt",
    "floor_line",
    "leaf_states",
    "realise",
    "relaxed_leaf",
    "stops",
]

NODES = 200_000
"""Engine plays one realisation may make; past it, the best line found so far (or None). About
25 µs a play (a Move step most of them), so some 5 CPU s at most."""

WAYS = 2
"""Arrivals at a stop's islands tried per leg: the fewest actions first, then the most points left."""

Option = tuple[State, tuple[Action, ...], int]
"""A state of the realiser's search, its line and the path's stop next."""


@dataclass(frozen=True)
class Stop:
    """One stop of a relaxed line: its spot, what is done there (`kind`: "go" a leg only, "sell",
    "buy", "dig", "load", "unload"), its detail (the card dug; the cubes loaded or unloaded; the
    cards bought by deck) and the turn the relaxation spends it in."""

    spot: int
    kind: str
    turn: int
    card: str | None = None
    count: int = 0
    decks: tuple[str, ...] = ()


def stops(leaf: Leaf) -> list[Stop]:
    """The path's stops, one per step from a state to the next (module doc)."""
    r = leaf.relaxed
    out: list[Stop] = []

    def turn(f: Frame) -> int:
        return 2 if f.gained >= OVER or r.turn_over(f.acts, f.gained) >= OVER else 1

    for p, c in zip(leaf.path, leaf.path[1:], strict=False):
        at = first_stops.spot(c.at)  # a stop of turn 1 on turn 1's board (`~s`) is its spot s
        if not isinstance(at, int):
            continue
        t = turn(c)
        dug = c.dug - p.dug
        if dug:
            (_, card), *_ = sorted(dug)
            out.append(Stop(at, "dig", t, card=card))
        elif Counter(c.hand) - Counter(p.hand):
            decks = tuple(d for d, a, b in zip(DECKS, p.bought, c.bought, strict=True) for _ in range(b - a))
            out.append(Stop(at, "buy", t, decks=decks))
        elif c.cargo > p.cargo:
            out.append(Stop(at, "load", t, count=c.cargo - p.cargo))
        elif c.sold > p.sold:
            out.append(Stop(at, "sell", t))
        elif c.stash > p.stash and c.cargo < p.cargo:
            out.append(Stop(at, "unload", t, count=p.cargo - c.cargo))
        elif at != first_stops.spot(p.at):
            out.append(Stop(at, "go", t))
    return out


@dataclass(frozen=True)
class Realised:
    """An engine line from a member's two-turn puzzle: its actions, notation, score at its end
    (by `puzzle.replay` and `seat_score`) and the engine plays the search made."""

    value: int
    line: tuple[Action, ...]
    text: str
    plays: int


class _Search:
    def __init__(
        self, puzzle: Puzzle, leaf: Leaf, nodes: int, target: int | None, extra: int = 0, defer: bool = False
    ) -> None:
        self.puzzle = puzzle
        self.target = target
        self.defer = defer
        """Turn 1's sales may wait for turn 2 at Thera (`attempt`)."""
        self.extra = extra
        """Plays the search goes on for once a line worth `target` is found (`realise`)."""
        self.r = leaf.relaxed
        self.stops = stops(leaf)
        self.finals = leaf.finals
        self.nodes = nodes
        self.plays = 0
        self.best: tuple[int, tuple[Action, ...]] | None = None
        self.seen: dict[tuple[int, Position], int] = {}
        self.ways: dict[tuple[Position, int], list[tuple[State, tuple[Action, ...]]]] = {}
        """`arrivals` by the position and the spot (their lines from the position)."""
        b1 = self.r.boards[0]
        self.first_quad = {s: b1.island_quads[isl][0] for s, isl in self.r.b1_island.items()}

    def play(self, state: State, action: Action) -> State | None:
        if self.plays >= self.nodes:
            return None
        self.plays += 1
        return play(self.puzzle, state, action)

    def islands(self, spot: int, board: Board) -> set[Quad]:
        """The islands of `board` the spot stands for (module doc): Thera's; the island holding a
        spot of turn 1's board; the islands of its members on the next tile's land."""
        if spot == self.r.thera:
            return {board.thera_island}
        first = self.first_quad.get(spot)
        quads = [first] if first is not None else [isl for _, isl in self.r.members[spot]]
        return {i for q in quads if (i := board.island_at(q)) is not None}

    def on(self, state: State, targets: set[Quad]) -> bool:
        boat = state.pos.seat(self.puzzle.hero).boat
        return boat is not None and state.pos.board.island_of_dock.get(boat) in targets

    def arrivals(self, state: State, line: tuple[Action, ...], spot: int) -> list[tuple[State, tuple[Action, ...]]]:
        """The `WAYS` best engine states at a dock of the spot's islands by Move steps from
        `state` in its turn (fewest actions, then most points left; each position once)."""
        targets = self.islands(spot, state.pos.board)
        if self.on(state, targets):
            return [(state, line)]
        key = (state.pos, spot)
        if key in self.ways:
            return [(t, (*line, *steps)) for t, steps in self.ways[key]]
        self.ways[key] = got = self._arrivals(state, targets)
        return [(t, (*line, *steps)) for t, steps in got]

    def _arrivals(self, state: State, targets: set[Quad]) -> list[tuple[State, tuple[Action, ...]]]:
        line: tuple[Action, ...] = ()
        found: list[tuple[State, tuple[Action, ...]]] = []
        seen = {state.pos}
        layer = [(state, line)]
        more = 2  # the layer of the first arrivals and the next (as few actions, more points)
        while layer and more:
            nxt = []
            for s, ln in layer:
                for a in moves(self.puzzle, s):
                    if not isinstance(a, Step):
                        continue
                    t = self.play(s, a)
                    if t is None or t.pos in seen:
                        continue
                    seen.add(t.pos)
                    if self.on(t, targets):
                        found.append((t, (*ln, a)))
                    else:
                        nxt.append((t, (*ln, a)))
            layer = nxt
            more -= bool(found)
        found.sort(key=lambda x: (-x[0].pos.actions_left, -x[0].pos.points))
        return found[:WAYS]

    def at_stop(self, state: State, stop: Stop) -> Sequence[Action]:
        """The engine's actions of the stop's kind here (module doc), in the order tried."""
        if stop.kind == "go":
            return []
        acts = moves(self.puzzle, state)
        board = state.pos.board
        if stop.kind == "dig":
            targets = self.islands(stop.spot, board)
            digs = [a for a in acts if isinstance(a, Excavate) and board.island_at(a.site) in targets]
            return [a for a in digs if a.card == stop.card] + [a for a in digs if a.card != stop.card]
        if stop.kind == "load":
            loads = [a for a in acts if isinstance(a, Load)]
            return sorted(loads, key=lambda a: (abs(len(a.colours) - stop.count), -len(a.colours)))[: 2 * WAYS]
        if stop.kind == "unload":
            return [a for a in acts if isinstance(a, Unload) and len(a.colours) == stop.count]
        if stop.kind == "buy":
            want = Counter(stop.decks)
            buys = [a for a in acts if isinstance(a, Buy)]
            exact = [a for a in buys if Counter(a.decks) == want]
            same = [a for a in buys if a not in exact and len(a.decks) == len(stop.decks)]
            return (exact + same)[: 2 * WAYS]
        return []

    def sell_all(self, state: State, line: tuple[Action, ...]) -> tuple[State, tuple[Action, ...]] | None:
        while True:
            sale = next((a for a in moves(self.puzzle, state) if isinstance(a, Sell)), None)
            if sale is None:
                return state, line
            got = self.play(state, sale)
            if got is None:
                return None
            state, line = got, (*line, sale)

    def record(self, state: State, line: tuple[Action, ...]) -> None:
        pos = state.pos
        if state.turn != 2 or pos.phase != "act" or pos.passing:
            return
        value = seat_score(pos, self.puzzle.hero).total
        if self.best is None or value > self.best[0]:
            self.best = (value, line)

    def children(
        self, state: State, line: tuple[Action, ...], kind: type
    ) -> Iterator[tuple[State, tuple[Action, ...]]]:
        for a in moves(self.puzzle, state):
            if isinstance(a, kind):
                got = self.play(state, a)
                if got is not None:
                    yield got, (*line, a)

    def go(self, state: State, line: tuple[Action, ...], i: int, d: int) -> None:
        """Every line from `state` (stop `i` next) with at most `d` choices other than the first
        of their options (`options`), each position searched once per stop and `d`."""
        if self.plays >= self.nodes or self.done():
            return
        key = (i, state.pos)
        if self.seen.get(key, -1) >= d:
            return
        self.seen[key] = d
        for k, (got, ln, j) in enumerate(self.options(state, line, i)):
            if k and not d:
                return
            self.go(got, ln, j, d - (k > 0))

    def done(self) -> bool:
        if self.best is None or self.target is None or self.best[0] < self.target:
            return False
        if self.extra:  # a line worth `target`: `extra` plays more for a better one, then the best
            self.nodes = min(self.nodes, self.plays + self.extra)
            self.target, self.extra = None, 0
            return False
        return True

    def options(self, state: State, line: tuple[Action, ...], i: int) -> Iterator[Option]:
        """The states that follow `state` on the way to the path's stop `i` (module doc), in the
        order tried: each with its line and the stop next."""
        pos = state.pos
        if pos.phase == "place":  # turn 2's tile: the leaf's final boards
            tile = pos.seat(self.puzzle.hero).tile
            if tile is None:
                return
            placements = [a for a in moves(self.puzzle, state) if isinstance(a, PlaceTile)]
            if self.defer:  # the cube of a colour aboard first (its price up where it is sold next)
                aboard = set(pos.seat(self.puzzle.hero).cargo)
                placements.sort(key=lambda a: a.colour not in aboard)
            for p in placements:
                if self.finals is None or pos.board.with_tile(p.slot, tile, p.rotation) in self.finals:
                    got = self.play(state, p)
                    if got is not None:
                        yield got, (*line, p), i
            return
        if pos.phase == "goal":
            for got, ln in self.children(state, line, KeepGoal):
                yield got, ln, i
            return
        if pos.phase != "act":
            return
        if self.defer and state.turn == 2 and self.kept(state, i):
            sold = self.sell_all(state, line)  # cubes kept from turn 1's sale, sold at Thera in turn 2
            if sold is None:
                return
            state, line = sold
        if i == len(self.stops):
            if state.turn == 2:
                self.record(state, line)
            else:
                for got, ln in self.children(state, line, EndTurn):
                    yield got, ln, i
            return
        stop = self.stops[i]
        cross = state.turn == 1 and stop.turn == 2
        for arrived, ln in self.arrivals(state, line, stop.spot):
            if stop.kind == "go":
                yield arrived, ln, i + 1
            elif stop.kind == "sell":
                sold = self.sell_all(arrived, ln)
                if sold is not None and len(sold[1]) > len(ln):
                    yield sold[0], sold[1], i + 1
                if self.defer and arrived.turn == 1 and self.stops[-1].turn == 2:
                    yield arrived, ln, i + 1  # the cubes kept for turn 2 (the next tile's cube may raise their price)
            else:
                for a in self.at_stop(arrived, stop):
                    got = self.play(arrived, a)
                    if got is not None:
                        yield got, (*ln, a), i + 1
            if cross and arrived is not state:  # turn 1 over on the way, the stop turn 2's
                for got, end in self.children(arrived, ln, EndTurn):
                    yield got, end, i
        if cross:
            for got, ln in self.children(state, line, EndTurn):
                yield got, ln, i

    def kept(self, state: State, i: int) -> bool:
        """Whether the boat stands at Thera with cubes aboard, the path's next stop no sale."""
        pos = state.pos
        if not pos.seat(self.puzzle.hero).cargo or not self.on(state, {pos.board.thera_island}):
            return False
        return i == len(self.stops) or self.stops[i].kind != "sell"

    def start(self, state: State, most: int) -> None:
        """Searched with at most 0, 1, ... `most` choices other than the first (a limited
        discrepancy search: the path's own first)."""
        for d in range(most + 1):
            if self.r.oracle:  # the relaxed line's turn 1 spends an action on the oracle (R-ORA-1)
                tiles = None if self.finals is None else {t for b in self.finals for _, t, _ in b.placements}
                for got, ln in self.children(state, (), Oracle):
                    if tiles is None or got.pos.seat(self.puzzle.hero).tile in tiles:  # a tile of the finals
                        self.go(got, ln, 0, d)
            else:
                self.go(state, (), 0, d)
            if self.plays >= self.nodes or self.done():
                return


DISCREPANCIES = 6
"""The most choices other than the first of their options a line found may make (`realise`)."""


def realise(
    puzzle: Puzzle,
    leaf: Leaf,
    nodes: int = NODES,
    target: int | None = None,
    most: int = DISCREPANCIES,
    extra: int = 0,
    defer: bool = False,
) -> Realised | None:
    """The best engine line found from `puzzle`'s start (a member's two-turn puzzle) that makes
    every stop of the leaf's path (module doc), replayed and scored; None where none is found
    within `nodes` engine plays. The search stops at a line worth `target` (e.g. the value the
    leaf reached), else after lines of up to `most` choices other than the first. `extra`: once a
    line worth `target` is found, the search goes on for that many plays more (within `nodes`),
    and the best line found is returned (step 1b's rounds, realise_climb.py: a leaf may give a line
    above the value it was asked at); 0: it stops there. `defer`: `attempt`'s."""
    return attempt(puzzle, leaf, nodes, target, most, extra, defer)[0]


def attempt(
    puzzle: Puzzle,
    leaf: Leaf,
    nodes: int = NODES,
    target: int | None = None,
    most: int = DISCREPANCIES,
    extra: int = 0,
    defer: bool = False,
) -> tuple[Realised | None, int]:
    """`realise`'s answer and the engine plays its search made (also where it found no line: a
    budget of plays shared by several leaves, realise_climb.py's fallback). `defer` (step 1b's
    rounds where realise_climb's `DEFER`, session 88): a sale the path makes in turn 1 before a
    stop of turn 2 is also tried kept aboard (a choice other than the first), its cubes sold
    where the line stands at Thera in turn 2 (free actions, R-FREE-1), and turn 2's tile is tried
    with its cube of a colour aboard first (R-TILE-2: a cube off the market raises that colour's
    price). The path's relaxed sales read the best prices; on seed 4's turn 15's first member the
    engine's line of 30 sells its blues after its tile takes a blue, and without this the leaf
    gives 26 in 50,000 plays and 28 in 1,000,000."""
    search = _Search(puzzle, leaf, nodes, target, extra, defer)
    search.start(State(puzzle.start), most)
    if search.best is None:
        return None, search.plays
    _, line = search.best
    got = replay(puzzle, list(line))
    assert got.illegal_at is None, got.reason  # every action was one the engine offered
    end = got.states[-1]
    value = seat_score(end.pos, puzzle.hero).total
    return Realised(value, line, format_line(list(line)), search.plays), search.plays


REALISE_FIRST = True
"""Whether board_solve's `best_two_turns` tries `floor_line` before a member's model (module doc);
on by default since session 86 (off in session 85)."""

CLIMB_FLOORED = False
"""Whether board_solve's `best_two_turns` asks a floored member's line of realise_climb.py's
`climb_line` (leaf searches shared between values, the other groups' leaves, sales kept for turn
2; session 88) instead of `floor_line`; False: `floor_line`, each value's leaf from scratch
(session 86). Off: no measurable gain on the calibration (1.02; docs/benchmarks.md, session 88,
h88leaves)."""

ROUNDS = 3
"""Values `floor_line` asks at most (the floor, then each realised value plus one not proven)."""

FLOOR_TRACE: list[tuple[int, int | None, bool]] | None = None
"""Where a list (the tools set one): (value asked, value realised or None, proven) of each round
of `floor_line` appended to it, and of realise_climb.py's `climb_line` (`(v, w, False)` for each
value `v` whose leaf is realised at `w`, then `(w + 1, w, True)` where the question proves the last
line's value plus one out of reach); None: nothing kept (a long-running analyser keeps no trace)."""


class Floored(NamedTuple):
    """`floor_line`'s answer: the line it proved (None where none) and the last value it asked
    with its relaxed leaf (None where the relaxation reads the floor itself below)."""

    line: Realised | None
    last: tuple[int, Leaf] | None


def traced(ask: int, value: int | None, proven: bool) -> None:
    """A round kept in `FLOOR_TRACE` (where a list)."""
    if FLOOR_TRACE is not None:
        FLOOR_TRACE.append((ask, value, proven))


def floor_line(
    puzzle: Puzzle,
    pos: Position,
    floor: int,
    out_of_reach: Callable[[int], bool],
    rounds: int = ROUNDS,
) -> Floored:
    """An engine line of the member at `pos` (the turn-1 action phase of `puzzle`, its two-turn
    puzzle) worth w >= `floor` with w + 1 proven out of reach by `out_of_reach` (a sound bound):
    the member's optimum, that line (module doc); no line where the relaxation reads the value
    asked below (no leaf), the leaf gives no line of that value, or `rounds` values are not proven.
    (Where `CLIMB_FLOORED`, board_solve's `best_two_turns` asks realise_climb.py's `climb_line`
    instead.) With the line, the last value asked and its leaf (floor_member.py's `CARDS_FIRST`)."""
    ask, last = floor, None
    for _ in range(rounds):
        leaf = relaxed_leaf(pos, ask)
        if leaf is not None:
            last = (ask, leaf)
        got = None if leaf is None else realise(puzzle, leaf, target=ask)
        if got is None or got.value < ask:
            traced(ask, None if got is None else got.value, False)
            return Floored(None, last)
        proven = out_of_reach(got.value + 1)
        traced(ask, got.value, proven)
        if proven:
            return Floored(got, last)
        ask = got.value + 1
    return Floored(None, last)
