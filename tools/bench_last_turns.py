"""Benchmark of the analyser on the issue's set: the last turns of seeded greedy games, whole.

A turn starts with its tile placement (R-TURN-1, R-TILE-1: only a seat holding no tile skips
it), so each seat's last turn is analysed from its first position: before the placement when
the seat holds a tile (every last turn of seeds 100..105 does, with 116 to 894 placements),
else at the start of its action phase. One position per seat, game and edition; the game's own
last turn (R-END-2: north's, once a seat has excavated every temple) is marked `last`.

Per position, one after the other, each in a child process of its own with a CPU-time limit
(`--cap`; a run that reaches it is killed and reported as `>cap`):

- the exhaustive search (analysis/exhaustive.py) with a state budget (`--nodes`);
- the plain analysis of each tree (`--before DIR`: a checkout of the code before, e.g. a
  `git worktree add`; then this tree), back to back;
- with `--alternatives K`, `analyse(pos, alternatives=K)` of each tree, back to back.

Times are the CPU seconds of the analysis alone (`time.process_time` in the child, without
playing the game); the plain runs of two trees must give the same value, status and line, and
the exhaustive search, when it finishes, the same value. Their lines may differ only among lines
of the same score and the same number of actions (the engine's count, exhaustive.line_cost); those
that differ are listed. Prints a Markdown table.

    .venv/bin/python tools/bench_last_turns.py --games 3 --before /tmp/before --alternatives 3
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent


def positions(seed: int, edition: int, turn: int, most_actions: int = 0) -> list[tuple[str, object]]:
    """Each seat's first position of its last turn (or of turn `turn`), by seat; with
    `most_actions`, instead its first position in the action phase with at most that many
    actions left and the boat not passing (the set of tools/bench_analysis.py)."""
    from akrotiri_puzzles import load_components
    from akrotiri_puzzles.simulate import play_game

    comps = load_components()
    seen: list = []
    play_game(comps, seed, edition, bots=("greedy", "greedy"), check=False, on_position=seen.append)
    out: dict[str, object] = {}
    for seat in ("south", "north"):
        mine = [p for p in seen if p.to_move == seat and p.phase in ("place", "act")]
        if not mine:
            continue
        want = turn or mine[-1].turn
        if most_actions:
            first = next(
                (
                    p
                    for p in mine
                    if p.turn == want and p.phase == "act" and p.actions_left <= most_actions and not p.passing
                ),
                None,
            )
        else:
            first = next((p for p in mine if p.turn == want), None)
        if first is not None:
            out[seat] = first
    return list(out.items())


def use_tree(tree: Path) -> None:
    """Import the package from `tree`: ahead of the editable install's finder."""
    sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in type(f).__module__]
    sys.path.insert(0, str(tree))


def worker(mode: str, seed: int, edition: int, seat: str, turn: int, k: int, nodes: int, most: int) -> None:
    """One measurement in this process; prints one JSON line."""
    import time

    from akrotiri_puzzles.analysis.endgame import analyse, is_last_turn

    pos = dict(positions(seed, edition, turn, most))[seat]
    out: dict[str, object] = {"last": is_last_turn(pos), "phase": pos.phase, "turn": pos.turn}  # type: ignore[arg-type]
    t = time.process_time()
    if mode == "search":
        from akrotiri_puzzles.analysis.exhaustive import TooLarge, best_by_search

        try:
            e = best_by_search(pos, "score", max_nodes=nodes)  # type: ignore[arg-type]
            out.update(value=e.value, nodes=e.nodes)
        except TooLarge:
            out.update(value=None, nodes=nodes)
    else:
        a = analyse(pos, alternatives=k if mode == "alternatives" else 1)  # type: ignore[arg-type]
        assert a.best is not None
        out["cpu"] = time.process_time() - t
        from akrotiri_puzzles.analysis.exhaustive import line_cost

        out.update(
            cost=line_cost(pos, a.best.line),  # type: ignore[arg-type]
            score=a.best.hero.total,
            value=a.value,
            status=a.status,
            line=[str(x) for x in a.best.line],
            alternatives=[[str(x.first), x.scored.hero.total] for x in a.alternatives],
        )
    out.setdefault("cpu", time.process_time() - t)
    print(json.dumps(out), flush=True)


