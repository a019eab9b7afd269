"""The final score as the objective: map cards, goal cards and drachmas (R-SCORE-1, R-SCORE-2).

With `spec.objective` "score" or "margin", the model asks for the best final score of any line
within the bound instead of the fewest actions to a goal. It is built for one board: the last
turn's action phase, after any tile placement (analysis/ tries each placement in turn), so that
every fact a goal card reads (portage distances, icons, completed islands, direct connections,
quarters) is a constant of an island, computed by the engine's own graphs (graphs.py), and a
line only chooses which islands get a new temple, in which quarter, and which goal card it
keeps at a goal draw (R-EXC-1). The opponent's score is a constant of the board.

Every score term is bounded above by what the game scores and can reach it, so the maximum is
the game's score of the best line; the line is replayed and scored by the engine (analysis/).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from ... import graphs
from ...excavation import valid_sites
from ...geometry import Quad, board_quarter
from ...scoring import seat_score
from .core import Expr
from .objective import MARGIN_SCALE, TIE
from .score_two import ScoreTwo

QUARTERS = ("NE", "NW", "SE", "SW")


@dataclass(frozen=True)
class Island:
    """What the goal cards read of one island of the board (R-GOAL-1..12)."""

    key: Quad
    distance: int | None
    icons: frozenset[str]
    completed: bool
    size: int
    temples: int
    """The hero's temples on it already."""


