"""Running the app: a loopback socket bound first (so that a port in use is one clear error),
uvicorn serving it, and a self-check that serves, asks and stops (`serve --check`)."""

from __future__ import annotations

import errno
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from ..errors import AkrotiriError
from .site import Site


class ServeError(AkrotiriError):
    """The server cannot start: the port is in use, the address cannot be bound."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (port 0: any free port), or a ServeError."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(f"--port: {port} is in use on {host}; choose another port (--port 8080)") from None
        raise ServeError(f"--host/--port: cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.listen(128)
    return sock


def url_of(sock: socket.socket) -> str:
    """The address a bound socket serves."""
    host, port = sock.getsockname()[:2]
    return f"http://{f'[{host}]' if ':' in host else host}:{port}"


def run(site: Site, sock: socket.socket, warm: bool = True) -> None:
    """Serve the site on the socket until interrupted; pictures are painted in the background."""
    import uvicorn

    from .app import create_app

    if warm:
        threading.Thread(target=site.warm, name="warm", daemon=True).start()
    config = uvicorn.Config(create_app(site), log_level="warning", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])


def check(site: Site, sock: socket.socket, report: Callable[[str], None]) -> None:
    """Serve the site in a thread, ask it for the list, a puzzle page, its picture, a verdict on the
    first action of its solution, a hint and an unknown id; `report` each answer; stop. A wrong
    answer raises a ServeError."""
    import uvicorn

    from .app import create_app

    config = uvicorn.Config(create_app(site), log_level="warning", access_log=False, lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = url_of(sock)
    try:
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.05)
        report(f"serving {site.counted()} at {base}")
        pid = site.order[0]
        first = (site.item(pid).puzzle.solution or ())[:1]
        steps: list[tuple[str, str, Any, int]] = [
            ("the list", "/", None, 200),
            (f"puzzle {pid}", f"/puzzle/{pid}", None, 200),
            (f"picture of {pid}", f"/picture/{pid}.svg", None, 200),
            (f"actions of {pid}", f"/api/puzzles/{pid}/state", {"line": []}, 200),
        ]
        if first:
            steps.append((f"{pid}: {first[0]}", f"/api/puzzles/{pid}/play", {"line": [], "action": str(first[0])}, 200))
        steps.append((f"hint for {pid}", f"/api/puzzles/{pid}/hint", {"line": [], "level": 1}, 200))
        steps.append(("an unknown id", "/puzzle/no-such-puzzle", None, 404))
        for what, path, body, want in steps:
            status, text = _get(base + path, body)
            if status != want:
                raise ServeError(f"{path}: answered HTTP {status}, expected {want}")
            report(f"{what}: HTTP {status}, {_gist(path, text)}")
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _get(url: str, body: Any) -> tuple[int, str]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as res:
            return res.status, res.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def _gist(path: str, text: str) -> str:
    """A few words about an answer."""
    if path.endswith(".svg"):
        return f"{len(text):,} characters of SVG"
    if path.startswith("/api/"):
        data = json.loads(text)
        if "message" in data:
            return data["message"]
        if "hint" in data:
            return data["hint"]
        return f"{len(data.get('actions', []))} actions available, budget {data.get('budget')}"
    return f"{len(text):,} characters of HTML"
