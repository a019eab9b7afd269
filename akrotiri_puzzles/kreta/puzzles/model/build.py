"""The CP-SAT model of a puzzle's lines: the hero's state after each step, the step's card and
kind, the transitions the rules allow, and the castellan's scoring at the end.

Built in a fixed order (variables of the start, then step by step: the choice, its card, each
kind's transition, the limits), names in words. A step is one card play or none (idle steps come
last, so a line of fewer cards is a line with idle steps). The commander's march is a flow of
villagers along the adjacency with at most 4 units of step (K-CMD-2): any net change a march can
make is a flow of cost at most 4 and conversely (K-R-7, docs/kreta/puzzles.md), the provinces
that gain villagers being legal stops at the end (not full, K-FIG-2; no foreign peace, K-FIG-3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from ...components import COPYABLE, FULL, KING, MARCH_POINTS, PIECES, TILES
from ...rules.queries import province_points
from .facts import KINDS, Facts, usable

LinearExpr = Any
"""A linear expression of the model (OR-Tools gives it no precise static type)."""


@dataclass
class Step:
    """The variables of one step: the choice, the cards, the placements and moves."""

    idle: cp_model.IntVar
    kind: dict[str, cp_model.IntVar]
    direct: dict[str, cp_model.IntVar]
    king: dict[str, cp_model.IntVar]
    villager: list[cp_model.IntVar]
    village: list[cp_model.IntVar]
    flow: dict[tuple[int, int], cp_model.IntVar]
    harvest_ok: list[cp_model.IntVar] = field(default_factory=list)


@dataclass
class State:
    """The hero's pieces after a step (step 0: the start)."""

    villagers: list[cp_model.IntVar]
    villages: list[cp_model.IntVar]
    abbot: list[cp_model.IntVar]
    ships: dict[int, cp_model.IntVar]
    forts: dict[int, cp_model.IntVar]
    harvested: dict[int, cp_model.IntVar]


@dataclass
class Built:
    """The model and its variables, for the objective and the reading of a solution."""

    model: cp_model.CpModel
    facts: Facts
    states: list[State]
    steps: list[Step]
    first: dict[int, cp_model.IntVar]
    second: dict[int, cp_model.IntVar]
    influence: dict[int, LinearExpr]
    harvest_points: LinearExpr
    scoring_points: LinearExpr

    @property
    def cards(self) -> LinearExpr:
        """Cards of the line, the castellan included."""
        return 1 + sum(1 - s.idle for s in self.steps)


