"""One generation task: draw a candidate, prove its answer, grade it, keep it or say why not.

A task is plain data (picklable, for worker processes and Dask), and its outcome depends on
the task alone: the candidate comes from seeded play, the solves run with no time limit and
one CP-SAT worker (deterministic), and the answer kept is the canonical one. Candidates are
rejected cheaply first: no line, or an optimum too short for the level, needs no uniqueness
proof and no grade.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from importlib.metadata import version

from ..components import Components
from ..puzzle import Certificate, Grade, Necessity, Puzzle, replay
from ..solver import SolveResult, solve
from ..solver.budget import budget
from ..themes import themes
from ..version import __version__
from .candidates import ANY_GOAL, candidates, recipe_for
from .first_actions import MOST_GOOD
from .grade import grade, level_of, level_points, level_range, placement_needed, points_range, score_of
from .idle_turn import idle_first_turn, matters
from .ladder import ladder, weakest
from .reveal import Reveal
from .screens import another_placement
from .two_turn_bound import out_of_reach

LEVEL_NAMES = ("easy", "medium", "hard")
SHORTEST = {"easy": 2, "medium": 3, "hard": 3}
"""The least optimum a level's puzzle may have: shorter ones are rejected before any proof. A
puzzle whose answer places a tile (one that starts before the placement, or of two turns) may
have one action less, but never fewer than 2: a placement is no action (R-TURN-1) but a
decision the answer makes (its kind counts 1 toward the level: docs/generator.md)."""


def shortest_for(level: str, puzzle: Puzzle) -> int:
    """The least optimum a candidate of a level may have (SHORTEST)."""
    places = puzzle.start.phase == "place" or puzzle.turns == 2
    return max(2, SHORTEST[level] - 1) if places else SHORTEST[level]


def most_for(level: str, puzzle: Puzzle, oracle: bool = False) -> int:
    """The longest optimum a candidate of a level may have by its grade: one action more and even
    its least level points (no technique necessary, the greedy bot's rung: `points_range`'s low
    end) read above the level, so that the two-turn solve need not look further (99: no such
    end, as for hard). `oracle`: the candidate's goal needs a tile only the oracle gives (the
    look of an oracle recipe, `drawn_site.needs_oracle_tile`), so every line consults it (the
    oracle necessary, `ORACLE_LEAST`) and the greedy bot, which never consults it, finds none
    (the beam planner's rung at the least)."""
    _, high = level_range(level)
    needs, rung = (ORACLE_LEAST, "beam") if oracle else ((), "greedy")
    longest = 0
    for optimum in range(1, 100):
        if level_points(puzzle, score_of(puzzle, optimum, needs, rung), needs) >= high:
            return longest
        longest = optimum
    return longest


ORACLE_LEAST = (Necessity("oracle", None),)
"""The least a grade proves of a candidate whose goal needs the oracle's tile (`most_for`)."""
IDLE_TURN = "turn 1 does nothing"
"""Why a two-turn candidate is dropped when a line that takes no action in turn 1 is as short
(generator/idle_turn.py)."""
SHORTER = ("easy", "medium")
"""The levels whose --drawn-site recipe looks for a shorter idea (`drawn_site.needs_drawn_tile`,
`shorter`). Hard's look asks that turn 2 alone cannot reach the goal: its answers need more
actions than turn 2 has (4 or more), and with the turn-2 placement forced the greedy bot
(which places at random) and the beam planner rarely find them, so their level points read
medium at the least, hard with a technique. Their look lets the idle line exist, and the
solver's proof that it is longer keeps a candidate (IDLE_TURN: the same proof, recorded in the
certificate). Stop 45: an idle line that exists is never longer but through the oracle or two
rare cases (turn 1's actions, played after the placement, do as much), so what this look adds
is candidates whose idle line does not exist but which `idle_dead`'s bound cannot rule out;
no two-turn puzzle reads easy (docs/generator.md, "What the level points leave a two-turn
puzzle")."""
DRAWN_BY_DEFAULT = ("hard",)
"""The levels whose two-turn puzzles from the action phase draw the drawn-tile recipe unless an
option asks for any goal (`--any-site`): the goal needs the tile drawn at the end of turn 1, so
turn 2's draw is part of the idea (issue 30; the lead's decision, session 47). Plain two turns
at hard kept one puzzle in about 30 tasks or fewer, several hundred seconds of CPU each
(docs/benchmarks.md). Easy and medium keep the plain recipe: no two-turn puzzle reads easy, and
medium's look (`SHORTER`) has kept none but the oracle's shape, which `--drawn-site --theme
oracle` asks for (docs/generator.md, "Two-turn puzzles: which recipe")."""


def drawn_by_default(level: str, turns: int | None, start: str | None, any_site: bool = False) -> bool:
    """Whether a run of `level` with these options draws the drawn-tile recipe without
    `--drawn-site`: two turns from the action phase at a level of `DRAWN_BY_DEFAULT`, unless
    `any_site` (`--any-site`) asks for the plain recipe."""
    return level in DRAWN_BY_DEFAULT and turns == 2 and start != "place" and not any_site


def two_turn_recipe(
    level: str, turns: int | None, start: str | None, drawn_site: bool = False, any_site: bool = False
) -> tuple[int | None, bool]:
    """The horizon and whether the drawn-tile recipe is drawn, from `generate`'s --turns,
    --start, --drawn-site and --any-site (each of the last two sets two turns from the action
    phase; `drawn_by_default` decides at hard). A contradiction is a ValueError whose message is
    one line naming the option (the command and the tools print it)."""
    for option, given in (("--drawn-site", drawn_site), ("--any-site", any_site)):
        if given and (turns == 1 or start == "place"):
            raise ValueError(f"{option}: two turns from the action phase; it contradicts --turns 1 and --start place")
    if drawn_site and any_site:
        raise ValueError("--any-site: any goal, which --drawn-site (a goal that needs the drawn tile) contradicts")
    turns = 2 if drawn_site or any_site else turns
    return turns, drawn_site or drawn_by_default(level, turns, start, any_site)


NO_LINE_WITHIN = "no line within the horizon and the level's most actions"
"""Why a two-turn candidate is dropped when the solve under its ceiling (the level's longest
optimum) finds no line: there is none, or only longer ones."""
OUT_OF_REACH = "no line within the horizon (the two-turn bound)"
"""Why a two-turn candidate is dropped before any solve when the bound of
generator/two_turn_bound.py proves that no line of both turns reaches its goal."""
FOUND_BY_WEAKER = "found by the greedy bot or the beam planner"
"""Why a candidate is dropped from a hard run before its grade: the hard gate needs an optimum
only the exact solver finds (generator/first_actions.py)."""
EASY_TO_FIND = "hard by its score, but easy to find"
"""Why a candidate whose level points read hard but that fails the hard gate is dropped: its
grade reads medium, yet no run keeps it, for hard (it is easy to find) or for medium (its
points are hard ones). So the gate changes no medium run (docs/generator.md, "Hard means hard to find")."""
WITHOUT_THEME = "without theme"
"""Why a candidate of the level asked is dropped when it lacks a theme asked (`--theme`)."""
WITH_THEME = "with theme"
"""Why a candidate of the level asked is dropped when it has a theme refused (`--without`)."""
QUICK_FIRST = True
"""Whether a candidate's first solve reads only its optimum until the uniqueness proof (`_first`),
the usual solve following for a candidate proven unique: the same candidates kept, the same
files (a switch for tests and benchmarks)."""
LONGEST = {"easy": 5, "medium": 99, "hard": 99}
"""The most: an easy puzzle of many actions is a chore, not a puzzle."""
SOLVER = f"akrotiri-puzzles {__version__}, OR-Tools CP-SAT {version('ortools')}, one worker, seed 0, no time limit"


@dataclass(frozen=True)
class Task:
    """Candidate `index` of a run: the run's seed, the level asked and the options given."""

    seed: int
    index: int
    level: str
    turns: int | None = None
    goal: str | None = None
    edition: int | None = None
    start: str | None = None
    """The phase the puzzle starts in: 'act' or 'place' (None: as the level draws)."""
    strict: bool = False
    """Keep only strictly unique answers (no other excavation site, rotation, second cube or oracle stop)."""
    themes: tuple[str, ...] = ()
    """Keep only puzzles with all these themes (themes.py; those the options above do not fix)."""
    without: tuple[str, ...] = ()
    """Keep only puzzles with none of these themes (a collection's variety: no portage, say)."""
    drawn: bool = False
    """Two turns from the action phase, with a goal that needs the drawn tile (drawn_site.py)."""

    @property
    def name(self) -> str:
        """The puzzle's id and file name (without .yaml): the level, seed, options and index."""
        parts = [self.level, f"s{self.seed}"]
        if self.turns is not None:
            parts.append(f"t{self.turns}")
        if self.drawn:
            parts.append("drawn")
        if self.start is not None:
            parts.append(self.start)
        if self.goal is not None:
            parts.append(self.goal)
        if self.edition is not None:
            parts.append(f"e{self.edition}")
        if self.strict:
            parts.append("strict")
        parts.extend(self.themes)
        parts.extend(f"no-{t}" for t in self.without)
        return "-".join([*parts, f"{self.index:05d}"])


@dataclass(frozen=True)
class Outcome:
    """What a task gave: a puzzle graded at some level, or the reason it was dropped."""

    task: Task
    puzzle: Puzzle | None
    reason: str
    """'kept' when the puzzle sits on the level asked; else why it was dropped."""

    @property
    def kept(self) -> bool:
        """Whether the puzzle sits on the level asked."""
        return self.reason == "kept"

    @property
    def level(self) -> str | None:
        """The level the candidate graded at, if it was graded."""
        grade = self.puzzle.grade if self.puzzle is not None else None
        return grade.level if grade is not None else None


def attempt(task: Task, comps: Components, any_level: bool = False) -> Outcome:
    """Draw one game and look at its candidates in order, cheapest rejections first; the first
    unique puzzle graded at the level asked is kept. A unique puzzle of another level is
    returned graded (for bulk runs) when none of the game is kept, but never `kept`. With
    `any_level` (the grader's measurements), the first candidate with a line of 2 actions or
    more is graded and returned, unique or not (never kept)."""
    rng = random.Random(f"akrotiri-generate {task.seed} {task.index}")
    recipe = recipe_for(task.level, rng, task.turns, task.goal, task.edition, task.start)
    reveal = reveal_for(task.themes)
    if reveal is not None:
        recipe = replace(recipe, reveal=reveal)
    if task.drawn:
        # Every goal of a position unless --goal fixes one: the look lets few goals through.
        recipe = replace(recipe, drawn=True, goal=task.goal or ANY_GOAL, shorter=task.level in SHORTER)
    game_seed = rng.randrange(2**31)
    reasons: dict[str, int] = {}
    elsewhere: Outcome | None = None
    for puzzle in candidates(comps, game_seed, recipe, rng):
        outcome = _look(task, comps, puzzle, game_seed, any_level)
        if outcome.kept or (any_level and outcome.puzzle is not None):
            return outcome
        if outcome.puzzle is not None and elsewhere is None:
            elsewhere = outcome
        reasons[outcome.reason] = reasons.get(outcome.reason, 0) + 1
    if elsewhere is not None:
        return elsewhere
    if not reasons:
        if task.drawn:
            return Outcome(task, None, "no goal in the game that needs the drawn tile")
        return Outcome(task, None, "no position of the kind in the game")
    looked = ", ".join(f"{n} {why}" for why, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))
    return Outcome(task, None, f"none of {sum(reasons.values())} candidates: {looked}")


