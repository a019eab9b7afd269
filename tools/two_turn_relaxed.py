"""A prototype (measured, not used by the analyser): a model-free upper bound on the hero's score
over its next two turns, the relaxation of analysis/reach_bound.py over both turns.

    nice -n 10 .venv/bin/python tools/two_turn_relaxed.py --seed 1 --groups 0 4 20 21 28 40

Prints, per slot-and-rotation group's cover, the bound per final board (`per_board_bound`), the
bound over every board at once (`union_bound`, cut after `--union-nodes` states) and the
cover's two-turn optimum by CP-SAT, with CPU seconds. docs/benchmarks.md has the figures.

`analyse --turns 2` from a tile placement asks each slot-and-rotation group's cover (and each
placement of a group it opens) for more than the best so far, a two-turn CP-SAT model each
(analysis/placement.py, solver/model/score_two.py). Such a bound would let that search skip the
model when even a relaxed pair of turns cannot reach the value asked for. It is the one-turn relaxed
search of analysis/reach_bound.py run once over both turns, on every board the line can meet at
once:

- *The boards.* Turn 1's board `B1` (the position's) and every final board `B` of the next
  turn's scenarios (solver/scenarios.py: the tile drawn, or the oracle's, at each slot and
  rotation), which hold B1's land and one tile more.
- *Spots.* A stop is made at a *spot*: each island of B1 stands for every island of a board
  that holds its land (on B1 itself, or grown by the next tile), and the islands of the next
  tile alone (no land of B1) are grouped into spots by what they offer. A spot offers the union
  over its islands: a card fits it where it fits a site of one of them on its own board (R-EXC-2
  reads the board's icons, which the next tile changes), its docks are all of theirs, its cubes
  the most any holds (the next placement lays two, R-TILE-2), and a temple there counts for a
  per-temple goal card when it counts on one of them on its board (R-GOAL-1..8; the score is
  the final board's, R-SCORE-2, and the game may also end on B1, R-END-2). An island holding a
  temple offers no excavation (R-EXC-1).
- *Legs.* The least movement points between docks over the union of every board's route
  components and islands (R-MOVE-1: a ship step to a dock of the route component, a portage
  step to one of the island): a tile only adds routes and joins islands, and a real leg is
  sailed on one board, so it costs at least that.
- *Actions.* Turn 1's actions left and the most turn 2 can have (R-TURN-2), spent as one turn:
  a Move action's points may run over the end of turn, the oracle and the turn's end cost
  nothing, the placement needs no action. The market after the next placement has up to two
  cubes fewer of each colour, so sales use those empty spaces too (R-FREE-1).
- *Temples.* One per B1 spot (two real temples on one island of B1, or a turn-2 temple on an
  island holding a turn-1 one, break R-EXC-1; a turn-2 temple on a grown island is counted at
  one of B1's islands it holds, whose spot offers that island), any number on the next tile's
  spots (one board has one next tile, but the spots group many).
- *Goal cards.* Per-temple cards: the most the old temples score on any board, plus the card's
  value for each new temple on a spot where it counts; the quarters card as in reach_bound, a
  new temple opening a quarter where its card fits a site of one of the spot's islands;
  "largest completed island" the largest completed island of any board; "not directly
  connected" every new temple counting, over the most the old ones score on any board.

Every line of the two turns is a sequence of such stops, each no costlier and worth no less in
the relaxation, so the bound is sound (tests/test_reach_two.py compares it with each sampled
cover's and placement's own two-turn optimum). Cut after `NODES` states: no bound (None), no
clock read.
"""

from __future__ import annotations

import argparse
import heapq
import time
from dataclasses import replace

from bench_two_turns_place import positions

from akrotiri_puzzles.analysis import endgame
from akrotiri_puzzles.analysis.board_solve import TWO_TURNS_TUNING, TwoTurns, solve_model
from akrotiri_puzzles.analysis.placement import cover, groups
from akrotiri_puzzles.analysis.reach_bound import NODES, Shared, _Relaxed, _TooBig
from akrotiri_puzzles.board import Board
from akrotiri_puzzles.excavation import fits_bounds, site_bounds, valid_sites
from akrotiri_puzzles.geometry import Quad, board_quarter
from akrotiri_puzzles.goals import PER_TEMPLE, BoardFacts, score_goal, temple_counts
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.premise import WHOLE
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.solver.budget import second_turn_possible
from akrotiri_puzzles.solver.deadline import Deadline
from akrotiri_puzzles.solver.scenarios import scenarios

