"""Engine commands: simulate, score, legal, apply."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..bots import BOTS
from ..common.cli import JsonOpt, check_range, fail, out, progress
from ..common.cli.outputs import check_dir, check_file, staged, write_file
from ..common.errors import quote
from ..common.files.yamlio import read_yaml
from ..effects import apply
from ..errors import IllegalActionError, NotationError, PositionError
from ..files.position_yaml import dumps_position, position_from_data
from ..geometry import format_quad
from ..notation import format_action, parse_action, parse_line
from ..position import Position
from ..render.words import rule_words, title_line
from ..rules import legal_actions
from ..scoring import Score, SeatScore, final_score
from ..simulate import DEFAULT_MAX_TURNS, GameRecord, play_game, summarise
from . import ComponentsOpt, PositionArg, command, components

# ---- simulate --------------------------------------------------------------------------------

EDITIONS = (2016, 2014)
VARIANTS = ("standard", "strategist")
SEED_MAX = 2**31 - 1
MAX_GAMES = 100_000
MAX_TURNS_LIMIT = 1_000


@command()
def simulate(
    games: Annotated[int, typer.Option(help=f"Games to play, 1 to {MAX_GAMES:,}.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game, 0 to 2^31-1; game i uses seed+i.")] = 1,
    edition: Annotated[int, typer.Option(help="Rules edition: 2016 or 2014.")] = 2016,
    variant: Annotated[str, typer.Option(help="standard or strategist.")] = "standard",
    bot: Annotated[
        str, typer.Option(help="random, greedy, or mixed (greedy with probability --mix, else random); both seats.")
    ] = "random",
    mix: Annotated[float, typer.Option(help="With --bot mixed: the probability of a greedy action, 0 to 1.")] = 0.5,
    max_turns: Annotated[
        int, typer.Option(help=f"Stop a game unfinished after this many turns, 1 to {MAX_TURNS_LIMIT:,}.")
    ] = DEFAULT_MAX_TURNS,
    save_positions: Annotated[
        Path | None,
        typer.Option(help="Write sampled positions, and each game's final position, as YAML files in this directory."),
    ] = None,
    sample_every: Annotated[
        int,
        typer.Option(help="With --save-positions: the action phase of turns 1, 1+N, 1+2N, ... of each game."),
    ] = 5,
    as_json: JsonOpt = False,
    components_dir: ComponentsOpt = None,
) -> None:
    """Play whole games with bots, checking the game's invariants after every action.

    A game that reaches the turn cap stops unfinished and has no winner.
    """
    check_range("--games", games, 1, MAX_GAMES)
    check_range("--seed", seed, 0, SEED_MAX)
    if edition not in EDITIONS:
        fail(f"--edition: expected 2016 or 2014, got {edition}")
    if variant not in VARIANTS:
        fail(f"--variant: expected standard or strategist, got {variant!r}")
    if bot not in BOTS:
        fail(f"--bot: expected {', '.join(BOTS)}, got {bot!r}")
    check_range("--mix", mix, 0.0, 1.0)
    check_range("--max-turns", max_turns, 1, MAX_TURNS_LIMIT)
    check_range("--sample-every", sample_every, 1, MAX_TURNS_LIMIT)
    if save_positions is not None:
        check_dir(save_positions, "--save-positions")
    comps = components(components_dir)
    records: list[GameRecord] = []
    samples: list[tuple[str, Position]] = []

    def sampler(game_seed: int) -> Callable[[Position], None]:
        taken: set[int] = set()

        def take(pos: Position) -> None:
            # The start of the action phase of turns 1, 1+N, 1+2N, ...
            if pos.phase == "act" and (pos.turn - 1) % sample_every == 0 and pos.turn not in taken:
                taken.add(pos.turn)
                samples.append((f"game{game_seed}-turn{pos.turn:03d}.yaml", pos))

        return take

    with progress(games > 3) as bar:
        task = bar.add_task("simulating", total=games)
        for i in range(games):
            on_position = sampler(seed + i) if save_positions is not None else None
            record, final = play_game(
                comps, seed + i, edition, variant == "strategist", (bot, bot), max_turns, True, on_position, mix, True
            )
            records.append(record)
            if save_positions is not None:
                samples.append((f"game{seed + i}-final.yaml", final))
            bar.advance(task)
    if save_positions is not None:
        with staged(save_positions, "--save-positions") as stage:
            for name, pos in samples:
                stage.add(name, dumps_position(pos))
    summary = summarise(records)
    if as_json:
        data = summary.as_json()
        data.update(edition=edition, variant=variant, bot=bot, seed=seed, max_turns=max_turns)
        if bot == "mixed":
            data["mix"] = mix
        if save_positions is not None:
            data["saved_positions"] = len(samples)
        out.print(json.dumps(data), soft_wrap=True)
        return
    who = f"mixed bot (greedy with probability {mix:g})" if bot == "mixed" else f"{bot} bot"
    table = Table(title=f"{games} games, {who}, edition {edition}, {variant}", show_header=False)
    unfinished = summary.games - summary.finished
    stopped = f"; {unfinished} stopped unfinished at turn {max_turns}" if unfinished else ""
    table.add_row("finished (6 temples)", f"{summary.finished} of {summary.games}{stopped}")
    table.add_row("turns per game, mean", f"{summary.mean_turns:.1f}")
    table.add_row("actions per game, mean", f"{summary.mean_actions:.1f}")
    q = summary.score_quartiles
    table.add_row("score per seat", f"mean {summary.mean_score:.1f}; quartiles {q[0]:g} / {q[1]:g} / {q[2]:g}")
    wins = ", ".join(f"{k} {v}" for k, v in sorted(summary.wins.items()))
    if summary.finished == 0:
        wins = "none: no game finished, and an unfinished game has no winner"
    elif unfinished:
        wins += f" (of the {summary.finished} finished games; unfinished games have no winner)"
    table.add_row("winners", wins)
    r = summary.ship_step_reach_quartiles
    table.add_row(
        "docks one ship step reaches",
        f"median {summary.ship_step_reach_median:g}; quartiles {r[0]:g} / {r[1]:g} / {r[2]:g}; max {summary.ship_step_reach_max}",
    )
    table.add_row("invariant violations", str(len(summary.violations)))
    if save_positions is not None:
        table.add_row("positions saved", f"{len(samples)} in {save_positions}")
    out.print(table)
    for v in summary.violations[:10]:
        out.print(f"  violation: {v}")


# ---- score, legal, apply ---------------------------------------------------------------------


def read_position(path: Path, components_dir: Path | None) -> Position:
    """A position file, or a puzzle file's starting position (to explore it without its answer)."""
    data = read_yaml(path, PositionError)
    comps = components(components_dir)
    if isinstance(data, dict) and str(data.get("format", "")).startswith("akrotiri-puzzle "):
        # A puzzle file is explored from its starting position; its solution is not read out.
        # (The puzzle reader, its models built at import, only then: session 69.)
        from ..files.puzzle_yaml import puzzle_from_data

        return puzzle_from_data(data, str(path), comps, path.parent).start
    return position_from_data(data, str(path), comps)


