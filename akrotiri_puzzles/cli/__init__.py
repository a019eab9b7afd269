"""The `akrotiri-puzzle` command line: each command parses, calls the library and prints.

The app and what Akrotiri's commands share (the component set, the position argument) live
here, the conventions of every game's commands (the consoles, one-line failures, exit
statuses, option types) in `common.cli`; the commands live in one module per group (engine_commands, ...), which
register on the app when imported: `main` imports only the module of the command it runs
(`load_commands`). Heavy libraries (OR-Tools with numpy, networkx, the PNG renderer) are
imported inside the commands that need them, when they need them, so that `score`, `legal`,
`check` on a certified puzzle, the help and `--version` start fast (docs/benchmarks.md, "The
command line's start, session 51"); OR-Tools' CP-SAT module is imported without pandas
(`common.cli.lean_cp_model`; docs/benchmarks.md, "Session 69 (h69suite)").
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..common.cli import EXIT_STATUSES, Group, command_of, counted, lean_cp_model, out, run
from ..components import Components
from ..files.components_yaml import load_components

if TYPE_CHECKING:
    from ..solver.cpsat import Level

PROG = "akrotiri-puzzle"


app = typer.Typer(
    name=PROG,
    cls=Group,
    help="Rules engine, puzzles and analysis for the board game Akrotiri. With no arguments: this help.",
    epilog=EXIT_STATUSES,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def command(name: str | None = None) -> Any:
    """Register a command on the app, in the common conventions (`common.cli`)."""
    return command_of(app, name)


ComponentsOpt = Annotated[
    Path | None,
    typer.Option(
        "--components", help="Directory of component YAML files (default: the built-in set).", show_default=False
    ),
]
PositionArg = Annotated[Path, typer.Argument(help="A position file (YAML).", show_default=False)]


class _State:
    components_dir: Path | None = None


_state = _State()


def components(override: Path | None = None) -> Components:
    """The component set chosen on the command line (a command's own option wins)."""
    return load_components(override or _state.components_dir)


def components_dir(override: Path | None = None) -> Path | None:
    """The component directory chosen on the command line (None: the built-in set), for
    worker processes that load it themselves."""
    return override or _state.components_dir


def level_text(level: Level, unique: bool = False) -> str:
    """A step of the proof as the progress display says it."""
    n = level.bound
    if level.status == "INFEASIBLE":
        return f"no line of {counted(n, 'action')} or fewer; looking at {n + 1}"
    if level.status == "FEASIBLE":
        return f"a line of {counted(n, 'action')} found" + ("; is it the only one?" if unique else "")
    return f"{level.status.lower()} (lines of at most {counted(n, 'action')})"


def _version(value: bool) -> None:
    if value:
        from ..version import __version__

        out.print(f"{PROG} {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(
    components_dir: ComponentsOpt = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    _state.components_dir = components_dir


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: run the app; every failure is one line on stderr and an exit status.

    0 success, 1 a wrong answer (check), 2 bad input, 3 an internal error. With no arguments,
    print the help (exit status 0).
    """
    lean_cp_model.install()  # OR-Tools' CP-SAT without pandas, when a command imports it
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["--help"]
    load_commands(args)
    status = run(app, args, PROG)
    sys.exit(status)


_MODULES = {
    "simulate": "engine_commands",
    "score": "engine_commands",
    "legal": "engine_commands",
    "apply": "engine_commands",
    "check": "puzzle_commands",
    "show": "show_command",
    "solve": "solve_command",
    "teach": "teach_command",
    "analyse": "analyse_command",
    "generate": "generate_command",
    "grade": "generate_command",
    "export": "generate_command",
    "serve": "serve_command",
    "book": "book_command",
}


def load_commands(args: Sequence[str] = ()) -> None:
    """Register the commands on the app: only the one `args` runs, when it names one (a command
    starts faster without the others' imports), none for `--version` before any command or
    `--help`, else all of them (for the help)."""
    from importlib import import_module

    words = iter(args)
    for word in words:
        if word == "--components":
            next(words, None)
        elif word == "--version":
            return  # an eager option: the version is printed before any command is looked up
        elif not word.startswith("-"):
            if word == GAMES[0]:
                add_games()
                return
            if word in _MODULES:
                import_module(f".{_MODULES[word]}", __name__)
                return
            break
        elif not word.startswith("--components="):
            break
    for module in sorted(set(_MODULES.values())):
        import_module(f".{module}", __name__)
    add_games()


GAMES = ("kreta",)
"""Other games, each a sub-app: `akrotiri-puzzle kreta ...` (Akrotiri's commands have no prefix)."""


def add_games() -> None:
    """Add each other game's sub-app (Kreta's) to the app, once."""
    if any(group.name == "kreta" for group in app.registered_groups):
        return
    from ..kreta.cli import app as kreta_app

    app.add_typer(
        kreta_app,
        name="kreta",
        help="Kreta, the second game: simulate, show, legal, apply, score, board, solve, check.",
    )
