"""The best final score on one board, by CP-SAT: the score model (solver/model/score.py) of the
action phase of the hero's last turn, its line read back, completed, replayed and scored by the
engine, which must give the model's value exactly."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ortools.sat.python import cp_model

from ..actions import Action, Excavate, KeepGoal
from ..errors import AkrotiriError, IllegalActionError
from ..excavation import valid_sites
from ..geometry import Quad, board_quarter
from ..position import Position
from ..premise import WHOLE
from ..puzzle import Goal, Puzzle, State, play
from ..solver.budget import Budget, budget, playable_cards, second_turn_possible
from ..solver.deadline import Deadline
from ..solver.facts import FactReader
from ..solver.gather import build_facts
from ..solver.model import LineModel, Spec, build
from ..solver.readback import SolverError
from ..solver.run import solve as _solve
from .engine_line import objective_value, replay_line, without_idle_actions, without_idle_steps
from .watched import Meets, OutOfReach

if TYPE_CHECKING:
    from .floor_first import LeafLine, Memo
    from .realise import Realised


class NotModelled(AkrotiriError):
    """A position the score model does not cover: refused as bad input, never guessed."""


@dataclass(frozen=True)
class BoardResult:
    """The best value of one action phase: proven (OPTIMAL), or a line and an upper bound."""

    status: str
    """OPTIMAL, FEASIBLE (a line, the bound above it unproven), INFEASIBLE (nothing at or above
    the floor asked for) or UNKNOWN (the time ran out with no line)."""
    value: int | None
    """The objective of the line found (see `objective_value`)."""
    bound: int
    """No line does better than this (the objective's scale)."""
    line: tuple[Action, ...]


def puzzle_of(pos: Position) -> Puzzle:
    """The hero's one turn from a position, as the solver's puzzles see it."""
    return Puzzle("analyse", pos, Goal(), turns=1, revealed=WHOLE)


class Board:
    """The score models of one action phase (no tile to place): the facts, built once, and a
    fresh model on demand."""

    def __init__(self, pos: Position, objective: str, deadline: Deadline) -> None:
        self.puzzle = puzzle_of(pos)
        self.objective = objective
        self.bound = budget(self.puzzle).first
        steps = pos.points + 2 * self.bound
        reader = FactReader(self.puzzle, every_line=True)
        self.facts = build_facts(reader, self.bound, steps, playable_cards(self.puzzle, self.bound), deadline=deadline)
        deadline.check()

    def fresh(self) -> LineModel:
        """A new score model of every line of the action phase."""
        try:
            return build(self.facts, budget(self.puzzle), Spec(self.bound, Goal(), objective=self.objective))
        except ValueError as exc:  # a case the score model refuses (two goal draws from a short deck)
            raise NotModelled(f"not modelled: {exc}") from None


def solve_model(
    model: LineModel, deadline: Deadline, workers: int = 1, tuning: dict[str, object] | None = None
) -> tuple[str, cp_model.CpSolver]:
    """Solve a score model: its status and the solver (TimeUp when a limit stopped it with
    nothing found); `tuning`: CP-SAT settings other than the defaults (`SETTLED`)."""
    return _solve(model.m, deadline, workers, tuning)


PROOF_TUNING: dict[str, object] = {"linearization_level": 0, "cp_model_presolve": False}
"""CP-SAT's settings for `reaches`, a question without an objective that is mostly INFEASIBLE:
without the LP relaxation and the presolve it proves that about 4 times faster on last turns'
placements (docs/benchmarks.md). Only a yes or no is read from it, which no setting changes."""

SETTLED = PROOF_TUNING
"""CP-SAT's settings for the line of a value already settled (floor and cap that value: only
the fewest actions are left to find, `best_on_board(..., settled=True)`): the same settings as
`reaches`, 2 to 7 times less CPU than the defaults on the benchmark's last turns
(docs/benchmarks.md). The value and the fewest actions are proven as with the defaults (the
solve is OPTIMAL); which line of them CP-SAT returns may differ."""


def best_on_board(
    pos: Position,
    objective: str,
    deadline: Deadline,
    floor: int | None = None,
    workers: int = 1,
    cap: int | None = None,
    bare_first: bool = False,
    seen: dict[bytes, bool] | None = None,
    built: tuple[Board, LineModel] | None = None,
    settled: bool = False,
) -> BoardResult:
    """The best objective of any line of the action phase at `pos` (no tile to place), with
    `floor`: only lines reaching at least that (else INFEASIBLE). Among lines of the best
    objective, one of the fewest actions (solver/model/score.py). `bare_first`: with a floor,
    first ask whether any line reaches it (`reaches`, its answers kept in `seen`), for branches
    that mostly do not. `built`: this position's facts and model, already asked for `floor` (a
    bare question's, kept): the same model as built here, so the same solve. `settled`: `floor`
    and `cap` are the value, proven beforehand; the line is solved with `SETTLED`."""
    if settled and (floor is None or cap != floor):
        raise ValueError("a settled line is asked for one value (floor and cap)")
    if built is not None:
        board, model = built
    else:
        board = Board(pos, objective, deadline)
        model = board.fresh()
        if floor is not None:
            model.m.add(model.primary >= floor)
    puzzle = board.puzzle
    if cap is not None:
        # A bound already proven (the whole turn's optimum): CP-SAT stops as soon as it is met.
        model.m.add(model.primary <= cap)
    if bare_first and floor is not None and not reaches(model, deadline, workers, seen):
        return BoardResult("INFEASIBLE", None, floor - 1, ())
    status, solver = solve_model(model, deadline, workers, SETTLED if settled else None)
    if status == "INFEASIBLE":
        return BoardResult("INFEASIBLE", None, (floor if floor is not None else 0) - 1, ())
    line = read_line(model, solver, puzzle)
    end = replay_line(puzzle, line)
    bound = primary_bound(model, solver)
    value = engine_value(status, int(solver.value(model.primary)), objective_value(end, objective), bound, line)
    return BoardResult(status, value, bound, tuple(without_idle_steps(puzzle, line)))


def engine_value(status: str, value: int, scored: int, bound: int, line: list[Action]) -> int:
    """The value of the model's line: the engine's score of it (`scored`), checked against the
    model's `value` of it and the solver's `bound`. The models bound each goal card's points by
    what the engine scores there, a maximum reaching it (score_two._goal_two, score.py): at
    OPTIMAL the two are equal, but a search stopped before its end (FEASIBLE: a time limit) may
    hold a line the model values below the engine's score (seed 1, turn 30, north: 43 for 47).
    The line is real, so its value is the engine's. SolverError (a model error) where the model
    values a line above the engine's score, where they differ at OPTIMAL, or where the engine's
    score passes the bound."""
    if scored == value or (status != "OPTIMAL" and value < scored <= bound):
        return scored
    raise SolverError(
        f"the engine scores the model's line {[str(a) for a in line]} {scored}, the model says {value}"
        + (f" (status {status}, bound {bound})" if status != "OPTIMAL" else "")
    )


def reaches(
    model: LineModel,
    deadline: Deadline,
    workers: int = 1,
    seen: dict[bytes, bool] | None = None,
    found: list[cp_model.CpSolver] | None = None,
) -> bool:
    """Whether any line satisfies the model's constraints (its floor), asked of a copy without
    the objective: a branch asked for more than the best so far is most often INFEASIBLE, and
    CP-SAT proves that faster with nothing to optimise (about a third less CPU on last turns'
    placements; on small action phases, where many branches do reach it, the second solve costs
    more than it saves, so only the placement search asks it). The model itself is left as it
    was, so that a branch that does reach the floor is then solved exactly as without this
    question (the same line).

    Only the answer is read, so it is asked with the settings that prove infeasibility fastest
    (`PROOF_TUNING`), and `seen` keeps the answers by the model's *shape*: its constraints and
    domains with every name left out. Two placements far from anything the line can reach
    often build the same shape (the same variables in the same order, named after different
    docks); the same shape is the same question, so the same answer.

    `found`: where a solve says yes, its solver is appended (a line that reaches the floor can be
    read from it, `read_line`: the bare model keeps the model's variables); an answer read from
    `seen` appends nothing."""
    bare = model.m.clone()
    bare.clear_objective()
    key = shape(bare) if seen is not None else b""
    if seen is not None and key in seen:
        return seen[key]
    status, solver = _solve(bare, deadline, workers, PROOF_TUNING)
    answer = status != "INFEASIBLE"
    if seen is not None:
        seen[key] = answer
    if answer and found is not None:
        found.append(solver)
    return answer


def shape(m: cp_model.CpModel) -> bytes:
    """A digest of the model without its names (which it loses): equal digests, the same
    constraints on the same variables."""
    proto = m.proto
    proto.clear_name()
    for v in proto.variables:
        v.name = ""
    for c in proto.constraints:
        c.name = ""
    return hashlib.blake2b(str(proto).encode(), digest_size=20).digest()


def primary_bound(model: LineModel, solver: cp_model.CpSolver) -> int:
    """No line's value exceeds this, read off the solver's bound on the model's objective: the
    one-turn model maximises value * TIE - actions, with fewer than TIE actions in any line
    (the bound divided by TIE, rounded up); the two-turn model maximises the value alone
    (`primary_weight` 1: the bound itself)."""
    weight = model.primary_weight
    return (int(solver.best_objective_bound) + weight - 1) // weight


def read_line(model: LineModel, solver: cp_model.CpSolver, puzzle: Puzzle) -> list[Action]:
    """The model's line as the engine plays it: each excavation on the smallest site of the
    quarter the model chose, the goal card the model kept at each goal draw."""

    def chosen(state: State, boat: str, island: Quad) -> tuple[str | None, bool]:
        quarter = next((q for (i, q), v in model.quarter.items() if i == island and solver.value(v)), None)
        return quarter, True

    _, _, raw = model.read(solver)
    return _played(model, solver, puzzle, raw, chosen)


QuarterChoice = Callable[[State, str, Quad], tuple[str | None, bool]]
"""The quarter the model chose for an excavation from a dock on an island, and whether the
site must lie in it (False: any site, where the model chose none)."""


def _played(
    model: LineModel, solver: cp_model.CpSolver, puzzle: Puzzle, raw: list[Action], chosen: QuarterChoice
) -> list[Action]:
    """The model's actions (`raw`, as read) played through the engine: each excavation on the
    smallest site of the quarter `chosen` gives, the goal card the model kept at each goal draw."""
    state = State(puzzle.start)
    out: list[Action] = []
    for action in raw:
        pos = state.pos
        if isinstance(action, Excavate):
            boat = pos.hero.boat
            assert boat is not None
            island = pos.board.island_of_dock[boat]
            quarter, strict = chosen(state, boat, island)
            sites = valid_sites(pos.board, pos.to_move, pos.components.map[action.card], pos.board.island_quads[island])
            if strict or quarter is not None:
                sites = [s for s in sites if board_quarter(s) == quarter]
            if not sites:
                raise SolverError(f"the model excavates {action.card} in quarter {quarter} where no site fits")
            action = Excavate(action.card, sites[0])
        state = play(puzzle, state, action)
        out.append(action)
        while state.pos.phase == "goal":
            n = len(state.pos.hero.temples)
            offer = sorted(set(state.pos.goal_offer))
            keep = next((g for g in offer if (n, g) in model.kept and solver.value(model.kept[(n, g)])), None)
            if keep is None:
                raise SolverError(f"the model keeps none of the goal cards {offer} offered at temple {n}")
            state = play(puzzle, state, KeepGoal(keep))
            out.append(KeepGoal(keep))
    return out


# -- two turns ---------------------------------------------------------------------------------


TWO_TURNS_TUNING: dict[str, object] = PROOF_TUNING
"""CP-SAT's settings for the two-turn score model: without the LP relaxation (whose bound is
far above the optimum over hundreds of final boards) and the presolve, the proof of the
optimum takes about 10 times less CPU on a mid-game turn with one action left (98 s -> 11 s,
tools/bench_two_turns.py). The optimum proven is the same with any setting."""


def two_turn_puzzle(pos: Position) -> Puzzle:
    """The hero's rest of this turn and its next, opponent passive, as the puzzles see them."""
    return Puzzle("analyse", pos, Goal(), turns=2, revealed=WHOLE)


def two_turn_budget(pos: Position) -> Budget:
    """Actions of turn 1 (those left) and of turn 2 by the temples turn 1 excavates: up to
    every temple it has the actions for (R-TURN-2)."""
    board = pos.components.player_board
    done = len(pos.hero.temples)
    most = min(pos.actions_left, board.temples - done)
    return Budget(pos.actions_left, tuple(board.actions_after(min(done + e, board.temples)) for e in range(most + 1)))


class TwoTurns:
    """The score model of the hero's two turns from its turn-1 action phase: the facts (one
    class per final board, solver/facts.py) built once, and a fresh model on demand."""

    def __init__(self, pos: Position, objective: str, deadline: Deadline) -> None:
        if pos.phase != "act" or pos.passing:
            raise NotModelled("not modelled: two turns start in the action phase, the boat not passing")
        self.puzzle = two_turn_puzzle(pos)
        self.objective = objective
        self.budget = two_turn_budget(pos)
        self.bound = self.budget.most
        steps = pos.points + 2 * self.bound
        reader = FactReader(self.puzzle, every_line=True)
        self.facts = build_facts(reader, self.bound, steps, playable_cards(self.puzzle, self.bound), deadline=deadline)
        deadline.check()

    def fresh(self, deadline: Deadline | None = None) -> LineModel:
        """A new score model of every line of the two turns."""
        try:
            check = deadline.check if deadline is not None else None
            return build(self.facts, self.budget, Spec(self.bound, Goal(), objective=self.objective), check)
        except ValueError as exc:  # a case the score model refuses (two goal draws from a short deck)
            raise NotModelled(f"not modelled: {exc}") from None


def best_two_turns(
    pos: Position,
    objective: str,
    deadline: Deadline,
    floor: int | None = None,
    workers: int = 1,
    cap: int | None = None,
    out_of_reach: OutOfReach | None = None,
) -> BoardResult:
    """The best objective at the end of the hero's second turn (opponent passive), over every
    line of the rest of turn 1, its end and turn 2, from the turn-1 action phase at `pos`:
    proven by CP-SAT (solver/model/score_two.py, the value alone), the line read back,
    completed (the turn-2 placement, goal cards kept), replayed and scored by the engine, which
    must give the model's value, and every action it does not need dropped
    (`without_idle_actions`: no fewest-actions tie-break in the model). When the opponent has
    every temple, the game's last turn is this one (R-END-2): the one-turn answer
    (`best_on_board`, the fewest actions).

    `out_of_reach(v)`: a sound proof, without a model, that no line from `pos` reaches the
    value `v` (the two-turn relaxation's, analysis/reach/reach_below.py), asked each time the search
    finds a line of a new best value: where it proves that value the most, the search ends
    there, OPTIMAL (`_solve_to_ceiling`). The same status, value, bound and line as without it.
    With a `floor`, the watch asks the split sale where the cheap relaxation says no, and the
    floor itself first: proven out of reach, INFEASIBLE without a model (watch_split.py,
    `SPLIT_RETRY`; the same status, value and bound). Where realise.py's `floor_line` plays no
    line of its leaf, the model is first solved narrowed to that leaf's map cards, stopped only
    where the watch proves its line's value plus one out of reach (floor_member.py's `CARDS_FIRST`;
    the same status, value and bound, the line one of that value)."""
    puzzle = two_turn_puzzle(pos)
    if not second_turn_possible(puzzle):
        return best_on_board(pos, objective, deadline, floor, workers, cap)
    from . import realise  # its module doc (`REALISE_FIRST`, on by default)
    from .watch_split import Retried, retried  # its module doc (`SPLIT_RETRY`)

    if floor is not None:
        out_of_reach = retried(out_of_reach)  # the cheap relaxation first, then the split
        if isinstance(out_of_reach, Retried) and out_of_reach.split(floor):
            # The split relaxation proves the floor out of reach (the cheap one did not, or no
            # model would be asked for): the model would be INFEASIBLE (watch_split.py).
            return BoardResult("INFEASIBLE", None, floor - 1, ())
    leaf_line = None
    last: tuple[int, realise.Leaf] | None = None  # `floor_line`'s last leaf (floor_member.py's `CARDS_FIRST`)
    if out_of_reach is not None and objective == "score" and realise.REALISE_FIRST:
        if floor is not None:
            if realise.CLIMB_FLOORED:  # step 1b's rounds for a floored member (off by default)
                from .floor_first import Memo
                from .realise_climb import climb_line

                got = climb_line(puzzle, pos, floor, Memo(out_of_reach), realise.ROUNDS)
            else:
                got, last = realise.floor_line(puzzle, pos, floor, out_of_reach)
                if got is None:
                    from . import floor_climb  # its module doc (`CLIMB_AFTER`: the other leaves)

                    got = floor_climb.climb_after(puzzle, pos, floor, out_of_reach, last)
            if got is not None and (cap is None or got.value <= cap):
                return _realised(puzzle, got, objective)
        else:  # the first model's: its step 1b (floor_first.py, session 86)
            from . import realise_climb  # step 1b's rounds (its module doc)

            def leaf_line(ask: int, memo: Memo, rounds: int) -> realise.Realised | None:
                got = realise_climb.climb_line(puzzle, pos, ask, memo, rounds, climbed=memo.climb)
                return got if got is not None and (cap is None or got.value <= cap) else None

    two = TwoTurns(pos, objective, deadline)
    model = two.fresh(deadline)
    if floor is not None:
        model.m.add(model.primary >= floor)
    if cap is not None:
        model.m.add(model.primary <= cap)
    if out_of_reach is not None:
        from . import floor_member  # its module doc (`CARDS_FIRST`: the leaf's cards first)

        narrow: tuple[str, cp_model.CpSolver | Realised, int | None] | None = None
        if last is not None and floor_member.CARDS_FIRST and not floor_member.FLOORED:
            narrow = floor_member.cards_first(model, out_of_reach, deadline, workers, TWO_TURNS_TUNING, last)
        if narrow is not None:
            status, solver, bound = narrow
        else:
            status, solver, bound = _solve_to_ceiling(
                model, out_of_reach, deadline, workers, first=floor is None, floor=floor, leaf_line=leaf_line
            )
        if isinstance(solver, realise.Realised):
            return _realised(puzzle, solver, objective)
    else:
        status, solver = solve_model(model, deadline, workers, TWO_TURNS_TUNING)
        bound = None
    if status == "INFEASIBLE":
        return BoardResult("INFEASIBLE", None, (floor if floor is not None else 0) - 1, ())
    line = read_two_turns(model, solver, puzzle)
    if bound is None:
        bound = primary_bound(model, solver)
    scored = objective_value(replay_line(puzzle, line), objective)
    value = engine_value(status, int(solver.value(model.primary)), scored, bound, line)
    return BoardResult(status, value, bound, tuple(without_idle_actions(puzzle, line)))


def _realised(puzzle: Puzzle, got: Realised, objective: str) -> BoardResult:
    """A member's answer by its relaxed leaf played through the engine (realise.py's `floor_line`:
    an engine line of value w, w + 1 proven out of reach): OPTIMAL w, that line, replayed here."""
    line = list(got.line)
    assert objective_value(replay_line(puzzle, line), objective) == got.value
    return BoardResult("OPTIMAL", got.value, got.value, tuple(without_idle_actions(puzzle, line)))


def _solve_to_ceiling(
    model: LineModel,
    out_of_reach: OutOfReach,
    deadline: Deadline,
    workers: int,
    first: bool = False,
    floor: int | None = None,
    leaf_line: LeafLine | None = None,
) -> tuple[str, cp_model.CpSolver | Realised, int | None]:
    """The solve of a two-turn model ended early at a line whose value `out_of_reach` proves
    the most: its status, solver and the bound on the value (None: the solver's).

    Why the answer is the solve's without it (`best_two_turns`), line included. The model
    maximises the value alone. With one worker CP-SAT's search is deterministic and a solution
    callback only watches it (the relaxation's questions are plain Python, asked while the
    search waits), so up to the stop it is the very search of the model without a callback; it
    records a solution only when it beats the last one, and returns the last recorded. Stopped
    at a line of value `v` where no line reaches `v + 1` (the relaxation's proof), no line beats
    it: the search without the stop records nothing after that line, and returns it OPTIMAL with
    the bound `v`. So the stop is OPTIMAL `v`, bound `v`, that line. Where no value is proven the
    most, the search runs to its end as without it. (With the fewest-actions tie-break of
    earlier sessions, a second model had to prove that no line of `v` had fewer actions.)

    `first`: the model is asked without a floor (a turn's first): its search runs a first pass,
    then the relaxed line's cards (floor_first.py, `FLOOR_FIRST`; the same status, value and
    bound, the line one of that value). `floor`: the model's (a deferred search's first pass that
    finds no line asks it, floor_cards.py); where the watch is not deferred, a first pass and the
    relaxed line's cards too (floor_member.py, `FLOORED`: the same status, value and bound).
    `leaf_line`: a turn's first model's step 1b (floor_first.py, `REALISE_FIRST`): its answer may
    be a realised engine line (`realise.Realised` in the solver's place, OPTIMAL at its value)."""
    if getattr(out_of_reach, "deferred", False):
        from .watch_defer import solve_deferred  # the game's end (its module doc); no import cycle

        return solve_deferred(model, out_of_reach, deadline, workers, TWO_TURNS_TUNING, floor)  # type: ignore[arg-type]
    from . import climb_cards, floor_first, top_down  # their module docs; imported here as watch_defer is

    if floor_first.FLOOR_FIRST and first:
        return floor_first.solve_floor_first(
            model,
            out_of_reach,
            deadline,
            workers,
            TWO_TURNS_TUNING,
            leaf_line,
            climb_cards.after_climb,
            top_down.solve_top_down,
        )
    from . import floor_member  # its module doc

    if floor_member.FLOORED and floor is not None:
        return floor_member.solve_floored(model, out_of_reach, deadline, workers, TWO_TURNS_TUNING, floor)
    meets = Meets(model.primary, out_of_reach)
    status, solver = _solve(model.m, deadline, workers, TWO_TURNS_TUNING, meets)
    if not meets.met:
        return status, solver, None
    return "OPTIMAL", solver, int(solver.value(model.primary))


def two_turns_value(pos: Position, objective: str, line: tuple[Action, ...]) -> int | None:
    """The engine's objective of `line` played from `pos` over the horizon `best_two_turns`
    solves there (two turns, or this one when the game ends with it); None when the engine
    refuses an action of it."""
    puzzle = two_turn_puzzle(pos)
    if not second_turn_possible(puzzle):
        puzzle = puzzle_of(pos)
    try:
        end = replay_line(puzzle, line)
    except IllegalActionError:
        return None
    return objective_value(end, objective)


def read_two_turns(model: LineModel, solver: cp_model.CpSolver, puzzle: Puzzle) -> list[Action]:
    """The two-turn model's line as the engine plays it: each excavation on the smallest site
    of the quarter the model chose (any site when no goal card reads quarters), the goal card
    the model kept at each goal draw."""
    _, c, raw = model.read(solver)
    quarter = model._quarter or {}

    def chosen(state: State, boat: str, island: Quad) -> tuple[str | None, bool]:
        slot = (state.turn, model.f.alias(c, state.turn - 1, boat))
        return next((q for (s, q), v in quarter.items() if s == slot and solver.value(v)), None), False

    return _played(model, solver, puzzle, raw, chosen)
