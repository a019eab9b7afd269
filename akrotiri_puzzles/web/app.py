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

Judging runs in Starlette's thread pool (the handlers are plain functions), so a slow solve
never blocks the pages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .pages import index_page, not_found_page, puzzle_page
from .site import BadRequest, NotFound, Site

STATIC = Path(__file__).with_name("static")
MAX_BODY = 64_000
"""Bytes of a request body: a line of a puzzle is far shorter."""


def create_app(site: Site) -> Starlette:
    """The app serving `site`."""

    def index(request: Request) -> Response:
        return HTMLResponse(index_page(site))

    def puzzle(request: Request) -> Response:
        pid = request.path_params["pid"]
        item = site.item(pid)
        if (item.kind == "lesson") != request.url.path.startswith("/learn/"):
            raise NotFound(pid)
        return HTMLResponse(puzzle_page(site, pid))

    def picture(request: Request) -> Response:
        svg = site.overlay(request.path_params["pid"]).picture
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    def listing(request: Request) -> Response:
        return JSONResponse([site.summary(pid) for pid in site.order + site.lessons])

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise BadRequest(f"the request holds {len(raw):,} bytes; at most {MAX_BODY:,}")
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise BadRequest("the request is not JSON") from None
        if not isinstance(data, dict):
            raise BadRequest("the request must be a JSON object")
        line = data.get("line", [])
        if not isinstance(line, list) or not all(isinstance(a, str) for a in line) or len(line) > 200:
            raise BadRequest('"line" must be a list of at most 200 actions (strings)')
        return data

    async def state(request: Request) -> Response:
        data = await body(request)
        return await _threaded(site.state, request.path_params["pid"], data.get("line", []))

    async def play(request: Request) -> Response:
        data = await body(request)
        action = data.get("action")
        if not isinstance(action, str) or len(action) > 200:
            raise BadRequest('"action" must be an action in notation, e.g. "ship T1"')
        return await _threaded(site.play, request.path_params["pid"], data.get("line", []), action)

    async def hint(request: Request) -> Response:
        data = await body(request)
        level = data.get("level", 1)
        if level not in (1, 2):
            raise BadRequest('"level" must be 1 or 2')
        return await _threaded(site.hint, request.path_params["pid"], data.get("line", []), level)

    async def preview(request: Request) -> Response:
        data = await body(request)
        action = data.get("action")
        if not isinstance(action, str) or len(action) > 200:
            raise BadRequest('"action" must be a placement in notation, e.g. "tile 1,0 r90"')
        return await _threaded(site.preview, request.path_params["pid"], data.get("line", []), action)

    async def solution(request: Request) -> Response:
        return await _threaded(site.solution, request.path_params["pid"])

    async def not_found(request: Request, exc: Exception) -> Response:
        what = f"No puzzle has the id {exc}." if isinstance(exc, NotFound) else f"Nothing at {request.url.path}."
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": what}, status_code=404)
        return HTMLResponse(not_found_page(what), status_code=404)

    async def bad_request(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": str(exc)}, status_code=400)

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
    handlers: dict[Any, Any] = {NotFound: not_found, BadRequest: bad_request, HTTPException: http_error}
    return Starlette(routes=routes, exception_handlers=handlers)


async def _threaded(fn: Any, *args: Any) -> Response:
    """Run a judging call in the thread pool and answer with its JSON."""
    from starlette.concurrency import run_in_threadpool

    return JSONResponse(await run_in_threadpool(fn, *args))
