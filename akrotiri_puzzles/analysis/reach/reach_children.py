"""A state's children of the relaxed search (analysis/reach/reach_bound.py's `Relaxed.search`) kept by
what they read (session 78): an excavation's actions and room (`dig_turns`), and a Load's cubes,
`taken` after it and the boards it keeps (`load_children`). Each is a function of its arguments
and the search's fixed facts (and, for the Loads, its mode: `amounts`' one memo), so `search`
keeps it by them and finds the same children in the same order as working them out at each
state: the states, their values and where the search stops are unchanged (a cost change only,
tests/test_reach_kept_states.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ...geometry import Quad

LATE = 1 << 20
"""`(LATE + spot, 0)` in `taken`: a Load on the spot that may be turn 2's (analysis/reach/reach_money.py)."""

Taken = tuple[tuple[Quad, int], ...]
"""The cubes the line's Loads took, by island (or a subclass's spot)."""


class Children:
    """`Relaxed`'s children kept by what they read (module doc); its hooks are `Relaxed`'s."""

    _amounts: dict[tuple[object, ...], Sequence[tuple[int, int]]]

    def turn_bonus(self, j: int, after: int, gained: int, island: Quad, card: str) -> tuple[int, int]:
        raise NotImplementedError  # Relaxed's, or reach_turns.TwoTurns'

    def room(self, island: Quad, dug: frozenset[tuple[Quad, str]], gained: int = 0) -> int:
        raise NotImplementedError  # Relaxed's, or reach_two's

    def touches(self, taken: Taken) -> bool:
        raise NotImplementedError  # Relaxed's, or reach_money's

    def late_spots(self) -> frozenset[Quad]:
        raise NotImplementedError  # Relaxed's, or reach_money's

    def amounts(self, room: int, kept: int, lying: int, taken: Taken) -> Sequence[tuple[int, int]]:
        raise NotImplementedError  # Relaxed's, or reach_money's

    def load_ways(self, island: Quad, taken: Taken, most: int) -> Sequence[tuple[int, int]]:
        raise NotImplementedError  # Relaxed's, or reach_turns'

    def load_boards(self, island: Quad, taken: Taken) -> int:
        raise NotImplementedError  # Relaxed's, or reach_turns'

    def dig_turns(
        self, after: int, gained: int, island: Quad, card: str, dug: frozenset[tuple[Quad, str]]
    ) -> tuple[int, int, int]:
        """An excavation of `card` on `island` with `after` actions left once made, `gained`
        before it and the temples `dug` before it: the actions it adds and those gained after it
        (`turn_bonus`), and the boards where the island has room for it (`room`). Functions of
        their arguments and the search's fixed facts, so `search` keeps this by them (session 78)."""
        extra, now = self.turn_bonus(len(dug) + 1, after, gained, island, card)
        return extra, now, self.room(island, dug, now)  # -1 here; reach_two's narrows it

    def load_children(
        self, island: Quad, lying: int, late: bool, cargo: int, kept: int, taken: Taken
    ) -> tuple[tuple[int, int, Taken, int], ...]:
        """The children of a Load on `island` with `lying` cubes there (`load_turns`), `late` its
        actions gained past `OVER` (a Load that may be turn 2's), `cargo` aboard, `kept` unloaded
        to load again and the cubes taken so far `taken`: per child, in `search`'s order, the
        cubes it takes again and from the island, `taken` after it and the boards (bits) it keeps
        (those of `load_ways`, narrowed by `load_boards` where it takes cubes). A function of its
        arguments and the search's mode (`amounts`' one memo), so `search` keeps it by them
        (session 78): the same children in the same order as working them out at each state."""
        got = dict(taken)
        had = got.get(island, 0)
        if had >= lying and not kept:
            return ()
        touched = self.touches(taken)
        lates = self.late_spots()
        amounts = self._amounts
        # The boat takes as many as it can: the cubes unloaded before (with `stash_loads_again`,
        # on any island: looser), then the island's, less those already taken.
        akey = (3 - cargo, kept, lying - had if lying > had else 0, taken)
        took = amounts.get(akey)
        if took is None:
            took = amounts[akey] = self.amounts(*akey)
        out: list[tuple[int, int, Taken, int]] = []
        # Past an unload, the cubes a Load takes by board (reach_two's, reach_loads.py).
        for again, most in took:
            for k, bits in self.load_ways(island, taken, most):
                # Once the colours are read whole (reach_money.py's `TOUCHED`), every Load on a
                # spot with cubes left marks it, even one that takes none of them.
                mark = k or (touched and lying > had)
                more = taken
                if mark:
                    grown = {**got, island: had + k}
                    if island in lates and late:
                        # A Load that may be turn 2's reads the laid cube (reach_money.py).
                        grown[LATE + island] = 0  # type: ignore[operator,index]  # reach_two's spots: ints
                    more = tuple(sorted(grown.items()))
                if k:
                    # The boards where the island holds the cubes taken (reach_two's).
                    bits &= self.load_boards(island, more)
                out.append((again, k, more, bits))
        return tuple(out)
