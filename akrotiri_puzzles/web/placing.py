"""Placing the tile in hand by hand on the page: the slots it may go to, its turns and second
cubes, and a preview of the tile in place (R-TILE-1, R-TILE-2).

The page shows the legal slots on the picture; the fan picks one, turns the tile, picks where
the second cube goes, and plays the placement as any action (the referee judges it). Everything
here comes from the engine's legal actions, so the page offers exactly what the engine accepts.
"""

from __future__ import annotations

from typing import Any

from ..actions import PlaceTile
from ..components import COLOURS
from ..effects import apply, apply_unchecked
from ..geometry import QUADRANTS, global_quad
from ..notation import format_action
from ..puzzle import Puzzle, State, moves
from ..render.overlay import Overlay
from ..render.tile_painter import tiles_svg
from ..rules import piece_quadrant


class NotAPlacement(ValueError):
    """A preview asked for what the tile in hand cannot do here."""


def placements(puzzle: Puzzle, state: State) -> list[PlaceTile]:
    """The legal placements of the tile in hand from a state (none outside the placement)."""
    return [a for a in moves(puzzle, state) if isinstance(a, PlaceTile)]


def placing(puzzle: Puzzle, state: State, overlay: Overlay) -> dict[str, Any] | None:
    """What the page needs to offer the placement by hand: the tile, each legal slot with where
    it lies in the picture, and per slot and turn the pieces that may take the second cube (by
    the quadrant the notation names them by; none: no second cube there); None when the tile is
    not to be placed."""
    legal = placements(puzzle, state)
    if not legal:
        return None
    tile = state.pos.hero.tile
    assert tile is not None
    slots: dict[tuple[int, int], dict[int, set[str]]] = {}
    colours: set[str] = set()
    for a in legal:
        pieces = slots.setdefault(a.slot, {}).setdefault(a.rotation, set())
        if a.quadrant is not None and a.colour is not None:
            pieces.add(a.quadrant)
            colours.add(a.colour)
    out = []
    for slot, turns in sorted(slots.items()):
        x, y, size = overlay.slot_box(slot)
        out.append(
            {
                "slot": f"{slot[0]},{slot[1]}",
                "x": round(x, 2),
                "y": round(y, 2),
                "size": size,
                "pieces": {str(r): sorted(q) for r, q in sorted(turns.items())},
            }
        )
    return {
        "tile": tile,
        "icon": state.pos.components.tile[tile].icon,
        "drawn": tiles_svg(state.pos, (tile,), scale=0.5, numbered=False),
        "colours": [c for c in COLOURS if c in colours],
        "slots": out,
    }


def preview(puzzle: Puzzle, state: State, overlay: Overlay, action: PlaceTile) -> dict[str, Any]:
    """The tile in place as the placement would lay it (with its first cube, and the second
    when the action names it): a picture to lay over the board, and for each quadrant of the
    tile the piece the notation names it by and where it lies in the picture."""
    legal = placements(puzzle, state)
    if not any(a.slot == action.slot and a.rotation == action.rotation for a in legal):
        raise NotAPlacement(f"{format_action(action)} is not a placement of the tile in hand here (R-TILE-1)")
    tile = state.pos.hero.tile
    assert tile is not None
    if action.colour is None:
        # The tile and its first cube alone, before the second cube is chosen (R-TILE-2).
        after = apply_unchecked(state.pos, PlaceTile(action.slot, action.rotation))
    elif action in legal:
        after = apply(state.pos, action)
    else:
        raise NotAPlacement(f"{format_action(action)}: the second cube cannot go there (R-TILE-2)")
    spots = {}
    for q in QUADRANTS:
        x, y = overlay.quad_spot(global_quad(action.slot, q))
        spots[q] = {"piece": piece_quadrant(state.pos, tile, action.rotation, q), "x": round(x, 2), "y": round(y, 2)}
    return {
        "action": format_action(action),
        "svg": overlay.tile_svg(after, action.slot, action.rotation),
        "quadrants": spots,
    }


def revealed_land(puzzle: Puzzle, state: State) -> tuple[str, ...]:
    """The land tiles the puzzle reveals that are still on top of the pile at `state`, top first
    (the next tile drawn, R-END-1 or R-ORA-1, is the first). None revealed: ()."""
    premise = puzzle.revealed  # docs/puzzles.md "What a puzzle reveals"
    if not premise or premise.whole:
        return ()
    return tuple(premise.after(puzzle.start, state.pos).land)


def revealed(puzzle: Puzzle, state: State) -> dict[str, Any] | None:
    """The revealed next land tiles drawn as printed, for the page; None when there are none."""
    tiles = revealed_land(puzzle, state)
    if not tiles:
        return None
    return {"land": list(tiles), "svg": tiles_svg(state.pos, tiles, scale=0.5)}
