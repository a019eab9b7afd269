"""One solve's state and pieces (solver/cpsat.py searches with them; solver/lazy.py and
solver/unique.py ask bounds and second answers through them): the fact readers kept from bound
to bound, a bound's model, a CP-SAT run with the time left, a line read back and replayed by the
engine, and the steps of the proof so far."""

from __future__ import annotations

from collections.abc import Callable

from ortools.sat.python import cp_model

from ..actions import Action
from ..puzzle import Puzzle, replay
from .budget import Budget, max_steps, playable_cards
from .canonical import canonical
from .deadline import Deadline, TimeUp
from .fact_tables import Facts
from .facts import FactReader
from .gather import Gathering, build_facts
from .model import LineModel, Spec, build
from .readback import SolverError, complete_line
from .result import Level
from .scenarios import count
from .techniques import bonus_points, used

STATUS = {
    cp_model.OPTIMAL: "OPTIMAL",
    cp_model.FEASIBLE: "FEASIBLE",
    cp_model.INFEASIBLE: "INFEASIBLE",
    cp_model.MODEL_INVALID: "MODEL_INVALID",
    cp_model.UNKNOWN: "UNKNOWN",
}

TUNING: dict[str, object] = {"use_sat_inprocessing": False}
"""CP-SAT settings every solve of `Run.run` uses (besides `params`' own)."""

LARGE = True
"""Whether the models of a puzzle of at least LARGE_SCENARIOS scenarios are solved with
LARGE_TUNING (a switch for tests and benchmarks, which compare with it off)."""
LARGE_SCENARIOS = 2000
"""Scenarios a puzzle must have for LARGE_TUNING: two-turn puzzles from the tile placement (tens
of thousands), the same gate as the parts of solver/lazy.py. Smaller puzzles (act-2, place-1)
keep TUNING alone, and so the lines they print."""
LARGE_FIRST = True
"""Whether the first turn of a puzzle of at least LARGE_SCENARIOS scenarios (solved first,
cpsat.py) gets LARGE_TUNING too. Its models are small in classes (a place-2 puzzle's first turn has
about 80 scenarios) but not in clauses (place-2 g7009, bound 5: 45 classes, 64,000 clauses), and
CP-SAT spent most of their solve presolving them again and again (docs/solver.md)."""
LARGE_TUNING: dict[str, object] = {
    "symmetry_level": 0,
    "max_presolve_iterations": 1,
    "linearization_level": 0,
    "cp_model_presolve": False,
}
"""CP-SAT settings added for a large puzzle's models. A two-turn model from the placement has
about 200,000 clauses over thousands of classes and its search is short (about a thousand
conflicts to prove a part INFEASIBLE): CP-SAT spent three quarters of its time in presolve,
mostly repeating it to a fixed point and building a symmetry graph of a million arcs to find
one generator (place-2 g7003, bound 7: 9.4 s -> 4.8 s for the part of 1,024 classes, with one
presolve pass and no symmetry). Since session 46 no linear relaxation and no presolve at all
(`linearization_level: 0`, `cp_model_presolve: False`): these models ask only whether a line
exists (no objective for the LP to bound), the LP's thousands of iterations were a third of
their search, and without the LP the one presolve pass left cost more than the search it
saved: the eight slowest models of the fresh sets' large puzzles, each alone from a file, 11.8
s of CP-SAT with the LP and one presolve pass, 10.5 s without the LP, 3.9 s without either
(docs/benchmarks.md; no presolve with the LP kept was far slower, session 39). Settings only
change how CP-SAT searches, never what the model holds: a status proven is the same, and with
one worker the search is still deterministic (docs/solver.md)."""

PROVE_FIRST = True
"""Whether a small puzzle's model (fewer than LARGE_SCENARIOS scenarios), solved without a time
limit, is first asked with LARGE_TUNING, for a proof only (`Run.run`): an INFEASIBLE status is a
proof whatever the settings, and CP-SAT proves these models so about twice as fast (no presolve,
no linear relaxation: generate's two-turn candidates with no line, 21.5 -> 9.6 s). A model with
a line is then solved with the usual settings, so the line found, and every line printed, is the
one it was. A switch for tests and benchmarks."""
PROOF_WORK = 10.0
"""CP-SAT's deterministic time for `PROVE_FIRST`'s question (about a second each): a model it
has not proven within it is solved as before, so a model with a line costs at most this more."""


def params(solver: cp_model.CpSolver, time_left: float | None, workers: int, seed: int) -> None:
    """Solver settings. One worker by default: for these models it is the fastest, and its
    search is deterministic. More workers use CP-SAT's interleaved search, also deterministic.
    A time limit that actually stops a search can change what it finds."""
    p = solver.parameters
    p.num_workers = max(1, workers)
    p.random_seed = seed
    p.interleave_search = workers > 1
    # Probing at presolve costs more than it saves on these models.
    p.cp_model_probing_level = 0
    for k, v in TUNING.items():
        setattr(p, k, v)
    if time_left is not None:
        p.max_time_in_seconds = max(0.01, time_left)


