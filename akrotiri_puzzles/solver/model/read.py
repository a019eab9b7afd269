"""Reading a line back from a CP-SAT solution, and forbidding an answer for the uniqueness check."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ortools.sat.python import cp_model

from ...actions import Action, Buy, EndTurn, Excavate, Load, Oracle, PlaceTile, Sell, Step, Unload
from ...components import COLOURS, DECKS
from ..boardview import BoardView
from ..canonical import Answer, Visit
from ..facts import Facts, placement_facts
from ..scenarios import Scenario
from .core import Core, Lit, neg


@dataclass(frozen=True)
class ModelAnswer:
    """An answer's signature in the model's terms: the placements it makes (turn, slot,
    rotation) and its visits, with docks named by alias."""

    placements: tuple[tuple[int, tuple[int, int], int], ...]
    visits: tuple[Visit, ...]


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
    return ModelAnswer(tuple((p.turn, p.slot, p.rotation) for p in answer.placements), tuple(visits))


def placements_match(facts: Facts, c: int, placements: tuple[tuple[int, tuple[int, int], int], ...]) -> list[bool]:
    """For each scenario of class c, whether it makes exactly these placements."""
    out = []
    for sc in facts.members[c]:
        ok = True
        for which, slot, rotation in placements:
            p = sc.placement(which)
            ok = ok and p is not None and (p.slot, p.rotation) == (slot, rotation)
        out.append(ok)
    return out


class Read(Core):
    """Lines out of solutions, and answers kept out of the next solve."""

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

    def forbid(self, answer: ModelAnswer) -> None:
        """Forbid every line with this answer's signature (solver/canonical.py) in the classes
        whose every scenario makes the answer's placements.

        A class with some scenarios that make other placements keeps the answer's visits: they
        are a different answer there.
        """
        full = [c for c in range(self.n) if all(placements_match(self.f, c, answer.placements))]
        self.m.add(self.matches(answer, full) == 0)

    def matches(self, answer: ModelAnswer, classes: Sequence[int]) -> cp_model.IntVar:
        """A literal true exactly when the line has this answer's visits and the class picked
        is one of `classes`. Every literal below is equivalent to what it names, so that no
        line with the signature can slip through by leaving one false."""
        m, E = self.m, self.events
        same: list[Lit] = [self.holds(classes)]
        # Visits: stops that pay for something or sell, and the end of turn 1, in order.
        marks = []
        for k in range(E):
            paid = self.cost[k] - self.moves[k] + sum(self.sell[k].values())
            pays = m.new_bool_var(f"event {k} pays or sells")
            m.add(paid >= 1).only_enforce_if(pays)
            m.add(paid == 0).only_enforce_if(pays.negated())
            paying = self.all_([self.stop[k], pays], f"event {k} is a paying stop")
            marks.append(self.any_([paying, self.end[k]], f"event {k} is a visit"))
        rank = [m.new_int_var(0, E, f"visits before {k}") for k in range(E + 1)]
        m.add(rank[0] == 0)
        for k in range(E):
            m.add(rank[k + 1] == rank[k] + marks[k])
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
