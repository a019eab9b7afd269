"""The ASGI app (Starlette): the pages, the pictures, the static files and the JSON API.

    GET  /                              the puzzle list (and the lessons, under "Learn")
    GET  /puzzle/{id}, /learn/{id}      a puzzle page
    GET  /picture/{id}.svg              the puzzle's picture
    GET  /api/puzzles                   the list, as JSON
    POST /api/puzzles/{id}/state        {"line": [...]}: where the line stands
    POST /api/puzzles/{id}/play         {"line": [...], "action": "ship T1"}: the verdict on one more action
    POST /api/puzzles/{id}/hint         {"line": [...], "level": 1 or 2}
    POST /api/puzzles/{id}/preview      {"line": [...], "action": "tile 1,0 r90"}: the tile in place, not played
    GET  /api/puzzles/{id}/solution     a best line from the start

Whatever may solve or paint (the API's answers, a picture not yet painted) runs on the judging
desk (desk.py), one job of a puzzle at a time on worker threads of its own; the pages, the list
and the static files never wait for it. A full desk is a 503 with Retry-After ("busy, retry").
Every request first passes the guard (guard.py: Host and Origin, security headers); bodies are
read by `guard.read_json`, as they stream.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from .desk import Busy, Desk
from .guard import BODY_SECONDS, Guard, Refused, read_json
from .lru import LRU
from .pages import index_page, not_found_page, puzzle_page
from .site import BadRequest, NotFound, Site

STATIC = Path(__file__).with_name("static")
PICTURES_BYTES = 32_000_000
"""Bytes of puzzle pictures the app keeps ready to send (each is 100 to 200 kB)."""
RETRY_SECONDS = 2
"""What a busy answer's Retry-After says."""


def create_app(
    site: Site, address: tuple[str, int] | None = None, desk: Desk | None = None, body_seconds: float = BODY_SECONDS
) -> ASGIApp:
    """The app serving `site` at `address` (host, port): requests whose Host or Origin name
    another address are refused. Without an address (an app driven in-process, e.g. by
    Starlette's TestClient with base_url="http://127.0.0.1"), a loopback name on any port is
    accepted. Judging runs on `desk` (a new Desk when None); a request body has `body_seconds`
    to arrive."""
    desk = desk if desk is not None else Desk()
    pictures: LRU[str, str] = LRU(most=1024, budget=PICTURES_BYTES, weigh=len)

    def index(request: Request) -> Response:
        return HTMLResponse(index_page(site))

    def puzzle(request: Request) -> Response:
        pid = request.path_params["pid"]
        item = site.item(pid)
        if (item.kind == "lesson") != request.url.path.startswith("/learn/"):
            raise NotFound(pid)
        return HTMLResponse(puzzle_page(site, pid))

    async def picture(request: Request) -> Response:
        pid = request.path_params["pid"]
        site.item(pid)
        svg = pictures.get(pid)
        if svg is None:
            svg = pictures[pid] = await desk.run(pid, lambda: site.overlay(pid).picture)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    def listing(request: Request) -> Response:
        return JSONResponse([site.summary(pid) for pid in site.order + site.lessons])

    async def judged(request: Request, answer: Callable[..., dict[str, Any]], *args: Any) -> Response:
        """The answer of a job of the request's puzzle, run on the desk."""
        pid = request.path_params["pid"]
        site.item(pid)  # an unknown id is a 404 before it takes a place at the desk
        return JSONResponse(await desk.run(pid, answer, pid, *args))

    async def body(request: Request) -> dict[str, Any]:
        data = await read_json(request, body_seconds)
        if not isinstance(data, dict):
            raise BadRequest("the request must be a JSON object")
        line = data.get("line", [])
        if not isinstance(line, list) or not all(isinstance(a, str) for a in line) or len(line) > 200:
            raise BadRequest('"line" must be a list of at most 200 actions (strings)')
        return data

    async def state(request: Request) -> Response:
        data = await body(request)
        return await judged(request, site.state, data.get("line", []))

    async def play(request: Request) -> Response:
        data = await body(request)
        action = data.get("action")
        if not isinstance(action, str) or len(action) > 200:
            raise BadRequest('"action" must be an action in notation, e.g. "ship T1"')
        return await judged(request, site.play, data.get("line", []), action)

    async def hint(request: Request) -> Response:
        data = await body(request)
        level = data.get("level", 1)
        if level not in (1, 2) or isinstance(level, bool):
            raise BadRequest('"level" must be 1 or 2')
        return await judged(request, site.hint, data.get("line", []), level)

    async def preview(request: Request) -> Response:
        data = await body(request)
        action = data.get("action")
        if not isinstance(action, str) or len(action) > 200:
            raise BadRequest('"action" must be a placement in notation, e.g. "tile 1,0 r90"')
        return await judged(request, site.preview, data.get("line", []), action)

    async def solution(request: Request) -> Response:
        return await judged(request, site.solution)

    async def not_found(request: Request, exc: Exception) -> Response:
        what = f"No puzzle has the id {exc}." if isinstance(exc, NotFound) else f"Nothing at {request.url.path}."
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": what}, status_code=404)
        return HTMLResponse(not_found_page(what), status_code=404)

    async def bad_request(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": str(exc)}, status_code=400)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        # A body not read to its end leaves nothing to keep the connection for.
        close = {"Connection": "close"} if exc.status in (408, 413) else {}
        return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=close)

    async def busy(request: Request, exc: Exception) -> Response:
        headers = {"Retry-After": str(RETRY_SECONDS)}
        return JSONResponse({"error": str(exc), "busy": True}, status_code=503, headers=headers)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 404:
            return await not_found(request, exc)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    routes = [
        Route("/", index),
        Route("/puzzle/{pid}", puzzle),
        Route("/learn/{pid}", puzzle),
        Route("/picture/{pid}.svg", picture),
        Route("/api/puzzles", listing),
        Route("/api/puzzles/{pid}/state", state, methods=["POST"]),
        Route("/api/puzzles/{pid}/play", play, methods=["POST"]),
        Route("/api/puzzles/{pid}/hint", hint, methods=["POST"]),
        Route("/api/puzzles/{pid}/preview", preview, methods=["POST"]),
        Route("/api/puzzles/{pid}/solution", solution),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Any] = {
        NotFound: not_found,
        BadRequest: bad_request,
        Refused: refused,
        Busy: busy,
        HTTPException: http_error,
    }
    return Guard(Starlette(routes=routes, exception_handlers=handlers), address)
