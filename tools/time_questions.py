"""CPU seconds of a fixed sequence of the two-turn relaxation's questions on one `Below` (reach_below.py),
as the analyser asks them, to compare two trees question for question (session 72): with
`--every FROM TO ASK`, each group's `every` (its placements' cover, then their counts cover) for
the turn's groups FROM..TO-1 in order (the placement search's question before any model); with
`--cover PLACEMENT --asks V ...`, the cover of PLACEMENT's group asked at each value in turn (a
model's watch; with `--alone`, PLACEMENT itself, as a turn's first model's watch asks it). Prints
the answers (1: below) and the CPU s of each question.

With `--searches LOG`, each relaxed search the questions make is logged as one JSON line (session
80): the question (its index), the stage that asked it (`cover`: `Below.__call__` on the position
asked, for `every` its one-turn cover; `blind`: the counts cover colour-blind; `by_member`), the
groups of final boards searched (reach_two's `slot_groups`: each group's slot and oracle, and the
board's index where one board is searched alone), the search's class, its answer (the value, or
`toobig`, `reached`), the states it visited (its last tier's: reach_money's `blind_first`), its cap and its CPU s; then a table per question
and kind (plain or oracle boards; one group, a union of groups, one board alone, a search again
with `ALONE_AGAIN` times the states): searches, states and CPU s. Wrapped here (no hook in the
package), so the searches and answers are the package's own.

    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python TREE/tools/time_questions.py \
        --seed 1 --turn 30 --seat north --every 60 72 57
    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python TREE/tools/time_questions.py \
        --seed 1 --turn 30 --seat north --cover "tile 2,-1 r0 green@NE" --asks 57 58 59 57 58 59
    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python TREE/tools/time_questions.py \
        --seed 5 --turn 12 --seat north --every 5 9 34 --searches /tmp/s5t12_34.jsonl
"""

# ruff: noqa
# mypy: ignore-errors
import argparse
import importlib
import json
import sys
import time
from collections import defaultdict

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_two_turns_place import position_options, set_split, split_options, the_group, the_position, turn_groups
from akrotiri_puzzles.analysis.reach import reach_below, reach_two
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached
from akrotiri_puzzles.analysis.placement import cover

ap = argparse.ArgumentParser()
position_options(ap)
ap.add_argument("--every", type=int, nargs=3, metavar=("FROM", "TO", "ASK"))
ap.add_argument("--cover", help="a placement's notation: its group's cover is asked")
ap.add_argument(
    "--alone", action="store_true", help="with --cover: the placement itself is asked, not its group's cover"
)
ap.add_argument("--asks", type=int, nargs="+", default=[57])
ap.add_argument(
    "--went",
    type=int,
    nargs=2,
    metavar=("NOT", "BELOW"),
    help="start the Below with this many unions searched not below and below (as a turn's earlier questions leave it; "
    "where the tree keeps the recent ones, the NOT first)",
)
ap.add_argument(
    "--blind-unions",
    choices=("on", "off"),
    help="set reach_thin.py's BLIND_UNIONS (session 87; by default the tree's own; a tree without it: only off)",
)
ap.add_argument(
    "--blind-misses",
    type=int,
    metavar="N",
    help="set reach_thin.py's BLIND_MISSES (session 88; by default the tree's own; a tree without it: only 1)",
)
ap.add_argument(
    "--union-kinds",
    choices=("none", "tally", "question"),
    help="set reach_thin.py's UNION_KINDS (session 88; by default the tree's own; a tree without it: only none)",
)
ap.add_argument(
    "--run-split",
    choices=("none", "blind", "every", "both"),
    help="set reach_thin.py's RUN_SPLIT (session 89: which runs past the node cap are split in halves; by default the "
    "tree's own; a tree without it: only none)",
)
ap.add_argument(
    "--run-nodes",
    type=int,
    metavar="N",
    help="set reach_thin.py's RUN_NODES (session 89: a run's node cap, times a group's; by default the tree's own; "
    "a tree without it: only 1)",
)
ap.add_argument(
    "--reached-first",
    choices=("on", "off"),
    help="set reach_thin.py's REACHED_FIRST (session 89: a run that reaches the value has the groups its leaf may end "
    "on searched first; by default the tree's own; a tree without it: only off)",
)
ap.add_argument(
    "--parts",
    action="store_true",
    help="with --every: where a group's every is not below, ask each market part's two-turn cover (two or more "
    "members) and then each member left, as placement.py's parts_below and its members' questions do (session 88); "
    "a member not below would go to its model (not run here)",
)
ap.add_argument(
    "--paid",
    choices=("on", "off"),
    help="set reach_ceiling_paid.py's PAID (session 93: the ceiling with the cards paid before any sale; by default "
    "the tree's own; a tree without it: only off)",
)
ap.add_argument(
    "--whole-runs",
    choices=("on", "off"),
    help="set reach_whole.py's WHOLE_RUNS (session 93: a kind's groups searched as one first; by default the tree's "
    "own; a tree without it: only off)",
)
ap.add_argument("--searches", metavar="LOG", help="log each relaxed search (JSON lines) and print a table by kind")
split_options(ap)
args = ap.parse_args()
set_split(ap, args)
if (args.every is None) == (args.cover is None):
    ap.error("give one of --every and --cover")
