"""`boardview.box`: a card's site bounds (R-EXC-2) as one open box per axis, which the per-slot
views (solver/relax.py) and `BoardView.fit_set` read instead of `excavation.fits_bounds`. It must
give `fits_bounds`'s answer for every quadrant: checked on random bounds over a grid, and on every
map card against every quadrant of the corpus's boards, read from both seats."""

from __future__ import annotations

import random
from pathlib import Path

from akrotiri_puzzles import load_components
from akrotiri_puzzles.excavation import fits_bounds, site_bounds
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver.boardview import box

PLACE2 = sorted((Path(__file__).parent / "data" / "puzzles" / "place2").glob("*.yaml"))


def _inside(bounds: tuple[tuple[int, bool, int], ...], q: tuple[int, int]) -> bool:
    lx, hx, ly, hy = box(bounds)
    return lx < q[0] < hx and ly < q[1] < hy


def test_R_EXC_2_box_is_fits_bounds_on_random_bounds() -> None:
    rng = random.Random(55)
    grid = [(x, y) for x in range(-12, 13) for y in range(-12, 13)]
    for _ in range(400):
        bounds = tuple((rng.randrange(2), rng.random() < 0.5, rng.randrange(-10, 11)) for _ in range(rng.randrange(5)))
        for q in grid:
            assert _inside(bounds, q) == fits_bounds(bounds, q), (bounds, q)


def test_R_EXC_1_R_EXC_2_box_is_fits_bounds_on_corpus_boards() -> None:
    comps = load_components()
    checked = 0
    for path in PLACE2[:6]:
        board = load_puzzle(path, comps).start.board
        quads = [q for qs in board.island_quads.values() for q in qs]
        for seat in ("south", "north"):
            for card in comps.map.values():
                bounds = site_bounds(board, seat, card)
                if bounds is None:
                    continue
                for q in quads:
                    assert _inside(bounds, q) == fits_bounds(bounds, q), (path.stem, card.id, q)
                    checked += 1
    assert checked > 10_000
