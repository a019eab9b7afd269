"""Candidate puzzles: positions reached by seeded play, with a goal and a horizon.

Candidates are drawn from one task seed alone: a game of two greedy-leaning mixed bots from a
new game, some of its positions where the hero may start a puzzle (before the tile placement
or at the start of the action phase), each with its goals (one per map card in hand for a
named-card goal). Nothing is edited into a position that no game reaches, but for the one
cut the solver's two-turn puzzles also make: an action phase starts with fewer actions
left, as it does after the hero has spent some (R-TURN-2).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from ..components import Components
from ..position import Position
from ..puzzle import Goal, Puzzle
from ..simulate import play_game
from ..solver.pruning import LastTurn
from .drawn_site import SiteMemo, needs_drawn_tile, needs_oracle_tile
from .reveal import Reveal

TRIES = 8
"""Positions of one game looked at before the game is given up."""
MOST_LOOKS = 30
"""Puzzles (a position and a goal) of one game looked at before the game is given up: a
position with several map cards in hand offers one puzzle per card for a named-card goal."""

GOALS = ("temple", "map-card", "two-temples")
"""Goal kinds: a temple; a temple with a named map card from the hero's hand; two temples."""
EDITIONS = (2014, 2016)
ANY_GOAL = "any"
"""A recipe's goal kind that offers every goal of a position (each map card, a temple, two
temples): a --drawn-site recipe without --goal, whose look lets few goals through."""


@dataclass(frozen=True)
class Recipe:
    """What kind of candidate to draw: the phase the puzzle starts in, its horizon, its goal
    kind and the edition (None: drawn from the task seed)."""

    phase: str
    turns: int
    goal: str
    edition: int
    actions: int | None = None
    """Actions left at the start of an action phase (None: as the game left them)."""
    reveal: Reveal = field(default_factory=Reveal)
    """What the puzzles state of the hidden piles (generator/reveal.py): by default only what a
    fan needs; a buying or oracle recipe asks for deck tops or land tiles."""
    drawn: bool = False
    """Only goals that need the tile drawn at the end of turn 1 (two turns from the action
    phase, generator/drawn_site.py); every position of the game is looked at, since the look
    is cheap and few goals pass it."""
    shorter: bool = False
    """With `drawn`, the look of easy and medium (`drawn_site.needs_drawn_tile`): the idle line
    may exist, and only the solver's proof that it is longer keeps a candidate."""


RECIPES: dict[str, tuple[tuple[str, int, int | None, int], ...]] = {
    # level: (phase, turns, actions left, weight) for the classes most likely to grade so.
    "easy": (("act", 1, None, 3), ("act", 1, 2, 1)),
    "medium": (("act", 1, None, 1),),
    "hard": (("act", 1, None, 1),),
}
"""Without --start or --turns, every level draws one-turn puzzles of the action phase. Measured
on the default tiles (docs/benchmarks.md, seed 11): a task that starts before the placement
costs several times a task of the action phase (each of its proofs covers 50 to 100
placements) and its candidates mostly have a second answer. Hard kept 1 puzzle from about 60 s
of such candidates and 4 from about 23 s of the action phase's; medium kept none from 60 s of
them and 3 (and 2 graded hard) from about 6 s of the action phase's. So a one-turn puzzle from
the placement is asked for with `--start place`, and a two-turn one with `--turns 2` (for
medium and hard: from the action phase with turn 1 as the game left it; from the placement their proofs
take minutes, docs/benchmarks.md, place-2, unless --start place asks for them too). Earlier
measurements that chose the action phase: a task of it with a named map card costs about 1 s
of CPU and keeps a hard puzzle about once in ten; a two-turn puzzle from it takes 5 to 90 s to
prove and was never both unique and hard (its second placement is part of the answer and
rarely forced)."""
GOAL_WEIGHTS = {"easy": (6, 3, 1), "medium": (1, 4, 1), "hard": (1, 6, 1)}
"""Weights of the goal kinds (a temple, a named map card, two temples) per level. A named
card is the usual hard goal: a single card leaves fewer answers, so more candidates are
unique, and each card in hand is a puzzle of its own (cheap to look at)."""