if args.parts and args.every is None:
    ap.error("--parts goes with --every")
if args.blind_misses is not None and args.blind_misses < 1:
    ap.error(f"--blind-misses {args.blind_misses}: a count of runs not below, 1 or more")
if args.alone and args.cover is None:
    ap.error("--alone goes with --cover (the placement asked)")


def set_flag(module: str, name: str, value: object, absent: bool, option: str) -> None:
    """Set reach's `module.name` to `value` where this tree has it; where it has not, an error
    for `option` unless `absent` (the value is what a tree without the flag does)."""
    try:
        mod = importlib.import_module(f"akrotiri_puzzles.analysis.reach.{module}")
    except ImportError:
        mod = None
    if mod is not None and hasattr(mod, name):
        setattr(mod, name, value)
    elif not absent:
        ap.error(f"{option}: this tree has no {module}.{name}")


if args.run_nodes is not None and args.run_nodes < 1:
    ap.error(f"--run-nodes {args.run_nodes}: a factor of the node cap, 1 or more")
if args.blind_unions is not None:
    on = args.blind_unions == "on"
    set_flag("reach_thin", "BLIND_UNIONS", on, not on, f"--blind-unions {args.blind_unions}")
if args.union_kinds is not None:
    kinds = None if args.union_kinds == "none" else args.union_kinds
    set_flag("reach_thin", "UNION_KINDS", kinds, kinds is None, f"--union-kinds {args.union_kinds}")
if args.blind_misses is not None:
    misses = args.blind_misses
    set_flag("reach_thin", "BLIND_MISSES", misses, misses == 1, f"--blind-misses {misses}")
if args.run_split is not None:
    split = None if args.run_split == "none" else args.run_split
    set_flag("reach_thin", "RUN_SPLIT", split, split is None, f"--run-split {args.run_split}")
if args.run_nodes is not None:
    set_flag("reach_thin", "RUN_NODES", args.run_nodes, args.run_nodes == 1, f"--run-nodes {args.run_nodes}")
for option, module, name in (
    ("reached_first", "reach_thin", "REACHED_FIRST"),
    ("paid", "reach_ceiling_paid", "PAID"),
    ("whole_runs", "reach_whole", "WHOLE_RUNS"),
):
    said = getattr(args, option)
    if said is not None:
        set_flag(module, name, said == "on", said == "off", f"--{option.replace('_', '-')} {said}")
pos = the_position(ap, args)
below = reach_below.Below()
if args.went is not None:
    below.union_went = list(args.went)
    if hasattr(below, "union_recent"):  # session 86: `unions_pay` reads the recent unions
        below.union_recent = [False] * args.went[0] + [True] * args.went[1]
    if hasattr(below, "kind_recent"):  # session 88: each kind's own tally (`UNION_KINDS`), both seeded alike
        below.kind_recent = {kind: [False] * args.went[0] + [True] * args.went[1] for kind in (False, True)}
questions = []
parts_log = []


def every_parts(group, members, ask):
    """`every`, then where not below the placement search's next questions of a thin group at
    `ask` (placement.py's `parts_below`, then each member left in turn): the answer is whether
    every member is below; the parts' and members' answers and CPU s go to `parts_log`."""
    if below.every(members, ask):
        return True
    parts = {}
    for child in members:
        parts.setdefault(child.market, []).append(child)
    out = set()
    for part in parts.values():
        top = cover(part, 2) if len(part) > 1 else None
        if top is None:
            continue
        t0 = time.process_time()
        with staged("part"):
            got = below(top, ask)
        parts_log.append((group, "part", len(part), got, time.process_time() - t0))
        if got:
            out.update(id(c) for c in part)
    every_member = True
    for child in members:
        if id(child) in out:
            continue
        t0 = time.process_time()
        with staged("member"):
            got = below(child, ask)
        parts_log.append((group, "member", 1, got, time.process_time() - t0))
        every_member = every_member and got
    return every_member


