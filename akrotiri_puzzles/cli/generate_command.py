"""The `generate`, `grade` and `export` commands: puzzles made, graded and stored."""

from __future__ import annotations

import contextlib
import json
import re
from contextlib import nullcontext
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from ..common.cli import DEFAULT_TIME_LIMIT, JsonOpt, check_range, check_time_limit, counted, err, fail, out, progress
from ..common.cli.outputs import check_dir, check_file, in_folder, staged, write_file
from ..common.errors import InputError
from ..common.files.names import file_stem
from ..files.db_workers import checked_facts
from ..files.puzzle_db import add_puzzles, position_key
from ..files.puzzle_yaml import dumps_puzzle, load_puzzle
from ..puzzle import Grade, Puzzle
from . import ComponentsOpt, command, components
from . import components_dir as chosen_dir
from .show_command import puzzle_notes
from .theme_option import ThemeOpt, WithoutOpt, chosen_themes, keeps

if TYPE_CHECKING:
    from ..components import Components
    from ..generator.generate import Outcome

LEVELS = ("easy", "medium", "hard")
KINDS = ("temple", "endgame")
GOALS = ("temple", "map-card", "two-temples")
STARTS = ("act", "place")
EDITIONS = (2014, 2016)
MAX_COUNT = 10_000
MAX_WORKERS = 64
SEED_MAX = 2**31 - 1
TRIES_PER_PUZZLE = 400
"""Candidates tried per puzzle asked before a run gives up: a bound on the work, not a time."""


def _choice(option: str, value: str | int | None, allowed: tuple[str, ...] | tuple[int, ...]) -> None:
    if value is not None and value not in allowed:
        fail(f"{option}: expected one of {', '.join(map(str, allowed))}, got {value!r}")


