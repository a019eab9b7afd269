"""What the CP-SAT model reads off the boards, over classes of scenarios (`Facts`), and one
scenario's facts before classes are formed (`ScenarioRead`); solver/facts.py reads them.

Kept apart from the reading (`FactReader`) so that the model, the gathering of classes and the
tests can name the facts without the reader's machinery.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..puzzle import Puzzle
from .boardview import BoardView
from .placement_cubes import PlacementFacts
from .scenarios import Placement, Scenario

LegTable = tuple[tuple[str, ...], bytes]
"""Leg points between docks (see `FactReader._legs`): the docks, and a matrix of int16 in
bytes whose entry (a, b) is the points of the leg from a to b, or -1 when it is not kept."""


def leg_items(table: LegTable) -> list[tuple[str, str, int]]:
    """The legs of a table as (from, to, points), by `from` then `to` in the table's order."""
    docks, data = table
    points = np.frombuffer(data, dtype=np.int16).reshape(len(docks), len(docks))
    rows, cols = np.nonzero(points >= 0)
    return list(
        zip(
            [docks[i] for i in rows.tolist()],
            [docks[j] for j in cols.tolist()],
            points[rows, cols].tolist(),
            strict=True,
        )
    )


class Legs(Mapping[int, int]):
    """One pair of docks' leg points per class (class -> points), classes ascending: a view of
    two runs of lists `legs_by_pair` (solver/gather.py) makes for every pair at once, read
    without building a dict per pair (a late bound's table has millions of entries). It reads
    as the dict `{classes[i]: points[i]}` would, in the same order; equal to another `Legs`
    when both runs are (the classes ascending in each, that is the dicts' equality)."""

    __slots__ = ("_classes", "_dict", "_first", "_last", "_points")

    def __init__(self, classes: list[int], points: list[int], first: int, last: int) -> None:
        self._classes, self._points, self._first, self._last = classes, points, first, last
        self._dict: dict[int, int] | None = None

    def __len__(self) -> int:
        return self._last - self._first

    def __iter__(self) -> Iterator[int]:
        return iter(self._classes[self._first : self._last])

    def _as_dict(self) -> dict[int, int]:
        """The dict this view reads as, made at the first lookup and kept."""
        if self._dict is None:
            self._dict = dict(self.items())
        return self._dict

    def __getitem__(self, c: int) -> int:
        return self._as_dict()[c]

    def __contains__(self, c: object) -> bool:
        return c in self._as_dict()

    def keys(self) -> list[int]:  # type: ignore[override]
        return self._classes[self._first : self._last]

    def values(self) -> list[int]:  # type: ignore[override]
        return self._points[self._first : self._last]

    def items(self) -> list[tuple[int, int]]:  # type: ignore[override]
        return list(zip(self.keys(), self.values(), strict=True))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Legs):
            return self.keys() == other.keys() and self.values() == other.values()
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(dict(self.items()))


@dataclass
class Layer:
    """Facts of one turn's boards, each mapped to the classes where it holds."""

    exists: dict[str, set[int]] = field(default_factory=dict)
    thera: dict[str, set[int]] = field(default_factory=dict)
    dig: dict[tuple[str, str], set[int]] = field(default_factory=dict)
    """(map card, dock): the card fits a site on the dock's island, not Thera, no temple."""
    same_island: dict[tuple[str, str], set[int]] = field(default_factory=dict)
    """(part, dock): the part lies on the dock's island."""
    dock_island: dict[tuple[str, str], set[int]] = field(default_factory=dict)
    """(a, b), a <= b, docks where a card fits: on one island (goals of 2+ temples)."""
    dist: dict[tuple[str, str], Mapping[int, int]] = field(default_factory=dict)
    """(a, b) -> class -> movement points from a to b (absent: not within the bound): a dict,
    or `Legs` read off the numpy tables (`gather.legs_by_pair`)."""


@dataclass
class Facts:
    """Everything the model reads, over classes of scenarios."""

    puzzle: Puzzle
    bound: int
    max_steps: int
    cards: list[str]
    scenarios: list[Scenario]
    """The representative scenario of each class."""
    members: list[list[Scenario]]
    """Every scenario of each class, the representative first."""
    views: list[tuple[BoardView, ...]]
    """The representative's view of each turn's board."""
    docks: list[str]
    """Docks some class can use, nearest first (the start dock first)."""
    parts: list[str]
    part_of_dock: dict[str, str]
    start_cubes: dict[str, dict[str, int]]
    layers: list[Layer]
    placement: list[dict[int, PlacementFacts]]
    """Per placement (turn 1, turn 2): facts per class that makes it."""
    lower: list[int]
    """Per class, a lower bound on the actions of any line (see `lower_bound`)."""
    near: list[frozenset[str]]
    occupied: str | None
    turns: int
    start_islands: list[tuple[int, int]]
    temple_sites: list[tuple[int, int]]
    enumerated: int = 0
    """Scenarios looked at, before any was dropped or merged."""
    portage: bool = True
    """Whether legs may take portage steps (see FactReader)."""
    passing: bool = True
    """Whether legs may pass through the opponent's dock (see FactReader)."""

    def member_views(self, c: int, member: int) -> tuple[BoardView, ...]:
        """The views of each turn's board of a scenario of class c (built anew but for the
        representative's)."""
        if member == 0:
            return self.views[c]
        return own_views(self.members[c][member], self.start_islands, self.temple_sites)

    def name(self, c: int, turn: int, alias: str) -> str:
        """The dock an alias names on class c's board of a turn."""
        return self.views[c][turn].names.get(alias, alias)

    def alias(self, c: int, turn: int, name: str) -> str:
        """The alias of a dock named on class c's board of a turn."""
        for a, n in self.views[c][turn].names.items():
            if n == name:
                return a
        return name


@dataclass
class ScenarioRead:
    """One scenario's facts, before classes are formed."""

    scenario: Scenario
    views: tuple[BoardView, ...]
    lower: int
    near: frozenset[str]
    turns: list[tuple[Any, ...]]
    placement: list[PlacementFacts | None]
    placement_key: tuple[object, ...]
    final: Placement | None = None
    """With `every_line` and two turns, the turn-2 placement: scenarios of different final
    boards are never merged, as a score objective reads the final board (model/score_two.py)."""


def own_views(
    sc: Scenario, start_islands: list[tuple[int, int]], temple_sites: list[tuple[int, int]]
) -> tuple[BoardView, ...]:
    """The views of each turn's board of a scenario, built from its own boards (not extended
    from the turn before's)."""
    out = []
    for turn, board in enumerate(sc.boards):
        placed = [
            (which, p.slot, p.tile, p.rotation)
            for which in (1, 2)
            if (p := sc.placement(which)) is not None and which <= turn + 1
        ]
        out.append(BoardView.of_board(board, start_islands, temple_sites, placed))
    return tuple(out)