def tuned(
    deadline: Deadline, workers: int, tuning: dict[str, object] | None = None, det: float | None = None
) -> cp_model.CpSolver:
    """A solver with `params` (the time `deadline` leaves, `workers`, seed 0), then `tuning`'s
    settings, and at most `det` of CP-SAT's deterministic time where set (a pass of a search)."""
    solver = cp_model.CpSolver()
    params(solver, deadline.left(), workers, 0)
    for k, v in (tuning or {}).items():
        setattr(solver.parameters, k, v)
    if det is not None:
        solver.parameters.max_deterministic_time = det
    return solver


def pass_answer(
    m: cp_model.CpModel,
    primary: cp_model.LinearExpr | int,
    status: str,
    solver: cp_model.CpSolver,
    met: bool,
    deadline: Deadline,
) -> tuple[str, cp_model.CpSolver, int | None] | None:
    """The answer of a watched pass of a search stopped at `det` (`tuned`), where it has one: the
    watch met (OPTIMAL at the line's value), the search's own end, or the caller's time limit
    (as an unstopped search reads it); None where only the pass's limit stopped it. The status,
    the solver and the bound (None: the solver's). A model CP-SAT rejects raises SolverError."""
    if status == "MODEL_INVALID":
        raise SolverError(f"CP-SAT rejects the score model: {m.validate()}")
    if met:
        return "OPTIMAL", solver, int(solver.value(primary))
    if status in ("OPTIMAL", "INFEASIBLE"):
        return status, solver, None  # the search's own end
    left = deadline.left()
    if left is not None and left < 1.0:  # the caller's limit stopped it, not the pass's
        if status == "UNKNOWN":
            raise TimeUp
        return status, solver, None
    return None


