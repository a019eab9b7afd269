"""Where a thin group's questions (`reach_below.Below.every`) spend their CPU: each relaxed search
(reach_two's `TwoRelaxed.best`) tallied by its class, whether it searches one final board alone
or several together, and its outcome (below the value asked, a value at or above it, `Reached`,
`TooBig`), with its CPU s and states; and the constructions (`__init__`) apart. One fresh `Below`
for the groups named (indexes in the turn's placement groups), as the placement search asks them
in order (session 65).

    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python tools/thin_search_kinds.py \
        --seed 2 --turn 17 --seat south --ask 25 --groups 1 2 5
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import group_options, the_groups

from akrotiri_puzzles.analysis.reach import reach_below, reach_two
from akrotiri_puzzles.analysis.reach.reach_bound import TooBig
from akrotiri_puzzles.analysis.reach.reach_two_goals import Reached


def main() -> None:
    ap = argparse.ArgumentParser()
    group_options(ap)
    args = ap.parse_args()
    found = the_groups(ap, args)
    stats: dict[tuple[str, ...], list[float]] = defaultdict(lambda: [0, 0.0, 0])
    best, init = reach_two.TwoRelaxed.best, reach_two.TwoRelaxed.__init__

    def timed_init(self: Any, *a: Any, **k: Any) -> None:
        t = time.process_time()
        init(self, *a, **k)
        s = stats[("construction", type(self).__name__, "", "")]
        s[0] += 1
        s[1] += time.process_time() - t

    def timed_best(self: Any) -> int:
        t, out = time.process_time(), "below"
        try:
            value = best(self)
            out = "below" if value < self.ask else "at or above"
            return value
        except Reached:
            out = "Reached"
            raise
        except TooBig:
            out = "TooBig"
            raise
        finally:
            n = len(self.boards) - 1
            s = stats[("search", type(self).__name__, "alone" if n == 1 else f"{n} boards", out)]
            s[0] += 1
            s[1] += time.process_time() - t
            s[2] += self.start_nodes - self.nodes  # the last tier's states (`blind_first`)

    reach_two.TwoRelaxed.best = timed_best  # type: ignore[method-assign]
    reach_two.TwoRelaxed.__init__ = timed_init  # type: ignore[method-assign]
    below = reach_below.Below()
    t0 = time.process_time()
    for g in args.groups:
        t = time.process_time()
        yes = below.every([c for _, c in found[g]], args.ask)
        print(
            f"group {g} ({len(found[g])} placements): {'below' if yes else 'not below'}, {time.process_time() - t:.2f} CPU s"
        )
    print(f"total {time.process_time() - t0:.2f} CPU s")
    print("| what | class | boards | outcome | count | CPU s | states |\n|---|---|---|---|---:|---:|---:|")
    for key, (n, cpu, states) in sorted(stats.items(), key=lambda kv: -kv[1][1]):
        print(f"| {' | '.join(key)} | {int(n)} | {cpu:.2f} | {int(states)} |")


if __name__ == "__main__":
    main()
