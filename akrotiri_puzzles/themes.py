"""A puzzle's themes: its kind and its technique tags, what a collection is browsed by (issue 30).

Every theme is computed from the puzzle and its proven answer, never guessed:

- the kinds of the puzzle itself: `two-turn` (a horizon of two turns), `placement` (it starts
  before the hero's tile placement, `generate --start place`), `two-temples` (the goal asks
  two temples or more), `map-card` (the goal names a map card);
- the kinds of its answer, read by playing it through the engine (techniques.py): `buy` (it
  buys map cards, R-BUY-1), `oracle` (it consults the oracle, R-ORA-1), `pass-through` (it
  passes the dock where the opponent's boat lies, R-MOVE-3), `second-cube` (it loads a cube
  that its own tile placement put down as the tile's second cube, R-TILE-2);
- the techniques its grade proves necessary (generator/grade.py), under the solver's names:
  `placement`, `portage`, `pass` (shown as `pass-through`), `double-move`, `buy`, `sell`,
  `load`, `unload`, `oracle`, `second-turn`.

A theme is listed once, in `THEMES` order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import Action, Load, PlaceTile
from .geometry import Quad
from .puzzle import Puzzle, State, play, reached, why_not
from .rules import boat_island
from .techniques import techniques

KINDS = ("two-turn", "placement", "two-temples", "map-card", "buy", "oracle", "pass-through", "second-cube")
"""The kinds of puzzle a fan recognises."""
TECHNIQUE_TAGS = ("portage", "double-move", "sell", "load", "unload", "second-turn")
"""The techniques a grade may prove necessary that are not kinds already."""
THEMES = (*KINDS, *TECHNIQUE_TAGS)
"""Every theme, in the order a puzzle lists them."""
ANSWER_KINDS = {"buying map cards": "buy", "oracle": "oracle", "passing an occupied dock": "pass-through"}
"""The kinds read from the techniques an answer uses (techniques.py's names)."""
AS_THEME = {"pass": "pass-through"}
"""A technique's theme where its name differs (the solver's `pass` is a kind's)."""


def themes(puzzle: Puzzle) -> tuple[str, ...]:
    """The puzzle's themes (module docstring), in `THEMES` order; the answer's kinds only when
    the puzzle has a solution (read up to its first illegal action, if any: `check` judges a
    file's solution), the technique tags only when it has a grade."""
    found: set[str] = set()
    if puzzle.turns == 2:
        found.add("two-turn")
    if puzzle.start.phase == "place":
        found.add("placement")
    if puzzle.goal.temples >= 2:
        found.add("two-temples")
    if puzzle.goal.map_card is not None:
        found.add("map-card")
    if puzzle.solution is not None:
        line = puzzle.solution
        found.update(ANSWER_KINDS[t] for t in techniques(puzzle, line) if t in ANSWER_KINDS)
        if loads_second_cube(puzzle, line):
            found.add("second-cube")
    if puzzle.grade is not None:
        found.update(AS_THEME.get(n.technique, n.technique) for n in puzzle.grade.necessary)
    return tuple(t for t in THEMES if t in found)


def recorded_themes(puzzle: Puzzle) -> tuple[str, ...]:
    """The themes a puzzle's certificate records, or else those computed now (a file made
    before themes were recorded)."""
    c = puzzle.certificate
    return c.themes if c is not None and c.themes is not None else themes(puzzle)


def has_themes(puzzle: Puzzle, wanted: Iterable[str]) -> bool:
    """Whether the puzzle has every theme of `wanted` (`recorded_themes`)."""
    return set(wanted) <= set(recorded_themes(puzzle))


def loads_second_cube(puzzle: Puzzle, line: Sequence[Action]) -> bool:
    """Whether the line, played up to the goal, loads a cube that one of its own tile placements
    put down as the tile's second cube (R-TILE-2): a Load of that colour from the island the
    cube lies on that takes more cubes of the colour than the island holds besides it. The line
    is read up to its first illegal action, if any."""
    state = State(puzzle.start)
    placed: list[tuple[Quad, str]] = []
    """(piece, colour) of each second cube the line put down."""
    for action in line:
        if why_not(puzzle, state, action) is not None:
            break
        pos = state.pos
        if isinstance(action, Load) and placed:
            island = boat_island(pos)
            for piece, colour in placed:
                if pos.board.island_of_piece[piece] != island:
                    continue
                there = pos.cubes_by_island.get(island, {}).get(colour, 0) if island is not None else 0
                if action.colours.count(colour) > there - 1:
                    return True
        state = play(puzzle, state, action)
        if isinstance(action, PlaceTile) and action.colour is not None:
            site = action.cube_site()
            if site is not None:
                placed.append((state.pos.board.piece_at[site], action.colour))
        if reached(puzzle, state.pos):
            break
    return False
