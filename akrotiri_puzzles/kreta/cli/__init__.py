"""`akrotiri-puzzle kreta ...`: Kreta's commands, a Typer sub-app in the common conventions
(one line and exit status 2 for bad input, --json, --seed, pictures one flag away).

The sub-app and what its commands share (the board option, reading a position) live here; the
commands live in engine.py (simulate, legal, apply, score, board), show.py and puzzles.py
(solve, check). The top-level command line adds the sub-app under the name `kreta`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ...common.cli import EXIT_STATUSES, Group, command_of, fail
from ...common.files.yamlio import read_yaml
from ..board import Board
from ..errors import PositionError
from ..files.board_yaml import load_board
from ..files.position_yaml import position_from_data
from ..position import Position

app = typer.Typer(
    name="kreta",
    cls=Group,
    help=(
        "Kreta (Stefan Dorra, 2005), the second game: simulate games, show, list and apply actions, "
        "score, solve and check puzzles. Rules with IDs: docs/kreta/rules.md."
    ),
    epilog=EXIT_STATUSES,
    add_completion=False,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
)

BoardOpt = Annotated[
    Path | None,
    typer.Option("--board", help="A board file (default: the reconstructed board).", show_default=False),
]
PositionArg = Annotated[Path, typer.Argument(help="A Kreta position file (YAML).", show_default=False)]
SEED_MAX = 2**31 - 1


class _State:
    board: Path | None = None


_state = _State()


def command(name: str | None = None) -> Any:
    """Register a command on the Kreta sub-app."""
    return command_of(app, name)


@app.callback()
def _kreta(board: BoardOpt = None) -> None:
    _state.board = board


def board(override: Path | None = None) -> Board:
    """The board chosen on the command line (a command's own --board wins), checked."""
    return load_board(override or _state.board)


def read_position(path: Path, board_file: Path | None = None, puzzles: bool = False) -> Position:
    """A position file (or, with `puzzles`, a puzzle file's start); a puzzle file given where a
    position is expected is named as such."""
    data = read_yaml(path, PositionError)
    if isinstance(data, dict) and str(data.get("format", "")).startswith("kreta-puzzle"):
        if not puzzles:
            fail(
                f"{path}: format: a puzzle file; this command takes a position file (show, solve and check take puzzles)"
            )
        from ..files.puzzle_yaml import puzzle_from_data

        return puzzle_from_data(data, str(path), board(board_file)).puzzle.start
    return position_from_data(data, str(path), board(board_file))


from . import engine, puzzles, show  # noqa: E402  (the commands register on the app)

__all__ = ["app", "engine", "puzzles", "show"]
