"""Each group of final boards of one placement searched alone by the two-turn relaxation at a value
asked (reach_two's `TwoRelaxed`, node cap `NODES`), with the game-end rules toggled: below, a
relaxed line reaching the value (REACHED) or past the cap (TOOBIG), its states and CPU s.

PYTHONPATH=TREE PYTHONHASHSEED=0 python tools/relaxed_groups_at.py --seed 1 --turn 30 --seat north \
    --placement "tile -1,-5 r0 green@NE" --ask 57 [--no-trips] [--no-last-buys] [--no-cubes]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_two_turns_place import placement_options, the_final_groups

from akrotiri_puzzles.analysis.reach import reach_buys, reach_ceiling, reach_two
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached


def main() -> None:
    p = argparse.ArgumentParser()
    placement_options(p)
    p.add_argument("--no-trips", action="store_true", help="reach_ceiling.TRIPS off")
    p.add_argument("--no-last-buys", action="store_true", help="last_buys off")
    p.add_argument("--no-cubes", action="store_true", help="reach_ceiling.CUBES off (session 68)")
    a = p.parse_args()
    if a.no_trips:
        reach_ceiling.TRIPS = False
    if a.no_cubes:
        reach_ceiling.CUBES = False
    if a.no_last_buys:
        reach_buys.Buys.last_buys = False
        reach_two.TwoRelaxed.last_buys = False
    top, keys, finals, acts = the_final_groups(p, a)
    shared = Boards(top)
    start = time.process_time()
    counts: dict[str, int] = {}
    for i, ((_, oracle), group) in enumerate(zip(keys, finals, strict=True)):
        r = reach_two.TwoRelaxed(top, [top.board, *group], acts, reach_two.NODES, shared, a.ask, oracle)
        t = time.process_time()
        try:
            res = "below" if r.best() < a.ask else "not below"
        except Reached:
            res = "REACHED"
        except TooBig:
            res = "TOOBIG"
        counts[res] = counts.get(res, 0) + 1
        print(i, len(group), res, reach_two.NODES - r.nodes, round(time.process_time() - t, 2), flush=True)
    print("groups", len(keys), counts, "CPU s", round(time.process_time() - start, 1))


if __name__ == "__main__":
    main()