@command("generate")
def generate(
    difficulty: Annotated[str, typer.Option(help=f"The level: {', '.join(LEVELS)}.")] = "medium",
    count: Annotated[int, typer.Option(help=f"Puzzles to make, 1 to {MAX_COUNT:,}.")] = 1,
    seed: Annotated[int, typer.Option(help="Seed, 0 to 2^31-1: the same seed and options give the same files.")] = 1,
    out_dir: Annotated[Path, typer.Option("--out", help="Directory for the puzzle files.")] = Path("."),
    turns: Annotated[int | None, typer.Option(help="Horizon: 1 or 2 turns (default: as the level draws).")] = None,
    start: Annotated[
        str | None,
        typer.Option(
            help="Where the puzzle starts: act (the action phase) or place (before the tile placement, so the answer places the tile); default: as the level draws."
        ),
    ] = None,
    goal: Annotated[str | None, typer.Option(help=f"Goal kind: {', '.join(GOALS)} (default: drawn).")] = None,
    edition: Annotated[int | None, typer.Option(help="Edition: 2014 or 2016 (default: drawn).")] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Keep only puzzles whose answer is strictly unique: no other excavation site and no other choice of a placed tile's rotation or second cube, or of the stop where the oracle is consulted (docs/solver.md).",
        ),
    ] = False,
    svg: Annotated[bool, typer.Option("--svg", help="Also draw each puzzle's position as SVG.")] = False,
    png: Annotated[bool, typer.Option("--png", help="Also draw each puzzle's position as PNG.")] = False,
    workers: Annotated[int, typer.Option(help=f"Local worker processes, 1 to {MAX_WORKERS}.")] = 1,
    scheduler: Annotated[
        str | None, typer.Option(help="Run on a Dask cluster instead: tcp://HOST:PORT.", show_default=False)
    ] = None,
    scheduler_timeout: Annotated[
        float, typer.Option(help="Seconds to wait for the --scheduler to answer before giving up.")
    ] = 10.0,  # generator.runner.CONNECT_TIMEOUT
    db: Annotated[
        Path | None, typer.Option(help="Also store the puzzles in this SQLite database.", show_default=False)
    ] = None,
    components_dir: ComponentsOpt = None,
    kind: Annotated[
        str, typer.Option(help=f"Puzzle kind: {', '.join(KINDS)} (endgame: a score goal, docs/analysis.md).")
    ] = "temple",
    theme: ThemeOpt = None,
    without: WithoutOpt = None,
    drawn_site: Annotated[
        bool,
        typer.Option(
            "--drawn-site",
            help="Two turns from the action phase whose goal needs the tile drawn at the end of turn 1: no site for it now, one after that tile's placement; with --theme oracle, a tile only the oracle gives (sets --turns 2; at hard, what --turns 2 draws anyway; docs/generator.md).",
        ),
    ] = False,
    any_site: Annotated[
        bool,
        typer.Option(
            "--any-site",
            help="Two turns from the action phase with any goal of the level, the tile drawn at the end of turn 1 needed or not (sets --turns 2; what --turns 2 draws at easy and medium; at hard it draws --drawn-site's goals unless this is given).",
        ),
    ] = False,
) -> None:
    """Make puzzles of exactly one difficulty level, each with its certificate and grade.

    Each puzzle is a position reached by seeded play, a goal and a horizon; its optimum is
    proven, its answer unique, and its level proven by the grader (docs/generator.md). Files
    are named by level, seed, options and candidate number, and written whole; a file that
    exists already is kept and counted, so a rerun of the same command goes on where it stopped.
    Exit status 1 when fewer puzzles than asked were found within 400 candidates per puzzle.
    --theme keeps only puzzles with the themes asked (two-turn, placement, two-temples and
    map-card set --turns, --start and --goal; e.g. --theme sell,portage), and a two-turn puzzle
    is kept only when a line that takes no action in turn 1 is worse (docs/generator.md).
    At hard, --turns 2 from the action phase draws goals that need the tile drawn at the end of
    turn 1 (as --drawn-site); --any-site draws any goal (the recipe of easy and medium).
    --without refuses themes: --without portage keeps only puzzles whose grade does not prove
    portage necessary.
    """
    _choice("--difficulty", difficulty, LEVELS)
    _choice("--kind", kind, KINDS)
    if kind == "endgame":
        temple_only: dict[str, object] = {"--turns": turns, "--start": start, "--goal": goal, "--strict": strict}
        temple_only |= {"--svg": svg, "--png": png, "--workers": workers, "--scheduler": scheduler, "--db": db}
        temple_only["--scheduler-timeout"] = scheduler_timeout
        temple_only["--theme"] = theme or None
        temple_only["--without"] = without or None
        temple_only["--drawn-site"] = drawn_site
        temple_only["--any-site"] = any_site
        _endgames(difficulty, count, seed, out_dir, edition, components_dir, temple_only)
        return
    _choice("--goal", goal, GOALS)
    _choice("--edition", edition, EDITIONS)
    _choice("--turns", turns, (1, 2))
    _choice("--start", start, STARTS)
    turns, start, goal, wanted = _theme_options(chosen_themes(theme), turns, start, goal)
    from ..generator.generate import Outcome, Task, Work, two_turn_recipe

    try:
        turns, drawn = two_turn_recipe(difficulty, turns, start, drawn_site, any_site)
    except ValueError as e:
        fail(str(e))
    refused = chosen_themes(without, "--without")
    if set(refused) & set(wanted):
        fail(f"--without {','.join(sorted(set(refused) & set(wanted)))}: also asked by --theme")
    check_range("--count", count, 1, MAX_COUNT)
    check_range("--seed", seed, 0, SEED_MAX)
    check_range("--workers", workers, 1, MAX_WORKERS)
    if scheduler is not None and not re.fullmatch(r"tcp://[\w.\-\[\]:]+:\d{1,5}", scheduler):
        fail(f"--scheduler: expected tcp://HOST:PORT, got {scheduler!r}")
    check_range("--scheduler-timeout", scheduler_timeout, 0.1, 3600)
    check_dir(out_dir, "--out")
    if db is not None:
        check_file(db, "--db")
    comps = components(components_dir)  # a bad --components fails here, before any work
    from ..generator.runner import SchedulerError, run_in_order

    def task(i: int) -> Task:
        return Task(seed, i, difficulty, turns, goal, edition, start, strict, wanted, refused, drawn)

    tasks = (task(i) for i in range(count * TRIES_PER_PUZZLE))
    comps_dir = chosen_dir(components_dir)
    work = Work(str(comps_dir) if comps_dir else None)

    out_dir.mkdir(parents=True, exist_ok=True)
    journal = in_folder(out_dir, JOURNAL, "--out")
    dropped = _read_journal(journal)
    reused = [0]

    def graded_file(puzzle_id: str) -> Path:
        return in_folder(out_dir, f"{GRADED}/{file_stem(puzzle_id, 'generate')}.yaml", "--out")

    def known(task: Task) -> Outcome | None:
        # What an earlier run of the same command found: a puzzle file, or a dropped candidate
        # (with the puzzle it graded at another level, kept for the database).
        path = in_folder(out_dir, f"{file_stem(task.name, 'generate')}.yaml", "--out")
        if path.is_file():
            reused[0] += 1
            return Outcome(task, load_puzzle(path, comps), "kept")
        if task.name in dropped:
            reused[0] += 1
            reason = dropped[task.name]
            other = graded_file(f"{task.name}-{reason.replace(' ', '-')}") if reason.startswith("graded ") else None
            return Outcome(task, load_puzzle(other, comps) if other and other.is_file() else None, reason)
        return None

    # Each position once (issue 30): a candidate whose starting position a puzzle of another
    # command already in --out has (another level, goal or seed) is not kept.
    ours = task(0).name.rsplit("-", 1)[0]
    used = _positions_in(out_dir, comps, ours)

    def fresh(outcome: Outcome) -> bool:
        return outcome.puzzle is None or position_key(outcome.puzzle.start) not in used

    graded: list[Puzzle] = []
    tally: dict[str, int] = {}
    with progress(err.is_terminal) as bar:
        job = bar.add_task(f"{difficulty}: 0 kept, 0 candidates", total=count)

        def seen(outcome: Outcome) -> None:
            if outcome.kept and not fresh(outcome):
                outcome = replace(outcome, reason=POSITION_USED, puzzle=None)
            tally[outcome.reason] = tally.get(outcome.reason, 0) + 1
            tried = sum(tally.values())
            done = tally.get("kept", 0)
            others = ", ".join(f"{lv} {tally[f'graded {lv}']}" for lv in LEVELS if f"graded {lv}" in tally)
            note = f" (graded elsewhere: {others})" if others else ""
            bar.update(job, completed=done, description=f"{difficulty}: {done} kept of {tried} candidates{note}")
            if outcome.kept and outcome.puzzle is not None:
                _write(outcome.puzzle, out_dir, svg, png)
            elif outcome.task.name not in dropped:
                if outcome.puzzle is not None:  # written before the journal says it was graded
                    write_file(graded_file(outcome.puzzle.id), dumps_puzzle(outcome.puzzle), "--out")
                dropped[outcome.task.name] = outcome.reason
                with journal.open("a", encoding="utf-8") as fh:
                    fh.write(f"{outcome.task.name}\t{outcome.reason}\n")
            if outcome.puzzle is not None and not outcome.kept:
                graded.append(outcome.puzzle)

        try:
            found = run_in_order(
                tasks,
                work,
                lambda o: o.kept and fresh(o),
                count,
                workers,
                scheduler,
                seen,
                known,
                connect_timeout=scheduler_timeout,
            )
        except SchedulerError as exc:
            fail(str(exc))
    puzzles = [o.puzzle for o in found if o.puzzle is not None]
    for p in puzzles:
        _describe(p, out_dir / f"{p.id}.yaml")
    tried = sum(tally.values())
    out.print(
        Text(
            f"{counted(len(puzzles), difficulty + ' puzzle')} from {counted(tried, 'candidate')} tried ({reused[0]} known from an earlier run)",
            style="dim",
        )
    )
    if db is not None:
        # Candidates graded at another level are kept there in the database, never relabelled.
        added = add_puzzles(db, puzzles + graded)
        out.print(
            f"{db}: {counted(added, 'puzzle')} added ({len(graded)} graded at another level), the rest there already"
        )
    if len(puzzles) < count:
        err.print(f"only {len(puzzles)} of {count} found within {count * TRIES_PER_PUZZLE} candidates")
        raise typer.Exit(1)


