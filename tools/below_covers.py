"""The two-turn relaxation's question (`reach_two.below`) on group covers of a seeded greedy game's
turn, with `reach_turns.TwoTurns.turn_two_temples` on and off (session 61): the answer and the CPU s.

    PYTHONPATH=TREE .venv/bin/python tools/below_covers.py --seed 4 --turn 12 --seat north \
        "tile -2,-1 r0 blue@NW=21" "tile -1,-2 r270 blue@NE=20"
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_ask, the_group, the_position

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_turns, reach_two


def main() -> None:
    ap = argparse.ArgumentParser()
    position_options(ap)
    ap.add_argument("asks", nargs="+", help="PLACEMENT=VALUE: the cover of that placement's group, asked VALUE")
    args = ap.parse_args()
    pos = the_position(ap, args)
    for arg in args.asks:
        name, ask = the_ask(ap, arg)
        group = the_group(ap, pos, name)
        top = cover([c for _, c in group], 2)
        assert top is not None
        out = []
        for on in (True, False):
            reach_turns.TwoTurns.turn_two_temples = on
            t = time.process_time()
            answer = reach_two.below(top, ask)
            out.append(f"{'on' if on else 'off'}: {answer} ({time.process_time() - t:.1f} s)")
        print(name, "at", ask, "|", " ".join(out), flush=True)


if __name__ == "__main__":
    main()