Spot = int
Member = tuple[int, Quad]
"""(board index, island of that board)."""


def final_boards(pos: Position) -> tuple[list[Board], int] | None:
    """Turn 1's board, then every distinct final board of the next turn's scenarios, and the
    actions of both turns spent as one (turn 1's left and the most turn 2 can have, R-TURN-2);
    None where the relaxation does not apply."""
    hero = pos.hero
    if pos.phase != "act" or pos.passing or not pos.piles_known or hero.boat is None:
        return None
    puzzle = Puzzle("analyse", pos, Goal(), turns=2, revealed=WHOLE)
    if not second_turn_possible(puzzle):
        return None
    board = pos.components.player_board
    done = len(hero.temples)
    most = min(pos.actions_left, board.temples - done)
    boards: list[Board] = [pos.board]
    seen = {id(pos.board)}
    for sc in scenarios(puzzle):
        final = sc.boards[-1]
        if id(final) not in seen:
            seen.add(id(final))
            boards.append(final)
    return boards, pos.actions_left + board.actions_after(min(done + most, board.temples))


def union_bound(pos: Position, nodes: int = NODES) -> int | None:
    """The relaxation over every board at once (each excavation narrowing the boards it allows);
    None where it does not apply or its search passes `nodes` states."""
    got = final_boards(pos)
    if got is None:
        return None
    boards, acts = got
    try:
        return _TwoRelaxed(pos, boards, acts, nodes).best()
    except _TooBig:
        return None


def per_board_bound(pos: Position, nodes: int = NODES) -> int | None:
    """The most, over the final boards B, of the relaxation on turn 1's board and B alone."""
    got = final_boards(pos)
    if got is None:
        return None
    boards, acts = got
    best = None
    for final in boards[1:] or boards[:1]:
        try:
            value = _TwoRelaxed(pos, [boards[0], final], acts, nodes).best()
        except _TooBig:
            return None
        best = value if best is None else max(best, value)
    return best