POSITION_USED = "position used"
"""Why a candidate is dropped when a puzzle of --out already starts from its position."""
JOURNAL = ".generate-dropped.tsv"
"""In the output directory: each candidate dropped, with why, one per line, so that a rerun of
the same command does not try it again."""
GRADED = ".generate-graded"
"""In the output directory: each candidate graded at another level than the one asked, so that
a rerun stores it in --db as a single run does."""


def _read_journal(path: Path) -> dict[str, str]:
    """The dropped candidates an earlier run recorded (a line cut short by Ctrl-C is ignored)."""
    if not path.is_file():
        return {}
    found = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        name, tab, reason = line.partition("\t")
        if tab and reason:
            found[name] = reason
    return found


def _endgames(
    difficulty: str,
    count: int,
    seed: int,
    out_dir: Path,
    edition: int | None,
    components_dir: Path | None,
    temple_only: dict[str, object],
) -> None:
    """`--kind endgame`: cli/endgame_generate.py. `temple_only` holds the values given to the
    options that endgame puzzles refuse, by name."""
    from .endgame_generate import ONLY_TEMPLE, generate_endgames

    _choice("--edition", edition, EDITIONS)
    check_range("--count", count, 1, MAX_COUNT)
    check_range("--seed", seed, 0, SEED_MAX)
    given = [name for name, default in ONLY_TEMPLE.items() if temple_only[name] != default]
    raise typer.Exit(generate_endgames(difficulty, count, seed, out_dir, edition, components_dir, given))


