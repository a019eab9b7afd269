"""A bound's facts gathered scenario by scenario: every scenario read in the reader's order and
merged into classes (`build_facts`), or read only until some number of classes (`Gathering`),
so that the model of some classes can be asked before the rest are read (solver/lazy.py).

Reading on from where a gathering stopped reads the same scenarios, in the same order, with the
same reader, as one `build_facts`: when it has read them all, its facts are `build_facts`'s,
class for class.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np

from ..components import COLOURS
from . import facts
from .boardview import part_name
from .deadline import NO_LIMIT, Deadline
from .fact_tables import Facts, Layer, Legs, LegTable, ScenarioRead, leg_items
from .facts import FactReader
from .placement_cubes import PlacementFacts
from .points import FAR
from .relax import slot_name
from .scenarios import Scenario

VECTOR_LEGS = True
"""Whether `tables` turns the classes' leg tables into the (a, b) -> class -> points table with
numpy (`legs_by_pair`) instead of leg by leg in Python: the same table, which was the largest
share of `tables` on a late place-2 bound (a switch for tests and benchmarks)."""


class Gathering:
    """One bound's scenarios read so far (in the reader's order, `order`'s indices into it, or
    `scens`'s), merged into classes; `read(most)` reads on until `most` classes, `facts()` are
    the classes so far."""

    def __init__(
        self,
        reader: FactReader,
        bound: int,
        max_steps: int,
        cards: list[str],
        scens: Iterable[Scenario] | None = None,
        deadline: Deadline = NO_LIMIT,
        order: Iterable[int] | None = None,
    ) -> None:
        self.reader = reader
        self.bound = bound
        self.max_steps = max_steps
        self.cards = cards
        self.deadline = deadline
        self.indexed = scens is None
        self._todo: Iterator[tuple[int, Scenario]]
        if order is not None and scens is None:
            # The reader's scenarios in another order, each still known by its index.
            every = reader.scenarios()
            self._todo = ((i, every[i]) for i in order)
        else:
            self._todo = enumerate(scens if scens is not None else reader.scenarios())
        self._kept: dict[tuple[int, object], frozenset[str | None] | None] = {}
        """Per turn-1 placement (by identity) and oracle icon (with `facts.PER_TILE`; else whether
        the oracle is asked): the turn-2 slots `relaxed_kept` keeps (None: all)."""
        self._sold: dict[tuple[int, object], frozenset[str | None]] = {}
        """Per group as `_kept`: the slots dropped by `NO_SALE`'s views alone (`FactReader.sold_off`)."""
        self._classes: dict[tuple[Any, ...], int] = {}
        self.reads: list[ScenarioRead] = []
        self.members: list[list[Scenario]] = []
        self.enumerated = 0
        self.done = False
        """Whether every scenario has been read."""

    def read(self, most: int | None = None) -> None:
        """Read on until the classes number `most` (None: until every scenario is read)."""
        reader, bound, max_steps, cards = self.reader, self.bound, self.max_steps, self.cards
        for i, sc in self._todo:
            self.enumerated += 1
            if self.enumerated % 64 == 0:
                self.deadline.check()
            if self.indexed and facts.RELAX:
                # A turn-1 placement's views are asked once, and its slots kept once per oracle
                # icon (the tile held in turn 2, `facts.PER_TILE`; else once with the oracle and
                # once without): its scenarios need not come together (`order`).
                group = (id(sc.first), sc.oracle if facts.PER_TILE else sc.oracle is not None)
                if group not in self._kept:
                    kept = reader.relaxed_kept(sc, bound, max_steps, cards)
                    sold = reader.sold_off(sc, bound, cards, kept) if kept else frozenset()
                    self._kept[group] = kept if not sold or kept is None else kept - sold
                    self._sold[group] = sold
                kept = self._kept[group]
                if kept is not None and (slot := slot_name(sc.second)) not in kept:
                    reader.passed_over(i, bound)
                    if slot in self._sold[group]:
                        # Dropped by `NO_SALE` alone, as a read would have been (`FactReader.sold_off`).
                        reader.sale_drops[bound] = reader.sale_drops.get(bound, 0) + 1
                    continue
            if self.indexed and reader.known_lower(i, cards) > bound:
                continue  # an earlier read proved it needs more actions than the bound
            r = reader.read(sc, bound, max_steps, cards, i if self.indexed else None)
            if r is None:
                continue
            key = (sc.oracle, r.placement_key, r.lower, tuple(r.turns), r.final)
            c = self._classes.get(key)
            if c is None:
                self._classes[key] = len(self.reads)
                self.reads.append(r)
                self.members.append([sc])
                if most is not None and len(self.reads) >= most:
                    return
            else:
                self.members[c].append(sc)
        self.done = True

    def facts(self, first: int = 0, last: int | None = None) -> Facts:
        """The facts of the classes read so far (of every scenario once `done`), or of classes
        `first` to `last` - 1 alone, renumbered from 0 (a part: solver/lazy.py). A class's facts
        are fixed when it is made (its key); scenarios read later only join it as members."""
        # Classes read later may still gain members: the facts keep those they have now.
        members = self.members[first:last] if self.done else [list(m) for m in self.members[first:last]]
        return tables(
            self.reader,
            self.reads[first:last],
            members,
            self.enumerated,
            self.bound,
            self.max_steps,
            self.cards,
            self.deadline,
        )


def build_facts(
    reader: FactReader,
    bound: int,
    max_steps: int,
    cards: list[str],
    scens: Iterable[Scenario] | None = None,
    deadline: Deadline = NO_LIMIT,
) -> Facts:
    """The facts of every scenario of the reader's puzzle (or of `scens`) for lines of at most
    `bound` actions."""
    gathering = Gathering(reader, bound, max_steps, cards, scens, deadline)
    gathering.read()
    return gathering.facts()


