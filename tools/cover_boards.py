"""A cover's (or a placement's, `--alone`) relaxed searches group by group (analysis/reach/reach_two.py):
for each group of final boards (the next tile's slot, the oracle), its search together and each
board alone, with the outcome (value, `Reached`, `TooBig`), the states and the CPU s. Tells a
question's "not below" from the node cap apart from one a relaxed line reaches (session 62).

    PYTHONPATH=. .venv/bin/python tools/cover_boards.py --seed 5 --turn 10 --seat north \
        --group "tile -1,-3 r180 blue@NE" --ask 29
"""

# ruff: noqa
# mypy: ignore-errors
import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_two_turns_place import position_options, the_group, the_position
from akrotiri_puzzles.analysis.reach import reach_two
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.analysis.placement import cover

ap = argparse.ArgumentParser()
position_options(ap)
ap.add_argument("--group", required=True)
ap.add_argument("--alone", action="store_true")
ap.add_argument("--ask", type=int, required=True)
ap.add_argument("--nodes", type=int, default=reach_two.NODES)
ap.add_argument("--only-alone", action="store_true")
args = ap.parse_args()
pos = the_position(ap, args)
group = the_group(ap, pos, args.group)
top = next(c for a, c in group if str(a) == args.group) if args.alone else cover([c for _, c in group], 2)
slots, finals, acts = reach_two.slot_groups(top)
shared = Boards(top)


def run(boards, oracle):
    t = time.process_time()
    r = reach_two.TwoRelaxed(top, [top.board, *boards], acts, args.nodes, shared, args.ask, oracle)
    try:
        v = r.best()
        out = f"value {v}"
    except Reached:
        out = "Reached"
    except TooBig:
        out = "TooBig"
    return out, r.start_nodes - r.nodes, time.process_time() - t


tot = 0.0
for s, fin in zip(slots, finals):
    line = f"{s} n={len(fin)}"
    if not args.only_alone:
        o, n, c = run(fin, s[1])
        tot += c
        line += f" together {o} {n} {c:.2f}s |"
    for b in fin:
        o, n, c = run([b], s[1])
        tot += c
        line += f" {o[:8]} {n} {c:.2f}s;"
    print(line, flush=True)
print("total", round(tot, 1))
