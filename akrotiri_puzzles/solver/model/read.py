"""Reading a line back from a CP-SAT solution, and forbidding an answer for the uniqueness check."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ortools.sat.python import cp_model

from ...actions import Action, Buy, EndTurn, Excavate, Load, Oracle, PlaceTile, Sell, Step, Unload
from ...components import COLOURS, DECKS
from ..boardview import BoardView, tile_names
from ..canonical import Answer, OracleSig, Visit
from ..fact_tables import Facts
from ..placement_cubes import placement_facts
from ..scenarios import Scenario
from .core import Core, Lit, neg


@dataclass(frozen=True)
class ModelAnswer:
    """An answer's visits in the model's terms: docks named by alias, as on the boards of the
    scenarios the answer is looked for in; and its oracle consultations (solver/canonical.py)."""

    visits: tuple[Visit, ...]
    oracles: tuple[OracleSig, ...] = ()
    by_stop: bool = False
    """Whether the visits name the oracle too (a strict signature): then a stop that only
    consults the oracle is a visit."""


Placed = tuple[tuple[int, tuple[int, int], int], ...]
"""Tile placements as (which: 1 or 2, slot, rotation)."""


def model_answer(answer: Answer, names: Sequence[Mapping[str, str]]) -> ModelAnswer:
    """Translate an engine signature into the model's aliases, given the aliases' names on each
    turn's board of the scenario the answer was played on."""
    visits = []
    turn = 0
    for visit in answer.visits:
        if visit.end:
            visits.append(visit)
            turn = 1
            continue
        alias = {n: a for a, n in names[turn].items()}
        visits.append(replace(visit, island=frozenset(alias.get(d, d) for d in visit.island)))
    return ModelAnswer(tuple(visits), answer.oracles, answer.by_stop)


def placements_match(facts: Facts, c: int, placements: Placed) -> list[bool]:
    """For each scenario of class c, whether it makes exactly these placements (slot and
    rotation)."""
    out = []
    for sc in facts.members[c]:
        ok = True
        for which, slot, rotation in placements:
            p = sc.placement(which)
            ok = ok and p is not None and (p.slot, p.rotation) == (slot, rotation)
        out.append(ok)
    return out


def realised(sc: Scenario, answer: Answer) -> tuple[frozenset[str], ...] | None:
    """Per visit of the answer (empty for the end of turn 1), the aliases of the docks of its
    island on the scenario's boards, when a line of the scenario making those visits at those
    docks is this answer (solver/canonical.py): the scenario places a tile in each of the
    answer's turns and slots (turned any way), and each visited island is, on the scenario's
    board of its turn, an island with exactly the visit's docks (a rotation that joins other
    islands or moves a visited dock makes another answer). None otherwise."""
    for p in answer.placements:
        mine = sc.placement(p.turn)
        if mine is None or mine.slot != p.slot:
            return None
    board = sc.boards[0]
    names = [
        {
            a: n
            for which in (1, 2)
            if which <= turn + 1 and (mine := sc.placement(which)) is not None
            for a, n in tile_names(board, which, mine.slot, mine.tile, mine.rotation).items()
        }
        for turn in range(len(sc.boards))
    ]
    out: list[frozenset[str]] = []
    turn = 0
    for visit in answer.visits:
        if visit.end:
            out.append(frozenset())
            turn = 1
            continue
        on = sc.boards[turn]
        some = next(iter(visit.island))
        island = on.island_of_dock.get(some)
        if island is None or frozenset(on.docks_of_island[island]) != visit.island:
            return None
        alias = {n: a for a, n in names[turn].items()}
        out.append(frozenset(alias.get(d, d) for d in visit.island))
    return tuple(out)


def _form(answer: Answer, islands: Sequence[frozenset[str]]) -> ModelAnswer:
    return ModelAnswer(
        tuple(v if v.end else replace(v, island=isl) for v, isl in zip(answer.visits, islands, strict=True)),
        answer.oracles,
        answer.by_stop,
    )


