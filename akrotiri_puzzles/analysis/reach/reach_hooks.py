"""`Relaxed`'s hooks (analysis/reach/reach_bound.py): what its search reads of a subclass's facts, here
the one-turn relaxation's own answers (the two-turn search's are reach_two.py's, reach_turns.py's,
reach_money.py's and reach_loads.py's). Moved out of reach_bound.py unchanged (session 81, h81split)
so that module stays under ~600 lines; `Relaxed` lists `Hooks` first among its bases, so each hook
resolves as when `Relaxed` defined it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...geometry import Quad
from .reach_ceiling import OVER

Taken = tuple[tuple[Quad, int], ...]
"""The cubes the line's Loads took, by island (or a subclass's spot)."""


class Hooks:
    """`Relaxed`'s hooks (module doc)."""

    earned: list[int]
    bonus: list[int]
    cubes: dict[Quad, int]
    pos: Any

    def leg_actions(
        self, at: str | Quad, island: Quad, least: int, acts: int, gained: int, cargo: int, free: int
    ) -> tuple[int, ...]:
        """The Move actions a leg from `at` to `island` is searched with, `least` those of its
        points (reach_two's: turn 1's legs over turn 1's board)."""
        return (least,)

    def income_after(self, n: int, taken: tuple[tuple[Quad, int], ...], gained: int = 0) -> int:
        """The most the first `n` cubes sold earn (R-FREE-1), those loaded being `taken`: the `n`
        best prices (`earned`; reach_two's reads the cubes' colours and, through `gained`, turn
        1's sales, analysis/reach/reach_money.py)."""
        return self.earned[n]

    def turn_one_over(
        self, was: int, acts: int, at: str | Quad, sold: int, cargo: int, stash: int, taken: Taken
    ) -> int:
        """`gained` at a state where turn 1 is just over (`OVER`), `was` before `turn_over`
        (reach_two's packs turn 1's sales in, analysis/reach/reach_sales.py's `FirstSales`)."""
        return OVER

    def amounts(
        self, room: int, kept: int, lying: int, taken: tuple[tuple[Quad, int], ...]
    ) -> Sequence[tuple[int, int]]:
        """The cubes a Load takes, `room` left aboard: of those unloaded before (`kept`) and of
        the island's (`lying`): as many as it can, those unloaded first (reach_two's tries fewer
        too where the colours are read, analysis/reach/reach_money.py)."""
        again = min(room, kept)
        return ((again, min(room - again, lying)),)

    def load_boards(self, island: Quad, taken: Taken) -> int:
        """The boards (bits of `mask`) a Load on `island` keeps, `taken` with its cubes in: every
        one here (reach_two's reads the cubes each board's island holds, analysis/reach/reach_loads.py)."""
        return -1

    def load_ways(self, island: Quad, taken: Taken, most: int) -> Sequence[tuple[int, int]]:
        """The cubes of the island a Load on `island` takes, `most` as many as it can (`amounts`),
        and the boards (bits of `mask`) where it takes them: here `most` on every board
        (reach_two's reads each board's island past an unload, analysis/reach/reach_loads.py)."""
        return ((most, -1),)

    def touches(self, taken: Taken) -> bool:
        """Whether every Load on a spot with cubes left is searched and marks it in `taken`, even
        with the boat full (reach_two's, analysis/reach/reach_money.py's `TOUCHED`)."""
        return False

    def late_spots(self) -> frozenset[Quad]:
        """The spots where a Load that may be turn 2's is marked in `taken` (reach_two's reads the
        laid cubes only for those, analysis/reach/reach_money.py's `LATE`); none here."""
        return frozenset()

    def unload_amounts(self, cargo: int, taken: Taken) -> Sequence[tuple[int, Taken]]:
        """The cubes an unload leaves, and `taken` after it: all of them (reach_two's tries fewer
        too where the colours are read, and reads them no more)."""
        return ((cargo, taken),)

    def forget(self, taken: tuple[tuple[Quad, int], ...], cargo: int) -> tuple[tuple[Quad, int], ...]:
        """`taken` where no later Load is searched (`last_loads_unread`): forgotten."""
        return ()

    def load_turns(self, island: Quad, after: int, gained: int) -> tuple[tuple[int, int, int], ...]:
        """The ways a Load on `island` is searched: the cubes lying there, the actions left after
        it and those gained (reach_two's: a Load of turn 1 or of turn 2, analysis/reach/reach_loads.py);
        here one, the island's cubes."""
        return ((self.cubes.get(island, 0), after, gained),)

    def room(self, island: Quad, dug: frozenset[tuple[Quad, str]], gained: int = 0) -> int:
        """The boards (bits) where `island` has room for a temple besides those of `dug`, for an
        excavation with `gained` after it (reach_two's); every board here."""
        return -1

    def turn_over(self, acts: int, gained: int) -> int:
        """`gained` as far as the rest of the search reads it (reach_two's); `search` asks it only
        below `OVER` (past it, every `turn_over` keeps `gained`)."""
        return gained

    def turn_bonus(self, j: int, after: int, gained: int, island: Quad, card: str) -> tuple[int, int]:
        """The actions the j-th excavation of the line (`card` on `island`) adds (reach_two's:
        negative where it ends turn 1, `turn_one_lost`), `after` actions left once it is made,
        `gained` added by the excavations before it (reach_two's turn 2, R-TURN-2); and the
        actions gained after it."""
        return self.bonus[j], gained + self.bonus[j]

    def stop_at(self, at: str | Quad) -> Quad:
        """The island (or a subclass's spot) of a stop: the boat's dock's at the start."""
        return self.pos.board.island_of_dock[at] if isinstance(at, str) else at