THEME_OPTIONS = {
    "two-turn": ("--turns", "turns", 2),
    "placement": ("--start", "start", "place"),
    "two-temples": ("--goal", "goal", "two-temples"),
    "map-card": ("--goal", "goal", "map-card"),
}
"""The themes an option of generate makes, with the option and its value: asking the theme
sets the option."""


def _theme_options(
    themes: tuple[str, ...], turns: int | None, start: str | None, goal: str | None
) -> tuple[int | None, str | None, str | None, tuple[str, ...]]:
    """--turns, --start and --goal with what the themes asked set (a theme that contradicts an
    option fails, one line), and the themes left to check on each candidate."""
    given: dict[str, object] = {"turns": turns, "start": start, "goal": goal}
    for t in themes:
        if t not in THEME_OPTIONS:
            continue
        option, name, value = THEME_OPTIONS[t]
        if given[name] is not None and given[name] != value:
            fail(f"--theme {t}: asks {option} {value}, which {option} {given[name]} (given or asked) contradicts")
        given[name] = value
    rest = tuple(t for t in themes if t not in THEME_OPTIONS)
    return given["turns"], given["start"], given["goal"], rest  # type: ignore[return-value]


def _positions_in(out_dir: Path, comps: Components, ours: str) -> set[str]:
    """The starting positions (`position_key`) of the puzzles in `out_dir` but this command's
    own, kept by an earlier run of it: `ours` and a task number (`medium-s21-00009`, not
    `medium-s21-t2-00009`, another command's)."""
    keys = set()
    for path in sorted(out_dir.glob("*.yaml")):
        if re.fullmatch(re.escape(ours) + r"-\d+", path.stem):
            continue
        with contextlib.suppress(InputError):
            keys.add(position_key(load_puzzle(path, comps).start))
    return keys


