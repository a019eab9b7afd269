"""The endgame analyser: the best final score the seat to move can reach in its turn.

What uses what (docs/analysis.md):

- the action phase on one board is one CP-SAT solve of the score model (board_solve.py);
- a tile still to place, a goal card still to keep, a boat passing through an occupied dock,
  and the alternatives' first actions are tried one by one through the engine, each rest
  solved by CP-SAT; a branch is asked only for lines better than the best (or the K-th best)
  found so far, so that the others end in a proof of infeasibility;
- `--line` is replayed by the engine; the first action after which the optimum is out of reach
  is found by asking, of the positions along the line, whether the optimum is still reachable
  (the best value along a line never grows).

Every line reported is replayed and scored by the engine's own scoring (scoring.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ortools.sat.python import cp_model

from ..actions import Action, EndTurn, Oracle
from ..errors import AkrotiriError
from ..position import Position
from ..puzzle import Puzzle, State, moves, play, why_not
from ..scoring import seat_score
from ..solver.deadline import Deadline, TimeUp
from ..solver.model import LineModel
from . import best_first
from .board_solve import (
    Board,
    BoardResult,
    OutOfReach,
    best_on_board,
    best_two_turns,
    reaches,
    two_turns_value,
)
from .engine_line import replay_line, without_idle_actions
from .exhaustive import hero_value
from .exhaustive import horizon as puzzle_over
from .outcome import Alternative, Analysis, LineVerdict, Scored
from .placement import Below, Bound, Progress, Stopped, best_placements, split_placements
from .reach import reach_below
from .reach.reach_bound import Shared, score_bound
from .reach.reach_tight import tight_bound
from .watch_defer import Watch
from .watched import Known

WATCH_FLOORED = True
"""Whether a floored two-turn model's search is watched by the relaxation's ceiling as the
first model's is (board_solve's `_solve_to_ceiling`: the same status, value, bound and line).
Before session 57 only the model without a floor was: where a floored one found a line, the
questions and the second model (the fewest-actions tie-break, gone since session 56) cost more
than they saved. On seed 1's turn 12 (2016, north) the placement `tile 1,-1 r180 blue@NE` asked
for 16: OPTIMAL 16 in 8.4 CPU s watched, 377 unwatched. False: as before, a reference."""

KNOWN = True
"""Whether a two-turn placement's solve is told a value none of its lines beats, where the
placement search has proven one (`Run.known`, watched.py's `Known`): the best settled by a
cover's line (placement._Search.settled), its line solved at the end (`resolve`), told its
value; a member its group's covers bound, told their best. Its search ends at its first line of
that value instead of proving it again, and, for the best, the relaxation is not asked of a
value some line reaches; the same answer, line included (seed 1's turn 30, 2016, north: its
resolve 41.7 -> 34.8 CPU s, docs/benchmarks.md, session 74). False: solved as any placement, as a
reference."""

MOST_TURNS = 2
"""The longest horizon analysed: the hero's next two turns, as the puzzles' (puzzle.py)."""
SCALE = 10**5
"""The margin objective counts points times SCALE plus the hero's drachmas (R-SCORE-3)."""
NO_BOUND = 10**15
"""A bound that is not known: the time ran out before every branch was looked at."""


class AnalysisError(AkrotiriError):
    """A position or an option the analyser cannot honestly answer: bad input."""


def horizon(pos: Position, turns: int) -> Puzzle:
    """The hero's next `turns` turns from a position, as the solver's puzzles see them (the
    opponent passive); one turn when the game ends with this one (R-END-2)."""
    done = any(len(s.temples) >= pos.components.player_board.temples for s in pos.seats)
    return puzzle_over(pos, 1 if done else turns)


def scored_line(start: Position, line: Sequence[Action], turns: int = 1) -> Scored:
    """A line played from the start (over `turns` turns) and scored by the engine."""
    end = replay_line(horizon(start, turns), tuple(line))
    return Scored(tuple(line), seat_score(end, start.to_move), seat_score(end, start.other))


def check_position(pos: Position, turns: int) -> None:
    """Refuse what the analyser cannot honestly answer, in one line."""
    if pos.phase == "over":
        raise AnalysisError("the game is over: nothing is left to analyse (R-END-2)")
    if pos.phase not in ("place", "act", "goal"):
        raise AnalysisError(f"phase {pos.phase!r}: the analyser starts at a turn's tile placement or action phase")
    if pos.hero.boat is None:
        raise AnalysisError(
            f"{pos.to_move} has no boat: the analyser starts after setup, both boats on docks (R-SET-2)"
        )
    board = pos.components.player_board
    done = any(len(s.temples) >= board.temples for s in pos.seats)
    if pos.phase == "place" and pos.to_move == pos.first and done:
        raise AnalysisError(
            f"{pos.to_move} has no turn left: a seat has excavated every temple and the round ends with "
            f"{pos.other}'s turn (R-END-2)"
        )
    if turns < 1:
        raise AnalysisError(f"--turns {turns}: must be at least 1")
    if turns > MOST_TURNS:
        raise AnalysisError(
            f"--turns {turns}: at most the hero's next {MOST_TURNS} turns are analysed (the puzzles' horizon); "
            "longer horizons are not modelled"
        )


def is_last_turn(pos: Position) -> bool:
    """Whether nothing follows the hero's turn whatever it plays: the second player's turn
    after a seat has excavated every temple (R-END-2)."""
    board = pos.components.player_board
    return pos.to_move != pos.first and any(len(s.temples) >= board.temples for s in pos.seats)


class Run:
    """One analysis: its objective, deadline and CP-SAT workers."""

    ask_covers = False
    """Whether the best-first placement search asks a group's cover before its members
    (best_first._BestFirst.ask_covers)."""

    ceiling = True
    """Whether a two-turn model asked without a floor ends its search at a line whose value the
    relaxation proves the most (`two_turn_out_of_reach`): the same answers, line included; False
    as a reference."""

    witness = False
    """Whether `reached` keeps what a yes it solved needs to read its line (`witnessed`)."""

    def __init__(
        self,
        pos: Position,
        objective: str,
        deadline: Deadline,
        workers: int,
        group_placements: bool = True,
        use_bound: bool = True,
        best_first: bool = True,
        turns: int = 1,
        progress: Progress | None = None,
    ) -> None:
        self.start = pos
        self.progress = progress
        """Told after each group of the start's tile placements (placement.Progress)."""
        self.best_first = best_first
        """Placements best first (analysis/best_first.py); False: in notation order, as a reference."""
        self.group_placements = group_placements
        self.use_bound = use_bound
        self.puzzle = horizon(pos, turns)
        """The whole horizon from the start: a line is replayed on it."""
        self.turns = self.puzzle.turns
        self.objective = objective
        self.deadline = deadline
        self.workers = workers
        self.seen: dict[bytes, bool] = {}
        """`reaches`' answers by the model's shape (board_solve.reaches)."""
        self.witnessed: tuple[LineModel, cp_model.CpSolver, Puzzle] | None = None
        """With `witness`: the model, solver and puzzle of the last yes `reached` solved (not one
        read from `seen`); its line is read only where it is wanted (`board_solve.read_line`)."""
        self.below_two: reach_below.Below | None = None
        """The two-turn bound's questions of this analysis (`two_turn_below`): each starts with
        the group of final boards that stopped the last one."""
        self.kept: dict[tuple[int, int], tuple[Position, Board, LineModel]] = {}
        """The last models whose bare question was answered yes, by position (its id) and floor:
        the line of a placement settled by that question is solved on that very model."""

    def left(self, pos: Position) -> int:
        """The hero's turns left in the horizon at `pos`, this one included."""
        return self.turns - (pos.turn - self.start.turn)

    def children(self, pos: Position, ending: bool = False) -> list[tuple[Action, Position]]:
        """The hero's moves in the turn, in notation order, and where they lead; with `ending`,
        the end of the turn too when another turn follows in the horizon."""
        puzzle = horizon(pos, self.left(pos))
        state = State(pos)
        acts = sorted(moves(puzzle, state), key=str)
        return [(a, play(puzzle, state, a).pos) for a in acts if ending or not isinstance(a, EndTurn)]

    def best(
        self,
        pos: Position,
        floor: int | None = None,
        cap: int | None = None,
        bare_first: bool = False,
        settled: bool = False,
        told: tuple[int, bool] | None = None,
    ) -> BoardResult:
        """The best objective from `pos` (at least `floor`, else INFEASIBLE); `cap` is a bound
        proven beforehand; `bare_first` (a placement or its cover): ask first whether the floor
        is reached at all (board_solve.reaches); `settled`: `floor` and `cap` are the value of
        an action phase, proven (board_solve.SETTLED); `told`: a value no line beats and whether
        a line reaches it, told to a two-turn model's watch (`known`)."""
        if self.left(pos) == 2:
            # The rest of this turn and the next: one CP-SAT model of both from an action
            # phase; a tile placement, a goal to keep or a pass through the other boat's dock
            # branched through the engine (the one-turn bounds do not hold across the next
            # turn's draw and placement).
            if pos.phase == "act" and not pos.passing:
                # A floored model (asked for more than the best so far) is watched too
                # (`WATCH_FLOORED`): INFEASIBLE, it finds no line and no question is asked; where
                # it finds one, its search ends there once the relaxation proves the value the
                # most, with no second model since session 56 (the same answer).
                watch = self.two_turn_out_of_reach(pos) if floor is None or WATCH_FLOORED else None
                if told is not None:
                    watch = Known(watch, *told)
                return best_two_turns(pos, self.objective, self.deadline, floor, self.workers, cap, watch)
            if pos.phase == "place" and self.group_placements:
                # Each placement is a two-turn model; those of a slot and rotation are first
                # asked together through their cover (placement.py), which must then hold
                # across the next turn's placement too; a cover or placement the model-free
                # two-turn bound puts out of reach is not built (reach_two.py).
                done = self.progress if pos is self.start else None
                kids = self.children(pos)
                return split_placements(
                    kids,
                    self.placed,
                    floor,
                    cap,
                    NO_BOUND,
                    turns=2,
                    done=done,
                    below=self.two_turn_below(),
                    lines=self.two_turn_lines if self.use_bound else None,
                    known=self.known if KNOWN else None,
                )
            return self.split(self.children(pos), floor, cap)
        if pos.phase == "act" and not pos.passing:
            got = self.kept.pop((id(pos), floor), None) if floor is not None and not bare_first else None
            built = (got[1], got[2]) if got is not None and got[0] is pos else None
            return best_on_board(
                pos, self.objective, self.deadline, floor, self.workers, cap, bare_first, self.seen, built, settled
            )
        if pos.phase == "place" and self.group_placements:
            upper = self.upper()
            if upper is not None and self.best_first:
                # The placements best first, with or without a time limit: a bare question
                # CP-SAT cannot answer in time raises TimeUp (board_solve._solve), never a
                # wrong answer, so a limit the proof does not reach changes nothing.
                kids = self.children(pos)
                return best_first.best_placement(
                    kids, self.placed, self.reached, upper, floor, cap, self.tighter(), self.line, self.ask_covers
                )
            reach = self.reached if upper is not None else None
            kids = self.children(pos)
            return split_placements(kids, self.placed, floor, cap, NO_BOUND, upper, reach, self.reached)
        return self.split(self.children(pos), floor, cap)

    def known(self, pos: Position, floor: int, cap: int | None, most: int, attained: bool) -> BoardResult:
        """`placed` of a placement none of whose lines beats `most` (proven: its best at the
        placement search's end, or its covers' best, placement._Search), `attained`: some line
        reaches it (its best): over two turns its model's watch is told so (watched.py's `Known`:
        the search ends at its first line of that value, the line it returns without being told;
        attained, the relaxation is not asked of a value a line reaches)."""
        return self.best(pos, floor, cap, bare_first=True, told=(most, attained))

    def tidy(self, result: BoardResult, keep: int = 0) -> BoardResult:
        """The line to print from the start: over two turns, without an action it does not need
        (`without_idle_actions`, the first `keep` kept: an alternative's first action is what
        tells it apart). Each model's line is tidied already, but a line assembled through the
        engine (a placement first, a cover's line settling a member) is tidied whole here. One
        turn's lines are the model's fewest actions, left as they are."""
        if self.turns < 2 or not result.line:
            return result
        return replace(result, line=tuple(without_idle_actions(self.puzzle, result.line, keep)))

    def two_turn_lines(self, pos: Position, line: tuple[Action, ...]) -> int | None:
        """The engine's objective of a line from a placement over the two turns it is solved
        on (a cover's line tried from its members, placement._Search.settled)."""
        return two_turns_value(pos, self.objective, line)

    def line(self, pos: Position, floor: int | None, cap: int | None) -> BoardResult:
        """The line of a placement whose value the best-first search has settled (asked with that
        value as floor and cap): only the fewest actions are left to find (board_solve.SETTLED)."""
        return self.best(pos, floor, cap, settled=floor is not None and floor == cap)

    def upper(self) -> Bound | None:
        """The model-free bound that lets the placement search skip a placement (the score
        objective only: analysis/reach/reach_bound.py); None without grouping, as a reference. It
        bounds one turn: never asked of a position with two turns left."""
        return score_bound if self.objective == "score" and self.use_bound else None

    def two_turn_below(self) -> Below | None:
        """The model-free two-turn bound that lets the two-turn placement search skip a cover
        or a placement (the score objective only: analysis/reach/reach_two.py); None without
        grouping or bounds, as a reference."""
        if self.objective != "score" or not self.use_bound:
            return None
        if self.below_two is None:
            self.below_two = reach_below.Below()
            self.below_two.deadline = self.deadline  # no search starts past the time limit (TimeUp)
        return self.below_two

    def two_turn_out_of_reach(self, pos: Position) -> OutOfReach | None:
        """The two-turn relaxation's proof that no line from `pos` reaches a value, asked by a
        two-turn model's search at each new best value to end it there (board_solve's
        `_solve_to_ceiling`); None with `ceiling` off or without the two-turn bound."""
        below = self.two_turn_below()
        if below is None or not self.ceiling:
            return None
        return Watch(below, pos)  # called as `below(pos, value)`; deferred at the game end (watch_defer.py)

    def tighter(self) -> Bound | None:
        """The costlier, tighter bound asked where `upper`'s does not skip (analysis/reach/reach_tight.py),
        before a placement only when the boat carries cubes: it lowers `upper` mostly where a line
        can unload them at the start (on the benchmark's last turns without cubes aboard it
        skipped nothing more and cost up to 1.5 CPU s)."""
        return tight_bound if self.upper() is not None and self.start.hero.cargo else None

    def reached(self, pos: Position, floor: int) -> bool:
        """Whether some line from `pos` (an action phase) reaches `floor`: the bare question of
        board_solve.reaches, its answers shared by model shape."""
        board = Board(pos, self.objective, self.deadline)
        model = board.fresh()
        model.m.add(model.primary >= floor)
        found: list[cp_model.CpSolver] | None = [] if self.witness else None
        if not reaches(model, self.deadline, self.workers, self.seen, found):
            return False
        if found:
            self.witnessed = (model, found[0], board.puzzle)
        # Kept for the line's solve if this settles the best (best_first asks it for the same
        # floor); the model is left as built (the question is asked of a copy).
        self.kept[(id(pos), floor)] = (pos, board, model)
        while len(self.kept) > KEPT:
            del self.kept[next(iter(self.kept))]
        return True

    def placed(self, pos: Position, floor: int | None, cap: int | None) -> BoardResult:
        """The best after a placement (or from a group's cover): most are asked for more than
        they reach, so the floor is asked first without the objective."""
        return self.best(pos, floor, cap, bare_first=True)

    def split(self, kids: list[tuple[Action, Position]], floor: int | None, cap: int | None = None) -> BoardResult:
        """The best over the children, each asked only for lines better than the best so far."""
        best: BoardResult | None = None
        bound = floor - 1 if floor is not None else -(10**9)
        proven = True
        for action, child in kids:
            ask = floor
            if best is not None and best.value is not None:
                ask = best.value + 1 if floor is None else max(floor, best.value + 1)
            try:
                r = self.best(child, ask, cap)
            except TimeUp:
                if best is None:
                    raise
                # The children not looked at bound nothing: the line found, no bound.
                return BoardResult("FEASIBLE", best.value, NO_BOUND, best.line)
            bound = max(bound, r.bound)
            if r.status == "INFEASIBLE":
                continue
            proven = proven and r.status == "OPTIMAL"
            best = BoardResult(r.status, r.value, r.bound, (action, *r.line))
        if best is None or best.value is None:
            return BoardResult("INFEASIBLE", None, bound, ())
        status = "OPTIMAL" if proven and bound <= best.value else "FEASIBLE"
        return BoardResult(status, best.value, bound, best.line)

    def alternatives(self, k: int) -> list[tuple[Action, BoardResult]]:
        """The k best lines with distinct first actions (the oracle aside), best first (ties in
        notation order)."""
        if self.start.phase == "place" and self.group_placements:
            # The first action is the tile placement: the k best placements in one pass over the
            # groups, each asked for more than the k-th best so far (analysis/placement.py); over
            # two turns without the one-turn bounds and bare questions.
            kids = [(a, c) for a, c in self.children(self.start) if not isinstance(a, Oracle)]
            left = self.left(self.start)
            upper = self.upper() if left == 1 else None
            two = self.two_turn_below() if left == 2 else None
            if upper is not None and self.best_first:
                ranked, bound, proven = best_first.best_placements(
                    kids, self.placed, self.reached, upper, None, None, k, self.tighter(), self.line
                )
            else:
                reached = self.reached if left == 1 else None
                try:
                    ranked, bound, proven = best_placements(
                        kids, self.placed, None, None, k, upper, None, reached, left, self.progress, two
                    )
                except Stopped:
                    raise TimeUp from None
            if ranked and (not proven or bound > (ranked[0][1].value or 0)):
                # Not all proven: the top says so, with the bound on every placement.
                a, r = ranked[0]
                ranked[0] = (a, BoardResult("FEASIBLE", r.value, max(bound, r.bound), r.line))
            return ranked
        found: list[tuple[Action, BoardResult]] = []
        # The turn's best first: its bound caps every branch (CP-SAT stops at it), its first
        # action's branch is known, and once k branches reach it no other can do better.
        top = self.best(self.start)
        cap = top.bound if top.bound < NO_BOUND else None
        # The first actions mostly leave the board as it is: their bounds share its facts.
        shared = Shared()
        # The oracle only changes the tile held after the turn: no line of one turn needs it
        # (R-ORA-1); over two turns it chooses the next turn's tile, and the turn may end at once.
        for action, child in self.children(self.start, ending=True):
            if isinstance(action, Oracle) and self.turns == 1:
                continue
            values = sorted((r.value for _, r in found if r.value is not None), reverse=True)
            if cap is not None and len(values) >= k and values[k - 1] >= cap:
                break
            floor = values[k - 1] + 1 if len(values) >= k else None
            upper = self.upper()
            if top.line and top.line[0] == action and top.status == "OPTIMAL" and top.value is not None:
                r = BoardResult(top.status, top.value, top.bound, top.line[1:])
            elif (
                floor is not None
                and upper is not None
                and self.left(child) == 1
                and (
                    _below(score_bound(child, shared=shared), floor) or _below(tight_bound(child, shared=shared), floor)
                )
            ):
                continue  # its model-free bound is below the K-th best: its solve would be INFEASIBLE
            else:
                r = self.best(child, floor, cap)
            if r.status == "INFEASIBLE":
                continue
            found.append((action, BoardResult(r.status, r.value, r.bound, (action, *r.line))))
            found.sort(key=lambda x: -(x[1].value or 0))
            del found[k:]
        return found


KEPT = 2
"""Models kept from bare questions answered yes (`Run.kept`): each holds a turn's model."""


def _below(bound: int | None, floor: int) -> bool:
    return bound is not None and bound < floor


def analyse(
    pos: Position,
    objective: str = "score",
    alternatives: int = 1,
    line: Sequence[Action] | None = None,
    turns: int = 1,
    time_limit: float | None = None,
    workers: int = 1,
    group_placements: bool = True,
    progress: Progress | None = None,
) -> Analysis:
    """The best final score (or margin) the hero can reach in its turn, proven; with
    `alternatives` > 1 the best lines with distinct first actions; with `line`, that line's
    score, loss and the action that lost it. `group_placements` False solves every tile
    placement in turn instead of bounding each slot and rotation first (analysis/placement.py):
    the same answer, for the tests and the benchmark. `progress` is told after each group of the
    start's tile placements (their slot and rotation), with the best so far in points."""
    if objective not in ("score", "margin"):
        raise AnalysisError(f"--objective {objective!r}: choose score or margin")
    if alternatives < 1:
        raise AnalysisError(f"--alternatives {alternatives}: must be at least 1")
    check_position(pos, turns)
    told: Progress | None = None
    if progress is not None:
        say = progress

        def told(done: int, total: int, best: int | None) -> None:
            say(done, total, None if best is None else _points(objective, best))

    run = Run(pos, objective, Deadline(time_limit), workers, group_placements, turns=turns, progress=told)
    given = _given_line(run, line) if line is not None else None
    last = is_last_turn(pos)
    try:
        if alternatives > 1:
            ranked = run.alternatives(alternatives)
            if not ranked:  # pragma: no cover - stopping at once is always a line
                raise AssertionError("no line at all")
            ranked = [(a, run.tidy(r, keep=1)) for a, r in ranked]
            top = ranked[0][1]
            most = max(r.bound for _, r in ranked)
            bound = _points(objective, most)
            alts = tuple(Alternative(a, scored_line(pos, r.line, run.turns), r.status == "OPTIMAL") for a, r in ranked)
            proven = all(r.status == "OPTIMAL" for _, r in ranked) and top.value is not None and most <= top.value
            result = BoardResult("OPTIMAL" if proven else "FEASIBLE", top.value, most, top.line)
        else:
            result = run.tidy(run.best(pos))
            alts = ()
            bound = _points(objective, result.bound)
    except TimeUp:
        return Analysis(objective, last, "UNKNOWN", None, None, turns=run.turns)
    best = scored_line(pos, result.line, run.turns)
    if hero_value(replay_line(run.puzzle, result.line), pos.to_move, objective) != result.value:
        raise AssertionError("the engine's score of the best line differs from the model's")
    status = "OPTIMAL" if result.status == "OPTIMAL" else "FEASIBLE"
    verdict = None
    if given is not None:
        verdict = _verdict(run, given, result, status == "OPTIMAL")
    return Analysis(objective, last, status, best, bound, alts, verdict, run.turns)


def _points(objective: str, value: int) -> int | None:
    """An objective value in points (the margin's scale dropped; floor division keeps a bound);
    None for a bound not known."""
    if value >= NO_BOUND:
        return None
    return value if objective == "score" else value // SCALE


def _given_line(run: Run, line: Sequence[Action]) -> tuple[Action, ...]:
    """The user's line, checked: legal all through, and ending where the hero may stop, in the
    horizon's last turn."""
    puzzle = run.puzzle
    state = State(run.start)
    for i, action in enumerate(line, 1):
        reason = why_not(puzzle, state, action)
        if reason is not None and isinstance(action, EndTurn) and state.turn >= puzzle.turns:
            reason = (
                "the analysis covers this turn only; the line must not end it (--turns 2 analyses the next turn too)"
                if puzzle.turns == 1
                else "the analysis covers this turn and the next (--turns 2); the line must not end the next"
            )
        if reason is not None:
            raise AnalysisError(f"--line: action {i} ({action}) is illegal: {reason}")
        state = play(puzzle, state, action)
    end = state.pos
    if end.phase != "over" and run.left(end) > 1:
        raise AnalysisError(
            "--line: it stops in this turn; with --turns 2 it plays on through 'end' into the next turn, whose "
            "end is scored"
        )
    if end.phase == "goal":
        raise AnalysisError("--line: it stops before keeping one of the goal cards on offer (R-EXC-1)")
    if end.phase == "place":
        raise AnalysisError("--line: it stops before placing the land tile (R-TILE-1)")
    if end.passing:
        raise AnalysisError("--line: it stops on the dock of the other boat (R-MOVE-3)")
    return tuple(line)


def _verdict(run: Run, line: tuple[Action, ...], best: BoardResult, proven: bool) -> LineVerdict:
    """The line's score, its loss, and the first action after which the optimum is out of
    reach: the best value along a line never grows, so a binary search finds it."""
    assert best.value is not None
    scored = scored_line(run.start, line, run.turns)
    # The hero's, though the engine may have begun the opponent's turn when the game ended.
    mine = hero_value(replay_line(run.puzzle, line), run.start.to_move, run.objective)
    loss = best.value - mine if run.objective == "score" else best.value // SCALE - mine // SCALE
    if mine >= best.value:
        return LineVerdict(scored, loss, None, False, proven)
    states = [run.start]
    state = State(run.start)
    for action in line:
        state = play(run.puzzle, state, action)
        states.append(state.pos)
    if run.best(states[-1], best.value).status != "INFEASIBLE":
        return LineVerdict(scored, loss, None, True, proven)
    lo, hi = 0, len(line)  # the optimum is reachable after lo actions, not after hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if run.best(states[mid], best.value).status == "INFEASIBLE":
            hi = mid
        else:
            lo = mid
    return LineVerdict(scored, loss, hi, False, proven)
