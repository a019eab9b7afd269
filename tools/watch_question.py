"""One two-turn model's watch question, as the analyser asks it (reach_below's `Below`, a fresh
one, called on the placement's position), with where its CPU goes: every relaxed search it makes,
by kind (turn 1's board and several final boards, a group or a union: "together"; one final
board: "alone"), node cap and outcome ("below" the value, "reached" it, "past the cap"), counted
and timed (session 65). A fresh `Below` first searches runs of four groups as one (`CHUNK`, as
after a yes); the watch's questions after a no do not (`--no-unions`). `--cpu-limit`: the summary so far is printed when the CPU limit is hit.

    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python TREE/tools/watch_question.py \
        --seed 1 --turn 30 --seat north "tile -1,-5 r0 green@NE=57" --cpu-limit 400
"""

# ruff: noqa
# mypy: ignore-errors
import argparse
import resource
import signal
import sys
import time
from collections import defaultdict

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_two_turns_place import position_options, the_ask, the_group, the_position
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached

ap = argparse.ArgumentParser()
position_options(ap)
ap.add_argument("ask", help="PLACEMENT=VALUE")
ap.add_argument("--cpu-limit", type=int, default=None)
ap.add_argument(
    "--no-unions",
    action="store_true",
    help="as after a no (the watch's questions but the first): no runs of groups searched as one first",
)
args = ap.parse_args()
pos = the_position(ap, args)
name, ask = the_ask(ap, args.ask)
child = next(c for a, c in the_group(ap, pos, name) if str(a) == name)
below = reach_below.Below()
below.said_yes = not args.no_unions  # a fresh Below tries unions first (reach_below's `CHUNK`)
tally = defaultdict(lambda: [0, 0.0])
T0 = time.process_time()


def summary(answer: str) -> None:
    print(f"{name} at {ask}: {answer}, {time.process_time() - T0:.1f} CPU s")
    print("| kind | node cap | outcome | searches | CPU s |")
    print("|---|---:|---|---:|---:|")
    for (kind, nodes, out), (n, cpu) in sorted(tally.items()):
        print(f"| {kind} | {nodes} | {out} | {n} | {cpu:.1f} |")
    sys.stdout.flush()


base = below.relaxed


class Counted(base):
    def __init__(self, pos, boards, acts, nodes, *rest, **kw):
        self.kind = "together" if len(boards) > 2 else "alone"
        self.cap = nodes
        super().__init__(pos, boards, acts, nodes, *rest, **kw)

    def best(self):
        t = time.process_time()
        out = "below"
        try:
            got = super().best()
            if got >= ask:
                out = "reached"
            return got
        except Reached:
            out = "reached"
            raise
        except TooBig:
            out = "past the cap"
            raise
        finally:
            key = (self.kind, self.cap, out)
            tally[key][0] += 1
            tally[key][1] += time.process_time() - t


below.relaxed = Counted
if args.cpu_limit is not None:
    signal.signal(signal.SIGXCPU, lambda *_: (summary("stopped at the CPU limit"), sys.exit(3)))
    used = int(time.process_time()) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (used + args.cpu_limit, used + args.cpu_limit + 30))
    T0 = time.process_time()
got = below(child, ask)
summary("below (out of reach)" if got else "not below")