class staged:
    """The `--searches` log's stage while the parts and members are asked."""

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        if searches is not None:
            self.was, searches.stage = searches.stage, self.name

    def __exit__(self, *exc):
        if searches is not None:
            searches.stage = self.was


if args.every is not None:
    lo, hi, ask = args.every
    groups = turn_groups(pos)
    if not 0 <= lo < hi <= len(groups):
        ap.error(f"--every {lo} {hi}: the turn has {len(groups)} groups (FROM < TO, from 0 to {len(groups)})")
    for i in range(lo, hi):
        members = [c for _, c in groups[i]]
        if args.parts:
            questions.append(lambda i=i, members=members: every_parts(i, members, ask))
        else:
            questions.append(lambda members=members: below.every(members, ask))
else:
    group = the_group(ap, pos, args.cover)
    top = next(c for a, c in group if str(a) == args.cover) if args.alone else cover([c for _, c in group], 2)
    for ask in args.asks:
        questions.append(lambda ask=ask: below(top, ask))


class Searches:
    """The `--searches` log: each relaxed search's stage, groups, answer, states and CPU s."""

    def __init__(self, path):
        self.out = open(path, "w")
        self.stage = "cover"
        self.question = 0
        self.rows = []

    def staged(self, name, f):
        def run(below, *a, **k):
            was, self.stage = self.stage, name
            try:
                return f(below, *a, **k)
            finally:
                self.stage = was

        return run

    def parts(self, boards):
        """The groups (slot, oracle) whose boards `boards` are, and the board's index in its
        group where it is one board of a group of several."""
        slots, finals, _ = below.kept[1]
        where = {id(b): (str(s), k) for s, group in zip(slots, finals) for k, b in enumerate(group)}
        got = sorted({where[id(b)][0] for b in boards})
        alone = len(boards) == 1 and len(finals[[str(s) for s in slots].index(got[0])]) > 1
        return got, where[id(boards[0])][1] if alone else None

    def wrap(self, best):
        log = self

        def logged(r):
            t0 = time.process_time()
            answer = None
            try:
                answer = best(r)
                return answer
            except Reached:
                answer = "reached"
                raise
            except TooBig:
                answer = "toobig"
                raise
            finally:
                groups, board = log.parts(r.boards[1:])
                row = {
                    "question": log.question,
                    "stage": log.stage,
                    "groups": groups,
                    "board": board,
                    "oracle": bool(r.oracle),
                    "class": type(r).__name__,
                    "answer": answer,
                    "states": r.start_nodes - r.nodes,
                    "cap": r.start_nodes,
                    "cpu": round(time.process_time() - t0, 3),
                }
                log.rows.append(row)
                log.out.write(json.dumps(row) + "\n")

        return logged

    def kind(self, row):
        what = "alone" if row["board"] is not None else "union" if len(row["groups"]) > 1 else "group"
        if row["cap"] > below.nodes:
            what += " again"
        return (row["question"], row["stage"], "oracle" if row["oracle"] else "plain", what, row["answer"] == "toobig")

    def table(self):
        by = defaultdict(lambda: [0, 0, 0.0])
        for row in self.rows:
            got = by[self.kind(row)]
            got[0] += 1
            got[1] += row["states"]
            got[2] += row["cpu"]
        print("question stage boards search past-cap | searches states CPU s")
        for (q, stage, boards, what, big), (n, states, c) in sorted(by.items()):
            print(q, stage, boards, what, "yes" if big else "no", "|", n, states, f"{c:.2f}")


searches = None
if args.searches:
    try:
        searches = Searches(args.searches)
    except OSError as e:
        ap.error(f"--searches {args.searches}: {e.strerror.lower()}")
    reach_below.Below.blind = searches.staged("blind", reach_below.Below.blind)
    reach_below.Below.by_member = searches.staged("by_member", reach_below.Below.by_member)
    reach_two.TwoRelaxed.best = searches.wrap(reach_two.TwoRelaxed.best)
answers, cpu = [], []
for q in questions:
    if searches is not None:
        searches.question = len(answers)
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
for group, what, n, got, c in parts_log:
    print("group", group, what, n, "below" if got else "not below", f"{c:.2f}")
if searches is not None:
    searches.out.close()
    searches.table()
