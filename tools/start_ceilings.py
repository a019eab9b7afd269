"""The two-turn relaxation's ceiling at the start of each group's search (reach_ceiling.py's
`Ceiling`, the root state: the boat at its dock, no stop yet), with the cubes it may count sold
capped at a few values (a probe of how far a tighter count of the cubes sold would lower it), and
the cubes that lie on spots within a few movement points of Thera (over the union of the group's
boards, as `TwoRelaxed.moves` reads its legs). No search is run: the cost is the position and
the groups' setup (a few CPU s).

Why it matters (session 67, h67end): a question at the optimum plus one answers yes only after
every group is searched; where the ceiling at the start is already below the value asked, the
group's search ends at its first state. On seed 1's turn 30 (2016, north), first placement at 57
(the optimum 56), group 0's start ceiling is 58, counting 12 cubes sold (52 drachmas), 56 with
at most 7 counted, while only 6 cubes lie within 1 point of Thera on its boards.

PYTHONPATH=TREE PYTHONHASHSEED=0 python tools/start_ceilings.py --seed 1 --turn 30 --seat north \
    --placement "tile -1,-5 r0 green@NE" --ask 57 --groups 0 1 34 --caps 12 9 7
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_two_turns_place import placement_options, the_final_groups

from akrotiri_puzzles.analysis.reach import reach_two
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_ceiling import Ceiling


def main() -> None:
    p = argparse.ArgumentParser()
    placement_options(p)
    p.add_argument("--groups", type=int, nargs="*", default=None, help="group indexes (default: all)")
    p.add_argument("--caps", type=int, nargs="*", default=[], help="cubes sold counted at most (probes)")
    p.add_argument("--near", type=int, default=3, help="report cubes within this many points of Thera")
    a = p.parse_args()
    top, keys, finals, acts = the_final_groups(p, a)
    shared = Boards(top)
    wanted = range(len(keys)) if a.groups is None else a.groups
    for i in wanted:
        if not 0 <= i < len(keys):
            p.error(f"--groups: no group {i} (0 to {len(keys) - 1})")
        slot, oracle = keys[i]
        r = reach_two.TwoRelaxed(top, [top.board, *finals[i]], acts, reach_two.NODES, shared, a.ask, oracle)
        hand = tuple(c for c in top.hero.maps if c in r.useful)
        start = (max(0, r.start_acts - r.oracle), top.hero.drachmas, len(top.hero.cargo), 0, 0, hand)
        state = (*start, frozenset(), r.every, 0, 0, top.hero.boat)  # as the search's first call
        full = list(r.earned)
        row = [f"{Ceiling(r)(*state)}"]
        for cap in a.caps:
            r.earned = full[: cap + 1]
            row.append(f"<= {cap} cubes: {Ceiling(r)(*state)}")
        r.earned = full
        points = dict(r.moves(r.thera))
        near = {n: sum(c for s, c in r.cubes.items() if points.get(s, 10**9) <= n) for n in range(a.near + 1)}
        print(
            f"group {i} slot {slot} oracle {oracle} boards {len(finals[i])}: start ceiling "
            + ", ".join(row)
            + f"; cubes within n points of Thera {near}; actions {r.start_acts}",
            flush=True,
        )


if __name__ == "__main__":
    main()
