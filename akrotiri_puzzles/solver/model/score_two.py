"""The hero's score at the end of its second turn as the objective (R-SCORE-1, R-SCORE-2).

From the action phase of the hero's turn 1 (its board fixed), a line finishes turn 1, ends it,
places turn 2's tile (the scenario's placement, R-TILE-1, R-TILE-2) and plays turn 2; the
score is the game's score of the position where the line stops in turn 2. The facts are read
with `every_line`, whose classes never merge scenarios of different final boards
(solver/facts.py), so each class has one final board, and every fact a goal card reads of it
is computed by the engine's own scoring (goals.py) on that board, per class.

A temple is a *slot*: (turn, dock), a temple excavated at the dock in that turn, x[slot]. A
turn-1 temple lies on the turn-1 island of its dock, which on the final board lies in the
island holding that land (turn 2's tile can join islands); a turn-2 temple lies on the final
island of its dock in the class. Each goal card counts the hero's old temples and the slots by
literals over classes (`holds`). R-EXC-1 across turns: a turn-2 excavation goes on no final
island holding a temple dug in turn 1 (the start's temples are in the dig facts already).

R-END-2: when the hero's turn-1 temples complete its player board, the game ends after turn 1
(`puzzle.play` makes the phase "over" at the end of turn): the line does not end its turn and
the final board is turn 1's (`over`). Otherwise the line ends turn 1 (it always can: the end of
turn is an event like a stop), so every line is scored at the end of turn 2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ortools.sat.python import cp_model

from ...board import Board
from ...components import MapCard
from ...excavation import Bounds, fits_bounds, site_bounds
from ...geometry import Quad, board_quarter
from ...goals import PER_TEMPLE, BoardFacts, temple_counts
from ...position import Position
from ...scoring import seat_score
from .core import Expr, Lit, neg
from .goal import Counts
from .objective import MARGIN_SCALE, TIE

Slot = tuple[int, str]
"""(turn, dock): a temple excavated at the dock in that turn; (0, "i"): the hero's i-th temple
already on the board (an *old* temple)."""

QUARTERS = ("NE", "NW", "SE", "SW")


class ScoreTwo(Counts):
    """The hero's score at the end of turn 2, over classes of final boards."""

    primary_weight: int = TIE
    """The weight of `primary` in the model's objective: TIE where the objective is `primary *
    TIE - line_actions` (the one-turn score model, score.py: the best value, then the fewest
    actions), 1 where it is `primary` alone (this two-turn objective). A solver's bound on the
    objective is read on the value's scale through it (analysis/board_solve.primary_bound)."""

    def add_score_two(self) -> None:
        """The score's terms over two turns, and the objective (`primary`, as ScoreModel)."""
        m, E, f = self.m, self.events, self.f
        start = self.start
        if any(len(f.views[c]) != 2 for c in range(self.n)):
            raise ValueError("the two-turn score needs two boards per class")
        for c in range(self.n):
            if len({sc.second for sc in f.members[c]}) != 1:
                raise ValueError("a class of the two-turn score has several final boards")
        self.board1 = start.board
        self.finals: list[Board] = [f.members[c][0].boards[-1] for c in range(self.n)]
        self._pos: dict[int, tuple[Position, BoardFacts]] = {}
        # w[slot][card]: the card excavated at the slot; x[slot]: a temple there.
        where: dict[Slot, list[str]] = {}
        for t, layer in enumerate(f.layers):
            for (card, dock), classes in sorted(layer.dig.items()):
                if classes and dock in self.dock_set and card in self.cards:
                    where.setdefault((t + 1, dock), []).append(card)
        self.where = where
        self.w: dict[Slot, dict[str, cp_model.IntVar]] = {}
        self.x: dict[Slot, cp_model.IntVar] = {}
        used: dict[str, list[cp_model.IntVar]] = {}
        for slot in sorted(where):
            t, d = slot
            self.w[slot] = {}
            for card in where[slot]:
                lit = m.new_bool_var(f"{card} excavated at {d} in turn {t}")
                for k in range(E):
                    when = neg(self.t2[k]) if t == 1 else self.t2[k]
                    self.clause([self.dig[k][card], self.at[k][d], when], lit)
                self.w[slot][card] = lit
                used.setdefault(card, []).append(lit)
            self.x[slot] = x = m.new_bool_var(f"temple at {d} in turn {t}")
            m.add(x == sum(self.w[slot].values()))
        for card in self.cards:
            m.add(sum(used.get(card, [])) == sum(self.dig[k][card] for k in range(E)))
        self._distinct()
        self._over()
        self.new_temples = sum(self.x.values())
        board = self.comps.player_board
        m.add(self.new_temples <= board.temples - len(self.hero.temples))
        self._quarter: dict[tuple[Slot, str], cp_model.IntVar] | None = None
        # Map cards played score their points (R-SCORE-1).
        self.map_points: Expr = sum(self.comps.map[card].points for card, _ in self.hero.temples)
        for card in self.cards:
            pts = self.comps.map[card].points
            self.map_points = self.map_points + pts * sum(self.dig[k][card] for k in range(E))
        self.goal_most: dict[str, int] = {}
        """The most points each goal card can score (its variable's upper bound)."""
        self.goal_points: dict[str, cp_model.IntVar] = {g: self._goal_two(g) for g in self.hero.goals}
        self.kept: dict[tuple[int, str], cp_model.IntVar] = {}
        kept_points = self._draws(self._goal_two)  # type: ignore[attr-defined]
        final = self.money[E]
        self.drachma_points = m.new_int_var(0, 10**4, "drachma points")
        m.add_division_equality(self.drachma_points, final, 10)
        self.score = m.new_int_var(0, 10**5, "final score")
        m.add(self.score == self.map_points + sum(self.goal_points.values()) + kept_points + self.drachma_points)
        self.line_actions = self.total + sum(
            sum(self.sell[k].values()) + sum(self.unload[k].values()) for k in range(E)
        )
        self._objective(final)

    def _objective(self, final: cp_model.IntVar) -> None:
        if self.spec.objective == "score":
            self.primary: Expr = self.score
        else:
            other = start_other = self.start.other
            per_class = [seat_score(self._position(c)[0], start_other).total for c in range(self.n)]
            first = seat_score(self.start, other).total
            self.margin = self.score - self._final_value(per_class, first, "opponent's score")
            self.primary = self.margin * MARGIN_SCALE + final
        # The value alone, no fewest-actions tie-break: proving the fewest actions among lines
        # of the best value was most of the CPU of the two-turn searches measured (seed 4's
        # turn 11: 387 -> 236 CPU s without it, docs/benchmarks.md); the analyser drops from the
        # line it prints every action it does not need instead (analysis/engine_line.py,
        # `without_idle_actions`). `line_actions` stays defined, for whoever counts them.
        self.primary_weight = 1
        self.m.maximize(self.primary)

    # -- the final board --------------------------------------------------------------------

    def _position(self, c: int) -> tuple[Position, BoardFacts]:
        """The start position on class c's final board (for the engine's goal scoring)."""
        found = self._pos.get(c)
        if found is None:
            found = self._pos[c] = (replace(self.start, board=self.finals[c]), BoardFacts(self.finals[c]))
        return found

    def _island(self, board: Board, c: int | None, where: Slot) -> Quad | None:
        """The island of `board` (class c's final board; None: turn 1's) holding a temple."""
        t, d = where
        if t == 0:
            return board.island_at(self.hero.temples[int(d)][1])
        if t == 1:
            isl1 = self.board1.island_of_dock.get(d)
            return None if isl1 is None else board.island_at(self.board1.island_quads[isl1][0])
        if c is None:
            return None
        name = self.f.views[c][-1].names.get(d, d)
        return board.island_of_dock.get(name)

    def _present(self, where: Slot) -> Lit:
        """Whether the hero has the temple: an old one always, a slot's when dug there."""
        return 1 if where[0] == 0 else self.x[where]

    def _final(self, classes: Iterable[int], on_first: bool) -> Lit:
        """A literal: the fact holds on the final board, true in `classes` when turn 2 is
        played, `on_first` when the game ends after turn 1 (R-END-2)."""
        cset = frozenset(classes)
        over = self.over

        def make() -> Lit:
            lit = self.holds(cset)
            if isinstance(over, int):
                return int(on_first) if over else lit
            if on_first:
                return self.any_([over, lit], "fact on the final board")
            return self.all_([neg(over), lit], "fact on the final board")

        return self.memo(("final", cset, on_first), make)

    def _final_value(self, per_class: list[int], first: int, name: str) -> Expr:
        """An expression of a constant of the final board: per class, or `first` when the game
        ends after turn 1."""
        over = self.over
        if isinstance(over, int) and over:
            return first
        groups: dict[int, list[int]] = {}
        for c, v in enumerate(per_class):
            groups.setdefault(v, []).append(c)
        expr: Expr = sum(v * self.holds(cs) for v, cs in sorted(groups.items()))
        if isinstance(over, int):
            return expr
        values = [*per_class, first]
        var = self.m.new_int_var(min(values), max(values), name)
        self.m.add(var == expr).only_enforce_if(neg(over))
        self.m.add(var == first).only_enforce_if(over)
        return var

    def _fact(self, test: Callable[[Position, BoardFacts, Quad], object], where: Slot) -> Lit:
        """Whether a temple at `where` is on an island the test accepts, on the final board."""
        classes = []
        for c in range(self.n):
            pos, bf = self._position(c)
            isl = self._island(pos.board, c, where)
            if isl is not None and test(pos, bf, isl):
                classes.append(c)
        isl1 = self._island(self.board1, None, where)
        on_first = isl1 is not None and bool(test(self.start, BoardFacts(self.board1), isl1))
        return self._final(classes, on_first)

    # -- R-EXC-1 across turns, R-END-2 ---------------------------------------------------------

    def _distinct(self) -> None:
        """One temple per island: turn 1's on turn 1's islands, turn 2's on final islands
        holding none of turn 1's (R-EXC-1)."""
        m = self.m
        first: dict[Quad, list[cp_model.IntVar]] = {}
        for (t, d), x in self.x.items():
            if t == 1:
                first.setdefault(self.board1.island_of_dock[d], []).append(x)
        for xs in first.values():
            if len(xs) > 1:
                m.add(sum(xs) <= 1)
        groups: dict[tuple[tuple[Slot, ...], tuple[Slot, ...]], list[int]] = {}
        for c in range(self.n):
            board = self.finals[c]
            on: dict[Quad, tuple[list[Slot], list[Slot]]] = {}
            for slot in self.x:
                isl = self._island(board, c, slot)
                if isl is not None:
                    on.setdefault(isl, ([], []))[slot[0] - 1].append(slot)
            for one, two in on.values():
                if two and (one or len(two) > 1):
                    groups.setdefault((tuple(one), tuple(two)), []).append(c)
        for (ones, twos), classes in sorted(groups.items()):
            lit = self.holds(classes)
            if isinstance(lit, int) and not lit:
                continue
            second = sum(self.x[s] for s in twos)
            firsts: list[Expr] = [0, *(self.x[s] for s in ones)]
            for first_x in firsts:
                ct = m.add(second + first_x <= 1)
                if not isinstance(lit, int):
                    ct.only_enforce_if(lit)

    def _over(self) -> None:
        """`over`: the game ends after turn 1 (R-END-2); else the line ends turn 1."""
        m, E = self.m, self.events
        board = self.comps.player_board
        left = board.temples - len(self.hero.temples)
        dug = sum(x for (t, _), x in self.x.items() if t == 1)
        self.over: Lit
        if len(self.start.seat(self.start.other).temples) >= board.temples:
            self.over = 1
        elif left <= self.bud.first:
            self.over = m.new_bool_var("the game ends after turn 1")
            m.add(dug >= left).only_enforce_if(self.over)
            m.add(dug <= left - 1).only_enforce_if(self.over.negated())
        else:
            self.over = 0
        m.add(self.t2[E] == 1 - self.over)

    # -- goal cards ---------------------------------------------------------------------------

    def _old(self) -> list[Slot]:
        return [(0, str(i)) for i in range(len(self.hero.temples))]

    def _goal_two(self, goal: str) -> cp_model.IntVar:
        """The points of one goal card at the end of the line (R-GOAL-1..12), bounded by what
        the engine scores, which a maximum reaches."""
        m = self.m
        card = self.comps.goal[goal]
        value = card.value(self.start.edition)
        rule = card.rule
        self.goal_most[goal] = most = self._most(value, rule, card.cap)
        pts = m.new_int_var(0, most, f"points of goal {goal}")
        if rule in PER_TEMPLE:

            def counts(pos: Position, bf: BoardFacts, isl: Quad) -> bool:
                return temple_counts(pos, bf, rule, isl)

            terms: list[Expr] = []
            for site in self._old():
                terms.append(self._fact(counts, site))
            for slot, x in sorted(self.x.items()):
                terms.append(self._and(x, self._fact(counts, slot), f"{goal} counts {slot}"))
            m.add(pts <= value * sum(terms))
            return pts
        if rule == "quarters":
            held: list[Lit] = []
            quarter = self._quarters()
            for q in QUARTERS:
                if any(board_quarter(site) == q for _, site in self.hero.temples):
                    held.append(1)
                    continue
                lit = m.new_bool_var(f"{goal}: a temple in quarter {q}")
                m.add(lit <= sum(v for (_, qq), v in quarter.items() if qq == q))
                held.append(lit)
            m.add(pts <= value * sum(held))
            if card.cap is not None:
                m.add(pts <= card.cap)
            return pts
        if rule == "largest_completed":
            return self._largest(goal, value, pts)
        if rule == "not_connected":
            return self._not_connected(goal, value, pts)
        raise ValueError(f"unknown goal rule {rule}")

    def _most(self, value: int, rule: str, cap: int | None) -> int:
        """The most points a goal card can score at the end of the line (a bound for the
        model's relaxation, not a constraint on any line)."""
        temples = self.comps.player_board.temples
        if rule == "quarters":
            return min(value * len(QUARTERS), cap if cap is not None else 10**4)
        if rule == "largest_completed":
            sizes = [max(b.island_size.values(), default=0) for b in [self.board1, *self.finals]]
            return value * max(sizes)
        return value * temples

    def _largest(self, goal: str, value: int, pts: cp_model.IntVar) -> cp_model.IntVar:
        """R-GOAL-10: the largest completed final island holding a hero temple, one picked."""
        m = self.m
        picks: list[tuple[int, cp_model.IntVar]] = []
        for where in [*self._old(), *sorted(self.x)]:
            present = self._present(where)
            sizes: dict[int, list[int]] = {}
            for c in range(self.n):
                board = self.finals[c]
                isl = self._island(board, c, where)
                if isl is not None and isl in board.completed:
                    sizes.setdefault(board.island_size[isl], []).append(c)
            isl1 = self._island(self.board1, None, where)
            size1 = self.board1.island_size[isl1] if isl1 is not None and isl1 in self.board1.completed else 0
            for size in sorted(set(sizes) | ({size1} - {0})):
                lit = self._final(sizes.get(size, []), size1 == size)
                if isinstance(lit, int) and not lit:
                    continue
                z = m.new_bool_var(f"{goal}: counts the island of {where}, {size} tiles")
                m.add(z <= present)
                m.add(z <= lit)
                picks.append((size, z))
        m.add(sum(z for _, z in picks) <= 1)
        m.add(pts <= value * sum(size * z for size, z in picks))
        return pts

    def _and(self, x: cp_model.IntVar, lit: Lit, name: str) -> Lit:
        if isinstance(lit, int):
            return x if lit else 0
        y = self.m.new_bool_var(name)
        self.m.add(y <= x)
        self.m.add(y <= lit)
        return y

    def _not_connected(self, goal: str, value: int, pts: cp_model.IntVar) -> cp_model.IntVar:
        """R-GOAL-11: a temple counts when no other island holding a hero temple is directly
        connected to its own (on the final board)."""
        m = self.m
        places = [*self._old(), *sorted(self.x)]
        present = self._present

        finals = [[self._island(self.finals[c], c, w) for w in places] for c in range(self.n)]
        first = [self._island(self.board1, None, w) for w in places]
        connected = [self._position(c)[1].connected for c in range(self.n)]
        connected1 = BoardFacts(self.board1).connected
        terms = []
        for i, a in enumerate(places):
            y = m.new_bool_var(f"{goal}: counts the temple at {a}")
            m.add(y <= present(a))
            for j, b in enumerate(places):
                if i == j:
                    continue
                classes = [
                    c
                    for c in range(self.n)
                    if (ia := finals[c][i]) is not None
                    and (ib := finals[c][j]) is not None
                    and ia != ib
                    and frozenset((ia, ib)) in connected[c]
                ]
                on_first = (
                    first[i] is not None
                    and first[j] is not None
                    and first[i] != first[j]
                    and frozenset((first[i], first[j])) in connected1
                )
                lit = self._final(classes, on_first)
                if isinstance(lit, int) and not lit:
                    continue
                m.add(y + present(b) + lit <= 2)
            terms.append(y)
        m.add(pts <= value * sum(terms))
        return pts

    def _quarters(self) -> dict[tuple[Slot, str], cp_model.IntVar]:
        """quarter[(slot, q)]: the slot's temple lies in board quarter q (R-GOAL-9), where a site
        of the card excavated there fits, on the board of its turn."""
        if self._quarter is not None:
            return self._quarter
        m = self.m
        seat = self.start.to_move
        self._quarter = out = {}
        bounds: dict[tuple[int, str], Bounds] = {}
        for slot, x in sorted(self.x.items()):
            t, _ = slot
            fits: dict[str, list[Lit]] = {}
            for card, wv in self.w[slot].items():
                spec = self.comps.map[card]
                per_q: dict[str, list[int]] = {}
                if t == 1:
                    isl = self._island(self.board1, None, slot)
                    assert isl is not None
                    qs = _quarters_of(self.board1, seat, spec, isl, bounds)
                    for q in sorted(qs):
                        per_q[q] = list(range(self.n))
                else:
                    for c in range(self.n):
                        board = self.finals[c]
                        isl = self._island(board, c, slot)
                        if isl is not None:
                            for q in sorted(_quarters_of(board, seat, spec, isl, bounds)):
                                per_q.setdefault(q, []).append(c)
                # In the quarters' order, not the sets' (the proto's bytes, PYTHONHASHSEED).
                for q, classes in sorted(per_q.items()):
                    lit = self.holds(classes)
                    fits.setdefault(q, []).append(self._and(wv, lit, f"{card} at {slot} in quarter {q}"))
            for q in sorted(fits):
                out[(slot, q)] = v = m.new_bool_var(f"temple at {slot} in quarter {q}")
                m.add(v <= sum(fits[q]))
            m.add(sum(v for (s, _), v in out.items() if s == slot) == x)
        return out


def _quarters_of(board: Board, seat: str, spec: MapCard, isl: Quad, bounds: dict[tuple[int, str], Bounds]) -> set[str]:
    """The board quarters of the card's valid sites on an island (R-EXC-2). `bounds`: the card's
    bounds on each board (`site_bounds`, by the board's id and the card), worked out once per
    model, not once per slot."""
    quads = board.island_quads[isl]
    one = {board_quarter(q) for q in quads}
    if len(one) == 1:
        # Every site of the island lies in one quarter: no need to test the card's fit.
        return one
    key = (id(board), spec.id)
    if key not in bounds:
        bounds[key] = site_bounds(board, seat, spec)
    b = bounds[key]
    return {board_quarter(s) for s in quads if fits_bounds(b, s)}
