"""The two-turn relaxation's questions with reach_split.py's `SPLIT_SALE` on or off (session 81, h81split).

Asks, for seeded positions (bench_two_turns_place.py's options), whether a value is out of reach of
the cover of each named placement's group (`--cover`) and of each member of the named groups
(`--members`), with the sale at Thera split by its turn (`--split on`) or not (`--split off`, the
package's default): docs/benchmarks.md, session 81, h81split. The flag is set before any search is
made (it is read when a search is built); the package is not patched otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_group, the_position

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_below, reach_split
from akrotiri_puzzles.analysis.reach.reach_two import below


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    position_options(ap)
    ap.add_argument("--split", choices=("on", "off"), required=True)
    ap.add_argument("--ask", type=int, required=True)
    ap.add_argument("--cover", nargs="*", default=[], help="placements: each one's group's cover is asked")
    ap.add_argument("--members", nargs="*", default=[], help="placements: every member of each one's group")
    args = ap.parse_args()
    reach_split.SPLIT_SALE = args.split == "on"
    pos = the_position(ap, args)
    asks = reach_below.Below()
    for name in args.cover:
        t = time.process_time()
        got = asks(cover([c for _, c in the_group(ap, pos, name)], 2), args.ask)
        print(f"{args.split}: cover of {name}'s group, {args.ask} below: {got} ({time.process_time() - t:.1f} CPU s)")
    for name in args.members:
        for action, child in the_group(ap, pos, name):
            t = time.process_time()
            got = below(child, args.ask)
            print(f"{args.split}: {action}, {args.ask} below: {got} ({time.process_time() - t:.1f} CPU s)", flush=True)


if __name__ == "__main__":
    main()
