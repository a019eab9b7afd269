"""The CP-SAT model of a puzzle: the shortest line to the goal, with a proof.

The line is modelled as a sequence of *events*. An event is a step of the boat (by shipping
route or portage), a *stop* (a bundle of non-move actions at one dock, in the fixed order
unload, sell, load, buy, excavate, oracle), the end of turn 1 (horizon 2), or idle padding.
Movement points, Move actions started, cargo, market, drachmas, cubes on each piece of land,
map cards bought and played are tracked per event. The board itself is chosen through one
*scenario* (solver/scenarios.py): the tile placements and oracle choice of the line.

`solve` deepens the bound on actions from 1 up: the first bound with a line is the optimum,
and the model with one action fewer is proven infeasible. The line is read back as actions in
the notation and replayed through the engine, which must reach the goal at that cost.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import LinearExpr, Literal

from ..actions import Action, Buy, EndTurn, Excavate, KeepGoal, Load, Oracle, PlaceTile, Sell, Step, Unload
from ..components import COLOURS, DECKS
from ..excavation import fits_bounds, site_bounds, valid_sites
from ..puzzle import Puzzle, State, play, reached, replay, validate, why_not
from .canonical import Answer, Visit, canonical, signature
from .scenarios import Facts, build_facts, placements, scenarios

Lit = Literal | int
"""A Boolean literal: a model variable (or its negation) or a constant 0/1."""
Expr = LinearExpr | int
"""A linear expression over model variables, or a constant."""

STATUS = {
    cp_model.OPTIMAL: "OPTIMAL",
    cp_model.FEASIBLE: "FEASIBLE",
    cp_model.INFEASIBLE: "INFEASIBLE",
    cp_model.MODEL_INVALID: "MODEL_INVALID",
    cp_model.UNKNOWN: "UNKNOWN",
}


class SolverError(RuntimeError):
    """The model and the engine disagree: a bug, never bad input."""


@dataclass(frozen=True)
class Level:
    """One solve: the bound on actions, its status and its time."""

    bound: int
    status: str
    seconds: float


@dataclass(frozen=True)
class SolveResult:
    """The answer to a puzzle."""

    optimum: int | None
    """Least actions reaching the goal; None when no line within the horizon does."""
    line: tuple[Action, ...]
    status: str
    """OPTIMAL (optimum found and the bound below proven infeasible), INFEASIBLE (no line at
    all within the horizon) or UNKNOWN (a time limit stopped the proof)."""
    below_optimum: str
    """Status of the model with at most optimum-1 actions (INFEASIBLE when proven)."""
    seconds: float
    levels: tuple[Level, ...] = ()
    scenarios: int = 0
    unique: bool | None = None
    """With `unique=True`: whether no second canonical answer exists at the optimum."""
    other_line: tuple[Action, ...] | None = None


@dataclass
class Budget:
    """Actions available: turn 1, and turn 2 by how many temples turn 1 excavates."""

    first: int
    second: list[int] = field(default_factory=list)

    @property
    def most(self) -> int:
        """The most actions a line can spend."""
        return self.first + (max(self.second) if self.second else 0)


def budget(puzzle: Puzzle) -> Budget:
    """Actions of turn 1 and turn 2 (R-TURN-2): fixed when each action phase starts."""
    start = puzzle.start
    board = start.components.player_board
    done = len(start.hero.temples)
    first = start.actions_left if start.phase == "act" else board.actions_after(done)
    second = []
    if puzzle.turns == 2:
        for extra in range(puzzle.goal.temples + 1):
            second.append(board.actions_after(min(done + extra, board.temples)))
    return Budget(first, second)


def playable_cards(puzzle: Puzzle, most: int) -> list[str]:
    """Map cards a line of at most `most` actions could play: the hand, then deck tops.

    A bought card needs a buy, a move off Thera and the excavation: at most 3 cards per
    action left over. Each costs at least a drachma.
    """
    start = puzzle.start
    hero = start.hero
    cards = list(dict.fromkeys(sorted(hero.maps)))
    buys = max(0, most - 2)
    money = hero.drachmas + 5 * (len(hero.cargo) + 3 * buys)
    depth = min(3 * buys, money)
    for deck in start.map_decks:
        cards.extend(deck[:depth])
    return cards


def _cards_in_hand(puzzle: Puzzle) -> tuple[list[str], list[str]]:
    """The map cards in hand that could dig the goal's temple (the named one, if the goal names
    one), and those of them the hero can pay for now (R-EXC-1)."""
    hero = puzzle.start.hero
    comps = puzzle.start.components
    wanted = [puzzle.goal.map_card] if puzzle.goal.map_card is not None else sorted(hero.maps)
    in_hand = [k for k in wanted if k in hero.maps]
    return in_hand, [k for k in in_hand if comps.map[k].cost <= hero.drachmas]


def board_free_lower_bound(puzzle: Puzzle) -> int:
    """A lower bound on the actions of any line that no board can change, found without
    reading any scenario: one action per temple (R-EXC-1), and one more when the line cannot
    excavate where it starts with what it holds.

    That one more is sound because, with no movement point in hand (a placement starts the
    action phase with none, and so does every new turn), any step starts a Move action and
    costs one (R-MOVE-2); a boat at Thera must step off it to excavate (no temple on Thera);
    and without a map card in hand that it can pay for (the named one, if the goal names one),
    the hero must buy a card (an action) or sell cubes, which only happens at Thera (R-FREE-1),
    away from any excavation site. With points in hand only the purchase counts.
    """
    start = puzzle.start
    in_hand, payable = _cards_in_hand(puzzle)
    points = start.points if start.phase == "act" else 0
    if points == 0:
        at_thera = start.hero.boat in start.board.thera_docks
        extra = 1 if at_thera or not payable else 0
    else:
        extra = 1 if not in_hand else 0
    return puzzle.goal.temples + extra


def one_action_possible(puzzle: Puzzle) -> bool:
    """Whether any board a line can meet lets it reach the goal with one action, for a start
    with no movement point in hand; checked without reading the facts of any board.

    With no point in hand every step costs an action (R-MOVE-2), and so do a load, a purchase
    and the oracle: a line of one action is an excavation from the dock where the boat starts,
    with a card in hand it can pay for (R-EXC-1), after the placements it makes for free.
    """
    start = puzzle.start
    hero = start.hero
    comps = start.components
    dock = hero.boat
    if puzzle.goal.temples > 1 or dock is None:
        return False
    cards = [comps.map[k] for k in _cards_in_hand(puzzle)[1]]
    temple_sites = [site for seat in start.seats for _, site in seat.temples]
    seen: set[object] = set()
    for sc in scenarios(puzzle):
        if sc.oracle is not None:
            continue  # the oracle is an action
        for board in sc.boards:
            if board.placements in seen:
                continue
            seen.add(board.placements)
            island = board.island_of_dock[dock]
            if island == board.thera_island or island in {board.island_at(q) for q in temple_sites}:
                continue
            for card in cards:
                bounds = site_bounds(board, puzzle.hero, card)
                if any(fits_bounds(bounds, q) for q in board.island_quads[island]):
                    return True
    return False


def _actions_for(steps: int, points: int) -> int:
    """Fewest actions for `steps` steps with `points` points in hand: 2 points per action at most."""
    return max(0, -(-(steps - points) // 2))


def scenario_lower_bounds(facts: Facts) -> list[int]:
    """Per scenario, a lower bound on the actions of any line reaching the goal.

    Any line excavates (1 action per temple) at a dock where its card fits, having sailed there
    at 2 steps per action at most. A card it must buy, or cannot pay for, sends it to Thera
    first; a buy is 1 action more. Money comes from selling cubes carried to Thera: a loaded
    boat moves 1 step per action, and a boat that sets out empty needs a load (1 action).
    Distances are measured on the last turn's board, which has every step of the earlier one.
    """
    puzzle = facts.puzzle
    start = puzzle.start
    hero = start.hero
    comps = start.components
    p0 = start.points if start.phase == "act" else 0
    goal = puzzle.goal
    cards = [goal.map_card] if goal.map_card is not None else facts.cards
    hand = set(hero.maps)
    far = 10**6
    out = []
    last = len(facts.layers) - 1
    # Where each card fits, per scenario: the dig table turned inside out once.
    fits: list[dict[str, list[str]]] = [{} for _ in facts.scenarios]
    for (card, d), holding in facts.layers[last].dig.items():
        for s in holding:
            fits[s].setdefault(card, []).append(d)
    for s in range(len(facts.scenarios)):
        steps = facts.steps_from[s]
        thera_docks = [d for d, n in steps["thera"].items() if n == 0]
        to_thera = min((steps["start"].get(d, far) for d in thera_docks), default=far)
        best = far
        for k in cards:
            if k not in facts.cards:
                continue
            where = fits[s].get(k)
            if not where:
                continue
            bought = k not in hand
            short = comps.map[k].cost + (1 if bought else 0) > hero.drachmas
            if not bought and not short:
                travel = _actions_for(min(steps["start"].get(d, far) for d in where), p0)
            else:
                first_leg = _actions_for(to_thera, p0)
                if short:
                    loaded = max(0, to_thera - p0) if hero.cargo else far
                    first_leg = min(loaded, 1 + first_leg)
                from_thera = min(steps["thera"].get(d, far) for d in where)
                travel = first_leg + _actions_for(from_thera, 0) + (1 if bought else 0)
            best = min(best, 1 + travel)
        out.append(max(best, goal.temples) if best < far else far)
    return out


# ---- the model -------------------------------------------------------------------------------


def _neg(lit: Lit) -> Lit:
    return 1 - lit if isinstance(lit, int) else lit.negated()


def _same(a: Lit, b: Lit) -> bool:
    """Whether two literals are the same constant or the same variable."""
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int) and a == b
    return a is b


class _Builder:
    """Builds the model for one bound on actions, and reads a line back from a solution."""

    def __init__(self, facts: Facts, bound: int, bud: Budget) -> None:
        self.f = facts
        self.p = facts.puzzle
        self.start = facts.puzzle.start
        self.comps = self.start.components
        self.hero = self.start.hero
        self.bound = bound
        self.bud = bud
        self.turns = len(facts.scenarios[0].boards)
        self.m = cp_model.CpModel()
        self._cache: dict[frozenset[int], Lit] = {}
        self.p0 = self.start.points if self.start.phase == "act" else 0
        # Each action gives at most 2 movement points, each step costs at least 1, and one action
        # at least is the excavation. Two stops have a step or the end of turn 1 between them.
        self.max_steps = self.p0 + 2 * (bound - 1)
        self.events = 2 * self.max_steps + 1 + 2 * (self.turns - 1)
        self.docks = [d for d in facts.docks if facts.distance[d] <= self.max_steps]
        self.dock_set = set(self.docks)
        occupied = self.start.seat(self.start.other).boat
        self.occupied = occupied if occupied in self.dock_set else None
        hand = set(self.hero.maps)
        depth = 3 * max(0, bound - 2)
        self.cards = [
            k
            for k in facts.cards
            if (k in hand or self.start.map_decks[DECKS.index(self.comps.map[k].deck)].index(k) < depth)
            and any(card == k and d in self.dock_set for layer in facts.layers for (card, d) in layer.dig)
        ]
        # Land that can hold cubes the boat may load: parts some reachable dock shares an island with.
        reach: dict[str, list[str]] = {}
        for layer in facts.layers:
            for part, d in layer.same_island:
                if d in self.dock_set and d not in reach.setdefault(part, []):
                    reach[part].append(d)
        self.part_docks = reach
        self.parts = sorted(reach)

    # -- literals over scenarios ----------------------------------------------------------

    def holds(self, scens: Iterable[int] | None) -> Lit:
        """A literal true exactly in the given scenarios."""
        n = len(self.f.scenarios)
        sset = frozenset(scens or ())
        if len(sset) == n:
            return 1
        if not sset:
            return 0
        if sset not in self._cache:
            lit = self.m.new_bool_var(f"in {len(sset)} of {n} scenarios")
            if len(sset) <= n - len(sset):
                self.m.add(lit == sum(self.scen[s] for s in sset))
            else:
                self.m.add(lit == 1 - sum(self.scen[s] for s in range(n) if s not in sset))
            self._cache[sset] = lit
        return self._cache[sset]

    def clause(self, premises: Sequence[Lit], conclusion: Lit) -> None:
        """If every premise holds, the conclusion holds."""
        if any(isinstance(p, int) and p == 0 for p in premises) or (isinstance(conclusion, int) and conclusion == 1):
            return
        lits = [_neg(p) for p in premises if not isinstance(p, int)]
        if not isinstance(conclusion, int):
            lits.append(conclusion)
        self.m.add_bool_or(lits)

    def require(self, h: int, premises: Sequence[Lit], table: str, key: object, negate: bool = False) -> None:
        """If the premises hold at event h, the fact `table[key]` holds on that turn's board."""
        n = len(self.f.scenarios)
        facts = []
        for layer in self.f.layers:
            sset = set(getattr(layer, table).get(key, ()))
            facts.append(self.holds(set(range(n)) - sset if negate else sset))
        if len(facts) == 1 or _same(facts[0], facts[1]):
            self.clause(premises, facts[0])
            return
        t2 = self.t2[h]
        self.clause([*premises, t2.negated()], facts[0])
        self.clause([*premises, t2], facts[1])

    # -- build ----------------------------------------------------------------------------

    def build(self) -> None:
        """Variables and constraints, in the order the ideas are explained."""
        self._scenarios()
        self._events()
        self._positions()
        self._steps()
        self._movement_points()
        self._stops()
        self._cargo()
        self._placement_cubes()
        self._market_and_money()
        self._cubes_on_land()
        self._map_cards()
        self._oracle()
        self._actions()
        self._goal()
        self._bounds()

    def _scenarios(self) -> None:
        # Exactly one scenario: the line's tile placements and oracle choice.
        self.scen = [self.m.new_bool_var(f"scenario {i}") for i in range(len(self.f.scenarios))]
        self.m.add_exactly_one(self.scen)

    def _events(self) -> None:
        # Each event is a step, a stop, the end of turn 1, or idle; idle only at the tail, two
        # stops never in a row (they are one stop), and t2[h]: event h happens in turn 2.
        m, E = self.m, self.events
        self.step = [m.new_bool_var(f"event {h} is a step") for h in range(E)]
        self.stop = [m.new_bool_var(f"event {h} is a stop") for h in range(E)]
        self.end = [m.new_bool_var(f"event {h} ends turn 1") for h in range(E)]
        self.idle = [m.new_bool_var(f"event {h} is idle") for h in range(E)]
        self.t2 = [m.new_bool_var(f"event {h} in turn 2") for h in range(E + 1)]
        m.add(self.t2[0] == 0)
        for h in range(E):
            m.add_exactly_one([self.step[h], self.stop[h], self.end[h], self.idle[h]])
            if self.turns == 1:
                m.add(self.end[h] == 0)
            m.add(self.t2[h + 1] == self.t2[h] + self.end[h])
            if h + 1 < E:
                m.add_implication(self.idle[h], self.idle[h + 1])
                m.add_bool_or([self.stop[h].negated(), self.stop[h + 1].negated()])

    def _positions(self) -> None:
        # at[h][d]: the boat is at dock d before event h, one dock at a time, on a dock that
        # exists on that turn's board.
        m, E = self.m, self.events
        self.at = [{d: m.new_bool_var(f"boat at {d} before event {h}") for d in self.docks} for h in range(E + 1)]
        for h in range(E + 1):
            m.add_exactly_one(self.at[h].values())
            for d, lit in self.at[h].items():
                if self.f.distance[d] > h:
                    m.add(lit == 0)  # too far to have sailed there yet
                else:
                    self.require(h, [lit], "exists", d)
        m.add(self.at[0][self.docks[0]] == 1)
        if self.occupied is not None:
            # The passive opponent's boat: no stop and no end of turn at its dock (R-MOVE-3).
            for h in range(E):
                occ = self.at[h][self.occupied]
                m.add_bool_or([occ.negated(), self.stop[h].negated()])
                m.add_bool_or([occ.negated(), self.end[h].negated()])

    def _steps(self) -> None:
        # A step moves the boat within a *hub*, a group of docks any two of which one step joins:
        # a shipping-route component or an island (R-MOVE-1). Any other event leaves it in place.
        m, E = self.m, self.events
        dist = self.f.distance
        hubs = sorted(
            {g & self.dock_set for layer in self.f.layers for g in layer.hubs if len(g & self.dock_set) >= 2},
            key=lambda g: sorted(g),
        )
        self.hub_of: list[dict[frozenset[str], cp_model.IntVar]] = []
        for h in range(E):
            chosen = {}
            for g in hubs:
                if min(dist[d] for d in g) > h:
                    continue  # no dock of the hub is reachable yet
                z = m.new_bool_var(f"step within {sorted(g)[0]}.. at event {h}")
                m.add_bool_or([self.at[h][d] for d in g]).only_enforce_if(z)
                m.add_bool_or([self.at[h + 1][d] for d in g]).only_enforce_if(z)
                self._hub_holds(h, z, g)
                chosen[g] = z
            m.add(sum(chosen.values()) == self.step[h])
            for d in self.docks:
                m.add_bool_or([self.step[h], self.at[h][d].negated(), self.at[h + 1][d]])
                m.add_bool_or([self.step[h].negated(), self.at[h][d].negated(), self.at[h + 1][d].negated()])
            self.hub_of.append(chosen)

    def _hub_holds(self, h: int, z: cp_model.IntVar, g: frozenset[str]) -> None:
        """The hub joins its docks on that turn's board: a group on the board contains it."""
        n = len(self.f.scenarios)
        sets = []
        for layer in self.f.layers:
            found: set[int] = set()
            for group, scens in layer.hubs.items():
                if g <= group:
                    found |= scens
            sets.append(found)
        facts = [self.holds(x) for x in sets]
        del n
        if len(facts) == 1 or _same(facts[0], facts[1]):
            self.clause([z], facts[0])
        else:
            self.clause([z, self.t2[h].negated()], facts[0])
            self.clause([z, self.t2[h]], facts[1])

    def _movement_points(self) -> None:
        # A step costs 1 point, 2 leaving the opponent's dock; a Move action gives 1 point, 2 to an
        # empty boat, and starts only when the points left do not pay the step (R-MOVE-2, 3).
        m, E = self.m, self.events
        self.points = [m.new_int_var(0, 3, f"points before event {h}") for h in range(E + 1)]
        self.started = [m.new_int_var(0, 2, f"Move actions started at event {h}") for h in range(E)]
        self.empty = [m.new_bool_var(f"boat empty before event {h}") for h in range(E + 1)]
        m.add(self.points[0] == min(self.p0, 3))
        for h in range(E):
            need = 1 + (self.at[h][self.occupied] if self.occupied is not None else 0)
            bonus = m.new_int_var(0, 2, f"empty-boat points at event {h}")  # empty * started
            m.add(bonus <= 2 * self.empty[h])
            m.add(bonus <= self.started[h])
            m.add(bonus >= self.started[h] - 2 * (1 - self.empty[h]))
            step = self.step[h]
            m.add(self.points[h + 1] == self.points[h] + self.started[h] + bonus - need).only_enforce_if(step)
            # With a Move action started, fewer points remain than one more would give.
            some = m.new_bool_var(f"a Move action starts at event {h}")
            m.add(self.started[h] >= 1).only_enforce_if(some)
            m.add(self.started[h] == 0).only_enforce_if(some.negated())
            m.add_implication(some, step)
            m.add(self.points[h + 1] <= self.empty[h]).only_enforce_if(some)
            # A stop or the end of the turn loses the points left.
            m.add(self.points[h + 1] == 0).only_enforce_if(self.stop[h])
            m.add(self.points[h + 1] == 0).only_enforce_if(self.end[h])
            m.add(self.points[h + 1] == self.points[h]).only_enforce_if(self.idle[h])

    def _stops(self) -> None:
        # What a stop does (all zero unless the event is a stop), and where: sell and buy only
        # at Thera, unload anywhere else (R-FREE-1, R-FREE-2, R-BUY-1).
        m, E = self.m, self.events
        self.unload = [{c: m.new_int_var(0, 3, f"unload {c} at {h}") for c in COLOURS} for h in range(E)]
        self.sell = [{c: m.new_int_var(0, 3, f"sell {c} at {h}") for c in COLOURS} for h in range(E)]
        self.load = [{c: m.new_int_var(0, 3, f"load {c} at {h}") for c in COLOURS} for h in range(E)]
        self.loads = [m.new_bool_var(f"load action at {h}") for h in range(E)]
        self.thera = [m.new_bool_var(f"boat at Thera at {h}") for h in range(E)]
        for h in range(E):
            stop = self.stop[h]
            for group in (self.unload[h], self.sell[h], self.load[h]):
                for v in group.values():
                    m.add(v == 0).only_enforce_if(stop.negated())
            m.add(sum(self.load[h].values()) >= 1).only_enforce_if(self.loads[h])
            m.add(sum(self.load[h].values()) == 0).only_enforce_if(self.loads[h].negated())
            for d in self.docks:
                at = self.at[h][d]
                self.require(h, [at, self.thera[h]], "thera", d)
                self.require(h, [at, self.thera[h].negated()], "thera", d, negate=True)
            m.add(sum(self.sell[h].values()) == 0).only_enforce_if(self.thera[h].negated())
            m.add(sum(self.unload[h].values()) == 0).only_enforce_if(self.thera[h])

    def _cargo(self) -> None:
        # Cargo: at most 3 cubes (R-LOAD-1); a stop unloads, sells, then loads.
        m, E = self.m, self.events
        self.cargo = [{c: m.new_int_var(0, 3, f"cargo {c} before {h}") for c in COLOURS} for h in range(E + 1)]
        for c in COLOURS:
            m.add(self.cargo[0][c] == self.hero.cargo.count(c))
        for h in range(E + 1):
            total = sum(self.cargo[h].values())
            m.add(total <= 3)
            m.add(total == 0).only_enforce_if(self.empty[h])
            m.add(total >= 1).only_enforce_if(self.empty[h].negated())
        for h in range(E):
            for c in COLOURS:
                m.add(self.unload[h][c] + self.sell[h][c] <= self.cargo[h][c])
                m.add(self.cargo[h + 1][c] == self.cargo[h][c] - self.unload[h][c] - self.sell[h][c] + self.load[h][c])

    def _placement_cubes(self) -> None:
        # A placed tile takes a cube of its icon's colour onto the icon's piece if the market has
        # one; then, if a piece of the tile lies on another island and a cube is left, one cube of
        # any colour there (R-TILE-2). Turn 1's placement is before the first event, turn 2's at
        # the end of turn 1, with the market as it then is.
        m = self.m
        self.first_cube: list[dict[str, Lit]] = []
        self.second_colour: list[dict[str, cp_model.IntVar]] = []
        self.second_piece: list[list[cp_model.IntVar]] = []
        self.icon_piece: list[list[Lit]] = []
        self.placement_market: list[dict[str, cp_model.IntVar]] = []
        for which in range(1, self.turns + 1):
            facts = self.f.placement[which - 1]
            market = {c: m.new_int_var(0, 8, f"market {c} at placement {which}") for c in COLOURS}
            placed = self.holds(facts.keys())
            n_pieces = max((pf.pieces for pf in facts.values()), default=0)
            first: dict[str, Lit] = {}
            left: dict[str, cp_model.IntVar] = {}
            for c in COLOURS:
                icon_c = self.holds(s for s, pf in facts.items() if pf.icon_colour == c)
                if isinstance(icon_c, int) and icon_c == 0:
                    first[c] = 0
                else:
                    lit = m.new_bool_var(f"first cube {c} at placement {which}")
                    # Taken exactly when the tile's icon is of this colour and the market has one.
                    m.add(market[c] >= 1).only_enforce_if(lit)
                    self.clause([lit], icon_c)
                    has = m.new_bool_var(f"market has {c} at placement {which}")
                    m.add(market[c] >= 1).only_enforce_if(has)
                    m.add(market[c] == 0).only_enforce_if(has.negated())
                    self.clause([has, icon_c], lit)
                    first[c] = lit
                rest = m.new_bool_var(f"{c} left for the second cube at placement {which}")
                m.add(market[c] - first[c] >= 1).only_enforce_if(rest)
                m.add(market[c] - first[c] <= 0).only_enforce_if(rest.negated())
                left[c] = rest
            colours = {c: m.new_bool_var(f"second cube {c} at placement {which}") for c in COLOURS}
            for c in COLOURS:
                m.add_implication(colours[c], left[c])
            pieces = [m.new_bool_var(f"second cube on piece {k} at placement {which}") for k in range(n_pieces)]
            for k, lit in enumerate(pieces):
                self.clause([lit], self.holds(s for s, pf in facts.items() if k in pf.second_cube))
            some_piece = self.holds(s for s, pf in facts.items() if pf.second_cube)
            some_colour = m.new_bool_var(f"a cube is left at placement {which}")
            m.add_bool_or(list(left.values())).only_enforce_if(some_colour)
            for lit in left.values():
                m.add_implication(lit, some_colour)
            owed = m.new_bool_var(f"second cube owed at placement {which}")
            self.clause([owed], some_piece)
            self.clause([owed], placed)
            m.add_implication(owed, some_colour)
            self.clause([some_piece, placed, some_colour], owed)
            m.add(sum(colours.values()) == owed)
            m.add(sum(pieces) == owed)
            self.first_cube.append(first)
            self.second_colour.append(colours)
            self.second_piece.append(pieces)
            self.icon_piece.append(
                [self.holds(s for s, pf in facts.items() if pf.icon_piece == k) for k in range(n_pieces)]
            )
            self.placement_market.append(market)

    def _market_and_money(self) -> None:
        # Market cubes per colour and drachmas. A cube sells for the price of the rightmost empty
        # space of its colour, cube by cube (R-FREE-1).
        m, E = self.m, self.events
        track = self.comps.market.track
        per = len(track)
        revenue = [
            sum(track[per - (k + i) - 1] for i in range(q)) if k + q <= per else 0
            for k in range(per + 1)
            for q in range(4)
        ]
        self.market = [{c: m.new_int_var(0, per, f"market {c} before {h}") for c in COLOURS} for h in range(E + 1)]
        self.money = [m.new_int_var(0, 500, f"drachmas before {h}") for h in range(E + 1)]
        start_market = dict(zip(COLOURS, self.start.market, strict=True))
        first_placement = self.start.phase == "place"
        for c in COLOURS:
            if first_placement:
                m.add(self.placement_market[0][c] == start_market[c])
                m.add(self.market[0][c] == start_market[c] - self.first_cube[0][c] - self.second_colour[0][c])
            else:
                m.add(self.market[0][c] == start_market[c])
        m.add(self.money[0] == self.hero.drachmas)
        self.income = []
        for h in range(E):
            gain = []
            for c in COLOURS:
                index = m.new_int_var(0, len(revenue) - 1, f"sale index {c} at {h}")
                m.add(index == self.market[h][c] * 4 + self.sell[h][c])
                m.add(self.market[h][c] + self.sell[h][c] <= per)
                got = m.new_int_var(0, max(revenue), f"income {c} at {h}")
                m.add_element(index, revenue, got)
                gain.append(got)
                taken: Expr = 0
                if self.turns == 2:
                    # The turn-2 placement takes its cubes at the end of turn 1.
                    m.add(self.placement_market[1][c] == self.market[h][c]).only_enforce_if(self.end[h])
                    cubes = m.new_int_var(0, 2, f"placement cubes {c} taken at {h}")
                    m.add(cubes == self.first_cube[1][c] + self.second_colour[1][c]).only_enforce_if(self.end[h])
                    m.add(cubes == 0).only_enforce_if(self.end[h].negated())
                    taken = cubes
                m.add(self.market[h + 1][c] == self.market[h][c] + self.sell[h][c] - taken)
            self.income.append(sum(gain))

    def _cubes_on_land(self) -> None:
        # Cubes on each part of land; a load takes them from parts on the boat's island, an
        # unload puts them on the piece of the boat's dock (R-LOAD-1, R-FREE-2, R-TILE-3).
        m, E = self.m, self.events
        parts = self.parts
        placed = {1: self._piece_cubes(1)} if self.start.phase == "place" else {}
        second = self._piece_cubes(2) if self.turns == 2 else {}
        self.cubes = [
            {(q, c): m.new_int_var(0, 8, f"{c} on {q} before {h}") for q in parts for c in COLOURS}
            for h in range(E + 1)
        ]
        for q in parts:
            for c in COLOURS:
                v = self.cubes[0][(q, c)]
                if q.startswith("I:"):
                    m.add(v == self.f.start_cubes.get(q, {}).get(c, 0))
                elif q.startswith("+1:") and (q, c) in placed.get(1, {}):
                    m.add(v == placed[1][(q, c)])
                else:
                    m.add(v == 0)
        own_docks: dict[str, list[str]] = {}
        for d in self.docks:
            own_docks.setdefault(self.f.part_of_dock[d], []).append(d)
        for h in range(E):
            taken: dict[str, list[cp_model.IntVar]] = {c: [] for c in COLOURS}
            dropped: dict[str, list[cp_model.IntVar]] = {c: [] for c in COLOURS}
            for q in parts:
                on_island = m.new_bool_var(f"boat on {q}'s island at {h}")
                m.add_bool_or([self.at[h][d] for d in self.part_docks[q]]).only_enforce_if(on_island)
                for d in self.part_docks[q]:
                    self.require(h, [self.at[h][d], on_island], "same_island", (q, d))
                here = own_docks.get(q, [])
                for c in COLOURS:
                    t = m.new_int_var(0, 3, f"load {c} from {q} at {h}")
                    m.add(t <= 3 * on_island)
                    m.add(t <= self.cubes[h][(q, c)])
                    taken[c].append(t)
                    add: Expr = 0
                    if here:
                        u = m.new_int_var(0, 3, f"unload {c} onto {q} at {h}")
                        m.add(u <= 3 * sum(self.at[h][d] for d in here))
                        dropped[c].append(u)
                        add = u
                    if (q, c) in second:
                        extra = m.new_int_var(0, 2, f"placed {c} on {q} at {h}")
                        m.add(extra == second[(q, c)]).only_enforce_if(self.end[h])
                        m.add(extra == 0).only_enforce_if(self.end[h].negated())
                        add = add + extra
                    m.add(self.cubes[h + 1][(q, c)] == self.cubes[h][(q, c)] - t + add)
            for c in COLOURS:
                m.add(sum(taken[c]) == self.load[h][c])
                m.add(sum(dropped[c]) == self.unload[h][c])

    def _piece_cubes(self, which: int) -> dict[tuple[str, str], cp_model.IntVar]:
        """Cubes a placement puts on each of its pieces."""
        m = self.m
        out: dict[tuple[str, str], cp_model.IntVar] = {}
        for k, piece in enumerate(self.second_piece[which - 1]):
            q = f"+{which}:p{k}"
            if q not in self.part_docks:
                continue
            for c in COLOURS:
                v = m.new_int_var(0, 2, f"placed {c} on {q}")
                first = self.first_cube[which - 1][c]
                on_icon = m.new_bool_var(f"first cube {c} on {q}")
                self.clause([on_icon], first)
                self.clause([on_icon], self.icon_piece[which - 1][k])
                self.clause([first, self.icon_piece[which - 1][k]], on_icon)
                second = m.new_bool_var(f"second cube {c} on {q}")
                m.add_bool_and([piece, self.second_colour[which - 1][c]]).only_enforce_if(second)
                m.add_bool_or([piece.negated(), self.second_colour[which - 1][c].negated()]).only_enforce_if(
                    second.negated()
                )
                m.add(v == on_icon + second)
                out[(q, c)] = v
        return out

    def _map_cards(self) -> None:
        # Buying at Thera: 1, 2 or 3 cards per action for 1, 3 or 7 drachmas, each from a chosen
        # deck, from the top (R-BUY-1). Excavating: a card in hand, its cost paid, on an island
        # where it fits, not Thera, with no temple (R-EXC-1, R-EXC-2).
        m, E = self.m, self.events
        prices = self.comps.setup.map_prices
        start = self.start
        most = 3 * max(0, self.bound - 2)
        self.bought = [{x: m.new_int_var(0, most, f"bought {x} before {h}") for x in DECKS} for h in range(E + 1)]
        self.buy_count = [
            [m.new_int_var(0, max(0, self.bound - 2), f"buys of {n + 1} at {h}") for n in range(len(prices))]
            for h in range(E)
        ]
        self.buy_decks = [{x: m.new_int_var(0, most, f"buy {x} at {h}") for x in DECKS} for h in range(E)]
        for x in DECKS:
            m.add(self.bought[0][x] == 0)
        hand = set(self.hero.maps)
        self.dig = [{k: m.new_bool_var(f"excavate {k} at {h}") for k in self.cards} for h in range(E)]
        self.digs = [m.new_bool_var(f"excavation at {h}") for h in range(E)]
        for h in range(E):
            n_buys = sum(self.buy_count[h])
            m.add(n_buys == 0).only_enforce_if(self.thera[h].negated())
            m.add(n_buys == 0).only_enforce_if(self.stop[h].negated())
            m.add(sum(self.buy_decks[h].values()) == sum((n + 1) * v for n, v in enumerate(self.buy_count[h])))
            for x_i, x in enumerate(DECKS):
                m.add(self.bought[h + 1][x] == self.bought[h][x] + self.buy_decks[h][x])
                m.add(self.bought[h + 1][x] <= len(start.map_decks[x_i]))
            m.add(sum(self.dig[h].values()) == self.digs[h])
            m.add_implication(self.digs[h], self.stop[h])
            cost_dig: Expr = 0
            for k, lit in self.dig[h].items():
                card = self.comps.map[k]
                cost_dig = cost_dig + card.cost * lit
                if k not in hand:
                    deck = DECKS.index(card.deck)
                    m.add(self.bought[h][card.deck] >= start.map_decks[deck].index(k) + 1).only_enforce_if(lit)
                # The card fits where the boat is.
                where = sorted(
                    {d for layer in self.f.layers for (card_id, d) in layer.dig if card_id == k and d in self.dock_set}
                )
                m.add_bool_or([self.at[h][d] for d in where]).only_enforce_if(lit)
                for d in where:
                    self.require(h, [lit, self.at[h][d]], "dig", (k, d))
            spent = sum(prices[n] * v for n, v in enumerate(self.buy_count[h])) + cost_dig
            m.add(self.money[h + 1] == self.money[h] + self.income[h] - spent)
        for k in self.cards:
            m.add(sum(self.dig[h][k] for h in range(E)) <= 1)
        self._distinct_islands()

    def _distinct_islands(self) -> None:
        # Each excavation needs an island with no temple yet, counting this line's (R-EXC-1).
        if self.p.goal.temples < 2:
            return
        E = self.events
        diggable = sorted({d for layer in self.f.layers for (_, d) in layer.dig if d in self.dock_set})
        for h2 in range(E):
            for h1 in range(h2):
                for d1 in diggable:
                    for d2 in diggable:
                        key = (d1, d2) if d1 <= d2 else (d2, d1)
                        premises = [self.digs[h1], self.at[h1][d1], self.digs[h2], self.at[h2][d2]]
                        self.require(h2, premises, "dock_island", key, negate=True)

    def _oracle(self) -> None:
        # The oracle, once, in turn 1 of a two-turn puzzle; its icon is the scenario's (R-ORA-1).
        m, E = self.m, self.events
        icons = sorted({sc.oracle for sc in self.f.scenarios if sc.oracle is not None})
        self.ask = [{i: m.new_bool_var(f"oracle {i} at {h}") for i in icons} for h in range(E)]
        self.asks = [m.new_int_var(0, 1, f"oracle at {h}") for h in range(E)]
        for h in range(E):
            m.add(self.asks[h] == sum(self.ask[h].values()))
            m.add(self.asks[h] == 0).only_enforce_if(self.stop[h].negated())
            m.add(self.asks[h] == 0).only_enforce_if(self.t2[h])
        for i in icons:
            used = sum(self.ask[h][i] for h in range(E))
            m.add(used == sum(self.scen[s] for s, sc in enumerate(self.f.scenarios) if sc.oracle == i))

    def _actions(self) -> None:
        # Actions as the game counts them, per turn: Move actions started, loads, buys,
        # excavations and the oracle; free actions cost none (R-TURN-2, R-TURN-3).
        m, E = self.m, self.events
        self.cost = []
        first_turn = []
        for h in range(E):
            v = m.new_int_var(0, 12, f"actions at {h}")
            m.add(v == self.started[h] + self.loads[h] + sum(self.buy_count[h]) + self.digs[h] + self.asks[h])
            # A stop does something.
            m.add(sum(self.unload[h].values()) + sum(self.sell[h].values()) + v >= 1).only_enforce_if(self.stop[h])
            in_first = m.new_int_var(0, 12, f"turn-1 actions at {h}")
            m.add(in_first == v).only_enforce_if(self.t2[h].negated())
            m.add(in_first == 0).only_enforce_if(self.t2[h])
            self.cost.append(v)
            first_turn.append(in_first)
        self.total = m.new_int_var(0, self.bound, "actions in all")
        m.add(self.total == sum(self.cost))
        m.add(sum(first_turn) <= self.bud.first)
        if self.turns == 2:
            # Turn 2's actions depend on the temples turn 1 revealed (R-TURN-2).
            early = []
            for h in range(E):
                lit = m.new_bool_var(f"turn-1 excavation at {h}")
                m.add_bool_and([self.digs[h], self.t2[h].negated()]).only_enforce_if(lit)
                m.add_bool_or([self.digs[h].negated(), self.t2[h]]).only_enforce_if(lit.negated())
                early.append(lit)
            revealed = m.new_int_var(0, len(self.bud.second) - 1, "temples excavated in turn 1")
            m.add(revealed == sum(early))
            # Turn 2 comes only if no seat has excavated every temple by the end of turn 1: else
            # the game ends with the round (R-END-2).
            board = self.comps.player_board
            if len(self.start.seat(self.start.other).temples) >= board.temples:
                for h in range(E):
                    m.add(self.end[h] == 0)
            else:
                m.add(revealed <= board.temples - len(self.hero.temples) - 1).only_enforce_if(self.t2[E])
            allowed = m.new_int_var(0, 12, "actions of turn 2")
            m.add_element(revealed, self.bud.second, allowed)
            m.add(self.total - sum(first_turn) <= allowed)

    def _goal(self) -> None:
        # The goal: this many temples, one with the named map card if any.
        m, E = self.m, self.events
        goal = self.p.goal
        m.add(sum(self.digs) >= goal.temples)
        if goal.map_card is not None:
            if goal.map_card in self.cards:
                m.add(sum(self.dig[h][goal.map_card] for h in range(E)) >= 1)
            else:
                m.add_bool_or([])  # the named card fits nowhere this bound can reach
        # Never more excavations than temples left on the player board (R-EXC-1).
        m.add(sum(self.digs) <= self.comps.player_board.temples - len(self.hero.temples))
        # The line ends at the goal: once it is met, every later event is idle.
        for h in range(1, E):
            done = sum(self.digs[:h])
            met = m.new_bool_var(f"goal met before event {h}")
            m.add_implication(met, self.idle[h])
            if goal.map_card is None or goal.map_card not in self.cards:
                m.add(done <= goal.temples - 1).only_enforce_if(met.negated())
                continue
            named = m.new_bool_var(f"{goal.map_card} played before event {h}")
            m.add(sum(self.dig[i][goal.map_card] for i in range(h)) >= 1).only_enforce_if(named)
            m.add(sum(self.dig[i][goal.map_card] for i in range(h)) == 0).only_enforce_if(named.negated())
            m.add(done <= goal.temples - 1).only_enforce_if([met.negated(), named])

    def _bounds(self) -> None:
        # Redundant, for the proofs: no scenario's line is shorter than its lower bound; the
        # boat is never farther than the events so far allow; no step straight back.
        m = self.m
        for s, lb in enumerate(scenario_lower_bounds(self.f)):
            if lb > self.bound:
                m.add(self.scen[s] == 0)
            else:
                m.add(self.total >= lb).only_enforce_if(self.scen[s])
        # Every dock of a line lies on a path from the start to where a card fits: its distances
        # to both ends add up to no more than the steps the bound allows.
        far = 10**6
        for h in range(1, self.events + 1):
            for d in self.docks:
                if self.f.distance[d] > h:
                    continue
                near = [
                    s
                    for s, steps in enumerate(self.f.steps_from)
                    if steps["start"].get(d, far) <= h
                    and steps["start"].get(d, far) + steps["dig"].get(d, far) <= self.max_steps
                ]
                self.clause([self.at[h][d]], self.holds(near))
        for h in range(self.events - 1):
            # at[h][d] and two steps later at[h+2][d] again, with steps in between: pointless.
            for d in self.docks:
                m.add_bool_or(
                    [
                        self.step[h].negated(),
                        self.step[h + 1].negated(),
                        self.at[h][d].negated(),
                        self.at[h + 2][d].negated(),
                    ]
                )

    # -- uniqueness ----------------------------------------------------------------------

    def _is(self, expr: Expr, value: int, name: str) -> cp_model.IntVar:
        """A literal equivalent to `expr == value`."""
        b = self.m.new_bool_var(name)
        self.m.add(expr == value).only_enforce_if(b)
        self.m.add(expr != value).only_enforce_if(b.negated())
        return b

    def _all(self, lits: Sequence[Lit], name: str) -> Lit:
        """A literal equivalent to the conjunction of `lits`."""
        if any(isinstance(x, int) and x == 0 for x in lits):
            return 0
        rest = [x for x in lits if not isinstance(x, int)]
        if not rest:
            return 1
        b = self.m.new_bool_var(name)
        self.m.add_bool_and(rest).only_enforce_if(b)
        self.m.add_bool_or([x.negated() for x in rest]).only_enforce_if(b.negated())
        return b

    def _any(self, lits: Sequence[Lit], name: str) -> Lit:
        """A literal equivalent to the disjunction of `lits`."""
        if any(isinstance(x, int) and x == 1 for x in lits):
            return 1
        rest = [x for x in lits if not isinstance(x, int)]
        if not rest:
            return 0
        b = self.m.new_bool_var(name)
        self.m.add_bool_or(rest).only_enforce_if(b)
        for x in rest:
            self.m.add_implication(x, b)
        return b

    def forbid(self, answer: ModelAnswer) -> None:
        """Forbid every line with this answer's signature (solver/canonical.py).

        Every literal below is equivalent to what it names, so that no line with the signature
        can slip through by leaving one false.
        """
        m, E = self.m, self.events
        # The placements the answer makes: a scenario with the same ones (a placement the line
        # never reaches, such as turn 2's when it ends in turn 1, does not count).
        same: list[Lit] = []
        for which, slot, rotation in answer.placements:
            same.append(
                self.holds(
                    s
                    for s, sc in enumerate(self.f.scenarios)
                    if (p := sc.placement(which)) is not None and (p.slot, p.rotation) == (slot, rotation)
                )
            )
        # Visits: stops that pay for something or sell, and the end of turn 1, in order.
        marks = []
        for h in range(E):
            paid = self.cost[h] - self.started[h] + sum(self.sell[h].values())
            pays = self.m.new_bool_var(f"event {h} pays or sells")
            m.add(paid >= 1).only_enforce_if(pays)
            m.add(paid == 0).only_enforce_if(pays.negated())
            paying = self._all([self.stop[h], pays], f"event {h} is a paying stop")
            marks.append(self._any([paying, self.end[h]], f"event {h} is a visit"))
        rank = [m.new_int_var(0, E, f"visits before {h}") for h in range(E + 1)]
        m.add(rank[0] == 0)
        for h in range(E):
            m.add(rank[h + 1] == rank[h] + marks[h])
        same.append(self._is(rank[E], len(answer.visits), "as many visits"))
        for j, visit in enumerate(answer.visits):
            found: list[Lit] = []
            for h in range(E):
                conds: list[Lit] = [self._is(rank[h], j, f"event {h} is visit number {j}"), marks[h]]
                if visit.end:
                    conds.append(self.end[h])
                else:
                    conds.append(self.stop[h])
                    conds.append(
                        self._any(
                            [self.at[h][d] for d in visit.island if d in self.dock_set],
                            f"event {h} on visit {j}'s island",
                        )
                    )
                    for c in COLOURS:
                        conds.append(self._is(self.load[h][c], visit.load.count(c), f"load {c} {h} {j}"))
                    for n, v in enumerate(self.buy_count[h]):
                        conds.append(self._is(v, visit.buys.count(n + 1), f"buys {n} {h} {j}"))
                    for x in DECKS:
                        conds.append(self._is(self.buy_decks[h][x], visit.decks.count(x), f"deck {x} {h} {j}"))
                    for k, lit in self.dig[h].items():
                        conds.append(lit if visit.card == k else lit.negated())
                    if visit.card is not None and visit.card not in self.dig[h]:
                        conds.append(0)
                    for i, lit in self.ask[h].items():
                        conds.append(lit if visit.oracle == i else lit.negated())
                    if visit.oracle is not None and visit.oracle not in self.ask[h]:
                        conds.append(0)
                    sold = sum(self.sell[h].values())
                    if visit.sells:
                        conds.append(_neg(self._is(sold, 0, f"no sale {h} {j}")))
                    else:
                        conds.append(self._is(sold, 0, f"no sale {h} {j}"))
                found.append(self._all(conds, f"event {h} matches visit {j}"))
            same.append(self._any(found, f"visit {j} matched"))
        m.add_bool_or([_neg(x) for x in same if not (isinstance(x, int) and x == 1)] or [0])

    # -- reading a solution -----------------------------------------------------------------

    def read(self, solver: cp_model.CpSolver) -> tuple[int, int, list[Action]]:
        """The actions spent, the scenario, and the line (sites chosen later, on replay)."""
        v = solver.value
        f = self.f
        s = next(i for i, x in enumerate(self.scen) if v(x))
        sc = f.scenarios[s]
        line: list[Action] = []
        if sc.first is not None:
            line.append(self._placement(solver, s, 1))
        for h in range(self.events):
            turn = v(self.t2[h])
            here = next(d for d, x in self.at[h].items() if v(x))
            if v(self.step[h]):
                there = next(d for d, x in self.at[h + 1].items() if v(x))
                board = sc.boards[turn]
                a, b = f.name(s, turn, here), f.name(s, turn, there)
                by_ship = board.ship_component[a] == board.ship_component[b]
                line.append(Step(b, portage=not by_ship))
            elif v(self.stop[h]):
                line.extend(self._stop(solver, h))
            elif v(self.end[h]):
                line.append(EndTurn())
                if sc.second is not None:
                    line.append(self._placement(solver, s, 2))
        return v(self.total), s, line

    def _placement(self, solver: cp_model.CpSolver, s: int, which: int) -> PlaceTile:
        v = solver.value
        p = self.f.scenarios[s].placement(which)
        assert p is not None
        pf = self.f.placement[which - 1][s]
        colour = next((c for c, x in self.second_colour[which - 1].items() if v(x)), None)
        piece = next((k for k, x in enumerate(self.second_piece[which - 1]) if v(x)), None)
        if colour is None or piece is None:
            return PlaceTile(p.slot, p.rotation)
        # Pieces of one island are indistinguishable: name the first in the notation's order.
        same = [k for k in pf.second_cube if pf.piece_island[k] == pf.piece_island[piece]]
        first = min(same, key=lambda k: ("SW", "NW", "SE", "NE").index(pf.piece_quadrant[k]))
        return PlaceTile(p.slot, p.rotation, colour, pf.piece_quadrant[first])

    def _stop(self, solver: cp_model.CpSolver, h: int) -> list[Action]:
        v = solver.value
        out: list[Action] = []
        unload = tuple(c for c in COLOURS for _ in range(v(self.unload[h][c])))
        if unload:
            out.append(Unload(unload))
        out.extend(Sell(c) for c in COLOURS for _ in range(v(self.sell[h][c])))
        load = tuple(c for c in COLOURS for _ in range(v(self.load[h][c])))
        if load:
            out.append(Load(load))
        sizes = sorted((n + 1 for n, x in enumerate(self.buy_count[h]) for _ in range(v(x))), reverse=True)
        decks = [x for x in DECKS for _ in range(v(self.buy_decks[h][x]))]
        for size in sizes:
            out.append(Buy(tuple(decks[:size])))
            decks = decks[size:]
        card = next((k for k, x in self.dig[h].items() if v(x)), None)
        if card is not None:
            out.append(Excavate(card, (0, 0)))  # the site is chosen on replay
        icon = next((i for i, x in self.ask[h].items() if v(x)), None)
        if icon is not None:
            out.append(Oracle(icon))
        return out