def build(facts: Facts) -> Built:
    """The model of every line of at most `facts.steps` cards before the castellan."""
    m = cp_model.CpModel()
    n = facts.provinces
    states = [_start(m, facts)]
    steps: list[Step] = []
    for t in range(1, facts.steps + 1):
        step, state = _step(m, facts, t, states[-1])
        if steps:
            m.add_implication(steps[-1].idle, step.idle)  # idle steps last: no line twice
        steps.append(step)
        states.append(state)
    _cards(m, facts, steps)
    end = states[-1]
    # The castellan's scoring of the provinces round its fort space (K-SCORE).
    first: dict[int, cp_model.IntVar] = {}
    second: dict[int, cp_model.IntVar] = {}
    influence: dict[int, LinearExpr] = {}
    scoring_terms = []
    for k, p in enumerate(facts.scored):
        mine = _influence(facts, end, p)
        influence[p] = mine
        others = sorted(facts.others_influence[k], reverse=True)
        top = others[0]
        first[p] = m.new_bool_var(f"hero first in province {p}")
        m.add(mine >= max(top, 1)).only_enforce_if(first[p])
        value = facts.values[p]
        scoring_terms.append(value * first[p])
        # Second place: 3 or 4 players, exactly one first, at least 1 influence (K-SCORE-4, K-R-12).
        runner = others[1] if len(others) > 1 else 0
        if facts.players >= 3 and top > runner and top >= 2:
            second[p] = m.new_bool_var(f"hero second in province {p}")
            m.add(mine >= max(runner, 1)).only_enforce_if(second[p])
            m.add(first[p] + second[p] <= 1)
            scoring_terms.append(value // 2 * second[p])
    del n
    return Built(m, facts, states, steps, first, second, influence, _harvest_points(m, facts, end), sum(scoring_terms))


def _start(m: cp_model.CpModel, facts: Facts) -> State:
    n = facts.provinces
    return State(
        villagers=[m.new_constant(facts.hero_villagers[p]) for p in range(n)],
        villages=[m.new_constant(facts.hero_villages[p]) for p in range(n)],
        abbot=[m.new_constant(int(facts.hero_abbot == p)) for p in range(n)],
        ships={p: m.new_constant(int(p in facts.hero_ships)) for p in facts.ports},
        forts={s: m.new_constant(1) for s in facts.hero_forts} | {s: m.new_constant(0) for s in facts.free_spaces},
        harvested={p: m.new_constant(0) for p in range(n) if facts.tiles[p] is not None},
    )


def _step(m: cp_model.CpModel, f: Facts, t: int, before: State) -> tuple[Step, State]:
    n = f.provinces
    # The choice: one kind of step, or idle.
    idle = m.new_bool_var(f"step {t} idle")
    kind = {k: m.new_bool_var(f"step {t} {k}") for k in KINDS}
    for k, card in KINDS.items():
        if not usable(f, card):
            m.add(kind[k] == 0)
    m.add_exactly_one([idle, *kind.values()])
    direct = {c: m.new_bool_var(f"step {t} plays the {c}") for c in COPYABLE}
    king = {c: m.new_bool_var(f"step {t} king copies the {c}") for c in COPYABLE}
    for c in COPYABLE:
        m.add(sum(kind[k] for k, card in KINDS.items() if card == c) == direct[c] + king[c])

    # Villagers: one placed (K-CMD-1), or a march's flow of at most 4 steps (K-CMD-2).
    place_villager = [m.new_bool_var(f"step {t} villager to {p}") for p in range(n)]
    m.add(sum(place_villager) == kind["villager"])
    flow = {
        (p, q): m.new_int_var(0, MARCH_POINTS, f"step {t} villagers {p}->{q}")
        for p in range(n)
        for q in f.neighbours[p]
    }
    m.add(sum(flow.values()) <= MARCH_POINTS * kind["march"])
    villagers = [m.new_int_var(0, PIECES["villager"], f"villagers in {p} after step {t}") for p in range(n)]
    for p in range(n):
        inflow = sum(flow[q, p] for q in f.neighbours[p])
        outflow = sum(flow[p, q] for q in f.neighbours[p])
        m.add(villagers[p] == before.villagers[p] + place_villager[p] + inflow - outflow)
    m.add(sum(villagers) <= PIECES["villager"])
    # A march changes the position (K-R-5): some province gains a villager.
    gains = [m.new_bool_var(f"step {t} march gains in {p}") for p in range(n)]
    for p in range(n):
        m.add(villagers[p] >= before.villagers[p] + 1).only_enforce_if(gains[p])
    m.add(sum(gains) >= kind["march"])

    # Villages (K-ARCH-1): one built; the n-th needs n harvested tiles (K-ARCH-2).
    place_village = [m.new_bool_var(f"step {t} village in {p}") for p in range(n)]
    m.add(sum(place_village) == kind["village"])
    villages = [m.new_int_var(0, PIECES["village"], f"villages in {p} after step {t}") for p in range(n)]
    for p in range(n):
        m.add(villages[p] == before.villages[p] + place_village[p])
    m.add(sum(villages) <= PIECES["village"])
    m.add(sum(villages) <= f.harvested + sum(before.harvested.values()))

    # The abbot: placed or moved 1 to 3 steps to another province (K-ABB-1).
    abbot = [m.new_bool_var(f"abbot in {p} after step {t}") for p in range(n)]
    m.add(sum(abbot) <= 1)
    for p in range(n):
        m.add(abbot[p] == before.abbot[p]).only_enforce_if(kind["abbot"].negated())
        m.add(abbot[p] + before.abbot[p] <= 1).only_enforce_if(kind["abbot"])
        for q in range(n):
            if q != p and f.distance[q][p] > 3:
                m.add(before.abbot[q] + abbot[p] <= 1)
    m.add(sum(abbot) == 1).only_enforce_if(kind["abbot"])

    # Ships: one from supply into a port, or ships sailing to other ports (K-ADM-1, K-ADM-2).
    ships = {p: m.new_bool_var(f"ship in {p} after step {t}") for p in f.ports}
    for p, var in ships.items():
        if f.port_room[p] < 1:
            m.add(var <= before.ships[p])
    m.add(sum(ships.values()) <= PIECES["ship"])
    moving = m.new_bool_var(f"step {t} moves ships")
    m.add_bool_or([kind["ship"], kind["sail"]]).only_enforce_if(moving)
    m.add_bool_and([kind["ship"].negated(), kind["sail"].negated()]).only_enforce_if(moving.negated())
    for p, var in ships.items():
        m.add(var == before.ships[p]).only_enforce_if(moving.negated())
        m.add(var >= before.ships[p]).only_enforce_if(kind["ship"])
    m.add(sum(ships.values()) == sum(before.ships.values()) + 1).only_enforce_if(kind["ship"])
    m.add(sum(ships.values()) == sum(before.ships.values())).only_enforce_if(kind["sail"])
    arrives = {p: m.new_bool_var(f"step {t} a ship arrives in {p}") for p in f.ports}
    for p, var in arrives.items():
        m.add(var <= ships[p])
        m.add(var <= 1 - before.ships[p])
    m.add(sum(arrives.values()) >= 1).only_enforce_if(kind["sail"])

    # Forts: one on an empty fort space (K-ARCH-1, K-R-9), at most 3 (K-SET-1).
    forts = {s: m.new_bool_var(f"fort on space {s + 1} after step {t}") for s in f.free_spaces}
    forts |= {s: before.forts[s] for s in f.hero_forts}
    for s in f.free_spaces:
        m.add(forts[s] >= before.forts[s])
    m.add(sum(forts[s] for s in f.free_spaces) == sum(before.forts[s] for s in f.free_spaces) + kind["fort"])
    m.add(sum(forts.values()) <= PIECES["fort"])

    # The farmer: one tile harvested where a chain of villagers reaches a ship (K-FARM-1).
    harvested = {p: m.new_bool_var(f"tile of {p} harvested by step {t}") for p in before.harvested}
    for p, var in harvested.items():
        m.add(var >= before.harvested[p])
    m.add(sum(harvested.values()) == sum(before.harvested.values()) + kind["harvest"])
    if harvested and usable(f, "farmer"):
        reach = _reach(m, f, t, before)
        for p, var in harvested.items():
            m.add(var - before.harvested[p] <= reach[p])
    else:
        m.add(kind["harvest"] == 0)

    # Limits every state obeys: 7 figures (K-FIG-2); no figure added under a foreign peace
    # unless the hero's abbot is there too (K-FIG-3, K-R-4).
    for p in range(n):
        m.add(f.others_figures[p] + villagers[p] + villages[p] + abbot[p] <= FULL)
        if f.others_abbot[p]:
            m.add(villagers[p] <= before.villagers[p] + PIECES["villager"] * before.abbot[p])
            m.add(villages[p] <= before.villages[p] + PIECES["village"] * before.abbot[p])
    step = Step(idle, kind, direct, king, place_villager, place_village, flow)
    return step, State(villagers, villages, abbot, ships, forts, harvested)


def _reach(m: cp_model.CpModel, f: Facts, t: int, before: State) -> list[cp_model.IntVar]:
    """Provinces joined to a port holding the hero's ship by provinces each holding one of his
    villagers, before step t: level k is reached in at most k links (K-FARM-1)."""
    n = f.provinces
    holds = [m.new_bool_var(f"a villager in {p} before step {t}") for p in range(n)]
    for p in range(n):
        m.add(before.villagers[p] >= holds[p])
        m.add(before.villagers[p] <= PIECES["villager"] * holds[p])
    level = []
    for p in range(n):
        r = m.new_bool_var(f"{p} holds a villager and a ship before step {t}")
        m.add(r <= holds[p])
        m.add(r <= before.ships.get(p, 0))
        level.append(r)
    for k in range(1, min(n, PIECES["villager"])):
        nxt = []
        for p in range(n):
            r = m.new_bool_var(f"{p} joined to a ship in {k} links before step {t}")
            m.add(r <= holds[p])
            m.add(r <= level[p] + sum(level[q] for q in f.neighbours[p]))
            nxt.append(r)
        level = nxt
    return level


def _cards(m: cp_model.CpModel, f: Facts, steps: list[Step]) -> None:
    """Each card once between castellans, from hand (K-TURN-1, K-TURN-3); the king once, copying
    a card on the table at that moment (K-KING-1, K-KING-2, K-R-11)."""
    for c in COPYABLE:
        m.add(sum(s.direct[c] for s in steps) <= (0 if c in f.on_table else 1))
    m.add(sum(s.king[c] for s in steps for c in COPYABLE) <= (0 if KING in f.on_table else 1))
    for t, s in enumerate(steps):
        for c in COPYABLE:
            earlier = sum(steps[u].direct[c] for u in range(t))
            m.add(s.king[c] <= (1 if c in f.on_table else 0) + earlier)


def _influence(f: Facts, state: State, p: int) -> LinearExpr:
    """The hero's influence in a province (K-SCORE-1)."""
    terms = state.villagers[p] + 2 * state.villages[p] + state.abbot[p]
    if p in state.ships:
        terms += state.ships[p]
    for s in f.spaces_of[p]:
        if s in state.forts:
            terms += state.forts[s]
    return terms


def _harvest_points(m: cp_model.CpModel, f: Facts, end: State) -> LinearExpr:
    """Points of the tiles harvested in the line: the k-th of a type scores k (K-FARM-3)."""
    total = []
    for kind in range(len(TILES)):
        where = [p for p in end.harvested if f.tiles[p] == kind]
        if not where:
            continue
        count = m.new_int_var(0, len(where), f"{TILES[kind]} tiles harvested")
        m.add(count == sum(end.harvested[p] for p in where))
        c0 = f.tile_counts[kind]
        table = [sum(range(c0 + 1, c0 + k + 1)) for k in range(len(where) + 1)]
        points = m.new_int_var(0, table[-1], f"{TILES[kind]} points")
        m.add_element(count, table, points)
        total.append(points)
    return sum(total)


MAX_INFLUENCE = PIECES["villager"] + 2 * PIECES["village"] + PIECES["abbot"] + 1 + PIECES["fort"]
"""The most influence the hero can have in a province (K-SCORE-1): every villager and village,
his abbot, one ship in its port (never two, K-ADM-2) and all his forts."""


def margin_points(built: Built) -> tuple[LinearExpr, LinearExpr]:
    """The castellan's scoring for the margin goal, exact in both directions: the hero's points,
    and the most points any passive opponent gets. In each scored province every player's points
    follow from the hero's influence there (the opponents' are constants) by the one rule the
    engine uses (K-SCORE-3..5, K-R-12, K-R-13): a table indexed by the hero's influence. The
    largest opponent's total is their maximum (exact, so that any solution's value is the engine's)."""
    m = built.model
    f = built.facts
    opponents = f.players - 1
    hero_terms: list[LinearExpr] = []
    rival_terms: list[list[LinearExpr]] = [[] for _ in range(opponents)]
    top = 0
    for k, p in enumerate(f.scored):
        mine = m.new_int_var(0, MAX_INFLUENCE, f"hero's influence in {p}")
        m.add(mine == built.influence[p])
        others = list(f.others_influence[k])
        table = [province_points([h, *others], f.values[p]) for h in range(MAX_INFLUENCE + 1)]
        top += f.values[p]
        for j in range(f.players):
            column = [row[j] for row in table]
            who = "hero" if j == 0 else f"opponent {j}"
            points = m.new_int_var(min(column), max(column), f"{who}'s points in {p}")
            m.add_element(mine, column, points)
            (hero_terms if j == 0 else rival_terms[j - 1]).append(points)
    totals = []
    for j, terms in enumerate(rival_terms, start=1):
        total = m.new_int_var(0, top, f"opponent {j}'s points")
        m.add(total == sum(terms))
        totals.append(total)
    rival = m.new_int_var(0, top, "the largest opponent's points")
    m.add_max_equality(rival, totals)
    return sum(hero_terms), rival
