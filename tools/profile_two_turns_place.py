"""A logged profile of `analyse --turns 2` from one turn's tile placement (issue 31, part 1).

The position is drawn as tools/bench_two_turns_place.py draws it (seeded greedy game, edition,
seat, game turn). The analysis runs as `analyse --turns 2` runs it (`endgame.analyse`, one worker,
no time limit) in a forked child killed after `--cpu-limit` CPU seconds (RLIMIT_CPU), and logs,
by wrapping functions here (no hook in the package), one JSON line per event to `--log`:

- `model`: each two-turn CP-SAT model (`endgame.best_two_turns`): the position (a placement, or
  the cover of which placements), the floor and cap asked, status, value, bound, CPU s (its own,
  without the relaxation's questions its watch asked inside it: `cpu`; with them: `cpu_all`);
  a `model_start` line before it, so that a model the limit killed is still named;
- `question`: each relaxation question (`reach_below.Below.__call__`, and `Below.every` of a thin
  group: `kind` "below" or "every"), the position, the value asked (`ask`), the answer (`below`),
  CPU s, and whether it was asked inside a model (a watch's question: `in_model`);
- `cover`: each cover built (placement.cover), its name and its members' placements;
- `group`: the progress after each group of placements (groups done, the best so far);
- `pass`, `deferred`: a deferred watch's passes and budgeted questions (watch_defer.py);
- `end`: the answer (status, value, bound, line, the bench's digest) and the CPU s.

Then a summary table: CPU by kind, every model with its floor, status and CPU, and the *loose
covers*: the models INFEASIBLE at a floor where the relaxation had just said "not below" of the
same position at that value (what a tighter relaxation would have saved). `--summary LOG` prints
the summary of a log already written, without running anything.

    PYTHONPATH=TREE PYTHONHASHSEED=0 nice -n 10 .venv/bin/python tools/profile_two_turns_place.py \
        --seed 4 --edition 2016 --seat north --turn 12 --cpu-limit 600 --log /tmp/s4t12.jsonl
    .venv/bin/python tools/profile_two_turns_place.py --summary /tmp/s4t12.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import resource
import sys
import time
from collections import defaultdict
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from bench_two_turns_place import position_options, set_split, split_options, the_position

from akrotiri_puzzles.analysis import (
    climb_cards,
    endgame,
    floor_cards,
    floor_first,
    floor_member,
    placement,
    top_down,
    watch_defer,
)
from akrotiri_puzzles.analysis.reach import reach_below, reach_thin
from akrotiri_puzzles.position import Position


class Logger:
    """The wrappers' state: the log file, the positions' names, the nesting of questions."""

    def __init__(self, path: str) -> None:
        self.out = open(path, "w")  # noqa: SIM115 - kept open for the child's life
        self.names: dict[int, tuple[Position, str]] = {}
        self.t0 = time.process_time()
        self.depth = 0
        """Models open (a question inside one is a watch's)."""
        self.inner: list[float] = []
        """Per open model: the CPU s of the questions asked inside it."""
        self.asking = 0

    def write(self, **rec: Any) -> None:
        rec["at"] = round(time.process_time() - self.t0, 2)
        self.out.write(json.dumps(rec) + "\n")
        self.out.flush()

    def name(self, pos: Position) -> str:
        got = self.names.get(id(pos))
        return got[1] if got is not None and got[0] is pos else f"? {id(pos)}"

    def named(self, pos: Position, name: str) -> None:
        self.names[id(pos)] = (pos, name)  # the object kept: its id is never reused


def install(log: Logger) -> None:
    """Wrap the package's functions to log to `log` (in this process only)."""
    two_turns = endgame.best_two_turns

    def model(pos, objective, deadline, floor=None, workers=1, cap=None, watch=None):  # type: ignore[no-untyped-def]
        name = log.name(pos)
        log.write(kind="model_start", pos=name, floor=floor, cap=cap)
        log.depth += 1
        log.inner.append(0.0)
        t = time.process_time()
        try:
            r = two_turns(pos, objective, deadline, floor, workers, cap, watch)
        finally:
            cpu = time.process_time() - t
            inner = log.inner.pop()
            log.depth -= 1
        log.write(
            kind="model",
            pos=name,
            floor=floor,
            cap=cap,
            status=r.status,
            value=r.value,
            bound=r.bound,
            cpu=round(cpu - inner, 2),
            cpu_all=round(cpu, 2),
            watched=watch is not None,
        )
        return r

    endgame.best_two_turns = model  # type: ignore[assignment]

    covering = placement.cover

    def cover(members, turns=1):  # type: ignore[no-untyped-def]
        top = covering(members, turns)
        if top is not None:
            first = log.name(members[0])
            name = f"cover{turns}({len(members)}: {first}, ...)"
            log.named(top, name)
            log.write(kind="cover", pos=name, members=[log.name(m) for m in members])
        return top

    placement.cover = cover  # type: ignore[assignment]
    reach_thin.cover = cover  # type: ignore[assignment]

    def asked(kind: str, pos_name: str, ask: int, fn: Any) -> bool:
        t = time.process_time()
        log.asking += 1
        try:
            answer = fn()
        finally:
            cpu = time.process_time() - t
            log.asking -= 1
        if log.asking == 0 and log.inner:
            log.inner[-1] += cpu
        if log.asking == 0:
            log.write(
                kind="question", q=kind, pos=pos_name, ask=ask, below=answer, cpu=round(cpu, 3), in_model=log.depth > 0
            )
        return answer

    call = reach_below.Below.__call__
    every = reach_below.Below.every

    def below(self, pos, ask, survey=False):  # type: ignore[no-untyped-def]
        return asked("below", log.name(pos), ask, lambda: call(self, pos, ask, survey))

    def every_one(self, members, ask):  # type: ignore[no-untyped-def]
        name = f"every({len(members)}: {log.name(members[0])}, ...)"
        return asked("every", name, ask, lambda: every(self, members, ask))

    reach_below.Below.__call__ = below  # type: ignore[method-assign]
    reach_below.Below.every = every_one  # type: ignore[method-assign]
    # A deferred watch's passes and questions (the game's end, watch_defer.py): `pass` and
    # `deferred` lines (a question spent has `below` null; one answered is also a `question`).
    watch_defer.TRACE = log.write
    # The first model's first pass and its relaxed line's cards (floor_first.py): `first_pass`
    # and `cards` lines.
    floor_first.TRACE = log.write
    # A deferred (or, before the game's end, floored) search's relaxed line's cards and final
    # boards after its first pass (floor_cards.py): `cards_ask` and `cards_solve` lines.
    floor_cards.TRACE = log.write
    # A floored model's first pass before the game's end (floor_member.py): `floored_pass` lines
    # (its relaxed line's cards are floor_cards.py's lines above).
    floor_member.TRACE = log.write
    # A first model's narrowed solves after a climb that proved nothing (climb_cards.py):
    # `climb_cards` lines.
    climb_cards.TRACE = log.write
    # A first model asked at the relaxation's ceiling (top_down.py): `top_ceiling` and `top_solve` lines.
    top_down.TRACE = log.write


def run(pos: Position, path: str) -> None:
    """The analysis of `pos` over two turns, logged to `path`."""
    log = Logger(path)
    install(log)
    kids = endgame.Run(pos, "score", endgame.Deadline(None), 1, turns=2).children(pos)
    children = endgame.Run.children

    def named_children(self, p, ending=False):  # type: ignore[no-untyped-def]
        out = children(self, p, ending)
        if p is self.start:
            for action, child in out:
                log.named(child, str(action))
        return out

    endgame.Run.children = named_children  # type: ignore[method-assign]

    def progress(done: int, total: int, best: int | None) -> None:
        log.write(kind="group", done=done, total=total, best=best)

    log.write(kind="start", placements=len(kids))
    t = time.process_time()
    a = endgame.analyse(pos, "score", turns=2, progress=progress)
    line = "; ".join(str(x) for x in a.best.line) if a.best is not None else ""
    text = f"{a.status} {a.value} {a.bound} {line}"
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    log.write(
        kind="end",
        status=a.status,
        value=a.value,
        bound=a.bound,
        line=line,
        digest=digest,
        cpu=round(time.process_time() - t, 2),
    )


def in_child(pos: Position, path: str, cpu: int) -> None:
    """`run` in a forked child, killed after `cpu` CPU seconds."""
    ctx = multiprocessing.get_context("fork")

    def child() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        run(pos, path)

    p = ctx.Process(target=child)
    p.start()
    p.join()


def summary(path: str) -> str:
    with open(path) as f:
        recs = [json.loads(line) for line in f if line.strip()]
    out: list[str] = []
    models = [r for r in recs if r["kind"] == "model"]
    questions = [r for r in recs if r["kind"] == "question"]
    end = next((r for r in recs if r["kind"] == "end"), None)
    groups = [r for r in recs if r["kind"] == "group"]
    last_at = recs[-1]["at"] if recs else 0.0
    open_model = None
    starts = [r for r in recs if r["kind"] in ("model_start", "model")]
    if starts and starts[-1]["kind"] == "model_start":
        open_model = starts[-1]
    cpu: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    for r in models:
        k = f"model {r['status']}"
        cpu[k] += r["cpu"]
        count[k] += 1
    for r in questions:
        k = f"question {r['q']}{' (watch)' if r['in_model'] else ''} {'below' if r['below'] else 'not below'}"
        cpu[k] += r["cpu"]
        count[k] += 1
    out.append(f"log {path}: {len(recs)} records, last at {last_at} CPU s")
    if end is not None:
        out.append(
            f"end: {end['status']} {end['value']} bound {end['bound']} digest {end['digest']}, {end['cpu']} CPU s"
        )
    else:
        out.append("end: none (killed at the CPU limit)")
    if groups:
        g = groups[-1]
        out.append(f"groups done: {g['done']} of {g['total']} at {g['at']} CPU s, best {g['best']}")
    if open_model is not None:
        out.append(
            f"open at the end: model of {open_model['pos']} floor {open_model['floor']} since {open_model['at']} CPU s"
            f" ({last_at - open_model['at']:.1f} s in it at the last record)"
        )
    out.append("")
    out.append("| kind | count | CPU s |")
    out.append("|---|---:|---:|")
    for k in sorted(cpu, key=lambda k: -cpu[k]):
        out.append(f"| {k} | {count[k]} | {cpu[k]:.1f} |")
    out.append("")
    out.append("| at | model of | floor | status | value | bound | CPU s | with watch questions |")
    out.append("|---:|---|---:|---|---:|---:|---:|---:|")
    for r in models:
        out.append(
            f"| {r['at']} | `{r['pos']}` | {r['floor']} | {r['status']} | {r['value']} | {r['bound']} | {r['cpu']} | {r['cpu_all']} |"
        )
    out.append("")
    loose = []
    for i, r in enumerate(recs):
        if r["kind"] != "model" or r["status"] != "INFEASIBLE" or r["floor"] is None:
            continue
        before = [
            q
            for q in recs[:i]
            if q["kind"] == "question" and q["pos"] == r["pos"] and q["ask"] == r["floor"] and not q["below"]
        ]
        if before:
            loose.append((r, before[-1]))
    out.append(f"loose covers and placements (relaxation not below, CP-SAT INFEASIBLE): {len(loose)}")
    out.append("| model of | floor | question CPU s | model CPU s |")
    out.append("|---|---:|---:|---:|")
    for r, q in loose:
        out.append(f"| `{r['pos']}` | {r['floor']} | {q['cpu']} | {r['cpu']} |")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    position_options(ap, required=False)
    ap.add_argument("--cpu-limit", type=int, default=600)
    ap.add_argument("--log", help="the JSON-lines log to write")
    ap.add_argument("--summary", help="only print the summary of this log")
    split_options(ap)
    args = ap.parse_args()
    set_split(ap, args)
    if args.summary:
        print(summary(args.summary))
        return
    if args.seed is None or args.turn is None or args.log is None:
        ap.error("--seed, --turn and --log are needed (or --summary LOG)")
    in_child(the_position(ap, args), args.log, args.cpu_limit)
    print(summary(args.log))


if __name__ == "__main__":
    main()