def itemised_data(s: SeatScore) -> dict[str, object]:
    """A seat's score itemised as plain data: its maps, goals and drachmas (R-SCORE-1)."""
    return {
        "maps": [{"card": c, "points": p} for c, p in s.maps],
        "goals": [
            {"card": g.goal, "rule": g.rule, "points": g.points, "temples": [format_quad(t) for t in g.temples]}
            for g in s.goals
        ],
        "drachmas": s.drachmas,
        "drachma_points": s.drachma_points,
    }


def score_data(score: Score, over: bool = True) -> dict[str, object]:
    """A score as plain data; before the game is over (`over` false) it has no winner."""
    return {
        "over": over,
        "seats": {s.seat: {**itemised_data(s), "total": s.total} for s in score.seats},
        "winners": list(score.winners) if over else [],
        "decided_by": score.decided_by if over else None,
    }


def print_score(score: Score, pos: Position) -> None:
    """The score breakdown as a table: final when the game is over, else as if it ended now."""
    over, edition = pos.phase == "over", pos.edition
    table = Table(title="Final score" if over else f"Score if the game ended now (turn {pos.turn}, not over)")
    table.add_column("")
    for s in score.seats:
        table.add_column(s.seat, justify="right")
    rows: list[tuple[str, str, str]] = []
    south, north = score.seats
    for i in range(max(len(south.maps), len(north.maps))):
        cells = [f"{s.maps[i][0]}  {s.maps[i][1]}" if i < len(s.maps) else "" for s in score.seats]
        rows.append((f"map card {i + 1}", cells[0], cells[1]))
    for i in range(max(len(south.goals), len(north.goals))):
        cells = []
        for s in score.seats:
            if i < len(s.goals):
                g = s.goals[i]
                where = ", ".join(format_quad(t) for t in g.temples) or "no temple"
                cells.append(f"{g.goal} {rule_words(g.rule, edition)}: {g.points} ({where})")
            else:
                cells.append("")
        rows.append((f"goal card {i + 1}", cells[0], cells[1]))
    rows.append(("drachmas", *(f"{s.drachmas} -> {s.drachma_points}" for s in score.seats)))  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*row)
    table.add_row("total", *(Text(str(s.total), style="bold") for s in score.seats))
    out.print(table)
    if not over:
        out.print(f"No winner yet: the game is not over ({pos.to_move} to move).")
        return
    if score.decided_by == "shared":
        out.print("Shared victory: equal points and equal drachmas (R-SCORE-3).")
    elif score.decided_by == "drachmas":
        out.print(f"Winner: {score.winners[0]}, on the tie-break (more drachmas, R-SCORE-3).")
    else:
        out.print(f"Winner: {score.winners[0]}.")


