"""Benchmark of the endgame analyser: CP-SAT's best score against the exhaustive search.

Endgames from seeded greedy games (both editions, both seats), in the action phase with at most
`--most-actions` actions left. The issue's own set, each last turn whole from its tile placement
(R-TURN-1), before and after a change back to back, is tools/bench_last_turns.py. For each: the CP-SAT score model's proven best (one worker), the
exhaustive search's, their agreement, and both times. Prints a Markdown table for
docs/benchmarks.md.

    .venv/bin/python tools/bench_analysis.py --positions 100 --most-actions 2
    .venv/bin/python tools/bench_analysis.py --full-turns 5
    .venv/bin/python tools/bench_analysis.py --alternatives 3 --first-seed 100 --games 3
    .venv/bin/python tools/bench_analysis.py --placements 2 --turn 8 --first-seed 100
    .venv/bin/python tools/bench_analysis.py --placements 1 --first-seed 100 --grouped-only
    .venv/bin/python tools/bench_analysis.py --first-placements 25 --first-seed 1
"""

from __future__ import annotations

import argparse
import statistics
import time

from akrotiri_puzzles import load_components
from akrotiri_puzzles.analysis.board_solve import best_on_board, puzzle_of
from akrotiri_puzzles.analysis.corpus import endgames
from akrotiri_puzzles.analysis.endgame import Run, analyse
from akrotiri_puzzles.analysis.engine_line import objective_value, replay_line
from akrotiri_puzzles.analysis.exhaustive import best_by_search
from akrotiri_puzzles.components import Components
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver.deadline import Deadline
from akrotiri_puzzles.solver.model.objective import MARGIN_SCALE


