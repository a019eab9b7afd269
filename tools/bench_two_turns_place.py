"""Benchmark of `analyse --turns 2` from a turn's tile placement (analysis/endgame.py with
placement.split_placements over two-turn models).

Positions: per seeded greedy game, edition and seat, the position before the seat's tile
placement at game turn `--turn`. Per position: the placements and their slot-and-rotation
groups, the two-turn models solved (`best_two_turns` calls: covers and placements), the CPU
seconds (`time.process_time`, one worker), the wall seconds, the status, the value and a digest
(the first 12 hex digits of the SHA-256 of the status, value, bound and line, all printed in full
on stderr), to compare two trees' answers byte for byte.
Stopped by `--limit` (seconds, the analyser's time limit, which is wall-clock: under load it
stops a position earlier): FEASIBLE without a bound, or UNKNOWN. With `--cpu-limit` instead, each
position is analysed in a child process (one at a time) without a time limit and killed when it
has used that many CPU seconds (RLIMIT_CPU): the row then says "over", so the load of the machine
cannot change what is reported, only how long it takes. Prints a Markdown table.

    .venv/bin/python tools/bench_two_turns_place.py --seeds 1 2 3 --editions 2016 2014 --turn 5
    .venv/bin/python tools/bench_two_turns_place.py --seeds 1 2 3 4 5 --turn 5 --cpu-limit 600
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import resource
import signal
import sys
import time

from akrotiri_puzzles import load_components
from akrotiri_puzzles.analysis import endgame, floor_first, realise
from akrotiri_puzzles.analysis.placement import groups
from akrotiri_puzzles.analysis.reach import reach_first_stops, reach_split, reach_two
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver.deadline import Deadline


def positions(seed: int, edition: int, turn: int, seats: list[str]) -> list[Position]:
    seen: list[Position] = []
    play_game(load_components(), seed, edition, bots=("greedy", "greedy"), check=False, on_position=seen.append)
    out: dict[str, Position] = {}
    for p in seen:
        if p.phase == "place" and p.turn == turn and p.hero.tile is not None and p.to_move in seats:
            out.setdefault(p.to_move, p)
    return [out[s] for s in sorted(out)]


def position_options(ap: argparse.ArgumentParser, required: bool = True) -> None:
    """The options naming one position as `positions` draws it (the developers' tools share them)."""
    ap.add_argument("--seed", type=int, required=required)
    ap.add_argument("--edition", type=int, default=2016, choices=(2016, 2014))
    ap.add_argument("--seat", default="south", choices=("north", "south"))
    ap.add_argument("--turn", type=int, required=required)


def the_position(ap: argparse.ArgumentParser, args: argparse.Namespace) -> Position:
    """The position the options name, or argparse's one line and exit 2 where there is none."""
    found = positions(args.seed, args.edition, args.turn, [args.seat])
    if not found:
        ap.error(
            f"--seed {args.seed} --turn {args.turn} --seat {args.seat}: that seat has no tile to place at that turn"
        )
    return found[0]


def turn_groups(pos: Position) -> list:  # type: ignore[type-arg]
    """`pos`'s placements in groups (one slot and rotation each), in the order the two-turn
    placement search asks them, each as (notation, child) pairs."""
    return groups(endgame.Run(pos, "score", Deadline(None), 1, turns=2).children(pos))


def split_options(ap: argparse.ArgumentParser) -> None:
    """The options of reach_split.py's flags and reach_first_stops.py's (the developers' tools share them; `set_split`)."""
    ap.add_argument(
        "--split-sale", action="store_true", help="analysis/reach/reach_split.py's SPLIT_SALE on (off by default)"
    )
    ap.add_argument(
        "--ask-unsplit-first",
        action="store_true",
        help="with --split-sale: reach_split.py's ASK_UNSPLIT_FIRST on (each question without the split first)",
    )
    ap.add_argument(
        "--one-hold",
        action="store_true",
        help="with --split-sale: reach_split.py's ONE_HOLD on (one hold: one cube kept)",
    )
    ap.add_argument(
        "--first-stops",
        choices=("on", "off"),
        default=None,
        help="analysis/reach/reach_first_stops.py's FIRST_STOPS (default: the module's)",
    )


def set_split(ap: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """reach_split.py's flags as `split_options` read them (before any search is made; a forked
    child keeps them), or argparse's one line and exit 2 for one of the others without --split-sale."""
    if (args.ask_unsplit_first or args.one_hold) and not args.split_sale:
        ap.error("--ask-unsplit-first and --one-hold go with --split-sale")
    reach_split.SPLIT_SALE = args.split_sale
    reach_split.ONE_HOLD = args.one_hold
    reach_split.ASK_UNSPLIT_FIRST = args.ask_unsplit_first
    if args.first_stops is not None:
        reach_first_stops.FIRST_STOPS = args.first_stops == "on"


def group_options(ap: argparse.ArgumentParser) -> None:
    """The options of the tools that ask a thin group's question (`Below.every`) of some of a
    turn's groups: the position's, the value asked and the groups' indexes."""
    position_options(ap)
    ap.add_argument("--ask", type=int, required=True)
    ap.add_argument("--groups", type=int, nargs="+", default=[1, 2, 3], help="indexes in the turn's groups")


def the_groups(ap: argparse.ArgumentParser, args: argparse.Namespace) -> list:  # type: ignore[type-arg]
    """The turn's groups (`turn_groups`) of the position the options name, or argparse's one line
    and exit 2 where an index of `--groups` is not one of them."""
    found = turn_groups(the_position(ap, args))
    bad = [g for g in args.groups if not 0 <= g < len(found)]
    if bad:
        ap.error(f"--groups {bad[0]}: the turn has {len(found)} groups (indexes 0 to {len(found) - 1})")
    return found


def the_group(ap: argparse.ArgumentParser, pos: Position, name: str) -> list:  # type: ignore[type-arg]
    """The group of `pos`'s placements (one slot and rotation) holding the placement `name`
    (notation), as (notation, child) pairs, or argparse's one line and exit 2 where none is."""
    found = turn_groups(pos)
    group = next((g for g in found if any(str(a) == name for a, _ in g)), None)
    if group is None:
        ap.error(f"{name!r}: no placement of that name at this turn (e.g. {str(found[0][0][0])!r})")
    return group


def placement_options(ap: argparse.ArgumentParser) -> None:
    """The options of the tools that read one placement's groups of final boards at a value
    asked: the position's, the placement's notation and the value."""
    position_options(ap)
    ap.add_argument("--placement", required=True, help="the placement's notation, as the analysis prints it")
    ap.add_argument("--ask", type=int, required=True)


def the_final_groups(ap: argparse.ArgumentParser, args: argparse.Namespace) -> tuple:  # type: ignore[type-arg]
    """The placement `--placement` names and its groups of final boards (reach_two's
    `slot_groups`: keys, finals, actions), or argparse's one line and exit 2 where there is none."""
    pos = the_position(ap, args)
    kids = endgame.Run(pos, "score", Deadline(None), 1, turns=2).children(pos)
    top = next((c for m, c in kids if str(m) == args.placement), None)
    if top is None:
        ap.error(f"--placement {args.placement!r}: no placement of that name at this turn (e.g. {str(kids[0][0])!r})")
    got = reach_two.slot_groups(top)
    if got is None:
        ap.error(f"--placement {args.placement!r}: no two-turn relaxation from this placement")
    return (top, *got)


def the_ask(ap: argparse.ArgumentParser, arg: str) -> tuple[str, int]:
    """A "PLACEMENT=VALUE" argument as (placement, value), or argparse's one line and exit 2."""
    name, _, value = arg.rpartition("=")
    if not name or not value.lstrip("-").isdigit():
        ap.error(f"{arg!r}: expected PLACEMENT=VALUE, e.g. 'tile -1,-2 r0 blue@NW=12'")
    return name, int(value)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--editions", type=int, nargs="+", default=[2016], choices=(2016, 2014))
    ap.add_argument("--seats", nargs="+", default=["south"], choices=("north", "south"))
    ap.add_argument("--turn", type=int, default=5)
    ap.add_argument("--objective", default="score")
    ap.add_argument("--limit", type=float, default=1800.0)
    ap.add_argument("--cpu-limit", type=int, default=None, help="CPU seconds per position (a child process each)")
    split_options(ap)
    ap.add_argument(
        "--realise-first",
        nargs="?",
        const="on",
        choices=("on", "off"),
        help="analysis/realise.py's REALISE_FIRST (a member's relaxed leaf realised before its model; "
        "default: the module's, on since session 86; the flag alone: on)",
    )
    ap.add_argument(
        "--leaf-rounds",
        type=int,
        metavar="N",
        help="analysis/floor_first.py's LEAF_ROUNDS (step 1b: a turn's first model answered by its realised "
        "leaf, N values at most; 0: off; default: the module's, 6 since session 87)",
    )
    args = ap.parse_args()
    set_split(ap, args)
    if args.realise_first is not None:
        realise.REALISE_FIRST = args.realise_first == "on"
    if realise.REALISE_FIRST:
        realise.FLOOR_TRACE = []
    if args.leaf_rounds is not None:
        if args.leaf_rounds < 0:
            ap.error(f"--leaf-rounds: expected 0 or more values, not {args.leaf_rounds}")
        floor_first.LEAF_ROUNDS = args.leaf_rounds
    if args.cpu_limit is not None and args.cpu_limit < 1:
        ap.error(f"--cpu-limit: expected a whole number of CPU seconds, 1 or more, not {args.cpu_limit}")
    solves = [0]
    two_turns = endgame.best_two_turns

    def counted(*a, **k):  # type: ignore[no-untyped-def]
        solves[0] += 1
        return two_turns(*a, **k)

    endgame.best_two_turns = counted  # type: ignore[assignment]
    found = [(s, e, pos) for s in args.seeds for e in args.editions for pos in positions(s, e, args.turn, args.seats)]
    if not found:
        ap.error(
            f"--turn {args.turn}: no seat of {' '.join(args.seats)} has a tile to place at that turn of these games"
        )
    print("| seed | ed. | seat | turn | placements | groups | models | CPU s | wall s | status | value | line |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for seed, edition, pos in found:
        kids = endgame.Run(pos, args.objective, Deadline(None), 1, turns=2).children(pos)
        solves[0] = 0
        if args.cpu_limit is None:
            row = _measure(pos, args.objective, args.limit, solves)
        else:
            row = _in_child(pos, args.objective, args.cpu_limit, solves)
        print(
            f"| {seed} | {edition} | {pos.to_move} | {pos.turn} | {len(kids)} | {len(groups(kids))} | {row} |",
            flush=True,
        )


def _measure(pos: Position, objective: str, limit: float | None, solves: list[int]) -> str:
    """The row's measured cells: models, CPU s, wall s, status, value, the line's digest."""
    t0, w0 = time.process_time(), time.perf_counter()
    a = endgame.analyse(pos, objective, turns=2, time_limit=limit)
    t1, w1 = time.process_time(), time.perf_counter()
    line = "; ".join(str(x) for x in a.best.line) if a.best is not None else ""
    digest = f"{a.status} {a.value} {a.bound} {line}"
    print(f"<!-- {digest} -->", file=sys.stderr, flush=True)
    if realise.REALISE_FIRST:
        print(f"<!-- realise.floor_line rounds (asked, realised, proven): {realise.FLOOR_TRACE} -->", file=sys.stderr)
    digest = hashlib.sha256(digest.encode()).hexdigest()[:12]
    return f"{solves[0]} | {t1 - t0:.1f} | {w1 - w0:.1f} | {a.status} | {a.value} | {digest}"


def _in_child(pos: Position, objective: str, cpu: int, solves: list[int]) -> str:
    """`_measure` in a forked child without a time limit, killed after `cpu` CPU seconds (a child
    that dies of anything else is reported as failed, not as over the limit)."""
    ctx = multiprocessing.get_context("fork")
    here, there = ctx.Pipe(duplex=False)

    def run() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        there.send(_measure(pos, objective, None, solves))

    w0 = time.perf_counter()
    child = ctx.Process(target=run)
    child.start()
    there.close()
    try:
        row = here.recv()
    except EOFError:
        child.join()
        wall = time.perf_counter() - w0
        if child.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
            return f"- | over {cpu} | {wall:.1f} | over the CPU limit | - | -"
        # The child died of something else (an exception: its traceback is on stderr).
        return f"- | - | {wall:.1f} | failed (exit status {child.exitcode}) | - | -"
    child.join()
    return row


if __name__ == "__main__":
    main()
