"""The fact reader's shortcuts against plain searches on real boards (solver/boardview.py)."""

from __future__ import annotations

import heapq
import random
from pathlib import Path

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver import facts, gather
from akrotiri_puzzles.solver.boardview import FAR, BoardView
from akrotiri_puzzles.solver.budget import budget, max_steps, playable_cards
from akrotiri_puzzles.solver.fact_tables import leg_items
from akrotiri_puzzles.solver.facts import FactReader

PLACE2 = sorted(
    p
    for name in ("place2", "place2b", "place2c")
    for p in (Path(__file__).parent / "data" / "puzzles" / name).glob("*.yaml")
)


def _apart_by_search(view: BoardView, label: dict[str, object]) -> int:
    """Least steps between two docks with different labels: one search per dock."""
    best = FAR
    for a in label:
        steps = view.steps_from([a])
        for b, other in label.items():
            if other != label[a]:
                best = min(best, steps.get(b, FAR))
    return best


def test_R_MOVE_1_nearest_apart_is_the_least_steps_between_differently_labelled_docks(comps):
    """`BoardView.nearest_apart` (one search from every labelled dock, used for goals of
    several temples) against a search from each dock, on the boards of two-turn scenarios
    (start boards, boards extended by a tile) with docks labelled at random, islands among them."""
    rng = random.Random(9)
    checked = found = 0
    for path in PLACE2[:4]:
        reader = FactReader(load_puzzle(path, comps))
        scens = reader.scenarios()
        for sc in rng.sample(scens, min(25, len(scens))):
            for view in reader.views(sc, 8):
                docks = sorted(view.ship)
                for kind in ("random", "island"):
                    chosen = rng.sample(docks, min(len(docks), rng.randint(1, 8)))
                    if kind == "island":
                        label: dict[str, object] = {d: view.island[d] for d in chosen}
                    else:
                        label = {d: rng.randint(0, 2) for d in chosen}
                    expected = _apart_by_search(view, label)
                    assert view.nearest_apart(label) == expected, (path.stem, sc, label)
                    checked += 1
                    found += expected < FAR
    assert checked >= 300 and found >= 100


SMALL = Path(__file__).parent / "data" / "puzzles" / "small"


def _weighted(source: str, of: dict[str, list[frozenset[str]]], occupied: str | None, passing: bool) -> dict[str, int]:
    """Least movement points from a dock over the groups `of` gives, by a plain Dijkstra: a
    step costs 1, 2 when it leaves the opponent's dock (R-MOVE-3); without `passing`, no step
    leaves that dock."""
    dist = {source: 0}
    heap = [(0, source)]
    while heap:
        w, d = heapq.heappop(heap)
        if w > dist[d] or (d == occupied and not passing):
            continue
        cost = 2 if d == occupied else 1
        for g in of.get(d, ()):
            for n in g:
                if w + cost < dist.get(n, FAR):
                    dist[n] = w + cost
                    heapq.heappush(heap, (w + cost, n))
    return dist


def _groups_of(view: BoardView, portage: bool, within: set[str] | None = None) -> dict[str, list[frozenset[str]]]:
    """Each dock's groups (a route component, an island; only ship steps without `portage`),
    cut down to the docks `within`."""
    hubs, _ = view.hubs()
    of: dict[str, list[frozenset[str]]] = {}
    for members in hubs:
        if not portage and len({view.ship[d] for d in members}) > 1:
            continue
        g = frozenset(members if within is None else within.intersection(members))
        if len(g) >= 2:
            for d in g:
                of.setdefault(d, []).append(g)
    return of


FLAGS = [("passing", True, True), ("no pass", False, True), ("no portage", True, False)]


