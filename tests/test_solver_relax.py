"""The optimistic view per turn-1 placement (solver/relax.py) against every turn-2 board's own.

The relaxation may only over-approximate: on every real turn-2 board below a turn-1 placement,
no dock is nearer than the view says, no card fits a dock where the view says it does not, and
the per-scenario lower bound is at least the view's. And `build_facts` with the relaxation must
read exactly the classes it reads without it, while actually dropping placements.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.solver import facts as facts_module
from akrotiri_puzzles.solver import relax as relax_module
from akrotiri_puzzles.solver.boardview import FAR, BoardView, cube_counts, load_docks
from akrotiri_puzzles.solver.budget import budget, max_steps, must_load, playable_cards, scenario_money
from akrotiri_puzzles.solver.cargo_money import NoLoad
from akrotiri_puzzles.solver.fact_tables import own_views
from akrotiri_puzzles.solver.facts import FactReader
from akrotiri_puzzles.solver.gather import build_facts
from akrotiri_puzzles.solver.legs import FirstTurn
from akrotiri_puzzles.solver.lower import lower_bound, thera_stops
from akrotiri_puzzles.solver.points import start_and_thera
from akrotiri_puzzles.solver.relax import Relaxation, slot_name
from akrotiri_puzzles.solver.scenarios import turn_two_tiles

from .changed_puzzles import clean

PLACE2 = sorted(
    p
    for name in ("place2", "place2b", "place2c")
    for p in (Path(__file__).parent / "data" / "puzzles" / name).glob("*.yaml")
)
ACT2 = sorted((Path(__file__).parent / "data" / "puzzles" / "small").glob("*-act-*-h2-*.yaml"))
"""Two-turn puzzles from the action phase: one turn-1 "placement" (none), the views all the same."""


def _own_views(reader: FactReader, sc) -> tuple[BoardView, BoardView]:
    """Each turn's view built from the scenario's own board (not extended from turn 1's)."""
    first, second = own_views(sc, reader.start_islands, reader.temple_sites)
    return first, second


def fitting_docks(views, puzzle, cards, comps) -> dict[str, set[str]]:
    """Each card's docks where it fits on either turn's own view (the exact answer the relaxed
    views bound)."""
    fit: dict[str, set[str]] = {}
    for v in views:
        docks_of = v.docks_of_island()
        for k in cards:
            for isl in v.fitting(puzzle.hero, comps.map[k]):
                fit.setdefault(k, set()).update(docks_of[isl])
    return fit


def test_R_TILE_1_R_MOVE_1_R_EXC_2_relaxation_over_approximates_every_turn_two_board(comps):
    """For sampled turn-1 placements of place-2 corpus puzzles (and of two-turn puzzles from the
    action phase, whose one turn-1 board is the start's), and sampled turn-2 scenarios
    below each (every oracle icon, slot and rotation of the next tile, R-TILE-1), built on the
    scenario's own board: every dock is at least as many steps from the start and from Thera
    as the view says (R-MOVE-1; a dock of the turn-2 tile against its slot's node), every dock
    where a card fits (R-EXC-1, R-EXC-2) is one where the view says it may, and the scenario's
    lower bound is at least the view's."""
    rng = random.Random(12)
    checked = new_docks = fits = money = 0
    paths = rng.sample(PLACE2, 6) + rng.sample(ACT2, 4)
    # And the first two without money, cargo or map cards: every card is bought, and the money
    # for it earned by loading a cube and selling it at Thera (the view's cube docks, R-FREE-1).
    for path, poor in [(p, False) for p in paths] + [(p, True) for p in paths[:2]]:
        puzzle = load_puzzle(path, comps)
        if poor:
            seat = replace(puzzle.start.hero, maps=(), cargo=(), drachmas=0)
            puzzle = replace(puzzle, start=puzzle.start.with_seat(puzzle.hero, seat))
            assert must_load(puzzle)
        reader = FactReader(puzzle)
        relax = Relaxation(puzzle, [t for _, t in turn_two_tiles(puzzle) if t is not None])
        cards = playable_cards(puzzle, budget(puzzle).most)
        goal = puzzle.goal
        goal_cards = [k for k in ([goal.map_card] if goal.map_card is not None else cards) if k in cards]
        by_first: dict[object, list] = {}
        for sc in reader.scenarios():
            by_first.setdefault(sc.first, []).append(sc)
        for first in rng.sample(list(by_first), min(3, len(by_first))):
            group = by_first[first]
            f = reader.first(first, group[0].boards[0])
            views = relax.views(first, f.board, f.view, reader.start_dock, goal_cards)
            bounds = relax.bounds(first, f.board, f.view, reader.start_dock, cards)
            for sc in rng.sample(group, min(30, len(group))):
                v1, v2 = _own_views(reader, sc)
                slot = slot_name(sc.second)
                fit, from_start, from_thera, cubes = views[slot]
                lower, reach = bounds[slot]

                def relaxed(d: str, table: dict[str, int], slot: str | None = slot) -> int:
                    if d.startswith("+2:"):
                        assert slot is not None
                        return table.get(slot, FAR)
                    return table.get(d, FAR)

                # The least points from the start and to or from the Thera docks where a boat can
                # stop, as the reader counts them (R-MOVE-3).
                stops = thera_stops(v2.island, v2.thera, reader.occupied)
                real_start, real_thera = start_and_thera(v2.points(reader.occupied), reader.start_dock, stops)
                for d in v2.ship:
                    assert relaxed(d, from_start) <= real_start.get(d, FAR), (path.name, sc, d)
                    assert relaxed(d, from_thera) <= real_thera.get(d, FAR), (path.name, sc, d)
                    new_docks += d.startswith("+2:")
                real_fit = fitting_docks((v1, v2), puzzle, cards, comps)
                for k, docks in real_fit.items():
                    if k not in goal_cards:
                        continue
                    for d in docks:
                        name = slot if d.startswith("+2:") else d
                        assert name in fit.get(k, ()), (path.name, sc, k, d)
                        fits += 1
                # Where a cube may be loaded, and at least as many cubes for a line's only load
                # (R-LOAD-1, R-TILE-2, R-TILE-3).
                real_cubes = load_docks(v2, cube_counts(puzzle), sum(puzzle.start.market))
                for d, n in real_cubes.items():
                    assert cubes.get(slot if d.startswith("+2:") else d, -1) >= n, (path.name, sc, d)
                turns = _own_turns(reader, puzzle, v1, cards, comps)
                real_lower = _own_lower(puzzle, goal_cards, real_fit, real_start, real_thera, real_cubes, turns)
                money += real_lower > lower_bound(puzzle, goal_cards, real_fit, real_start, real_thera)
                assert lower <= real_lower, (path.name, sc)
                real_reach = min((real_start.get(d, FAR) for k in goal_cards for d in real_fit.get(k, ())), default=FAR)
                assert reach <= real_reach, (path.name, sc)
                checked += 1
    assert checked >= 300 and new_docks > 0 and fits > 0 and money > 0


def _own_lower(
    puzzle: Puzzle,
    goal_cards: list[str],
    fit: dict[str, set[str]],
    from_start: dict[str, int],
    from_thera: dict[str, int],
    cubes: dict[str, int],
    turns: FirstTurn | None = None,
) -> int:
    """A scenario's lower bound off its own boards, as `FactReader.read` works it out: with
    the goal's money of the cards that fit on them (`budget.scenario_money`, `lower.MONEY`),
    what its own turn 1 tells the splits by turn (`turns`, `_own_turns`), with cubes aboard
    the lesser of the lines that never load and those that do (`cargo_money.NO_LOAD`), and with
    an empty boat and no load counted, the lesser of the lines that sell nothing before their last
    excavation and those that do (`cargo_money.NO_SALE`, by which `read` drops a scenario)."""
    money = scenario_money(puzzle, frozenset(fit))
    if money is None:
        return FAR
    load, sale, hand = money
    must = load or must_load(puzzle)
    args = (puzzle, goal_cards, fit, from_start, from_thera, cubes, must, sale, hand, turns)
    lower = lower_bound(*args)
    no_load = NoLoad.of(puzzle)
    if no_load is not None and lower < FAR:
        # With cubes aboard, lines that never load and lines that load (solver/cargo_money.py).
        lower = no_load.raised(lower, fit, from_start, from_thera, lambda: lower_bound(*args, loading=True))
    no_sale = NoLoad.of_empty(puzzle)
    if no_sale is not None and not must and lower < FAR:
        # An empty boat: lines that sell before their last excavation load (solver/cargo_money.py).
        selling = (puzzle, goal_cards, fit, from_start, from_thera, cubes, True, sale, hand, turns)
        lower = no_sale.raised(lower, fit, from_start, from_thera, lambda: lower_bound(*selling))
    return lower


def _own_turns(reader: FactReader, puzzle: Puzzle, v1: BoardView, cards: list[str], comps) -> FirstTurn | None:
    """What a scenario's own turn-1 board tells `lower_bound`'s splits by turn, as
    `FactReader._split` reads it: where each card fits on it, each turn's actions (R-TURN-2), and
    its least points from the start and from Thera's stops (R-MOVE-3)."""
    if reader.second_cap is None:
        return None
    docks_of = v1.docks_of_island()
    fit = {}
    for k in cards:
        islands = v1.fitting(puzzle.hero, comps.map[k])
        if islands:
            fit[k] = {d for isl in islands for d in docks_of[isl]}
    stops = thera_stops(v1.island, v1.thera, reader.occupied)
    near = start_and_thera(v1.points(reader.occupied), reader.start_dock, stops)
    return FirstTurn(fit, reader.second_cap, reader.first_cap, *near)


def _scenario_lower(
    reader: FactReader, puzzle: Puzzle, sc, goal_cards: list[str], cards: list[str], comps
) -> tuple[int, dict[str, int], dict[str, set[str]]]:
    """A scenario's own lower bound off its own boards (`_own_lower`, with its own turn 1,
    `_own_turns`), and what it was read with that a caller checks further: the last board's
    least points from the start (R-MOVE-3) and where each card fits on either turn's board."""
    v1, v2 = _own_views(reader, sc)
    stops = thera_stops(v2.island, v2.thera, reader.occupied)
    real_start, real_thera = start_and_thera(v2.points(reader.occupied), reader.start_dock, stops)
    real_fit = fitting_docks((v1, v2), puzzle, cards, comps)
    real_cubes = load_docks(v2, cube_counts(puzzle), sum(puzzle.start.market))
    turns = _own_turns(reader, puzzle, v1, cards, comps)
    lower = _own_lower(puzzle, goal_cards, real_fit, real_start, real_thera, real_cubes, turns)
    return lower, real_start, real_fit


def _without_cards(puzzle: Puzzle) -> Puzzle:
    """The puzzle with the hero's map cards taken away: a line must buy one at Thera
    (R-BUY-1) and sail back out, as the slow puzzles of the fresh set must."""
    start = puzzle.start
    seat = replace(start.hero, maps=())
    return replace(puzzle, start=start.with_seat(puzzle.hero, seat), optimum=None, solution=None, certificate=None)


def test_R_TILE_1_build_facts_reads_the_same_classes_with_the_relaxation(comps, monkeypatch):
    """`build_facts` drops the scenarios of a turn-1 placement's turn-2 slot when the slot's
    view proves them beyond the bound: for sampled turn-1 placements (all their scenarios) of
    sampled corpus puzzles with the hero's map cards taken away, at every bound from 1 to 5,
    the classes, their members, lower bounds and legs are the same with and without it. The relaxation must also have dropped scenarios, and each one
    dropped, read on its own, must be beyond the bound."""
    rng = random.Random(5)
    dropped = 0
    for path in rng.sample(PLACE2, 4):
        puzzle = _without_cards(load_puzzle(path, comps))
        top = 5
        groups: dict[object, list] = {}
        every = FactReader(puzzle).scenarios()
        for sc in every:
            groups.setdefault(sc.first, []).append(sc)
        kept = [sc for first in rng.sample(list(groups), 3) for sc in groups[first]]
        got = []
        for relax in (False, True):
            monkeypatch.setattr(facts_module, "RELAX", relax)
            reader = FactReader(puzzle)
            reader._scenarios = kept
            reader.exact_steps = max_steps(puzzle, top)
            out = []
            for bound in range(1, top + 1):
                ms, cards = max_steps(puzzle, bound), playable_cards(puzzle, bound)
                found = build_facts(reader, bound, ms, cards)
                out.append(
                    (
                        [[(s.first, s.oracle, s.second) for s in m] for m in found.members],
                        found.lower,
                        [layer.dist for layer in found.layers],
                    )
                )
                if relax:
                    plain = FactReader(puzzle)
                    plain._scenarios = list(every)  # the puzzle's scenarios, built once (session 69)
                    gone = []
                    for sc in kept:
                        slots = reader.relaxed_kept(sc, bound, ms, cards)
                        assert slots is not None
                        if slot_name(sc.second) not in slots:
                            gone.append(sc)
                    dropped += len(gone)
                    for sc in rng.sample(gone, min(20, len(gone))):
                        assert plain.read(sc, bound, ms, cards) is None, (path.name, bound, sc)
            got.append(out)
        assert got[0] == got[1], path.name
    assert dropped > 0


def test_R_TILE_1_R_ORA_1_one_tile_views_bound_the_scenarios_holding_it(comps, monkeypatch):
    """The per-slot views of one turn-2 tile (`facts.PER_TILE`: the tile a scenario holds at the
    start of turn 2, its oracle icon's or the one drawn without the oracle, R-ORA-1, R-END-1)
    bound every scenario holding that tile: for sampled turn-1 placements and scenarios of a
    corpus puzzle where they are tighter (its goal names a card), at a low bound's cards and at
    every card's, the view's lower bound and steps to a goal card are at least every tile's
    view's, and where they are more, at most the scenario's own. And `build_facts` reads the same classes,
    members and lower bounds with and without the one-tile views, while reading fewer scenarios."""
    rng = random.Random(31)
    checked = tighter = 0
    named = [p for p in PLACE2 if p.name.startswith("place2b-001-")]
    assert len(named) == 1
    for path in named:
        puzzle = load_puzzle(path, comps)
        reader = FactReader(puzzle)
        tiles = [t for _, t in turn_two_tiles(puzzle) if t is not None]
        every = Relaxation(puzzle, tiles)
        own = {t: Relaxation(puzzle, [t]) for t in tiles}
        by_first: dict[object, list] = {}
        for sc in reader.scenarios():
            if sc.second is not None:
                by_first.setdefault(sc.first, []).append(sc)
        for cards in (playable_cards(puzzle, 2), playable_cards(puzzle, budget(puzzle).most)):
            goal = puzzle.goal
            goal_cards = [k for k in ([goal.map_card] if goal.map_card is not None else cards) if k in cards]
            for first in rng.sample(list(by_first), 3):
                group = by_first[first]
                f = reader.first(first, group[0].boards[0])
                # Where the one tile's view is tighter: where its claim matters.
                tight = []
                for sc in group:
                    slot = slot_name(sc.second)
                    lower, reach = own[sc.second.tile].bounds(first, f.board, f.view, reader.start_dock, cards)[slot]
                    loose, far = every.bounds(first, f.board, f.view, reader.start_dock, cards)[slot]
                    assert lower >= loose and reach >= far, (path.name, sc)
                    if (lower, reach) != (loose, far):
                        tight.append((sc, slot, lower, reach))
                tighter += len(tight)
                for sc, _slot, lower, reach in rng.sample(tight, min(10, len(tight))):
                    real_lower, real_start, real_fit = _scenario_lower(reader, puzzle, sc, goal_cards, cards, comps)
                    assert lower <= real_lower, (path.name, sc)
                    real_reach = min(
                        (real_start.get(d, FAR) for k in goal_cards for d in real_fit.get(k, ())), default=FAR
                    )
                    assert reach <= real_reach, (path.name, sc)
                    checked += 1
    assert checked >= 30 and tighter > 0
    # The classes read are the same with and without the one-tile views, which read fewer.
    puzzle = load_puzzle(named[0], comps)
    groups: dict[object, list] = {}
    for sc in FactReader(puzzle).scenarios():
        groups.setdefault(sc.first, []).append(sc)
    kept = [sc for first in random.Random(3).sample(list(groups), 3) for sc in groups[first]]
    got, read = [], []
    for per_tile in (False, True):
        monkeypatch.setattr(facts_module, "PER_TILE", per_tile)
        reader = FactReader(puzzle)
        reader._scenarios = kept
        reader.exact_steps = max_steps(puzzle, 3)
        reads = [0]

        def counted(*args, reader=reader, plain=reader.read, reads=reads, **kw):
            reads[0] += 1
            return plain(*args, **kw)

        monkeypatch.setattr(reader, "read", counted)
        out = []
        for bound in range(1, 4):
            found = build_facts(reader, bound, max_steps(puzzle, bound), playable_cards(puzzle, bound))
            out.append(([[(s.first, s.oracle, s.second) for s in m] for m in found.members], found.lower))
        got.append(out)
        read.append(reads[0])
    assert got[0] == got[1]
    assert read[1] < read[0]


def test_R_TURN_1_R_TURN_2_the_views_read_turn_1_as_each_scenario_does(comps, monkeypatch):
    """The per-slot views give `lower_bound` what turn 1 tells its splits by turn (`relax.TURNS`:
    where each card fits on the turn-1 board, each turn's actions, R-TURN-2, and the turn-1
    board's points), which is the same for every scenario below the turn-1 placement. On an
    action-phase puzzle short of money with two temples, this raises every slot's bound; and
    each view's bound stays at most every scenario's own, read with its own turn 1 (R-TURN-1).
    About 1 s of CPU."""
    puzzle = load_puzzle(ACT2[0].parent / "small-096-act-south-2014-h2-temple.yaml", comps)
    hero = replace(puzzle.start.hero, cargo=(), drachmas=4)
    puzzle = clean(puzzle, start=puzzle.start.with_seat(puzzle.hero, hero), goal=Goal(temples=2))
    reader = FactReader(puzzle)
    tiles = [t for _, t in turn_two_tiles(puzzle) if t is not None]
    cards = playable_cards(puzzle, budget(puzzle).most)
    scens = reader.scenarios()
    f = reader.first(scens[0].first, scens[0].boards[0])
    on = Relaxation(puzzle, tiles).bounds(scens[0].first, f.board, f.view, reader.start_dock, cards)
    monkeypatch.setattr(relax_module, "TURNS", False)
    off = Relaxation(puzzle, tiles).bounds(scens[0].first, f.board, f.view, reader.start_dock, cards)
    assert all(on[slot][0] > off[slot][0] for slot in on) and len(on) > 10
    checked = 0
    for sc in random.Random(7).sample(scens, 40):
        real, _, _ = _scenario_lower(reader, puzzle, sc, cards, cards, comps)
        assert on[slot_name(sc.second)][0] <= real, sc
        checked += 1
    assert checked == 40
