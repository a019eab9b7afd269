"""Engine commands: simulate, score, legal, apply."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..errors import IllegalActionError, NotationError, quote
from ..files.position_yaml import dumps_position, load_position, save_position
from ..files.yamlio import write_atomic
from ..geometry import format_quad
from ..notation import parse_action
from ..position import Position
from ..rules import apply, legal_actions
from ..scoring import Score, final_score
from ..simulate import DEFAULT_MAX_TURNS, GameRecord, play_game, summarise
from . import ComponentsOpt, JsonOpt, PositionArg, app, components, fail, out, progress

# ---- simulate --------------------------------------------------------------------------------


@app.command()
def simulate(
    games: Annotated[int, typer.Option(min=1, help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 1,
    edition: Annotated[int, typer.Option(help="Rules edition: 2016 or 2014.")] = 2016,
    variant: Annotated[str, typer.Option(help="standard or strategist.")] = "standard",
    bot: Annotated[str, typer.Option(help="random or greedy (both seats).")] = "random",
    max_turns: Annotated[
        int, typer.Option(min=1, help="Stop a game unfinished after this many turns.")
    ] = DEFAULT_MAX_TURNS,
    save_positions: Annotated[
        Path | None,
        typer.Option(help="Write sampled positions, and each game's final position, as YAML files here."),
    ] = None,
    sample_every: Annotated[int, typer.Option(min=1, help="With --save-positions: one position every N turns.")] = 5,
    as_json: JsonOpt = False,
    components_dir: ComponentsOpt = None,
) -> None:
    """Play whole games with bots, checking the game's invariants after every action."""
    if edition not in (2016, 2014):
        fail(f"--edition: expected 2016 or 2014, got {edition}")
    if variant not in ("standard", "strategist"):
        fail(f"--variant: expected standard or strategist, got {variant!r}")
    if bot not in ("random", "greedy"):
        fail(f"--bot: expected random or greedy, got {bot!r}")
    comps = components(components_dir)
    records: list[GameRecord] = []
    samples: list[tuple[str, Position]] = []

    def sampler(game_seed: int):  # type: ignore[no-untyped-def]
        taken: set[int] = set()

        def take(pos: Position) -> None:
            if pos.phase == "act" and pos.turn % sample_every == 1 and pos.turn not in taken:
                taken.add(pos.turn)
                samples.append((f"game{game_seed}-turn{pos.turn:03d}.yaml", pos))

        return take

    with progress(games > 3) as bar:
        task = bar.add_task("simulating", total=games)
        for i in range(games):
            on_position = sampler(seed + i) if save_positions is not None else None
            record, final = play_game(
                comps, seed + i, edition, variant == "strategist", (bot, bot), max_turns, True, on_position
            )
            records.append(record)
            if save_positions is not None:
                samples.append((f"game{seed + i}-final.yaml", final))
            bar.advance(task)
    if save_positions is not None:
        for name, pos in samples:
            save_position(pos, save_positions / name)
    summary = summarise(records)
    if as_json:
        data = summary.as_json()
        data.update(edition=edition, variant=variant, bot=bot, seed=seed, max_turns=max_turns)
        if save_positions is not None:
            data["saved_positions"] = len(samples)
        out.print(json.dumps(data), markup=False, soft_wrap=True)
        return
    table = Table(title=f"{games} games, {bot} bot, edition {edition}, {variant}", show_header=False)
    table.add_row("finished (6 temples)", f"{summary.finished} of {summary.games} (others stop at turn {max_turns})")
    table.add_row("turns per game, mean", f"{summary.mean_turns:.1f}")
    table.add_row("actions per game, mean", f"{summary.mean_actions:.1f}")
    q = summary.score_quartiles
    table.add_row("score per seat", f"mean {summary.mean_score:.1f}; quartiles {q[0]:g} / {q[1]:g} / {q[2]:g}")
    table.add_row("winners", ", ".join(f"{k} {v}" for k, v in sorted(summary.wins.items())))
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
        out.print(f"  violation: {v}", markup=False)


# ---- score, legal, apply ---------------------------------------------------------------------


def score_data(score: Score) -> dict[str, object]:
    """A final score as plain data."""
    return {
        "seats": {
            s.seat: {
                "maps": [{"card": c, "points": p} for c, p in s.maps],
                "goals": [
                    {"card": g.goal, "rule": g.rule, "points": g.points, "temples": [format_quad(t) for t in g.temples]}
                    for g in s.goals
                ],
                "drachmas": s.drachmas,
                "drachma_points": s.drachma_points,
                "total": s.total,
            }
            for s in score.seats
        },
        "winners": list(score.winners),
        "decided_by": score.decided_by,
    }


def print_score(score: Score) -> None:
    """The score breakdown as a table."""
    table = Table(title="Final score")
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
                cells.append(f"{g.goal} {g.rule}: {g.points} ({where})")
            else:
                cells.append("")
        rows.append((f"goal card {i + 1}", cells[0], cells[1]))
    rows.append(("drachmas", *(f"{s.drachmas} -> {s.drachma_points}" for s in score.seats)))  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*row)
    table.add_row("total", *(f"[bold]{s.total}[/bold]" for s in score.seats))
    out.print(table)
    if score.decided_by == "shared":
        out.print("Shared victory: equal points and equal drachmas (R-SCORE-3).")
    elif score.decided_by == "drachmas":
        out.print(f"Winner: {score.winners[0]}, on the tie-break (more drachmas, R-SCORE-3).")
    else:
        out.print(f"Winner: {score.winners[0]}.")


@app.command()
def score(position: PositionArg, as_json: JsonOpt = False, components_dir: ComponentsOpt = None) -> None:
    """Final score of a position per seat: map cards, goal cards, drachmas, winner."""
    pos = load_position(position, components(components_dir))
    result = final_score(pos)
    if as_json:
        out.print(json.dumps(score_data(result)), markup=False, soft_wrap=True)
    else:
        print_score(result)


@app.command()
def legal(position: PositionArg, as_json: JsonOpt = False, components_dir: ComponentsOpt = None) -> None:
    """List the legal actions of a position, in notation."""
    pos = load_position(position, components(components_dir))
    actions = [str(a) for a in legal_actions(pos)]
    if as_json:
        out.print(
            json.dumps({"to_move": pos.to_move, "phase": pos.phase, "actions": actions}), markup=False, soft_wrap=True
        )
        return
    for a in actions:
        out.print(a, markup=False)


@app.command("apply")
def apply_command(
    position: PositionArg,
    action: Annotated[str, typer.Argument(help='An action in notation, e.g. "ship 1,0NE".', show_default=False)],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the new position here.")] = None,
    components_dir: ComponentsOpt = None,
) -> None:
    """Apply one action to a position and print (or write) the new position."""
    pos = load_position(position, components(components_dir))
    try:
        new = apply(pos, parse_action(action))
    except (NotationError, IllegalActionError) as exc:
        fail(f"{position}: action {quote(action)}: {exc.reason if isinstance(exc, IllegalActionError) else exc}")
    if output is None:
        out.print(dumps_position(new), markup=False, end="", soft_wrap=True)
    else:
        write_atomic(output, dumps_position(new))
