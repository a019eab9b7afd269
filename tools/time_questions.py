"""CPU seconds of a fixed sequence of the two-turn relaxation's questions on one `Below` (reach_below.py),
as the analyser asks them, to compare two trees question for question (session 72): with
`--every FROM TO ASK`, each group's `every` (its placements' cover, then their counts cover) for
the turn's groups FROM..TO-1 in order (the placement search's question before any model); with
`--cover PLACEMENT --asks V ...`, the cover of PLACEMENT's group asked at each value in turn (a
model's watch). Prints the answers (1: below) and the CPU s of each question.

    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python TREE/tools/time_questions.py \
        --seed 1 --turn 30 --seat north --every 60 72 57
    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python TREE/tools/time_questions.py \
        --seed 1 --turn 30 --seat north --cover "tile 2,-1 r0 green@NE" --asks 57 58 59 57 58 59
"""

# ruff: noqa
# mypy: ignore-errors
import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_two_turns_place import position_options, the_group, the_position, turn_groups
from akrotiri_puzzles.analysis import reach_below
from akrotiri_puzzles.analysis.placement import cover

ap = argparse.ArgumentParser()
position_options(ap)
ap.add_argument("--every", type=int, nargs=3, metavar=("FROM", "TO", "ASK"))
ap.add_argument("--cover", help="a placement's notation: its group's cover is asked")
ap.add_argument("--asks", type=int, nargs="+", default=[57])
args = ap.parse_args()
if (args.every is None) == (args.cover is None):
    ap.error("give one of --every and --cover")
pos = the_position(ap, args)
below = reach_below.Below()
questions = []
if args.every is not None:
    lo, hi, ask = args.every
    groups = turn_groups(pos)
    if not 0 <= lo < hi <= len(groups):
        ap.error(f"--every {lo} {hi}: the turn has {len(groups)} groups (FROM < TO, from 0 to {len(groups)})")
    for i in range(lo, hi):
        members = [c for _, c in groups[i]]
        questions.append(lambda members=members: below.every(members, ask))
else:
    top = cover([c for _, c in the_group(ap, pos, args.cover)], 2)
    for ask in args.asks:
        questions.append(lambda ask=ask: below(top, ask))
answers, cpu = [], []
for q in questions:
    t0 = time.process_time()
    answers.append(q())
    cpu.append(time.process_time() - t0)
print(
    "answers",
    "".join("1" if a else "0" for a in answers),
    "CPU s",
    f"{sum(cpu):.2f}",
    " ".join(f"{c:.2f}" for c in cpu),
)
