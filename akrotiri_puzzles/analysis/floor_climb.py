"""A floored member's other relaxed leaves played through the engine where its own leaf is not
(issue 31 part 1(b), session 96, h96s4t15).

A member's (or a claimed cover's) solve at a floor (board_solve.py's `best_two_turns`, the value
asked the turn's best so far plus one) first plays the relaxed leaf at the floor through the
engine (realise.py's `floor_line`: one leaf, the first group of final boards that reaches the
floor, `NODES` plays, turn 1's sales made where the leaf makes them). Where the engine plays no
line of that leaf, the model is solved (floor_member.py's `CARDS_FIRST` first, then whole). On
seed 4's turn 15 (2016, south) the member `tile 0,2 r0 blue@NW` at the floor 38 (the turn's best
so far 37) is such a member: its leaf at 38 is not realised (11 CPU s), the narrowed solve is
INFEASIBLE (13 CPU s) and the whole model had found nothing after 190 CPU s of CP-SAT when the
turn's 900 CPU s ran out (docs/benchmarks.md, session 96, h96s4t15). Yet step 1b's rounds
(realise_climb.py's `climb_line`: the other groups' leaves at the floor where the first is not
realised, turn 1's sales kept for turn 2, the leaf searches shared between values) realise a line
of 39 at 38 and the question at 40 proves it the most: OPTIMAL 39 in 46.7 CPU s.

`CLIMB_AFTER` (on): where `floor_line` asked a leaf (the relaxation does not read the floor out of
reach) and returned no line, `climb_after` runs `climb_line` from the floor, with its own memo of
the same watch's questions (floor_first.py's `Memo`: the question in full, the cheap relaxation
and, where that says no, the split, watch_split.py); its line, where it has one, is the member's
answer, OPTIMAL w. Where it has none, the solve goes on exactly as without this step (the same
leaf of `floor_line` read by `CARDS_FIRST`, the same model): the status, value, bound and line are
then those of the solve without it, the climb's CPU only added.

Sound, as `floor_line` and step 1b: the line is one the engine plays from the member's two-turn
puzzle (every action one the engine offers, R-SCORE-1's score at turn 2's end; board_solve's
`_realised` replays it again and checks the value), so the member's optimum is at least w; the
climb returns it only where its question (the watch's relaxation, a sound bound on every line of
the member, reach_below.py; the split likewise, reach_split.py) proves w + 1 out of reach, so the
optimum is w; and w is at least the floor (each round's line reaches the value asked, at least the
floor), so the model at that floor would have been OPTIMAL w too, bound w. A cap (a bound proven
beforehand) is kept: a line above it is not read (board_solve checks `cap` as for `floor_line`).
Nothing unproven is read as proven: a line whose w + 1 is not proven, a round that realises
nothing, a search past its counts all give None, and the model is solved. What may change is the
line (another line of the optimum, as for `floor_line` and step 1b: the digest of a turn answered
through this step may move). Deterministic: counts of engine plays and relaxed states, no clock.
"""

from __future__ import annotations

from ..position import Position
from ..puzzle import Puzzle
from .floor_first import Memo
from .realise import ROUNDS, Leaf, Realised
from .realise_climb import climb_line
from .watched import OutOfReach

__all__ = ["CLIMB_AFTER", "climb_after"]

CLIMB_AFTER = True
"""Whether board_solve's `best_two_turns` asks `climb_after` where `floor_line` asked a leaf and
played no line (module doc); False: the model at once, as in session 95."""


def climb_after(
    puzzle: Puzzle,
    pos: Position,
    floor: int,
    out_of_reach: OutOfReach,
    last: tuple[int, Leaf] | None,
    rounds: int = ROUNDS,
) -> Realised | None:
    """A line of the member at `pos` (the turn-1 action phase of `puzzle`) worth w >= `floor`
    with w + 1 proven out of reach by `out_of_reach` (module doc): `climb_line` from the floor,
    `rounds` values realised at most. None where `CLIMB_AFTER` is off, where `floor_line` asked
    no leaf (`last` None: the relaxation reads the floor out of reach, or its searches passed
    their states) or where the climb proves nothing."""
    if not CLIMB_AFTER or last is None:
        return None
    got = climb_line(puzzle, pos, floor, Memo(out_of_reach), rounds)
    return got if got is not None and got.value >= floor else None