REVEALS = {"buy": Reveal(maps=3), "oracle": Reveal(oracle=True)}
"""What a recipe asked for a theme of the hidden piles reveals (generator/reveal.py): a buying
puzzle states the top 3 cards of every map deck (the most one buy draws, the same depth in each
deck so that it points at none), an oracle puzzle the land tiles until every icon has shown.
Without them no fair answer can buy or consult the oracle (docs/puzzles.md, "What a puzzle
reveals")."""


def reveal_for(wanted: tuple[str, ...]) -> Reveal | None:
    """The premise a task's themes ask for (None: the recipe's own, only what a fan needs)."""
    asked = [REVEALS[t] for t in wanted if t in REVEALS]
    if not asked:
        return None
    return Reveal(maps=max(r.maps for r in asked), oracle=any(r.oracle for r in asked))


def _look(task: Task, comps: Components, puzzle: Puzzle, game_seed: int, any_level: bool) -> Outcome:
    """One candidate: prove its optimum, reject it as soon as it cannot sit on the level
    asked, else prove its answer unique and grade it."""
    shortest = 2 if any_level else shortest_for(task.level, puzzle)
    longest = max(LONGEST.values()) if any_level else LONGEST[task.level]
    idle = None
    ceiling = None
    deepest = budget(puzzle).most
    if puzzle.turns == 2 and puzzle.start.phase == "act" and not any_level:
        if out_of_reach(puzzle):
            # Money and the route rule out every line of both turns (sound: no kept puzzle
            # changes), so neither the idle line nor the two-turn puzzle needs a solve.
            return Outcome(task, None, OUT_OF_REACH)
        # The idle line first (issue 30): one one-turn solve from the next placement, far
        # cheaper than the two-turn solve. Turn 1 matters only with an optimum below it, and
        # the two-turn solve looks for no longer line (nor one longer than the level allows).
        idle = idle_first_turn(puzzle, 0)
        if idle.optimum is not None and idle.optimum - 1 < shortest:
            return Outcome(task, None, IDLE_TURN)
        # An oracle recipe's candidate (its look passed) needs the oracle: a lower ceiling at
        # easy and medium (stop 45: no line of its N past it can read the level).
        oracle = task.drawn and "oracle" in task.themes and "buy" not in task.themes  # no card bought instead
        most = most_for(task.level, puzzle, oracle=oracle)
        ceiling = min(longest, most, deepest, 99 if idle.optimum is None else idle.optimum - 1)
        if oracle and ceiling < shortest:
            return Outcome(task, None, NO_LINE_WITHIN)  # easy: no optimum the level allows
    # Until the uniqueness proof, only the optimum is read and what any line at it shows (the
    # placement screen's second answer is one whatever line it starts from): the solve may take
    # any line (`solve`'s `any_line`), and over two turns skip the exhaustive probe, which never
    # ends there within its states. A candidate that passes gets the usual solve (`_exact`).
    quick = QUICK_FIRST and not any_level
    first = _first(puzzle, ceiling, quick)
    if first.optimum is None:
        if idle is not None and idle.optimum is not None and ceiling == idle.optimum - 1:
            return Outcome(task, None, IDLE_TURN)
        capped = ceiling is not None and ceiling < deepest
        return Outcome(task, None, NO_LINE_WITHIN if capped else "no line within the horizon")
    if not shortest <= first.optimum <= longest:
        return Outcome(task, None, "optimum out of the level's range")
    if puzzle.turns == 2 and idle is None and not any_level:
        # Both turns must matter (issue 30): a line that does nothing in turn 1 must be worse.
        idle = idle_first_turn(puzzle, first.optimum)
    if idle is not None and not matters(idle, first.optimum):
        return Outcome(task, None, IDLE_TURN)
    if not any_level and another_placement(puzzle, first.line) is not None:
        # The same line with a placement moved elsewhere is a second answer, played by the
        # engine: no uniqueness proof over every placement is needed to drop it. Replays only,
        # so it comes before the placement's solve (docs/generator.md, step 2).
        return Outcome(task, None, "more than one answer")
    placement = placement_needed(puzzle, first.optimum)
    if puzzle.start.phase == "place" and placement is None and not any_level:
        # A line as short without the placement: any placement that blocks nothing does as
        # well, so the answer is not worth a uniqueness proof (of ~50 to 100 placements).
        return Outcome(task, None, "the placement shortens nothing")
    costs = None
    # The hard gate's first half before the uniqueness proof (an optimum a weaker solver of the
    # ladder finds is not hard to find), but for two turns from the action phase, where the
    # ladder (over turn 2's placements) costs more than the proof and most candidates that reach
    # them have a second answer (session 47): a candidate is kept only when it passes both, so
    # the order changes no kept puzzle, only the reason a dropped one is counted under.
    gate_first = task.level == "hard" and not any_level and not (puzzle.turns == 2 and puzzle.start.phase == "act")
    if gate_first:
        costs = ladder(puzzle)
        if weakest(first.optimum, costs) != "exact":
            return Outcome(task, None, FOUND_BY_WEAKER)
    # Strictly unique too (no other site, no other second cube): recorded in the certificate,
    # and asked for by --strict. Only a canonically unique answer is checked further.
    # Only whether it is unique is read (the answer's line is `first`'s): any second answer will do.
    result = solve(puzzle, unique="strict", known=first, any_line=True)
    if result.unique is not True and not any_level:
        return Outcome(task, None, "more than one answer")
    if quick:
        # Unique: the answer is the one the usual solve finds, with its own screen and proof (a
        # canonically unique puzzle passes them again), so that what follows is as it was.
        first = _first(puzzle, ceiling, False)
        if another_placement(puzzle, first.line) is not None:
            return Outcome(task, None, "more than one answer")
        result = solve(puzzle, unique="strict", known=first, any_line=True)
        if result.unique is not True:
            return Outcome(task, None, "more than one answer")
    if task.level == "hard" and not any_level and not gate_first:
        costs = ladder(puzzle)
        if weakest(first.optimum, costs) != "exact":
            return Outcome(task, None, FOUND_BY_WEAKER)
    if task.strict and result.strict is not True and not any_level:
        return Outcome(task, None, "another site, rotation or second cube")
    assert result.optimum is not None and result.status == "OPTIMAL"
    costs = ladder(puzzle) if costs is None else costs
    if not any_level:
        # The grade's level points lie within these bounds: a candidate that cannot reach the
        # level asked is dropped before the techniques' proofs (the grade's costly part).
        least, most = points_range(puzzle, result.optimum, result.line, costs, placement)
        low, high = level_range(task.level)
        if most < low or least >= high:
            return Outcome(task, None, "its score cannot reach the level")
    check = replay(puzzle, result.line)
    if not check.reached or check.illegal_at is not None or check.cost != result.optimum:
        raise RuntimeError(f"the engine does not accept the solver's answer to task {task}")
    # A grade gated below its level points' is never kept (EASY_TO_FIND below), so its count of
    # good first actions may stop at one more than the gate allows (the costly part of its grade).
    enough = None if any_level else MOST_GOOD + 1
    graded = grade(puzzle, result.optimum, result.line, costs, placement, unique=result.unique is True, enough=enough)
    certificate = Certificate(
        optimum=result.optimum,
        status=result.status,
        below_optimum=result.below_optimum,
        unique=result.unique,
        solver=SOLVER,
        components=f"{comps.name} {comps.version}",
        seed=game_seed,
        strict=result.strict,
        idle_first_turn=idle,
    )
    puzzle = replace(
        puzzle,
        id=task.name,
        title=title_for(puzzle, result.optimum, graded),
        solution=result.line,
        optimum=result.optimum,
        difficulty=graded.level,
        certificate=certificate,
        grade=graded,
    )
    puzzle = replace(puzzle, certificate=replace(certificate, themes=themes(puzzle)))
    if result.unique is not True:
        return Outcome(task, puzzle, "more than one answer")
    if graded.level != level_of(graded.points) and not any_level:
        return Outcome(task, None, EASY_TO_FIND)
    missing = [t for t in task.themes if t not in (puzzle.certificate.themes or ())]  # type: ignore[union-attr]
    if graded.level == task.level and missing and not any_level:
        return Outcome(task, None, f"{WITHOUT_THEME} {', '.join(missing)}")
    refused = [t for t in task.without if t in (puzzle.certificate.themes or ())]  # type: ignore[union-attr]
    if graded.level == task.level and refused and not any_level:
        return Outcome(task, None, f"{WITH_THEME} {', '.join(refused)}")
    if graded.level != task.level:
        # Kept for its own level by bulk runs, under a name that says so: never relabelled.
        return Outcome(task, replace(puzzle, id=f"{task.name}-graded-{graded.level}"), f"graded {graded.level}")
    return Outcome(task, puzzle, "kept")


