"""The spots of the two-turn relaxation and what each offers (reach_two.py's `TwoRelaxed`).

A stop of the relaxed two turns is made at a *spot* (reach_two.py's module doc): each island of
turn 1's board B1 stands for every island of a final board that holds its land (on B1 itself, or
grown by the next tile), and the islands of the next tile alone (no land of B1) are grouped into
spots by what they offer (the cards that fit, the per-temple rules they count for). A spot offers
the union over its islands: a card fits it where it fits a site of one of them on its own board
(R-EXC-2), its docks are all of theirs (R-MOVE-1), its cubes the most any holds (the next
placement lays one at most on an island of its tile, R-TILE-2: `laid`), and the boards on which
it has room for a temple (R-EXC-1: `rooms`). Split from reach_two.py in session 86 (what the
relaxation builds once per search, apart from how it searches); the search reads these facts
through `TwoRelaxed`, which inherits them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import Board
from ...geometry import Quad
from ...goals import PER_TEMPLE
from ...position import Position, Seat
from .reach_boards import Boards
from .reach_boards import joined as _joined
from .reach_boards import route_groups as _route_groups
from .reach_two_goals import Member, Spot

__all__ = ["CUBES_BY_BOARD", "TwoSpots"]

CUBES_BY_BOARD = True
"""Whether `_cubes_on` sums a final board's cubes by island once per search and board (session
96, cost only: the same counts); False: over the position's cubes at each island, as before."""


