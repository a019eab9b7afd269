"""Stops of turn 1 on turn 1's board (session 85, h85loose; `FIRST_STOPS`): a stop that the
two-turn relaxation (analysis/reach/reach_two.py's `TwoRelaxed`) reaches by a leg of turn 1, costed over
turn 1's board B1 alone, is *marked*, and its next legs start from the docks of its island on B1
only, not from every dock of its spot (reach_bound.py's "after a stop the boat may leave from any
dock of the island", reach_boards.py's `leg_starts`).

The looseness it closes. A spot of B1 stands for its island on every final board, and the next
tile may grow that island and give it docks B1 lacks. On seed 3's turn 13 (2016, south), member
`tile -1,-2 r90 red@NE`, the relaxation read 34 not below (CP-SAT's best on the member is 33) on
two boards of the oracle group (L32 at 1,-2 r90 and r270): turn 1 loads three cubes on island
(0,-6) (its last action, made on B1), and turn 2 reaches Thera with one Move action from dock
1,-1NW, a dock L32 joins to that island. The boat is at a dock of the island on B1, none of which
has a ship step to Thera on those boards: the real leg is a portage and a ship step, two Move
actions with cargo (R-MOVE-1, R-MOVE-2).

The rule (`TwoTurns.leg_stops`, reach_turns.py). A marked stop on spot s is searched at `~s` (a
negative int: spots are 0, 1, ...; `spot` reads it back), only on a spot whose docks over the
search's boards are more than its B1 island's (`grown`; elsewhere the mark changes nothing):

- M1. A leg to spot B that `leg_actions` reads as `within` (its Move actions over B1 alone,
  `Boards.turn_one_legs`, where they differ from the union's `least`) and also as the leg that
  turn 1's end splits (`cross`, reach_cross.py's `crossing`) is searched with `within` Move
  actions to a marked stop on B, and with `cross` to an unmarked one. Where `within` equals
  `least` (one reading for both turns), or `cross` is out of reach, the stop is not marked.
- M2. From a marked stop on A, the legs start at the docks of A's island on B1 but the other
  boat's (`leg_starts`, `BoardLegs.legs_on`, `TwoRelaxed._legs`), and a leg that turn 1's end
  splits reads turn 2's part from the docks turn 1's actions reach from those only (reach_cross's
  `near`: no other dock of the spot).
- M3. From a marked stop on A to A itself (another action there: a Load, an excavation, a buy),
  0 Move actions keeping the mark, or 1 Move action without it.

*Sound* (every real line keeps a relaxed image, reach_two.py's module doc: the image's stops
spend no more actions than the line's, and turn 1's actions left are at least the line's). Take a
real line R and its image; the claim is that a marked image stop on A has R's boat at a dock of
A's island on B1 (the mark's meaning), or that R has an unmarked image there.

1. M1: R's leg A' -> B, and `leg_actions` reads `within` and `cross`. Either every step of R's
   leg is taken in turn 1, so on B1 (R-TILE-1: the next tile is placed at turn 2's start,
   R-TURN-1): R stops at a dock of B's island on B1 (a portage step on B1 reaches only docks of
   the island on B1, R-MOVE-1), whatever turn the stop's action is (turn 1 may end at B before
   it), and its Move actions over B1 alone are at least `within` (R-MOVE-2, the argument of
   `leg_actions`): the marked image. Or some step is taken in turn 2 (turn 1 ends before B, at A'
   or on the way): the image with `cross` Move actions, unmarked, as before this change
   (reach_cross.py's *Sound*). Every image of before is still searched: only the stop's mark
   differs, and where `within` is the only reading of a leg (no `cross`), or the one reading of
   both turns (`within == least`), nothing is marked.
2. M2, the next leg from a marked A, R's boat at a dock d of A's island on B1 (1.). R's leg
   starts at d; the image's at every dock of A's island on B1 but the other boat's (R's boat is
   never at the other's dock at a stop, R-MOVE-3), d among them. A tile only adds routes and
   joins islands, so d is a dock on every final board, and the points from d over B1 and board k
   are at least `legs_on`'s from those docks (reach_board_legs.py's *Sound*, with d for "a dock
   of the spot"). A leg turn 1's end splits: R ends turn 1 at a dock its turn-1 actions reach on
   B1 from d, or at d itself (case 2 of reach_cross.py's *Sound*, R's turn 1 over at A, with R's
   boat at d, one of the starts): so `near` needs no other dock. `within` reads B1 alone from
   the island's docks on B1 (`turn_one_legs`) as before.
3. M3, R's next action at A (the image's leg from A to A, 0 points). Either R's boat is still at
   a dock of A's island on B1 (it stayed, or moved on B1's docks of the island): the marked image
   with 0 Move actions. Or R moved to a dock that is not one (on board k, where the next tile
   grew the island, or joined it to another): at least one step, so at least one Move action
   (R-MOVE-2: no points carried past a stop, none at all past turn 1's end), and the image with 1
   Move action, unmarked, as before this change.
4. The turn boundary: the mark reads only where R's boat is; a marked stop may be followed by
   turn 2's legs (turn 1 over in the image or in R), which start from d as well (2.). Turn 2's
   actions, excavations and Loads read the stop's spot as before (`stop_at`, `~s` read back).
5. The oracle (R-ORA-1) moves no boat; the oracle's boards are final boards as any other.
6. Where the image is past turn 1 (`gained` at `OVER`) or tells the turns apart no more
   (`tight_turns` off) no leg is marked; the ceiling (reach_ceiling.py) reads a marked stop as
   its spot (a bound on the unmarked stop's leaves, which hold the marked one's: its legs are
   among the unmarked stop's, costlier or the same).

tools/check_two_cube_readings.py walks engine lines through the image (tools/check_two_cube_image.py:
a marked option only where the line's boat is at a dock of the island on B1) and finds none this
reading leaves short (docs/benchmarks.md, session 85, h85loose).
"""

