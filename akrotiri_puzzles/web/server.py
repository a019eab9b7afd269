"""Running the app: a socket bound first (so that a port in use is one clear error), uvicorn
serving it with time limits on slow clients, and a self-check that serves, asks and stops
(`serve --check`).

Time limits (a club's server must not be held by clients that connect and say nothing):
a connection has HEADER_SECONDS to send its request line and headers, each time it starts a
request (uvicorn itself only times out a connection idle between requests, after
KEEP_ALIVE_SECONDS); a request body has guard.BODY_SECONDS to arrive (`serve --client-timeout`
sets both). At most MAX_CONNECTIONS connections and requests at once: beyond them uvicorn
answers 503.

A connection closed before its request's body was read (a 413, a 408, a malformed request) is
closed by a lingering close, as Apache and nginx close it: its answer sent, the server says it
will send nothing more (a FIN), then goes on reading and dropping what the client still sends,
until the client closes or LINGER_SECONDS pass. Closed at once, the unread bytes make the system
reset the connection, and the reset can destroy the answer before the client has read it.
"""

from __future__ import annotations

import asyncio
import errno
import json
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..errors import AkrotiriError
from .desk import Busy, Desk
from .guard import BODY_SECONDS
from .site import Site

HEADER_SECONDS = 10.0
"""Seconds a connection has to send a request's line and headers."""
KEEP_ALIVE_SECONDS = 5
"""Seconds an idle connection is kept open between two requests."""
MAX_CONNECTIONS = 1000
"""Connections (and requests in progress) at most; beyond, uvicorn answers 503."""
LINGER_SECONDS = 2.0
"""Seconds a connection closed with its request unread goes on dropping what the client sends."""


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


def network_note(sock: socket.socket) -> str | None:
    """What to tell the user when the socket is reachable from other machines (None: loopback only)."""
    import ipaddress

    host, port = sock.getsockname()[:2]
    if ipaddress.ip_address(host).is_loopback:
        return None
    where = f"http://{socket.gethostname()}:{port}" if host in ("0.0.0.0", "::") else url_of(sock)
    return f"Reachable from other machines at {where}: anyone on this network can use the page."


def run(
    site: Site,
    sock: socket.socket,
    warm: bool = True,
    header_seconds: float = HEADER_SECONDS,
    body_seconds: float = BODY_SECONDS,
) -> None:
    """Serve the site on the socket until interrupted; optimums are proven and pictures painted
    in the background, one puzzle at a time, on the judging desk. A connection has
    `header_seconds` to send a request's line and headers, a request `body_seconds` for its body."""
    import uvicorn

    desk = Desk()
    if warm:
        threading.Thread(target=warm_up, args=(site, desk), name="warm", daemon=True).start()
    uvicorn.Server(config(site, sock, desk, header_seconds, body_seconds)).run(sockets=[sock])


def config(
    site: Site,
    sock: socket.socket,
    desk: Desk,
    header_seconds: float = HEADER_SECONDS,
    body_seconds: float = BODY_SECONDS,
) -> Any:
    """uvicorn's settings for serving the site on the bound socket."""
    import uvicorn

    from .app import create_app

    host, port = sock.getsockname()[:2]
    return uvicorn.Config(
        create_app(site, (host, port), desk, body_seconds),
        log_level="warning",
        access_log=False,
        lifespan="off",
        http=timed_protocol(header_seconds),
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        limit_concurrency=MAX_CONNECTIONS,
    )


def warm_up(site: Site, desk: Desk) -> None:
    """Prove each puzzle's optimum and paint its picture, one puzzle after the other, as jobs of
    the desk: a request for a puzzle being proven waits its turn without holding a worker, and
    the other puzzles are answered meanwhile."""
    for pid in [*site.order, *site.lessons]:
        while True:
            try:
                desk.submit(pid, site.warm_one, pid).result()
                break
            except Busy:
                time.sleep(1.0)
            except Exception:  # a puzzle that fails here fails its requests with the reason
                break


class Lingering:
    """A connection's transport whose `close` lingers while the request is unread (the module's
    docstring says why): `unread` tells whether the client may still be sending the request."""

    def __init__(self, transport: asyncio.Transport, unread: Callable[[], bool]) -> None:
        self._transport = transport
        self._unread = unread
        self._timer: asyncio.TimerHandle | None = None
        self.lingering = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

    def is_closing(self) -> bool:
        return self.lingering or self._transport.is_closing()

    def close(self) -> None:
        if self.is_closing():
            return
        if not self._unread() or not self._transport.can_write_eof():
            self._transport.close()
            return
        self.lingering = True
        self._transport.write_eof()  # the answer is flushed first, then the FIN
        self._transport.resume_reading()
        self._timer = asyncio.get_running_loop().call_later(LINGER_SECONDS, self.end)

    def end(self) -> None:
        """Close the connection now (the client has closed, or the lingering time is over)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._transport.close()


def timed_protocol(header_seconds: float) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol with a limit on the time to send a request's headers, and a
    lingering close (`Lingering`)."""

    class Timed(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None
        _lingering: Lingering  # set by connection_made, before any data

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            def unread() -> bool:  # the client may still be sending the request's body
                return self.conn.their_state in (h11.SEND_BODY, h11.ERROR)

            self._lingering = Lingering(transport, unread)  # type: ignore[arg-type]
            super().connection_made(self._lingering)  # type: ignore[arg-type]
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._lingering.lingering:
                self._lingering.end()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._lingering.lingering:
                return  # the rest of a request already answered: dropped
            super().data_received(data)

        def eof_received(self) -> None:
            if self._lingering.lingering:
                self._lingering.end()

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE:
                self._disarm()  # the request's headers are in

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                self._arm()  # the next request's headers are timed from now

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return Timed


def check(site: Site, sock: socket.socket, report: Callable[[str], None]) -> None:
    """Serve the site in a thread, ask it for the list, a puzzle page, its picture, a verdict on the
    first action of its solution, a hint and an unknown id; `report` each answer; stop. A wrong
    answer raises a ServeError."""
    import uvicorn

    server = uvicorn.Server(config(site, sock, Desk()))
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
        at = urllib.parse.quote(pid, safe="")  # an id as a URL's path carries it
        first = (site.item(pid).puzzle.solution or ())[:1]
        steps: list[tuple[str, str, Any, int]] = [
            ("the list", "/", None, 200),
            (f"puzzle {pid}", f"/puzzle/{at}", None, 200),
            (f"picture of {pid}", f"/picture/{at}.svg", None, 200),
            (f"actions of {pid}", f"/api/puzzles/{at}/state", {"line": []}, 200),
        ]
        if first:
            steps.append((f"{pid}: {first[0]}", f"/api/puzzles/{at}/play", {"line": [], "action": str(first[0])}, 200))
        steps.append((f"hint for {pid}", f"/api/puzzles/{at}/hint", {"line": [], "level": 1}, 200))
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