def recipe_for(
    level: str,
    rng: random.Random,
    turns: int | None = None,
    goal: str | None = None,
    edition: int | None = None,
    start: str | None = None,
) -> Recipe:
    """A recipe for a level, drawn with `rng`; the options given fix their part of it."""
    classes = [c for c in RECIPES[level] if (turns is None or c[1] == turns) and (start is None or c[0] == start)]
    if not classes and turns == 2:
        # The level's usual classes have the other horizon (--turns 2): two turns from the action
        # phase with turn 1's actions as the game left them (with one action left, an idle turn
        # 1 gives turn 2 a whole turn's actions and turn 1 can hardly matter:
        # generator/idle_turn.py). From the placement only when --start place asks for it: such
        # a task takes minutes to prove at every level (docs/benchmarks.md, place-2; easy seed
        # 4401's task 2 had no outcome after 410 s of CPU).
        two: list[tuple[str, int, int | None, int]] = [("act", 2, None, 1), ("place", 2, None, 1)]
        if start != "place":
            two = two[:1]
        classes = [c for c in two if start is None or c[0] == start]
    elif not classes:
        # --start place for a level whose usual classes are all of the action phase.
        classes = [(start or "act", 1, None, 1)]
    phase, horizon, actions, _ = rng.choices(classes, weights=[c[3] for c in classes])[0]
    kind = goal or rng.choices(GOALS, weights=GOAL_WEIGHTS[level])[0]
    return Recipe(phase, horizon, kind, edition or rng.choice(EDITIONS), actions)


def candidates(comps: Components, game_seed: int, recipe: Recipe, pick: random.Random) -> Iterator[Puzzle]:
    """The candidates of one game, in a seeded order: up to TRIES positions that fit the
    recipe, each with its goals (every map card in hand for a named-card goal, shuffled), at
    most MOST_LOOKS in all. None when the game offers no position of the recipe."""
    snaps: list[Position] = []
    play_game(
        comps,
        game_seed,
        edition=recipe.edition,
        bots=("mixed", "mixed"),
        mix=0.8,
        check=False,
        max_turns=40,
        on_position=snaps.append,
    )
    pool = [p for p in snaps if _fits(p, recipe)]
    pick.shuffle(pool)
    looks = 0
    sites_of = SiteMemo()  # the goals of one position, and positions alike, ask the same sites
    for start in pool if recipe.drawn else pool[:TRIES]:
        if recipe.actions is not None:
            start = replace(start, actions_left=min(start.actions_left, recipe.actions))
        for goal in _goals(start, recipe.goal, pick):
            if looks >= MOST_LOOKS:
                return
            puzzle = Puzzle(
                "candidate", start, goal, recipe.turns, revealed=recipe.reveal.of(start, recipe.turns, goal)
            )
            if recipe.drawn and not (
                needs_oracle_tile(puzzle, sites_of)
                if recipe.reveal.oracle
                else needs_drawn_tile(puzzle, sites_of, recipe.shorter)
            ):
                continue  # not a candidate: only those that pass the cheap look count
            looks += 1
            if puzzle.check_start() is None and not _hopeless(puzzle):
                yield puzzle


def _hopeless(puzzle: Puzzle) -> bool:
    """Whether a one-turn puzzle of the action phase is proven to have no line of at least two
    actions by the exhaustive search's lower bound (the last turn's: excavations still needed,
    the actions left), a look that costs next to nothing. The search itself within 3,000 states
    was the second screen until session 47: it cost more than the solver's proof it saved
    (hard, seed 4701, 40 tasks: 10.5 s of CPU for the screen, 1.8 s for the solves it spared;
    docs/benchmarks.md), so a candidate it would have dropped is now dropped by `generate`'s
    first solve ("no line within the horizon", "optimum out of the level's range")."""
    return puzzle.turns == 1 and puzzle.start.phase == "act" and LastTurn(puzzle).dead(puzzle.start)


def _fits(pos: Position, recipe: Recipe) -> bool:
    """Whether a position can start a puzzle of the recipe: the hero's phase, no Move action
    under way, a map card in hand (or money to buy one), a temple left to excavate."""
    if pos.phase != recipe.phase or pos.turn <= 2 or pos.points or pos.passing:
        return False
    if recipe.phase == "act" and pos.actions_left < (recipe.actions or 2):
        return False
    seat = pos.hero
    left = pos.components.player_board.temples - len(seat.temples)
    need = 2 if recipe.goal == "two-temples" else 1  # ANY_GOAL: one, as a temple's
    if left < need or len(pos.seat(pos.other).temples) >= pos.components.player_board.temples:
        return False
    return bool(seat.maps) if recipe.goal == "map-card" else True


def _goals(start: Position, kind: str, pick: random.Random) -> list[Goal]:
    """The goals of a kind for a position: one, or one per map card in the hero's hand (in a
    seeded order) for a named-card goal."""
    if kind == "temple":
        return [Goal()]
    if kind == "two-temples":
        return [Goal(temples=2)]
    hand = sorted(start.hero.maps)
    pick.shuffle(hand)
    cards = [Goal(map_card=card) for card in hand]
    # ANY_GOAL (a --drawn-site recipe without --goal): every kind, since few goals pass its look.
    return [*cards, Goal(), Goal(temples=2)] if kind == ANY_GOAL else cards
