"""The model's shared state: the CP-SAT model, the facts it reads, and literals over classes.

Every fact of the boards (solver/facts.py) holds in some classes of scenarios. The model picks
exactly one class; `holds(classes)` is a literal true exactly when the class picked is one of
them, and `require` ties what a line does at an event to the fact it needs on that turn's board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import LinearExpr, Literal

from ...puzzle import Goal
from ...techniques import FORBIDDABLE
from ..budget import Budget, points_in_hand
from ..fact_tables import Facts

Lit = Literal | int
"""A Boolean literal: a model variable (or its negation) or a constant 0/1."""
Expr = LinearExpr | int
"""A linear expression over model variables, or a constant."""

MEMO = True
"""Whether `Core.memo` keeps what it made, and route.py each pair of docks' leg clauses as a plan for
its later events (tests turn it off to compare the models)."""

TECHNIQUES = FORBIDDABLE
"""What a line can be forbidden to do (`Spec.forbid`), for proving a technique necessary."""


@dataclass(frozen=True)
class Spec:
    """What the model is asked: lines of at most `bound` actions reaching `goal`."""

    bound: int
    goal: Goal
    minimise: bool = False
    """Minimise the actions spent (else any line within the bound)."""
    forbid: frozenset[str] = field(default_factory=frozenset)
    """Techniques no line may use (names from TECHNIQUES)."""
    objective: str = "actions"
    """What is optimised (model/score.py): "actions" (the goal, in the fewest actions with
    `minimise`), "score" (the hero's final score) or "margin" (the score minus the opponent's)."""


def _nothing() -> None:
    """No check (see `Core.check`)."""


def neg(lit: Lit) -> Lit:
    """The negation of a literal."""
    return 1 - lit if isinstance(lit, int) else lit.negated()


def same(a: Lit, b: Lit) -> bool:
    """Whether two literals are the same constant or the same variable."""
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int) and a == b
    return a is b


class Core:
    """The model under construction and the variables every concern shares."""

    def __init__(self, facts: Facts, bud: Budget, spec: Spec) -> None:
        self.f = facts
        self.p = facts.puzzle
        self.start = facts.puzzle.start
        self.comps = self.start.components
        self.hero = self.start.hero
        self.spec = spec
        self.bound = spec.bound
        self.goal = spec.goal
        self.bud = bud
        self.turns = facts.turns
        self.m = cp_model.CpModel()
        self.check: Callable[[], None] = _nothing
        """Called between the model's parts and per event in the long ones: the solver's
        deadline check, which stops a build its time limit has run out on (solver/deadline.py)."""
        self._cache: dict[frozenset[int], Lit] = {}
        self._memo: dict[object, Any] = {}
        """Literals over classes made once and asked again (`memo`)."""
        self._negated: dict[int, Any] = {}
        """Each literal's negation by its index, made once (`clause`)."""
        self.p0 = points_in_hand(self.p)
        self.max_points = facts.max_steps
        # Events: stops, the end of turn 1, idle tail. Every stop but the first follows a leg
        # that starts with no point in hand and so costs an action, or the end of turn 1; the
        # last stop excavates. Hence at most bound + 1 stops, and one end of turn.
        self.events = self.bound + 1 + (2 if self.turns == 2 else 0)
        self.docks = list(facts.docks)
        self.dock_set = set(self.docks)
        self.start_dock = self.docks[0]
        self.occupied = facts.occupied
        hand = set(self.hero.maps)
        self.cards = [
            k for k in facts.cards if any(card == k for layer in facts.layers for (card, _d) in layer.dig) or k in hand
        ]
        # Land that can hold cubes the boat may load: parts some dock shares an island with.
        reach: dict[str, list[str]] = {}
        for layer in facts.layers:
            for part, d in layer.same_island:
                if d not in reach.setdefault(part, []):
                    reach[part].append(d)
        self.part_docks = reach
        self.parts = sorted(reach)
        self.n = len(facts.scenarios)
        self.scen = [self.m.new_bool_var(f"class {i}") for i in range(self.n)]
        if self.scen:
            self.m.add_exactly_one(self.scen)
        else:
            self.m.add_bool_or([])  # no scenario allows a line within the bound

    # -- literals over classes ------------------------------------------------------------

    def holds(self, classes: Iterable[int] | None) -> Lit:
        """A literal true exactly in the given classes."""
        n = self.n
        cset = frozenset(classes or ())
        if len(cset) == n:
            return 1
        if not cset:
            return 0
        if cset not in self._cache:
            lit = self.m.new_bool_var(f"in {len(cset)} of {n} classes")
            # LinearExpr.sum builds the sum of thousands of classes in one call (Python's sum
            # builds it term by term); the constraint is the same, term for term.
            if len(cset) <= n - len(cset):
                self.m.add(lit == LinearExpr.sum([self.scen[s] for s in cset]))
            else:
                self.m.add(lit == 1 - LinearExpr.sum([self.scen[s] for s in range(n) if s not in cset]))
            self._cache[cset] = lit
        return self._cache[cset]

    def memo(self, key: object, make: Callable[..., Any], *args: Any) -> Any:
        """`make(*args)`, made once per key and kept for the model's life (with MEMO).

        A late board's model asks for the same literals over classes per event and per dock
        (a fact, a leg's classes per cost): each is a set of up to thousands of classes, slow to
        build and hash again. Made at first use, in the same order, they are the literals `holds`
        returns from its own cache anyway, so the model is the same, constraint for constraint
        (tests/test_solver_model.py compares it with MEMO off)."""
        if not MEMO:
            return make(*args)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = make(*args)
        return found

    def clause(self, premises: Sequence[Lit], conclusion: Lit) -> None:
        """If every premise holds, the conclusion holds. (A constant premise 1 or conclusion 0 is
        left out; a premise 0 or a conclusion 1 makes the clause hold already. One loop, as
        this is called millions of times on a late board: a premise's negation is made once and
        kept, the same literal, as CP-SAT's `negated` builds a new object at every call.)"""
        lits = []
        negated = self._negated
        for p in premises:
            if isinstance(p, int):
                if p == 0:
                    return
            else:
                q = negated.get(p.index)
                if q is None:
                    q = negated[p.index] = p.negated()
                lits.append(q)
        if isinstance(conclusion, int):
            if conclusion == 1:
                return
        else:
            lits.append(conclusion)
        self.m.add_bool_or(lits)

    def negation(self, lit: Any) -> Any:
        """The negation of a model literal, made once and kept (as `clause` keeps it)."""
        q = self._negated.get(lit.index)
        if q is None:
            q = self._negated[lit.index] = lit.negated()
        return q

    def per_turn(self, k: int, premises: Sequence[Lit], facts: Sequence[Lit]) -> None:
        """If the premises hold at event k, the fact of that event's turn holds."""
        if len(facts) == 1 or same(facts[0], facts[1]):
            self.clause(premises, facts[0])
            return
        t2 = self.t2[k]
        self.clause([*premises, neg(t2)], facts[0])
        self.clause([*premises, t2], facts[1])

    def require(self, k: int, premises: Sequence[Lit], table: str, key: object, negate: bool = False) -> None:
        """If the premises hold at event k, the fact `table[key]` holds on that turn's board."""

        def make() -> list[Lit]:
            facts = []
            for layer in self.f.layers:
                cset = set(getattr(layer, table).get(key, ()))
                facts.append(self.holds(set(range(self.n)) - cset if negate else cset))
            return facts

        self.per_turn(k, premises, self.memo(("fact", table, key, negate), make))

    # -- small reified helpers ------------------------------------------------------------

    def is_(self, expr: Expr, value: int, name: str) -> cp_model.IntVar:
        """A literal equivalent to `expr == value`."""
        b = self.m.new_bool_var(name)
        self.m.add(expr == value).only_enforce_if(b)
        self.m.add(expr != value).only_enforce_if(b.negated())
        return b

    def all_(self, lits: Sequence[Lit], name: str) -> Lit:
        """A literal equivalent to the conjunction of `lits`."""
        if any(isinstance(x, int) and x == 0 for x in lits):
            return 0
        rest = [x for x in lits if not isinstance(x, int)]
        if not rest:
            return 1
        if len(rest) == 1:
            return rest[0]
        b = self.m.new_bool_var(name)
        self.m.add_bool_and(rest).only_enforce_if(b)
        self.m.add_bool_or([x.negated() for x in rest]).only_enforce_if(b.negated())
        return b

    def any_(self, lits: Sequence[Lit], name: str) -> Lit:
        """A literal equivalent to the disjunction of `lits`."""
        if any(isinstance(x, int) and x == 1 for x in lits):
            return 1
        rest = [x for x in lits if not isinstance(x, int)]
        if not rest:
            return 0
        if len(rest) == 1:
            return rest[0]
        b = self.m.new_bool_var(name)
        self.m.add_bool_or(rest).only_enforce_if(b)
        for x in rest:
            self.m.add_implication(x, b)
        return b

    # Variables the concerns fill in, declared here so that every concern can read them.
    # Events (route.py): what each event is, its turn, its dock, the leg before it.
    stop: list[cp_model.IntVar]
    end: list[cp_model.IntVar]
    idle: list[cp_model.IntVar]
    t2: list[cp_model.IntVar]
    """t2[k]: event k happens in turn 2 (its leg too); k runs to `events` inclusive."""
    at: list[dict[str, cp_model.IntVar]]
    points: list[cp_model.IntVar]
    """Movement points the leg before each event spends."""
    moves: list[cp_model.IntVar]
    """Move actions the leg before each event starts."""
    # The economy (economy.py), per event, and the placements' cubes.
    empty: list[cp_model.IntVar]
    unload: list[dict[str, cp_model.IntVar]]
    sell: list[dict[str, cp_model.IntVar]]
    load: list[dict[str, cp_model.IntVar]]
    loads: list[cp_model.IntVar]
    thera: list[cp_model.IntVar]
    cargo: list[dict[str, cp_model.IntVar]]
    first_cube: list[dict[str, Lit]]
    second_colour: list[dict[str, cp_model.IntVar]]
    second_piece: list[list[cp_model.IntVar]]
    icon_piece: list[list[Lit]]
    placement_market: list[dict[str, cp_model.IntVar]]
    market: list[dict[str, cp_model.IntVar]]
    money: list[cp_model.IntVar]
    income: list[Expr]
    cubes: list[dict[tuple[str, str], cp_model.IntVar]]
    # Map cards and the oracle (cards.py).
    bought: list[dict[str, cp_model.IntVar]]
    buy_count: list[list[cp_model.IntVar]]
    buy_decks: list[dict[str, cp_model.IntVar]]
    dig: list[dict[str, cp_model.IntVar]]
    digs: list[cp_model.IntVar]
    ask: list[dict[str, cp_model.IntVar]]
    asks: list[cp_model.IntVar]
    # Actions counted (goal.py).
    cost: list[cp_model.IntVar]
    total: cp_model.IntVar