@dataclass(frozen=True)
class ModelAnswer:
    """An answer's signature in the model's terms: the placements it makes (slot, rotation) and
    its visits, with docks named by alias."""

    placements: tuple[tuple[int, tuple[int, int], int], ...]
    """(turn, slot, rotation) of each placement the answer makes."""
    visits: tuple[Visit, ...]


def model_answer(facts: Facts, s: int, answer: Answer) -> ModelAnswer:
    """Translate an engine signature (physical dock names) into the model's aliases."""
    visits = []
    turn = 0
    for visit in answer.visits:
        if visit.end:
            visits.append(visit)
            turn = 1
            continue
        visits.append(replace(visit, island=frozenset(facts.alias(s, turn, d) for d in visit.island)))
    return ModelAnswer(tuple((p.turn, p.slot, p.rotation) for p in answer.placements), tuple(visits))


# ---- solving ---------------------------------------------------------------------------------


def _params(solver: cp_model.CpSolver, time_left: float | None, workers: int, seed: int) -> None:
    """Solver settings. One worker by default: for these small models it is the fastest, and
    its search is deterministic. More workers use CP-SAT's interleaved search, also
    deterministic. A time limit that actually stops a search can change what it finds."""
    p = solver.parameters
    p.num_workers = max(1, workers)
    p.random_seed = seed
    p.interleave_search = workers > 1
    # Probing at presolve costs more than it saves on these models.
    p.cp_model_probing_level = 0
    if time_left is not None:
        p.max_time_in_seconds = max(0.01, time_left)