class _TwoRelaxed(_Relaxed):
    """The relaxed two turns of one position over its boards (module doc)."""

    def __init__(self, pos: Position, boards: list[Board], acts: int, nodes: int) -> None:
        self.pos = pos
        self.nodes = nodes
        self.scale = 0
        self.shared = Shared()
        self.acts = acts
        """The most actions of both turns (for the legs' reach)."""
        board = pos.components.player_board
        done = len(pos.hero.temples)
        after = [board.actions_after(min(done + j, board.temples)) for j in range(board.temples + 1)]
        self.start_acts = pos.actions_left + after[0]
        self.bonus = [0] + [after[j] - after[j - 1] if j <= pos.actions_left else 0 for j in range(1, len(after))]
        """Turn 2's actions grow with the temples turn 1 excavates (R-TURN-2): the j-th
        excavation of the relaxed line may be turn 1's when j is at most turn 1's actions, and
        then gives turn 2 `bonus[j]` actions more."""
        comps = pos.components
        hero = pos.hero
        self.hero = hero
        self.boards = boards
        self.base_maps = sum(comps.map[c].points for c, _ in hero.temples)
        self.left = comps.player_board.temples - len(hero.temples)
        track = comps.market.track
        fewer = 2 if len(boards) > 1 else 0
        prices: list[int] = []
        for on_market in pos.market:
            prices += track[: len(track) - max(0, on_market - fewer)]
        prices.sort(reverse=True)
        self.earned = [sum(prices[:n]) for n in range(len(prices) + 1)]
        self.decks = pos.map_decks
        self.buy_prices = comps.setup.map_prices
        self.goal_pool = pos.goal_face_up if pos.strategist else pos.goal_deck
        reveals = comps.player_board.reveals
        n0 = len(hero.temples)
        self.draws_after = [sum(1 for r in reveals[n0 : n0 + k] if r.goal_draw) for k in range(self.left + 1)]
        self._dist = {}
        self._by_comp = None
        self._goals = {}
        self._old = {}
        self._old_on: dict[tuple[int, str], int] = {}
        self._quarters = {}
        self._memo = {}
        self.positions = [replace(pos, board=b) for b in boards]
        self.bfacts = [BoardFacts(b) for b in boards]
        # Both seats' temples block an island (R-EXC-1).
        sites = [site for seat in pos.seats for _, site in seat.temples]
        self.taken = [{b.island_at(q) for q in sites} for b in boards]
        # Spots: B1's islands (every board's island holding its land), then the next tile's
        # islands alone, grouped below.
        b1 = boards[0]
        members: list[list[Member]] = []
        spot_of: dict[Quad, Spot] = {}
        for isl in sorted(b1.island_quads):
            spot_of[isl] = len(members)
            first = b1.island_quads[isl][0]
            members.append(sorted({(k, b.island_at(first)) for k, b in enumerate(boards)}))  # type: ignore[misc]
        self.spot_of = spot_of
        old_land = {q for quads in b1.island_quads.values() for q in quads}
        self.old_land = old_land
        alone: list[Member] = []
        for k, b in enumerate(boards[1:], start=1):
            for isl, quads in b.island_quads.items():
                if not any(q in old_land for q in quads):
                    alone.append((k, isl))
        cards = sorted(set(hero.maps) | {c for deck in self.decks for c in deck})
        self.cards_all = cards
        self._bounds: dict[tuple[int, str], object] = {}
        self._fit_memo: dict[tuple[object, tuple[Quad, ...]], bool] = {}
        rules = sorted(
            {comps.goal[g].rule for g in (*hero.goals, *self.goal_pool)} & PER_TEMPLE,
        )
        self.rules = rules

        every = (1 << len(boards)) - 1
        self.every = every
        self.allowed: dict[tuple[Spot, str], int] = {}
        """(spot, card): the boards (bits by index) on which the card fits one of the spot's
        islands; a fit on B1 holds on every board (a turn-1 excavation)."""
        self.count_on: dict[tuple[Spot, str], int] = {}
        """(spot, per-temple rule): the boards on which a temple there counts for the rule."""

        def offer(s: Spot, m: Member) -> int:
            k, isl = m
            b = boards[k]
            n = self._cubes_on(k, isl)
            if isl is None or isl == b.thera_island or isl in self.taken[k]:
                return n
            quads = b.island_quads[isl]
            ok = [c for c in cards if self._fits(k, c, quads)]
            if not ok:
                return n
            bits = every if k == 0 else 1 << k
            for c in ok:
                self.allowed[(s, c)] = self.allowed.get((s, c), 0) | bits
            for r in rules:
                if temple_counts(self.positions[k], self.bfacts[k], r, isl):
                    self.count_on[(s, r)] = self.count_on.get((s, r), 0) | (1 << k)
            return n

        self.members: list[list[Member]] = []
        cubes: dict[Spot, int] = {}
        for s, ms in enumerate(members):
            self.members.append(ms)
            cubes[s] = max((offer(s, m) for m in ms), default=0)
        # The next tile's islands alone: one spot per board's island would be many; they are
        # grouped by the cards that fit and the rules they count for (each board's bits kept).
        groups: dict[tuple[frozenset[str], frozenset[str]], list[Member]] = {}
        for m in alone:
            k, isl = m
            b = boards[k]
            if isl in self.taken[k]:
                continue
            quads = b.island_quads[isl]
            ok = frozenset(c for c in cards if self._fits(k, c, quads))
            cnt = frozenset(r for r in rules if ok and temple_counts(self.positions[k], self.bfacts[k], r, isl))
            groups.setdefault((ok, cnt), []).append(m)
        self.multi: set[Spot] = set()
        for _, ms in sorted(groups.items(), key=lambda kv: (sorted(kv[0][0]), sorted(kv[0][1]))):
            s = len(self.members)
            self.members.append(ms)
            cubes[s] = max(offer(s, m) for m in ms)
            self.multi.add(s)
        self.fits_of: dict[Spot, frozenset[str]] = {}
        for s, c in self.allowed:
            self.fits_of[s] = self.fits_of.get(s, frozenset()) | {c}
        self.fits = {s: f for s, f in self.fits_of.items() if f}
        self.useful = {c for f in self.fits.values() for c in f}
        self.cubes = {s: n for s, n in cubes.items() if n}
        self.thera = spot_of[b1.thera_island]
        self.spots = sorted({self.thera, *self.fits, *self.cubes})
        self.occupied = pos.seat(pos.other).boat
        self.spot_docks: dict[Spot, tuple[str, ...]] = {
            s: tuple(sorted({d for k, isl in ms if isl is not None for d in boards[k].docks_of_island.get(isl, ())}))
            for s, ms in enumerate(self.members)
        }
        # The union of every board's route components and islands (R-MOVE-1), as groups of
        # docks a step reaches from any of them.
        found: set[frozenset[str]] = set()
        for b in boards:
            comp: dict[int, list[str]] = {}
            for name, c_id in b.ship_component.items():
                comp.setdefault(c_id, []).append(name)
            found |= {frozenset(v) for v in comp.values()}
            found |= {frozenset(v) for v in b.docks_of_island.values()}
        self.groups = sorted(tuple(sorted(g)) for g in found)
        self.groups_of: dict[str, list[int]] = {}
        for gi, g in enumerate(self.groups):
            for d in g:
                self.groups_of.setdefault(d, []).append(gi)
        self.completed_most = max((max((b.island_size[i] for i in b.completed), default=0) for b in boards), default=0)

    def _cubes_on(self, k: int, isl: Quad | None) -> int:
        if isl is None:
            return 0
        if k == 0:
            counts = self.pos.cubes_by_island.get(isl, {})
            return sum(counts.values())
        # The next tile lays two cubes (R-TILE-2) on the land of this board's new tile.
        b = self.boards[k]
        island_of_piece = b.island_of_piece
        n = sum(count for piece, _, count in self.pos.cubes if island_of_piece.get(piece) == isl)
        grown = any(q not in self.old_land for q in b.island_quads[isl])
        return n + 2 if grown else n

    def _fits(self, k: int, card: str, quads: tuple[Quad, ...]) -> bool:
        key = (k, card)
        if key not in self._bounds:
            self._bounds[key] = site_bounds(self.boards[k], self.pos.to_move, self.pos.components.map[card])
        bounds = self._bounds[key]
        memo = (bounds, quads)
        if memo not in self._fit_memo:
            self._fit_memo[memo] = any(fits_bounds(bounds, q) for q in quads)  # type: ignore[arg-type]
        return self._fit_memo[memo]

    # -- the relaxed search over the spots, with the boards a line's excavations allow -----------

    def moves(self, at: str | Quad) -> list[tuple[Quad, int]]:
        if at in self._dist:
            return self._dist[at]
        _, points = self._legs(at)
        most = 2 * self.acts + self.pos.points
        found = sorted(((i, points[i]) for i in self.spots if i in points and points[i] <= most), key=lambda x: x[1])
        self._dist[at] = found
        return found

    def _legs(self, at: str | Quad) -> tuple[dict[str, int], dict[Quad, int]]:
        """The least movement points from `at` (the boat's dock, or any dock of a spot) to each
        dock and to each spot, over the union of every board's steps (module doc)."""
        docks = [at] if isinstance(at, str) else self.spot_docks[at]  # type: ignore[index]
        sources = [d for d in docks if isinstance(at, str) or d != self.occupied]
        out = dict.fromkeys(sources, 0)
        heap = [(0, d) for d in sources]
        spent: set[int] = set()
        while heap:
            n, d = heapq.heappop(heap)
            if n > out[d]:
                continue
            other = d == self.occupied
            cost = n + (2 if other else 1)
            for gi in self.groups_of.get(d, ()):
                if gi in spent:
                    continue
                if not other:
                    spent.add(gi)
                for e in self.groups[gi]:
                    if cost < out.get(e, 10**9):
                        out[e] = cost
                        heapq.heappush(heap, (cost, e))
        points: dict[Quad, int] = {}
        for s, docks in self.spot_docks.items():
            near = [out[d] for d in docks if d in out and d != self.occupied]
            if near:
                points[s] = min(near)  # type: ignore[index]
        return out, points

    def best(self) -> int:
        hero = self.hero
        assert hero.boat is not None
        hand = tuple(c for c in hero.maps if c in self.useful)
        return self.walk(
            hero.boat,
            self.start_acts,
            hero.drachmas,
            len(hero.cargo),
            0,
            hand,
            frozenset(),
            (0, 0, 0),
            (),
            0,
            self.every,
        )

    def value(self, drachmas: int, dug: frozenset[tuple[Quad, str]], mask: int) -> int:
        """The bound on a line that stops here: its map cards, its goal cards on the best board
        its excavations allow, its drachmas (R-SCORE-1, R-SCORE-2)."""
        key = (dug, mask)
        if key not in self._goals:
            maps = self.pos.components.map
            best = -(10**9)
            m = mask
            while m:
                low = m & -m
                best = max(best, self.goals_on(low.bit_length() - 1, dug))
                m ^= low
            self._goals[key] = self.base_maps + sum(maps[c].points for _, c in dug) + best  # type: ignore[index]
        return self._goals[key] + drachmas // 10  # type: ignore[index]

    def goals_on(self, k: int, dug: frozenset[tuple[Quad, str]]) -> int:
        """At least the goal cards' points with the new temples `dug` when board k is final: the
        cards held and the best of each goal draw (as reach_bound.goal_part)."""
        held = sum(self.goal_on(k, g, dug) for g in self.hero.goals)
        draws = self.draws_after[len(dug)]
        if draws:
            n = self.pos.components.setup.goals_drawn * draws
            pool_ids = self.goal_pool if self.pos.strategist or len(self.goal_pool) < n else self.goal_pool[:n]
            pool = sorted((self.goal_on(k, g, dug) for g in set(pool_ids)), reverse=True)
            held += sum(pool[:draws])
        return held

    def goal_on(self, k: int, goal: str, dug: frozenset[tuple[Quad, str]]) -> int:
        pos = self.pos
        card = pos.components.goal[goal]
        value = card.value(pos.edition)
        rule = card.rule
        if rule == "quarters":
            quarters = {board_quarter(site) for _, site in self.hero.temples}
            opened = sum(1 for i, c in dug if self.site_quarters(i, c) - quarters)
            cap = card.cap if card.cap is not None else 10**9
            return min(cap, value * min(4, len(quarters) + opened))
        if rule == "largest_completed":
            return value * self.completed_most
        key = (k, goal)
        if key not in self._old_on:
            self._old_on[key] = score_goal(self.positions[k], pos.to_move, goal, self.bfacts[k]).points
        old = self._old_on[key]
        if rule == "not_connected":
            return old + value * len(dug)
        bit = 1 << k
        return old + value * sum(1 for i, _ in dug if self.count_on.get((i, rule), 0) & bit)  # type: ignore[arg-type]

    def site_quarters(self, island: Quad, card: str) -> frozenset[str]:
        key = (island, card)
        if key not in self._quarters:
            pos = self.pos
            out: set[str] = set()
            for k, isl in self.members[island]:  # type: ignore[call-overload]
                if isl is None:
                    continue
                b = self.boards[k]
                sites = valid_sites(b, pos.to_move, pos.components.map[card], b.island_quads[isl])
                out |= {board_quarter(q) for q in sites}
            self._quarters[key] = frozenset(out)
        return self._quarters[key]

    def walk(
        self,
        at: str | Quad,
        acts: int,
        drachmas: int,
        cargo: int,
        sold: int,
        hand: tuple[str, ...],
        dug: frozenset[tuple[Quad, str]],
        bought: tuple[int, int, int],
        taken: tuple[tuple[Quad, int], ...],
        stash: int,
        mask: int,
    ) -> int:
        """reach_bound's `search` over the spots, `mask` the boards the excavations so far allow."""
        hand, bought = self.unread(acts, hand, dug, bought)
        key = (at, acts, drachmas, cargo, sold, hand, dug, bought, taken, stash, mask)
        if key in self._memo:
            return self._memo[key]
        self.nodes -= 1
        if self.nodes < 0:
            raise _TooBig
        best = self.value(drachmas, dug, mask)
        here = self.spot_of[self.pos.board.island_of_dock[at]] if isinstance(at, str) else at
        if here == self.thera and (cargo or stash):
            n = min(len(self.earned) - 1, sold + cargo + stash)
            gain = self.earned[n] - self.earned[sold]
            best = max(best, self.walk(at, acts, drachmas + gain, 0, n, hand, dug, bought, taken, 0, mask))
            self._memo[key] = best
            return best
        if not acts and not isinstance(at, str):
            self._memo[key] = best
            return best
        if cargo:
            best = max(best, self.walk(at, acts, drachmas, 0, sold, hand, dug, bought, taken, stash + cargo, mask))
        done = {i for i, _ in dug}
        maps = self.pos.components.map
        cards = sorted(set(hand))
        got = dict(taken)
        free = self.pos.points if isinstance(at, str) else 0
        for island, steps in self.moves(at):
            need = max(0, steps - free)
            m = need if cargo else (need + 1) // 2
            if m > acts:
                break
            if island == self.thera and (cargo or stash):
                best = max(
                    best, self.walk(island, acts - m, drachmas, cargo, sold, hand, dug, bought, taken, stash, mask)
                )
                continue
            if m + 1 > acts:
                continue
            if island == self.thera and acts - m - 1 >= 2 and len(dug) < self.left:
                for cost, new_hand, t in self.purchases(acts - m - 1, drachmas, hand, bought):
                    best = max(
                        best,
                        self.walk(island, acts - m - 1, drachmas - cost, 0, sold, new_hand, dug, t, taken, stash, mask),
                    )
            fits = self.fits.get(island)
            if fits is not None and (island not in done or island in self.multi) and len(dug) < self.left:
                for c in cards:
                    if c in fits and maps[c].cost <= drachmas:
                        allow = mask & self.allowed[(island, c)]  # type: ignore[index]
                        if not allow:
                            continue
                        rest = list(hand)
                        rest.remove(c)
                        sub = self.walk(
                            island,
                            acts - m - 1 + self.bonus[len(dug) + 1],
                            drachmas - maps[c].cost,
                            cargo,
                            sold,
                            tuple(rest),
                            dug | {(island, c)},
                            bought,
                            taken,
                            stash,
                            allow,
                        )
                        best = max(best, sub)
            had = got.get(island, 0)
            if island in self.cubes and cargo < 3 and had < self.cubes[island]:
                k = min(3 - cargo, self.cubes[island] - had)
                more = tuple(sorted({**dict(taken), island: had + k}.items()))
                best = max(
                    best,
                    self.walk(island, acts - m - 1, drachmas, cargo + k, sold, hand, dug, bought, more, stash, mask),
                )
        self._memo[key] = best
        return best


