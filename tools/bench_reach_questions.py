"""Record and replay the two-turn relaxation's questions (analysis/reach/reach_below.py's `Below`).

The two-turn placement search (`analyse --turns 2` from a tile placement) asks one `Below` per
analysis, question after question (a position, the value asked, whether `every` surveys), and
each question runs relaxed searches (analysis/reach/reach_two.py's `TwoRelaxed.best`). This tool:

- `record`: analyses one position of bench_two_turns_place.positions (seed, edition, seat,
  turn) in a forked child killed at `--cpu-limit` CPU seconds (RLIMIT_CPU), and streams every
  question with its answer, its CPU seconds and its searches (value, or Reached / TooBig, and
  the states of the last tier) to a pickle file (one Pickler: boards pickled once). It also
  prints the placement groups done with their CPU seconds (`--no-record`: only those, to
  measure the whole search at a CPU limit).
- `replay`: asks the recorded questions again, in order, one fresh `Below` per recorded
  analysis (the first `--first` of each), and prints the CPU seconds per question, the answers,
  whether each answer and search equals the recorded one, and two digests (the first 12 hex
  digits of SHA-256): `answers` over every answer and every search's value or outcome, `states`
  over the states of every search too.
- `compare`: runs `replay` in child processes alternately with two trees' code (PYTHONPATH),
  `--rounds` times, and prints each run's CPU seconds and digests and the after/before ratios.

    PYTHONPATH=. python tools/bench_reach_questions.py record --seed 3 --turn 11 --seat south \\
        --cpu-limit 200 --out /tmp/s3t11.pickle
    PYTHONPATH=. python tools/bench_reach_questions.py replay /tmp/s3t11.pickle --first 20
    python tools/bench_reach_questions.py compare /tmp/s3t11.pickle --before BASE --after . --rounds 3
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import os
import pickle
import resource
import subprocess
import sys
import time
from typing import Any

from akrotiri_puzzles.analysis import endgame
from akrotiri_puzzles.analysis.reach import reach_below, reach_two

Search = tuple[str, int | None, int]
"""One relaxed search: its outcome ("value", "Reached", "TooBig"), its value, its states."""


def _outcome(searches: list[Search], relaxed: reach_two.TwoRelaxed, kind: str, value: int | None) -> None:
    searches.append((kind, value, relaxed.start_nodes - relaxed.nodes))


def _watch_searches(searches: list[Search]) -> None:
    """Record every `TwoRelaxed.best` into `searches` (class-level wrapper)."""
    best = reach_two.TwoRelaxed.best

    def watched(self: reach_two.TwoRelaxed) -> int:
        try:
            value = best(self)
        except reach_two.Reached:
            _outcome(searches, self, "Reached", None)
            raise
        except reach_two.TooBig:
            _outcome(searches, self, "TooBig", None)
            raise
        _outcome(searches, self, "value", value)
        return value

    reach_two.TwoRelaxed.best = watched  # type: ignore[method-assign]


def _position(args: argparse.Namespace) -> Any:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from bench_two_turns_place import the_position

    return the_position(args.parser, args)


def record(args: argparse.Namespace) -> None:
    pos = _position(args)
    ctx = multiprocessing.get_context("fork")
    child = ctx.Process(target=_record_child, args=(args, pos))
    w0 = time.perf_counter()
    child.start()
    child.join()
    print(f"child exit {child.exitcode}, wall {time.perf_counter() - w0:.1f} s", flush=True)


def _record_child(args: argparse.Namespace, pos: Any) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (args.cpu_limit, args.cpu_limit + 5))
    out = None if args.no_record else open(args.out, "wb")  # noqa: SIM115 - streamed until killed
    pickler = None if out is None else pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    if pickler is not None:
        pickler.dump({"seed": args.seed, "edition": args.edition, "turn": args.turn, "seat": args.seat})
    searches: list[Search] = []
    _watch_searches(searches)
    asked = reach_below.Below.__call__
    count = [0, 0.0]

    def call(self: reach_below.Below, p: Any, ask: int, survey: bool = False) -> bool:
        searches.clear()
        t0 = time.process_time()
        answer = asked(self, p, ask, survey)
        cpu = time.process_time() - t0
        count[0] += 1
        count[1] += cpu
        if pickler is not None and out is not None:
            pickler.dump((id(self), p, ask, survey, answer, cpu, list(searches)))
            out.flush()
        return answer

    reach_below.Below.__call__ = call  # type: ignore[method-assign, assignment]

    def progress(done: int, total: int, best: int | None) -> None:
        print(
            f"group {done}/{total} best {best} at {time.process_time():.1f} CPU s"
            f" (questions {count[0]}, {count[1]:.1f} s)",
            flush=True,
        )

    t0 = time.process_time()
    a = endgame.analyse(pos, "score", turns=2, progress=progress)
    print(f"done {a.status} {a.value} {a.bound} in {time.process_time() - t0:.1f} CPU s", flush=True)


def load(path: str) -> tuple[dict[str, Any], list[list[tuple[Any, ...]]]]:
    """The header and the questions of a recording, by analysis (its `Below`), in order; a
    record cut by the kill at the CPU limit is dropped."""
    streams: dict[int, list[tuple[Any, ...]]] = {}
    with open(path, "rb") as f:
        up = pickle.Unpickler(f)
        head = up.load()
        while True:
            try:
                rec = up.load()
            except (EOFError, pickle.UnpicklingError, AttributeError, ValueError):
                break
            streams.setdefault(rec[0], []).append(rec[1:])
    return head, list(streams.values())


def replay(args: argparse.Namespace) -> None:
    searches: list[Search] = []
    _watch_searches(searches)
    every: list[tuple[Any, ...]] = []
    total = 0.0
    same = differ = 0
    for path in args.paths:
        _, streams = load(path)
        for n, stream in enumerate(streams):
            below = reach_below.Below()
            for i, (pos, ask, survey, answer, cpu, seen) in enumerate(stream[: args.first]):
                searches.clear()
                t0 = time.process_time()
                got = below(pos, ask, survey)
                spent = time.process_time() - t0
                total += spent
                ok = got == answer and searches == seen
                same += ok
                differ += not ok
                every.append((os.path.basename(path), n, i, got, tuple(searches)))
                if args.verbose:
                    print(
                        f"{os.path.basename(path)} #{n}.{i} ask {ask} survey {survey}: {got}"
                        f" {spent:.2f} s (recorded {cpu:.2f} s) searches {len(searches)}"
                        f" states {sum(s[2] for s in searches)}{'' if ok else ' DIFFERS'}",
                        flush=True,
                    )
    answers = repr([(e[:4], tuple(s[:2] for s in e[4])) for e in every])
    states = repr(every)
    print(
        f"questions {len(every)} cpu {total:.2f} same-as-recorded {same} differ {differ}"
        f" answers {hashlib.sha256(answers.encode()).hexdigest()[:12]}"
        f" states {hashlib.sha256(states.encode()).hexdigest()[:12]}",
        flush=True,
    )


def compare(args: argparse.Namespace) -> None:
    here = os.path.abspath(__file__)
    rows: dict[str, list[float]] = {"before": [], "after": []}
    for r in range(args.rounds):
        for name, tree in (
            (("before", args.before), ("after", args.after))
            if r % 2 == 0
            else (
                ("after", args.after),
                ("before", args.before),
            )
        ):
            env = dict(os.environ, PYTHONPATH=os.path.abspath(tree), PYTHONHASHSEED="0")
            cmd = [sys.executable, here, "replay", *args.paths]
            if args.first is not None:
                cmd += ["--first", str(args.first)]
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout.strip()
            last = out.splitlines()[-1]
            cpu = float(last.split(" cpu ")[1].split()[0])
            rows[name].append(cpu)
            print(f"round {r} {name}: {last}", flush=True)
    for b, a in zip(rows["before"], rows["after"], strict=True):
        print(f"after/before {a / b:.3f} ({a:.2f} / {b:.2f})")
    print(f"total after/before {sum(rows['after']) / sum(rows['before']):.3f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--seed", type=int, required=True)
    rec.add_argument("--edition", type=int, default=2016)
    rec.add_argument("--turn", type=int, required=True)
    rec.add_argument("--seat", default="south")
    rec.add_argument("--cpu-limit", type=int, default=200)
    rec.add_argument("--out", default="questions.pickle")
    rec.add_argument("--no-record", action="store_true", help="only the groups done and their CPU s")
    rec.set_defaults(parser=rec)
    rep = sub.add_parser("replay")
    rep.add_argument("paths", nargs="+")
    rep.add_argument("--first", type=int, default=None, help="the first questions of each analysis only")
    rep.add_argument("--verbose", action="store_true")
    rep.add_argument("--profile", default=None, help="write cProfile's stats of the replay to this file")
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("paths", nargs="+")
    cmp_.add_argument("--before", required=True, help="a tree (its PYTHONPATH)")
    cmp_.add_argument("--after", required=True)
    cmp_.add_argument("--rounds", type=int, default=2)
    cmp_.add_argument("--first", type=int, default=None)
    args = ap.parse_args()
    if args.cmd == "replay" and args.profile:
        import cProfile

        cProfile.runctx("replay(args)", globals(), {"args": args}, args.profile)
        return
    {"record": record, "replay": replay, "compare": compare}[args.cmd](args)


if __name__ == "__main__":
    main()
