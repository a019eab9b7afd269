"""`generate --kind endgame`: endgame puzzles of one level (generator/endgame.py)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from ..common.cli import counted, fail, out
from ..common.cli.outputs import check_dir, in_folder, write_file
from ..common.files.names import file_stem
from ..files.puzzle_yaml import dumps_puzzle
from . import components

TRIES_PER_PUZZLE = 200
"""Candidates looked at per puzzle asked before the run gives up: a bound on the work."""

ONLY_TEMPLE: dict[str, object] = {
    "--turns": None,
    "--start": None,
    "--goal": None,
    "--strict": False,
    "--svg": False,
    "--png": False,
    "--workers": 1,
    "--scheduler": None,
    "--scheduler-timeout": 10.0,
    "--db": None,
    "--theme": None,
    "--without": None,
    "--drawn-site": False,
    "--any-site": False,
}
"""Options of temple puzzles that endgame puzzles do not take (one turn, a score goal, one
process), with their defaults: any other value is refused."""


def generate_endgames(
    level: str,
    count: int,
    seed: int,
    out_dir: Path,
    edition: int | None,
    components_dir: Path | None,
    given: list[str],
) -> int:
    """Write `count` endgame puzzles of `level` into `out_dir`; the exit status (1 when fewer
    were found within the candidates allowed)."""
    if given:
        fail(f"{given[0]}: not an option of --kind endgame (a one-turn score goal, made in one process)")
    check_dir(out_dir, "--out")
    comps = components(components_dir)
    from ..generator.endgame import generate

    out_dir.mkdir(parents=True, exist_ok=True)
    kept = 0
    tried = 0
    for c in generate(comps, seed, level, count, count * TRIES_PER_PUZZLE, edition):
        tried += 1
        if c.puzzle is None:
            continue
        kept += 1
        path = in_folder(out_dir, f"{file_stem(c.puzzle.id, 'generate')}.yaml", "--out")
        write_file(path, dumps_puzzle(c.puzzle), "--out")
        out.print(f"{path}: {c.puzzle.title}; the greedy line loses {c.gap}")
    out.print(Text(f"{counted(kept, level + ' endgame puzzle')} from {counted(tried, 'candidate')} tried", style="dim"))
    return 0 if kept >= count else 1
