"""The facts the CP-SAT model reads off the boards a line can meet, for lines within a bound.

Every scenario (solver/scenarios.py) has a board per turn. For a bound on actions, a line can
only use the docks that lie on a path from where the boat starts to where a card of the goal
fits, within the steps the bound allows (R-MOVE-1, R-MOVE-2): the scenario's *near* docks.
Its facts are read off its boards for those docks only:

- which docks exist on each turn's board, and which lie on Thera;
- the movement points a boat needs between two near docks (`dist`): 1 per step, 2 for a step
  leaving the dock of the opponent's boat (R-MOVE-3), for the pairs a line within the bound
  can sail as one leg (the least points pass through near docks only);
- where each playable map card fits (R-EXC-1, R-EXC-2) and which parts of land lie on which
  dock's island (R-LOAD-1), and, for goals of several temples, which docks share an island;
- what the tile placements do with their cubes (R-TILE-2).

Scenarios whose facts are all the same are one *class*: the model cannot tell them apart, so
it picks among classes, and a line it finds is a line of every scenario of its class. A
scenario whose lower bound on actions exceeds the bound has no class at all.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..board import Board
from ..puzzle import Puzzle
from . import cargo_money
from . import lower as lower_mod
from .boardview import BoardView, Label, cube_counts, cube_parts, load_docks
from .budget import budget, must_load, points_in_hand, scenario_money
from .cargo_money import NoLoad
from .fact_tables import LegTable, ScenarioRead
from .legs import actions_for
from .lower import FirstTurn, lower_bound, thera_stops
from .placement_cubes import placement_facts
from .points import FAR, start_and_thera
from .relax import Relaxation
from .scenarios import Placement, Scenario, scenarios, turn_two_tiles

RELAX = True
"""Whether `build_facts` drops the scenarios of a turn-1 placement's turn-2 slot at once when the
slot's optimistic view proves them beyond the bound (solver/relax.py); tests and benchmarks turn
it off to compare."""
PER_TILE = True
"""Whether `relaxed_kept` bounds a scenario's turn-2 slots by per-slot views of the one tile it
holds at the start of turn 2 (its oracle icon's, or the tile drawn without the oracle) rather
than of every tile it could hold: a switch for tests and benchmarks."""
TURN_ONE = True
"""Whether `read` keeps the turn-1 board's facts per near docks and cards on its placement's
shared data (`_First.facts`), for the other scenarios of that placement to take: the same
facts (a switch for tests and benchmarks)."""
POINTS = True
"""Whether a scenario's lower bound reads the least movement points (`points.start_and_thera`)
rather than steps: never fewer (R-MOVE-3), a switch for tests and benchmarks."""
VIEW_SALE = True
"""Whether a two-turn puzzle's per-slot views read `cargo_money.NO_SALE` where the reader does
(`no_sale`: an empty boat, a large puzzle), dropping the slots it raises above the bound
unread (`sold_off`), where each of their scenarios was read only for the count to drop it
(place-2 g15001, bound 5: some 1,500 of 1,548 reads); a switch for tests and benchmarks."""
ORACLE = True
"""Whether a scenario that asks the oracle counts its Oracle action in its lower bound
(`oracle_action`); tests and benchmarks turn it off to compare."""


@dataclass
class _First:
    """What the scenarios with one turn-1 placement share: its board and view, and per number
    of steps, the route components and islands of the docks that many steps reach."""

    board: Board
    view: BoardView
    reach: dict[int, tuple[set[Label], set[Label]]] = field(default_factory=dict)
    facts: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Any, ...]] = field(default_factory=dict)
    """The facts read off the view (`FactReader.read`: Thera docks, digs, parts, pairs on one
    island) per near docks on it and playable cards, which its scenarios often share."""


class FactReader:
    """Reads the facts of a puzzle's scenarios, for one bound after another, sharing what
    boards and bounds have in common."""

    def __init__(self, puzzle: Puzzle, forbid: frozenset[str] = frozenset(), every_line: bool = False) -> None:
        self.puzzle = puzzle
        self.portage = "portage" not in forbid
        """Whether a leg may take a portage step (R-MOVE-1); else ship steps only."""
        self.passing = "pass" not in forbid
        """Whether a leg may pass through the dock of the opponent's boat (R-MOVE-3)."""
        self.every_line = every_line
        """Read facts for every line within the bound, not only those reaching the goal: no
        scenario is dropped, its lower bound is 0, and every dock within the steps is near
        (for the score objective, analysis/)."""
        start = puzzle.start
        self.start = start
        self.hero = puzzle.hero
        self.comps = start.components
        dock = start.hero.boat
        assert dock is not None
        self.start_dock = dock
        self.occupied = start.seat(start.other).boat
        self.temple_sites = [site for seat in start.seats for _, site in seat.temples]
        self.start_islands = sorted(set(start.board.island_of_piece.values()))
        self._firsts: dict[Placement | None, _First] = {}
        self._scenarios: list[Scenario] | None = None
        self.exact_steps = 0
        """Steps for which the first read of each scenario reads its boards (see `read`); the
        solver sets it to the steps of its largest bound."""
        self._lower: dict[int, tuple[frozenset[str], int, int]] = {}
        """Per scenario (by index in `scenarios()`): the cards its lower bound was worked out
        with, that bound, and a floor for any card not among them (see `known_lower`)."""
        self._relax: dict[str | None, Relaxation] = {}
        self._dropped: dict[int, int] = {}
        """Per scenario dropped unread by its slot's view (`passed_over`): the bound it was
        dropped at, plus one."""
        """Per turn-2 tile (`PER_TILE`; else one for all, under None): the per-slot views."""
        self.cube_parts = cube_parts(puzzle)
        """The start board's parts holding a cube (for `lower_bound`'s money leg)."""
        self.cube_counts = cube_counts(puzzle)
        """Their cubes, and the market's at the start: what a line's only load can take
        (`boardview.load_docks`, `lower.ONE_LOAD`)."""
        self.market = sum(start.market)
        self.must_load = must_load(puzzle)
        """Whether every line loads a cube to pay for the goal (`budget.must_load`)."""
        self.no_load = NoLoad.of(puzzle)
        """With cubes aboard: the count of the lines that never load (solver/cargo_money.py)."""
        self._no_sale = NoLoad.of_empty(puzzle)
        """With an empty boat: the count of the lines that sell nothing before their last
        excavation (solver/cargo_money.py `NoLoad.of_empty`), read on puzzles of at least
        `cargo_money.NO_SALE_SCENARIOS` scenarios (`no_sale`)."""
        self.sale_drops: dict[int, int] = {}
        """Per bound: the scenarios `read` dropped by `no_sale` alone (their other counts keep
        them), which the largest bound's question does not take as settled (cpsat.py)."""
        self._money: dict[frozenset[str], tuple[bool, bool, int] | None] = {}
        """`budget.scenario_money` per set of cards that fit on a scenario's boards."""
        bud = budget(puzzle)
        second = bud.second if puzzle.turns == 2 else ()
        self.second_cap = second[0] if second else None
        """Turn 2's actions without a turn-1 temple (R-TURN-2), for `lower_bound`'s split by turn."""
        self.first_cap = bud.first
        """Turn 1's actions (R-TURN-2), for the split by turn on turn 1's board (`lower.FIRST_BOARD`)."""

    @functools.cached_property
    def no_sale(self) -> NoLoad | None:
        """`NoLoad.of_empty` where the puzzle has at least `NO_SALE_SCENARIOS` scenarios."""
        if self._no_sale is None or len(self.scenarios()) < cargo_money.NO_SALE_SCENARIOS:
            return None
        return self._no_sale

    def scenarios(self) -> list[Scenario]:
        """Every scenario of the puzzle, in a fixed order, built once."""
        if self._scenarios is None:
            # The oracle asked for the tile drawn anyway is an action for nothing (see
            # `scenarios`); lines that may spend actions freely (`every_line`) keep it.
            self._scenarios = scenarios(self.puzzle, dominated=self.every_line)
        return self._scenarios

    def known_lower(self, index: int, cards: list[str]) -> int:
        """A lower bound on the actions of any line of scenario `index` playing `cards`, from
        what an earlier read of it found (0 when it was never read): no board is looked at.

        The bound is the least over the cards (`lower_bound`), so for cards read before it is
        what that read found; a card not read before is not in the hand (the hand is always
        among the playable cards), so a line playing it buys it (1 action) and excavates
        (1 action), after sailing to Thera or carrying cubes there as `lower_bound` counts:
        the floor recorded with the read."""
        found = self._lower.get(index)
        if found is None or self.every_line:
            return 0
        seen, lower, floor = found
        if not seen.issuperset(cards):
            lower = min(lower, floor)
        return max(lower, self.puzzle.goal.temples)

    def passed_over(self, index: int, bound: int) -> None:
        """Note that scenario `index` was dropped unread at `bound` by its slot's view
        (`relaxed_kept`): it has no line within `bound` actions. Only the order a bound asked in
        parts reads its scenarios in uses it (`dropped_below`); no bound is proven from it."""
        self._dropped[index] = max(self._dropped.get(index, 0), bound + 1)

    def dropped_below(self, index: int) -> int | None:
        """The least actions a scenario dropped unread needs (`passed_over`), None if never."""
        return self._dropped.get(index)

    def was_read(self, index: int) -> bool:
        """Whether scenario `index` has been read (its lower bound is known: `known_lower`)."""
        return index in self._lower

    def relaxed_kept(self, sc: Scenario, bound: int, ms: int, cards: list[str]) -> frozenset[str | None] | None:
        """The turn-2 slots (`~x,y`; None: no tile) of sc's turn-1 placement whose scenarios
        with sc's oracle choice may meet `bound` actions within `ms` steps, by one optimistic
        view per slot of all its turn-2 boards (solver/relax.py) instead of their own reads (and
        the Oracle action, `oracle_action`); None (keep all) for one turn or every line."""
        if self.every_line or self.puzzle.turns != 2:
            return None
        first = self.first(sc.first, sc.turn_one)
        most = bound - oracle_action(sc)

        def within(held: str | None) -> frozenset[str | None]:
            relax = self._relax.get(held)
            if relax is None:
                tiles = [held] if held is not None else [t for _, t in turn_two_tiles(self.puzzle) if t is not None]
                relax = self._relax[held] = Relaxation(self.puzzle, tiles)
            found = relax.bounds(sc.first, first.board, first.view, self.start_dock, cards)
            return frozenset(name for name, (lower, reach) in found.items() if lower <= most and reach <= ms)

        # Every tile's views first (cheap where they drop every slot), then the held tile's own.
        kept = within(None)
        if kept and PER_TILE and sc.second is not None and sc.second.tile is not None:
            kept &= within(sc.second.tile)
        return kept

    def sold_off(
        self, sc: Scenario, bound: int, cards: list[str], kept: frozenset[str | None]
    ) -> frozenset[str | None]:
        """The slots of `kept` (`relaxed_kept`'s) whose every-tile view `no_sale` raises above
        `bound` (`VIEW_SALE`, `Relaxation.sold`): their scenarios, read, would each be dropped
        by the same count (`read`), so they are dropped unread and counted as its drops
        (`sale_drops`)."""
        no_sale = self.no_sale
        if not VIEW_SALE or no_sale is None or not kept:
            return frozenset()
        first = self.first(sc.first, sc.turn_one)
        most = bound - oracle_action(sc)
        raised = self._relax[None].sold(no_sale, sc.first, first.board, first.view, self.start_dock, cards, kept)
        return frozenset(name for name in kept if raised[name] > most)

    def first(self, p: Placement | None, board: Board) -> _First:
        """The shared data of a turn-1 placement (None: none), whose board is `board`."""
        found = self._firsts.get(p)
        if found is None:
            placed = [] if p is None else [(1, p.slot, p.tile, p.rotation)]
            view = BoardView.of_board(board, self.start_islands, self.temple_sites, placed)
            found = self._firsts[p] = _First(board, view)
        return found

    def views(self, sc: Scenario, ms: int) -> tuple[BoardView, ...]:
        """The scenario's view of each turn's board. A turn-2 tile that joins nothing a line
        within `ms` steps can reach only adds its icon: its view shares the turn-1 steps."""
        first = self.first(sc.first, sc.turn_one)
        if sc.turns == 1:
            return (first.view,)
        p = sc.second
        if p is None:
            return (first.view, first.view)
        if ms not in first.reach:
            reach = [d for d, n in first.view.steps_from([self.start_dock]).items() if n <= ms]
            first.reach[ms] = ({first.view.ship[d] for d in reach}, {first.view.island[d] for d in reach})
        ships, islands = first.reach[ms]
        t_ships, t_islands = BoardView.touches(first.board, p.slot, p.tile, p.rotation)
        if t_ships & ships or t_islands & islands:
            return (first.view, first.view.extend(first.board, 2, p.slot, p.tile, p.rotation))
        return (first.view, first.view.with_icon(first.board, 2, p.slot, p.tile, p.rotation))

    def _record(
        self,
        index: int,
        cards: list[str],
        from_start: dict[str, int],
        cap: int,
        from_thera: dict[str, int],
        lower: int,
        asked: int = 0,
    ) -> None:
        """Keep the scenario's lower bound over `cards` (`lower`, from `lower_bound`) and the
        floor for any other card (see `known_lower`): a card bought costs the buy and the
        excavation, after the first leg to Thera (`lower_bound`: sailing with the points in
        hand, or carrying cubes), and the Oracle action when the scenario asks it (`asked`,
        `oracle_action`). Both are capped at `cap` when the view holds only for lines within
        the bound's steps."""
        to_thera = min((from_start.get(d, FAR) for d, n in from_thera.items() if n == 0), default=FAR)
        p0 = points_in_hand(self.puzzle)
        loaded = max(0, to_thera - p0) if self.start.hero.cargo else FAR
        first_leg = min(actions_for(to_thera, p0), loaded)
        floor = FAR if first_leg >= FAR else 2 + first_leg + asked
        named = self.puzzle.goal.map_card
        if named is not None and named in cards:
            floor = FAR  # only the named card counts, and it was read
        self._lower[index] = (frozenset(cards), min(lower, cap), min(floor, cap))

    def _legs(
        self,
        v: BoardView,
        docks: list[str],
        from_start: dict[str, int],
        to_goal: dict[str, int],
        ms: int,
    ) -> LegTable:
        """The movement points between two near docks (`docks`: those on the view's board), for
        the pairs a line within `ms` steps can sail as one leg (it leaves `from_start` steps
        behind and has `to_goal` ahead).

        The points are read off the whole board's matrix (`BoardView.points`), not the near
        docks' alone: a leg kept here passes only through near docks anyway. A dock x on a
        least-points path from a to b has from_start(x) + to_goal(x) <= from_start(a) +
        points(a, b) + to_goal(b) <= ms (a step costs at least a point, and the steps are
        counted on the last turn's board, which has every step of the earlier one), so x is
        near; a pair whose least points over the whole board leave no room is not kept either
        way, since going through near docks only costs at least as much.

        The table is the docks and the points of the pairs kept, in bytes (`leg_items` reads
        it): scenarios are compared by it, and only their classes' tables are read.
        Tables are kept with the matrix (the turn-1 view's is shared by every scenario of its
        placement), keyed by the docks and their steps from the start and to the goal."""
        pts = v.points(self.occupied, self.passing, self.portage)
        key = (ms, tuple((d, from_start.get(d, FAR), to_goal.get(d, FAR)) for d in docks))
        found = pts.legs.get(key)
        if found is not None:
            return found
        at = np.fromiter((pts.index[d] for d in docks), dtype=np.intp, count=len(docks))
        sub = pts.matrix[np.ix_(at, at)].astype(np.int64)
        room = np.fromiter((ms - from_start[a] for a in docks), dtype=np.int64, count=len(docks))
        ahead = np.fromiter((to_goal.get(b, FAR) for b in docks), dtype=np.int64, count=len(docks))
        kept = np.where(sub + ahead[None, :] <= room[:, None], sub, -1).astype(np.int16)
        found = pts.legs[key] = (tuple(docks), kept.tobytes())
        return found

    def money(self, fit: dict[str, set[str]]) -> tuple[bool, bool | None, int | None] | None:
        """For a scenario whose cards fit at `fit`: whether every line loads a cube
        (`must_load`), whether every excavation follows the first sale (`sale_first`), and the
        cards of the hand a line can play (None: not counted), all of the cards that fit on its
        boards (`budget.scenario_money`, with `lower.MONEY`); None when no line reaches the goal."""
        if not lower_mod.MONEY or self.every_line:
            return self.must_load, None, None
        fitting = frozenset(fit)
        if fitting not in self._money:
            self._money[fitting] = scenario_money(self.puzzle, fitting)
        found = self._money[fitting]
        if found is None:
            return None
        return found[0] or self.must_load, found[1], found[2]

    def _split(self, views: tuple[BoardView, ...], fit: dict[str, set[str]], points: bool) -> FirstTurn | None:
        """Turn 1 for `lower_bound`'s split by turn (two turns): where each card fits on its
        board (`fit`), the actions of each turn, and with `lower.FIRST_BOARD` or `SALE_SPLIT`
        the steps (with `points`, least points) from the start and Thera's stops on turn 1's
        board, kept with its view, which its placement's scenarios share."""
        if self.second_cap is None or len(views) != 2:
            return None
        if not lower_mod.FIRST_BOARD and not lower_mod.SALE_SPLIT:
            return FirstTurn(fit, self.second_cap)
        one = views[0]
        stops = thera_stops(one.island, one.thera, self.occupied)
        if points:
            near = start_and_thera(one.points(self.occupied, self.passing, self.portage), self.start_dock, stops)
        else:
            near = (one.steps_from([self.start_dock]), one.steps_from(stops))
        return FirstTurn(fit, self.second_cap, self.first_cap, *near)

    def _temples_bound(
        self, views: tuple[BoardView, ...], goal_docks: set[str], from_start: dict[str, int], load: bool
    ) -> int:
        """For goals of several temples, a lower bound on actions from the steps alone: to a
        dock where a card fits, then, for each further temple, on to such a dock of another
        island (R-EXC-1), each excavation an action and each action 2 steps at most; a leg
        after an excavation starts with no point in hand (R-MOVE-2), so its Move actions are its own.

        Two temples' islands differ on turn 1's board (islands only merge), so the next dock
        lies on another island of that board; steps are counted on the last turn's board."""
        first, last = views[0], views[-1]
        island: dict[str, Label] = {d: first.island.get(d, ("new", d)) for d in goal_docks}
        if len(set(island.values())) < self.puzzle.goal.temples:
            return FAR
        hop = last.nearest_apart(island)
        reach = min(from_start.get(d, FAR) for d in goal_docks)
        if hop >= FAR or reach >= FAR:
            return FAR
        # Each leg after an excavation starts with no point in hand (R-MOVE-2).
        temples = self.puzzle.goal.temples
        # And a load when the goal's money needs a sale (`budget.must_load`): not a Move action.
        return (
            temples
            + actions_for(reach, points_in_hand(self.puzzle))
            + (temples - 1) * actions_for(hop, 0)
            + (1 if load else 0)
        )

    @staticmethod
    def _board_facts(
        v: BoardView, docks: list[str], fits: dict[str, frozenset[Label]], pairs_needed: bool
    ) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...], tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
        """One board's facts over the near docks on it (`docks`, sorted): its Thera docks, the
        (card, dock) digs of `fits` (where each card fits), the (part, dock) pairs on one
        island, and with `pairs_needed` the docks whose digs would share an island."""
        thera = tuple(d for d in docks if v.island[d] == v.thera)
        docks_on: dict[Label, list[str]] = {}
        for d in docks:
            docks_on.setdefault(v.island[d], []).append(d)
        # By island: a card's few islands against the near docks' islands.
        dig = tuple(
            sorted((k, d) for k, isls in fits.items() for isl in isls if isl in docks_on for d in docks_on[isl])
        )
        same = tuple(sorted((p, d) for p, isl in v.part.items() if isl in docks_on for d in docks_on[isl]))
        pairs: tuple[tuple[str, str], ...] = ()
        if pairs_needed:
            # Two temples, or one over two turns (a turn-1 temple for turn 2's extra action,
            # then the goal's): docks whose digs would share an island.
            by_island: dict[Label, list[str]] = {}
            for d in sorted({d for _, d in dig}):
                by_island.setdefault(v.island[d], []).append(d)
            pairs = tuple(sorted((a, b) for ds in by_island.values() for i, a in enumerate(ds) for b in ds[i:]))
        return thera, dig, same, pairs

    def read(
        self, sc: Scenario, bound: int, ms: int, cards: list[str], index: int | None = None
    ) -> ScenarioRead | None:
        """The scenario's facts for lines within the bound (at most `ms` steps, playing
        `cards`), or None when its lower bound exceeds the bound. With `index` (the scenario's
        place in `scenarios()`), its lower bound is recorded for `known_lower`."""
        # The first read of a scenario reads its boards for lines of up to `exact_steps` steps,
        # so that the lower bound it records holds for every bound up to the largest.
        first_read = index is not None and index not in self._lower
        steps = max(ms, self.exact_steps) if first_read else ms
        views = self.views(sc, steps)
        last = views[-1]
        hero = self.hero
        goal = self.puzzle.goal
        goal_cards = [k for k in ([goal.map_card] if goal.map_card is not None else cards) if k in cards]
        # Where each card fits, on any turn's board (a turn-1 excavation uses turn 1's).
        fit: dict[str, set[str]] = {}
        fit_turn: list[dict[str, frozenset[Label]]] = []
        first_fit: dict[str, set[str]] = {}
        for v in views:
            if fit_turn and v is views[0]:
                fit_turn.append(fit_turn[0])
                continue
            per: dict[str, frozenset[Label]] = {}
            docks_of = v.docks_of_island()
            for k in cards:
                islands = v.fitting(hero, self.comps.map[k])
                if islands:
                    docks = [d for isl in islands for d in docks_of[isl]]
                    per[k] = islands
                    fit.setdefault(k, set()).update(docks)
                    if not fit_turn:
                        first_fit[k] = set(docks)
            fit_turn.append(per)
        # A first excavation in turn 1 plays a card that fits on turn 1's board (`lower_bound`).
        split = self._split(views, first_fit, False)
        from_start = last.steps_from([self.start_dock])
        stops = thera_stops(last.island, last.thera, self.occupied)
        from_thera = last.steps_from(stops)
        low_start, low_thera = from_start, from_thera
        # Made once per read when first asked: each `lower_bound` below reads the same docks.
        cubes = (
            None if self.start.hero.cargo else _once(functools.partial(load_docks, last, self.cube_counts, self.market))
        )
        # A scenario with the oracle has its Oracle action besides every action `lower_bound`
        # counts (R-ORA-1: an action of its own, giving no movement point, R-MOVE-2).
        asked = oracle_action(sc)
        money = self.money(fit)
        load = self.must_load if money is None else money[0]
        if money is None:
            lower = FAR  # too few cards fit for the goal: no line
        else:
            spend = (cubes, load, money[1], money[2], split)
            lower = lower_bound(self.puzzle, goal_cards, fit, from_start, from_thera, *spend) + asked
            if POINTS and lower <= bound:
                # Only a scenario the steps keep builds its points matrix (its legs need it anyway).
                pts = last.points(self.occupied, self.passing, self.portage)
                low_start, low_thera = start_and_thera(pts, self.start_dock, stops)
                spend = (cubes, load, money[1], money[2], self._split(views, first_fit, True))
                lower = lower_bound(self.puzzle, goal_cards, fit, low_start, low_thera, *spend) + asked
            if self.no_load is not None and lower <= bound:
                # Lines that never load pay with the cubes aboard alone; the others load.
                loading = functools.partial(
                    lower_bound, self.puzzle, goal_cards, fit, low_start, low_thera, *spend, loading=True
                )
                base = self.no_load.raised(lower - asked, fit, low_start, low_thera, loading)
                lower = base + asked
        if index is not None and not self.every_line:
            # A turn-2 tile read as only adding its icon (`views`) is exact for lines within
            # `steps` steps; a line of more steps spends more actions than this (R-MOVE-2).
            approximate = sc.second is not None and last.ship is views[0].ship
            more = self.puzzle.goal.temples + actions_for(steps + 1, points_in_hand(self.puzzle)) + asked
            self._record(index, cards, low_start, more if approximate else FAR, low_thera, lower, asked)
        if self.no_sale is not None and money is not None and not load and lower <= bound and not self.every_line:
            # Lines that sell before their last excavation load (`load`); the others pay from
            # the drachmas held. It only drops the scenario (`NO_SALE`): the bound recorded
            # above, which orders the next bound's reads (`lazy.read_order`), stays without it.
            selling = functools.partial(
                lower_bound, self.puzzle, goal_cards, fit, low_start, low_thera, spend[0], True, *spend[2:]
            )
            if self.no_sale.raised(lower - asked, fit, low_start, low_thera, selling) + asked > bound:
                self.sale_drops[bound] = self.sale_drops.get(bound, 0) + 1
                return None
        if not any(k in fit for k in goal_cards) and not self.every_line:
            return None
        goal_docks = {d for k in goal_cards for d in fit.get(k, ())}
        if min((from_start.get(d, FAR) for d in goal_docks), default=FAR) > ms and not self.every_line:
            return None
        # The last excavation: with several temples, any card's (the named one may come first).
        last_docks = goal_docks if goal.temples == 1 else {d for ds in fit.values() for d in ds}
        if goal.temples >= 2 and lower <= bound:
            lower = max(lower, self._temples_bound(views, last_docks, from_start, load) + asked)
        if lower > bound and not self.every_line:
            return None
        to_goal = last.steps_from(last_docks)
        near = frozenset(d for d, n in from_start.items() if n + to_goal.get(d, FAR) <= ms)
        if self.every_line:
            lower = 0
            to_goal = {d: 0 for d in from_start}
            near = frozenset(d for d, n in from_start.items() if n <= ms)
        placement = [placement_facts(sc, which, views) for which in (1, 2)]
        turns = []
        reached_parts: set[str] = set()
        shared = self._firsts[sc.first]
        pairs_needed = goal.temples >= 2 or len(views) == 2
        for t, v in enumerate(views):
            docks = sorted(d for d in near if d in v.ship)
            # The turn-1 view's facts depend on the near docks on it and the cards alone.
            on = (tuple(docks), tuple(cards)) if TURN_ONE and v is shared.view else None
            found = None if on is None else shared.facts.get(on)
            if found is None:
                found = self._board_facts(v, docks, fit_turn[t], pairs_needed)
                if on is not None:
                    shared.facts[on] = found
            thera, dig, same, pairs = found
            reached_parts.update(p for p, _ in same)
            dist = self._legs(v, docks, from_start, to_goal, ms)
            turns.append((tuple(docks), thera, dig, same, pairs, dist))
        # A placement none of whose pieces a line can reach matters only by the cubes it takes
        # from the market (R-TILE-2).
        key: list[object] = []
        for which, pf in zip((1, 2), placement, strict=True):
            if pf is None:
                key.append(None)
            elif any(p.startswith(f"+{which}:") for p in reached_parts):
                key.append(pf.key())
            else:
                key.append((pf.icon_colour, bool(pf.second_cube)))
        final = sc.second if self.every_line and len(views) == 2 else None
        return ScenarioRead(sc, views, lower, near, turns, placement, tuple(key), final)


def oracle_action(sc: Scenario) -> int:
    """Actions a line of the scenario spends on the oracle: 1 when the scenario asks it, which
    only a line with an Oracle action meets (R-ORA-1). That action is none of those the lower
    bounds count (excavations, buys, loads, Move actions: it gives no movement point,
    R-MOVE-2), so a scenario's lower bound adds it (with `ORACLE`)."""
    return 0 if sc.oracle is None or not ORACLE else 1


def _once(make: Callable[[], dict[str, int]]) -> Callable[[], dict[str, int]]:
    """`make`, called at the first call only; later calls give the same dict (its readers,
    `lower.lower_bound` and `legs.money_leg`, do not change it)."""
    made: list[dict[str, int]] = []

    def get() -> dict[str, int]:
        if not made:
            made.append(make())
        return made[0]

    return get
