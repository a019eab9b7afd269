"""Choosing free spots for labels, boats, temples and cubes so that nothing a person must read overlaps.

Each thing to place comes with candidate boxes in order of preference; the placer takes the
candidate that overlaps least with what is already placed, crosses fewest route lines and
best keeps to where it belongs (sea for labels, land for temples). Candidates are tried in a
fixed order and ties go to the earlier one, so the result is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in user units."""
Segment = tuple[tuple[float, float], tuple[float, float]]


def box_at(cx: float, cy: float, w: float, h: float) -> Box:
    """A box of size w x h centred on (cx, cy)."""
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def overlap(a: Box, b: Box) -> float:
    """Area shared by two boxes."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _crosses(box: Box, seg: Segment) -> bool:
    """Whether a segment passes through a box (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


CELL = 64.0
"""Side of the grid cells that index placed boxes and route segments."""


def _cells(x0: float, y0: float, x1: float, y1: float) -> list[tuple[int, int]]:
    return [
        (i, j) for i in range(int(x0 // CELL), int(x1 // CELL) + 1) for j in range(int(y0 // CELL), int(y1 // CELL) + 1)
    ]


@dataclass
class Placer:
    """Boxes already taken and route segments to keep clear of, indexed by grid cell."""

    boxes: dict[tuple[int, int], list[Box]] = field(default_factory=dict)
    segments: dict[tuple[int, int], list[Segment]] = field(default_factory=dict)

    def copy(self) -> Placer:
        """A placer that knows what this one knows and places on its own from here (the boxes
        and segments are values, so only the lists are copied)."""
        return Placer(
            {cell: list(found) for cell, found in self.boxes.items()},
            {cell: list(found) for cell, found in self.segments.items()},
        )

    def take(self, box: Box) -> None:
        """Mark a box as taken."""
        for cell in _cells(*box):
            self.boxes.setdefault(cell, []).append(box)

    def add_segment(self, seg: Segment) -> None:
        """A route line that labels should not cover."""
        (x0, y0), (x1, y1) = seg
        for cell in _cells(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)):
            self.segments.setdefault(cell, []).append(seg)

    def cost(self, box: Box, segment_weight: float = 1.0) -> float:
        """How bad a spot is: area overlapping taken boxes, plus a charge per route line crossed."""
        boxes: dict[int, Box] = {}
        segments: dict[int, Segment] = {}
        for cell in _cells(*box):
            boxes.update((id(b), b) for b in self.boxes.get(cell, ()))
            segments.update((id(s), s) for s in self.segments.get(cell, ()))
        area = sum(overlap(box, b) for b in boxes.values())
        crossings = sum(1 for s in segments.values() if _crosses(box, s))
        return area + segment_weight * 40.0 * crossings

    def place(
        self,
        candidates: list[Box],
        penalty: Callable[[Box], float] | None = None,
        segment_weight: float = 1.0,
    ) -> Box:
        """The best candidate (first wins ties), marked as taken; `penalty` adds a cost of its own."""
        best: Box | None = None
        best_cost = 0.0
        for i, box in enumerate(candidates):
            # A small charge for order keeps the preferred spot when others are no better.
            c = self.cost(box, segment_weight) + (penalty(box) if penalty else 0.0) + i * 0.5
            if best is None or c < best_cost:
                best, best_cost = box, c
        assert best is not None, "no candidates to place"
        self.take(best)
        return best