def complete_line(puzzle: Puzzle, raw: list[Action]) -> list[Action]:
    """The model's line as the engine plays it: excavation sites chosen, goal cards kept.

    The site is the smallest quadrant of the boat's island where the card fits; a goal card
    on offer after an excavation (R-EXC-1) is the first one offered. Stops at the goal.
    """
    state = State(puzzle.start)
    out: list[Action] = []
    for action in raw:
        if isinstance(action, Excavate):
            pos = state.pos
            boat = pos.hero.boat
            assert boat is not None
            island = pos.board.island_of_dock[boat]
            card = pos.components.map[action.card]
            sites = valid_sites(pos.board, pos.to_move, card, pos.board.island_quads[island])
            if not sites:
                raise SolverError(f"the model excavates {action.card} where the engine finds no site")
            action = Excavate(action.card, sites[0])
        reason = why_not(puzzle, state, action)
        if reason is not None:
            raise SolverError(f"the engine rejects the model's action {action}: {reason}")
        state = play(puzzle, state, action)
        out.append(action)
        if reached(puzzle, state.pos):
            return out
        while state.pos.phase == "goal":
            keep = KeepGoal(sorted(state.pos.goal_offer)[0])
            state = play(puzzle, state, keep)
            out.append(keep)
    return out


def _run(builder: _Builder, time_left: float | None, workers: int, seed: int) -> tuple[str, cp_model.CpSolver, float]:
    solver = cp_model.CpSolver()
    _params(solver, time_left, workers, seed)
    t = time.perf_counter()
    status = STATUS[solver.solve(builder.m)]
    if status == "MODEL_INVALID":
        raise SolverError(f"CP-SAT rejects the model: {builder.m.validate()}")
    return status, solver, time.perf_counter() - t


