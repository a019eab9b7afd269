"""What the two-turn relaxation's searches of one position share (analysis/reach/reach_two.py): the
route groups of boards (R-MOVE-1), turn 1's board's legs, and by board each card's bounds on a
site (R-EXC-2), the fits of a card on an island, the goal cards' facts and old scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...board import Board
from ...excavation import Bounds, Requirement, bounds_from, fits_bounds, site_bounds
from ...geometry import Quad, board_quarter
from ...goals import BoardFacts, score_goal, temple_counts
from ...position import Position
from ...solver.deadline import Deadline
from . import reach_delta_legs as _delta
from .reach_delta_legs import dock_points  # the legs' shortest path, beside `delta_points`


def board_groups(b: Board) -> frozenset[tuple[str, ...]]:
    """One board's route components and islands (R-MOVE-1) as groups of docks, each sorted."""
    comp: dict[int, list[str]] = {}
    for name, c_id in b.ship_component.items():
        comp.setdefault(c_id, []).append(name)
    found = {tuple(sorted(set(v))) for v in comp.values()}
    found |= {tuple(sorted(set(v))) for v in b.docks_of_island.values()}
    return frozenset(found)


def route_groups(
    boards: list[Board], kept: dict[int, tuple[Board, frozenset[tuple[str, ...]]]] | None = None
) -> tuple[list[tuple[str, ...]], dict[str, list[int]]]:
    """The union of the boards' route components and islands (R-MOVE-1) as groups of docks a
    step reaches from any of them, and the groups of each dock. `kept`: each board's
    `board_groups` by its id (the board kept with them), read and filled (session 83: a
    setup's searches read the same boards again)."""
    found: set[tuple[str, ...]] = set()
    for b in boards:
        if kept is None:
            found |= board_groups(b)
            continue
        got = kept.get(id(b))
        if got is None or got[0] is not b:
            got = kept[id(b)] = (b, board_groups(b))
        found |= got[1]
    groups = sorted(found)
    groups_of: dict[str, list[int]] = {}
    for gi, g in enumerate(groups):
        for d in g:
            groups_of.setdefault(d, []).append(gi)
    return groups, groups_of


def joined(members: list[list[tuple[int, Quad]]], boards: int) -> dict[tuple[int, int], int]:
    """For two islands of turn 1's board (by index in `members`: each one's island on each board),
    the boards (bits, turn 1's excluded) on which the next tile joins them into one island."""
    out: dict[tuple[int, int], int] = {}
    for k in range(1, boards):
        on_k: dict[Quad, list[int]] = {}
        for spot, ms in enumerate(members):
            on_k.setdefault(next(isl for j, isl in ms if j == k), []).append(spot)
        for both in on_k.values():
            for x in both:
                for y in both:
                    if x != y:
                        out[(x, y)] = out.get((x, y), 0) | (1 << k)
    return out


def leg_points(
    at: str | Quad,
    spot_docks: dict[int, tuple[str, ...]],
    groups: list[tuple[str, ...]],
    groups_of: dict[str, list[int]],
    occupied: str | None,
    first: dict[int, tuple[str, ...]] | None = None,
) -> tuple[dict[str, int], dict[int, int]]:
    """The least movement points from `at` (the boat's dock, or any dock of spot `at` but the
    other boat's) to each dock (`dock_points`) and to each spot (by index in `spot_docks`: its
    cheapest dock; the other boat's dock is passed, never a stop, R-MOVE-3). `first`: as
    `leg_starts`'."""
    out = dock_points(groups, groups_of, occupied, leg_starts(at, spot_docks, occupied, first))
    return out, cheapest_spots(out, spot_docks, occupied)


def leg_starts(
    at: str | Quad,
    spot_docks: dict[int, tuple[str, ...]],
    occupied: str | None,
    first: dict[int, tuple[str, ...]] | None = None,
) -> tuple[str, ...]:
    """Where `leg_points` starts: the boat's dock `at`, or every dock of spot `at` but the other
    boat's; a marked stop `~s` (analysis/reach/reach_first_stops.py), the docks of spot s's island on
    turn 1's board (`first`, the other boat's left out)."""
    if isinstance(at, str):
        return (at,)
    if at < 0:  # type: ignore[operator]
        assert first is not None, "a marked stop reads its island's docks on turn 1's board"
        return first[~at]  # type: ignore[operator]
    return tuple(d for d in spot_docks[at] if d != occupied)  # type: ignore[index]


def cheapest_spots(out: dict[str, int], spot_docks: dict[int, tuple[str, ...]], occupied: str | None) -> dict[int, int]:
    """Each spot's least points of its docks in `out` (`dock_points`), the other boat's dock
    passed, never a stop (R-MOVE-3)."""
    points: dict[int, int] = {}
    for s, near_docks in spot_docks.items():
        near = [out[d] for d in near_docks if d in out and d != occupied]
        if near:
            points[s] = min(near)
    return points


