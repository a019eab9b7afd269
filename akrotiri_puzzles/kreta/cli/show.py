"""`kreta show`: a position in the terminal, and as SVG or PNG pictures one flag away."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ...common.cli import JsonOpt, check_range, out
from ...common.cli.outputs import check_distinct, check_file, write_file
from . import BoardOpt, PositionArg, command, read_position


@command()
def show(
    position: PositionArg,
    svg: Annotated[Path | None, typer.Option(help="Write the picture as SVG here.")] = None,
    png: Annotated[Path | None, typer.Option(help="Write the picture as PNG here.")] = None,
    scale: Annotated[float, typer.Option(help="PNG size, 0.25 to 4 times the SVG's.")] = 1.0,
    as_json: JsonOpt = False,
    board_file: BoardOpt = None,
) -> None:
    """Show a position (or a puzzle's start): the provinces with their values, tiles and every player's pieces, the
    fort cards (the provinces the next scoring reads marked *), each player's cards. With --svg or
    --png, the board drawn with the same, and nothing printed but where it went; with --json, the
    position's document, its title and the provinces the next scoring reads."""
    check_range("--scale", scale, 0.25, 4.0)
    for option, path in (("--svg", svg), ("--png", png)):
        if path is not None:
            check_file(path, option)
    check_distinct({"--svg": svg, "--png": png})
    pos = read_position(position, board_file, puzzles=True)
    if as_json and svg is None and png is None:
        from ..files.position_yaml import position_data
        from ..render.words import scored_provinces, title

        ids = pos.board.ids
        shown = {"title": title(pos), "scored": [ids[p] for p in scored_provinces(pos)], "position": position_data(pos)}
        out.print(json.dumps(shown), soft_wrap=True)
        return
    if svg is None and png is None:
        from ..render.terminal import terminal_view

        out.print(terminal_view(pos))
        return
    from ..render.svg import render_svg

    picture = render_svg(pos)
    files: list[tuple[Path, bytes | str, str]] = []
    if svg is not None:
        files.append((svg, picture, "--svg"))
    if png is not None:
        from ...common.render.png import svg_to_png

        files.append((png, svg_to_png(picture, scale), "--png"))
    for path, data, option in files:
        write_file(path, data, option)
    out.print(", ".join(str(p) for p, _, _ in files))
