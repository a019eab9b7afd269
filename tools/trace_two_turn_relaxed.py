"""The relaxed line that makes the two-turn relaxation (analysis/reach/reach_two.py) say "not below":
for one cover or placement of a seeded greedy game's turn and a value asked, the first relaxed
line whose leaf reaches the value, read off the search's stack at that leaf (each `search` state
from the start, and the move taken from it: the loop's island, actions spent, card, load).

Not replayed through the engine: it shows which rule the relaxed line breaks where CP-SAT proves
the value out of reach (a loose cover, tools/profile_two_turns_place.py).

    PYTHONPATH=TREE .venv/bin/python tools/trace_two_turn_relaxed.py --seed 4 --turn 12 --seat north \
        --group "tile -1,4 r0 blue@NW" --ask 21
"""

from __future__ import annotations

import argparse
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_group, the_position

from akrotiri_puzzles.analysis.placement import cover
from akrotiri_puzzles.analysis.reach import reach_first_stops, reach_two, reach_two_goals

FIELDS = (
    "at",
    "acts",
    "drachmas",
    "cargo",
    "sold",
    "hand",
    "dug",
    "bought",
    "taken",
    "stash",
    "mask",
    "gained",
    "income",
)
MOVES = ("island", "m", "c", "extra", "lying", "after", "now", "again", "k", "cost", "new_hand", "j")


def spot_name(r: reach_two.TwoRelaxed, s: object) -> str:
    if isinstance(s, str):
        return f"dock {s}"
    if s == r.thera:
        return "Thera"
    if isinstance(s, int) and s < 0:  # a marked stop (analysis/reach/reach_first_stops.py)
        return f"{spot_name(r, ~s)}, on B1's docks"
    isl = r.b1_island.get(s)  # type: ignore[call-overload]
    if isl is not None:
        return f"B1 island {isl} (spot {s})"
    return f"next tile's islands (spot {s}: {r.members[s][:3]}...)"  # type: ignore[index]


def trace_stack(frame: object) -> list[str]:
    out: list[str] = []
    frames = []
    f = frame
    while f is not None:
        if f.f_code.co_name == "search" and isinstance(f.f_locals.get("self"), reach_two.TwoRelaxed):  # type: ignore[attr-defined]
            frames.append(f)
        f = f.f_back  # type: ignore[attr-defined]
    frames.reverse()
    if not frames:
        return out
    r = frames[0].f_locals["self"]
    out.append(
        f"boards {len(r.boards)} start_acts {r.start_acts} actions_left {r.pos.actions_left} bonus {r.bonus} "
        f"first_digs {sorted(r.first_digs)} oracle {r.oracle}"
    )
    for f in frames:
        loc = f.f_locals
        state = {k: loc.get(k) for k in FIELDS}
        move = {k: loc[k] for k in MOVES if k in loc}
        out.append(f"  at {spot_name(r, state['at'])}: " + ", ".join(f"{k}={v}" for k, v in state.items() if k != "at"))
        if "island" in move:
            move["to"] = spot_name(r, move.pop("island"))
        out.append("     -> " + ", ".join(f"{k}={v}" for k, v in move.items()))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    position_options(ap)
    ap.add_argument("--group", required=True, help="a placement: its group's cover (or --alone: itself)")
    ap.add_argument("--members", nargs="*", help="the cover of these placements only")
    ap.add_argument("--alone", action="store_true")
    ap.add_argument("--one-turn", action="store_true", help="the one-turn cover (a thin group's `Below.every`)")
    ap.add_argument("--ask", type=int, required=True)
    ap.add_argument("--first-stops", action="store_true", help="reach_first_stops.FIRST_STOPS on")
    ap.add_argument("--no-first-stops", action="store_true", help="reach_first_stops.FIRST_STOPS off")
    args = ap.parse_args()
    if args.first_stops or args.no_first_stops:
        reach_first_stops.FIRST_STOPS = args.first_stops
    pos = the_position(ap, args)
    group = the_group(ap, pos, args.group)
    if args.alone:
        top = next(c for a, c in group if str(a) == args.group)
    else:
        chosen = [c for a, c in group if not args.members or str(a) in args.members]
        top = cover(chosen, 1 if args.one_turn else 2)
    assert top is not None
    leaf = reach_two_goals.TwoGoals.leaf

    def traced(self, drachmas, dug, mask=1):  # type: ignore[no-untyped-def]
        try:
            return leaf(self, drachmas, dug, mask)
        except reach_two_goals.Reached:
            print(f"leaf reaches {args.ask}: drachmas {drachmas} dug {sorted(dug)} mask {mask:b}")
            print("\n".join(trace_stack(sys._getframe(1))))
            raise

    reach_two_goals.TwoGoals.leaf = traced  # type: ignore[method-assign]
    print("below:", reach_two.below(top, args.ask))


if __name__ == "__main__":
    main()
