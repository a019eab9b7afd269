"""The next turn's land tile of a two-turn line: which tile it is, where the line lays it, and
whether a player could know it when the line starts.

A two-turn line (`show --turns 2`, a two-turn puzzle's answer) places a tile in its second
turn that is not in the position shown: the hero draws it at the end of the first turn
(R-END-1), or the oracle gave it (R-ORA-1). The picture lays it on the board as placed, so that
the second turn's arrows and excavation rings land on its routes and sites, and says where it
came from. Unless a puzzle's premise states the pile's top, that draw is hidden in play: the
line (like `analyse --turns 2`, which reads the piles as the position file holds them) rests on
a tile no one at the table can see yet, and the picture says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..actions import Action, EndTurn, Oracle, PlaceTile
from ..board import Board
from ..geometry import Quad, Slot
from ..position import Position, evolve
from ..premise import WHOLE, Revealed
from ..puzzle import Goal, Puzzle, replay


@dataclass(frozen=True)
class NextTile:
    """The tile the line places in its second turn."""

    step: int
    """The placement's number in the line (1-based), as the picture numbers it."""
    tile: str
    icon: str
    """The tile's icon (R-TILE-1)."""
    slot: Slot
    rotation: int
    cubes: tuple[tuple[Quad, str], ...]
    """The cubes its placement lays (R-TILE-2): (piece, colour)."""
    oracle: str | None
    """The icon the oracle was asked for in the first turn (R-ORA-1), or None: drawn from the
    pile at the end of the turn (R-END-1)."""
    hidden: bool
    """Whether the draw is hidden when the line starts: no premise states the pile's top (a
    position file, read as a whole); False when a puzzle's premise reveals it."""

    def source(self) -> str:
        """Where the tile came from, in words (R-ORA-1, R-END-1)."""
        if self.oracle is not None and self.icon != self.oracle:
            return f"the oracle's tile: the pile's last, as it held no {self.oracle} tile (R-ORA-1)"
        if self.oracle is not None:
            return f"the oracle's tile: the first {self.oracle} tile of the land pile (R-ORA-1)"
        return "drawn from the land pile at the end of turn 1 (R-END-1)"

    def knowledge(self) -> tuple[str, str]:
        """Whether a player knows the tile when the line starts, and why, in words."""
        if not self.hidden:
            return "known", "the puzzle reveals the land pile's top"
        which = f"which {self.oracle} tile comes" if self.oracle is not None else "the draw"
        return f"hidden in play: {which} is unknown", "the line reads the pile as the position file holds it"

    def describe(self) -> str:
        """One sentence for a page or the terminal: the tile, where the line lays it, where it came
        from and whether a player knows it."""
        at = f"{self.slot[0]},{self.slot[1]} r{self.rotation}"
        known, why = self.knowledge()
        return f"Turn 2's tile {self.tile}, laid at {at} by action {self.step}: {self.source()}; {known}: {why}."


def next_tile(pos: Position, line: tuple[Action, ...], revealed: Revealed | None = None) -> NextTile | None:
    """The tile the line places after its `end` (its second turn, the opponent passive as in a
    two-turn puzzle), or None when it places none there. `revealed` is the premise the line is
    played under (None: a position file, every pile as it holds it)."""
    ends = [i for i, action in enumerate(line) if isinstance(action, EndTurn)]
    if not ends:
        return None
    later = [i for i, action in enumerate(line) if isinstance(action, PlaceTile) and i > ends[0]]
    if not later:
        return None
    at = later[0]
    played = replay(Puzzle("line", pos, Goal(), turns=2, revealed=WHOLE), line[: at + 1])
    if played.illegal_at is not None:
        return None  # the caller refuses an illegal line; a picture of part of one shows no tile
    before, after = played.states[at].pos, played.states[at + 1].pos
    if played.states[at].turn != 2 or before.hero.tile is None:
        return None
    action = line[at]
    assert isinstance(action, PlaceTile)
    added = Counter({(p, c): n for p, c, n in after.cubes}) - Counter({(p, c): n for p, c, n in before.cubes})
    asked = [a.icon for a in line[: ends[0]] if isinstance(a, Oracle)]
    return NextTile(
        step=at + 1,
        tile=before.hero.tile,
        icon=pos.components.tile[before.hero.tile].icon,
        slot=action.slot,
        rotation=action.rotation,
        cubes=tuple(added.elements()),
        oracle=asked[-1] if asked else None,
        hidden=revealed is None or revealed.whole,
    )


def with_next_tile(pos: Position, nt: NextTile | None) -> Position:
    """The position with the next turn's tile laid in its slot and the cubes its placement lays;
    nothing else of the second turn is played (the picture shows the position the line starts
    from, with the line drawn over it)."""
    if nt is None or nt.slot in pos.board.tile_at:
        return pos
    board = pos.board.with_tile(nt.slot, nt.tile, nt.rotation)
    counts = Counter({(p, c): n for p, c, n in pos.cubes})
    counts.update(nt.cubes)
    cubes = tuple(sorted((p, c, n) for (p, c), n in counts.items() if n > 0))
    return evolve(pos, board=board, cubes=cubes)


def without_next_tile(board: Board, nt: NextTile | None) -> Board:
    """The board before the next turn's tile: the one the first turn's boat sails on."""
    if nt is None:
        return board
    return Board(tuple(p for p in board.placements if p[0] != nt.slot), board.components)