class TwoSpots:
    """The spots over B1 and one group of final boards, their offers (`_spots`), docks and route
    groups (`_routes`): built once by `TwoRelaxed.__init__` from the facts it reads here."""

    pos: Position
    hero: Seat
    on: Boards
    boards: list[Board]
    decks: Sequence[Sequence[str]]
    goal_pool: Sequence[str]
    draws_after: Sequence[int]
    taken: list[set[Quad | None]]
    # What `_spots` and `_routes` set, typed as the search reads them (reach_bound.py's `Relaxed`,
    # reach_legs.py's `Legs`: spots stand where it reads islands).
    fits: dict[Quad, frozenset[str]]
    allowed: dict[tuple[Quad, str], int] | None
    multi: frozenset[Quad] | set[Quad]
    spots: list[Quad]
    cubes: dict[Quad, int]
    thera: Quad
    useful: set[str]

    def _spots(self, boards: list[Board]) -> None:
        """The spots, what each offers (cards that fit by board, goal rules it counts for,
        cubes) and Thera's."""
        pos, hero, on = self.pos, self.hero, self.on
        b1 = boards[0]
        members: list[list[Member]] = []
        spot_of: dict[Quad, Spot] = {}
        for isl in sorted(b1.island_quads):
            spot_of[isl] = len(members)
            first = b1.island_quads[isl][0]
            members.append(sorted({(k, b.island_at(first)) for k, b in enumerate(boards)}))  # type: ignore[misc]
        self.spot_of = spot_of
        self.joined = _joined(members, len(boards))
        """Two spots of B1: the boards (bits) on which the next tile joins their islands into one."""
        self.b1_island = {s: isl for isl, s in spot_of.items()}
        """The island of turn 1's board each of its spots stands for."""
        old_land = {q for quads in b1.island_quads.values() for q in quads}
        self.old_land = old_land
        alone: list[Member] = []
        for k, b in enumerate(boards[1:], start=1):
            for isl, quads in b.island_quads.items():
                if not any(q in old_land for q in quads):
                    alone.append((k, isl))
        cards = sorted(set(hero.maps) | {c for deck in self.decks for c in deck})
        # The goal cards a leaf reads (`goal_part`): those held and those the draws may offer.
        n = pos.components.setup.goals_drawn * self.draws_after[-1]
        pool = self.goal_pool if pos.strategist or len(self.goal_pool) < n else self.goal_pool[:n]
        rules = sorted({pos.components.goal[g].rule for g in (*hero.goals, *pool)} & PER_TEMPLE)
        every = (1 << len(boards)) - 1
        self.every = every
        allowed: dict[tuple[Spot, str], int] = {}
        """(spot, card): the boards (bits by index) on which the card fits one of the spot's
        islands; a fit on B1 holds on every board (a turn-1 excavation)."""
        self.count_on: dict[tuple[Spot, str], int] = {}
        """(spot, per-temple rule): the boards on which a temple there counts for the rule, worked
        out when a leaf first reads it (`counts`)."""
        self.fit_members: dict[Spot, list[Member]] = {}
        """The members of a spot where some card fits (those whose temples `counts` reads)."""

        def fitting(k: int, isl: Quad) -> list[str]:
            b = boards[k]
            if isl == b.thera_island or isl in self.taken[k]:
                return []
            key = (id(b), isl)
            if key not in on.cards:  # B1's islands: once for every group
                on.cards[key] = on.island_cards(b, b.island_quads[isl], cards)
            return on.cards[key]

        self.fit_first: set[tuple[Spot, str]] = set()
        """(spot, card): the card fits the spot's island on turn 1's board."""

        def offer(s: Spot, m: Member, ok: Sequence[str]) -> int:
            k, isl = m
            bits = every if k == 0 else 1 << k
            for c in ok:
                allowed[(s, c)] = allowed.get((s, c), 0) | bits
                if k == 0:
                    self.fit_first.add((s, c))
            if ok:
                self.fit_members.setdefault(s, []).append(m)
            return self._cubes_on(k, isl)

        self.members: list[list[Member]] = []
        cubes: dict[Spot, int] = {}
        for s, ms in enumerate(members):
            self.members.append(ms)
            cubes[s] = max((offer(s, m, fitting(*m)) for m in ms), default=0)
            if any(k == 0 for k, _ in self.fit_members.get(s, ())):
                # A card fits the spot's island on turn 1's board: a temple excavated there in
                # turn 1 (its site judged then, R-EXC-2) lies on the spot's island of every final
                # board, whether a card fits that island there or not (the next tile may grow it),
                # so `counts` reads every member (session 78: s5t20's H04 on island (-3, 1), grown
                # by the next tile at -1,1, counted for neither its volcano nor its mountain).
                # Leaving Thera's island out loses nothing: its piece touches only the board's
                # centre, whose four slots are the Thera board's, so no other island ever joins it
                # (R-GEO-1, R-GEO-3, R-GEO-4) and it is the member of Thera's spot alone.
                self.fit_members[s] = [m for m in ms if m[1] != boards[m[0]].thera_island]
        # The next tile's islands alone: one spot per board's island would be many; they are
        # grouped by the cards that fit and the rules they count for (each board's bits kept).
        grouped: dict[tuple[frozenset[str], frozenset[str]], list[tuple[Member, list[str]]]] = {}
        for m in alone:
            k, isl = m
            if isl in self.taken[k]:
                continue
            ok = fitting(k, isl)
            cnt = frozenset(r for r in rules if ok and on.counts_for(boards[k], r, isl))
            grouped.setdefault((frozenset(ok), cnt), []).append((m, ok))
        multi: set[Spot] = set()
        self.rooms: dict[Spot, list[int]] = {}
        """A spot of `multi`: the boards (bits) holding at least n of its islands, by n (R-EXC-1:
        one temple an island, and a line's temples lie on one final board)."""
        for _, offered in sorted(grouped.items(), key=lambda kv: (sorted(kv[0][0]), sorted(kv[0][1]))):
            s = len(self.members)
            self.members.append([m for m, _ in offered])
            cubes[s] = max(offer(s, m, ok) for m, ok in offered)
            multi.add(s)
            per_board: dict[int, int] = {}
            for (k, _), _ in offered:
                per_board[k] = per_board.get(k, 0) + 1
            self.rooms[s] = [
                sum(1 << k for k, n in per_board.items() if n >= j) for j in range(max(per_board.values()) + 1)
            ]
        fits: dict[Spot, frozenset[str]] = {}
        for s, c in allowed:
            fits[s] = fits.get(s, frozenset()) | {c}
        # Spots stand where reach_bound's search reads islands (its keys, typed as islands).
        self.fits = fits  # type: ignore[assignment]
        self.allowed = allowed  # type: ignore[assignment]
        self.multi = multi  # type: ignore[assignment]
        self.useful = {c for f in fits.values() for c in f}
        self.buys_help = any(c in self.useful for deck in self.decks for c in deck)
        self.cubes = {s: n for s, n in cubes.items() if n}  # type: ignore[misc]
        self.thera = spot_of[b1.thera_island]  # type: ignore[assignment]
        self.spots = sorted({self.thera, *self.fits, *self.cubes})
        self.occupied = pos.seat(pos.other).boat
        self.completed_top = [max((b.island_size[i] for i in b.completed), default=0) for b in boards]
        self.completed_most = max(self.completed_top, default=0)

    def _routes(self, boards: list[Board]) -> None:
        """The docks of each spot, and the union of every board's route components and islands
        (R-MOVE-1) as groups of docks a step reaches from any of them."""
        self.spot_docks: dict[Spot, tuple[str, ...]] = {
            s: tuple(sorted({d for k, isl in ms for d in boards[k].docks_of_island.get(isl, ())}))
            for s, ms in enumerate(self.members)
        }
        self.groups, self.groups_of = _route_groups(boards, self.on.board_groups)

    def _cubes_on(self, k: int, isl: Quad) -> int:
        if k == 0:
            return sum(self.pos.cubes_by_island.get(isl, {}).values())
        # The next tile lays two cubes (R-TILE-2) on the land of this board's new tile: the first
        # on the icon's island, the second on a different island, so one at most on each.
        b = self.boards[k]
        if CUBES_BY_BOARD:
            # By board, each island's cubes worked out once (session 96): the same sums.
            kept: dict[int, dict[Quad | None, int]] = self.__dict__.setdefault("_cubes_by_board", {})
            on = kept.get(k)
            if on is None:
                on = kept[k] = {}
                island_of_piece = b.island_of_piece
                for piece, _, count in self.pos.cubes:
                    i = island_of_piece.get(piece)
                    on[i] = on.get(i, 0) + count
            n = on.get(isl, 0)
        else:
            island_of_piece = b.island_of_piece
            n = sum(count for piece, _, count in self.pos.cubes if island_of_piece.get(piece) == isl)
        grown = any(q not in self.old_land for q in b.island_quads[isl])
        return n + self.laid if grown else n

    laid = 1
    """The next placement's cubes an island of its tile gets at most: one (R-TILE-2, the second
    cube on a different island from the first's); 2 before session 54."""