class ScoreModel(ScoreTwo):
    """The hero's final score as the objective, on a board that no line changes (or, over two
    turns, on each class's final board: model/score_two.py)."""

    def add_goal(self) -> None:
        # A score model has no goal to reach: any line within the bound scores.
        if self.spec.objective == "actions":
            super().add_goal()

    def add_objective(self) -> None:
        if self.spec.objective == "actions":
            super().add_objective()
            return
        self.add_score()

    def add_score(self) -> None:
        """The score's terms, and the objective."""
        if self.turns == 2 and self.f.scenarios and self.f.scenarios[0].first is None:
            self.add_score_two()
            return
        if self.turns != 1 or self.n != 1 or self.f.scenarios[0].first is not None:
            raise ValueError("the score objective needs one board: the last turn's action phase")
        m = self.m
        board = self.start.board
        seat = self.start.to_move
        self.board_islands = self._islands()
        # new[I]: this line excavates a temple on island I; with which card, and in which
        # quarter of the board its site lies (R-EXC-1, R-GOAL-9).
        where: dict[Quad, dict[str, list[str]]] = {}
        for (card, dock), classes in self.f.layers[0].dig.items():
            if 0 in classes and dock in self.dock_set and card in self.cards:
                where.setdefault(board.island_of_dock[dock], {}).setdefault(card, []).append(dock)
        self.new: dict[Quad, cp_model.IntVar] = {}
        self.quarter: dict[tuple[Quad, str], cp_model.IntVar] = {}
        used: dict[str, list[cp_model.IntVar]] = {}
        for isl in sorted(where):
            self.new[isl] = m.new_bool_var(f"new temple on {isl}")
            with_card = {}
            for card in sorted(where[isl]):
                w = m.new_bool_var(f"{card} excavated on {isl}")
                for k in range(self.events):
                    for d in where[isl][card]:
                        m.add_bool_or([self.dig[k][card].negated(), self.at[k][d].negated(), w])
                with_card[card] = w
                used.setdefault(card, []).append(w)
            m.add(self.new[isl] == sum(with_card.values()))
            quads = board.island_quads[isl]
            fits: dict[str, list[cp_model.IntVar]] = {}
            for card, w in with_card.items():
                for q in {board_quarter(s) for s in valid_sites(board, seat, self.comps.map[card], quads)}:
                    fits.setdefault(q, []).append(w)
            for q in sorted(fits):
                self.quarter[(isl, q)] = v = m.new_bool_var(f"new temple on {isl} in quarter {q}")
                m.add(v <= sum(fits[q]))
            m.add(sum(v for (i, _), v in self.quarter.items() if i == isl) == self.new[isl])
        for card in self.cards:
            # The card's excavation lies on exactly one island.
            m.add(sum(used.get(card, [])) == sum(self.dig[k][card] for k in range(self.events)))
        left = self.comps.player_board.temples - len(self.hero.temples)
        self.new_temples = sum(self.new.values())
        m.add(self.new_temples <= left)
        # Map cards played score their points (R-SCORE-1).
        self.map_points: Expr = sum(self.comps.map[card].points for card, _ in self.hero.temples)
        for card in self.cards:
            pts = self.comps.map[card].points
            self.map_points = self.map_points + pts * sum(self.dig[k][card] for k in range(self.events))
        # Goal cards held, and those a goal draw offers (R-EXC-1): the kept one scores.
        self.goal_points: dict[str, cp_model.IntVar] = {g: self._goal(g) for g in self.hero.goals}
        self.kept: dict[tuple[int, str], cp_model.IntVar] = {}
        self.goal_most = {}
        kept_points = self._draws(self._goal)
        # 1 point per 10 drachmas at the end of the line (R-SCORE-1).
        final = self.money[self.events]
        self.drachma_points = m.new_int_var(0, 10**4, "drachma points")
        m.add_division_equality(self.drachma_points, final, 10)
        self.score = m.new_int_var(0, 10**5, "final score")
        m.add(self.score == self.map_points + sum(self.goal_points.values()) + kept_points + self.drachma_points)
        # Among lines of the best value, the fewest actions: the actions the game counts and
        # the free ones (sell, unload), so that no line read back carries an action it does
        # not need (the weight TIE makes this a strict second objective).
        self.line_actions = self.total + sum(
            sum(self.sell[k].values()) + sum(self.unload[k].values()) for k in range(self.events)
        )
        if self.spec.objective == "score":
            self.primary: Expr = self.score
        else:
            other = seat_score(self.start, self.start.other).total
            self.margin = self.score - other
            # The margin first, then the drachmas: the tie-break of R-SCORE-3.
            self.primary = self.margin * MARGIN_SCALE + final
        m.maximize(self.primary * TIE - self.line_actions)

    def _islands(self) -> dict[Quad, Island]:
        """Every island of the board, as the goal cards read it."""
        board = self.start.board
        distance = graphs.portage_distance(board)
        mine: dict[Quad, int] = {}
        for _, site in self.hero.temples:
            isl = board.island_at(site)
            assert isl is not None
            mine[isl] = mine.get(isl, 0) + 1
        return {
            isl: Island(
                isl,
                distance.get(isl),
                frozenset(board.island_icons[isl]),
                isl in board.completed,
                board.island_size[isl],
                mine.get(isl, 0),
            )
            for isl in board.island_quads
        }

    def _has(self, isl: Quad) -> Expr:
        """Whether the hero has a temple on the island at the end of the line: 0/1."""
        if self.board_islands[isl].temples:
            return 1
        return self.new.get(isl, 0)

    def _goal(self, goal: str) -> cp_model.IntVar:
        """The points of one goal card at the end of the line (R-GOAL-1..12): a variable bounded
        by what the card scores, which a maximum reaches."""
        m = self.m
        card = self.comps.goal[goal]
        value = card.value(self.start.edition)
        rule = card.rule
        edition = self.start.edition
        islands = self.board_islands
        pts = m.new_int_var(0, 10**4, f"points of goal {goal}")
        if rule == "quarters":
            held = []
            for q in QUARTERS:
                lit = m.new_bool_var(f"{goal}: a temple in quarter {q}")
                before = sum(1 for _, s in self.hero.temples if board_quarter(s) == q)
                m.add(lit <= before + sum(v for (_, qq), v in self.quarter.items() if qq == q))
                held.append(lit)
            m.add(pts <= value * sum(held))
            if card.cap is not None:
                m.add(pts <= card.cap)
            return pts
        if rule == "largest_completed":
            done = [i for i in sorted(islands) if islands[i].completed and (islands[i].temples or i in self.new)]
            pick = [m.new_bool_var(f"{goal}: counts island {i}") for i in done]
            for i, lit in zip(done, pick, strict=True):
                m.add(lit <= self._has(i))
            m.add(sum(pick) <= 1)
            m.add(pts <= value * sum(islands[i].size * lit for i, lit in zip(done, pick, strict=True)))
            return pts
        if rule == "not_connected":
            connected = graphs.directly_connected(self.start.board)
            terms = []
            for i in sorted(islands):
                if not islands[i].temples and i not in self.new:
                    continue
                most = islands[i].temples + (1 if i in self.new else 0)
                t = m.new_int_var(0, value * most, f"{goal}: temples counted on {i}")
                m.add(t <= value * (islands[i].temples + self.new.get(i, 0)))
                for j in sorted(islands):
                    if j != i and frozenset((i, j)) in connected:
                        m.add(t <= value * most * (1 - self._has(j)))
                terms.append(t)
            m.add(pts <= sum(terms))
            return pts

        def counts(isl: Island) -> bool:
            d = isl.distance
            if rule == "portage_1":
                return d == 1
            if rule == "portage_2":
                return d is not None and (d >= 2 if edition == 2016 else d == 2)
            if rule == "no_icon":
                return not isl.icons
            if rule in ("volcano", "lake", "tree", "mountain"):
                return rule in isl.icons
            if rule == "three_icons":
                return len(isl.icons) >= 3
            if rule == "uncompleted":
                return not isl.completed
            raise ValueError(f"unknown goal rule {rule}")

        good = [i for i in sorted(islands) if counts(islands[i])]
        before = sum(islands[i].temples for i in good)
        m.add(pts <= value * (before + sum(self.new.get(i, 0) for i in good)))
        return pts

    def _draws(self, goal_points: Callable[[str], cp_model.IntVar]) -> Expr:
        """The goal cards kept at the goal draws this line's temples reveal (R-EXC-1); their
        points. A second draw is modelled only when its offer does not depend on the first."""
        m = self.m
        start = self.start
        reveals = self.comps.player_board.reveals
        done = len(self.hero.temples)
        drawn = self.comps.setup.goals_drawn
        total: Expr = 0
        draws = [n for n in range(done + 1, len(reveals) + 1) if reveals[n - 1].goal_draw]
        for index, n in enumerate(draws):
            extra = n - done
            if extra > max(0, self.bound):
                break
            if start.strategist:
                offer = start.goal_face_up
                if index > 0:
                    raise ValueError("two goal draws from the face-up goals in one turn are not modelled")
            else:
                offer = start.goal_deck[drawn * index : drawn * (index + 1)]
                if index > 0 and len(start.goal_deck) < drawn * (index + 1):
                    raise ValueError("a second goal draw from a short goal deck is not modelled")
            if not offer:
                continue
            happens = m.new_bool_var(f"goal draw at temple {n}")
            m.add(self.new_temples >= extra).only_enforce_if(happens)
            m.add(self.new_temples <= extra - 1).only_enforce_if(happens.negated())
            chosen = []
            for g in sorted(set(offer)):
                z = m.new_bool_var(f"keep goal {g} at temple {n}")
                self.kept[(n, g)] = z
                chosen.append(z)
                got = m.new_int_var(0, 10**4, f"points of kept goal {g}")
                m.add(got <= goal_points(g))
                # The card's most points (known once its variable is made) bound `got` when the
                # card is not kept. Not read off `m.proto`: a domain read there while building
                # gave a wrong bound (ortools 9.15; seen as a lost optimum, not understood).
                m.add(got <= self.goal_most.get(g, 10**4) * z)
                total = total + got
            m.add(sum(chosen) == happens)
        return total
