"""Whether any engine line of one placement's two turns reaches a value: an exhaustive search of
the engine's lines, pruned only by the sound bounds (session 90, h90member).

For one turn of a seeded greedy game (as tools/bench_two_turns_place.py draws it) and one of its
placements (`--placement`, notation), every line of the hero's two turns from that placement is
played through the engine (`puzzle.moves`/`play` on `board_solve.two_turn_puzzle`: turn 1's
actions, its end, the oracle, turn 2's placement, goal keeps, turn 2's actions), depth first,
each (turn, position) once. A position is not expanded where a sound bound proves `--ask` out of
reach from it:

- in turn 1's action phase, the two-turn relaxation (`reach_two.below`, reach/reach_two.py: a
  sound bound from any turn-1 action-phase position, its points left of a Move action read);
- in turn 2's action phase, the one-turn relaxation (`reach_bound.score_bound`: the most the
  hero's score can be at the end of this action phase, the horizon's last).

Every position of turn 2's action phase is scored (`seat_score`, R-SCORE-1; the score at the end
of turn 2 is that of its last action-phase position, the end of turn scoring nothing): one at
`--ask` or more is a line reaching it (printed, and replayed by `puzzle.replay` to check it),
and the search stops there. A search that ends without one proves no line reaches `--ask`: each
line is a path of the engine's states, and the only states not expanded are those a sound bound
answers for, or positions already expanded. A bound that gives up (`TooBig`, no bound) prunes
nothing. Deterministic (the engine's move order, no clock decides anything); the CPU s are only
reported. Costly: each turn-1 question is a two-turn relaxed search (about 2-5 CPU s).

    PYTHONPATH=TREE .venv/bin/python tools/settle_member.py --seed 4 --turn 15 --seat south \\
        --placement "tile -3,2 r270 blue@SE" --ask 33
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, the_group, the_position

from akrotiri_puzzles.actions import Action
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach import reach_two
from akrotiri_puzzles.analysis.reach.reach_bound import score_bound
from akrotiri_puzzles.notation import format_line
from akrotiri_puzzles.puzzle import Puzzle, State, moves, play, replay
from akrotiri_puzzles.scoring import seat_score


class Settle:
    """The search (module doc): its counts and the line found."""

    def __init__(self, puzzle: Puzzle, ask: int, every: float) -> None:
        self.puzzle = puzzle
        self.ask = ask
        self.every = every
        self.seen: set[tuple[int, object]] = set()
        self.counts = {"turn1": 0, "turn1_below": 0, "turn2": 0, "turn2_below": 0, "no_bound": 0, "plays": 0}
        self.cpu = {"turn1": 0.0, "turn2": 0.0}
        self.best = -1
        self.found: tuple[int, tuple[Action, ...]] | None = None
        self.t0 = self.last = time.process_time()

    def pruned(self, state: State) -> bool:
        """Whether a sound bound proves `ask` out of reach from `state` (module doc)."""
        pos = state.pos
        if pos.phase != "act" or pos.passing:
            return False
        kind = "turn1" if state.turn == 1 else "turn2"
        self.counts[kind] += 1
        t = time.process_time()
        if state.turn == 1:
            out = reach_two.below(pos, self.ask)
        else:
            bound = score_bound(pos)
            self.counts["no_bound"] += bound is None
            out = bound is not None and bound < self.ask
        self.cpu[kind] += time.process_time() - t
        self.counts[kind + "_below"] += out
        return out

    def run(self) -> None:
        stack: list[tuple[State, tuple[Action, ...]]] = [(State(self.puzzle.start), ())]
        while stack and self.found is None:
            state, line = stack.pop()
            key = (state.turn, state.pos)
            if key in self.seen:
                continue
            self.seen.add(key)
            pos = state.pos
            if state.turn == 2 and pos.phase == "act" and not pos.passing:
                value = seat_score(pos, self.puzzle.hero).total
                self.best = max(self.best, value)
                if value >= self.ask:
                    self.found = (value, line)
                    return
            if self.pruned(state):
                continue
            if time.process_time() - self.last > self.every:
                self.last = time.process_time()
                self.report(format_line(list(line))[:160])
            children = []
            for a in moves(self.puzzle, state):
                self.counts["plays"] += 1
                children.append((play(self.puzzle, state, a), (*line, a)))
            stack.extend(reversed(children))  # the engine's first move searched first

    def report(self, tag: str) -> None:
        cpu = ", ".join(f"{k} {v:.1f}" for k, v in self.cpu.items())
        total = time.process_time() - self.t0
        print(f"{tag}: {self.counts}, best {self.best}, CPU s {cpu}, total {total:.1f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    position_options(ap)
    ap.add_argument("--placement", required=True, help="the placement's notation, as the analysis prints it")
    ap.add_argument("--ask", type=int, required=True, help="the value asked")
    ap.add_argument("--every", type=float, default=60.0, help="CPU s between progress lines")
    args = ap.parse_args()
    group = the_group(ap, the_position(ap, args), args.placement)
    child = next(c for a, c in group if str(a) == args.placement)
    puzzle = two_turn_puzzle(child)
    settle = Settle(puzzle, args.ask, args.every)
    settle.run()
    settle.report("end")
    if settle.found is None:
        print(f"{args.placement}: no engine line reaches {args.ask} (every line searched, the bounds pruning)")
        return
    value, line = settle.found
    got = replay(puzzle, list(line))
    assert got.illegal_at is None, got.reason
    print(f"{args.placement}: a line of {value}: {format_line(list(line))}")


if __name__ == "__main__":
    main()
