"""The fact reader's shortcuts against plain searches on real boards (solver/boardview.py)."""

from __future__ import annotations

import random
from pathlib import Path

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver.boardview import FAR, BoardView
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


def test_R_MOVE_2_the_leg_table_a_scenario_gets_is_the_one_worked_out_for_it(comps, monkeypatch):
    """`FactReader._legs` shares tables between scenarios and bounds: each table it returns
    must equal the one worked out afresh for that scenario, bound by bound. (Keyed by the near
    docks' groups alone, it handed out tables of other bounds and of other docks where a card
    fits, with legs missing; these two puzzles showed it.)"""
    from akrotiri_puzzles.solver.budget import board_free_lower_bound, budget, max_steps, playable_cards
    from akrotiri_puzzles.solver.facts import build_facts

    legs = FactReader._legs
    calls = []

    def checked(self, v, docks, near, from_start, to_goal, ms):
        got = legs(self, v, docks, near, from_start, to_goal, ms)
        shared, self._legs_seen = self._legs_seen, {}
        fresh = legs(self, v, docks, near, from_start, to_goal, ms)
        self._legs_seen = shared
        calls.append(set(got) == set(fresh))
        return got

    monkeypatch.setattr(FactReader, "_legs", checked)
    for name in ("small-090-act-south-2014-h2-map", "small-125-act-south-2016-h2-temple"):
        puzzle = load_puzzle(SMALL / f"{name}.yaml", comps)
        reader = FactReader(puzzle)
        low = board_free_lower_bound(puzzle)
        for bound in range(low, min(budget(puzzle).most, low + 2) + 1):
            build_facts(reader, bound, max_steps(puzzle, bound), playable_cards(puzzle, bound))
    assert len(calls) >= 50 and all(calls)