def forbidden_forms(facts: Facts, answer: Answer) -> dict[ModelAnswer, list[int]]:
    """The answer in the model's terms, with the classes where every line of that form is the
    answer: every scenario of the class realises it (`realised`), and each visit's island is
    named by the aliases every scenario names it by. A class with a scenario that does not
    realise the answer (other slots, another island) keeps its lines: they are another answer
    there. The rotation of a placed tile is not part of the answer, so the classes of each
    rotation of its slots are among them."""
    out: dict[ModelAnswer, list[int]] = {}
    for c, members in enumerate(facts.members):
        common: tuple[frozenset[str], ...] | None = None
        for sc in members:
            mine = realised(sc, answer)
            if mine is None:
                common = None
                break
            common = mine if common is None else tuple(a & b for a, b in zip(common, mine, strict=True))
        if common is None or any(not isl for v, isl in zip(answer.visits, common, strict=True) if not v.end):
            continue
        out.setdefault(_form(answer, common), []).append(c)
    return out


def rotated_forms(facts: Facts, answer: Answer, placed: Placed) -> dict[ModelAnswer, list[int]]:
    """The answer in the model's terms, with the classes that hold a scenario in which a line of
    that form is the answer with some placed tile turned otherwise than in `placed` (the line's
    placements): what strict uniqueness refuses."""
    out: dict[ModelAnswer, list[int]] = {}
    for c, members in enumerate(facts.members):
        for sc in members:
            turned = any((p := sc.placement(which)) is not None and p.rotation != rot for which, _, rot in placed)
            mine = realised(sc, answer) if turned else None
            if mine is not None:
                classes = out.setdefault(_form(answer, mine), [])
                if c not in classes:
                    classes.append(c)
    return out