def per_board_shared(pos: Position, nodes: int = NODES) -> int | None:
    """`per_board_bound` with the final boards where no card fits searched together, as one
    relaxation over them all (no excavation there: only loads, sales and legs differ)."""
    got = final_boards(pos)
    if got is None:
        return None
    boards, acts = got
    best = None
    plain: list[Board] = []
    try:
        for final in boards[1:] or boards[:1]:
            one = _TwoRelaxed(pos, [boards[0], final], acts, nodes)
            if not one.fits:
                plain.append(final)
                continue
            value = one.best()
            best = value if best is None else max(best, value)
        if plain:
            value = _TwoRelaxed(pos, [boards[0], *plain], acts, nodes).best()
            best = value if best is None else max(best, value)
    except _TooBig:
        return None
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--edition", type=int, default=2016)
    ap.add_argument("--turn", type=int, default=5)
    ap.add_argument("--groups", type=int, nargs="*", help="group indices (default: every group)")
    ap.add_argument("--union-nodes", type=int, default=200_000)
    ap.add_argument("--shared", action="store_true", help="also the bound with the boards without a fit together")
    args = ap.parse_args()
    pos = positions(args.seed, args.edition, args.turn, ["south"])[0]
    kids = endgame.Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    every = groups(kids)
    print("| group | per-board bound | s | union bound | s | two-turn optimum (CP-SAT) | s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for i in args.groups if args.groups else range(len(every)):
        group = every[i]
        top = cover([child for _, child in group], 2)
        if top is None:
            continue
        t0 = time.process_time()
        per = per_board_bound(top, nodes=3_000_000)
        t1 = time.process_time()
        uni = union_bound(top, nodes=args.union_nodes)
        t2 = time.process_time()
        if args.shared:
            t = time.process_time()
            together = per_board_shared(top, nodes=3_000_000)
            print(f"  {group[0][0]}: boards without a fit together {together}, {time.process_time() - t:.2f} s")
        two = TwoTurns(top, "score", Deadline(None))
        model = two.fresh()
        _, solver = solve_model(model, Deadline(None), 1, TWO_TURNS_TUNING)
        value = int(solver.value(model.primary))
        t3 = time.process_time()
        print(
            f"| {group[0][0]} | {per} | {t1 - t0:.2f} | {uni if uni is not None else 'cut'} | {t2 - t1:.2f} "
            f"| {value} | {t3 - t2:.2f} |",
            flush=True,
        )
        if per is not None and per < value:
            raise SystemExit(f"unsound: the per-board bound {per} is below the optimum {value}")


if __name__ == "__main__":
    main()
