"""What tools/make_lessons.py and its finders share: a candidate position of a seeded game, what
a finder found there, and small helpers (the misreading's line, marks, words)."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from akrotiri_puzzles.actions import Action, Excavate
from akrotiri_puzzles.generator.reveal import Reveal
from akrotiri_puzzles.notation import parse_action
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.solver import search
from akrotiri_puzzles.teaching import Mark

from .search import Belief, plan

ROOT = Path(__file__).resolve().parent.parent
PREMISE = Reveal(maps=3, oracle=True)
"""What a lesson's exercise reveals while its finder looks (docs/puzzles.md): the top 3 cards of
every map deck and the land pile until every icon, so that a lesson about buying or the oracle
can be found; make_lessons narrows it to what the lesson's lines draw (`narrowed`)."""


@dataclass
class Candidate:
    """A position of a seeded game, with the line that reached it."""

    seed: int
    edition: int
    line: tuple[Action, ...]
    pos: Position
    _best: tuple[int | None, tuple[Action, ...]] | None = None
    goal: Goal | None = None
    """The exercise's goal, once a finder has chosen it (the certified answer is then its answer)."""

    def puzzle(self, turns: int = 1, goal: Goal | None = None) -> Puzzle:
        """The position as an exercise: excavate a temple within `turns` turns."""
        goal = goal or Goal()
        return Puzzle("lesson", self.pos, goal, turns, revealed=PREMISE.of(self.pos, turns, goal))

    def one_turn_feasible(self, goal: Goal | None = None) -> bool:
        """Whether the goal can be met this turn (True too when the search cannot tell)."""
        found = search(self.puzzle(1, goal), max_nodes=3000)
        return not found.complete or found.optimum is not None

    def best(self) -> tuple[int | None, tuple[Action, ...]]:
        """The one-turn exercise's optimum and a line, by exhaustive search (None if too big)."""
        if self._best is None:
            key = (self.seed, self.edition, len(self.line))
            if key in SEARCHED:
                optimum, words = SEARCHED[key]
                self._best = (optimum, tuple(parse_action(w) for w in words))
            else:
                found = search(self.puzzle(), max_nodes=3000 if self.pos.phase == "act" else 8000)
                self._best = (found.optimum if found.complete else None, found.line)
                SEARCHED[key] = (self._best[0], tuple(map(str, self._best[1])))
        return self._best


CACHE = ROOT / "out" / "lesson-searches.pkl"
"""One-turn optima already searched, by (seed, edition, actions played): reruns skip them."""
SEARCHED: dict[tuple[int, int, int], tuple[int | None, tuple[str, ...]]] = {}


def load_cache() -> None:
    """Read the searches of earlier runs, if any."""
    if CACHE.exists():
        SEARCHED.update(pickle.loads(CACHE.read_bytes()))


def save_cache() -> None:
    """Add this run's searches to the cache file."""
    known = pickle.loads(CACHE.read_bytes()) if CACHE.exists() else {}
    known.update(SEARCHED)
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    tmp = CACHE.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_bytes(pickle.dumps(known))
    os.replace(tmp, CACHE)


@dataclass
class Found:
    """A lesson's exercise in a position: the puzzle, the misreading lines, marks and words."""

    puzzle: Puzzle
    lines: list[tuple[str, tuple[Action, ...]]]
    """(the misreading's key in TEXTS[...]["says"], the line its holder plays)."""
    marks: list[Mark] = field(default_factory=list)
    explanation: str = ""
    task: str = ""
    goal_card: str | None = None
    extra: tuple[Action, ...] = ()
    """The hero's moves from the candidate to the exercise's position, when the finder built it
    by legal play (they go into the lesson's origin)."""
    origin_line: tuple[Action, ...] | None = None
    """The whole line from the new game to the exercise's position, when the finder built it by
    playing an earlier turn otherwise (then it replaces the candidate's line and `extra`)."""


Finder = Callable[[Candidate, tuple[Action, ...]], Found | None]


def _fails(puzzle: Puzzle, optimum: int, line: tuple[Action, ...]) -> bool:
    """Whether a line is illegal, short of the goal, or dearer than the optimum."""
    played = replay(puzzle, line)
    return played.illegal_at is not None or not played.reached or played.cost > optimum


def misread_line(puzzle: Puzzle, optimum: int, belief: Belief, nodes: int = 3000) -> tuple[Action, ...] | None:
    """The line a player holding the belief plays, if it fails in the engine."""
    found = plan(puzzle, belief, nodes)
    if found is None or not _fails(puzzle, optimum, found[1]):
        return None
    return found[1]


def line_cost(puzzle: Puzzle, line: tuple[Action, ...]) -> int:
    return replay(puzzle, line).cost


def boat_mark(pos: Position, label: str) -> Mark:
    assert pos.hero.boat is not None
    return Mark("dock", label, dock=pos.hero.boat)


def first_dig(line: tuple[Action, ...]) -> Excavate | None:
    return next((a for a in line if isinstance(a, Excavate)), None)


# ---- finders, one per lesson -------------------------------------------------------------------


def cubes_in_words(colours: tuple[str, ...]) -> str:
    """Cubes in words, e.g. "2 gray cubes and a red cube"."""
    counts = {c: colours.count(c) for c in dict.fromkeys(colours)}
    parts = [f"{n} {c} cubes" if n > 1 else f"a {c} cube" for c, n in counts.items()]
    return " and ".join(parts)