class Run:
    """One solve: what it has proven and found so far."""

    def __init__(
        self,
        puzzle: Puzzle,
        deadline: Deadline,
        workers: int,
        seed: int,
        forbid: frozenset[str] = frozenset(),
        probe: bool = True,
        most: int | None = None,
        on_level: Callable[[Level], None] | None = None,
        any_line: bool = False,
    ) -> None:
        self.puzzle = puzzle
        self.any_line = any_line
        """The caller reads only the status and the optimum (`solve`'s `any_line`): a line
        found with PROVE_FIRST's settings is taken as it is."""
        self.on_level = on_level
        self.forbid = forbid
        self.probe = probe
        self.most = most
        self.deadline = deadline
        self.workers = workers
        self.seed = seed
        self.levels: list[Level] = []
        self.lower = 1
        self.best: tuple[int, tuple[Action, ...]] | None = None
        self.enumerated = 0
        self.classes = 0
        self.readers: dict[int, FactReader] = {}
        self.topped: set[int] = set()
        """The puzzles (by turns) whose largest bound `top_infeasible` has asked."""
        self.pending: Gathering | None = None
        """The bound `lazy` has begun to read and left to deepening, for `facts` to read on."""
        self.modelled = puzzle
        """The puzzle as modelled: a horizon no longer than the game can last."""
        self.capped: int | None = None
        """The ceiling, when it cut the lines looked for short of the horizon's."""
        self.lazy_next: dict[int, int] = {}
        """Per puzzle (by turns), the classes the last bound proven INFEASIBLE in parts read, as its
        parts' sizes summed: the next bound's first part (solver/lazy.py, `LAZY_AGAIN`)."""
        self.whole: int | None = None
        """The scenarios of the puzzle as modelled, once `large` has counted them for its first turn."""

    # -- pieces ---------------------------------------------------------------------------

    def reader(self, puzzle: Puzzle) -> FactReader:
        """The fact reader of the puzzle (or of its first turn), kept from bound to bound."""
        reader = self.readers.get(puzzle.turns)
        if reader is None:
            reader = self.readers[puzzle.turns] = FactReader(puzzle, self.forbid)
        return reader

    def facts(self, puzzle: Puzzle, bound: int) -> Facts:
        """The facts of every scenario for lines of at most `bound` actions (read on from where
        `lazy` stopped, when it read some of them)."""
        gathering, self.pending = self.pending, None
        if gathering is not None and gathering.reader is self.readers.get(puzzle.turns) and gathering.bound == bound:
            gathering.read()
            facts = gathering.facts()
        else:
            facts = build_facts(
                self.reader(puzzle),
                bound,
                max_steps(puzzle, bound),
                playable_cards(puzzle, bound),
                deadline=self.deadline,
            )
        self.enumerated = max(self.enumerated, facts.enumerated)
        self.classes = max(self.classes, len(facts.scenarios))
        return facts

    def model(self, facts: Facts, bud: Budget, bound: int, minimise: bool = False) -> LineModel:
        """The model of the facts' lines within `bound`."""
        self.deadline.check()
        model = build(
            facts, bud, Spec(bound, facts.puzzle.goal, minimise=minimise, forbid=self.forbid), self.deadline.check
        )
        self.deadline.check()
        return model

    def large(self, puzzle: Puzzle) -> bool:
        """Whether the puzzle has at least LARGE_SCENARIOS scenarios, by the reader the solve
        keeps for it (a model is only built from facts it has read); with LARGE_FIRST, the first
        turn of a two-turn puzzle that has them is large too."""
        reader = self.readers.get(puzzle.turns)
        if reader is None:
            return False
        if len(reader.scenarios()) >= LARGE_SCENARIOS:
            return True
        if not LARGE_FIRST or puzzle.turns != 1 or self.modelled.turns != 2:
            return False
        if self.whole is None:
            # Counted off turn 1's boards: the two-turn puzzle's boards may never be needed.
            self.whole = count(self.modelled, dominated=False)
        return self.whole >= LARGE_SCENARIOS

    def run(self, model: LineModel, work: float | None = None) -> tuple[str, cp_model.CpSolver]:
        """Solve a model with the time left (and at most `work` of CP-SAT's deterministic time);
        a search the time limit stopped raises TimeUp (after keeping any line it found). A small
        puzzle's model without a time limit is first asked with LARGE_TUNING (`PROVE_FIRST`):
        INFEASIBLE there is the answer, and so is a line when `any_line`; otherwise it is solved
        as before, so that the line found is the usual settings' own."""
        large = LARGE and self.large(model.f.puzzle)
        if PROVE_FIRST and not large and work is None and self.deadline.left() is None:
            solver = self._solver(None, True, PROOF_WORK)
            status = STATUS[solver.solve(model.m)]
            if status == "INFEASIBLE" or (self.any_line and status in ("OPTIMAL", "FEASIBLE")):
                return status, solver
        solver = self._solver(self.deadline.left(), large, work)
        status = STATUS[solver.solve(model.m)]
        if status == "MODEL_INVALID":
            raise SolverError(f"CP-SAT rejects the model: {model.m.validate()}")
        return status, solver

    def _solver(self, time_left: float | None, large: bool, work: float | None) -> cp_model.CpSolver:
        """A CP-SAT solver with this run's settings (`params`), LARGE_TUNING when `large`, and at
        most `work` of deterministic time when given."""
        solver = cp_model.CpSolver()
        params(solver, time_left, self.workers, self.seed)
        if large:
            for k, v in LARGE_TUNING.items():
                setattr(solver.parameters, k, v)
        if work is not None:
            solver.parameters.max_deterministic_time = work
        return solver

    def accept(self, model: LineModel, solver: cp_model.CpSolver) -> tuple[int, tuple[Action, ...]]:
        """The model's line, replayed by the engine: it must reach the goal within the model's
        count. Returns what it costs and the line in canonical form."""
        total, _, raw = model.read(solver)
        line = complete_line(self.puzzle, raw)
        check = replay(self.puzzle, line)
        if check.illegal_at is not None or not check.reached or check.cost > total:
            raise SolverError(
                f"the engine does not accept the model's line {[str(a) for a in line]}: illegal at "
                f"{check.illegal_at} ({check.reason}), reached {check.reached}, cost {check.cost} vs {total}"
            )
        canon = tuple(canonical(self.puzzle, line))
        cost = check.cost
        if self.forbid:
            # The engine always gives an empty boat two points: under a ban on the double
            # move, its second points count as actions, as the model counts them.
            banned = used(self.puzzle, canon) & self.forbid - {"double-move"}
            if banned:
                raise SolverError(
                    f"the model's line {[str(a) for a in canon]} uses {sorted(banned)}, which is forbidden"
                )
            if "double-move" in self.forbid:
                cost = replay(self.puzzle, canon).cost + bonus_points(self.puzzle, canon)
                if cost > total:
                    raise SolverError(
                        f"the line {[str(a) for a in canon]} costs {cost} without double moves, the model {total}"
                    )
        return cost, canon

    def prove(self, bound: int, status: str, seconds: float, how: str = "CP-SAT") -> None:
        """Record a step of the proof (and tell `on_level`, for a progress display)."""
        level = Level(bound, status, seconds, how)
        self.levels.append(level)
        if self.on_level is not None:
            self.on_level(level)


def solve(
    m: cp_model.CpModel,
    deadline: Deadline,
    workers: int,
    tuning: dict[str, object] | None = None,
    callback: cp_model.CpSolverSolutionCallback | None = None,
) -> tuple[str, cp_model.CpSolver]:
    """A model solved by `tuned`'s solver: its status and the solver; MODEL_INVALID raised as
    SolverError, UNKNOWN as TimeUp (or SolverError where no time limit stops it)."""
    solver = tuned(deadline, workers, tuning)
    status = STATUS[solver.solve(m, callback)]
    if status == "MODEL_INVALID":
        raise SolverError(f"CP-SAT rejects the score model: {m.validate()}")
    if status == "UNKNOWN":
        if deadline.seconds is None:
            raise SolverError("CP-SAT stopped without an answer and no time limit")
        raise TimeUp
    return status, solver