def tables(
    reader: FactReader,
    reads: list[ScenarioRead],
    members: list[list[Scenario]],
    enumerated: int,
    bound: int,
    max_steps: int,
    cards: list[str],
    deadline: Deadline = NO_LIMIT,
) -> Facts:
    """The classes' facts as tables from each fact to the classes where it holds."""
    puzzle = reader.puzzle
    start = puzzle.start
    turns = len(reads[0].views) if reads else puzzle.turns
    layers = [Layer() for _ in range(turns)]
    placement: list[dict[int, PlacementFacts]] = [{}, {}]
    reach: dict[str, int] = {reader.start_dock: 0}
    legs: list[list[LegTable]] = [[] for _ in range(turns)]
    for c, r in enumerate(reads):
        if c % 256 == 255:
            deadline.check()
        for which in (0, 1):
            pf = r.placement[which]
            if pf is not None:
                placement[which][c] = pf
        for t, (exists, thera, dig, same, pairs, dist) in enumerate(r.turns):
            layer = layers[t]
            for d in exists:
                layer.exists.setdefault(d, set()).add(c)
            for d in thera:
                layer.thera.setdefault(d, set()).add(c)
            for key in dig:
                layer.dig.setdefault(key, set()).add(c)
            for key in same:
                layer.same_island.setdefault(key, set()).add(c)
            for key in pairs:
                layer.dock_island.setdefault(key, set()).add(c)
            if VECTOR_LEGS:
                legs[t].append(dist)
                continue
            for a, b, w in leg_items(dist):
                per = layer.dist.setdefault((a, b), {})
                assert isinstance(per, dict)
                per[c] = w
                if a == reader.start_dock:
                    reach[b] = min(reach.get(b, FAR), w)
    if VECTOR_LEGS:
        for layer, tabs in zip(layers, legs, strict=True):
            layer.dist = legs_by_pair(tabs)
            for (a, b), per in layer.dist.items():
                if a == reader.start_dock:
                    reach[b] = min(reach.get(b, FAR), *per.values())
    docks = sorted({d for r in reads for d in r.near} | {reader.start_dock}, key=lambda d: (reach.get(d, FAR), d))
    part_of_dock: dict[str, str] = {}
    base = start.board
    for d in docks:
        if d.startswith("+"):
            which = int(d[1])
            tile = next(p.tile for r in reads if (p := r.scenario.placement(which)) is not None)
            spec = start.components.tile[tile]
            k = next(k for k, piece in enumerate(spec.pieces) if d.split(":")[1] in piece)
            part_of_dock[d] = f"+{which}:p{k}"
        else:
            part_of_dock[d] = part_name(base.island_of_dock[d])
    start_cubes = {part_name(isl): {c: n.get(c, 0) for c in COLOURS} for isl, n in start.cubes_by_island.items()}
    parts = set(part_of_dock.values()) | set(start_cubes)
    for r in reads:
        for which in (1, 2):
            p = r.scenario.placement(which)
            if p is not None:
                parts.update(f"+{which}:p{k}" for k in range(len(start.components.tile[p.tile].pieces)))
    return Facts(
        puzzle=puzzle,
        bound=bound,
        max_steps=max_steps,
        cards=cards,
        scenarios=[r.scenario for r in reads],
        members=members,
        views=[r.views for r in reads],
        docks=docks,
        parts=sorted(parts),
        part_of_dock=part_of_dock,
        start_cubes=start_cubes,
        layers=layers,
        placement=placement,
        lower=[r.lower for r in reads],
        near=[r.near for r in reads],
        occupied=reader.occupied,
        turns=turns,
        start_islands=reader.start_islands,
        temple_sites=reader.temple_sites,
        enumerated=enumerated,
        portage=reader.portage,
        passing=reader.passing,
    )


def legs_by_pair(tabs: list[LegTable]) -> dict[tuple[str, str], Mapping[int, int]]:
    """The classes' leg tables (class c's is tabs[c]) as one table (a, b) -> class -> points:
    what `leg_items` gives class by class, with each pair's classes in increasing order (each
    pair's a `Legs` over runs of two shared lists: the same mapping without a dict per pair).
    The rows are sorted by pair with a stable sort, so within a pair they stay in class order."""
    index: dict[str, int] = {}
    names: list[str] = []
    seen: dict[LegTable, tuple[np.ndarray, np.ndarray]] = {}
    keys, points, counts = [], [], []
    for tab in tabs:
        got = seen.get(tab)
        if got is None:
            docks, data = tab
            for d in docks:
                if d not in index:
                    index[d] = len(names)
                    names.append(d)
            at = np.array([index[d] for d in docks], dtype=np.int64)
            m = np.frombuffer(data, dtype=np.int16).reshape(len(docks), len(docks))
            rows, cols = np.nonzero(m >= 0)
            got = seen[tab] = (at[rows] * (1 << 20) + at[cols], m[rows, cols].astype(np.int64))
        keys.append(got[0])
        points.append(got[1])
        counts.append(len(got[0]))
    if not keys:
        return {}
    key, point = np.concatenate(keys), np.concatenate(points)
    cls = np.repeat(np.arange(len(tabs), dtype=np.int64), counts)
    order = np.argsort(key, kind="stable")
    key, point, cls = key[order], point[order], cls[order]
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]]).tolist()
    ends = [*starts[1:], len(key)]
    cl, pl, kl = cls.tolist(), point.tolist(), key[starts].tolist()
    mask = (1 << 20) - 1
    return {(names[k >> 20], names[k & mask]): Legs(cl, pl, i, j) for k, i, j in zip(kl, starts, ends, strict=True)}
