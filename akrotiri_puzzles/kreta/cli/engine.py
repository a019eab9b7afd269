"""Kreta's engine commands: simulate, legal, apply, score, board."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ...common.cli import JsonOpt, check_range, fail, out, progress
from ...common.cli.outputs import check_dir, check_file, write_file
from ...common.errors import quote
from ..bots import greedy_bot, random_bot
from ..components import COLOURS, MAX_PLAYERS, MIN_PLAYERS
from ..errors import IllegalActionError, NotationError
from ..files.position_yaml import dumps_position, position_data
from ..notation import parse_line
from ..position import Position
from ..rules import apply, legal_actions
from ..rules.queries import influence, scoring
from ..selfplay import seat_bots
from ..simulate import GameRecord, play_game
from . import SEED_MAX, BoardOpt, PositionArg, board, command, read_position

MAX_GAMES = 100_000
BOT_CHOICES = ("random", "greedy", "mixed")


@command()
def simulate(
    games: Annotated[int, typer.Option(help=f"Games to play, 1 to {MAX_GAMES:,}.")] = 10,
    players: Annotated[int, typer.Option(help="Players, 2 to 4.")] = 2,
    seed: Annotated[int, typer.Option(help="Seed of the first game, 0 to 2^31-1; game i uses seed+i.")] = 1,
    bot: Annotated[
        str, typer.Option(help="random, greedy, or mixed (each game: all random, all greedy, or a mix, by its seed).")
    ] = "random",
    save_positions: Annotated[
        Path | None,
        typer.Option(help="Write each game's position after every scoring, and its final position, in this directory."),
    ] = None,
    as_json: JsonOpt = False,
    board_file: BoardOpt = None,
) -> None:
    """Play whole Kreta games with bots, checking the game's invariants after every action
    (pieces conserved, the 7-figure limit, the peace, ship limits, scores never decrease, exactly
    11 scorings)."""
    check_range("--games", games, 1, MAX_GAMES)
    check_range("--players", players, MIN_PLAYERS, MAX_PLAYERS)
    check_range("--seed", seed, 0, SEED_MAX)
    if bot not in BOT_CHOICES:
        fail(f"--bot: expected {', '.join(BOT_CHOICES)}, got {quote(bot)}")
    if save_positions is not None:
        check_dir(save_positions, "--save-positions")
    the_board = board(board_file)
    records: list[GameRecord] = []
    with progress(games > 3) as bar:
        task = bar.add_task("simulating", total=games)
        for g in range(games):
            game_seed = seed + g
            if bot == "mixed":
                bots = seat_bots(game_seed, players)
            else:
                bots = [greedy_bot if bot == "greedy" else random_bot] * players
            records.append(play_game(the_board, players, game_seed, bots))
            bar.advance(task)
    saved = 0
    if save_positions is not None:
        for record in records:
            for name, pos in _rounds(record):
                write_file(save_positions / name, dumps_position(pos), "--save-positions")
                saved += 1
    data = _summary(records, players)
    data.update(bot=bot, seed=seed, board=the_board.name)
    if save_positions is not None:
        data["saved_positions"] = saved
    if as_json:
        out.print(json.dumps(data), soft_wrap=True)
        return
    table = Table(
        title=f"{games} Kreta game{'s' if games != 1 else ''}, {players} players, {bot} bots", show_header=False
    )
    table.add_row("finished (11 scorings)", f"{data['finished']} of {games}")
    table.add_row("actions per game, mean", f"{data['mean_actions']:.1f}")
    table.add_row("score per seat, mean", ", ".join(f"{c} {v:.1f}" for c, v in data["mean_score"].items()))
    table.add_row("wins (ties shared)", ", ".join(f"{c} {v}" for c, v in data["wins"].items()))
    if games == 1:
        table.add_row("final score", ", ".join(f"{c} {v}" for c, v in data["games"][0]["scores"].items()))
    table.add_row("invariant violations", str(len(data["violations"])))
    if save_positions is not None:
        table.add_row("positions saved", f"{saved} in {save_positions}")
    out.print(table)
    for v in data["violations"][:10]:
        out.print(f"  violation: {v}")


def _rounds(record: GameRecord) -> list[tuple[str, Position]]:
    """A game's positions at the start of each round (after each scoring) and its end."""
    from ..setup import new_game

    pos = new_game(record.final.board, record.players, record.seed, record.final.game.rules)
    out: list[tuple[str, Position]] = [(f"game{record.seed}-round01.yaml", pos)]
    for action in record.actions:
        pos = apply(pos, action)
        if pos.phase == "play" and pos.scorings > out[-1][1].scorings:  # after the turn-up's choice
            out.append((f"game{record.seed}-round{pos.scorings + 1:02d}.yaml", pos))
    out.append((f"game{record.seed}-final.yaml", pos))
    return out


def _summary(records: list[GameRecord], players: int) -> dict[str, Any]:
    colours = COLOURS[:players]
    wins = dict.fromkeys(colours, 0)
    for r in records:
        for w in r.winners if r.finished else []:
            wins[colours[w]] += 1
    finished = [r for r in records if r.finished]
    return {
        "games_played": len(records),
        "players": players,
        "finished": len(finished),
        "mean_actions": sum(len(r.actions) for r in records) / len(records),
        "mean_score": {c: sum(r.final.players[s].score for r in records) / len(records) for s, c in enumerate(colours)},
        "wins": wins,
        "violations": [v for r in records for v in r.violations],
        "games": [
            {
                "seed": r.seed,
                "finished": r.finished,
                "actions": len(r.actions),
                "scores": {c: r.final.players[s].score for s, c in enumerate(colours)},
                "winners": [colours[w] for w in r.winners],
            }
            for r in records
        ],
    }