def _accept(puzzle: Puzzle, builder: _Builder, solver: cp_model.CpSolver) -> tuple[int, list[Action], list[Action]]:
    """The model's line, replayed by the engine: it must reach the goal at the model's cost.

    Returns the scenario, the line as found, and its canonical form.
    """
    total, s, raw = builder.read(solver)
    line = complete_line(puzzle, raw)
    check = replay(puzzle, line)
    if check.illegal_at is not None or not check.reached or check.cost != total:
        raise SolverError(
            f"the engine does not accept the model's line {[str(a) for a in line]}: illegal at "
            f"{check.illegal_at} ({check.reason}), reached {check.reached}, cost {check.cost} vs {total}"
        )
    return s, line, canonical(puzzle, line)


SPLIT_ABOVE = 2000
"""With more scenarios than this (both placements of a two-turn puzzle), solve one first
placement at a time: exact, but slower."""


def _parts(puzzle: Puzzle, most: int) -> list[Facts]:
    """The scenarios split into parts small enough to model, each with its facts."""
    p0 = puzzle.start.points if puzzle.start.phase == "act" else 0
    cards = playable_cards(puzzle, most)
    steps = p0 + 2 * most
    if puzzle.turns == 2 and puzzle.start.phase == "place":
        tile = puzzle.start.hero.tile
        assert tile is not None
        firsts = placements(puzzle.start.board, tile)
        per = max(1, len(scenarios(puzzle, firsts=[firsts[0]])))
        if per * len(firsts) > SPLIT_ABOVE:
            size = max(1, SPLIT_ABOVE // per)
            return [
                build_facts(puzzle, scenarios(puzzle, firsts=firsts[i : i + size]), steps, cards)
                for i in range(0, len(firsts), size)
            ]
    return [build_facts(puzzle, scenarios(puzzle), steps, cards)]


def _first_turn(puzzle: Puzzle) -> tuple[Budget, Facts, int]:
    """The budget, facts (one part: one placement) and least scenario lower bound of the
    puzzle cut to its first turn."""
    one = replace(puzzle, turns=1)
    bud = budget(one)
    (facts,) = _parts(one, bud.most)
    return bud, facts, min(scenario_lower_bounds(facts), default=10**6)


def solve(
    puzzle: Puzzle,
    *,
    time_limit: float | None = None,
    workers: int = 1,
    seed: int = 0,
    unique: bool = False,
) -> SolveResult:
    """The shortest line to the puzzle's goal, proven by deepening the bound on actions.

    The first bound with a line is the optimum; the model one action below it is proven
    infeasible. With `unique`, a second solve at the optimum forbids the answer found.
    """
    t0 = time.perf_counter()
    validate(puzzle, puzzle.id)

    def left() -> float | None:
        return None if time_limit is None else time_limit - (time.perf_counter() - t0)

    bud = budget(puzzle)
    most = bud.most
    # A two-turn puzzle is first tried within its first turn, whose model is far smaller: a
    # line found there at the bound being proven is a line of the whole puzzle. The two-turn
    # model (both placements' boards) is only built when the first turn has no line at a bound.
    # Not with `unique`: a second answer may use the second turn.
    first_turn = _first_turn(puzzle) if puzzle.turns == 2 and not unique else None
    parts: list[Facts] = []
    lowers: list[int] = []
    n_scenarios = 0
    levels: list[Level] = []
    below = "INFEASIBLE"
    least = board_free_lower_bound(puzzle)
    no_point = puzzle.start.phase == "place" or puzzle.start.points == 0
    for bound in range(1, most + 1):
        if bound < least or (bound == 1 and no_point and not parts and not one_action_possible(puzzle)):
            levels.append(Level(bound, "INFEASIBLE", 0.0))
            continue
        if first_turn is not None and bound <= first_turn[0].first:
            one_bud, one_facts, one_lower = first_turn
            n_scenarios = max(n_scenarios, len(one_facts.scenarios))
            if bound >= one_lower:
                builder = _Builder(one_facts, bound, one_bud)
                builder.build()
                status, solver, seconds = _run(builder, left(), workers, seed)
                if status in ("FEASIBLE", "OPTIMAL"):
                    levels.append(Level(bound, status, seconds))
                    _, _, line = _accept(puzzle, builder, solver)
                    return SolveResult(
                        optimum=bound,
                        line=tuple(line),
                        status="OPTIMAL" if below == "INFEASIBLE" else "FEASIBLE",
                        below_optimum=below,
                        seconds=time.perf_counter() - t0,
                        levels=tuple(levels),
                        scenarios=n_scenarios,
                    )
        if not parts:
            parts = _parts(puzzle, most)
            n_scenarios = sum(len(f.scenarios) for f in parts)
            lowers = [min(scenario_lower_bounds(f), default=10**6) for f in parts]
        statuses = []
        spent = 0.0
        for i, facts in enumerate(parts):
            if bound < lowers[i]:
                # No scenario's lower bound allows a line this short.
                statuses.append("INFEASIBLE")
                continue
            builder = _Builder(facts, bound, bud)
            builder.build()
            status, solver, seconds = _run(builder, left(), workers, seed)
            spent += seconds
            statuses.append(status)
            if status in ("FEASIBLE", "OPTIMAL"):
                levels.append(Level(bound, status, spent))
                s, _, line = _accept(puzzle, builder, solver)
                result = SolveResult(
                    optimum=bound,
                    line=tuple(line),
                    status="OPTIMAL" if below == "INFEASIBLE" else "FEASIBLE",
                    below_optimum=below,
                    seconds=0.0,
                    levels=tuple(levels),
                    scenarios=n_scenarios,
                )
                if unique:
                    result = _second_answer(puzzle, facts, bound, bud, s, result, left, workers, seed)
                    if result.unique:
                        result = _other_parts(
                            puzzle, parts[i + 1 :], lowers[i + 1 :], bound, bud, result, left, workers, seed
                        )
                return replace(result, seconds=time.perf_counter() - t0)
        level_status = "INFEASIBLE" if all(x == "INFEASIBLE" for x in statuses) else "UNKNOWN"
        levels.append(Level(bound, level_status, spent))
        if level_status != "INFEASIBLE":
            below = "UNKNOWN"
    status = "INFEASIBLE" if below == "INFEASIBLE" else "UNKNOWN"
    return SolveResult(None, (), status, below, time.perf_counter() - t0, tuple(levels), n_scenarios)


def _other_parts(
    puzzle: Puzzle,
    parts: list[Facts],
    lowers: list[int],
    bound: int,
    bud: Budget,
    result: SolveResult,
    left: Callable[[], float | None],
    workers: int,
    seed: int,
) -> SolveResult:
    """Any line at the optimum in a part not yet searched is a second answer."""
    for facts, lower in zip(parts, lowers, strict=True):
        if bound < lower:
            continue
        builder = _Builder(facts, bound, bud)
        builder.build()
        status, solver, _ = _run(builder, left(), workers, seed)
        if status in ("FEASIBLE", "OPTIMAL"):
            _, _, line = _accept(puzzle, builder, solver)
            return replace(result, unique=False, other_line=tuple(line))
        if status != "INFEASIBLE":
            return replace(result, unique=None)
    return result


def _second_answer(
    puzzle: Puzzle,
    facts: Facts,
    bound: int,
    bud: Budget,
    s: int,
    result: SolveResult,
    left: Callable[[], float | None],
    workers: int,
    seed: int,
    tries: int = 8,
) -> SolveResult:
    """Solve again at the optimum, forbidding the answer found: unique when that is infeasible.

    A line the second solve finds may lean down to the same answer (a free action it did not
    need); that answer is forbidden too and the solve repeated, up to `tries` times.
    """
    first = signature(puzzle, result.line)
    forbidden = [model_answer(facts, s, first)]
    for _ in range(tries):
        builder = _Builder(facts, bound, bud)
        builder.build()
        for answer in forbidden:
            builder.forbid(answer)
        status, solver, _ = _run(builder, left(), workers, seed)
        if status == "INFEASIBLE":
            return replace(result, unique=True)
        if status not in ("FEASIBLE", "OPTIMAL"):
            return replace(result, unique=None)
        s2, raw, line = _accept(puzzle, builder, solver)
        other = signature(puzzle, line)
        if other != first:
            return replace(result, unique=False, other_line=tuple(line))
        # The same answer with a free action it does not need: forbid the line as found.
        forbidden.append(model_answer(facts, s2, signature(puzzle, raw)))
    return replace(result, unique=None)


__all__ = ["SolveResult", "SolverError", "budget", "solve"]
