"""Puzzles: a position, a goal and a horizon, played by the hero against a passive opponent.

The hero is the seat to move. The opponent is passive: their boat stays where it is and
blocks its dock, and they take no turns, so after the hero's end of turn (and its draw) the
hero's next turn begins at once. A line is counted in actions as the game counts them
(`rules.action_cost`); free actions and tile placement cost none. A line may use only the draws
the puzzle's premise reveals (premise.py): a puzzle's answer holds for every order of the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .actions import Action, EndTurn
from .common.errors import located
from .effects import apply_unchecked, start_turn
from .errors import IllegalActionError, PuzzleError
from .position import Position
from .premise import Revealed, premise_problem, unstated
from .rules import action_cost, legal_actions, why_illegal
from .scoring import seat_score


@dataclass(frozen=True)
class Goal:
    """What the hero must do: excavate `temples` temples, perhaps one with a named map card."""

    temples: int = 1
    map_card: str | None = None
    score: int | None = None
    """An endgame puzzle's goal: a final score of at least this this turn (R-SCORE-1, 2); the
    temples and the map card then do not count (docs/analysis.md)."""

    def describe(self) -> str:
        """The goal in words."""
        if self.score is not None:
            return f"score {self.score} points by the end of this turn"
        what = "a temple" if self.temples == 1 else f"{self.temples} temples"
        return f"excavate {what}" + (f", one with map card {self.map_card}" if self.map_card else "")


@dataclass(frozen=True)
class Certificate:
    """What a published puzzle proves about itself."""

    optimum: int
    status: str
    """The solver's status for the optimum, e.g. "OPTIMAL"."""
    below_optimum: str | None
    """The status of the same model with at most optimum-1 actions, e.g. "INFEASIBLE" (None
    for an endgame puzzle: see `above_optimum`)."""
    unique: bool | None
    """Whether a second solve forbidding the canonical answer was infeasible (None: not checked).
    For an endgame puzzle: no line of the optimum's score is another answer (docs/analysis.md)."""
    solver: str
    components: str
    seed: int | None = None
    above_optimum: str | None = None
    """An endgame puzzle's (score goal): the status of asking for optimum+1 points, e.g.
    "INFEASIBLE" (None for a temple puzzle)."""
    strict: bool | None = None
    """Whether the unique answer is also strictly unique: no other excavation site, no other
    choice of a placed tile's rotation or second cube, no other stop for the oracle (`solve
    --unique --strict`; None: not checked)."""
    themes: tuple[str, ...] | None = None
    """The puzzle's kind and technique tags (themes.py, `THEMES` order), computed from the
    puzzle and its proven answer; None: not recorded (a file made before themes)."""
    idle_first_turn: IdleTurn | None = None
    """A two-turn puzzle's proof that turn 1 matters (generator/idle_turn.py); None: not proven."""


@dataclass(frozen=True)
class IdleTurn:
    """The best line of a two-turn puzzle whose turn 1 does nothing (only `end`, after the
    placement when it starts before one): its proven optimum, worse than the puzzle's."""

    status: str
    """"OPTIMAL" (a line exists, of `optimum` actions) or "INFEASIBLE" (no line at all)."""
    optimum: int | None = None


@dataclass(frozen=True)
class Necessity:
    """A technique the answer cannot do without: the optimum when it is forbidden."""

    technique: str
    without: int | None
    """The proven optimum with the technique forbidden (more than the puzzle's), or None: no line."""


@dataclass(frozen=True)
class FirstActions:
    """The hero's legal first actions, and how many of them still allow an optimal line
    (generator/first_actions.py): a hard puzzle has few good ones."""

    legal: int
    good: int


@dataclass(frozen=True)
class Grade:
    """A puzzle's difficulty level and the evidence for it (docs/generator.md)."""

    level: str
    score: int
    """The points of all the evidence: they rank effort across kinds (docs/generator.md)."""
    necessary: tuple[Necessity, ...]
    """Techniques proven necessary, in a fixed order."""
    ladder: tuple[tuple[str, int | None], ...]
    """Each weaker solver of the ladder and the cost of the line it found (None: none)."""
    weakest: str
    """The weakest solver of the ladder that finds an optimal line ("exact" if none weaker)."""
    first_actions: FirstActions | None = None
    """The good first actions, counted for a puzzle whose level points read hard and whose line
    only the exact solver finds (the hard gate, docs/generator.md); None: not counted."""
    level_points: int | None = None
    """The points the level is read from when they are not the score: a puzzle from the tile
    placement or of two turns, whose kind's points count 1 toward the level
    (generator/grade.py, `level_points`); None: the score."""

    @property
    def points(self) -> int:
        """The points the level is read from."""
        return self.score if self.level_points is None else self.level_points


