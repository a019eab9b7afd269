"""Move actions for a leg of a line, from the movement points it needs (R-MOVE-1, R-MOVE-2).

An empty boat's Move action gives 2 points, a loaded boat's 1 (R-MOVE-2). The lower bounds
(solver/lower.py) read every leg through these counts: `actions_for` for an empty boat,
`loaded_actions` for a boat with a cube aboard at every Move action, `money_leg` for the sail to a
cube, its load and the carry to Thera that a first sale needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .points import FAR


def actions_for(steps: int, points: int) -> int:
    """Fewest actions for `steps` steps with `points` points in hand: 2 points per action at most."""
    if steps >= FAR:
        return FAR
    return max(0, -(-(steps - points) // 2))


def loaded_actions(steps: int, points: int) -> int:
    """Fewest Move actions for `steps` steps with `points` points in hand and a cube aboard at
    every Move action: 1 point each (R-MOVE-2)."""
    return FAR if steps >= FAR else max(0, steps - points)


def money_leg(
    cube_docks: Iterable[str],
    from_start: dict[str, int],
    from_thera: dict[str, int],
    points: int,
    worth: Mapping[str, int] | None = None,
    lacking: int = 0,
) -> int:
    """The fewest actions before an empty boat sells a cube at Thera: sail to a dock d of an
    island holding a cube of the board or of a placed tile (`cube_docks`), load (1 action), and
    carry it to Thera at 1 step per Move action (R-MOVE-2: the boat is not empty).

    Why the least over d holds for every line. Take the first sale T and the last load L before
    it, at dock d: the boat is loaded from L to T (only loads add cubes), so each Move action
    there gives 1 point, the load's points being lost (R-MOVE-2), and the steps from d to Thera
    take at least `from_thera[d]` actions; before L the boat sailed at least `from_start[d]`
    steps. If d's island held no such cube, the cubes loaded at L were unloaded there by the
    hero (R-FREE-2) at a dock u of that island at an earlier time U, with cubes on board since
    the last load L' before U, at d': the loaded stretch from d' to u, a portage step from u to d
    at most, and the loaded stretch from d to Thera give `from_thera[d']` steps at most one
    short, which L (a load, not a Move) makes up. So d can be taken to be d', and so on back to
    a load from a cube of the board or of a tile. Steps are the last turn's, which has every
    step of the earlier ones.

    **One load's worth** (`worth`: per dock, the most a line's only load there can sell for;
    `lacking`: the drachmas the line must earn). A line with one load only sells the cubes of
    that load, so it loads at a dock whose worth is at least what it lacks; a line with two
    loads or more has one more action than the leg above counts. So the least over d of the
    leg at d, one more where d's worth falls short. Why the second load is one the leg does not count: if the last load L
    before the first sale is at a dock of the board's or a tile's cubes, the leg counts L and
    the Move actions around it, and any other load is another action. Else its cubes were
    unloaded at u on L's island by a boat loaded since a load L' at d' (as above), and the boat
    sails from d' to u loaded (a point a Move action) and then takes a step from u to d when
    u is not d: those Move actions are at least the steps from d' to u and that step (if no
    Move action comes after the unload, every point came from the loaded ones), so the leg at
    d' is counted without L, which is the one more (and so on back, each load one more)."""
    best = FAR
    at_start, at_thera = from_start.get, from_thera.get
    for d in cube_docks:
        n = at_start(d, FAR)
        m = at_thera(d, FAR)
        if n < FAR and m < FAR:
            # `actions_for(n, points) + 1 + m`, written out (this runs for every view and read).
            leg = max(0, -(-(n - points) // 2)) + 1 + m
            if worth is not None and worth[d] < lacking:
                leg += 1
            if leg < best:
                best = leg
    return best


def docks_of(docks: Iterable[str] | Callable[[], Iterable[str]]) -> Iterable[str]:
    """The cube docks `money_leg` reads: given, or made only when first asked for."""
    return docks() if callable(docks) else docks


@dataclass(frozen=True)
class FirstTurn:
    """What a two-turn scenario's turn 1 tells the lower bounds' splits by turn (solver/lower.py, solver/stops.py): where each
    card fits on turn 1's board, turn 2's actions without a turn-1 temple (R-TURN-2), and, with
    `FIRST_BOARD`, turn 1's actions and its board's steps (or points) from the start and from
    Thera's stops (None: not known, the last board's are used)."""

    fit: dict[str, set[str]]
    second: int
    actions: int = FAR
    from_start: dict[str, int] | None = None
    from_thera: dict[str, int] | None = None