@command()
def score(position: PositionArg, as_json: JsonOpt = False, components_dir: ComponentsOpt = None) -> None:
    """Score of a position per seat: map cards, goal cards, drachmas, and the winner once the game is over.

    Before the game is over it is the score as if the game ended now, and there is no winner.
    """
    pos = read_position(position, components_dir)
    result = final_score(pos)
    if as_json:
        out.print(json.dumps(score_data(result, pos.phase == "over")), soft_wrap=True)
    else:
        print_score(result, pos)


@command()
def legal(position: PositionArg, as_json: JsonOpt = False, components_dir: ComponentsOpt = None) -> None:
    """List the legal actions of a position (or of a puzzle file's start), in notation."""
    pos = read_position(position, components_dir)
    actions = [str(a) for a in legal_actions(pos)]
    if as_json:
        out.print(json.dumps({"to_move": pos.to_move, "phase": pos.phase, "actions": actions}), soft_wrap=True)
        return
    for a in actions:
        out.print(a)


@command("apply")
def apply_command(
    position: PositionArg,
    action: Annotated[
        str,
        typer.Argument(
            help='An action in notation, e.g. "ship 1,0NE", or a line of them separated by ";" (played in turn).',
            show_default=False,
        ),
    ],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the new position here.")] = None,
    components_dir: ComponentsOpt = None,
) -> None:
    """Apply an action (or a line of them) to a position and print (or write) the new position.

    A puzzle file is read as its starting position (its answer is not shown), so a puzzle can be
    explored action by action: `apply PUZZLE "ship 0,1SW" -o next.yaml`, then `legal next.yaml`;
    `apply PUZZLE "ship 0,1SW; load red"` plays both in turn.
    """
    if output is not None:
        check_file(output, "--output")
    pos = read_position(position, components_dir)
    if ";" not in action:
        try:
            new = apply(pos, parse_action(action))
        except (NotationError, IllegalActionError) as exc:
            fail(f"{position}: action {quote(action)}: {exc.reason if isinstance(exc, IllegalActionError) else exc}")
    else:
        try:
            line = parse_line(action)
        except NotationError as exc:
            fail(f"{position}: line {quote(action)}: {exc}")
        if not line:
            fail(f"{position}: line {quote(action)}: no action")
        new = pos
        for i, a in enumerate(line):
            try:
                new = apply(new, a)
            except IllegalActionError as exc:
                fail(f"{position}: line {quote(action)}: action {i + 1} ({format_action(a)}): {exc.reason}")
    if output is None:
        out.print(dumps_position(new), end="", soft_wrap=True)
    else:
        write_file(output, dumps_position(new), "--output")
        out.print(f"{output}: {title_line(new)}", soft_wrap=True)