@command()
def legal(position: PositionArg, as_json: JsonOpt = False, board_file: BoardOpt = None) -> None:
    """List the legal actions of a position, in notation, one a line."""
    pos = read_position(position, board_file)
    actions = [str(a) for a in legal_actions(pos)]
    if as_json:
        data = {"to_move": COLOURS[pos.to_move], "phase": pos.phase, "actions": actions}
        out.print(json.dumps(data), soft_wrap=True)
        return
    if not actions:
        out.print("no legal action: the game is over (K-END-1)")
    for a in actions:
        out.print(a)


@command("apply")
def apply_command(
    position: PositionArg,
    actions: Annotated[
        str,
        typer.Argument(
            help='Actions in notation, separated by ";" (e.g. "commander march sfakia>chania; halt").',
            show_default=False,
        ),
    ],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the new position here.")] = None,
    as_json: JsonOpt = False,
    board_file: BoardOpt = None,
) -> None:
    """Apply actions to a position, in order, and print (or write) the new position."""
    if output is not None:
        check_file(output, "--output")
    pos = read_position(position, board_file)
    try:
        line = parse_line(actions)
    except NotationError as exc:
        fail(f"{position}: {exc}")
    if not line:
        fail(f"{position}: no action given")
    for k, action in enumerate(line, start=1):
        try:
            pos = apply(pos, action)
        except IllegalActionError as exc:
            fail(f"{position}: action {k} {quote(str(action))}: {exc.reason}")
    if output is not None:
        write_file(output, dumps_position(pos), "--output")
        if not as_json:
            out.print(f"{len(line)} action{'s' if len(line) != 1 else ''} applied: {output}")
    if as_json:
        out.print(json.dumps({"actions": [str(a) for a in line], "position": position_data(pos)}), soft_wrap=True)
    elif output is None:
        out.print(dumps_position(pos), end="", soft_wrap=True)


@command()
def score(position: PositionArg, as_json: JsonOpt = False, board_file: BoardOpt = None) -> None:
    """The score, and what the next castellan would give if played now: each province round the
    leftmost face-up card's space, each player's influence and points (K-SCORE)."""
    pos = read_position(position, board_file)
    colours = COLOURS[: len(pos.players)]
    ids = [p.id for p in pos.board.provinces]
    number = pos.scored_space
    preview = scoring(pos, number) if number is not None else {}
    data: dict[str, Any] = {
        "scores": {c: p.score for c, p in zip(colours, pos.players, strict=True)},
        "scorings_done": pos.scorings,
        "next_scoring": None
        if number is None
        else {
            "fort_space": number,
            "provinces": {
                ids[p]: {
                    "value": pos.board.values[p],
                    "influence": {c: influence(pos, s, p) for s, c in enumerate(colours)},
                    "points": dict(zip(colours, points, strict=True)),
                }
                for p, points in preview.items()
            },
        },
    }
    if as_json:
        out.print(json.dumps(data), soft_wrap=True)
        return
    scores = ", ".join(f"{c} {v}" for c, v in data["scores"].items())
    out.print(f"Score after {pos.scorings} scoring{'s' if pos.scorings != 1 else ''}: {scores}")
    if number is None:
        out.print("No scoring to come: the game is over (K-END-1).")
        return
    table = Table(title=f"The next castellan scores fort space {number}", title_justify="left")
    table.add_column("province")
    table.add_column("value", justify="right")
    for c in colours:
        table.add_column(f"{c} influence / points", justify="right")
    total = dict.fromkeys(colours, 0)
    for p, points in preview.items():
        cells = [f"{influence(pos, s, p)} / {points[s]}" for s in range(len(colours))]
        table.add_row(ids[p], str(pos.board.values[p]), *cells)
        for s, c in enumerate(colours):
            total[c] += points[s]
    table.add_row("total", "", *(str(total[c]) for c in colours))
    out.print(table)


@command("board")
def board_command(
    board_file: Annotated[
        Path | None, typer.Argument(help="A board file (default: the reconstructed board).", show_default=False)
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Check a board file against every stated fact of the board (16 provinces, 2 yellow, 8 green,
    6 brown; 26 fort spaces each touching 2 to 4 provinces; fort space 2 touching 1 brown and 2
    green; ports on the coast, at least 4; a connected, planar adjacency; outlines that agree)."""
    b = board(board_file)
    ports = [b.provinces[p].id for p in b.ports]
    data: dict[str, Any] = {
        "name": b.name,
        "reconstructed": b.reconstructed,
        "provinces": len(b.provinces),
        "ports": ports,
        "adjacent_pairs": len(b.adjacency),
        "fort_spaces": len(b.spaces),
        "geometry": all(p.shape for p in b.provinces),
        "ok": True,
    }
    if as_json:
        out.print(json.dumps(data), soft_wrap=True)
        return
    mark = " (reconstructed)" if b.reconstructed and "reconstructed" not in b.name else ""
    out.print(
        f"{b.name}{mark}: {data['provinces']} provinces, {data['adjacent_pairs']} adjacent pairs, "
        f"{data['fort_spaces']} fort spaces, ports in {', '.join(ports)}; every stated fact holds",
        soft_wrap=True,
    )