@dataclass(frozen=True)
class Puzzle:
    """A position, a goal and a horizon in turns, with what is known of its answer."""

    id: str
    start: Position
    goal: Goal = field(default_factory=Goal)
    turns: int = 1
    title: str = ""
    solution: tuple[Action, ...] | None = None
    optimum: int | None = None
    difficulty: str | None = None
    certificate: Certificate | None = None
    grade: Grade | None = None
    revealed: Revealed = field(default_factory=Revealed)
    """The premise: the top of each hidden pile the puzzle states; the rest is unknown."""

    @property
    def hero(self) -> str:
        """The seat to move at the start."""
        return self.start.to_move

    def check_start(self) -> str | None:
        """Why this puzzle cannot be played, or None."""
        if self.start.phase not in ("place", "act"):
            return f"the hero must be at the tile placement or the action phase, not {self.start.phase!r}"
        if self.start.hero.boat is None:
            return f"the hero ({self.hero}) has no boat: a puzzle starts after setup, both boats on docks (R-SET-2)"
        if self.turns not in (1, 2):
            return f"horizon must be 1 or 2 turns, not {self.turns}"
        if self.goal.score is not None:
            return (
                "an endgame puzzle (a score goal) has a horizon of 1 turn" if self.turns != 1 else self.check_premise()
            )
        if self.goal.temples < 1:
            return "the goal needs at least one temple"
        left = self.start.components.player_board.temples - len(self.start.hero.temples)
        if self.goal.temples > left:
            return f"the hero has only {left} temple(s) left to excavate"
        if self.goal.map_card is not None and self.goal.map_card not in self.start.components.map:
            return f"unknown map card {self.goal.map_card!r}"
        return self.check_premise()

    def check_premise(self) -> str | None:
        """Why the premise does not fit the puzzle (`premise.premise_problem`), or None."""
        found = premise_problem(self.revealed, self.start, self.turns, self.goal.temples, self.goal.score is not None)
        if found is not None:
            return f"{found[0]}: {found[1]}"
        card = self.goal.map_card
        if card is not None and not self.revealed.whole:
            in_hand = card in self.start.hero.maps and card not in self.revealed.unknown
            deck = self.start.components.map[card].deck
            if not in_hand and card not in self.revealed.deck(deck):
                return f"goal.map: {card} is neither in the hero's hand nor revealed on top of the {deck} deck"
        return None


@dataclass(frozen=True)
class State:
    """Where a line stands: the position and which turn of the horizon it is in (1-based)."""

    pos: Position
    turn: int = 1


def reached(puzzle: Puzzle, pos: Position) -> bool:
    """Whether the hero has met the goal in `pos`."""
    if puzzle.goal.score is not None:
        # The score counts where the turn may end: the action phase, not on the other boat's
        # dock (R-MOVE-3), no goal card left to keep (R-EXC-1).
        stop = pos.phase == "act" and not pos.passing
        return stop and seat_score(pos, puzzle.hero).total >= puzzle.goal.score
    before = len(puzzle.start.seat(puzzle.hero).temples)
    new = pos.seat(puzzle.hero).temples[before:]
    if len(new) < puzzle.goal.temples:
        return False
    return puzzle.goal.map_card is None or any(card == puzzle.goal.map_card for card, _ in new)


def moves(puzzle: Puzzle, state: State) -> list[Action]:
    """The hero's legal actions in puzzle play: no end of turn in the horizon's last turn."""
    if state.pos.phase == "over" or state.pos.to_move != puzzle.hero:
        return []
    actions = legal_actions(state.pos)
    if state.turn >= puzzle.turns:
        actions = [a for a in actions if not isinstance(a, EndTurn)]
    return [a for a in actions if unstated(puzzle.revealed, puzzle.start, state.pos, a) is None]


def why_not(puzzle: Puzzle, state: State, action: Action) -> str | None:
    """Why an action cannot be played here in the puzzle, or None."""
    if state.pos.phase == "over":
        return "the game is over (R-END-2)"
    if isinstance(action, EndTurn) and state.turn >= puzzle.turns:
        return f"the horizon is {puzzle.turns} turn(s); ending this turn leaves it"
    return why_illegal(state.pos, action) or unstated(puzzle.revealed, puzzle.start, state.pos, action)


