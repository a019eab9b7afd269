"""Benchmark the puzzle page: seconds to judge an action, and the server under a club's load.

    python tools/bench_serve.py [--per-puzzle 12] [--time-limit 10] [puzzles/]
    python tools/bench_serve.py --load [--clients 32] [--moves 3000] [--before DIR] [puzzles/ puzzles/generated/]

Without --load: for each puzzle a fresh referee (nothing cached) judges, one by one, a fixed
sample of the legal first actions (every k-th, up to --per-puzzle: the kind of try a player
makes, most of them off the best line, each a cold solve of the rest of the puzzle), then the
puzzle's own line action by action (known from its solution: no solve). The time of each
judgement is what the server adds to a request; the picture is painted once per puzzle and is
not counted.

With --load: `akrotiri-puzzle serve` is started on a free loopback port (127.0.0.1 only) and
--clients threads play it at once, each like a player who never pauses: open a puzzle (its page,
its picture, its state), then try actions until it is solved or 8 actions were tried: half the
time the next action of the puzzle's solution, else an action drawn from those the page lists
(seeded); an action off track is undone, as the page's Undo does. First every puzzle is opened
once, one after the other (the start-up work, pictures painted and optimums proven, is then
done and not counted); the run stops after --moves judged actions (POST /play) in all. Every request's time is kept; an error is any answer but 200 (a
503 "busy" included) or a failed connection. The server's resident memory is read from /proc
twice a second. With --before DIR (an export of an older commit: `git archive REF | tar -x -C
DIR`) the same load runs first against DIR's server, then against this checkout's, in one run.
Every request has a 120 s timeout and the run a bound of --most-seconds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    """Parse the options and run the benchmark asked for."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--per-puzzle", type=int, default=12, help="first actions judged per puzzle")
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds per solve, as serve --time-limit")
    ap.add_argument("--load", action="store_true", help="serve the puzzles and play them with many clients at once")
    ap.add_argument("--clients", type=int, default=32, help="players at once (--load)")
    ap.add_argument("--moves", type=int, default=3000, help="judged actions in all (--load)")
    ap.add_argument("--seed", type=int, default=1, help="seeds the players' choices (--load)")
    ap.add_argument("--before", type=Path, help="an export of an older commit, loaded first in the same run (--load)")
    ap.add_argument("--most-seconds", type=float, default=1800, help="stop a load run after this long (--load)")
    args = ap.parse_args()
    if args.load:
        paths = [p.resolve() for p in args.paths] or [ROOT / "puzzles", ROOT / "puzzles" / "generated"]
        runs = [("before", args.before.resolve())] if args.before else []
        results = [(name, load(src, paths, args)) for name, src in [*runs, ("this checkout", ROOT)]]
        report(results, args)
    else:
        judge_cold(args.paths or [Path("puzzles")], args.per_puzzle, args.time_limit)


# -- judging, one referee at a time ---------------------------------------------------------------