def child(tree: Path, mode: str, args: argparse.Namespace, seed: int, ed: int, seat: str) -> dict | None:
    """Run one measurement in a child process on the code of `tree`; None when it hit the cap."""
    cmd = [sys.executable, str(HERE), "--worker", mode, str(seed), str(ed), seat]
    cmd += ["--turn", str(args.turn), "--alternatives", str(args.alternatives or 1), "--nodes", str(args.nodes)]
    cmd += ["--most-actions", str(args.most_actions)]
    env = dict(os.environ, BENCH_TREE=str(tree))

    cap = cap_of(args, mode)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))

    r = subprocess.run(cmd, env=env, capture_output=True, text=True, preexec_fn=limit, check=False)
    if r.returncode != 0:
        if r.returncode in (-9, -24) or "SIGXCPU" in r.stderr:  # SIGKILL, SIGXCPU: the cap
            return None
        raise SystemExit(f"child {mode} {seed} {ed} {seat} in {tree} failed:\n{r.stderr}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def cap_of(args: argparse.Namespace, mode: str) -> int:
    """The CPU seconds a child of this mode may take."""
    return int(args.alt_cap or args.cap) if mode == "alternatives" else int(args.cap)


def fmt(r: dict | None, cap: int) -> str:
    return f">{cap}" if r is None else f"{r['cpu']:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--first-seed", type=int, default=100)
    ap.add_argument("--editions", default="2016,2014")
    ap.add_argument("--seats", default="south,north")
    ap.add_argument("--turn", type=int, default=0, help="this turn instead of the last (a smaller sample)")
    ap.add_argument(
        "--most-actions",
        type=int,
        default=0,
        help="instead: the action phase with at most N actions left (the endgames of tools/bench_analysis.py)",
    )
    ap.add_argument("--before", type=Path, help="a checkout of the code before, measured back to back")
    ap.add_argument("--after", type=Path, default=ROOT, help="the code after (default: this tree)")
    ap.add_argument("--alternatives", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=200_000, help="the exhaustive search's state budget")
    ap.add_argument("--cap", type=int, default=600, help="CPU seconds per child process")
    ap.add_argument("--alt-cap", type=int, default=0, help="CPU seconds per --alternatives run (default --cap)")
    ap.add_argument("--worker", nargs=4, metavar=("MODE", "SEED", "EDITION", "SEAT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        mode, seed, ed, seat = args.worker
        use_tree(Path(os.environ.get("BENCH_TREE", ROOT)))
        worker(mode, int(seed), int(ed), seat, args.turn, args.alternatives, args.nodes, args.most_actions)
        return
    trees = ([("before", args.before.resolve())] if args.before else []) + [("after", args.after.resolve())]
    modes = ["plain"] + (["alternatives"] if args.alternatives else [])
    head = ["position", "placements", "best", "exhaustive"]
    head += [f"{m} {t}" for m in modes for t, _ in trees]
    rows: list[list[str]] = []
    differ: list[str] = []
    times: dict[str, list[float | None]] = {h: [] for h in head[3:]}
    for seed in range(args.first_seed, args.first_seed + args.games):
        for ed in (int(e) for e in args.editions.split(",")):
            for seat, pos in positions(seed, ed, args.turn, args.most_actions):
                if seat not in args.seats.split(","):
                    continue
                kids = _placements(pos)
                search = child(ROOT, "search", args, seed, ed, seat)
                got: dict[str, dict | None] = {"exhaustive": search}
                for m in modes:
                    for t, tree in trees:
                        got[f"{m} {t}"] = child(tree, m, args, seed, ed, seat)
                done = [r for h, r in got.items() if r is not None and h != "exhaustive" and "value" in r]
                values = {r["value"] for r in done}
                assert len(values) <= 1, f"{seed} {ed} {seat}: the runs disagree: {got}"
                plains = [got[f"plain {t}"] for t, _ in trees]
                lines = {tuple(r["line"]) for r in plains if r is not None}
                # Two trees may print different lines of the best value, but never one scoring
                # less or taking more actions (the tie-break; exhaustive.line_cost, the engine's count).
                kinds = {(r["score"], r["cost"]) for r in plains if r is not None}
                assert len(kinds) <= 1, f"{seed} {ed} {seat}: the plain lines differ in score or actions: {plains}"
                if len(lines) > 1:
                    differ.append(f"{seed} {ed} {seat}: " + " / ".join("; ".join(x) for x in sorted(lines)))
                if search is not None and search["value"] is not None and values:
                    assert values == {search["value"]}, f"{seed} {ed} {seat}: exhaustive {search} vs {values}"
                best = str(values.pop()) if values else "?"
                meta = next((r for r in got.values() if r is not None), {})
                name = f"{seed} {ed} {seat} turn {meta.get('turn', '?')}{' (last)' if meta.get('last') else ''}"
                ex = (
                    "-"
                    if search is None
                    else (
                        f"over {args.nodes} states ({search['cpu']:.1f})"
                        if search["value"] is None
                        else fmt(search, args.cap)
                    )
                )
                row = [name, str(kids), best, ex] + [fmt(got[h], cap_of(args, h.split()[0])) for h in head[4:]]
                for h in head[3:]:
                    r = got[h]
                    times[h].append(None if r is None or r.get("value") is None else r["cpu"])
                rows.append(row)
                print("| " + " | ".join(row) + " |", flush=True)
    print()
    print(
        f"load average at the end: {os.getloadavg()[0]:.1f} (1 min); CPU caps: {args.cap} s, alternatives {cap_of(args, 'alternatives')} s"
    )
    print("| " + " | ".join(head) + " |")
    print("|---|" + "---:|" * (len(head) - 1))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    for h, xs in times.items():
        if h == "exhaustive":
            done = [x for x in xs if x is not None]
            print(f"exhaustive: finished {len(done)} of {len(xs)} within {args.nodes} states")
            continue
        print(f"{h}: {summary(xs, cap_of(args, h.split()[0]))}")
    print(f"plain lines that differ between the trees (same score and actions): {len(differ)}")
    for d in differ:
        print(f"- {d}")
    if args.alternatives:
        for _t, _ in trees:
            ratios = [
                a / p
                for a, p in zip(times[f"alternatives {_t}"], times[f"plain {_t}"], strict=True)
                if a is not None and p
            ]
            if ratios:
                print(f"alternatives/plain {_t}: median {statistics.median(ratios):.1f}, max {max(ratios):.1f}")


def summary(xs: list[float | None], cap: int) -> str:
    """Median, p95 and max, a run stopped at the cap counted as more than the cap."""
    n = len(xs)
    if not n:
        return "-"
    big = float("inf")
    ys = sorted(big if x is None else x for x in xs)

    def show(v: float) -> str:
        return f">{cap}" if v == big else f"{v:.2f}"

    stopped = sum(x is None for x in xs)
    return f"median {show(statistics.median_low(ys))}, p95 {show(ys[int(0.95 * (n - 1))])}, max {show(ys[-1])} ({n} runs, {stopped} stopped)"


def _placements(pos: object) -> int:
    from akrotiri_puzzles.analysis.endgame import Run
    from akrotiri_puzzles.solver.deadline import Deadline

    if getattr(pos, "phase", None) != "place":
        return 0
    return len(Run(pos, "score", Deadline(None), 1).children(pos))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