def test_R_MOVE_3_a_larger_board_s_points_derived_from_the_smaller_s_are_its_own(comps):
    """`BoardView.points` of a turn-2 view is derived from the turn-1 view's matrix by adding
    the groups the tile made (solver/points.py). On the turn-2 boards of many two-turn
    scenarios, with the opponent's dock and the bans on passing it and on portage, it must
    equal the matrix built from the turn-2 board itself, and the points of a plain Dijkstra
    from every dock (R-MOVE-1, R-MOVE-3)."""
    rng = random.Random(3)
    checked = extended = 0
    for path in PLACE2[:6]:
        reader = FactReader(load_puzzle(path, comps))
        occupied = reader.occupied
        scens = [sc for sc in reader.scenarios() if sc.second is not None]
        for sc in rng.sample(scens, min(8, len(scens))):
            first = reader.first(sc.first, sc.boards[0]).view
            p = sc.second
            assert p is not None
            second = first.extend(sc.boards[0], 2, p.slot, p.tile, p.rotation)
            placed = [(which, q.slot, q.tile, q.rotation) for which in (1, 2) if (q := sc.placement(which)) is not None]
            fresh = BoardView.of_board(sc.boards[1], reader.start_islands, reader.temple_sites, placed)
            for _, passing, portage in FLAGS:
                got = second.points(occupied, passing, portage)
                own = fresh.points(occupied, passing, portage)
                of = _groups_of(fresh, portage)
                assert set(got.index) == set(own.index) == set(fresh.ship)
                for a in sorted(fresh.ship):
                    plain = _weighted(a, of, occupied, passing)
                    for b in fresh.ship:
                        want = plain.get(b, FAR)
                        assert got.matrix[got.index[a], got.index[b]] == want, (path.stem, sc, a, b, passing, portage)
                        assert own.matrix[own.index[a], own.index[b]] == want, (path.stem, sc, a, b, passing, portage)
                checked += 1
            extended += second.ship is not first.ship
    assert checked >= 100 and extended >= 30


def test_R_MOVE_2_the_leg_table_a_scenario_gets_is_the_near_docks_own(comps, monkeypatch):
    """`FactReader._legs` reads legs off the whole board's points and keeps the tables with
    them; each table it returns must equal the one worked out on the near docks alone, as it
    was before (a Dijkstra over the groups cut down to the near docks: a leg a line within the
    bound sails passes through near docks only), bound by bound, with the bans on passing the
    opponent's dock and on portage too. (Tables shared too freely once handed out tables of
    other bounds and other docks, with legs missing; the first two puzzles showed it. Since a
    scenario with the oracle counts its action, their classes at these bounds are dropped
    before any table is read: the other two are read.)"""
    from akrotiri_puzzles.solver.budget import board_free_lower_bound, budget, max_steps, playable_cards
    from akrotiri_puzzles.solver.gather import build_facts

    legs = FactReader._legs
    calls = []

    def checked(self, v, docks, from_start, to_goal, ms):
        got = legs(self, v, docks, from_start, to_goal, ms)
        of = _groups_of(v, self.portage, set(docks))
        want = []
        for a in docks:
            w = _weighted(a, of, self.occupied, self.passing)
            want.extend((a, b, w[b]) for b in docks if w.get(b, FAR) + to_goal.get(b, FAR) <= ms - from_start[a])
        calls.append(leg_items(got) == want)
        return got

    monkeypatch.setattr(FactReader, "_legs", checked)
    names = [
        "small-090-act-south-2014-h2-map",
        "small-125-act-south-2016-h2-temple",
        "small-091-act-south-2014-h2-map",
        "small-121-act-south-2016-h2-map",
    ]
    for name, forbid in [(n, f) for n in names for f in ((), ("pass",), ("portage",))]:
        puzzle = load_puzzle(SMALL / f"{name}.yaml", comps)
        reader = FactReader(puzzle, frozenset(forbid))
        low = board_free_lower_bound(puzzle)
        for bound in range(low, min(budget(puzzle).most, low + 2) + 1):
            build_facts(reader, bound, max_steps(puzzle, bound), playable_cards(puzzle, bound))
    assert len(calls) >= 150 and all(calls)


