"""What a scenario's tile placements do with their cubes (R-TILE-2), as the model reads it
(solver/facts.py, solver/model/economy.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..board import tile_template
from ..geometry import QUAD_OFFSET
from .boardview import BoardView, Label
from .scenarios import Scenario

_OFFSET_NAME = {v: k for k, v in QUAD_OFFSET.items()}


@dataclass(frozen=True)
class PlacementFacts:
    """What one placement does with its cubes (R-TILE-2)."""

    icon_colour: str
    icon_piece: int
    pieces: int
    second_cube: tuple[int, ...]
    """Pieces (by index) on a different island from the icon's piece, judged after placement."""
    piece_quadrant: tuple[str, ...]
    """The quadrant naming each piece in the notation (its smallest quadrant)."""
    piece_island: tuple[Label, ...] = field(compare=False)
    """Each piece's island after placement (for naming the second cube's piece)."""

    def key(self) -> tuple[object, ...]:
        """What the model reads of it."""
        return (self.icon_colour, self.icon_piece, self.pieces, self.second_cube)


def placement_facts(sc: Scenario, which: int, views: tuple[BoardView, ...]) -> PlacementFacts | None:
    """What a scenario's placement `which` does with its cubes, read off the board after it."""
    p = sc.placement(which)
    if p is None:
        return None
    comps = sc.turn_one.components
    view = views[which - 1]
    spec = comps.tile[p.tile]
    t = tile_template(spec, p.rotation)
    islands = tuple(view.part[f"+{which}:p{k}"] for k in range(len(t.pieces)))
    icon_island = islands[t.icon_piece]
    return PlacementFacts(
        icon_colour=comps.market.colour_of(spec.icon),
        icon_piece=t.icon_piece,
        pieces=len(t.pieces),
        second_cube=tuple(k for k, isl in enumerate(islands) if isl != icon_island),
        piece_quadrant=tuple(_OFFSET_NAME[piece[0]] for piece in t.pieces),
        piece_island=islands,
    )