class FitTable:
    """Whether a card's bounds on a site (R-EXC-2, numbered) meet a site among an island's quads
    (`Boards.island_cards`): a fact of the two values alone, so one table may serve the `Boards`
    of several positions (reach_below's `Below` keeps one for all its setups, session 81)."""

    def __init__(self) -> None:
        self.number: dict[Bounds, int] = {}
        self.numbered: list[Bounds] = []
        self.fit: dict[tuple[Quad, ...], dict[int, bool]] = {}
        """By an island's quads, then by the number of a card's bounds: whether it fits there."""


class Boards:
    """What the searches of one position's groups share, by board: each card's bounds on a
    site (R-EXC-2), the fits of a card on an island (`table`, perhaps shared with other
    positions), the goal cards' facts and old scores."""

    def __init__(self, pos: Position, table: FitTable | None = None) -> None:
        self.pos = pos
        self.table = FitTable() if table is None else table
        self.deadline: Deadline | None = None
        """The analysis's time limit (`Below.deadline`): each search checks it as it starts
        (TwoRelaxed, TimeUp), so a question stops at most one search past it."""
        self.ids: dict[int, list[tuple[str, int]]] = {}
        """By board (its id): each card that fits somewhere on it and the number of its bounds."""
        self.number = self.table.number
        self.numbered = self.table.numbered
        self.fit = self.table.fit
        self.facts: dict[int, tuple[Position, BoardFacts]] = {}
        self.counts: dict[tuple[int, str, Quad], bool] = {}
        self.old: dict[tuple[int, str], int] = {}
        self._first: dict[str, int] | None = None
        self.cards: dict[tuple[int, Quad], list[str]] = {}
        """The cards that fit an island of a board (by its id), in card order."""
        self._turn_one: dict[str | Quad, dict[Quad, int]] = {}
        self.quarters: dict[tuple[int, Quad, str], tuple[Board, frozenset[str]]] = {}
        """`quarters_of`'s answers, by board (its id, the board kept with the answer), island
        and card."""
        self.card_bounds: dict[tuple[int, str], tuple[Board, Bounds]] = {}
        self.quarter_sets: dict[tuple[Bounds, tuple[Quad, ...]], frozenset[str]] = {}
        """`quarters_of`'s card bounds by (board, card), and its quarters by (bounds, quads)."""
        self._b1_groups: tuple[list[tuple[str, ...]], dict[str, list[int]]] | None = None
        self.alone: dict[tuple[object, ...], tuple[Board, int]] = {}
        """`alone_count`'s answers, by board (its id, the board kept with the answer) and the
        temples' islands."""
        self.pairs: dict[tuple[int, int], tuple[Board, Board, list[tuple[str, ...]], dict[str, list[int]]]] = {}
        """`pair_points`' route groups of turn 1's board and one final board, by their ids (the
        boards kept with them)."""
        self.board_groups: dict[int, tuple[Board, frozenset[tuple[str, ...]]]] = {}
        """`route_groups`' groups of each board (`board_groups`), by its id (the board kept with them)."""
        self.pair_docks: dict[tuple[object, ...], dict[str, int]] = {}
        """`pair_points`' answers, by the two boards' ids, the other boat's dock and the start."""
        self.b1_routes: dict[int, tuple[Board, list[tuple[str, ...]], dict[str, list[int]]]] = {}
        """`b1_route_groups`' answers, by turn 1's board's id (the board kept with them)."""
        self.b1_points: dict[tuple[object, ...], dict[str, int]] = {}
        """`b1_dock_points`' answers, by turn 1's board's id (kept in `b1_routes`), the other
        boat's dock and the starts. Read only."""
        self.pair_new: dict[tuple[int, int], tuple[int, ...]] = {}
        """The pair's groups not turn 1's board's, by the boards' ids (kept in `pairs`)."""
        self.spots_ids: dict[tuple[tuple[str, ...], ...], int] = {}
        """`spots_id`'s numbers."""
        self.spot_points: dict[tuple[object, ...], dict[int, int]] = {}
        """reach_board_legs' `legs_on` answers, by the two boards' ids (kept in `pairs`), the
        other boat's dock, the start's docks and the spots' docks on the two boards (`spots_id`).
        Read only."""

    def first_legs(self, board: Board) -> dict[str, int]:
        """The least movement points from the boat's dock to each dock of turn 1's board alone
        (R-MOVE-1; leaving the other boat's dock costs 2, R-MOVE-3), as `TwoRelaxed._legs`."""
        if self._first is None:
            groups, groups_of = route_groups([board])
            occupied = self.pos.seat(self.pos.other).boat
            boat = self.pos.hero.boat
            self._first = dock_points(groups, groups_of, occupied, [] if boat is None else [boat])
        return self._first

    def turn_one_legs(self, at: str | Quad) -> dict[Quad, int]:
        """The least movement points from `at` (the boat's dock, or an island of turn 1's board:
        any of its docks but the other boat's) to each island of turn 1's board (by its docks but
        the other boat's), over that board alone (R-MOVE-1; leaving the other boat's dock costs
        2, R-MOVE-3): the legs a line sails in turn 1, before the next tile is placed."""
        if at not in self._turn_one:
            board = self.pos.board
            if self._b1_groups is None:
                self._b1_groups = route_groups([board])
            groups, groups_of = self._b1_groups
            occupied = self.pos.seat(self.pos.other).boat
            docks = [at] if isinstance(at, str) else [d for d in board.docks_of_island.get(at, ()) if d != occupied]
            out = dock_points(groups, groups_of, occupied, docks)
            points: dict[Quad, int] = {}
            for d, n in out.items():
                if d != occupied:
                    i = board.island_of_dock[d]
                    points[i] = min(points.get(i, n), n)
            self._turn_one[at] = points
        return self._turn_one[at]

    def pair_points(self, b1: Board, bk: Board, occupied: str | None, starts: tuple[str, ...]) -> dict[str, int]:
        """`dock_points` from `starts` over the route groups of `b1` and `bk` (`route_groups`),
        kept by the boards' ids and its arguments (session 78): the legs of every search of a
        setup's questions over those two boards (reach_board_legs' `legs_on`) read one answer.
        Worked out afresh: with reach_delta_legs' `DELTA_LEGS` (on) the searches read each
        board's changes from B1's points instead (reach_board_legs' `changes_on`), and `legs_on`
        is what its `CHECK` compares them with. Read only."""
        key = (id(b1), id(bk), occupied, starts)
        got = self.pair_docks.get(key)
        if got is None:
            groups, groups_of, _ = self.pair_routes(b1, bk)
            got = self.pair_docks[key] = dock_points(groups, groups_of, occupied, starts)
        return got

    def pair_routes(self, b1: Board, bk: Board) -> tuple[list[tuple[str, ...]], dict[str, list[int]], tuple[int, ...]]:
        """`route_groups` of `b1` and `bk`, and the indices of those groups that are not `b1`'s
        (reach_delta_legs' `new_groups`), kept by the boards' ids (the boards kept in `pairs`)."""
        pair = self.pairs.get((id(b1), id(bk)))
        if pair is None:
            pair = self.pairs[(id(b1), id(bk))] = (b1, bk, *route_groups([b1, bk], self.board_groups))
        new = self.pair_new.get((id(b1), id(bk)))
        if new is None:
            new = self.pair_new[(id(b1), id(bk))] = _delta.new_groups(pair[2], frozenset(self.b1_route_groups(b1)[0]))
        return pair[2], pair[3], new

    def b1_route_groups(self, b1: Board) -> tuple[list[tuple[str, ...]], dict[str, list[int]]]:
        """`route_groups` of turn 1's board alone, kept by its id (the board kept with them)."""
        got = self.b1_routes.get(id(b1))
        if got is None or got[0] is not b1:
            got = self.b1_routes[id(b1)] = (b1, *route_groups([b1], self.board_groups))
        return got[1], got[2]

    def b1_dock_points(self, b1: Board, occupied: str | None, starts: tuple[str, ...]) -> dict[str, int]:
        """`dock_points` from `starts` over turn 1's board's groups alone, kept by its id, the
        other boat's dock and the starts (reach_delta_legs' base). Read only."""
        key = (id(b1), occupied, starts)
        got = self.b1_points.get(key)
        if got is None:
            groups, groups_of = self.b1_route_groups(b1)
            got = self.b1_points[key] = dock_points(groups, groups_of, occupied, starts)
        return got

    def spots_id(self, docks: tuple[tuple[str, ...], ...]) -> int:
        """A number for the spots' docks `docks` (by spot index), the same for equal ones."""
        return self.spots_ids.setdefault(docks, len(self.spots_ids))

    def island_cards(self, board: Board, quads: tuple[Quad, ...], cards: Sequence[str]) -> list[str]:
        """The cards among `cards` (always the same, in card order) that fit a site among
        `quads` on `board` (R-EXC-2). A card's fit reads only its bounds on the board and the
        quads, so the answers are kept by the quads and the bounds (each distinct bounds numbered
        once): an island the next tile leaves alone is answered once for the boards that give its
        cards the same bounds."""
        if id(board) not in self.ids:
            seat, maps = self.pos.to_move, self.pos.components.map
            coordinates = board.icon_coordinates
            # Each requirement's bound worked out once on the board, not once per card.
            per: dict[Requirement, tuple[int, bool, int] | None] = {}
            row: list[tuple[str, int]] = []
            for c in cards:
                b = bounds_from(coordinates, seat, maps[c], per)
                if b is not None:  # None: the board lacks the icons, the card fits nowhere
                    n = self.number.get(b)
                    if n is None:
                        n = self.number[b] = len(self.numbered)
                        self.numbered.append(b)
                    row.append((c, n))
            self.ids[id(board)] = row
        inner = self.fit.setdefault(quads, {})
        out: list[str] = []
        for c, n in self.ids[id(board)]:
            got = inner.get(n)
            if got is None:
                bounds = self.numbered[n]
                got = inner[n] = any(fits_bounds(bounds, q) for q in quads)
            if got:
                out.append(c)
        return out

    def on(self, board: Board) -> tuple[Position, BoardFacts]:
        """The position with `board`, and the board's goal facts."""
        if id(board) not in self.facts:
            self.facts[id(board)] = (replace(self.pos, board=board), BoardFacts(board))
        return self.facts[id(board)]

    def counts_for(self, board: Board, rule: str, island: Quad) -> bool:
        """Whether a temple on `island` of `board` counts for a per-temple rule."""
        key = (id(board), rule, island)
        if key not in self.counts:
            p, facts = self.on(board)
            self.counts[key] = temple_counts(p, facts, rule, island)
        return self.counts[key]

    def old_score(self, board: Board, goal: str) -> int:
        """The goal card's points for the hero's temples before the turns, on `board`."""
        key = (id(board), goal)
        if key not in self.old:
            p, facts = self.on(board)
            self.old[key] = score_goal(p, self.pos.to_move, goal, facts).points
        return self.old[key]

    def quarters_of(self, board: Board, island: Quad, card: str) -> frozenset[str]:
        """The board quarters of the sites of `island` of `board` where `card` fits (R-EXC-2,
        seen from the seat to move), worked out once for every search of the position (session
        66): `valid_sites` reads only the board, the seat and the card, and the boards are the
        setup's own objects (`reach_below.Below.setup`); an answer is read only for the very board
        it was worked out on (kept with it). Cost-only: each search's `TwoGoals.site_quarters`
        made the same call. The sites are `valid_sites`' (its test is `fits_bounds` of the card's
        `site_bounds` on the board, session 81): the bounds kept by board and card, the quarters
        by the bounds and the island's quads (an island the next tile leaves alone, with the same
        bounds on many boards, read once)."""
        key = (id(board), island, card)
        got = self.quarters.get(key)
        if got is None or got[0] is not board:
            bkey = (id(board), card)
            bounds = self.card_bounds.get(bkey)
            if bounds is None or bounds[0] is not board:
                pos = self.pos
                bounds = self.card_bounds[bkey] = (board, site_bounds(board, pos.to_move, pos.components.map[card]))
            quads = board.island_quads[island]
            qkey = (bounds[1], quads)
            found = self.quarter_sets.get(qkey)
            if found is None:
                found = self.quarter_sets[qkey] = frozenset(
                    board_quarter(q) for q in quads if fits_bounds(bounds[1], q)
                )
            got = self.quarters[key] = (board, found)
        return got[1]

    def alone_count(
        self, board: Board, old: Sequence[Quad | None], fixed: Sequence[Quad], loose: Sequence[Sequence[Quad]]
    ) -> int:
        """`TwoGoals.alone_on`'s count on `board` (R-GOAL-11): of the old temples' islands `old`
        and the fixed new ones' `fixed`, those directly connected to no other island among them;
        plus the loose new temples (each on one of its islands, `loose`, unknown) of which some
        island is, or none is listed. It reads only `board`'s connections and these islands, as
        multisets (the order of the temples does not matter), so it is worked out once for every
        search of the position (session 66), and read only for the very board it was worked out
        on (kept with it). Cost-only: the same count as each search worked out alone."""
        key = (id(board), tuple(old), tuple(sorted(fixed)), tuple(sorted(tuple(sorted(x)) for x in loose)))
        got = self.alone.get(key)
        if got is not None and got[0] is board:
            return got[1]
        connected = self.on(board)[1].connected
        mine = {*old, *fixed}

        def alone(i: Quad | None) -> bool:
            return not any(frozenset((i, o)) in connected for o in mine if o != i)

        count = sum(1 for i in (*old, *fixed) if alone(i))
        count += sum(1 for islands in loose if not islands or any(alone(i) for i in islands))
        self.alone[key] = (board, count)
        return count