def _write(puzzle: Puzzle, out_dir: Path, svg: bool, png: bool) -> None:
    """The puzzle file, then its pictures; each written whole."""
    stem = file_stem(puzzle.id, "generate")
    path = in_folder(out_dir, f"{stem}.yaml", "--out")
    text = dumps_puzzle(puzzle)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        write_file(path, text, "--out")
    if svg:
        from ..render.svg import render_svg

        write_file(
            in_folder(out_dir, f"{stem}.svg", "--out"),
            render_svg(puzzle.start, notes=puzzle_notes(puzzle), revealed=puzzle.revealed),
            "--svg",
        )
    if png:
        from ..render.png import render_png

        data = render_png(puzzle.start, notes=puzzle_notes(puzzle), revealed=puzzle.revealed)
        write_file(in_folder(out_dir, f"{stem}.png", "--out"), data, "--png")


def _describe(puzzle: Puzzle, path: Path) -> None:
    out.print(Text(f"{path}: {puzzle.title}", style="bold"), soft_wrap=True)
    if puzzle.grade is not None:
        for line in evidence(puzzle.grade, puzzle.optimum, puzzle):
            out.print(f"  {line}", soft_wrap=True)
    c = puzzle.certificate
    if c is not None and c.themes is not None:
        out.print(f"  themes: {', '.join(c.themes) or 'none'}", soft_wrap=True)
    if c is not None and c.idle_first_turn is not None:
        idle = c.idle_first_turn.optimum
        best = "no line at all" if idle is None else f"{counted(idle, 'action')} at best"
        out.print(f"  turn 1 matters: with no action in turn 1, {best} (proven)", soft_wrap=True)
    if c is not None and c.unique and c.strict is not None:
        if c.strict:
            out.print(
                "  answer strictly unique: no other line, excavation site, rotation or second cube", soft_wrap=True
            )
        else:
            out.print(
                "  answer unique up to the excavation site, a tile's rotation, its second cube or the oracle's stop (each can change)",
                soft_wrap=True,
            )


def evidence(grade: Grade, optimum: int | None, puzzle: Puzzle) -> list[str]:
    """The grade as lines a person reads."""
    from ..generator.first_actions import MOST_GOOD
    from ..generator.grade import level_of, level_reading

    shortest = f"optimum {counted(optimum, 'action')}, {optimum - 1} proven too few" if optimum else "optimum unknown"
    lines = [f"level {grade.level} (score {grade.score}); {shortest}"]
    reading = level_reading(puzzle, grade)
    if reading:
        lines.append(f"{reading}, read as {level_of(grade.points)} (docs/generator.md, The grade)")
    if grade.necessary:
        for n in grade.necessary:
            without = "no line at all" if n.without is None else f"{counted(n.without, 'action')} at best"
            lines.append(f"needs {n.technique}: without it, {without} (proven)")
    else:
        lines.append("no technique proven necessary")
    ladder = ", ".join(f"{name} {'none' if cost is None else cost}" for name, cost in grade.ladder)
    lines.append(f"weakest solver with an optimal line: {grade.weakest} (lines found: {ladder})")
    first = grade.first_actions
    if first is not None:
        lines.append(
            f"good first actions: {first.good} of {first.legal} allow an optimal line (proven; hard: at most {MOST_GOOD})"
        )
    if level_of(grade.points) == "hard" and grade.level != "hard":
        lines.append(
            "reads medium: its level points are hard, but it is not hard to find (the hard gate, docs/generator.md)"
        )
    return lines