def main() -> None:
    """Run the benchmark and print its table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--most-actions", type=int, default=2)
    ap.add_argument("--first-seed", type=int, default=100)
    ap.add_argument(
        "--full-turns",
        type=int,
        default=0,
        help="instead: CP-SAT alone on the whole action phase of N games' last turns",
    )
    ap.add_argument(
        "--alternatives",
        type=int,
        default=0,
        help="instead: analyse(pos, alternatives=K) against analyse(pos) on --games games' endgames",
    )
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument(
        "--placements",
        type=int,
        default=0,
        help="instead: turns with the tile to place of N games, placements grouped against one by one",
    )
    ap.add_argument("--turn", type=int, default=0, help="with --placements: this turn (default: the last)")
    ap.add_argument("--grouped-only", action="store_true", help="with --placements: skip the one-by-one run")
    ap.add_argument(
        "--first-placements",
        type=int,
        default=0,
        help="instead: each seat's first tile placement of N games, the analysis against the exhaustive search",
    )
    ap.add_argument("--objective", choices=("score", "margin"), default="score", help="with --first-placements")
    args = ap.parse_args()
    comps = load_components()
    if args.first_placements:
        first_placements(comps, args.first_seed, args.first_placements, args.objective)
        return
    if args.placements:
        placements(comps, args.first_seed, args.placements, args.turn, args.grouped_only)
        return
    if args.alternatives:
        alternatives(comps, args.first_seed, args.games, args.alternatives, args.most_actions)
        return
    if args.full_turns:
        full_turns(comps, args.first_seed, args.full_turns)
        return
    cpsat: list[float] = []
    search: list[float] = []
    nodes: list[int] = []
    agree = 0
    seed = args.first_seed
    while len(cpsat) < args.positions:
        for ed in (2016, 2014):
            for pos in endgames(comps, range(seed, seed + 1), ed, args.most_actions, placement=False):
                if len(cpsat) >= args.positions:
                    break
                t = time.process_time()
                r = best_on_board(pos, "score", Deadline(None))
                cpsat.append(time.process_time() - t)
                t = time.process_time()
                e = best_by_search(pos, "score")
                search.append(time.process_time() - t)
                nodes.append(e.nodes)
                agree += r.value == e.value
        seed += 1
    n = len(cpsat)
    print(
        f"{n} endgames (seeds {args.first_seed}..{seed - 1}, both editions, at most {args.most_actions} actions left)"
    )
    agreement_table(agree, nodes, "endgame", ("CP-SAT score model, 1 worker", cpsat), ("exhaustive search", search))


def agreement_table(agree: int, nodes: list[int], unit: str, *methods: tuple[str, list[float]]) -> None:
    """The agreement count, the exhaustive search's states and each method's CPU seconds
    (median, p95, max) as a Markdown table."""
    n = len(nodes)
    print(f"agreement: {agree}/{n}; exhaustive states: median {statistics.median(nodes):.0f}, max {max(nodes)}")
    print()
    print(f"| method (CPU seconds per {unit}) | median | p95 | max |")
    print("|---|---:|---:|---:|")
    for name, xs in methods:
        print(f"| {name} | {statistics.median(xs):.2f} | {sorted(xs)[int(0.95 * (n - 1))]:.2f} | {max(xs):.2f} |")


def full_turns(comps: Components, first: int, games: int) -> None:
    """CP-SAT's time on the whole action phase of each seat's last turn (after its placement)."""
    times: list[float] = []
    for ed in (2016, 2014):
        for pos in endgames(comps, range(first, first + games), ed, 99, placement=False):
            t = time.process_time()
            r = best_on_board(pos, "score", Deadline(None))
            times.append(time.process_time() - t)
            assert r.status == "OPTIMAL"
    n = len(times)
    print(f"{n} whole action phases (seeds {first}..{first + games - 1}, both editions, both seats)")
    print(
        f"CP-SAT CPU seconds: median {statistics.median(times):.1f}, p95 {sorted(times)[int(0.95 * (n - 1))]:.1f}, max {max(times):.1f}"
    )


def alternatives(comps: Components, first: int, games: int, k: int, most_actions: int) -> None:
    """The time of `--alternatives K` over the plain analysis, per endgame (CPU seconds)."""
    ratios: list[float] = []
    plain_t: list[float] = []
    alt_t: list[float] = []
    for ed in (2016, 2014):
        for pos in endgames(comps, range(first, first + games), ed, most_actions, placement=False):
            t = time.process_time()
            plain = analyse(pos)
            plain_t.append(time.process_time() - t)
            t = time.process_time()
            alts = analyse(pos, alternatives=k)
            alt_t.append(time.process_time() - t)
            assert plain.status == alts.status == "OPTIMAL" and plain.value == alts.value
            ratios.append(alt_t[-1] / plain_t[-1])
    n = len(ratios)
    print(f"{n} endgames (seeds {first}..{first + games - 1}, both editions, at most {most_actions} actions left)")
    print(f"plain analysis: median {statistics.median(plain_t):.2f} s, max {max(plain_t):.2f} s")
    print(f"--alternatives {k}: median {statistics.median(alt_t):.2f} s, max {max(alt_t):.2f} s")
    print(f"ratio: median {statistics.median(ratios):.1f}, max {max(ratios):.1f}")


def placement_turns(comps: Components, seed: int, edition: int, turn: int | None) -> list[Position]:
    """The positions before the tile placement at a turn of a seeded greedy game (0: the last
    turn; None: each seat's first), one per seat."""
    if turn == 0:
        return list(endgames(comps, range(seed, seed + 1), edition, 99, placement=True))
    seen: list[Position] = []
    play_game(comps, seed, edition, bots=("greedy", "greedy"), check=False, on_position=seen.append)
    out: dict[str, Position] = {}
    for p in seen:
        if p.phase == "place" and turn in (None, p.turn) and p.hero.tile is not None:
            out.setdefault(p.to_move, p)
    return list(out.values())


def placements(comps: Components, first: int, games: int, turn: int, grouped_only: bool) -> None:
    """A turn with its tile to place, analysed with the placements grouped by slot and rotation
    (analysis/placement.py) and, unless `grouped_only`, one by one; the two must agree."""
    rows = []
    for seed in range(first, first + games):
        for ed in (2016, 2014):
            for pos in placement_turns(comps, seed, ed, turn):
                kids = len(Run(pos, "score", Deadline(None), 1).children(pos))
                t = time.process_time()
                grouped = analyse(pos)
                t_grouped = time.process_time() - t
                t_single = None
                if not grouped_only:
                    t = time.process_time()
                    single = analyse(pos, group_placements=False)
                    t_single = time.process_time() - t
                    assert (single.status, single.value, single.bound) == (grouped.status, grouped.value, grouped.bound)
                    assert single.best is not None and grouped.best is not None
                    # Two optimal lines may differ (a tie): each must score the optimum when replayed.
                    for found in (single, grouped):
                        assert objective_value(replay_line(puzzle_of(pos), found.best.line), "score") == grouped.value
                one = "-" if t_single is None else f"{t_single:.1f}"
                ratio = "-" if t_single is None else f"{t_single / t_grouped:.1f}"
                rows.append(
                    f"| {seed} {ed} {pos.to_move} turn {pos.turn} | {kids} | {grouped.value} | {one} | {t_grouped:.1f} | {ratio} |"
                )
                print(rows[-1], flush=True)
    print()
    print("| position | placements | best score | one by one (CPU s) | grouped (CPU s) | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    print("\n".join(rows))


def first_placements(comps: Components, first: int, games: int, objective: str) -> None:
    """The analysis from a tile placement (R-TILE-1: every placement, then the action phase)
    against the exhaustive search that plays every placement and line through the engine, on
    each seat's first placement of seeded greedy games (three actions follow it; later
    placements are beyond the exhaustive search). The line is replayed and scored by the engine."""
    cpsat: list[float] = []
    search: list[float] = []
    nodes: list[int] = []
    agree = 0
    for seed in range(first, first + games):
        for ed in (2016, 2014):
            for pos in placement_turns(comps, seed, ed, None):
                t = time.process_time()
                found = analyse(pos, objective)
                cpsat.append(time.process_time() - t)
                t = time.process_time()
                e = best_by_search(pos, objective)
                search.append(time.process_time() - t)
                nodes.append(e.nodes)
                assert found.status == "OPTIMAL" and found.best is not None
                end = objective_value(replay_line(puzzle_of(pos), found.best.line), objective)
                ok = end == e.value and found.value == (end if objective == "score" else end // MARGIN_SCALE)
                agree += ok
                print(
                    f"{seed} {ed} {pos.to_move}: {found.value} {'agrees' if ok else 'DISAGREES'} "
                    f"({cpsat[-1]:.1f} s / {search[-1]:.1f} s, {e.nodes} states)",
                    flush=True,
                )
    print()
    print(f"{len(cpsat)} first placements (seeds {first}..{first + games - 1}, both editions, both seats, {objective})")
    agreement_table(
        agree, nodes, "turn", ("analyse (CP-SAT, placements searched), 1 worker", cpsat), ("exhaustive search", search)
    )


if __name__ == "__main__":
    main()
