"""HTTP bodies posted to the page's app (issue 32): a thin layer that builds the app as `serve`
does, posts seeded hostile bodies and paths through Starlette's test client, and reports each
answer. The judgement: never a 5xx, never a traceback in the log, never a hang.

It runs as a child process (`python -m tests.fuzz.web --seed 1 --count 300`), one JSON line per
request on stdout, so that a crash or a hang is the child's; each request is cut at
REQUEST_SECONDS by an alarm. The case id `w<seed>:<n>` makes a request again.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import random
import signal
import sys
import time
from contextlib import redirect_stderr
from typing import Any

from .cases import ACTIONS, NASTY_ACTIONS, ROOT

REQUEST_SECONDS = 60
IDS = ("p01", "p02", "p03", "p04")
"""The puzzles the app serves."""
ODD_IDS = ("p99", "..%2F..%2Fetc%2Fpasswd", "%00", "p" * 10_000, "%C3%A9", "../p01", "p01%20", "[red]p01")


def app() -> Any:
    """The app as `serve` builds it, on a few puzzles of the collection (the one place that
    knows how the web package is put together)."""
    from akrotiri_puzzles.files.collection import load_collection
    from akrotiri_puzzles.files.components_yaml import load_components
    from akrotiri_puzzles.web.app import create_app
    from akrotiri_puzzles.web.site import Site

    collection = load_collection([ROOT / "puzzles" / f"{pid}.yaml" for pid in IDS], load_components())
    return create_app(Site(collection, time_limit=2.0))


def _json_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return rng.choice((0, -1, 2**70, 1.5, True, None))
    if kind == 1:
        return rng.choice(ACTIONS + NASTY_ACTIONS[:8])
    if kind == 2:
        return "x" * rng.choice((0, 1, 1000, 70_000))
    if kind == 3:
        return "\ud800" if rng.random() < 0.5 else "é漢字\u0000"
    if kind == 4:
        return [rng.choice(ACTIONS) for _ in range(rng.choice((1, 5, 201, 10_000)))]
    if kind == 5:
        return [_json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(("line", "action", "level", "x")): _json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def body(rng: random.Random) -> bytes:
    """A request body: mostly JSON of the right shape with wrong parts, sometimes not JSON."""
    kind = rng.choices(("shape", "random", "deep", "huge", "raw"), weights=(5, 3, 2, 1, 2))[0]
    if kind == "shape":
        data: dict[str, Any] = {"line": [rng.choice(ACTIONS) for _ in range(rng.randint(0, 4))]}
        for key in ("action", "level", "line"):
            if rng.random() < 0.5:
                data[key] = _json_value(rng)
        return json.dumps(data).encode()
    if kind == "random":
        return json.dumps(_json_value(rng)).encode()
    if kind == "deep":
        n = rng.choice((100, 1000, 30_000))
        inner = "[" * n + "]" * n if rng.random() < 0.5 else '{"a":' * n + "1" + "}" * n
        return f'{{"line": [], "action": {inner}}}'.encode() if rng.random() < 0.5 else inner.encode()
    if kind == "huge":
        return b'{"line": ["' + b"x" * rng.choice((70_000, 2_000_000)) + b'"]}'
    return rng.choice(
        (
            b"",
            b"{",
            b"not json",
            b"\xff\xfe{}",
            b'{"line": [], "line": "dup"}',
            b'{"line": NaN, "action": Infinity}',
            b'{"level": 1e400}',
            b"\xef\xbb\xbf{}",
            b"null",
            b"[]",
            b'"string"',
        )
    )


def request(rng: random.Random) -> tuple[str, str, bytes, dict[str, str]]:
    """Method, path, body and headers of one request."""
    pid = rng.choice(IDS) if rng.random() < 0.8 else rng.choice(ODD_IDS)
    if rng.random() < 0.85:
        what = rng.choice(("state", "play", "hint"))
        headers = {"content-type": rng.choice(("application/json", "text/plain", "application/x-www-form-urlencoded"))}
        return "POST", f"/api/puzzles/{pid}/{what}", body(rng), headers
    path = rng.choice((f"/api/puzzles/{pid}/solution", f"/picture/{pid}.svg", f"/puzzle/{pid}", f"/learn/{pid}"))
    return "GET", path, b"", {}


class _Alarm(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Alarm


def main() -> int:
    """Post `--count` requests from `--seed`; one JSON line per request."""
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.web")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    from starlette.testclient import TestClient

    log = io.StringIO()
    logging.basicConfig(stream=log, level=logging.WARNING)
    signal.signal(signal.SIGALRM, _alarm)
    with TestClient(app(), raise_server_exceptions=True, base_url="http://127.0.0.1") as client:
        for n in range(args.start, args.start + args.count):
            rng = random.Random(f"web {args.seed}:{n}")
            method, path, data, headers = request(rng)
            start = time.monotonic()
            status, error = None, None
            captured = io.StringIO()
            signal.alarm(REQUEST_SECONDS)
            try:
                with redirect_stderr(captured):
                    answer = client.request(method, path, content=data, headers=headers)
                status = answer.status_code
            except _Alarm:
                error = f"no answer within {REQUEST_SECONDS} s"
            except Exception as exc:  # raised in the app: a 500 with a traceback in the server's log
                status = 500
                error = f"traceback {type(exc).__name__}: {str(exc)[:200]}"
            finally:
                signal.alarm(0)
            logged = log.getvalue() + captured.getvalue()
            log.seek(0)
            log.truncate()
            row = {"id": f"w{args.seed}:{n}", "method": method, "path": path[:120], "bytes": len(data)}
            row |= {"status": status, "error": error, "seconds": round(time.monotonic() - start, 3)}
            row |= {"traceback": "Traceback" in logged, "log": logged[-500:]}
            print(json.dumps(row), flush=True)
    return 0


def problems(row: dict[str, Any]) -> list[str]:
    """What went wrong with one request."""
    found = []
    if row["error"]:
        found.append(f"http: {row['error'].split(':')[0]}")
    elif row["status"] is not None and row["status"] >= 500:
        found.append(f"http: status {row['status']}")
    if row["traceback"]:
        found.append("http: traceback in the log")
    return found


if __name__ == "__main__":
    sys.exit(main())
