"""Run the fuzzer: `python -m tests.fuzz --runs 3000 --seed 1` (what `make fuzz` runs).

Prints one line per kind of problem found (with the first case that showed it and how to run
it again), and exits with status 1 if anything was found.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

from .cases import Corpus, mutated_cases, nasty_cases, option_cases
from .hostile import hostile_cases
from .runner import Case, ExecRunner, ForkServer, Outcome, problems, run_cases
from .web import REQUEST_SECONDS
from .web import problems as http_problems


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000, help="mutated cases to run (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutator (default 1)")
    parser.add_argument("--start", type=int, default=0, help="first mutated case number (default 0)")
    parser.add_argument(
        "--hostile",
        type=int,
        default=0,
        help="hostile cases to run: databases, analyse, grade, teach, book (default 0)",
    )
    parser.add_argument("--http", type=int, default=0, help="HTTP bodies to post to the page's app (default 0)")
    parser.add_argument("--nasty", action="store_true", help="also every hand-written input, each with one command")
    parser.add_argument("--nasty-all", action="store_true", help="also every hand-written input with every command")
    parser.add_argument("--options", action="store_true", help="also the bad option values")
    parser.add_argument("--case", action="append", default=[], help="run only this case id (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once (default 2)")
    parser.add_argument("--exec", action="store_true", help="start the installed script for every case (slow)")
    parser.add_argument("--keep", type=Path, help="copy the files of every case with a problem here")
    parser.add_argument("--json", type=Path, help="write every case's outcome here as JSON lines")
    return parser.parse_args()


def _select(args: argparse.Namespace, corpus: Corpus) -> list[Case]:
    if args.case:
        wanted = set(args.case)
        found = [c for c in nasty_cases() if c.id in wanted] + [c for c in option_cases() if c.id in wanted]
        for cid in wanted:
            if cid.startswith(("m", "h")) and ":" in cid:
                seed, n = cid[1:].split(":")
                make = mutated_cases if cid.startswith("m") else hostile_cases
                found += list(make(corpus, int(seed), 1, int(n)))
        return found
    cases = list(mutated_cases(corpus, args.seed, args.runs, args.start))
    cases += list(hostile_cases(corpus, args.seed, args.hostile))
    if args.nasty or args.nasty_all:
        cases += list(nasty_cases(every_command=args.nasty_all))
    if args.options:
        cases += list(option_cases())
    return cases


def _http(seed: int, count: int) -> list[dict[str, object]]:
    """Post `count` bodies to the app in a child process (tests/fuzz/web.py); one row a request.
    A child that dies or hangs leaves rows missing: each is a problem of its own."""
    if count <= 0:
        return []
    command = [sys.executable, "-m", "tests.fuzz.web", "--seed", str(seed), "--count", str(count)]
    root = Path(__file__).resolve().parents[2]
    try:
        done = subprocess.run(
            command, cwd=root, capture_output=True, text=True, timeout=count * REQUEST_SECONDS + 120, check=False
        )
        out = done.stdout
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
    rows: list[dict[str, object]] = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    for n in range(len(rows), count):
        rows.append({"id": f"w{seed}:{n}", "method": "?", "path": "?", "bytes": 0, "status": None})
        rows[-1] |= {"error": "the child running the app ended before answering", "seconds": 0, "traceback": False}
    return rows


def main() -> int:
    """Run the cases asked for and summarise the problems by kind."""
    args = _arguments()
    cases = _select(args, Corpus.load())
    results: list[tuple[Case, Outcome]] = []
    lock = threading.Lock()
    queue = list(reversed(cases))
    started = time.monotonic()

    def worker() -> None:
        runner = ExecRunner() if args.exec else ForkServer()
        try:
            while True:
                with lock:
                    if not queue:
                        return
                    case = queue.pop()
                (result,) = run_cases([case], runner, args.keep)
                with lock:
                    results.append(result)
                    if len(results) % 100 == 0:
                        print(f"{len(results)} of {len(cases)} cases run", file=sys.stderr, flush=True)
        finally:
            runner.close()

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    web = _http(args.seed, args.http)
    elapsed = time.monotonic() - started

    kinds: dict[str, list[tuple[Case, Outcome, list[str]]]] = defaultdict(list)
    exits: Counter[str] = Counter()
    for case, outcome in results:
        exits[str(outcome.status) if outcome.signal is None else f"signal {outcome.signal}"] += 1
        found = problems(case, outcome)
        for kind in found:
            kinds[re.sub(r"\d+", "N", kind)].append((case, outcome, found))
    for row in web:
        exits[f"HTTP {row['status']}"] += 1
        for kind in http_problems(row):
            kinds[re.sub(r"\d+", "N", kind)].append((_web_case(row), _web_outcome(row), [kind]))
    if args.json:
        with args.json.open("w") as fh:
            for row in web:
                fh.write(json.dumps(row | {"problems": http_problems(row)}) + "\n")
            for case, outcome in results:
                row = {"id": case.id, "argv": [a[:200] for a in case.argv], "problems": problems(case, outcome)}
                row.update(status=outcome.status, signal=outcome.signal, timed_out=outcome.timed_out)
                row.update(seconds=round(outcome.seconds, 3), maxrss_mb=round(outcome.maxrss_mb, 1))
                row.update(stderr=outcome.stderr[:2000], stderr_bytes=outcome.stderr_bytes)
                fh.write(json.dumps(row) + "\n")

    slowest = max(results, key=lambda r: r[1].seconds, default=None)
    biggest = max(results, key=lambda r: r[1].maxrss_mb, default=None)
    print(
        f"{len(results) + len(web)} cases in {elapsed:.0f} s ({len(web)} HTTP requests); exit statuses: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(exits.items()))
    )
    if slowest and biggest:
        print(
            f"slowest {slowest[1].seconds:.1f} s ({slowest[0].id}); most memory {biggest[1].maxrss_mb:.0f} MB ({biggest[0].id})"
        )
    if not kinds:
        print("no problems found")
        return 0
    print(f"{sum(len(v) for v in kinds.values())} problems of {len(kinds)} kinds:")
    for kind, hits in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        case, outcome, _ = hits[0]
        argv = " ".join(a if len(a) < 60 else a[:40] + f"...({len(a)} chars)" for a in case.argv)
        print(f"  {len(hits):5d}  {kind}")
        print(f"         e.g. {case.id}: akrotiri-puzzle {argv}")
        tail = [line for line in outcome.stderr.splitlines() if line.strip()][-1:] or [""]
        print(f"         {tail[0][:200]}")
    return 1


def _web_case(row: dict[str, object]) -> Case:
    """An HTTP request as the summary names a case."""
    return Case(str(row["id"]), [f"(HTTP) {row['method']}", str(row["path"])])


def _web_outcome(row: dict[str, object]) -> Outcome:
    seconds = row["seconds"]
    return Outcome(
        status=None,
        signal=None,
        timed_out=False,
        seconds=float(seconds) if isinstance(seconds, (int, float)) else 0.0,
        maxrss_mb=0.0,
        stdout_bytes=0,
        stderr=str(row.get("error") or row.get("log") or ""),
        stderr_bytes=0,
        leftovers=[],
    )


if __name__ == "__main__":
    sys.exit(main())
