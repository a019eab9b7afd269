"""The book's printed sheet: A4 landscape, the room each part of a page gets, and how large the
board is drawn so that its dock names print at `LABEL_PT` or more."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..actions import Action, PlaceTile, Step
from ..position import Position
from ..puzzle import Puzzle
from ..render.style import DOCK_LABEL_PX
from ..render.svg import board_size

MM_PER_PT = 25.4 / 72

LABEL_PT = 7.5
"""The smallest size a dock name prints at (a reader's eye on A4; the issue asks for 7)."""

BOARD_MM = (186.0, 158.0)
"""Width and height the board may take on a page: the sheet's 273 x 186 mm inside its margins,
less the side column (`SIDE_MM` and a gap) and the page's header."""

SIDE_MM = 80.0

CONTENTS_ROWS = 26
"""Rows of the contents table that fit one page (a level's heading is a row)."""

CSS = f"""
@page {{ size: A4 landscape; margin: 12mm 12mm 14mm;
  @bottom-center {{ content: counter(page); font-size: 9pt; color: #555; }} }}
* {{ box-sizing: border-box; }}
body {{ font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #1b1f24; margin: 0; font-size: 10.5pt; }}
section.page {{ height: 183mm; overflow: hidden; break-after: page; page-break-after: always; }}
section.page:last-child {{ break-after: auto; page-break-after: auto; }}
.title {{ text-align: center; padding-top: 55mm; }}
.title h1 {{ font-size: 30pt; margin: 0 0 6mm; }} .title p {{ font-size: 13pt; margin: 2mm 0; color: #444; }}
.title p.small {{ font-size: 10pt; }}
.divider {{ text-align: center; padding-top: 70mm; }} .divider h1 {{ font-size: 28pt; margin: 0 0 5mm; }}
.divider p {{ font-size: 13pt; color: #444; }}
h2 {{ font-size: 15pt; margin: 0 6mm 0 0; display: inline; }}
header {{ display: flex; align-items: baseline; gap: 3mm; margin-bottom: 1.5mm; }}
header .where {{ margin-left: auto; color: #666; font-size: 9pt; }}
.facts {{ margin: 0 0 2mm; font-size: 10pt; }} .facts p {{ margin: 0.4mm 0; }}
.level {{ display: inline-block; border: 1px solid #888; border-radius: 8px; padding: 0 6px; font-size: 9pt; }}
.spread {{ display: flex; gap: 6mm; align-items: flex-start; }}
.board {{ position: relative; flex: none; border: 1px solid #ccc; }}
.board img {{ display: block; width: 100%; height: 100%; }}
.board img.line {{ position: absolute; inset: 0; }}
.side {{ flex: 1; width: {SIDE_MM}mm; }}
.side img {{ display: block; width: 100%; max-height: 166mm; object-fit: contain; object-position: top left; }}
ol.answer {{ font-family: "DejaVu Sans Mono", monospace; font-size: 9.5pt; margin: 2mm 0; padding-left: 7mm; }}
ol.answer li {{ margin: 0.6mm 0; }}
.cost {{ color: #666; }}
.two {{ display: flex; gap: 10mm; }} .two > div {{ flex: 1; }} .key img {{ width: 100%; }}
table.contents, table.index {{ border-collapse: collapse; width: 100%; font-size: 10pt; }}
table.contents td, table.contents th, table.index td, table.index th {{
  border-bottom: 1px solid #ddd; padding: 1mm 2mm; text-align: left; vertical-align: top; }}
table.contents td:last-child {{ text-align: right; }} tr.part th {{ padding-top: 3mm; font-size: 11pt; }}
@media screen {{ body {{ max-width: 297mm; margin: 0 auto; padding: 10mm; }}
  section.page {{ border-bottom: 2px dashed #bbb; margin-bottom: 12mm; height: auto; min-height: 183mm; }} }}
""".strip()


@dataclass(frozen=True)
class Fit:
    """How a board is printed: its size on the page and the size its dock names are drawn at."""

    width_px: float
    """The picture's width in its own units (SVG user units)."""
    width_mm: float
    height_mm: float
    label_px: float
    """Dock names' size in the picture's own units, so that they print at `LABEL_PT` or more."""
    open_slots: bool
    """Whether the empty slots round the board are drawn (only a tile placement needs them)."""

    @property
    def label_pt(self) -> float:
        """The size the dock names print at."""
        return self.label_px * self.width_mm / self.width_px / MM_PER_PT


def fit(pos: Position, open_slots: bool = True) -> Fit:
    """The board's printed size (as large as `BOARD_MM` allows, its proportions kept) and the
    dock names' size that prints at `LABEL_PT` or more at that scale."""
    width, height = board_size(pos, open_slots=open_slots)
    mm = min(BOARD_MM[0] / width, BOARD_MM[1] / height)
    label_px = max(DOCK_LABEL_PX, float(math.ceil(LABEL_PT * MM_PER_PT / mm)))
    return Fit(width, width * mm, height * mm, label_px, open_slots)


def places_a_tile(puzzle: Puzzle) -> bool:
    """Whether a tile may be placed within the puzzle's horizon: from the tile placement, or in a
    later turn (R-TURN-1); only then do the empty slots round the board matter."""
    return puzzle.start.phase == "place" or puzzle.turns > 1


def step_note(action: Action, cost: int) -> str:
    """What a step of a line costs, in words: the actions it spends, or why it is free."""
    if cost == 0:
        if isinstance(action, Step):
            return "same Move action"
        if isinstance(action, PlaceTile):
            return "the tile placement: free"
        return "free action"
    return f"{cost} action" + ("s" if cost > 1 else "")