def _first(puzzle: Puzzle, ceiling: int | None, quick: bool) -> SolveResult:
    """The first solve of a candidate (under the ceiling, if any). `quick`: only its status, its
    optimum and what any line at it shows are read, so the line may be any (`any_line`), and a
    two-turn puzzle skips the exhaustive probe (0 of 49 two-turn candidates of hard seed 4717 did
    it prove, 9.6 s of CPU; docs/benchmarks.md)."""
    if not quick:
        return solve(puzzle) if ceiling is None else solve(puzzle, most=ceiling)
    return solve(puzzle, most=ceiling, any_line=True, probe=puzzle.turns == 1)


def title_for(puzzle: Puzzle, optimum: int, graded: Grade) -> str:
    """A title that states the puzzle and nothing of its answer."""
    goal = puzzle.goal
    what = "a temple" if goal.temples == 1 else f"{goal.temples} temples"
    card = f" with {goal.map_card}" if goal.map_card else ""
    when = "this turn" if puzzle.turns == 1 else "within two turns"
    return f"{puzzle.hero.capitalize()}, turn {puzzle.start.turn}: {what}{card} {when} in {optimum} actions ({graded.level})"


class Work:
    """`attempt` as a picklable callable for worker processes and Dask: it loads the component
    set once per process."""

    def __init__(self, components_dir: str | None = None, any_level: bool = False) -> None:
        self.components_dir = components_dir
        self.any_level = any_level

    def __call__(self, task: Task) -> Outcome:
        """The outcome of one task."""
        from .. import load_components  # the package API: cached per directory

        return attempt(task, load_components(self.components_dir), self.any_level)
