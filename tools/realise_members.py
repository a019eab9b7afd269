"""The relaxed leaf realised through the engine (analysis/realise.py) on the members of a seeded
greedy game's turn: for each placement of the first `--groups` groups (one slot and rotation
each, as the two-turn placement search asks them), the relaxation's bound `b` on the member
(`reach_two.two_turn_bound`, no value asked), the relaxed line that reaches `b` (`relaxed_leaf`)
and the engine line `realise` finds from it (target `b`): how often the floor meets the bound,
with each step's CPU s. `--compare` also asks `reach_two.below(member, b)` (the analyser's
untraced search, before the traced one) to compare their CPU s.

    PYTHONPATH=TREE .venv/bin/python tools/realise_members.py --seed 4 --turn 5 --seat south --groups 3
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_group, the_position, turn_groups

from akrotiri_puzzles.analysis import realise
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_two


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    position_options(ap)
    ap.add_argument("--groups", type=int, default=3, help="the first N groups of the turn")
    ap.add_argument("--members", type=int, default=0, help="at most N members a group (0: all)")
    ap.add_argument("--placement", default=None, help="this placement only (notation)")
    ap.add_argument("--ask", type=int, default=None, help="ask this value instead of the bound")
    ap.add_argument("--nodes", type=int, default=realise.NODES, help="the realiser's engine plays")
    ap.add_argument("--compare", action="store_true", help="also time reach_two.below at the value")
    args = ap.parse_args()
    pos = the_position(ap, args)
    groups = turn_groups(pos)
    rows = [(a, c) for g in groups[: args.groups] for a, c in (g[: args.members] if args.members else g)]
    if args.placement:
        rows = [(a, c) for a, c in the_group(ap, pos, args.placement) if str(a) == args.placement]
    met = tried = 0
    cpu = {"bound": 0.0, "leaf": 0.0, "realise": 0.0, "below": 0.0}
    for action, child in rows:
        t0 = time.process_time()
        b = reach_two.two_turn_bound(child) if args.ask is None else args.ask
        t1 = time.process_time()
        if b is None:
            print(f"{action}: no bound", flush=True)
            continue
        below_s = ""
        if args.compare:
            tb = time.process_time()
            was = reach_two.below(child, b)
            cpu["below"] += time.process_time() - tb
            below_s = f" below {was} {time.process_time() - tb:.2f}s"
        t2 = time.process_time()
        leaf = realise.relaxed_leaf(child, b)
        t3 = time.process_time()
        got = None if leaf is None else realise.realise(two_turn_puzzle(child), leaf, args.nodes, target=b)
        t4 = time.process_time()
        cpu["bound"] += t1 - t0
        cpu["leaf"] += t3 - t2
        cpu["realise"] += t4 - t3
        if leaf is not None:
            tried += 1
            met += got is not None and got.value >= b
        value = None if got is None else got.value
        plays = None if got is None else got.plays
        print(
            f"{action}: bound {b} ({t1 - t0:.2f}s){below_s} leaf {'yes' if leaf else 'no'} ({t3 - t2:.2f}s) "
            f"realised {value} plays {plays} ({t4 - t3:.2f}s)",
            flush=True,
        )
        if got is not None and got.value < b:
            print(f"    {got.text}", flush=True)
    print(f"{met} of {tried} leaves realised at the bound; CPU s " + ", ".join(f"{k} {v:.1f}" for k, v in cpu.items()))


if __name__ == "__main__":
    main()
