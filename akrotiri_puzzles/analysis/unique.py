"""Uniqueness of an endgame puzzle's answer: no other line reaches its score X (docs/analysis.md).

Two lines of score X are the same *answer* when their canonical forms (solver/canonical.py,
read with the score goal) have the same signature: the same visits (a stop that pays for
something or sells, named by its island and what it pays for), each with the colours it sells
and the goal card it keeps, since drachmas and goal cards are points. The route between stops,
ship against portage and the excavation site on the island are not part of the answer.

The answer is unique when a second CP-SAT solve of the score model, asking for X points or more
with the answer's signature forbidden, is INFEASIBLE. A line that solve finds whose canonical
form is the answer again (it carried a sale or an unload it did not need) is forbidden too and
the solve repeated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from ..actions import Action, Buy, Excavate, Load, Oracle, Sell
from ..components import DECKS
from ..position import Position
from ..premise import WHOLE
from ..puzzle import Goal, Puzzle, replay
from ..scoring import seat_score
from ..solver.canonical import Answer, OracleSig, Visit, canonical, signature
from ..solver.deadline import Deadline, TimeUp
from ..solver.model import LineModel, ModelAnswer, forbidden_forms
from .board_solve import Board, read_line, solve_model

TRIES = 30
"""Lines found that lean down to the answer itself, forbidden one by one, before giving up."""


@dataclass(frozen=True)
class Uniqueness:
    """Whether an answer of score X is the only one."""

    unique: bool
    other: tuple[Action, ...] | None
    """Another answer of score X (canonical form) when not unique."""


def score_puzzle(pos: Position, score: int) -> Puzzle:
    """The hero's turn from `pos` with the goal: a final score of at least `score`."""
    return Puzzle("endgame", pos, Goal(score=score), turns=1, revealed=WHOLE)


def answer_of(pos: Position, score: int, line: Sequence[Action]) -> Answer:
    """The answer a line of at least `score` points is (the signature of its canonical form)."""
    puzzle = score_puzzle(pos, score)
    return signature(puzzle, canonical(puzzle, tuple(line)))


def unique_answer(pos: Position, score: int, line: Sequence[Action], deadline: Deadline | None = None) -> Uniqueness:
    """Whether every line reaching `score` from `pos` (the action phase, the boat not passing)
    is the same answer as `line` (TimeUp when the question stays open)."""
    if pos.phase != "act" or pos.passing:
        raise ValueError("uniqueness is checked from the action phase, the boat not on the other boat's dock")
    deadline = deadline or Deadline(None)
    puzzle = score_puzzle(pos, score)
    if seat_score(pos, pos.to_move).total >= score:
        raise ValueError(f"the hero has {score} points already: stopping at once is the answer")
    played = replay(puzzle, tuple(line))
    if played.illegal_at is not None or not played.reached:
        raise ValueError(f"the line does not reach {score} points")
    first = answer_of(pos, score, line)
    board = Board(pos, "score", deadline)
    every = list(range(len(board.facts.members)))
    forms = [forbidden_forms(board.facts, first)]
    for _ in range(TRIES):
        model = board.fresh()
        model.m.add(model.primary >= score)
        # The oracle scores nothing: a canonical form never keeps it (canonical.py).
        model.m.add(sum(model.asks) == 0)
        # The fewest actions first: a line that is the answer with a wasted action comes last.
        model.m.minimize(model.line_actions)
        for form in forms:
            model.forbid(form)
        status, solver = solve_model(model, deadline)
        if status == "INFEASIBLE":
            return Uniqueness(True, None)
        raw = read_line(model, solver, board.puzzle)
        check = replay(puzzle, tuple(raw))
        if check.illegal_at is not None or not check.reached:
            raise AssertionError(f"the model's line {[str(a) for a in raw]} does not reach {score} on the engine")
        other = canonical(puzzle, raw)
        if signature(puzzle, other) != first:
            return Uniqueness(False, tuple(other))
        # The same answer with a free action it did not need, or split over two stops at one
        # dock (the model may count a Move action that ends where it began): forbid the line
        # as the model found it.
        forms.append({found_answer(model, solver): every})
    raise TimeUp


def found_answer(model: LineModel, solver: cp_model.CpSolver) -> ModelAnswer:
    """The answer of the model's solution, stop by stop as the model has it (one board, no
    placement: docks are named as on the board)."""
    v = solver.value
    board = model.start.board
    temples = len(model.hero.temples)
    visits: list[Visit] = []
    oracles: list[OracleSig] = []
    for k in range(model.events):
        if v(model.idle[k]):
            break
        if v(model.end[k]):
            visits.append(Visit(end=True))
            continue
        if not v(model.stop[k]):
            continue
        dock = next(d for d, x in model.at[k].items() if v(x))
        acts = model.stop_actions(solver, k)
        load = tuple(sorted(c for a in acts if isinstance(a, Load) for c in a.colours))
        buys = tuple(sorted(len(a.decks) for a in acts if isinstance(a, Buy)))
        decks = tuple(sorted((d for a in acts if isinstance(a, Buy) for d in a.decks), key=DECKS.index))
        card = next((a.card for a in acts if isinstance(a, Excavate)), None)
        # The oracle is named by its turn, not its stop (canonical.py): the model asks it in turn 1.
        oracles.extend(OracleSig(1, a.icon) for a in acts if isinstance(a, Oracle))
        sold = tuple(sorted(a.colour for a in acts if isinstance(a, Sell)))
        keep = None
        if card is not None:
            temples += 1
            keep = next((g for (n, g), x in model.kept.items() if n == temples and v(x)), None)
        if not (load or buys or card or sold):
            continue
        island = frozenset(board.docks_of_island[board.island_of_dock[dock]])
        visits.append(Visit(island, load, buys, decks, card, None, bool(sold), False, sold, keep))
    return ModelAnswer(tuple(visits), tuple(oracles))
