"""The `show` command: a position (or a puzzle's start) in the terminal, or as SVG, PNG and HTML files."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ..actions import Action
from ..common.files.yamlio import read_yaml
from ..components import Components
from ..effects import apply
from ..errors import NotationError, PositionError
from ..files.position_yaml import position_from_data
from ..files.puzzle_yaml import load_puzzle
from ..geometry import Slot, parse_quad
from ..notation import parse_line
from ..position import Position
from ..premise import WHOLE, Revealed
from ..puzzle import Goal, Puzzle, replay
from ..render.next_tile import next_tile
from ..render.terminal import revealed_view, terminal_view
from ..render.words import count_words
from ..rules import action_cost, why_illegal

if TYPE_CHECKING:
    from ..render.highlight import Highlights

from ..common.cli import check_range, counted, fail, out
from ..common.cli.outputs import check_distinct, check_file, write_file
from ..common.errors import quote
from . import ComponentsOpt, PositionArg, command, components

OutOpt = Annotated[Path | None, typer.Option(help="Write the picture here.", show_default=False)]

MAX_LINE = 200
"""Actions a --line may hold: more than any legal line of one or two turns."""

# Words that name what a line does: a title using two or more of them describes the answer.
_ACTION_WORDS = re.compile(
    r"\b(unload|load|sail|ship|portage|carry|dig|excavate|buy|sell|place|tile|oracle|end)s?\b", re.IGNORECASE
)


def spoils(title: str) -> bool:
    """Whether a puzzle title gives the answer's shape away ("Unload, sail, dig in 2")."""
    return len({m.group(1).lower() for m in _ACTION_WORDS.finditer(title)}) >= 2


@dataclass(frozen=True)
class Shown:
    """What `show` draws: a position, notes for people, the line it may draw and how it is played."""

    pos: Position
    notes: tuple[str, ...] = ()
    line: tuple[Action, ...] = ()
    puzzle: Puzzle | None = None
    revealed: Revealed | None = None
    """A puzzle file's premise, shown beside the position (None: a position file)."""


def _load(path: Path, comps: Components, solution: bool) -> Shown:
    """A position file, or a puzzle file's start position with its goal (and its answer if asked)."""
    data = read_yaml(path, PositionError)
    fmt = str(data.get("format", "")) if isinstance(data, dict) else ""
    if not fmt.startswith("akrotiri-puzzle"):
        if solution:
            fail(f"{path}: --solution: a position file has no solution; only puzzle files do")
        return Shown(position_from_data(data, str(path), comps))
    puzzle = load_puzzle(path, comps)
    line: tuple[Action, ...] = ()
    if solution:
        if puzzle.solution is None:
            fail(f"{path}: --solution: the puzzle file holds no solution")
        line = tuple(puzzle.solution)
    return Shown(puzzle.start, puzzle_notes(puzzle, solution), line, puzzle, puzzle.revealed)


def puzzle_notes(puzzle: Puzzle, solution: bool = False) -> tuple[str, ...]:
    """What a puzzle asks, in lines for people: its id and title, goal and horizon (and its
    answer when asked). A title that gives the answer away is hidden unless the answer is shown."""
    title = puzzle.title
    if title and spoils(title) and not solution:
        title = "(title hidden: it describes the answer; see it with --solution)"
    notes = [f"Puzzle {puzzle.id}" + (f": {title}" if title else "")]
    turns = "this turn" if puzzle.turns == 1 else f"within {puzzle.turns} turns"
    notes.append(f"Goal: {puzzle.hero} to {puzzle.goal.describe()} {turns}.")
    if solution and puzzle.solution is not None:
        counted = count_words(replay(puzzle, puzzle.solution).costs)
        notes.append(f"Solution, {counted}: " + "; ".join(str(a) for a in puzzle.solution))
    return tuple(notes)


def _play(shown: Shown, line: tuple[Action, ...], what: str) -> tuple[int, ...]:
    """Play the line through the engine as `check` does; an illegal action fails with one line
    naming its number, the action and the engine's reason. Returns each action's cost."""
    if len(line) > MAX_LINE:
        fail(f"{what}: {len(line)} actions; at most {MAX_LINE} can be drawn")
    if shown.puzzle is not None:
        played = replay(shown.puzzle, line)
        if played.illegal_at is not None:
            i = played.illegal_at
            fail(f"{what}: action {i + 1} ({line[i]}) is not legal: {played.reason}")
        return played.costs
    # A position file: the line is the seat to move's, within its turn.
    pos = shown.pos
    costs: list[int] = []
    for i, action in enumerate(line):
        if pos.to_move != shown.pos.to_move:
            fail(
                f"{what}: action {i + 1} ({action}): the line is {shown.pos.to_move}'s, "
                f"and after action {i} it is {pos.to_move}'s turn"
            )
        reason = why_illegal(pos, action)
        if reason is not None:
            fail(f"{what}: action {i + 1} ({action}) is not legal: {reason}")
        costs.append(action_cost(pos, action))
        pos = apply(pos, action)
    return tuple(costs)