def test_R_EXC_1_R_EXC_2_where_a_card_fits_on_a_larger_board_is_what_its_own_board_says(comps):
    """`BoardView.fitting` on a turn-2 view takes the islands the tile left alone from the
    turn-1 view and judges only the islands it made or enlarged (`fit_set`). On the boards of
    many two-turn scenarios, for every map card from both seats, the docks where a card fits
    must be those of the scenario's own board: a site of the dock's island meets the card
    (excavation.valid_sites), and the island holds no temple and is not Thera's (R-EXC-1).
    (A turn-2 tile that joins nothing the boat can reach only adds its icon to the view
    (`FactReader.views`): there, the docks the boat can reach are compared.)"""
    from akrotiri_puzzles.excavation import valid_sites

    rng = random.Random(5)
    cards = sorted(comps.map.values(), key=lambda c: c.id)
    checked = fit = 0
    for path in PLACE2[:6] + sorted(SMALL.glob("*h2*.yaml"))[:4]:
        reader = FactReader(load_puzzle(path, comps))
        scens = reader.scenarios()
        for sc in rng.sample(scens, min(6, len(scens))):
            for turn, view in enumerate(reader.views(sc, 30)):
                board = sc.boards[turn]
                placed = [
                    (w, q.slot, q.tile, q.rotation)
                    for w in (1, 2)
                    if (q := sc.placement(w)) is not None and w <= turn + 1
                ]
                fresh = BoardView.of_board(board, reader.start_islands, reader.temple_sites, placed)
                if view.parent is not None and view.ship is view.parent.ship:
                    docks = set(fresh.steps_from([reader.start_dock])) & set(view.ship)
                else:
                    docks = set(fresh.ship)
                    assert set(view.ship) == docks
                for seat in ("north", "south"):
                    for card in cards:
                        got = {d for d in docks if view.island[d] in view.fitting(seat, card)}
                        want = {
                            d
                            for d in docks
                            if (isl := fresh.island[d]) not in fresh.blocked
                            and valid_sites(board, seat, card, fresh.quads_of[isl])
                        }
                        assert got == want, (path.stem, sc, turn, seat, card.id)
                        checked += 1
                        fit += bool(want)
    assert checked >= 3000 and fit >= 1000


def _fresh(puzzle, every: list) -> FactReader:  # type: ignore[no-untyped-def]
    """A reader of its own, given the puzzle's scenarios (the list `scenarios()` builds, whose
    count `no_sale` reads): built once per puzzle, not once per read (0.5 s each; session 69)."""
    reader = FactReader(puzzle)
    reader._scenarios = list(every)
    return reader


def test_R_ORA_1_a_scenario_with_the_oracle_counts_its_action_in_its_lower_bound(comps):
    """The Oracle action is an action of its own (R-ORA-1), none of those the lower bounds count
    (excavations, buys, loads, Move actions; it gives no movement point, R-MOVE-2): a scenario
    that asks the oracle gets the lower bound of the same boards without it, plus one. So at a
    bound where the boards alone leave no action to spare, every such scenario is dropped."""
    from dataclasses import replace

    from akrotiri_puzzles.solver.budget import budget, max_steps, playable_cards

    rng = random.Random(31)
    checked = dropped = 0
    for path in PLACE2[:3]:
        puzzle = load_puzzle(path, comps)
        most = budget(puzzle).most
        ms, cards = max_steps(puzzle, most), playable_cards(puzzle, most)
        every = FactReader(puzzle).scenarios()
        asked = [sc for sc in every if sc.oracle is not None]
        for sc in rng.sample(asked, min(12, len(asked))):
            plain = _fresh(puzzle, every).read(replace(sc, oracle=None), most, ms, cards)
            if plain is None:
                continue
            with_oracle = _fresh(puzzle, every).read(sc, most, ms, cards)
            if plain.lower == most:
                assert with_oracle is None
                dropped += 1
            else:
                assert with_oracle is not None and with_oracle.lower == plain.lower + 1
                checked += 1
    assert checked >= 10


def test_R_MOVE_1_R_EXC_1_shared_turn_one_facts_and_leg_tables_by_pair_are_the_plain_ones(comps, monkeypatch):
    """The turn-1 board's facts kept per placement (`facts.TURN_ONE`) and the leg tables turned
    into the (a, b) -> class -> points table with numpy (`gather.VECTOR_LEGS`) give the facts of
    the plain reads and loops: every class's facts (docks, Thera docks, digs R-EXC-1, parts on a
    dock's island, legs R-MOVE-1), and every pair's classes with their points, in the same order."""
    checked = 0
    for path in PLACE2[:1]:  # 124 scenarios, every one read at the largest bound
        puzzle = load_puzzle(path, comps)
        bound = budget(puzzle).most
        got = {}
        for plain in (True, False):
            monkeypatch.setattr(facts, "TURN_ONE", not plain)
            monkeypatch.setattr(gather, "VECTOR_LEGS", not plain)
            reader = FactReader(puzzle)
            g = gather.Gathering(reader, bound, max_steps(puzzle, bound), playable_cards(puzzle, bound))
            g.read()
            f = g.facts()
            got[plain] = (
                [(r.scenario, r.turns, r.near, r.lower, r.placement_key) for r in g.reads],
                f.docks,
                [[(k, list(per.items())) for k, per in sorted(layer.dist.items())] for layer in f.layers],
            )
        assert got[True] == got[False], path.stem
        checked += sum(len(per) for layer in got[True][2] for _, per in layer)
    assert checked > 2_000  # legs of many classes compared
