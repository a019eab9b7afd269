"""Optimistic views of a turn-1 placement's turn-2 boards, one per open slot, for proving
bounds of two-turn puzzles for many scenarios at once.

A two-turn puzzle from the placement has, under each turn-1 placement, hundreds of turn-2
scenarios (oracle icon x slot x rotation of the next tile). Reading each to find that its lower
bound exceeds the bound is most of the time such a puzzle spends on a bound it cannot meet. A
`Relaxation` bounds them from the turn-1 board alone: per open slot it builds one view that can
do everything any tile placed there can do, and `lower_bound` (solver/lower.py) on that view is
at most the bound of every scenario with its turn-2 tile in that slot. When it exceeds the
bound, or no dock where a goal card fits lies within the bound's steps, `build_facts` drops
those scenarios without building their boards.

**Why it is an over-approximation.** The turn-2 board is the turn-1 board plus one tile, of one
of the kinds the hero can hold at the start of turn 2 (each oracle icon's, and without the
oracle), in one open slot `s` (R-TILE-1), turned any way. Over every such tile and rotation, the
view takes the route components its ports face and the islands its land touches
(`BoardView.touches`; R-GEO-4, R-GEO-7): call their docks the hub `H(s)`, and name the tile's
own docks by one node `~x,y`.
- **Steps** (R-MOVE-1): a tile only merges what it touches (routes and islands only merge), so
  every step of the turn-2 board is a step of the turn-1 board, or joins two docks of `H(s)`
  and the tile's own docks. A least-steps path that uses the tile's steps at all can use them
  once: they all lie in one group of docks a step joins, so from its first dock in that group
  one step reaches its last. So it is at least `enter + 1 + after(d)`, where `enter` is the
  least steps on the turn-1 board to a dock of `H(s)` and `after(d)` the least steps on the
  turn-1 board from `H(s)` to `d`; the view takes the least of that and the turn-1 steps, and
  `enter + 1` for the tile's own docks. One view per slot, not per turn-1 placement: a path of
  a view over all slots could take shortcuts in two slots, which no real board has.
- **Thera**: the tile's docks lie on Thera's island only if its land touches Thera's; then
  `~x,y` counts as a Thera dock (0 steps from Thera, `enter` 0).
- **Where a card fits** (R-EXC-1, R-EXC-2): a site fits when its coordinate passes one bound per
  requirement, the n-th icon of a kind in a direction. One more icon of a kind moves that bound
  at most to the (n-1)-th icon's coordinate, which is where an icon at infinity on that side
  puts it; so the view adds, for every icon kind the turn-2 tile can have, one icon at each end
  of both axes, and every requirement is at least as loose as on any real turn-2 board (a card
  fits at least where it fits on turn 1's, since icons only add). An island of the turn-1 board
  keeps its land or is merged into the tile's island; it stays blocked (Thera's, a temple's)
  once blocked. So a card fits an unblocked old island's docks when one of its quadrants passes
  the loosened bounds, and fits at `~x,y` and every dock of the islands the tile can touch when
  any quadrant of the slot or of those islands passes them (blocking ignored there).
So fits only grow and steps only shrink against every scenario of the slot, and `lower_bound`
only falls with both (solver/lower.py); the least steps to a fitting dock only fall too. The
scenarios without a turn-2 tile have the turn-1 board's view. `tests/test_solver_relax.py`
checks each against sampled scenarios' own boards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from ..board import Board, tile_template
from ..components import Components
from ..excavation import bounds_from
from ..geometry import ROTATIONS, Point, Quad
from ..puzzle import Puzzle
from . import lower as lower_mod
from .boardview import BoardView, Label, box, cube_counts, island_cubes
from .budget import budget, must_load, scenario_money
from .cargo_money import NoLoad
from .legs import FirstTurn
from .lower import lower_bound, thera_stops
from .points import FAR, least_over, start_and_thera
from .scenarios import Placement

POINTS = True
"""Whether the views read the turn-1 board's least movement points from the start and between
each dock and Thera's stops (`points.start_and_thera`) rather than its steps: a path through the
slot's hub is still those points to the hub, a step across it and the steps after it (a switch
for tests and benchmarks)."""
TURNS = True
"""Whether the views give `lower_bound` what turn 1 tells its splits by turn (`first_turn`): turn
1's board is the same for every scenario a view stands for (a switch for tests and
benchmarks)."""
_WILD = 10**6
"""An icon coordinate beyond every site, on either side of an axis."""


@dataclass
class _Slots:
    """The optimistic additions of one turn-1 placement's board, per open slot."""

    members: list[list[str]]
    """Per slot: the docks of the turn-1 board a tile placed there can join into one hub."""
    names: list[str]
    """Per slot, its node's name."""
    thera: list[int]
    """The slots whose tile can touch Thera's island."""
    islands: list[frozenset[Label]]
    """Per slot, the islands (with or without a dock) a tile placed there can touch."""
    quads: list[tuple[Quad, ...]]
    """Per slot, the land a tile placed there can have, and that of the islands it can touch."""
    span: list[tuple[int, int, int, int]]
    """Per slot, the least and the most x, then y, of its `quads`."""