def _highlights(pos: Position, line: tuple[Action, ...], site: str | None, placed: str | None) -> Highlights:
    """The highlights asked for on the command line, each checked."""
    from ..render.highlight import Highlights

    site_quad = None
    if site is not None:
        site_quad = parse_quad(site)
        if site_quad is None:
            fail(f"--site: expected a quadrant such as 1,-2NE, got {quote(site)}")
        if pos.board.island_at(site_quad) is None:
            fail(f"--site: quadrant {site} holds no land")
    placed_slot: Slot | None = None
    if placed is not None:
        m = re.fullmatch(r"\s*(-?\d{1,4}),(-?\d{1,4})\s*", placed)
        if m is None:
            fail(f"--placed: expected a slot such as 1,-2, got {quote(placed)}")
        placed_slot = (int(m.group(1)), int(m.group(2)))
        if placed_slot not in pos.board.tile_at:
            fail(f"--placed: no land tile lies in slot {placed}")
    return Highlights(line=line, site=site_quad, placed=placed_slot)


def _line_table(line: tuple[Action, ...], costs: tuple[int, ...]) -> Table:
    """The line in words, for the terminal, which draws no arrows."""
    table = Table(box=None)
    table.add_column("#", justify="right")
    table.add_column("action")
    table.add_column("actions spent", justify="right")
    for i, (action, cost) in enumerate(zip(line, costs, strict=True), start=1):
        table.add_row(str(i), str(action), str(cost) if cost else "free")
    table.add_row("", "total", str(sum(costs)))
    return table


@command()
def show(
    position: PositionArg,
    svg: OutOpt = None,
    png: OutOpt = None,
    html: Annotated[
        Path | None, typer.Option(help="Write a self-contained HTML page here.", show_default=False)
    ] = None,
    line: Annotated[
        str | None,
        typer.Option(
            help='A line of actions to draw, played through the engine first, e.g. "ship 1,0NE; load red".',
            show_default=False,
        ),
    ] = None,
    site: Annotated[str | None, typer.Option(help="Ring an excavation site, e.g. 1,-2NE.", show_default=False)] = None,
    placed: Annotated[
        str | None, typer.Option(help="Outline a just-placed tile by its slot, e.g. 1,-2.", show_default=False)
    ] = None,
    solution: Annotated[bool, typer.Option("--solution", help="For a puzzle file: draw its known answer.")] = False,
    turns: Annotated[
        int,
        typer.Option(
            help="For a position file: the turns --line spans, 1 or 2 (this turn, 'end', the next; the opponent "
            "passive, as analyse --turns 2)."
        ),
    ] = 1,
    scale: Annotated[float, typer.Option(help="PNG size as a multiple of the SVG's, 0.1 to 8.")] = 1.0,
    components_dir: ComponentsOpt = None,
) -> None:
    """Show a position or a puzzle: a compact view in the terminal, or pictures with --svg, --png, --html.

    A line (--line, or a puzzle's --solution) is played through the engine first: an illegal
    action is refused with its number and the engine's reason. The terminal lists the line;
    the pictures draw it as numbered arrows.
    """
    check_range("--scale", scale, 0.1, 8.0)
    outputs = {"--svg": svg, "--png": png, "--html": html}
    for option, path in outputs.items():
        if path is not None:
            check_file(path, option)
    check_distinct(outputs)
    check_range("--turns", turns, 1, 2)
    shown = _load(position, components(components_dir), solution)
    if turns != 1:
        if shown.puzzle is not None:
            fail(f"{position}: --turns: a puzzle file has its own horizon ({counted(shown.puzzle.turns, 'turn')})")
        # The seat's next two turns, the opponent passive: played as a puzzle of that horizon.
        shown = replace(shown, puzzle=Puzzle("line", shown.pos, Goal(), turns=turns, revealed=WHOLE))
    actions = shown.line
    what = "--solution"
    if line is not None:
        what = "--line"
        try:
            actions = tuple(parse_line(line))
        except NotationError as exc:
            fail(f"--line: {exc}")
    costs = _play(shown, actions, f"{position}: {what}")
    hl = _highlights(shown.pos, actions, site, placed)
    if svg is None and png is None and html is None:
        for note in shown.notes:
            out.print(note)
        out.print(terminal_view(shown.pos))
        if shown.revealed is not None:
            out.print(revealed_view(shown.revealed, shown.pos))
        if actions:
            out.print(f"The line ({what}; the pictures draw it as numbered arrows):")
            out.print(_line_table(actions, costs))
            later = next_tile(shown.pos, actions, shown.puzzle.revealed if shown.puzzle is not None else None)
            if later is not None:
                out.print(later.describe())
        return
    # Render everything first, so that a renderer's failure leaves no file written.
    # The renderers (and the PNG library) load only when a picture is drawn.
    from ..render.html import render_html
    from ..render.png import render_png
    from ..render.svg import render_svg

    files: list[tuple[Path, bytes, str]] = []
    if svg is not None:
        picture = render_svg(shown.pos, hl, notes=shown.notes, revealed=shown.revealed)
        files.append((svg, picture.encode("utf-8"), "--svg"))
    if png is not None:
        files.append((png, render_png(shown.pos, hl, scale, notes=shown.notes, revealed=shown.revealed), "--png"))
    if html is not None:
        files.append((html, render_html(shown.pos, hl, shown.notes, shown.revealed).encode("utf-8"), "--html"))
    for path, data, option in files:
        write_file(path, data, option)
        out.print(f"wrote {path}")
