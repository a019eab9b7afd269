"""What the relaxation's questions proved below, kept for later questions from dominated positions
(analysis/reach/reach_below.py, `Below`, `KEEP_BELOW`, session 58).

The placement search asks a group's cover first (`cover`, below: every cube any member
lays, the fewest left on the market per colour) and, where the cover is not below the value, each
member in turn, all from one setup (the same board; only cubes and market differ). A cover's
question that ends no has most often proven most of its groups of final boards (reach_two's
`slot_groups`), and boards alone, below the value before the one that stopped it; each member
used to search them all again (on seed 5's turn 10, 2016, north: 25 to 40 CPU s a member).

Sound: the relaxation reads the cubes as counts per island and colour and the market as its
cubes per colour (their empty spaces, for the prices); a position `p` that has, on every piece,
at least `q`'s cubes of each colour and, per colour, at most `q`'s market cubes (with a price
track that does not fall: more empty spaces never pay less), and is otherwise equal (the setup),
*dominates* `q`: every relaxed line of `q` over turn 1's board and some final boards is one of
`p`'s over the same boards, each load taking no more cubes than `p`'s island offers and each sale
earning no more than `p`'s best prices (the argument of reach_below's `every`, per group or
board). So where `p`'s search of a group (or of one board alone) completed below a value, so
would `q`'s at that value or more: `q`'s lines ending on those boards stay below it, and the
group (board) need not be searched for `q`. The answer is the one the searches would give, except
that a search that would pass the node cap for `q` is not made (then a yes where the search would
have said no: still proven, by `p`'s search).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from ...geometry import Quad, Slot
from ...position import Position, evolve

Part = tuple[tuple[Slot | None, bool], int | None]
"""A group of final boards (its slot and oracle) and one of its boards alone (its index in the
group), or None: the whole group."""


def dominates(p: Position, q: Position) -> bool:
    """Whether `p` has at least `q`'s cubes of each colour on every piece and at most its market
    cubes per colour, on a price track that does not fall (module doc). The rest of the two
    positions must be equal: the caller's (one setup)."""
    most = {(piece, colour): n for piece, colour, n in p.cubes}
    return market_dominates(p, q) and all(n <= most.get((piece, colour), 0) for piece, colour, n in q.cubes)


def dominates_in_number(p: Position, q: Position) -> bool:
    """Whether `p` has at least as many cubes as `q` on every piece, whatever their colours, and
    per colour at most its market cubes, on a price track that does not fall: what the
    colour-blind relaxation reads (reach_two's `BlindRelaxed`, session 62)."""
    most = per_piece(p)
    return market_dominates(p, q) and all(n <= most[piece] for piece, n in per_piece(q).items())


def market_dominates(p: Position, q: Position) -> bool:
    """Whether `p` has at most `q`'s market cubes per colour, on a price track that does not fall
    (more empty spaces never pay less for a sale, R-FREE-1)."""
    if any(b < a for a, b in pairwise(p.components.market.track)):
        return False
    return len(p.market) == len(q.market) and all(a <= b for a, b in zip(p.market, q.market, strict=True))


def per_piece(pos: Position) -> Counter[Quad]:
    """The cubes on each piece of `pos`'s board, whatever their colours."""
    out: Counter[Quad] = Counter()
    for piece, _, n in pos.cubes:
        out[piece] += n
    return out


class Known:
    """The parts proven below in the questions of one setup: per question, the position, the
    value asked, its parts and whether its searches were colour-blind (module doc).

    A part proven below colour-blind (`BlindRelaxed`, from a counts cover) holds for every
    position that `p` dominates in number (`dominates_in_number`): the colour-blind relaxation
    reads the cubes only as counts and the market only as its empty spaces, so its bound from
    such a position is at most `p`'s, and it bounds that position's lines whatever colours they
    read. A part proven below by colour is never used for a colour-blind question: that question's
    position stands for others only colour-blind (reach_below's `counts_cover`), and a proof by
    colour for it says nothing about them."""

    def __init__(self) -> None:
        self.asked: list[tuple[Position, int, set[Part], bool]] = []

    def clear(self) -> None:
        """A new setup: nothing known."""
        self.asked = []

    def start(self, pos: Position, ask: int, blind: bool = False) -> set[Part]:
        """The parts known below `ask` for `pos` (proven at `ask` or less for a position that
        dominates it; colour-blind: in number); the question's own parts are recorded from now on
        (`add`). `blind`: the question is colour-blind (only colour-blind proofs are used)."""
        known: set[Part] = set()
        for p, at, parts, by_count in self.asked:
            if at > ask or not parts:
                continue
            if dominates_in_number(p, pos) if by_count else (not blind and dominates(p, pos)):
                known |= parts
        self.asked.append((pos, ask, set(), blind))
        return known

    def blind_below(self, pos: Position, ask: int) -> set[Part]:
        """The parts proven below `ask` colour-blind for a position that dominates `pos` in
        number (as `start` for a colour-blind question), without starting a question: for one
        whose searches begin with the colour-blind search (reach_below's `Below.by_member`)."""
        known: set[Part] = set()
        for p, at, parts, by_count in self.asked:
            if by_count and at <= ask and parts and dominates_in_number(p, pos):
                known |= parts
        return known

    def add(self, part: Part) -> None:
        """`part` proven below the value of the question asked last (`start`)."""
        self.asked[-1][2].add(part)


def cover(members: Sequence[Position], turns: int = 1) -> Position | None:
    """A position that dominates each of `members` (same board and seats after one slot and
    rotation, differing only in cubes on the board and on the market): every cube any member lays,
    the fewest left on the market per colour. None when the members differ in anything else or
    the price track is not monotone (then nothing is claimed).

    Over two turns (`turns` 2) the next turn's placement takes its two cubes from the market too
    (R-TILE-2: a colour sold out is skipped), so a market the cover has emptied could lay fewer
    cubes than a member's: the cover is claimed only when each colour it holds fewer of than some
    member is left at least twice on its market (both cubes of the next placement can then be
    laid from the cover too, and every sale adds to both markets alike)."""
    first = members[0]
    track = first.components.market.track
    if any(b < a for a, b in pairwise(track)):
        return None
    if turns > 1 and not two_turn_markets(members):
        return None
    for p in members[1:]:
        if evolve(p, cubes=first.cubes, market=first.market) != first:
            return None
    most: dict[tuple[object, str], int] = {}
    for p in members:
        for piece, colour, n in p.cubes:
            most[(piece, colour)] = max(most.get((piece, colour), 0), n)
    cubes = tuple(sorted((piece, colour, n) for (piece, colour), n in most.items()))
    market = tuple(min(col) for col in zip(*(p.market for p in members), strict=True))
    return evolve(first, cubes=cubes, market=market)


def two_turn_markets(members: Sequence[Position]) -> bool:
    """`cover`'s condition over two turns: each colour the cover would hold fewer of than some
    member is left at least twice on that cover's market (R-TILE-2)."""
    return all(min(n) == max(n) or min(n) >= 2 for n in zip(*(p.market for p in members), strict=True))