class Relaxation:
    """Lower bounds over every turn-2 scenario below a turn-1 placement (module docstring)."""

    def __init__(self, puzzle: Puzzle, tiles: Iterable[str]) -> None:
        self.puzzle = puzzle
        self.tiles = sorted(set(tiles))
        """The tiles the hero can hold at the start of turn 2 (any oracle icon, or none)."""
        comps = puzzle.start.components
        self.kinds = sorted({comps.tile[t].icon for t in self.tiles})
        self.cube_counts = cube_counts(puzzle)
        self.market = sum(puzzle.start.market)
        self.must_load = must_load(puzzle)
        self.no_load = NoLoad.of(puzzle)
        """With cubes aboard: the count of the lines that never load (solver/cargo_money.py)."""
        self.occupied = puzzle.start.seat(puzzle.start.other).boat
        """The opponent's dock, where no boat stops at Thera (`lower.thera_stops`)."""
        self._slots: dict[object, _Slots] = {}
        self._money: dict[frozenset[str], tuple[bool, bool, int] | None] = {}
        self._found: dict[tuple[object, tuple[str, ...]], dict[str | None, tuple[int, int]]] = {}
        self._sold: dict[tuple[object, tuple[str, ...]], dict[str | None, int]] = {}
        self._bases: dict[object, tuple[dict[str, int], dict[str, int]]] = {}
        self._shapes: dict[tuple[int, int], tuple[frozenset[Point], frozenset[Quad]]] = {}
        bud = budget(puzzle)
        self.first = bud.first
        """Turn 1's actions (R-TURN-2)."""
        self.second = bud.second[0] if puzzle.turns == 2 and bud.second else None
        """Turn 2's actions without a turn-1 temple (R-TURN-2); None for one turn."""

    def bounds(
        self, key: object, board: Board, view: BoardView, start: str, cards: Sequence[str]
    ) -> dict[str | None, tuple[int, int]]:
        """Per open slot of `board` (the turn-1 board, `view` its view; `key` names it), by
        its node's name `~x,y`, and None for no tile: (a lower bound on the actions of any
        line, the least steps from `start` to a dock where a goal card fits) over every turn-2
        board with the tile in that slot, for lines playing `cards` (`views`)."""
        found = self._found.get((key, tuple(cards)))
        if found is None:
            goal = self.puzzle.goal
            goal_cards = [k for k in ([goal.map_card] if goal.map_card is not None else cards) if k in cards]
            found = {}
            turns = self.first_turn(key, view, start, cards)
            for name, (fit, from_start, from_thera, cubes) in self.views(key, board, view, start, goal_cards).items():
                lower = self._lower(goal_cards, fit, from_start, from_thera, cubes, turns)
                reach = least_over(from_start, fit.values())
                found[name] = (lower, reach)
            self._found[(key, tuple(cards))] = found
        return found

    def sold(
        self,
        no_sale: NoLoad,
        key: object,
        board: Board,
        view: BoardView,
        start: str,
        cards: Sequence[str],
        names: Iterable[str | None],
    ) -> dict[str | None, int]:
        """Per slot of `names` (`bounds`' keys), its bound raised by `no_sale` (the lines of an
        empty boat that sell nothing before their last excavation pay from the drachmas held,
        the others load the cube they sell: `cargo_money.NoLoad.of_empty`), as `FactReader.read`
        raises a scenario's (`VIEW_SALE`); worked out for a slot when first asked (kept per
        turn-1 placement and cards).

        It holds for every scenario of the slot: `no_load_lower` and the selling count
        (`lower_bound` with `load`) only fall with more fits and nearer docks, as `lower_bound`
        does, and the view's fits and steps over-approximate every board it stands for (module
        docstring); the goal's money is read off the cards that fit on the view, which include
        every card that fits on any board it stands for (as `_lower`). Where the view says every
        line loads, no raise; where a scenario says so and the view does not, the selling count
        on the view is at most the scenario's own bound (`lower_bound` with `load`).
        tests/test_solver_cargo.py checks it against sampled scenarios' own reads."""
        plain = self.bounds(key, board, view, start, cards)
        known = self._sold.setdefault((key, tuple(cards)), {})
        todo = [n for n in names if n not in known]
        if not todo:
            return known
        goal = self.puzzle.goal
        goal_cards = [k for k in ([goal.map_card] if goal.map_card is not None else cards) if k in cards]
        turns = self.first_turn(key, view, start, cards)
        views = self.views(key, board, view, start, goal_cards)
        for name in todo:
            lower = plain[name][0]
            fit, from_start, from_thera, cubes = views[name]
            money = self._money.get(frozenset(fit)) if lower_mod.MONEY and goal.map_card is None else None
            if lower >= FAR or (lower_mod.MONEY and goal.map_card is None and money is None):
                known[name] = lower
                continue
            load, sale, hand = self.must_load, None, None
            if money is not None:
                load, sale, hand = money[0] or load, money[1], money[2]
            if load:
                known[name] = lower  # every line loads: the count is `lower_bound`'s own
                continue
            selling = (self.puzzle, goal_cards, fit, from_start, from_thera, cubes, True, sale, hand, turns)
            known[name] = no_sale.raised(lower, fit, from_start, from_thera, partial(lower_bound, *selling))
        return known

    def _lower(
        self,
        goal_cards: list[str],
        fit: dict[str, set[str]],
        from_start: dict[str, int],
        from_thera: dict[str, int],
        cubes: dict[str, int],
        turns: FirstTurn | None = None,
    ) -> int:
        """`lower_bound` over the view (with turn 1's facts, `first_turn`); without a named card (`fit` then covers every card
        played), with the goal's money of the cards that fit on the view (`lower.MONEY`,
        `budget.scenario_money`): they include every card that fits on any board the view
        stands for, so what holds with them holds for each of those boards."""
        load, sale, hand = self.must_load, None, None
        if lower_mod.MONEY and self.puzzle.goal.map_card is None:
            fitting = frozenset(fit)
            if fitting not in self._money:
                self._money[fitting] = scenario_money(self.puzzle, fitting)
            money = self._money[fitting]
            if money is None:
                return FAR
            load, sale, hand = money[0] or load, money[1], money[2]
        args = (self.puzzle, goal_cards, fit, from_start, from_thera, cubes, load, sale, hand, turns)
        lower = lower_bound(*args)
        if self.no_load is not None and lower < FAR:
            # Every count it reads only falls with more fits and nearer docks, as `lower_bound`.
            lower = self.no_load.raised(lower, fit, from_start, from_thera, partial(lower_bound, *args, loading=True))
        return lower

    def views(
        self, key: object, board: Board, view: BoardView, start: str, cards: Sequence[str]
    ) -> dict[str | None, tuple[dict[str, set[str]], dict[str, int], dict[str, int], dict[str, int]]]:
        """Per open slot (by its node's name `~x,y`; None: no tile), the optimistic view of
        every turn-2 board with the tile there: where each card fits (docks of the turn-1 board,
        and the slot's node standing for the tile's own docks), the least steps from `start`
        and from Thera to each dock and to the node, and the docks where a cube may be loaded
        (`cube_docks` of the turn-1 board, the node, and the docks of every island the tile can
        touch: its cubes lie on its own land, R-TILE-2, and islands only merge), each with the
        most cubes a line's only load there can take (`boardview.load_docks`): the turn-1 board's
        for a dock the tile cannot touch (its island stays as it is), else those of every island
        the tile can touch together and the two the tile takes from the market (R-TILE-2), which
        is at least the island it makes holds."""
        slots = self._slots.get(key)
        if slots is None:
            slots = self._slots[key] = self._slots_of(board, view)
        icons = {k: tuple(v) for k, v in view.icons.items()}
        for kind in self.kinds:
            for axis in (0, 1):
                icons[(kind, axis)] = (-_WILD, *icons.get((kind, axis), ()), _WILD)
        hero = self.puzzle.hero
        comps = self.puzzle.start.components
        docks_of = view.docks_of_island()
        fit_old: dict[str, set[str]] = {}
        fit_slot: list[dict[str, set[str]]] = [{} for _ in slots.names]
        for k in cards:
            bounds = bounds_from(icons, hero, comps.map[k])
            if bounds is None:
                continue
            # `fits_bounds` as one box per axis (`box`): the same answer, quadrant by quadrant.
            lx, hx, ly, hy = box(bounds)
            where: set[str] = set()
            for isl, ds in docks_of.items():
                if isl not in view.blocked and any(lx < x < hx and ly < y < hy for x, y in view.quads_of[isl]):
                    where.update(ds)
            fit_old[k] = where
            for s, quads in enumerate(slots.quads):
                # No quadrant of the slot's within the box when their span misses it.
                x0, x1, y0, y1 = slots.span[s]
                if x1 <= lx or x0 >= hx or y1 <= ly or y0 >= hy:
                    continue
                if any(lx < x < hx and ly < y < hy for x, y in quads):
                    fit_slot[s][k] = {slots.names[s], *(d for isl in slots.islands[s] for d in docks_of.get(isl, ()))}
        base_start, base_thera = self._base(key, view, start)
        held = island_cubes(view, self.cube_counts, self.market)
        cubes = {d: held[isl] for d, isl in view.island.items() if isl in held}
        out: dict[str | None, tuple[dict[str, set[str]], dict[str, int], dict[str, int], dict[str, int]]] = {
            None: ({k: ds for k, ds in fit_old.items() if ds}, base_start, base_thera, cubes)
        }
        for s, name in enumerate(slots.names):
            members = slots.members[s]
            # Each card's docks on the turn-1 board and the slot's: a set of their own only where
            # the slot adds some (else turn 1's, shared: nothing reading a view changes it).
            fit: dict[str, set[str]] = {}
            added = fit_slot[s]
            for k in cards:
                old, new = fit_old.get(k), added.get(k)
                if new:
                    fit[k] = old | new if old else new
                elif old:
                    fit[k] = old
            # A path using the tile's steps enters its hub once (it is one group of docks a
            # step joins), from the hub's nearest dock, and leaves from any of its docks.
            after = view.steps_from(members) if members else {}
            enter = min((base_start.get(d, FAR) for d in members), default=FAR)
            enter_thera = 0 if s in slots.thera else min((base_thera.get(d, FAR) for d in members), default=FAR)
            from_start = _through(base_start, enter, after)
            from_thera = _through(base_thera, enter_thera, after)
            from_start[name] = min(FAR, enter + 1)
            from_thera[name] = 0 if s in slots.thera else min(FAR, enter_thera + 1)
            hub = sum(held.get(isl, 0) for isl in slots.islands[s]) + min(self.market, 2)
            loads = dict(cubes)
            loads.update((d, hub) for isl in slots.islands[s] for d in docks_of.get(isl, ()))
            loads[name] = hub
            out[name] = (fit, from_start, from_thera, loads)
        return out

    def _base(self, key: object, view: BoardView, start: str) -> tuple[dict[str, int], dict[str, int]]:
        """The turn-1 board's least steps (with `POINTS`, least points) from `start` and from
        Thera's stops, kept per turn-1 placement (`key`)."""
        found = self._bases.get(key)
        if found is None:
            stops = thera_stops(view.island, view.thera, self.occupied)
            if POINTS:
                # Least points on the turn-1 board (never fewer than steps, R-MOVE-3; passing and
                # portage allowed, the least of any forbidden techniques).
                found = start_and_thera(view.points(self.occupied), start, stops)
            else:
                found = view.steps_from([start]), view.steps_from(stops)
            self._bases[key] = found
        return found

    def first_turn(self, key: object, view: BoardView, start: str, cards: Sequence[str]) -> FirstTurn | None:
        """What turn 1 tells `lower_bound`'s splits by turn (`lower.FirstTurn`, as
        `FactReader._split` gives it to a scenario's read), for every turn-2 board below the
        turn-1 placement `key` (`TURNS`): where each card fits on the turn-1 board (`view`),
        each turn's actions (R-TURN-2), and the turn-1 board's steps or points from `start` and
        from Thera's stops. All of it is turn 1's alone, the same for every scenario the views
        stand for; None without a second turn or with `TURNS` off."""
        if not TURNS or self.second is None:
            return None
        fit: dict[str, set[str]] = {}
        docks_of = view.docks_of_island()
        hero = self.puzzle.hero
        for k in cards:
            islands = view.fitting(hero, self.puzzle.start.components.map[k])
            if islands:
                fit[k] = {d for isl in islands for d in docks_of[isl]}
        if not lower_mod.FIRST_BOARD and not lower_mod.SALE_SPLIT:
            return FirstTurn(fit, self.second)
        return FirstTurn(fit, self.second, self.first, *self._base(key, view, start))

    def _slots_of(self, board: Board, view: BoardView) -> _Slots:
        """What a tile of `self.tiles` can join in each open slot of `board`, over its rotations."""
        comps = board.components
        by_ship: dict[Label, list[str]] = {}
        for d in sorted(view.ship):
            by_ship.setdefault(view.ship[d], []).append(d)
        docks_of = view.docks_of_island()
        out = _Slots([], [], [], [], [], [])
        island_quads = board.island_quads
        of_point = board.island_of_point
        for slot in board.open_slots if self.tiles else ():
            # `BoardView.touches` over every tile and rotation: the route components its ports
            # face are the same for each (every port of the slot), and the islands are those at
            # the board points any of them covers (`_shape`, the same on every board).
            ships, _ = BoardView.touches(board, slot, self.tiles[0], ROTATIONS[0])
            points, tile_quads = self._shape(comps, slot)
            islands: set[Label] = {of_point[p] for p in points if p in of_point}
            quads: set[Quad] = set(tile_quads)
            for isl in islands:
                quads.update(view.quads_of.get(isl) or island_quads.get(isl, ()))  # type: ignore[call-overload]
            members = sorted(
                {d for c in ships for d in by_ship.get(c, ())} | {d for i in islands for d in docks_of.get(i, ())}
            )
            s = len(out.names)
            out.names.append(f"~{slot[0]},{slot[1]}")
            out.members.append(members)
            if view.thera in islands:
                out.thera.append(s)
            out.islands.append(frozenset(islands))
            out.quads.append(tuple(sorted(quads)))
            xs, ys = [q[0] for q in quads], [q[1] for q in quads]
            out.span.append((min(xs), max(xs), min(ys), max(ys)))
        return out

    def _shape(self, comps: Components, slot: tuple[int, int]) -> tuple[frozenset[Point], frozenset[Quad]]:
        """The board points and the quadrants a tile of `self.tiles` placed in `slot` covers,
        over every tile and rotation (its pieces' points, as `BoardView.touches` reads them, and
        quadrants, as `_slots_of` did): the same under every turn-1 placement, kept per slot."""
        found = self._shapes.get(slot)
        if found is None:
            points: set[Point] = set()
            quads: set[Quad] = set()
            x, y = slot
            for tile in self.tiles:
                for rot in ROTATIONS:
                    t = tile_template(comps.tile[tile], rot)
                    points.update((x + i, y + j) for piece in t.pieces for i, j in piece)
                    quads.update((2 * x + i, 2 * y + j) for piece in t.pieces for i, j in piece)
            found = self._shapes[slot] = (frozenset(points), frozenset(quads))
        return found


def slot_name(p: Placement | None) -> str | None:
    """The name of a turn-2 placement's slot node in the views (None: no placement)."""
    return None if p is None else f"~{p.slot[0]},{p.slot[1]}"


def _through(base: dict[str, int], enter: int, after: dict[str, int]) -> dict[str, int]:
    """Least steps to each dock, given the least steps `base` on the turn-1 board: either those,
    or `enter` to the slot's hub, one step across it, and `after` from the hub onward."""
    if enter >= FAR:
        return dict(base)
    out = dict(base)
    for d, n in after.items():
        m = enter + 1 + n
        if m < out.get(d, FAR):
            out[d] = m
    return out
