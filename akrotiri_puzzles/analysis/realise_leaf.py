"""The relaxed line that reaches a value, traced (realise.py's path, session 84): the two-turn
relaxation's searches (analysis/reach/reach_two.py's `TwoRelaxed`) with `search` wrapped, so that the
states a `Reached` passes through are kept, from the start to the leaf.

`TracedRelaxed` records the arguments of each state `Reached` passes through and re-raises. Only
this subclass pays for it (the analyser's searches are `TwoRelaxed`'s, untouched), and it visits
the same states in the same order (the wrapper only adds a frame), so the leaf is the one
`reach_two.below` reaches. No bound reads the path: like `Reached.cards`, it is a guess, which
realise.py plays through the engine (`realise`) and realise_climb.py climbs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..board import Board
from ..position import Position
from .reach import reach_two
from .reach.reach_boards import Boards
from .reach.reach_bound import TooBig
from .reach.reach_two import TwoRelaxed, group_bound, slot_groups
from .reach.reach_two_goals import Reached

__all__ = ["LEAF_STATES", "Frame", "Leaf", "TracedRelaxed", "leaf_states", "relaxed_leaf"]


class Frame(NamedTuple):
    """A state of `TwoRelaxed.search` (reach_bound.py's `Relaxed.search`): its arguments. Spots
    stand where the search's signature reads islands (reach_two.py)."""

    at: str | int
    acts: int
    drachmas: int
    cargo: int
    sold: int
    hand: tuple[str, ...]
    dug: frozenset[tuple[int, str]]
    bought: tuple[int, int, int]
    taken: tuple[tuple[int, int], ...]
    stash: int = 0
    mask: int = 1
    gained: int = 0
    income: int = 0
    held: int = 0


class TracedRelaxed(TwoRelaxed):
    """`TwoRelaxed` that records the states a `Reached` passes through (module doc): the last
    leaf's search in `last` (a class attribute, as `Reached.cards`)."""

    last: TracedRelaxed | None = None
    trail: list[Frame]
    leaf_path: tuple[Frame, ...] = ()
    leaf_finals: frozenset[Board] | None = None

    def search(self, *args: object) -> int:
        try:
            return super().search(*args)  # type: ignore[arg-type]
        except Reached:
            self.trail.append(Frame(*args))  # type: ignore[arg-type]
            raise

    def _from_start(self) -> int:
        self.trail = []
        try:
            return super()._from_start()
        except Reached:
            self.leaf_path = tuple(reversed(self.trail))
            self.leaf_finals = Reached.finals
            TracedRelaxed.last = self
            raise


@dataclass(frozen=True)
class Leaf:
    """The relaxed line that reached the value asked: its search (its spots and boards), its states
    from the start to the leaf, and the final boards the leaf may end on."""

    relaxed: TracedRelaxed
    path: tuple[Frame, ...]
    finals: frozenset[Board] | None


LEAF_STATES: int | None = None
"""States each group's search for a relaxed leaf may visit (`relaxed_leaf`, realise_climb.py's
`Leaves`); None: reach_two's `NODES` (the bound's own cap). Read at each call, so that a test or a
bench's wrapper can set it (session 92, h92split: with `SPLIT_SALE` on, seed 4's turn 15 group 3
member's leaf at 31 passes 20,000 states and is found at 100,000)."""


def leaf_states() -> int:
    """The states of a relaxed leaf's searches: `LEAF_STATES`, or reach_two's `NODES`."""
    return reach_two.NODES if LEAF_STATES is None else LEAF_STATES


def relaxed_leaf(pos: Position, ask: int, nodes: int | None = None) -> Leaf | None:
    """The relaxed line of `reach_two.below(pos, ask)` that reaches `ask` (None where the relaxation
    reads `ask` out of reach, does not apply, or passes its states): the same groups and searches
    (`two_turn_bound`), each `TracedRelaxed`, of `nodes` states (by default `leaf_states()`)."""
    if nodes is None:
        nodes = leaf_states()
    got = slot_groups(pos)
    if got is None:
        return None
    keys, finals, acts = got
    shared = Boards(pos)
    TracedRelaxed.last = None
    try:
        for (_, oracle), group in zip(keys, finals, strict=True):
            group_bound(pos, group, acts, nodes, shared, ask, oracle, relaxed=TracedRelaxed)
    except Reached:
        r = TracedRelaxed.last
        return None if r is None else Leaf(r, r.leaf_path, r.leaf_finals)
    except TooBig:
        return None
    return None
