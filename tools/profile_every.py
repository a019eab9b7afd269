"""cProfile of a thin group's one-turn question (`reach_below.Below.every`) for some groups of a
seeded greedy game's turn, a fresh `Below` for them all (session 65): the CPU s per group printed,
the unions of `CHUNK` groups searched as one (`Below.union_below`) tallied below and not below
with their CPU s, the profile written to `--out` where given (read it with `pstats`). `--chunk N`
makes the `Below` with runs of N groups (1: no union) in every question, `every`'s too (its
`every_chunk`, session 67; by default reach_thin's `EVERY_CHUNK`), to compare in one window.

    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python tools/profile_every.py \
        --seed 3 --turn 14 --seat north --ask 30 --groups 5 6 7 --out /tmp/every.prof
    .venv/bin/python -c "import pstats; pstats.Stats('/tmp/every.prof').sort_stats('cumtime').print_stats(40)"
"""

from __future__ import annotations

import argparse
import cProfile
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import group_options, the_groups

from akrotiri_puzzles.analysis.reach import reach_below, reach_thin


def main() -> None:
    ap = argparse.ArgumentParser()
    group_options(ap)
    ap.add_argument("--out", help="the profile's file (none: not profiled)")
    ap.add_argument("--chunk", type=int, default=reach_thin.EVERY_CHUNK)
    args = ap.parse_args()
    found = the_groups(ap, args)
    tally: dict[bool, list[float]] = {True: [0, 0.0], False: [0, 0.0]}
    union = reach_below.Below.union_below

    def counted(self, *a, **k):  # type: ignore[no-untyped-def]
        t = time.process_time()
        got = union(self, *a, **k)
        tally[got][0] += 1
        tally[got][1] += time.process_time() - t
        return got

    reach_below.Below.union_below = counted  # type: ignore[method-assign]
    below = reach_below.Below(chunk=args.chunk, every_chunk=args.chunk)
    profile = cProfile.Profile()
    t0 = time.process_time()
    if args.out:
        profile.enable()
    for g in args.groups:
        t = time.process_time()
        yes = below.every([c for _, c in found[g]], args.ask)
        print(f"{g} {found[g][0][0]}: {'below' if yes else 'not below'} {time.process_time() - t:.2f}", flush=True)
    if args.out:
        profile.disable()
        profile.dump_stats(args.out)
    print(
        f"total {time.process_time() - t0:.2f}; chunk {args.chunk}; unions below {tally[True][0]} "
        f"({tally[True][1]:.2f} s), not below {tally[False][0]} ({tally[False][1]:.2f} s)"
    )


if __name__ == "__main__":
    main()
