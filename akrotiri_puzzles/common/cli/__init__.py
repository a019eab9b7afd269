"""The command line's conventions, for every game's commands: help that wraps cleanly, the
consoles, one-line failures with exit status 2, shared option types, progress displays, and
`run`, which turns every failure into one line and an exit status.

Exit statuses: 0 success; 1 a well-formed answer that is wrong (check); 2 bad input, one line
on stderr; 3 an internal error; 130 interrupted.
"""

from __future__ import annotations

import inspect
import math
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from ..errors import InputError

if TYPE_CHECKING:
    from rich.progress import Progress

EXIT_STATUSES = (
    "Exit status: 0 success; 1 a well-formed answer that is wrong (check); 2 bad input (a malformed file, "
    "an unknown id, an illegal action, a bad option or output path), with one line on stderr naming the "
    "problem; 3 an internal error (please report it)."
)


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
    """An app's group (or a game's sub-app), likewise."""


def command_of(app: typer.Typer, name: str | None = None) -> Any:
    """Register a command on `app` with the conventions above and the exit statuses as epilog."""
    return app.command(name, cls=Command, epilog=EXIT_STATUSES)


class _Console(Console):
    """A console whose broken pipe (`... | head`: the reader has gone) ends the command quietly
    with status 0, through `run`; rich's own exits with status 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


# Text from files (titles, ids, reasons quoting them) is printed as written: no rich markup
# (`[red]`), no emoji codes (`:boat:`); styles are applied with `rich.text.Text` instead.
out = _Console(highlight=False, markup=False, emoji=False)
err = _Console(stderr=True, highlight=False, markup=False, emoji=False)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]

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


def _usage_line(exc: typer.TyperException, prog: str) -> str:
    """A usage error (unknown option, bad value, missing argument) as one line."""
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None else prog
    return one_line(f"error: {where}: {exc.format_message()} (see {where} --help)")


def run(app: typer.Typer, args: Sequence[str], prog: str) -> int:
    """Run `app` on `args` and return the exit status; every failure is one line on stderr.

    0 success, 1 a wrong answer (check), 2 bad input, 3 an internal error, 130 interrupted.
    """
    try:
        status = typer.main.get_command(app).main(list(args), prog_name=prog, standalone_mode=False)
    except typer.TyperException as exc:  # click's usage errors: unknown option, bad value
        err.print(_usage_line(exc, prog), soft_wrap=True)
        status = getattr(exc, "exit_code", 2)
    except InputError as exc:
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
    return status if isinstance(status, int) else 0