@command("grade")
def grade_command(
    puzzle_file: Annotated[Path, typer.Argument(help="A puzzle file (YAML).", show_default=False)],
    as_json: JsonOpt = False,
    time_limit: Annotated[
        float,
        typer.Option(
            help="Stop after this many seconds: a puzzle not graded by then has no level (exit status 1); default 600.",
            show_default=False,
        ),
    ] = DEFAULT_TIME_LIMIT,
    components_dir: ComponentsOpt = None,
) -> None:
    """Grade a puzzle: its level and the evidence (optimum, techniques proven necessary, the
    weakest solver that finds an optimal line). Exit status 1 if it has no line or more than
    one answer (such a puzzle has no level), or when the time limit comes first (a grade is
    given whole or not at all)."""
    check_time_limit(time_limit)
    puzzle = load_puzzle(puzzle_file, components(components_dir))
    from ..generator.grade import grade
    from ..solver import solve
    from ..solver.deadline import Deadline, TimeUp

    deadline = Deadline(time_limit)
    g = None
    with out.status("grading", spinner="dots") if not as_json and out.is_terminal else nullcontext():
        result = solve(puzzle, unique=True, time_limit=time_limit)
        timed_out = result.timed_out
        if result.optimum is not None and not timed_out:
            try:
                g = grade(puzzle, result.optimum, result.line, deadline=deadline)
            except TimeUp:
                timed_out = True
    data = {
        "id": puzzle.id,
        "optimum": result.optimum if result.status == "OPTIMAL" else None,
        "unique": result.unique,
        "level": g.level if g else None,
        "score": g.score if g else None,
        "level_points": g.points if g else None,
        "necessary": [{"technique": n.technique, "without": n.without} for n in g.necessary] if g else [],
        "ladder": dict(g.ladder) if g else {},
        "weakest": g.weakest if g else None,
        "first_actions": {"legal": g.first_actions.legal, "good": g.first_actions.good}
        if g and g.first_actions
        else None,
        "line": [str(a) for a in result.line],
        "timed_out": timed_out,
    }
    if as_json:
        out.print(json.dumps(data), soft_wrap=True)
    else:
        out.print(Text(f"{puzzle.id}: {puzzle.title}" if puzzle.title else puzzle.id, style="bold"))
        if timed_out:
            out.print(
                f"Not graded: the time limit ({time_limit:g} s) came first, so no level is claimed "
                "(give --time-limit SECONDS for longer)."
            )
        elif g is None:
            out.print("No line reaches the goal within the horizon: no level.")
        else:
            for line in evidence(g, result.optimum, puzzle):
                out.print(f"  {line}", soft_wrap=True)
            if result.unique is not True:
                out.print("  not unique: another answer exists, so this is not a publishable puzzle")
    if g is None or result.unique is not True:
        raise typer.Exit(1)


def exported(wanted: tuple[str, ...], puzzle: Puzzle) -> tuple[str, bool]:
    """What export needs of a puzzle it read: its id, and whether --theme keeps it."""
    return puzzle.id, keeps(puzzle, wanted)


@command("export")
def export(
    db: Annotated[Path, typer.Option(help="The SQLite database to read.", show_default=False)],
    out_dir: Annotated[Path, typer.Option("--out", help="Directory for the puzzle files.", show_default=False)],
    level: Annotated[str | None, typer.Option(help="Only this level.", show_default=False)] = None,
    components_dir: ComponentsOpt = None,
    theme: ThemeOpt = None,
) -> None:
    """Write the puzzles of a database as YAML files, one per puzzle, named ID.yaml.

    Each puzzle is checked as a puzzle file is, then written as the database stores it. The
    database is opened read-only and never changed. An id is a file name only if it holds
    ASCII letters, digits, '.', '_' and '-' (starting with a letter or digit): any other id, or
    two ids naming one file, is refused, and then no file is written at all.
    """
    _choice("--level", level, LEVELS)
    wanted = chosen_themes(theme)
    check_dir(out_dir, "--out")
    comps = components(components_dir)
    n = 0
    with staged(out_dir, "--out") as stage:
        for row, (ident, kept) in checked_facts(db, comps, partial(exported, wanted), level):
            # Checked to be a puzzle (on worker processes for a large database), then written as
            # stored: for a database of generate --db, the very text a puzzle file of it holds.
            if not kept:
                continue
            stage.add(f"{file_stem(ident, row.source)}.yaml", row.yaml)
            n += 1
    out.print(f"wrote {counted(n, 'puzzle file')} to {out_dir}")
