"""The `show` command: a position (or a puzzle's start) in the terminal, or as SVG, PNG and HTML files."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from ..actions import Action
from ..components import Components
from ..errors import NotationError, PositionError
from ..files.position_yaml import position_from_data
from ..files.yamlio import read_yaml
from ..geometry import Slot, parse_quad
from ..notation import parse_line
from ..position import Position
from ..render import Highlights, render_html, render_png, render_svg, terminal_view
from . import ComponentsOpt, PositionArg, app, components, fail, out

OutOpt = Annotated[Path | None, typer.Option(help="Write the picture here.", show_default=False)]


def _load(path: Path, comps: Components, solution: bool) -> tuple[Position, tuple[str, ...], Highlights]:
    """A position file, or a puzzle file's start position with its goal (and its answer if asked)."""
    data = read_yaml(path, PositionError)
    fmt = str(data.get("format", "")) if isinstance(data, dict) else ""
    if not fmt.startswith("akrotiri-puzzle"):
        if solution:
            fail(f"{path}: --solution: a position file has no solution; only puzzle files do")
        return position_from_data(data, str(path), comps), (), Highlights()
    try:
        from ..files.puzzle_yaml import load_puzzle
    except ImportError:  # puzzles arrive in their own module; until then say so plainly
        fail(f"{path}: format: puzzle files cannot be shown by this version")
    puzzle = load_puzzle(path, comps)
    notes = [f"Puzzle {puzzle.id}" + (f": {puzzle.title}" if puzzle.title else "")]
    turns = "this turn" if puzzle.turns == 1 else f"within {puzzle.turns} turns"
    notes.append(f"Goal: {puzzle.hero} to {puzzle.goal.describe()} {turns}.")
    line: tuple[Action, ...] = ()
    if solution:
        if puzzle.solution is None:
            fail(f"{path}: --solution: the puzzle file holds no solution")
        line = tuple(puzzle.solution)
        notes.append("Solution: " + "; ".join(str(a) for a in line))
    return puzzle.start, tuple(notes), Highlights(line=line)


def _highlights(pos: Position, base: Highlights, line: str | None, site: str | None, placed: str | None) -> Highlights:
    """The highlights asked for on the command line, each checked."""
    actions = base.line
    if line is not None:
        try:
            actions = tuple(parse_line(line))
        except NotationError as exc:
            fail(f"--line: {exc}")
    site_quad = None
    if site is not None:
        site_quad = parse_quad(site)
        if site_quad is None:
            fail(f"--site: expected a quadrant such as 1,-2NE, got {site!r}")
        if pos.board.island_at(site_quad) is None:
            fail(f"--site: quadrant {site} holds no land")
    placed_slot: Slot | None = None
    if placed is not None:
        m = re.fullmatch(r"\s*(-?\d+),(-?\d+)\s*", placed)
        if m is None:
            fail(f"--placed: expected a slot such as 1,-2, got {placed!r}")
        placed_slot = (int(m.group(1)), int(m.group(2)))
        if placed_slot not in pos.board.tile_at:
            fail(f"--placed: no land tile lies in slot {placed}")
    return Highlights(line=actions, site=site_quad, placed=placed_slot)


def _write(path: Path, data: bytes, what: str) -> None:
    """Write a file whole or not at all; a bad path is one line and exit status 2."""
    if path.is_dir():
        fail(f"{path}: {what}: is a directory, expected a file name")
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        # mkstemp makes the file private; give it the permissions any new file would get.
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except OSError as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        fail(f"{path}: {what}: cannot write ({exc.strerror or exc})")
    out.print(f"wrote {path}", markup=False)


@app.command()
def show(
    position: PositionArg,
    svg: OutOpt = None,
    png: OutOpt = None,
    html: Annotated[
        Path | None, typer.Option(help="Write a self-contained HTML page here.", show_default=False)
    ] = None,
    line: Annotated[
        str | None, typer.Option(help='Draw a line of actions as numbered arrows, e.g. "ship 1,0NE; load red".')
    ] = None,
    site: Annotated[str | None, typer.Option(help="Ring an excavation site, e.g. 1,-2NE.")] = None,
    placed: Annotated[str | None, typer.Option(help="Outline a just-placed tile by its slot, e.g. 1,-2.")] = None,
    solution: Annotated[bool, typer.Option("--solution", help="For a puzzle file: draw its known answer.")] = False,
    scale: Annotated[float, typer.Option(min=0.1, max=8.0, help="PNG size as a multiple of the SVG's.")] = 1.0,
    components_dir: ComponentsOpt = None,
) -> None:
    """Show a position: a compact view in the terminal, or pictures with --svg, --png, --html."""
    pos, notes, base = _load(position, components(components_dir), solution)
    hl = _highlights(pos, base, line, site, placed)
    if svg is None and png is None and html is None:
        for note in notes:
            out.print(note, markup=False)
        out.print(terminal_view(pos))
        return
    if svg is not None:
        _write(svg, render_svg(pos, hl).encode("utf-8"), "--svg")
    if png is not None:
        _write(png, render_png(pos, hl, scale), "--png")
    if html is not None:
        _write(html, render_html(pos, hl, notes).encode("utf-8"), "--html")
