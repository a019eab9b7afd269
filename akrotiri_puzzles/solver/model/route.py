"""Where the boat goes: events, their docks, and the legs between them (R-MOVE-1 to 3).

A line is a sequence of *events*, each a stop (non-move actions at one dock), the end of
turn 1, or idle padding at the tail. Before each event the boat sails a *leg* from the
previous event's dock (the start dock before the first) to the event's dock, by the way that
costs the fewest movement points on that turn's board: 1 per step, 2 for a step leaving the
dock of the opponent's boat (R-MOVE-3). The facts give those costs per class (facts.dist);
the route itself is worked out when the line is read back (read.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ortools.sat.python import cp_model

from . import core
from .core import Core, Lit, neg, same

Step = tuple[int, Lit, int, Lit]
"""One clause of a pair's leg, at any event (`Route._leg_plan`): the turn its premise names (-1:
none, 0: turn 1, 1: turn 2), a premise over classes (1: none), the points it concludes the leg
costs at least (0: none) and else the literal it concludes."""


class Route(Core):
    """Events, docks and legs."""

    def add_events(self) -> None:
        # Each event is a stop, the end of turn 1, or idle; idle only at the tail; at most one
        # end of turn. t2[k]: event k, and the leg before it, happen in turn 2.
        m, E = self.m, self.events
        self.stop = [m.new_bool_var(f"event {k} is a stop") for k in range(E)]
        self.end = [m.new_bool_var(f"event {k} ends turn 1") for k in range(E)]
        self.idle = [m.new_bool_var(f"event {k} is idle") for k in range(E)]
        self.t2 = [m.new_bool_var(f"event {k} in turn 2") for k in range(E + 1)]
        self.empty = [m.new_bool_var(f"boat empty before event {k}") for k in range(E + 1)]
        m.add(self.t2[0] == 0)
        for k in range(E):
            m.add_exactly_one([self.stop[k], self.end[k], self.idle[k]])
            if self.turns == 1:
                m.add(self.end[k] == 0)
            m.add(self.t2[k + 1] == self.t2[k] + self.end[k])
            if k + 1 < E:
                m.add_implication(self.idle[k], self.idle[k + 1])

    def add_positions(self) -> None:
        # at[k][d]: the boat is at dock d for event k, a dock of that turn's board that some
        # class can use within the bound; never the opponent's dock (no stop and no end of turn
        # there, R-MOVE-3); an idle event stays where the boat is.
        m, E = self.m, self.events
        self.at = [{d: m.new_bool_var(f"boat at {d} for event {k}") for d in self.docks} for k in range(E)]
        near = {d: {c for c in range(self.n) if d in self.f.near[c]} for d in self.docks}
        for k in range(E):
            m.add_exactly_one(self.at[k].values())
            for d, lit in self.at[k].items():
                if d == self.occupied:
                    m.add(lit == 0)
                    continue
                self.require(k, [lit], "exists", d)
                self.clause([lit], self.memo(("near", d), self.holds, near[d]))
                if k > 0:
                    m.add(lit == self.at[k - 1][d]).only_enforce_if(self.idle[k])
                elif d != self.start_dock:
                    m.add(lit == 0).only_enforce_if(self.idle[k])

    def add_legs(self) -> None:
        # The leg before event k costs at least the movement points facts.dist gives between
        # the two docks on that turn's board (a pair with none cannot be sailed within the
        # bound); a solution may count more, never less, so every line is a solution and a
        # line read back costs what the model counts or less. Its Move actions: the points
        # beyond those in hand, 2 points per action for an empty boat, 1 for a loaded one
        # (R-MOVE-2); the boat's cargo does not change during a leg. Two stops of one turn
        # have a step between them (else they are one stop).
        m, E = self.m, self.events
        top = self.max_points
        self.points = [m.new_int_var(0, top, f"points of the leg before event {k}") for k in range(E)]
        self.moves = [m.new_int_var(0, top, f"Move actions of the leg before event {k}") for k in range(E)]
        layers = self.f.layers
        # One class on one board (the score model's case): every fact holds or not, and the
        # loop below adds one clause per pair of docks; `_one_board_legs` adds the same clauses
        # in the same order without the per-class machinery (about 3 times faster).
        one_board = self.n == 1 and len(layers) == 1
        plans: dict[tuple[str, str], tuple[Step, ...]] = {}
        for k in range(E):
            self.check()
            # at_least[v]: the leg costs at least v points (an order encoding of points[k]).
            at_least: list[Lit] = [1] + [m.new_bool_var(f"leg before event {k} costs {v}+") for v in range(1, top + 1)]
            for v in range(2, top + 1):
                m.add_implication(at_least[v], at_least[v - 1])
            m.add(self.points[k] == sum(at_least[1:]))
            prev: dict[str, Lit] = {self.start_dock: 1} if k == 0 else dict(self.at[k - 1])
            for b, lb in self.at[k].items():
                if b == self.occupied:
                    continue
                never = self._one_board_legs(at_least, prev, b, lb) if one_board else []
                for a, la in prev.items() if not one_board else ():
                    # A pair's clauses are the same at every event but for the event's own
                    # literals: worked out (and added) at the pair's first event, then added
                    # again from the plan kept (`_leg_plan`, `_add_plan`).
                    plan = plans.get((a, b)) if core.MEMO else None
                    if plan is None:
                        plan = self._leg_plan(k, at_least, la, lb, a, b)
                        if core.MEMO:
                            plans[(a, b)] = plan
                    elif plan:
                        self._add_plan(plan, at_least, la, lb, self.t2[k])
                    if plan == ():
                        never.append(a)
                if never:
                    # No class sails from these docks to b: the previous dock is another one.
                    others = [la for a, la in prev.items() if a not in never]
                    self.clause([lb], self.any_(others, f"a way to {b} before event {k}"))
            # Move actions for the points, after the points in hand (only before the first event).
            w = self.points[k]
            beyond: cp_model.IntVar | cp_model.LinearExpr = w
            if k == 0 and self.p0 > 0:
                extra = m.new_int_var(0, top, "points of the first leg beyond those in hand")
                m.add_max_equality(extra, [0, w - self.p0])
                beyond = extra
            acts = self.moves[k]
            if "double-move" in self.spec.forbid:
                m.add(acts == beyond)
            else:
                m.add(2 * acts >= beyond).only_enforce_if(self.empty[k])
                m.add(2 * acts <= beyond + 1).only_enforce_if(self.empty[k])
                m.add(acts == beyond).only_enforce_if(self.empty[k].negated())
            if k > 0:
                m.add(w >= 1).only_enforce_if([self.stop[k - 1], self.stop[k]])

    def _leg_plan(self, k: int, at_least: list[Lit], la: Lit, lb: Lit, a: str, b: str) -> tuple[Step, ...]:
        """The clauses of the leg from a to b before event k, added; returned as a plan for the
        pair's later events (empty: no class sails the pair within the bound). The literals over
        classes are made as the clauses are added, as one loop over the pair would."""
        per_turn = [layer.dist.get((a, b), {}) for layer in self.f.layers]
        if not any(per_turn):
            return ()
        plan: list[Step] = []
        t2 = self.t2[k]

        def add(step: Step) -> None:
            plan.append(step)
            self._add_plan((step,), at_least, la, lb, t2)

        sailed = self.memo(("leg", a, b), self._sailed, per_turn)
        if len(sailed) == 1 or same(sailed[0], sailed[1]):
            add((-1, 1, 0, sailed[0]))
        else:
            add((0, 1, 0, sailed[0]))
            add((1, 1, 0, sailed[1]))
        if len(per_turn) == 1 or per_turn[0] == per_turn[1]:
            self._leg_points(add, -1, per_turn[0], (a, b, 0))
        else:
            self._leg_points(add, 0, per_turn[0], (a, b, 0))
            self._leg_points(add, 1, per_turn[1], (a, b, 1))
        return tuple(plan)

    def _add_plan(self, plan: tuple[Step, ...], at_least: list[Lit], la: Lit, lb: Lit, t2: Lit) -> None:
        """A pair's leg clauses at one event: la and lb its docks' literals there, t2 its turn's.
        The clauses `clause` would add, made in one loop (a late board's model adds about
        150,000 of them)."""
        if isinstance(la, int) or isinstance(lb, int) or isinstance(t2, int):
            for turn, extra, v, conclusion in plan:
                premises = [la, lb] if turn < 0 else [la, lb, neg(t2) if turn == 0 else t2]
                if not (isinstance(extra, int) and extra == 1):
                    premises.append(extra)
                self.clause(premises, at_least[v] if v else conclusion)
            return
        negation, add = self.negation, self.m.add_bool_or
        base = [negation(la), negation(lb)]
        in_turn = (t2, negation(t2))
        for turn, extra, v, conclusion in plan:
            lits = [*base] if turn < 0 else [*base, in_turn[turn]]
            if not isinstance(extra, int):
                lits.append(negation(extra))
            elif extra == 0:
                continue
            then = at_least[v] if v else conclusion
            if not isinstance(then, int):
                lits.append(then)
            elif then == 1:
                continue
            add(lits)

    def _one_board_legs(self, at_least: list[Lit], prev: dict[str, Lit], b: str, lb: Lit) -> list[str]:
        """The legs' clauses into dock b with one class on one board (what the general loop adds
        there: `per_turn` adds nothing as every fact is a constant, `_leg_points` one clause per
        previous dock); the previous docks with no way to b."""
        top = len(at_least) - 1
        dist = self.f.layers[0].dist
        never = []
        for a, la in prev.items():
            cost = dist.get((a, b))
            if not cost:
                never.append(a)
                continue
            (v,) = cost.values()
            if v > 0:
                self.clause([la, lb], at_least[v] if v <= top else 0)
        return never

    def _sailed(self, per_turn: list[Mapping[int, int]]) -> list[Lit]:
        """Per turn, the literal of the classes where a pair of docks can be sailed as one leg."""
        return [self.holds(d.keys()) for d in per_turn]

    def _leg_points(
        self, add: Callable[[Step], None], turn: int, dist: Mapping[int, int], pair: tuple[str, str, int]
    ) -> None:
        """Under the pair's premises (`turn`: as in `Step`), the leg costs at least the class's
        points between its two docks (`pair`: the docks and the turn): one clause per distinct
        cost, for the classes where it is at least that much (their literal made once per pair
        and cost: `memo`)."""
        top = self.max_points
        # The same pair's costs at every event: sorted once (`memo`).
        values = self.memo(("costs", *pair), lambda: sorted(set(dist.values())))
        # The classes and their points, in the mapping's order (a `Legs` gives both as lists).
        classes, points = dist.keys(), dist.values()
        for i, v in enumerate(values):
            if v == 0:
                continue
            at: Lit = 1
            if v > top or i > 0:
                at = self.memo(
                    ("cost", *pair, v),
                    lambda v=v: self.holds([c for c, w in zip(classes, points, strict=True) if w >= v]),
                )
            if v > top:
                # No line within the bound affords the leg in these classes.
                add((turn, 1, 0, neg(at)))
                break
            add((turn, at if i > 0 else 1, v, 0))