def judge_cold(paths: list[Path], per_puzzle: int, time_limit: float) -> None:
    """Seconds per judgement, each puzzle with a fresh referee."""
    from akrotiri_puzzles.files.collection import load_collection
    from akrotiri_puzzles.files.components_yaml import load_components
    from akrotiri_puzzles.puzzle import State, moves
    from akrotiri_puzzles.web.referee import Referee
    from akrotiri_puzzles.web.site import proven_optimum

    collection = load_collection(paths, load_components())
    cold: list[float] = []
    known: list[float] = []
    verdicts: dict[str, int] = {}
    undecided = 0
    print(f"{'puzzle':8} {'legal':>5} {'tried':>5} {'median s':>9} {'max s':>7}  verdicts")
    for entry in collection.puzzles:
        puzzle = entry.puzzle
        optimum = proven_optimum(puzzle, time_limit)
        assert optimum is not None, puzzle.id
        referee = Referee(puzzle, optimum, time_limit)
        first = moves(puzzle, State(puzzle.start))
        step = max(1, len(first) // per_puzzle)
        sample = first[::step][:per_puzzle]
        times, seen = [], {}
        for action in sample:
            t = time.perf_counter()
            verdict = referee.judge([action]).verdict.value
            times.append(time.perf_counter() - t)
            seen[verdict] = seen.get(verdict, 0) + 1
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
            undecided += verdict == "undecided"
        cold.extend(times)
        line = list(puzzle.solution or ())
        for i in range(1, len(line) + 1):
            t = time.perf_counter()
            referee.judge(line[:i])
            known.append(time.perf_counter() - t)
        words = ", ".join(f"{k} {v}" for k, v in sorted(seen.items()))
        print(
            f"{puzzle.id:8} {len(first):5} {len(sample):5} {statistics.median(times):9.3f} {max(times):7.3f}  {words}"
        )
    q = statistics.quantiles(cold, n=10) if len(cold) > 1 else [cold[0]]
    print()
    print(
        f"first actions judged cold: {len(cold)}, median {statistics.median(cold):.3f} s, "
        f"90th percentile {q[-1]:.3f} s, max {max(cold):.3f} s; undecided {undecided}"
    )
    if known:
        print(f"actions of the puzzles' own lines: {len(known)}, median {statistics.median(known) * 1000:.1f} ms")
    print(f"verdicts: {verdicts}")
    print(machine())


# -- the server under load ------------------------------------------------------------------------


@dataclass
class Tally:
    """What one load run measured."""

    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per request, by kind: play, state, page, picture, solution."""
    errors: list[str] = field(default_factory=list)
    verdicts: dict[str, int] = field(default_factory=dict)
    memory: list[tuple[float, int]] = field(default_factory=list)
    """(seconds since the start, the server's resident kB)."""
    warm_at: float | None = None
    """When a third of the moves had been judged."""
    seconds: float = 0.0
    cpu: float = 0.0
    """CPU seconds the server spent during the run (user and system, all its threads)."""
    moves: int = 0
    loads: tuple[float, float] = (0.0, 0.0)
    lock: threading.Lock = field(default_factory=threading.Lock)


def load(src: Path, paths: list[Path], args: argparse.Namespace) -> Tally:
    """Serve the puzzles with the code in `src` and play them with args.clients players at once."""
    cmd = [sys.executable, str(src / "cli.py"), "serve", "--host", "127.0.0.1", "--port", "0"]
    cmd += ["--time-limit", str(args.time_limit), *map(str, paths)]
    env = {**os.environ, "PYTHONPATH": str(src)}
    server = subprocess.Popen(cmd, cwd=src, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)", first)
        if found is None:
            raise SystemExit(f"{src}: serve did not start: {first!r}")
        port = int(found.group(1))
        warm = warm_up(port)
        print(
            f"{src}: serving at 127.0.0.1:{port}, every puzzle opened once in {warm:.0f} s; "
            f"{args.clients} players, {args.moves} moves",
            flush=True,
        )
        return play_load(port, server.pid, args)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def warm_up(port: int) -> float:
    """Open every puzzle once, one after the other (its picture, its solution, its state), as
    the first visitors would: the start-up work (pictures painted, optimums proven) is then
    done, and not counted in the run. The seconds it took."""
    started = time.perf_counter()
    for pid in [p["id"] for p in json.loads(_ask(port, "GET", "/api/puzzles")[1])]:
        _ask(port, "GET", f"/picture/{pid}.svg")
        _ask(port, "GET", f"/api/puzzles/{pid}/solution")
        _ask(port, "POST", f"/api/puzzles/{pid}/state", {"line": []})
    return time.perf_counter() - started


def play_load(port: int, pid: int, args: argparse.Namespace) -> Tally:
    """Run the players against the server on 127.0.0.1:port until args.moves moves are judged."""
    tally = Tally()
    ids = [p["id"] for p in json.loads(_ask(port, "GET", "/api/puzzles")[1])]
    done = threading.Event()
    counter = iter(range(10**9))
    started = time.perf_counter()
    cpu_before = _cpu_seconds(pid)
    tally.loads = (os.getloadavg()[0], 0.0)

    def watch() -> None:
        while not done.wait(0.5):
            tally.memory.append((time.perf_counter() - started, _rss_kb(pid)))

    def player(n: int) -> None:
        rng = random.Random(args.seed * 1000 + n)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        try:
            while not done.is_set():
                _one_puzzle(conn, rng, rng.choice(ids), tally, counter, args.moves, done, started)
        finally:
            conn.close()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    players = [threading.Thread(target=player, args=(n,), daemon=True) for n in range(args.clients)]
    for t in players:
        t.start()
    deadline = started + args.most_seconds
    for t in players:
        t.join(timeout=max(0.0, deadline - time.perf_counter()))
    if any(t.is_alive() for t in players):
        tally.errors.append(f"stopped at the bound of {args.most_seconds:g} s")
    done.set()
    tally.seconds = time.perf_counter() - started
    tally.cpu = _cpu_seconds(pid) - cpu_before
    tally.loads = (tally.loads[0], os.getloadavg()[0])
    tally.memory.append((tally.seconds, _rss_kb(pid)))
    return tally


def _one_puzzle(
    conn: http.client.HTTPConnection,
    rng: random.Random,
    pid: str,
    tally: Tally,
    counter: object,
    most: int,
    done: threading.Event,
    started: float,
) -> None:
    """One player on one puzzle: open it, try up to 8 actions, undo what goes off track."""

    def ask(kind: str, method: str, path: str, body: object = None) -> dict | None:
        t = time.perf_counter()
        try:
            status, text = _ask(port_conn=conn, method=method, path=path, body=body)
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            with tally.lock:
                tally.errors.append(f"{path}: {exc!r}")
            return None
        with tally.lock:
            tally.times.setdefault(kind, []).append(time.perf_counter() - t)
            if status != 200:
                tally.errors.append(f"{path}: HTTP {status} {text[:100]}")
        return json.loads(text) if status == 200 and kind != "page" and kind != "picture" else None

    ask("page", "GET", f"/puzzle/{pid}")
    ask("picture", "GET", f"/picture/{pid}.svg")
    solution = ask("solution", "GET", f"/api/puzzles/{pid}/solution")
    state = ask("state", "POST", f"/api/puzzles/{pid}/state", {"line": []})
    best = (solution or {}).get("solution", [])
    line: list[str] = []
    for _ in range(8):
        if state is None or not state["actions"] or done.is_set():
            return
        on_best = line == best[: len(line)] and len(line) < len(best)
        action = best[len(line)] if on_best and rng.random() < 0.5 else rng.choice(state["actions"])["text"]
        played = ask("play", "POST", f"/api/puzzles/{pid}/play", {"line": line, "action": action})
        n = next(counter)  # type: ignore[call-overload]
        with tally.lock:
            tally.moves = max(tally.moves, n + 1)
            if n + 1 == most // 3:
                tally.warm_at = time.perf_counter() - started
        if n + 1 >= most:
            done.set()
        if played is None:
            return
        with tally.lock:
            tally.verdicts[played["verdict"]] = tally.verdicts.get(played["verdict"], 0) + 1
        if played["verdict"] == "solved":
            return
        line = played["state"]["line"]
        state = played["state"]
        if played["verdict"] in ("off track", "too long"):
            line = line[:-1]
            state = ask("state", "POST", f"/api/puzzles/{pid}/state", {"line": line})


def _ask(
    port: int | None = None,
    method: str = "GET",
    path: str = "/",
    body: object = None,
    port_conn: http.client.HTTPConnection | None = None,
) -> tuple[int, str]:
    """One request on a kept connection (or a new one to 127.0.0.1:port): the status and the text."""
    conn = port_conn or http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    conn.request(method, path, body=data, headers=headers)
    res = conn.getresponse()
    text = res.read().decode()
    if port_conn is None:
        conn.close()
    return res.status, text


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kb(pid: int) -> int:
    """The process's resident memory in kB (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"VmRSS:\s+(\d+)", status)
    return int(found.group(1)) if found else 0


def report(results: list[tuple[str, Tally]], args: argparse.Namespace) -> None:
    """The figures of each run, side by side."""
    print()
    print(f"{args.clients} players at once, {args.moves} judged moves each run, time limit {args.time_limit:g} s")
    header = (
        f"{'run':14} {'moves/s':>8} {'p50 s':>7} {'p95 s':>7} {'p99 s':>7} {'max s':>7} {'all p95':>8} {'errors':>6}"
    )
    print(header + f" {'MB warm':>8} {'MB end':>7} {'MB max':>7}  load")
    for name, t in results:
        plays = sorted(t.times.get("play", [0.0]))
        every = sorted(x for v in t.times.values() for x in v) or [0.0]
        warm = [kb for s, kb in t.memory if t.warm_at is not None and s >= t.warm_at][:1] or [0]
        end = t.memory[-1][1] if t.memory else 0
        top = max((kb for _, kb in t.memory), default=0)
        print(
            f"{name:14} {t.moves / max(t.seconds, 1e-9):8.1f} {_q(plays, 0.5):7.3f} {_q(plays, 0.95):7.3f} "
            f"{_q(plays, 0.99):7.3f} {plays[-1]:7.3f} {_q(every, 0.95):8.3f} {len(t.errors):6} "
            f"{warm[0] / 1024:8.0f} {end / 1024:7.0f} {top / 1024:7.0f}  {t.loads[0]:.1f} -> {t.loads[1]:.1f}"
        )
    for name, t in results:
        asked = sum(len(v) for v in t.times.values())
        print(
            f"{name}: {t.moves} moves in {t.seconds:.0f} s; the server's CPU {t.cpu:.1f} s, "
            f"{1000 * t.cpu / max(asked, 1):.1f} ms per request ({asked} requests); "
            f"verdicts {dict(sorted(t.verdicts.items()))}"
        )
        kinds = ", ".join(f"{k} {len(v)} (p95 {_q(sorted(v), 0.95):.3f} s)" for k, v in sorted(t.times.items()))
        print(f"  requests: {kinds}")
        marks = [t.seconds * k / 6 for k in range(1, 7)]
        timeline = [next((kb for s, kb in t.memory if s >= m), t.memory[-1][1] if t.memory else 0) for m in marks]
        print(
            "  the server's memory at each sixth of the run: "
            + ", ".join(f"{kb / 1024:.0f}" for kb in timeline)
            + " MB"
        )
        for e in t.errors[:5]:
            print(f"  error: {e}")
    print(machine())


def _q(xs: list[float], q: float) -> float:
    """The q-quantile of a sorted list (nearest rank)."""
    return xs[min(len(xs) - 1, max(0, round(q * len(xs)) - 1))]


def machine() -> str:
    """The machine in one line."""
    return (
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f}, Python {platform.python_version()}"
    )


if __name__ == "__main__":
    main()