class Read(Core):
    """Lines out of solutions, and answers kept out of the next solve."""

    _marks: tuple[list[Lit], list[cp_model.IntVar]] | None = None
    _stop_marks: tuple[list[Lit], list[cp_model.IntVar]] | None = None
    """`_visit_marks` of the canonical signature, and of the strict one (the oracle by its stop)."""

    def read(self, solver: cp_model.CpSolver, member: int = 0) -> tuple[int, int, list[Action]]:
        """The actions the model counts, the class, and the line (sites chosen later, on
        replay), for the `member`-th scenario of the class found. The line costs what the model
        counts or less: legs take the cheapest way."""
        v = solver.value
        c = next(i for i, x in enumerate(self.scen) if v(x))
        sc = self.f.members[c][member]
        views = self.f.member_views(c, member)
        line: list[Action] = []
        if sc.first is not None:
            line.append(self._placement(solver, views, sc, 1))
        here = self.start_dock
        for k in range(self.events):
            if v(self.idle[k]):
                break
            turn = v(self.t2[k])
            there = next(d for d, x in self.at[k].items() if v(x))
            if there != here:
                line.extend(self._path(views, c, turn, here, there, v(self.points[k])))
            here = there
            if v(self.stop[k]):
                line.extend(self.stop_actions(solver, k))
            else:
                line.append(EndTurn())
                if sc.second is not None:
                    line.append(self._placement(solver, views, sc, 2))
        return v(self.total), c, line

    def _path(self, views: tuple[BoardView, ...], c: int, turn: int, a: str, b: str, points: int) -> list[Action]:
        """The steps of a leg: a cheapest way from a to b through the class's near docks, by
        ship where a ship step and a portage both join two docks."""
        view = views[turn]
        groups = view.groups()
        near = self.f.near[c]
        best: dict[str, tuple[int, list[str]]] = {a: (0, [a])}
        frontier = [a]
        while frontier:
            nxt: list[str] = []
            for d in sorted(frontier, key=lambda x: best[x]):
                cost, path = best[d]
                if d == self.occupied and not self.f.passing:
                    continue
                step = 2 if d == self.occupied else 1
                for n in groups[d]:
                    if n not in near or not (self.f.portage or view.by_ship(d, n)):
                        continue
                    cand = (cost + step, [*path, n])
                    if n not in best or cand < best[n]:
                        best[n] = cand
                        nxt.append(n)
            frontier = nxt
        cost, path = best[b]
        if cost > points:
            raise AssertionError(f"the leg {a}->{b} costs {cost} points, the model says {points}")
        names = view.names
        return [Step(names.get(y, y), portage=not view.by_ship(x, y)) for x, y in itertools.pairwise(path)]

    def _placement(
        self, solver: cp_model.CpSolver, views: tuple[BoardView, ...], sc: Scenario, which: int
    ) -> PlaceTile:
        v = solver.value
        p = sc.placement(which)
        pf = placement_facts(sc, which, views)
        assert p is not None and pf is not None
        colour = next((col for col, x in self.second_colour[which - 1].items() if v(x)), None)
        piece = next((k for k, x in enumerate(self.second_piece[which - 1]) if v(x)), None)
        if colour is None or piece is None:
            return PlaceTile(p.slot, p.rotation)
        # Pieces of one island are indistinguishable: name the first in the notation's order.
        # (A scenario of the class other than its representative may number them otherwise
        # when no line reaches them: any piece on another island will do.)
        if piece not in pf.second_cube:
            piece = pf.second_cube[0]
        same = [k for k in pf.second_cube if pf.piece_island[k] == pf.piece_island[piece]]
        first = min(same, key=lambda k: ("SW", "NW", "SE", "NE").index(pf.piece_quadrant[k]))
        return PlaceTile(p.slot, p.rotation, colour, pf.piece_quadrant[first])

    def stop_actions(self, solver: cp_model.CpSolver, k: int) -> list[Action]:
        """The actions of the stop at event k (the excavation's site chosen on replay)."""
        v = solver.value
        out: list[Action] = []
        unload = tuple(c for c in COLOURS for _ in range(v(self.unload[k][c])))
        if unload:
            out.append(Unload(unload))
        out.extend(Sell(c) for c in COLOURS for _ in range(v(self.sell[k][c])))
        load = tuple(c for c in COLOURS for _ in range(v(self.load[k][c])))
        if load:
            out.append(Load(load))
        sizes = sorted((n + 1 for n, x in enumerate(self.buy_count[k]) for _ in range(v(x))), reverse=True)
        decks = [x for x in DECKS for _ in range(v(self.buy_decks[k][x]))]
        for size in sizes:
            out.append(Buy(tuple(decks[:size])))
            decks = decks[size:]
        card = next((card for card, x in self.dig[k].items() if v(x)), None)
        if card is not None:
            out.append(Excavate(card, (0, 0)))  # the site is chosen on replay
        icon = next((i for i, x in self.ask[k].items() if v(x)), None)
        if icon is not None:
            out.append(Oracle(icon))
        return out

    # -- uniqueness -----------------------------------------------------------------------

    def _kept_lit(self, answer: ModelAnswer, j: int) -> Lit:
        """Whether the line keeps visit j's goal card at the draw of the temple it excavates
        (the score model's `kept`; 0 when that card is not on offer there)."""
        number = len(self.hero.temples) + sum(1 for v in answer.visits[: j + 1] if v.card is not None)
        kept = getattr(self, "kept", {})
        return kept.get((number, answer.visits[j].keep), 0)

    def forbid(self, forms: Mapping[ModelAnswer, Sequence[int]]) -> None:
        """Forbid every line with an answer's signature (solver/canonical.py): each of its forms
        in the classes listed for it (`forbidden_forms`)."""
        found = self.matches_any(forms)
        if not isinstance(found, int):
            self.m.add(found == 0)

    def matches_any(self, forms: Mapping[ModelAnswer, Sequence[int]]) -> Lit:
        """A literal true exactly when the line has one of these forms' visits in a class
        listed for it."""
        return self.any_([self.matches(form, classes) for form, classes in forms.items()], "one of the forms")

    def _visit_marks(self, by_stop: bool) -> tuple[list[Lit], list[cp_model.IntVar]]:
        """Per event, whether it is a visit (a stop that pays for something or sells, or the end
        of turn 1; a stop that only consults the oracle only when `by_stop`), and the visits
        before each event: built once per model and kind."""
        made = self._stop_marks if by_stop else self._marks
        if made is not None:
            return made
        m, E = self.m, self.events
        kind = "strict " if by_stop else ""
        marks = []
        for k in range(E):
            paid = self.cost[k] - self.moves[k] + sum(self.sell[k].values())
            if not by_stop and self.ask[k]:  # (no oracle to consult: the model as before)
                paid -= self.asks[k]
            pays = m.new_bool_var(f"event {k} pays or sells{' (oracle too)' if by_stop else ''}")
            m.add(paid >= 1).only_enforce_if(pays)
            m.add(paid == 0).only_enforce_if(pays.negated())
            paying = self.all_([self.stop[k], pays], f"event {k} is a {kind}paying stop")
            marks.append(self.any_([paying, self.end[k]], f"event {k} is a {kind}visit"))
        rank = [m.new_int_var(0, E, f"{kind}visits before {k}") for k in range(E + 1)]
        m.add(rank[0] == 0)
        for k in range(E):
            m.add(rank[k + 1] == rank[k] + marks[k])
        if by_stop:
            self._stop_marks = (marks, rank)
        else:
            self._marks = (marks, rank)
        return marks, rank

    def matches(self, answer: ModelAnswer, classes: Sequence[int]) -> cp_model.IntVar:
        """A literal true exactly when the line has this answer's visits and the class picked
        is one of `classes`. Every literal below is equivalent to what it names, so that no
        line with the signature can slip through by leaving one false."""
        m, E = self.m, self.events
        same: list[Lit] = [self.holds(classes)]
        marks, rank = self._visit_marks(answer.by_stop)
        same.extend(self._oracles_match(answer))
        same.append(self.is_(rank[E], len(answer.visits), "as many visits"))
        for j, visit in enumerate(answer.visits):
            found: list[Lit] = []
            for k in range(E):
                conds: list[Lit] = [self.is_(rank[k], j, f"event {k} is visit number {j}"), marks[k]]
                if visit.end:
                    conds.append(self.end[k])
                else:
                    conds.append(self.stop[k])
                    conds.append(
                        self.any_(
                            [self.at[k][d] for d in visit.island if d in self.dock_set],
                            f"event {k} on visit {j}'s island",
                        )
                    )
                    for col in COLOURS:
                        conds.append(self.is_(self.load[k][col], visit.load.count(col), f"load {col} {k} {j}"))
                    for n, x in enumerate(self.buy_count[k]):
                        conds.append(self.is_(x, visit.buys.count(n + 1), f"buys {n} {k} {j}"))
                    for deck in DECKS:
                        conds.append(self.is_(self.buy_decks[k][deck], visit.decks.count(deck), f"deck {deck} {k} {j}"))
                    for card, lit in self.dig[k].items():
                        conds.append(lit if visit.card == card else lit.negated())
                    if visit.card is not None and visit.card not in self.dig[k]:
                        conds.append(0)
                    if answer.by_stop:
                        for i, lit in self.ask[k].items():
                            conds.append(lit if visit.oracle == i else lit.negated())
                        if visit.oracle is not None and visit.oracle not in self.ask[k]:
                            conds.append(0)
                    sold = sum(self.sell[k].values())
                    no_sale = self.is_(sold, 0, f"no sale {k} {j}")
                    conds.append(neg(no_sale) if visit.sells else no_sale)
                    if visit.sold:  # a score goal's answer: which colours (canonical.py)
                        for col in COLOURS:
                            conds.append(self.is_(self.sell[k][col], visit.sold.count(col), f"sold {col} {k} {j}"))
                    if visit.keep is not None:
                        conds.append(self._kept_lit(answer, j))
                found.append(self.all_(conds, f"event {k} matches visit {j}"))
            same.append(self.any_(found, f"visit {j} matched"))
        out = m.new_bool_var("the line is the answer")
        self.m.add(out == self.all_(same, "all of the answer matched"))
        return out

    def _oracles_match(self, answer: ModelAnswer) -> list[Lit]:
        """Literals true exactly when the line consults the oracle for the answer's icons, at
        any stop: the model consults it in turn 1 only (cards.py), once at most."""
        icons = self.ask[0].keys() if self.events else ()
        wanted = [o.icon for o in answer.oracles]
        if any(o.turn != 1 or o.icon not in icons for o in answer.oracles):
            return [0]
        return [
            self.is_(
                sum(self.ask[k][i] for k in range(self.events)), wanted.count(i), f"oracle {i} asked as the answer"
            )
            for i in sorted(icons)
        ]
