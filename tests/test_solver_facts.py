"""The fact reader's shortcuts against plain searches on real boards (solver/boardview.py)."""

from __future__ import annotations

import random
from pathlib import Path

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver.boardview import FAR, BoardView
from akrotiri_puzzles.solver.facts import FactReader

PLACE2 = sorted(
    p for name in ("place2", "place2b") for p in (Path(__file__).parent / "data" / "puzzles" / name).glob("*.yaml")
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
