"""A whole two-turn line replayed through the engine from each placement of a group (session 76).

For one turn of a seeded greedy game (as tools/bench_two_turns_place.py draws it), the line
`--line` (notation, `;`-separated: turn 1's actions, its `end`, the next placement and turn 2's
actions, as `best_two_turns` prints a line) is played through the engine from every placement of
the slot-and-rotation group holding `--group` (or from that placement alone with `--alone`), and
its score read (`seat_score`); with `--above V`, the two-turn relaxation is asked whether V is out
of reach of that placement (`reach_two.below`, sound). A line scoring V - 1 where V is below
proves the placement's two-turn optimum is V - 1 without a model. Where the engine refuses an
action, the tool names it (its place in the line and the actions offered there) and exits 1.
Unlike tools/engine_turn_two.py (turn 1 fixed, turn 2 searched over steps and excavations) the
line is played as given, Loads and sales in turn 2 included. E.g. seed 4's turn 24
(docs/benchmarks.md, session 76):

    PYTHONPATH=TREE .venv/bin/python tools/replay_two_turn_line.py --seed 4 --turn 24 --seat north \\
        --group "tile -1,-2 r180 gray@NE" --above 60 --line "load blue gray gray; ...; excavate H06 -1,4NW"
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_group, the_position
from engine_turn_two import replayed

from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach.reach_two import below
from akrotiri_puzzles.puzzle import State, moves
from akrotiri_puzzles.scoring import seat_score


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    position_options(ap)
    ap.add_argument("--group", required=True, help="a placement, in notation: its group's members")
    ap.add_argument("--alone", action="store_true", help="that placement only")
    ap.add_argument("--line", required=True, help="the two turns' actions from the placement, ';'-separated")
    ap.add_argument("--above", type=int, default=None, help="ask the relaxation whether this value is out of reach")
    args = ap.parse_args()
    group = the_group(ap, the_position(ap, args), args.group)
    any_refused = False
    for action, child in group:
        if args.alone and str(action) != args.group:
            continue
        puzzle = two_turn_puzzle(child)
        end, done, refused = replayed(puzzle, State(child), args.line)
        score = seat_score(end.pos, puzzle.hero).total
        if refused is None:
            out = f"{action}: market {child.market}, the line scores {score}"
        else:
            any_refused = True
            out = (
                f"{action}: market {child.market}, the line refused at action {done + 1} ({refused!r};"
                f" the engine offers {', '.join(str(a) for a in moves(puzzle, end)) or 'nothing'});"
                f" {score} after the {done} before it"
            )
        out += f" ({end.pos.hero.drachmas} drachmas, turn {end.turn})"
        if args.above is not None:
            t = time.process_time()
            out += f"; {args.above} below: {below(child, args.above)} ({time.process_time() - t:.1f} CPU s)"
        print(out, flush=True)
    sys.exit(1 if any_refused else 0)


if __name__ == "__main__":
    main()
