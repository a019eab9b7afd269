"""Shared fixtures: the default components, positions written inline, simulated positions."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
import textwrap
from functools import cache
from pathlib import Path

import pytest

from akrotiri_puzzles import Components, Position, apply, legal_actions, load_components, loads_position, new_game
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.puzzle import State

from . import cli_zygote


@pytest.fixture(scope="session")
def comps() -> Components:
    """The default component set."""
    return load_components()


def position(text: str, source: str = "<test>") -> Position:
    """A position from YAML written inline in a test (dedented)."""
    return loads_position(textwrap.dedent(text), load_components(), source)


@cache
def simulated(games: int = 6, seed: int = 100, edition: int = 2016, strategist: bool = False) -> tuple[Position, ...]:
    """Every position of a few uniformly random games (capped at 40 turns), for property tests."""
    comps = load_components()
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        pos = new_game(comps, seed + g, edition, strategist)
        while pos.phase != "over" and pos.turn <= 40:
            out.append(pos)
            pos = apply(pos, rng.choice(legal_actions(pos)))
        out.append(pos)
    return tuple(out)


def sample(positions: tuple[Position, ...], k: int, seed: int = 0) -> list[Position]:
    """A fixed random sample of positions."""
    rng = random.Random(seed)
    return rng.sample(list(positions), min(k, len(positions)))


ROOT = Path(__file__).resolve().parent.parent


def run_cli(
    *args: str | Path,
    cwd: Path | None = None,
    timeout: float = 120,
    env: dict[str, str] | None = None,
    fresh: bool = False,
) -> subprocess.CompletedProcess[str]:
    """Run `akrotiri-puzzle ARGS` through the checkout's `cli.py`, as a user runs it (80 columns
    unless `env` says otherwise; `env` is added to the test's environment): forked from an
    interpreter that has imported the package (tests/cli_zygote.py), or, with `fresh` (or
    AKROTIRI_FRESH_CLI=1 in the environment), in a fresh interpreter."""
    env = {**os.environ, "COLUMNS": "80", **(env or {})}
    if not (fresh or os.environ.get("AKROTIRI_FRESH_CLI")) and cli_zygote.forks(env):
        return cli_zygote.run([str(ROOT / "cli.py"), *map(str, args)], cwd or ROOT, env, timeout)
    return subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=env,
        timeout=timeout,
    )


def tool_module(name: str):
    """The module of tools/NAME.py (the tools are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def realised_floor_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """analysis/realise.py's `REALISE_FIRST` off (on by default since session 86): for the tests of
    the CP-SAT paths it would answer first (a floored member's model, the first model's steps),
    which still run wherever the realised leaf gives no proven line. The step itself is checked by
    tests/test_realise.py and the floored-watch tests with it on."""
    from akrotiri_puzzles.analysis import realise

    monkeypatch.setattr(realise, "REALISE_FIRST", False)


@pytest.fixture
def two_turn_line(monkeypatch: pytest.MonkeyPatch):
    """A function (seed, turn, seat, placement, line) -> (child, puzzle, end): the 2016 seeded
    greedy game's position at `turn` (tools/bench_two_turns_place.py's), its child after
    `placement`, and the end of `line` (two turns in the notation) as the engine plays it from
    there (tools/engine_turn_two.py's `replayed`), every action played."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    bench, engine_turn_two = tool_module("bench_two_turns_place"), tool_module("engine_turn_two")

    def played(seed: int, turn: int, seat: str, placement: str, line: str):
        pos = bench.positions(seed, 2016, turn, [seat])[0]
        child = next(c for g in bench.turn_groups(pos) for a, c in g if str(a) == placement)
        puzzle = two_turn_puzzle(child)
        end, count, refused = engine_turn_two.replayed(puzzle, State(child), line)
        assert refused is None and count == line.count(";") + 1
        return child, puzzle, end

    return played


def big_database(path: Path, rows: int) -> Path:
    """A puzzle database of `rows` rows made by tools/big_puzzle_db.py (the repository's puzzles
    again and again, each under its own id)."""
    made = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "big_puzzle_db.py"), str(path), "--rows", str(rows)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    return path


def one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> str:
    """Exit status 2, nothing on stdout, one line on stderr holding every word given, no traceback."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == "", result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


@pytest.fixture(autouse=True)
def _memory_report(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """With AKROTIRI_MEMORY_REPORT=FILE, append each test that raised its worker's peak memory
    (resident set, MB before and after) to FILE: how the suite's memory-hungry tests are found."""
    report = os.environ.get("AKROTIRI_MEMORY_REPORT")
    if not report:
        yield
        return
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    yield
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    if after > before + 20:
        with open(report, "a", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()} {before} {after} {request.node.nodeid}\n")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):  # type: ignore[no-untyped-def]
    """With AKROTIRI_CPU_REPORT=FILE, append each test's CPU seconds (its worker's and its child
    processes', user and system) to FILE: where the suite's time goes, whatever else the machine
    runs (wall-clock durations swell with the load; CPU seconds hardly do). Setup and teardown
    count: a module's fixture is charged to the first test that asks for it."""
    report = os.environ.get("AKROTIRI_CPU_REPORT")
    if not report:
        yield
        return
    import resource

    def cpu() -> float:
        own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime + cli_zygote.children_cpu()

    before = cpu()
    yield
    with open(report, "a", encoding="utf-8") as fh:
        fh.write(f"{cpu() - before:.2f} {item.nodeid}\n")
