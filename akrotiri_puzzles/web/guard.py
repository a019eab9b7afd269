"""What the server refuses before any puzzle is looked at, and the headers every answer carries.

- **Host and Origin**: a request whose `Host` header does not name the address served (a page
  elsewhere that rebinds its DNS name to this machine, to read the API), or whose `Origin` is
  another site (a page elsewhere that makes this server run solves), is answered 403.
- **Bodies**: read as they stream, and refused (413) once they pass `MAX_BODY` bytes, whether
  `Content-Length` announced them or they come chunked; a body that takes longer than
  `BODY_SECONDS` to arrive is refused (408). JSON nested deeper than `MAX_DEPTH` is a 400
  before the JSON parser sees it (30,000 nested `[` made the parser recurse out of its stack).
- **Headers**: a Content-Security-Policy that lets the pages load only this server's script,
  stylesheet, pictures and API, no framing, no sniffing of content types, no referrer.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable

import anyio
from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64_000
"""Bytes of a request body: a line of a puzzle is far shorter."""
BODY_SECONDS = 10.0
"""Seconds a request body may take to arrive."""
MAX_DEPTH = 8
"""Levels of nesting of a request's JSON ({"line": [...]} is 2)."""

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: nothing inline, nothing from elsewhere."""
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]
"""Headers added to every answer."""


class Refused(Exception):
    """A request the server will not read: `status` and the reason in words."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def served_hosts(host: str, port: int) -> frozenset[str]:
    """The `Host` header values that name a server bound to host:port. A loopback address is
    reached as itself or as localhost; a LAN address as itself or this machine's name; all
    interfaces (0.0.0.0, ::) as any address literal (see `host_allowed`) or this machine's name."""
    names = {_bracket(host)}
    if _is_loopback(host):
        names.add("localhost")
    else:
        names |= {n.lower() for n in _machine_names()}
    with_port = {f"{n}:{port}" for n in names}
    return frozenset(with_port | (names if port == 80 else set()))


def host_allowed(value: str, hosts: frozenset[str], port: int | None, any_address: bool) -> bool:
    """Whether a `Host` header names the server: one of `hosts`, or, when it listens on every
    interface, an IP address literal with its port (a DNS rebinding attack needs a name, never a
    literal). With `port` None (no served address known) any port of a loopback name will do."""
    value = value.strip().lower()
    if value in hosts:
        return True
    name, port_text = _split_host(value)
    if port is None:
        return name in ("127.0.0.1", "localhost", "[::1]") and (port_text == "" or port_text.isdigit())
    if any_address and port_text == str(port):
        try:
            ipaddress.ip_address(name.strip("[]"))
        except ValueError:
            return False
        return True
    return False


class Guard:
    """ASGI middleware: the Host and Origin checks (403) and the security headers on every answer."""

    def __init__(self, app: ASGIApp, address: tuple[str, int] | None = None) -> None:
        self.app = app
        self.address = address
        host, port = address if address is not None else ("127.0.0.1", None)
        self.port = port
        self.any_address = host in ("0.0.0.0", "::")
        self.hosts = served_hosts(host, port) if port is not None else frozenset()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        why = self.refusal(headers.get("host", ""), headers.get("origin"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        if why is not None:
            await _answer(send_with_headers, 403, why, close=False)
            return
        await self.app(scope, receive, send_with_headers)

    def refusal(self, host: str, origin: str | None) -> str | None:
        """Why a request with these Host and Origin headers is refused, or None."""
        if not host_allowed(host, self.hosts, self.port, self.any_address):
            return f"this server does not answer for the host {_quote(host)}"
        if origin is not None:
            name = origin.strip().lower().removeprefix("http://")
            if (
                origin.strip().lower() == name
                or "/" in name
                or not host_allowed(name, self.hosts, self.port, self.any_address)
            ):
                return f"requests from {_quote(origin)} are not answered: open the page from this server"
        return None


async def read_json(request: Request, seconds: float = BODY_SECONDS) -> object:
    """The request's body as JSON: read as it streams, at most MAX_BODY bytes within `seconds`
    (BODY_SECONDS unless the server was told otherwise), nested at most MAX_DEPTH deep; else
    Refused."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise Refused(413, f"the request body holds {_bytes(length)}; at most {MAX_BODY:,} bytes are read")
    chunks: list[bytes] = []
    size = 0
    try:
        with anyio.fail_after(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise Refused(413, f"the request body holds more than {MAX_BODY:,} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise Refused(408, f"the request body did not arrive within {seconds:g} s") from None
    except ClientDisconnect:
        raise Refused(400, "the client went away before the body arrived") from None
    raw = b"".join(chunks) or b"{}"
    if depth(raw) > MAX_DEPTH:
        raise Refused(400, f"the request is JSON nested more than {MAX_DEPTH} levels deep")
    import json

    try:
        return json.loads(raw)
    except ValueError:  # UnicodeDecodeError and JSONDecodeError alike
        raise Refused(400, "the request is not JSON") from None


_TOKEN = re.compile(rb'\\.|["\[\]{}]', re.S)
"""What matters to nesting: an escape (one token, so that \\" does not end a string), a quote,
a bracket. One pass over the tokens: a pattern matching whole strings backtracks quadratically
on a body of escaped quotes (38 s for 64 kB)."""


def depth(raw: bytes) -> int:
    """How deep the brackets of a JSON text nest, brackets inside strings left out (the text
    need not be valid JSON)."""
    deepest = level = 0
    inside = False
    for found in _TOKEN.finditer(raw):
        token = found.group()
        if token == b'"':
            inside = not inside
        elif inside or token.startswith(b"\\"):
            continue
        elif token in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


async def _answer(send: Send, status: int, reason: str, close: bool) -> None:
    """A JSON error answer sent straight from the middleware."""
    import json

    body = json.dumps({"error": reason}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _split_host(value: str) -> tuple[str, str]:
    """A Host header as (name, port text); the port text is empty when absent."""
    if value.startswith("["):
        name, _, rest = value.partition("]")
        return name + "]", rest.removeprefix(":")
    name, _, port = value.rpartition(":") if ":" in value else (value, "", "")
    return name, port


def _bracket(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _machine_names() -> Iterable[str]:
    """This machine's names, as a person on the LAN may type them."""
    name = socket.gethostname()
    return {name, f"{name}.local", socket.getfqdn(), "localhost"} - {""}


def _quote(text: str) -> str:
    text = "".join(c if c.isprintable() else "?" for c in text)
    return repr(text if len(text) <= 60 else text[:60] + "…")


def _bytes(length: str) -> str:
    return f"{int(length):,} bytes" if length.isdigit() else f"an unreadable length {_quote(length)}"
