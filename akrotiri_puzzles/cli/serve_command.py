"""The `serve` command: the puzzle pages in a browser (a local web app, docs/serve.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..common.cli import check_range, fail, out
from ..errors import AkrotiriError
from . import ComponentsOpt, command, components
from .theme_option import ThemeOpt, chosen_themes, of_themes

PathsArg = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Directories or files of puzzles and lessons (YAML; default: the graded collection puzzles/generated/, "
        "the classic set puzzles/ and lessons/ here, unless --db is given).",
        show_default=False,
    ),
]
DbOpt = Annotated[
    list[Path] | None,
    typer.Option(
        "--db",
        help="A puzzle database (generate --db FILE.sqlite), read only; its puzzles join the others at the "
        "database's levels. Repeatable.",
        show_default=False,
    ),
]


def default_paths() -> list[Path]:
    """The collection in the current directory: the graded puzzles of puzzles/generated/ (by
    level), the puzzles of puzzles/ (p01-p10: the classic set) and lessons/, those that are there."""
    here = Path("puzzles")
    if not here.is_dir():
        fail("no puzzles: give a directory of puzzle files, e.g. akrotiri-puzzle serve puzzles/")
    return [p for p in (here / "generated", here, Path("lessons")) if p.is_dir()]


@command()
def serve(
    paths: PathsArg = None,
    db: DbOpt = None,
    host: Annotated[
        str,
        typer.Option(
            help="Address to listen on: 127.0.0.1, only this machine (the default); 0.0.0.0 or a LAN address "
            "serves the network on purpose (docs/serve.md)."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).")] = 8000,
    time_limit: Annotated[
        float, typer.Option("--time-limit", help="Seconds the solver may take to judge one action.")
    ] = 10.0,
    client_timeout: Annotated[
        float,
        typer.Option(
            "--client-timeout",
            help="Seconds a client has to send a request's line and headers, and again its body; a slower "
            "connection is closed (a body's with 408).",
        ),
    ] = 10.0,  # web.server.HEADER_SECONDS and web.guard.BODY_SECONDS
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in the default browser.")] = False,
    self_check: Annotated[
        bool,
        typer.Option(
            "--check", help="Start, ask the server for a few pages and answers, print them and stop (no browser)."
        ),
    ] = False,
    components_dir: ComponentsOpt = None,
    theme: ThemeOpt = None,
) -> None:
    """Serve the puzzles as web pages: try actions, get told, retry, hint, solution, next puzzle.

    Every action is judged on the server by the engine and the solver: illegal (with the rule),
    still on a best line, legal but no longer able to finish in the optimum, or solved. Any
    optimal line is accepted. Lesson files among the paths appear under "Learn". Only this
    machine can reach the page unless --host says otherwise. Stop it with Ctrl+C.
    """
    check_range("--port", port, 0, 65535)
    check_range("--time-limit", time_limit, 0.1, 3600)
    check_range("--client-timeout", client_timeout, 0.1, 3600)
    wanted = chosen_themes(theme)
    from ..files.collection import load_collection
    from ..web.server import bind, check, network_note, run, url_of
    from ..web.site import Site

    try:
        sources = paths or ([] if db else default_paths())
        collection = of_themes(load_collection(sources, components(components_dir), db), wanted, "the collection")
        site = Site(collection, time_limit=time_limit)
        sock = bind(host, port)
    except AkrotiriError as exc:
        fail(str(exc))
    url = url_of(sock)
    if self_check:
        try:
            check(site, sock, lambda line: out.print(line, soft_wrap=True))
        except AkrotiriError as exc:
            fail(str(exc))
        return
    out.print(f"Serving {site.counted()} at {url}  (Ctrl+C stops)")
    note = network_note(sock)
    if note is not None:
        out.print(note, soft_wrap=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        run(site, sock, header_seconds=client_timeout, body_seconds=client_timeout)
    except KeyboardInterrupt:
        raise typer.Exit(0) from None