from __future__ import annotations

from typing import Any

FIRST_STOPS = True
"""Whether a stop of turn 1 on turn 1's board is marked, and its legs start from its island's
docks on that board (module doc); False: every dock of the spot, as before session 85. On since
session 85 (h85loose): the reach, floor, two-turn analysis and known-watch tests pass with it, and
the calibration turn keeps its answer at the same CPU (docs/benchmarks.md, session 85, h85loose)."""


def marked(at: object) -> bool:
    """Whether `at` (a dock, a spot, or a marked spot) is a marked stop."""
    return isinstance(at, int) and at < 0


def spot(at: Any) -> Any:
    """The spot of a stop (`at` itself but for a marked one); a dock is left as it is."""
    return ~at if isinstance(at, int) and at < 0 else at


def first_docks(r: Any) -> dict[int, tuple[str, ...]]:
    """By spot of B1 (`b1_island`): its island's docks on B1 but the other boat's, where the legs
    of a marked stop start (M2). `r` is a `TwoRelaxed`; kept on it."""
    got: dict[int, tuple[str, ...]] | None = r.__dict__.get("_first_docks")
    if got is None:
        b1 = r.boards[0]
        got = {
            s: tuple(d for d in b1.docks_of_island.get(isl, ()) if d != r.occupied) for s, isl in r.b1_island.items()
        }
        r.__dict__["_first_docks"] = got
    return got


def grown(r: Any, s: int) -> bool:
    """Whether spot `s` of B1 has docks over the search's boards (`spot_docks`) that its island on
    B1 lacks (the other boat's aside): only there a mark changes the legs."""
    got: dict[int, bool] | None = r.__dict__.get("_grown")
    if got is None:
        first = first_docks(r)
        got = {
            t: bool({d for d in r.spot_docks.get(t, ()) if d != r.occupied} - set(docks)) for t, docks in first.items()
        }
        r.__dict__["_grown"] = got
    return got.get(s, False)
