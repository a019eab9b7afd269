"""The boards a puzzle's line can meet.

A *scenario* fixes everything about the board that a line chooses: where the hero's tile goes
this turn (when the puzzle starts before the placement), which icon the oracle is asked for in
turn 1 (horizon 2), and where the next turn's tile goes. Each scenario has a board for the
actions of each turn. The facts the CP-SAT model reads off them are in solver/facts.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from ..actions import EndTurn, Oracle
from ..board import Board
from ..components import ICONS
from ..geometry import QUAD_OFFSET, ROTATIONS, Slot
from ..puzzle import Puzzle, State, play, why_not

_OFFSET_NAME = {v: k for k, v in QUAD_OFFSET.items()}
Scenarios = frozenset[int]


@dataclass(frozen=True)
class Placement:
    """A land tile placed by the line: which tile, where, turned how far."""

    tile: str
    slot: Slot
    rotation: int


@dataclass(frozen=True)
class Scenario:
    """One choice of everything a line decides about the board."""

    first: Placement | None
    oracle: str | None
    second: Placement | None
    turn_one: Board
    """The board of turn 1's actions (after its placement, if any)."""
    turns: int = 2
    """The puzzle's horizon: boards for 1 or 2 turns."""

    @cached_property
    def boards(self) -> tuple[Board, ...]:
        """The board of turn 1's actions and, with a horizon of 2, of turn 2's: built when first
        asked, as most scenarios of a large puzzle are dropped by their slot's view (solver/relax.py)
        before any looks at their turn-2 board."""
        b1 = self.turn_one
        if self.turns == 1:
            return (b1,)
        p = self.second
        return (b1, b1 if p is None else b1.with_tile(p.slot, p.tile, p.rotation))

    def placement(self, which: int) -> Placement | None:
        """The turn-1 (which=1) or turn-2 (which=2) placement."""
        return self.first if which == 1 else self.second

    def board_after(self, which: int) -> Board:
        """The board right after placement `which`."""
        return self.boards[which - 1]


def turn_two_tiles(puzzle: Puzzle) -> list[tuple[str | None, str | None]]:
    """(oracle icon, tile held at the start of turn 2): without the oracle, and for each icon
    whose tiles the puzzle reveals (premise.py).

    Worked out by the engine on a probe: the hero's turn-1 action phase after any placement,
    with one action left.
    """
    start = puzzle.start
    hero = puzzle.hero
    seat = start.seat(hero)
    held = seat.tile if start.phase == "act" else None
    probe = replace(start, phase="act", actions_left=1, points=0, passing=False)
    probe = probe.with_seat(hero, replace(seat, tile=held))
    two = replace(puzzle, turns=2)
    out: list[tuple[str | None, str | None]] = []
    if why_not(two, State(probe), EndTurn()) is None:
        after = play(two, State(probe), EndTurn())
        out.append((None, after.pos.seat(hero).tile))
    if held is None and not start.oracle_used and start.land_pile:
        for icon in ICONS:
            if why_not(two, State(probe), Oracle(icon)) is not None:
                continue  # its tiles are not revealed: no line may ask it (premise.py)
            consulted = play(two, State(probe), Oracle(icon))
            out.append((icon, consulted.pos.seat(hero).tile))
    return out


def placements(board: Board, tile: str) -> list[Placement]:
    """Every slot and rotation where a tile may go (R-TILE-1)."""
    return [Placement(tile, slot, rot) for slot in board.open_slots for rot in ROTATIONS]


def scenarios(
    puzzle: Puzzle, firsts: Sequence[Placement | None] | None = None, dominated: bool = True
) -> list[Scenario]:
    """Every scenario of a puzzle; `firsts` limits turn 1's placements (for a split search).

    Without `dominated`, the scenarios where the oracle is asked for the icon of the tile the
    hero would draw anyway are left out. Asking for that icon reveals the pile's top tile, which
    shows it, and keeps it (R-ORA-1): turn 2 starts with the same tile and the same pile as
    without the oracle, so every placement gives the same boards. A line of such a scenario,
    without its Oracle action, is a line of the scenario without the oracle with the same
    placements: the action only takes an action, and a stop that held nothing else, where
    the points left were lost (R-MOVE-2), is no longer made. So that line is an action
    shorter, and no answer within a bound, proof of a bound, or optimal line is lost.
    """
    base = puzzle.start.board
    if firsts is None:
        firsts = _firsts(puzzle)
    seconds = _seconds(puzzle, dominated)
    out: list[Scenario] = []
    for f in firsts:
        b1 = base if f is None else base.with_tile(f.slot, f.tile, f.rotation)
        if puzzle.turns == 1:
            out.append(Scenario(f, None, None, b1, 1))
            continue
        for icon, tile2 in seconds:
            if tile2 is None:
                out.append(Scenario(f, icon, None, b1))
                continue
            for p in placements(b1, tile2):
                out.append(Scenario(f, icon, p, b1))
    return out


def _firsts(puzzle: Puzzle) -> list[Placement | None]:
    """Turn 1's placements: every slot and rotation of the hero's tile, or none (the action phase)."""
    start = puzzle.start
    tile = start.hero.tile
    return list(placements(start.board, tile)) if start.phase == "place" and tile is not None else [None]


def _seconds(puzzle: Puzzle, dominated: bool) -> list[tuple[str | None, str | None]]:
    """The (oracle icon, turn-2 tile) choices `scenarios` keeps (see its docstring)."""
    seconds = turn_two_tiles(puzzle) if puzzle.turns == 2 else []
    if not dominated and seconds:
        plain = [tile2 for icon, tile2 in seconds if icon is None]  # without the oracle
        drawn = plain[0] if plain else None
        seconds = [(icon, tile2) for icon, tile2 in seconds if icon is None or drawn is None or tile2 != drawn]
    return seconds


def count(puzzle: Puzzle, dominated: bool = True) -> int:
    """How many scenarios `scenarios(puzzle, dominated=dominated)` has, from turn 1's boards alone
    (a turn-2 placement is every open slot of its turn-1 board, turned each way): what deciding
    whether a puzzle is large costs before its thousands of turn-2 boards are built."""
    if puzzle.turns == 1:
        return len(_firsts(puzzle))
    base = puzzle.start.board
    seconds = _seconds(puzzle, dominated)
    n = 0
    for f in _firsts(puzzle):
        slots = len((base if f is None else base.with_tile(f.slot, f.tile, f.rotation)).open_slots)
        n += sum(1 if tile2 is None else slots * len(ROTATIONS) for _, tile2 in seconds)
    return n
