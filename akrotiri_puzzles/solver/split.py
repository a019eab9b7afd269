"""One bound's facts cut into parts, each the facts of some of its classes (`cpsat.TOP_FIRST`).

The model at a bound picks one class of scenarios (solver/model/core.py: exactly one class
literal), so the lines of the whole model are the lines of its parts put together: when every
part is INFEASIBLE, so is the whole. CP-SAT proves a few models of a couple of thousand classes
faster than one of all of them (place-2 g5002, bound 8, docs/benchmarks.md), since a proof over
fewer classes has fewer scenario choices to branch on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .fact_tables import Facts, Layer


def restrict(facts: Facts, keep: list[int]) -> Facts:
    """The facts of the classes `keep` (in that order) alone, renumbered from 0. The docks and
    parts stay those of every class: a dock no kept class has exists in none of them."""
    new = {c: i for i, c in enumerate(keep)}

    def sets(table: dict[object, set[int]]) -> dict[object, set[int]]:
        out: dict[object, set[int]] = {}
        for key, classes in table.items():
            kept = {new[c] for c in classes if c in new}
            if kept:
                out[key] = kept
        return out

    layers = []
    for layer in facts.layers:
        dist: dict[tuple[str, str], Mapping[int, int]] = {}
        for key, per in layer.dist.items():
            kept = {new[c]: w for c, w in per.items() if c in new}
            if kept:
                dist[key] = kept
        layers.append(
            Layer(
                exists=sets(layer.exists),  # type: ignore[arg-type]
                thera=sets(layer.thera),  # type: ignore[arg-type]
                dig=sets(layer.dig),  # type: ignore[arg-type]
                same_island=sets(layer.same_island),  # type: ignore[arg-type]
                dock_island=sets(layer.dock_island),  # type: ignore[arg-type]
                dist=dist,
            )
        )
    return replace(
        facts,
        scenarios=[facts.scenarios[c] for c in keep],
        members=[facts.members[c] for c in keep],
        views=[facts.views[c] for c in keep],
        layers=layers,
        placement=[{new[c]: pf for c, pf in per.items() if c in new} for per in facts.placement],
        lower=[facts.lower[c] for c in keep],
        near=[facts.near[c] for c in keep],
    )


def by_placement(facts: Facts, most: int) -> list[list[int]]:
    """The classes cut into runs of at most `most` (one run more when a turn-1 placement alone
    has more), each turn-1 placement's classes kept together where they fit: every class is in
    exactly one run."""
    runs: list[list[int]] = []
    group: list[int] = []
    first = object()
    for c, sc in enumerate(facts.scenarios):
        if sc.first != first and group:
            if runs and len(runs[-1]) + len(group) <= most:
                runs[-1].extend(group)
            else:
                runs.append(group)
            group = []
        first = sc.first
        group.append(c)
    if group:
        if runs and len(runs[-1]) + len(group) <= most:
            runs[-1].extend(group)
        else:
            runs.append(group)
    return runs
