"""The analyser's relaxation questions (analysis/reach/reach_below.py's `Below`, one for all) on groups'
two-turn covers, one after another: "PLACEMENT=VALUE" each (`--members`: then each member too);
the answers and CPU s of each, and the total (session 62). Where no two-turn cover is claimed
(`placement.cover` gives None) the group is asked as the analyser asks it, `Below.every`.

    PYTHONPATH=TREE .venv/bin/python TREE/tools/ask_covers.py --seed 5 --turn 10 --seat north \
        "tile -1,-3 r270 blue@SE=29" "tile -1,-3 r90 blue@NW=29"
"""

# ruff: noqa
# mypy: ignore-errors
import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_two_turns_place import position_options, the_ask, the_group, the_position
from akrotiri_puzzles.analysis.reach import reach_below
from akrotiri_puzzles.analysis.placement import cover

ap = argparse.ArgumentParser()
position_options(ap)
ap.add_argument("asks", nargs="+")
ap.add_argument("--again", type=int, default=None)
ap.add_argument("--members", action="store_true")
args = ap.parse_args()
pos = the_position(ap, args)
b = reach_below.Below(again=args.again)
T0 = time.process_time()
for a in args.asks:
    name, ask = the_ask(ap, a)
    g = the_group(ap, pos, name)
    members = [c for _, c in g]
    top = cover(members, 2)
    t = time.process_time()
    if top is None:
        # No two-turn cover is claimed (placement.cover): the analyser asks `every` instead.
        r = b.every(members, ask)
        said = "every member below" if r else "NOT every member below (no cover claimed)"
    else:
        r = b(top, ask)
        said = "cover below" if r else "cover NOT below"
    print(name, ask, said, f"{time.process_time() - t:.2f}", flush=True)
    if args.members:
        for x, c in g:
            t = time.process_time()
            r = b(c, ask)
            print("  ", x, "below" if r else "NOT below", f"{time.process_time() - t:.2f}", flush=True)
print("total", round(time.process_time() - T0, 2))
