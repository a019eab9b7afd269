"""A turn's first model asked top-down: the two-turn relaxation's ceiling of one placement, then
the model floored there (session 101, h101top).

The position and placement are named as tools/watch_question.py names them. A fresh `Below`
(reach_below.py, as the analyser's watch asks it: `below(pos, v)` True proves no line reaches
`v`) is asked at `--low` (a value some line reaches or the relaxation does not prove, e.g. the
first pass's best plus one), then upwards (`--low + --step`, doubling the step) until a value is
proven below, then bisected: the ceiling `c` is the largest value it does not prove below (`c +
1` proven). Each question's answer and CPU s are printed. Then the placement's two-turn model
(board_solve's `TwoTurns`, `TWO_TURNS_TUNING`, one worker) is solved with the value at least
`c`, stopped at its first line (a line of `v >= c`, `c + 1` proven below: OPTIMAL `v`, which is
`c`), for `--det` of CP-SAT's deterministic time; INFEASIBLE at `c` proves the optimum below `c`,
and the model is asked at `c - 1`, and so on, `--tries` values at most. The line found is read
back and scored by the engine (its value printed). With `--high V` the upward search starts
from a value known below (asked too); with `--ceiling C` no question is asked (`c` given).

    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python TREE/tools/top_down.py \\
        --seed 4 --turn 19 --seat south --placement "tile -1,-2 r0 blue@SE" --low 30 --det 200
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_group, the_position

from akrotiri_puzzles.analysis.board_solve import TWO_TURNS_TUNING, TwoTurns, read_two_turns, two_turn_puzzle
from akrotiri_puzzles.analysis.engine_line import objective_value, replay_line
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.top_down import FirstLine
from akrotiri_puzzles.solver.deadline import Deadline
from akrotiri_puzzles.solver.run import STATUS, tuned


def ceiling(below: reach_below.Below, child, low: int, high: int | None, step: int) -> int:  # type: ignore[no-untyped-def]
    """The largest value `below` does not prove below (module doc), each question printed."""
    memo: dict[int, bool] = {}

    def ask(v: int) -> bool:
        if v not in memo:
            t = time.process_time()
            memo[v] = bool(below(child, v))
            print(f"below({v}) = {memo[v]}: {time.process_time() - t:.1f} CPU s", flush=True)
        return memo[v]

    if ask(low):
        sys.exit(f"--low {low} is proven below: ask lower")
    lo = low
    if high is None:
        v = low + step
        while not ask(v):
            lo, step = v, step * 2
            v = low + step
        hi = v
    else:
        if not ask(high):
            sys.exit(f"--high {high} is not proven below")
        hi = high
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ask(mid):
            hi = mid
        else:
            lo = mid
    return lo


def floored(child, floor: int, det: float) -> str:  # type: ignore[no-untyped-def]
    """The model at `floor`, stopped at its first line: its status, value and CPU s."""
    t = time.process_time()
    model = TwoTurns(child, "score", Deadline(None)).fresh()
    model.m.add(model.primary >= floor)
    built = time.process_time() - t
    solver = tuned(Deadline(None), 1, TWO_TURNS_TUNING, det)
    t = time.process_time()
    status = STATUS[solver.solve(model.m, FirstLine())]
    cpu = time.process_time() - t
    out = f"floor {floor}: {status}, {cpu:.1f} CPU s (build {built:.1f}), det {solver.deterministic_time:.1f}"
    if status in ("OPTIMAL", "FEASIBLE"):
        puzzle = two_turn_puzzle(child)
        line = read_two_turns(model, solver, puzzle)
        out += f", model value {int(solver.value(model.primary))}, engine {objective_value(replay_line(puzzle, line), 'score')}"
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    position_options(ap)
    ap.add_argument("--placement", required=True, help="the placement's notation, as the analysis prints it")
    ap.add_argument("--low", type=int, help="a value the relaxation does not prove below (asked first)")
    ap.add_argument("--high", type=int, default=None, help="a value proven below (else searched upwards)")
    ap.add_argument("--step", type=int, default=2, help="the first step upwards from --low")
    ap.add_argument("--ceiling", type=int, default=None, help="the ceiling, known: no question asked")
    ap.add_argument("--det", type=float, default=200.0, help="CP-SAT's deterministic time of each floored solve")
    ap.add_argument("--tries", type=int, default=3, help="floors asked at most (c, c - 1, ...)")
    args = ap.parse_args()
    group = the_group(ap, the_position(ap, args), args.placement)
    child = next(c for a, c in group if str(a) == args.placement)
    t = time.process_time()
    if args.ceiling is None:
        if args.low is None:
            ap.error("--low or --ceiling")
        c = ceiling(reach_below.Below(), child, args.low, args.high, args.step)
        print(f"ceiling {c}: {time.process_time() - t:.1f} CPU s of questions", flush=True)
    else:
        c = args.ceiling
    for floor in range(c, c - args.tries, -1):
        got = floored(child, floor, args.det)
        print(got, flush=True)
        if "INFEASIBLE" not in got:
            break
    print(f"total {time.process_time() - t:.1f} CPU s")


if __name__ == "__main__":
    main()