def unstated_draw(puzzle: Puzzle, line: list[Action] | tuple[Action, ...]) -> tuple[int, str] | None:
    """(index, reason) of the first action of a line that rests on a draw the puzzle does not
    state, or None; the line is played as far as the engine allows."""
    state = State(puzzle.start)
    for i, action in enumerate(line):
        if state.pos.phase == "over" or why_illegal(state.pos, action) is not None:
            return None
        reason = unstated(puzzle.revealed, puzzle.start, state.pos, action)
        if reason is not None:
            return i, reason
        if isinstance(action, EndTurn) and state.turn >= puzzle.turns:
            return None
        state = advance(puzzle, state, action)  # why_not's checks are the ones just made
    return None


def play(puzzle: Puzzle, state: State, action: Action) -> State:
    """The state after one action; after the hero's end of turn the hero plays again, unless
    the game ends with the round."""
    reason = why_not(puzzle, state, action)
    if reason is not None:
        raise IllegalActionError(str(action), reason)
    return advance(puzzle, state, action)


def advance(puzzle: Puzzle, state: State, action: Action) -> State:
    """`play` of an action that `why_not` has just allowed, without asking again (the rules'
    checks were most of the time of reading a puzzle's solution)."""
    pos = apply_unchecked(state.pos, action)
    if isinstance(action, EndTurn) and pos.phase != "over":
        if _all_temples_out(pos):
            # The game ends with the round (R-END-2): the opponent's turn, which it does not
            # take, would have been the last.
            return State(replace(pos, phase="over"), state.turn + 1)
        # The opponent takes no turn: the hero's next turn follows its own.
        pos = start_turn(replace(pos, turn=pos.turn + 1), puzzle.hero)
        return State(pos, state.turn + 1)
    return State(pos, state.turn)


def _all_temples_out(pos: Position) -> bool:
    """Whether a seat has excavated every temple of its player board."""
    return any(len(s.temples) >= pos.components.player_board.temples for s in pos.seats)


@dataclass(frozen=True)
class Replay:
    """A line played through the engine."""

    costs: tuple[int, ...]
    """What each legal action spent, as the game counts it, up to the first illegal one."""
    reached_at: int | None
    """Index of the action after which the goal was first met, or None."""
    illegal_at: int | None = None
    reason: str | None = None
    states: tuple[State, ...] = field(default=(), repr=False)

    @property
    def cost(self) -> int:
        """Actions spent, up to the first illegal action if any."""
        return sum(self.costs)

    @property
    def reached(self) -> bool:
        """Whether the goal was met."""
        return self.reached_at is not None


def replay(puzzle: Puzzle, line: list[Action] | tuple[Action, ...]) -> Replay:
    """Play a line from the start; stop at the first illegal action and say why."""
    state = State(puzzle.start)
    states = [state]
    costs: list[int] = []
    reached_at = None
    for i, action in enumerate(line):
        reason = why_not(puzzle, state, action)
        if reason is not None:
            return Replay(tuple(costs), reached_at, i, reason, tuple(states))
        costs.append(action_cost(state.pos, action))
        state = advance(puzzle, state, action)
        states.append(state)
        if reached_at is None and reached(puzzle, state.pos):
            reached_at = i
    return Replay(tuple(costs), reached_at, states=tuple(states))


def validate(puzzle: Puzzle, source: str = "puzzle") -> Puzzle:
    """The puzzle itself if it can be played, else a PuzzleError naming the source."""
    reason = puzzle.check_start()
    if reason is not None:
        raise PuzzleError(f"{source}: {reason}")
    if puzzle.solution is not None:
        found = unstated_draw(puzzle, puzzle.solution)
        if found is not None:
            i, why = found
            raise PuzzleError(located(source, f"solution.{i}", f"{puzzle.solution[i]}: {why}"))
    return puzzle


def rest_of(puzzle: Puzzle, state: State) -> Puzzle | None:
    """The rest of a puzzle from a state of its play, as a puzzle of its own: the position
    reached, what is left of the horizon and of the goal, what the premise still states.
    None when the rest cannot be done (more temples needed than the hero has left)."""
    hero = puzzle.hero
    done = state.pos.seat(hero).temples[len(puzzle.start.seat(hero).temples) :]
    card = puzzle.goal.map_card
    if card is not None and any(c == card for c, _ in done):
        card = None
    need = max(puzzle.goal.temples - len(done), 1 if card is not None else 0)
    rest = replace(
        puzzle,
        id=f"{puzzle.id} (rest)",
        start=state.pos,
        goal=Goal(need, card),
        turns=puzzle.turns - state.turn + 1,
        solution=None,
        optimum=None,
        certificate=None,
        # Still only what the puzzle states: the revealed cards left on top, and the cards
        # the line bought face down, which it may not play (premise.py).
        revealed=puzzle.revealed.after(puzzle.start, state.pos),
    )
    if rest.check_start() is not None:
        return None
    return rest
