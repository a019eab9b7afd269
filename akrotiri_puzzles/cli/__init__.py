"""The `akrotiri-puzzle` command line: each command parses, calls the library and prints.

The app and what its commands share (option types, the consoles, one-line failures, exit
statuses) live here; the commands live in one module per group (engine_commands, ...), which
register on the app when imported: `main` imports only the module of the command it runs
(`load_commands`). Heavy libraries (OR-Tools, the PNG
renderer) are imported inside the commands that need them, so that `score` and `legal` start
fast.
"""

from __future__ import annotations

import inspect
import math
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from ..components import Components
from ..errors import AkrotiriError
from ..errors import quote as quote  # re-exported for the commands
from ..files.components_yaml import load_components

if TYPE_CHECKING:
    from rich.progress import Progress

    from ..solver.cpsat import Level

EXIT_STATUSES = (
    "Exit status: 0 success; 1 a well-formed answer that is wrong (check); 2 bad input (a malformed file, "
    "an unknown id, an illegal action, a bad option or output path), with one line on stderr naming the "
    "problem; 3 an internal error (please report it)."
)

PROG = "akrotiri-puzzle"


class _NoFlagTypes:
    """Help without a type after flags: a flag takes no value, so `--json <bool>` misleads."""

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
        return params


def reflow(text: str) -> str:
    """Docstring help with each paragraph on one line (a bullet `- ` keeps its own line).

    Typer keeps a docstring's line breaks inside later paragraphs, so text wrapped at 100
    columns in the source came out ragged at 80 columns in the terminal.
    """
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(re.sub(r"\n(?!- )", " ", paragraph) for paragraph in paragraphs)


class Command(_NoFlagTypes, TyperCommand):
    """A command whose help shows no type after its flags, and whose paragraphs wrap cleanly."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.help:
            self.help = reflow(self.help)


class Group(_NoFlagTypes, TyperGroup):
    """The app's group, likewise."""


app = typer.Typer(
    name=PROG,
    cls=Group,
    help="Rules engine, puzzles and analysis for the board game Akrotiri. With no arguments: this help.",
    epilog=EXIT_STATUSES,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def command(name: str | None = None) -> Any:
    """Register a command on the app (with the help fix above)."""
    return app.command(name, cls=Command, epilog=EXIT_STATUSES)


# Text from files (titles, ids, reasons quoting them) is printed as written: no rich markup
# (`[red]`), no emoji codes (`:boat:`); styles are applied with `rich.text.Text` instead.
out = Console(highlight=False, markup=False, emoji=False)
err = Console(stderr=True, highlight=False, markup=False, emoji=False)

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


MAX_MESSAGE = 500
"""Characters of an error line: a backstop, so that no input is ever echoed back whole."""


def one_line(message: str) -> str:
    """A message as one line, cut short if it is long."""
    line = " ".join(message.split())
    return line if len(line) <= MAX_MESSAGE else f"{line[: MAX_MESSAGE - 40]}... (cut; {len(line):,} characters)"


def fail(message: str) -> NoReturn:
    """One line on stderr and exit status 2."""
    err.print(one_line(f"error: {message}"), soft_wrap=True)
    raise typer.Exit(2)


def check_range(option: str, value: float, low: float, high: float) -> None:
    """Fail (one line, exit status 2) unless `low <= value <= high` (NaN and infinities fail)."""
    if not (math.isfinite(value) and low <= value <= high):
        fail(f"{option}: expected {low:,} to {high:,}, got {value}")


def components(override: Path | None = None) -> Components:
    """The component set chosen on the command line (a command's own option wins)."""
    return load_components(override or _state.components_dir)


def components_dir(override: Path | None = None) -> Path | None:
    """The component directory chosen on the command line (None: the built-in set), for
    worker processes that load it themselves."""
    return override or _state.components_dir


def progress(enabled: bool = True) -> Progress:
    """A progress bar on stderr, gone when done; silent when not a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not enabled,
    )


@contextmanager
def working(description: str, enabled: bool = True) -> Iterator[Callable[[str], None]]:
    """A spinner with the description and the time elapsed on stderr while a long computation
    runs, gone when done; silent when not a terminal. Yields a function that changes the text."""
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    spinner = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not (enabled and err.is_terminal),
    )
    with spinner:
        task = spinner.add_task(description, total=None)
        yield lambda text: spinner.update(task, description=text)


MAX_TIME_LIMIT = 1_000_000.0
"""Seconds (about 11 days): a limit is a bound a person chooses, never infinite."""
DEFAULT_TIME_LIMIT = 600.0
"""Seconds a command that solves (solve, check, grade, analyse) may take unless --time-limit says
otherwise: no stranger's file keeps the machine busy for longer by default (docs/hardening.md).
What is not proven by then is said to be unknown, never claimed."""

TimeLimitOpt = Annotated[
    float,
    typer.Option(
        help="Stop after this many seconds, more than 0 (the result may then be UNKNOWN); default 600.",
        show_default=False,
    ),
]


def check_time_limit(time_limit: float | None) -> None:
    """Fail (one line, exit status 2) unless the limit is None or a number of seconds in range."""
    if time_limit is not None and not (math.isfinite(time_limit) and 0 < time_limit <= MAX_TIME_LIMIT):
        fail(
            f"--time-limit: expected a number of seconds more than 0 and at most {MAX_TIME_LIMIT:,.0f}, got {time_limit}"
        )


def counted(n: int, noun: str) -> str:
    """A count and its noun, e.g. `1 action`, `2 actions`, `0 board scenarios`."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


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
        from .. import __version__

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


def _usage_line(exc: typer.TyperException) -> str:
    """A usage error (unknown option, bad value, missing argument) as one line."""
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None else PROG
    return one_line(f"error: {where}: {exc.format_message()} (see {where} --help)")


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: run the app; every failure is one line on stderr and an exit status.

    0 success, 1 a wrong answer (check), 2 bad input, 3 an internal error. With no arguments,
    print the help (exit status 0).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["--help"]
    load_commands(args)
    try:
        status = typer.main.get_command(app).main(args, prog_name=PROG, standalone_mode=False)
    except typer.TyperException as exc:  # click's usage errors: unknown option, bad value
        err.print(_usage_line(exc), soft_wrap=True)
        status = getattr(exc, "exit_code", 2)
    except AkrotiriError as exc:
        err.print(one_line(f"error: {exc}"), soft_wrap=True)
        status = 2
    except (KeyboardInterrupt, typer.Abort):
        err.print("interrupted", soft_wrap=True)
        status = 130
    except BrokenPipeError:  # `... | head`: the reader has gone; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = 0
    except Exception as exc:
        err.print(
            one_line(f"internal error, please report it with the command line: {exc.__class__.__name__}: {exc}"),
            soft_wrap=True,
        )
        status = 3
    sys.exit(status if isinstance(status, int) else 0)


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
    starts faster without the others' imports), else all of them (for the help)."""
    from importlib import import_module

    words = iter(args)
    for word in words:
        if word == "--components":
            next(words, None)
        elif not word.startswith("-"):
            if word in _MODULES:
                import_module(f".{_MODULES[word]}", __name__)
                return
            break
        elif not word.startswith("--components="):
            break
    for module in sorted(set(_MODULES.values())):
        import_module(f".{module}", __name__)
