"""One two-turn CP-SAT score model alone: where a turn's first model (or a floored one) spends its
CPU, and what CP-SAT's settings do to it (issue 31, part 1, session 58).

The position is the one tools/bench_two_turns_place.py analyses (a seeded greedy game's position
before the seat's tile placement at game turn `--turn`); `--placement N` picks the N-th
placement in the analyser's order (`Run.children`; 0 is the first group's first placement, the
turn's first model). The model is built as `best_two_turns` builds it (board_solve.TwoTurns),
with `--floor`/`--cap` added as `best_two_turns` adds them, and solved with one worker and the
analyser's settings (`TWO_TURNS_TUNING`), plus any `--set NAME=VALUE` (a CP-SAT parameter:
number, true/false or an enum's name). No watch: the relaxation is not asked.

Printed: each solution found (value, CPU s of the solve), then the
status, value, bound, conflicts, branches, deterministic time and CPU s. `--dtime` stops the
search after that much deterministic time (UNKNOWN or FEASIBLE then, never a wall clock), for
screens of settings. `--slice k/K` keeps only the classes c with c % K == k (a proxy model);
`--classes-first` branches on the classes first (a decision strategy, class by class).
`--parts` prints the parts of the score of the solution found (map cards, goal cards, goals kept
at the draws, drachmas, temples per turn); `--maximise PART` makes one part the objective instead
of the score (a floor or cap still bounds the score), to see which part a proof is about
(session 59: docs/solver.md's last section). `--split PLAN` solves the model once per plan of a
partition of its lines instead of whole (assumptions, the same model), and prints each plan's
solve and their sum (session 60: docs/solver.md's last section): `enddock`, the dock where turn
1 ends; `dig1`/`dig2`, the first temple slot of turn 1/turn 2 dug, in the slots' order.

    PYTHONHASHSEED=0 .venv/bin/python tools/bench_two_turn_model.py --seed 2 --turn 21 --floor 25
    PYTHONHASHSEED=0 .venv/bin/python tools/bench_two_turn_model.py --seed 2 --turn 21 \\
        --floor 25 --set linearization_level=1 --dtime 100
    PYTHONHASHSEED=0 .venv/bin/python tools/bench_two_turn_model.py --seed 2 --turn 24 \\
        --placement 1 --maximise temples --parts
    PYTHONHASHSEED=0 .venv/bin/python tools/bench_two_turn_model.py --seed 2 --turn 24 \\
        --placement 1 --floor 14 --split enddock
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import NoReturn

from bench_two_turns_place import positions
from ortools.sat import sat_parameters_pb2
from ortools.sat.python import cp_model

from akrotiri_puzzles.analysis import endgame
from akrotiri_puzzles.analysis.board_solve import TWO_TURNS_TUNING, TwoTurns
from akrotiri_puzzles.solver.deadline import Deadline
from akrotiri_puzzles.solver.model import LineModel
from akrotiri_puzzles.solver.model.core import Expr
from akrotiri_puzzles.solver.run import params


def _fail(message: str) -> NoReturn:
    """One line on stderr naming the option, exit status 2 (as argparse's own errors)."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


class _Log(cp_model.CpSolverSolutionCallback):
    def __init__(self, primary: object, t0: float) -> None:
        super().__init__()
        self.primary = primary
        self.t0 = t0

    def on_solution_callback(self) -> None:
        print(
            f"  solution {int(self.value(self.primary))}  cpu {time.process_time() - self.t0:.2f}",  # type: ignore[arg-type]
            flush=True,
        )


def _setting(solver: cp_model.CpSolver, item: str) -> None:
    name, _, raw = item.partition("=")
    p = solver.parameters
    field = sat_parameters_pb2.SatParameters.DESCRIPTOR.fields_by_name.get(name)
    if field is None:
        _fail(f"--set: no CP-SAT parameter {name!r}")
    value: object
    try:
        if field.enum_type is not None:
            value = getattr(type(getattr(p, name)), raw)  # the wrapper's enum member, by name
        elif isinstance(getattr(p, name), bool):
            value = raw.lower() in ("1", "true")
        elif isinstance(getattr(p, name), int):
            value = int(raw)
        else:
            value = float(raw)
    except (AttributeError, ValueError):
        _fail(f"--set: {raw!r} is not a value of CP-SAT's {name}")
    setattr(p, name, value)


PARTS = ("map", "goals", "kept", "drachmas", "money", "temples", "temples1", "temples2")
"""What `--parts` prints and `--maximise` can maximise."""


def _parts(model: LineModel) -> dict[str, Expr]:
    """The score's parts as expressions of the two-turn model (score_two.py): the points of the
    map cards played, of the hero's goal cards, of the goal cards kept at the draws (the score
    less the rest: the model's score is their sum), the drachmas' points, the final drachmas,
    and the temples excavated in all, in turn 1 and in turn 2."""
    m = model
    goals = sum(m.goal_points.values())
    first = sum(x for (t, _), x in m.x.items() if t == 1)
    second = sum(x for (t, _), x in m.x.items() if t == 2)
    return {
        "map": m.map_points,
        "goals": goals,
        "kept": m.score - m.map_points - goals - m.drachma_points,
        "drachmas": m.drachma_points,
        "money": m.money[m.events],
        "temples": first + second,
        "temples1": first,
        "temples2": second,
    }


SPLITS = ("enddock", "dig1", "dig2")
"""What `--split` partitions the lines by."""

Plan = tuple[str, list[cp_model.IntVar]]
"""A plan's name and its literals (solved as assumptions: every one true)."""


def _first_true(named: list[tuple[str, cp_model.IntVar]]) -> list[Plan]:
    """A partition of every assignment: the i-th literal is the first one true (the ones
    before it false), or none is true. Each line falls in exactly one plan, whatever the
    literals mean: so the model is INFEASIBLE (or its optimum v) exactly when every plan is
    INFEASIBLE (the plans' best is v)."""
    plans: list[Plan] = []
    for i, (name, lit) in enumerate(named):
        plans.append((name, [*(x.negated() for _, x in named[:i]), lit]))
    plans.append(("none", [x.negated() for _, x in named]))
    return plans


def _plans(model: LineModel, kind: str) -> list[Plan]:
    """`--split`'s plans: `enddock`, the dock where turn 1 ends (a new literal per dock, the
    disjunction over events of "this event ends turn 1 at this dock"; none: the game ends
    after turn 1); `dig1`/`dig2`, the first slot of that turn dug (`x[(turn, dock)]`)."""
    m, E = model.m, model.events
    if kind == "enddock":
        named = []
        for d in model.docks:
            ands = []
            for k in range(E):
                z = m.new_bool_var(f"event {k} ends turn 1 at {d}")
                m.add_bool_and([model.end[k], model.at[k][d]]).only_enforce_if(z)
                m.add_bool_or([model.end[k].negated(), model.at[k][d].negated()]).only_enforce_if(z.negated())
                ands.append(z)
            ends = m.new_bool_var(f"turn 1 ends at {d}")
            m.add_max_equality(ends, ands)
            named.append((d, ends))
        return _first_true(named)
    turn = 1 if kind == "dig1" else 2
    return _first_true([(f"{kind} {d}", x) for (t, d), x in sorted(model.x.items()) if t == turn])


def _split(model: LineModel, solver: cp_model.CpSolver, objective: Expr, kind: str) -> None:
    """Solve the model once per plan (`_plans`), each its own search; print each and the sum."""
    plans = _plans(model, kind)
    print(f"--split {kind}: {len(plans)} plans", flush=True)
    total = [0, 0.0, 0.0]
    best: int | None = None
    statuses: dict[str, int] = {}
    for name, lits in plans:
        model.m.clear_assumptions()
        model.m.add_assumptions(lits)
        t = time.process_time()
        status = solver.status_name(solver.solve(model.m))
        cpu = time.process_time() - t
        value = int(solver.value(objective)) if status in ("OPTIMAL", "FEASIBLE") else None
        if value is not None:
            best = value if best is None else max(best, value)
        statuses[status] = statuses.get(status, 0) + 1
        total[0] += solver.num_conflicts
        total[1] += solver.deterministic_time
        total[2] += cpu
        print(
            f"  {name}: {status} value {value} conflicts {solver.num_conflicts}"
            f" dtime {solver.deterministic_time:.2f} cpu {cpu:.2f}",
            flush=True,
        )
    model.m.clear_assumptions()
    shown = " ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
    print(
        f"SPLIT {kind}: {shown}; best {best}; conflicts {total[0]} dtime {total[1]:.2f} cpu {total[2]:.2f}", flush=True
    )


def _slice(text: str) -> tuple[int, int]:
    """`--slice k/K`'s two numbers, 0 <= k < K, or one line naming the option."""
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        _fail(f"--slice: {text!r} is not k/K (two whole numbers)")
    if not 0 <= k < n:
        _fail(f"--slice: {text!r} needs 0 <= k < K")
    return k, n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--turn", type=int, required=True)
    ap.add_argument("--edition", type=int, default=2016)
    ap.add_argument(
        "--seat",
        default=None,
        choices=("north", "south"),
        help="north or south (default: the turn's: even north, odd south)",
    )
    ap.add_argument("--placement", type=int, default=0)
    ap.add_argument("--objective", default="score")
    ap.add_argument("--floor", type=int)
    ap.add_argument("--cap", type=int)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--dtime", type=float, help="CP-SAT's max_deterministic_time")
    ap.add_argument("--slice", help="k/K: keep only the classes c with c %% K == k")
    ap.add_argument("--classes-first", action="store_true", help="branch on the classes first, in order")
    ap.add_argument("--parts", action="store_true", help="print the parts of the score of the solution found")
    ap.add_argument("--maximise", choices=PARTS, help="maximise one part of the score instead of the score")
    ap.add_argument("--split", choices=SPLITS, help="solve once per plan of a partition of the lines, not whole")
    a = ap.parse_args()
    k, n = _slice(a.slice) if a.slice else (0, 1)
    # The settings first: a bad --set is told before the position and its model are built.
    solver = cp_model.CpSolver()
    params(solver, None, 1, 0)
    for name, value in TWO_TURNS_TUNING.items():
        setattr(solver.parameters, name, value)
    for item in a.set:
        _setting(solver, item)
    if a.dtime is not None:
        solver.parameters.max_deterministic_time = a.dtime
    seat = a.seat or ("north" if a.turn % 2 == 0 else "south")
    found = positions(a.seed, a.edition, a.turn, [seat])
    if not found:
        _fail(f"--turn: seed {a.seed}'s game ({a.edition}) has no tile placement for {seat} at turn {a.turn}")
    pos = found[0]
    kids = endgame.Run(pos, a.objective, Deadline(None), 1, turns=2).children(pos)
    if not 0 <= a.placement < len(kids):
        _fail(f"--placement: {a.placement} is not one of the turn's {len(kids)} placements (0 to {len(kids) - 1})")
    action, kid = kids[a.placement]
    t0 = time.process_time()
    two = TwoTurns(kid, a.objective, Deadline(None))
    model = two.fresh()
    t1 = time.process_time()
    print(f"seed {a.seed} turn {a.turn} {seat}: {action}; {model.n} classes; build {t1 - t0:.2f} CPU s", flush=True)
    if a.floor is not None:
        model.m.add(model.primary >= a.floor)
    if a.cap is not None:
        model.m.add(model.primary <= a.cap)
    for c, var in enumerate(model.scen):
        if c % n != k:
            model.m.add(var == 0)
    parts = _parts(model)
    objective = model.primary
    if a.maximise:
        objective = parts[a.maximise]
        model.m.maximize(objective)
    if a.classes_first:
        model.m.add_decision_strategy(model.scen, cp_model.CHOOSE_FIRST, cp_model.SELECT_MAX_VALUE)
    if a.split:
        _split(model, solver, objective, a.split)
        return
    t2 = time.process_time()
    status = solver.status_name(solver.solve(model.m, _Log(objective, t2)))
    solved = status in ("OPTIMAL", "FEASIBLE")
    print(
        f"{status} value {int(solver.value(objective)) if solved else None} bound {solver.best_objective_bound:g}"
        f" conflicts {solver.num_conflicts} branches {solver.num_branches}"
        f" dtime {solver.deterministic_time:.2f} cpu {time.process_time() - t2:.2f} settings {a.set}",
        flush=True,
    )
    if a.parts and solved:
        shown = " ".join(f"{name} {int(solver.value(e))}" for name, e in parts.items())
        print(f"score {int(solver.value(model.score))}: {shown}", flush=True)


if __name__ == "__main__":
    main()
