"""The `--theme` option of generate, export, serve and book: puzzles of chosen themes (themes.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

import typer

from ..common.cli import fail
from ..files.collection import Collection
from ..puzzle import Puzzle
from ..themes import THEMES, has_themes

ThemeOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--theme",
        metavar="<theme,...>",
        help=f"Only puzzles with this theme: {', '.join(THEMES)} (docs/generator.md, Themes). "
        "Repeatable or a comma list: a puzzle must have them all.",
        show_default=False,
    ),
]


WithoutOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--without",
        metavar="<theme,...>",
        help="Only puzzles with none of these themes, e.g. --without portage (generate: a collection's variety).",
        show_default=False,
    ),
]


def chosen_themes(values: list[str] | None, option: str = "--theme") -> tuple[str, ...]:
    """The themes asked for, each once in `THEMES` order; an unknown one fails (one line, exit 2)."""
    asked = [t.strip() for value in values or [] for t in value.split(",")]
    for t in asked:
        if t not in THEMES:
            fail(f"{option}: unknown theme {t!r:.40}; expected some of {', '.join(THEMES)}")
    return tuple(t for t in THEMES if t in asked)


def keeps(puzzle: Puzzle, wanted: tuple[str, ...]) -> bool:
    """Whether a puzzle is kept by `--theme` (every theme asked; nothing asked keeps all)."""
    return not wanted or has_themes(puzzle, wanted)


def of_themes(collection: Collection, wanted: tuple[str, ...], sources: str) -> Collection:
    """The collection's puzzles with every theme asked (its lessons kept); none fails, one line."""
    if not wanted:
        return collection
    kept = tuple(e for e in collection.puzzles if keeps(e.puzzle, wanted))
    if not kept:
        fail(f"--theme {','.join(wanted)}: no puzzle of {sources} has {'it' if len(wanted) == 1 else 'them all'}")
    return replace(collection, puzzles=kept)
