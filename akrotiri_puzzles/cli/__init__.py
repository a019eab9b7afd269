"""The `akrotiri-puzzle` command line: each command parses, calls the library and prints.

The app and the option types its commands share live here; the commands live in one module
per group (engine_commands, ...), imported at the bottom so that they register on the app.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..components import Components
from ..errors import AkrotiriError
from ..files.components_yaml import load_components

app = typer.Typer(
    name="akrotiri-puzzle",
    help="Rules engine, puzzles and analysis for the board game Akrotiri.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

ComponentsOpt = Annotated[
    Path | None,
    typer.Option(
        "--components", help="Directory of component YAML files (default: the built-in set).", show_default=False
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]
PositionArg = Annotated[Path, typer.Argument(help="A position file (YAML).", show_default=False)]


class _State:
    components_dir: Path | None = None


_state = _State()


def fail(message: str) -> NoReturn:
    """One line on stderr and exit status 2."""
    err.print(f"error: {message}", markup=False, soft_wrap=True)
    raise typer.Exit(2)


def components(override: Path | None = None) -> Components:
    """The component set chosen on the command line (a command's own option wins)."""
    return load_components(override or _state.components_dir)


def progress(enabled: bool = True) -> Progress:
    """A progress bar on stderr, gone when done; silent when not a terminal."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not enabled,
    )


@app.callback()
def _main(components_dir: ComponentsOpt = None) -> None:
    _state.components_dir = components_dir


def main() -> None:
    """Entry point: run the app, turning library errors into one line and exit status 2."""
    try:
        app()
    except AkrotiriError as exc:
        err.print(f"error: {exc}", markup=False, soft_wrap=True)
        sys.exit(2)


from . import (  # noqa: E402,F401  (registers the commands)
    engine_commands,
    puzzle_commands,
    show_command,
    solve_command,
    teach_command,
)
