"""Every command the README and docs/*.md show is run here, in order, as a reader would run it.

Each document's shell blocks (```sh) and the `$ ` lines of its text blocks run one after the
other in a fresh directory laid out like a clone (the package, puzzles/, tests/, tools/ and the
virtual environment linked in, docs/ copied, since some examples write into it), through bash
with the project's `akrotiri-puzzle` first on PATH. A command must exit with status 0, or with
the status its comment documents (`# exit status 2`); a `$ ` example must also print the lines
shown under it ("..." ends a line that is cut). Python blocks run too.

A few commands are sampled (a benchmark with a smaller workload, the same code; the sample's
options and make variables replace the command's own) and one is not run: `make test`, which is this suite (CI runs
it). See SAMPLED and NOT_RUN. A command a document shows again, the same words once sampled and
with no output shown, runs once (benchmarks.md shows one benchmark's command in several sections),
in the first document that shows it (in DOCUMENTS' order: the README, then docs/ by name), or where
its output is shown when a document shows it (that run checks it); so does a command that `make
demo`'s recipe runs word for word, once the demo has run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "docs" / "kreta").glob("*.md"))]
SLOW_DOCUMENTS = {"README.md", "benchmarks.md"}

# The benchmarks as documented, with a small workload appended (the last value of an option
# wins): the same code runs, for less time.
SAMPLED = {
    r"^make bench$": ' BENCH_ARGS="--games 2 --greedy-games 2 --positions-from 1"',
    r"tools/bench\.py\b": " --games 2 --greedy-games 2 --positions-from 1",
    r"tools/bench_solver\.py\b(?!.*--table-from)": " --per-class 1 --node-cap 1000",
    r"tools/bench_analysis\.py --positions": " --positions 2 --most-actions 1",
    # Seed 105: its four last turns took 5.9 s of CPU in-process, seed 101's 10.1 (100: 17.6,
    # 102: 24.1, 103 and 104: 11.2; session 68).
    r"tools/bench_analysis\.py --full-turns": " --full-turns 1 --first-seed 105",
    r"tools/bench_analysis\.py --alternatives": " --games 1 --most-actions 1",
    # Placements: grouped only (the one-by-one run, 27 s of CPU more, is the comparison
    # tests/test_placement_bound.py makes on every placement).
    r"tools/bench_analysis\.py --placements": " --placements 1 --turn 2 --grouped-only",
    r"tools/grade_study\.py\b(?!.*--rows-in)": " --candidates 2 --max-nodes 1000",
    r"tools/bench_idle_turn\.py\b": " --rests 3",
    r"tools/bench_serve\.py\b": " --per-puzzle 1",
    # Two puzzles served, not the collection (opening each once first: 9 s of CPU).
    r"tools/bench_serve\.py --load\b": " --clients 2 --moves 6 puzzles/p01.yaml puzzles/p08.yaml",
    r"tools/bench_premise\.py\b": " --count 20",
    r"tools/bench_kreta\.py\b": " --games 2 --puzzles 2",
    r"generate --difficulty easy --count 3 --seed 2\b": " --count 1",
    r"tools/bench_generate\.py\b": " --count 1",
    # Hard runs on seed 21, whose first task is kept: since the hard gate, seed 1's first hard
    # puzzle is its 75th task (110 s of CPU) and seed 11's is far too.
    r"tools/bench_generate\.py --level hard\b": " --seed 21",
    r"tools/big_puzzle_db\.py\b": " --rows 30",
    r"generate --difficulty hard --count 3 --seed 1\b": " --count 1 --seed 21",
    # The fuzzer: 6 mutated, 6 hostile and 6 HTTP cases and the bad options, each part of the run
    # (tests/test_fuzz.py's sample covers the cases: 120 mutated, 24 hostile, 40 HTTP; 20 of each
    # here cost 9 s of CPU a command, 6 about 4).
    # The seed sampled too (the Makefile's own, 1): `make fuzz FUZZ_SEED=7` is the same run once
    # sampled (session 68: 4.7 s of CPU a run; tests/test_fuzz.py draws its cases with seed 8).
    r"^make fuzz\b": " FUZZ_RUNS=6 FUZZ_HOSTILE=6 FUZZ_HTTP=6 FUZZ_FLAGS=--options FUZZ_SEED=1",
    r"-m tests\.fuzz\b(?!.*--(help|case))": " --runs 20 --hostile 20 --http 20",
    # The demo without its book (DEMO_BOOK=): docs/book.md makes the same collection's book and
    # PDF with the same command (`book --html --pdf`), so CI made it twice (9 s of CPU, and
    # about 40 s of wall for the PDF).
    r"^make demo$": " DEMO_BOOK=",
    # The book of the whole collection printed by Chromium: the hand-found ten instead (the same
    # code; 78 puzzles took 13 s of CPU and about a minute of wall, a 24 MB PDF). The collection's
    # own book is made with --theme in docs/generator.md, without a PDF.
    r"^akrotiri-puzzle book --html out/book/ --pdf out/book\.pdf$": " puzzles/",
    # Rewriting the golden files: only the golden test of the file (a copy of tests/ is written).
    r"pytest tests/test_render_svg\.py$": " -k golden -q -p no:cacheprovider",
}
NOT_RUN = {"make test": "the test suite itself; CI runs it (.ci/run calls make test)"}
# Commands that need a program from Debian: skipped where it is missing, except in CI (.ci/run
# installs it, so there they must run).
NEEDS = {r"\b(book|teach)\b.*--pdf\b": "chromium"}
LINKED = ["akrotiri_puzzles", "puzzles", "lessons", "tools", "cli.py", "Makefile", "pyproject.toml", "README.md"]
COPIED = ["docs", "tests"]  # examples write into these (pictures, golden files)


@dataclass(frozen=True)
class Example:
    """One command of a document, or one Python block."""

    where: str
    command: str
    status: int = 0
    output: tuple[str, ...] = ()
    python: bool = False


def _status(comment: str) -> int:
    found = re.search(r"exit status (\d)", comment)
    return int(found.group(1)) if found else 0


def examples(path: Path) -> list[Example]:
    """The document's commands and Python blocks, in order."""
    text = path.read_text(encoding="utf-8")
    found: list[Example] = []
    for block in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
        language, body = block.group(1), block.group(2)
        line_no = text[: block.start()].count("\n") + 2
        where = f"{path.name}:{line_no}"
        if language == "python":
            found.append(Example(where, body, python=True))
        elif language in ("sh", "shell", "console", "bash"):
            for raw in body.replace("\\\n", " ").splitlines():
                line = raw.strip().removeprefix("$ ")
                if line and not line.startswith("#"):
                    command, _, comment = line.partition(" #")
                    found.append(Example(where, command.strip(), _status(comment)))
        elif language == "text" and "\n$ " in "\n" + body:
            parts = re.split(r"^\$ ", body, flags=re.M)[1:]
            for part in parts:
                command, *shown = part.splitlines()
                expected = tuple(s for s in (x.strip() for x in shown) if s and s != "...")
                status = 2 if any(s.startswith("error:") for s in expected) else 0
                found.append(Example(where, command, status, expected))
    return found


def _sampled(command: str) -> str:
    for pattern, smaller in SAMPLED.items():
        if re.search(pattern, command):
            # The sample's options replace the command's own (the last value would win anyway),
            # so that two commands differing only in their workload sample to the same words.
            for option in re.findall(r"(?:^| )(--[\w-]+) (?!-)\S+", smaller):
                command = re.sub(rf" {re.escape(option)} (?!-)\S+", "", command)
            for flag in re.findall(r"(?:^| )(--[\w-]+)(?= --|$)", smaller):  # and its flags
                command = re.sub(rf" {re.escape(flag)}(?= |$)", "", command)
            for variable in re.findall(r"(?:^| )([A-Z_]+)=", smaller):  # make's variables likewise
                command = re.sub(rf' {variable}=("[^"]*"|\S*)', "", command)
            command += smaller
    if command.startswith("make "):  # never reinstall from inside a test
        command = "make -o .venv/.installed-stamp " + command.removeprefix("make ")
    if shutil.which("taskset") is None:
        command = re.sub(r"^taskset -c \S+ ", "", command)
    return command


def _missing_tool(command: str) -> bool:
    """Whether the command needs a program this machine lacks (never in CI, which installs it)."""
    return any(
        re.search(pattern, command) and shutil.which(tool) is None and not os.environ.get("CI")
        for pattern, tool in NEEDS.items()
    )


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A directory laid out like a fresh clone with the project installed."""
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name)
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parent.parent)
    for name in COPIED:
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def _run(example: Example, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="100", PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    if example.python:
        argv = [sys.executable, "-c", example.command]
    else:
        argv = ["bash", "-o", "pipefail", "-c", _sampled(example.command)]
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def _shown(expected: str, printed: str) -> bool:
    words = " ".join(expected.split())
    if words.endswith("..."):
        return words[:-3].rstrip() in printed
    return words in printed


def _recipe(command: str) -> set[tuple[str, int]]:
    """The `akrotiri-puzzle` commands that `make demo` (as sampled) runs, with status 0: a document's
    command that is one of them, word for word, runs once (the README shows `make demo`, then
    `analyse tests/data/analysis/last-turn.yaml` and `serve --port 0 --check`, which it runs)."""
    if not re.fullmatch(r"make -o \.venv/\.installed-stamp demo( DEMO_BOOK=\S*)?", command):
        return set()
    recipe = re.search(r"^demo:.*?\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert recipe is not None, "the Makefile has no demo recipe"
    lines = (line.strip().removeprefix("$(BIN)/") for line in recipe.group(1).splitlines())
    return {(line, 0) for line in lines if line.startswith("akrotiri-puzzle ") and not re.search(r"[$&\\]", line)}


def _run_by_earlier_documents(doc: Path) -> set[tuple[str, int]]:
    """The commands (sampled, with their status) that the documents before `doc` in DOCUMENTS run:
    a command shown again in a later document, with no output under it, runs once, in the first
    (teaching.md's `teach --book` runs in README.md's test, generator.md's endgame generation in
    analysis.md's)."""
    before = DOCUMENTS[: DOCUMENTS.index(doc)]
    ran = {
        (_sampled(e.command), e.status)
        for d in before
        for e in examples(d)
        if not e.python and e.command not in NOT_RUN
    }
    return ran.union(*(_recipe(command) for command, _ in ran))


def _run_where_shown() -> set[tuple[str, int]]:
    """The commands (sampled, with their status) that some document shows with their output: one
    shown elsewhere without output runs only there, where its output is checked (the README's
    `analyse tests/data/analysis/next-turn.yaml --turns 2` runs in analysis.md's test, teaching.md's
    first `teach empty-boat` where the lesson is printed)."""
    return {
        (_sampled(e.command), e.status)
        for d in DOCUMENTS
        for e in examples(d)
        if e.output and not e.python and e.command not in NOT_RUN and not _missing_tool(e.command)
    }


@pytest.mark.parametrize(
    "doc",
    [pytest.param(d, marks=pytest.mark.slow) if d.name in SLOW_DOCUMENTS else d for d in DOCUMENTS],
    ids=lambda d: str(d.relative_to(ROOT)),
)
def test_every_documented_command_runs(doc, clone):
    ran = _run_by_earlier_documents(doc)
    shown = _run_where_shown()
    for example in examples(doc):
        if example.command in NOT_RUN or _missing_tool(example.command):
            continue
        again = (_sampled(example.command), example.status)
        if not example.output and not example.python and (again in ran or again in shown):
            continue  # shown again word for word once sampled (here, in an earlier document, or with its output): the same run
        ran.add(again)
        ran |= _recipe(again[0])
        result = _run(example, clone)
        printed = " ".join((result.stdout + result.stderr).split())
        assert result.returncode == example.status, (example.where, example.command, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr, (example.where, example.command, result.stderr)
        for line in example.output:
            assert _shown(line, printed), (example.where, example.command, line, printed[-2000:])


def test_the_readme_and_the_docs_show_commands_and_skip_only_make_test():
    commands = [e.command for d in DOCUMENTS for e in examples(d) if not e.python]
    assert any(c.startswith("akrotiri-puzzle apply ") for c in commands)
    assert sum(c.startswith("akrotiri-puzzle ") for c in commands) >= 20
    assert {c for c in commands if c in NOT_RUN} == {"make test"}


def test_docs_point_nowhere_outside_the_repository():
    """A clone holds no ../shared or seeds/: the docs must not send readers there."""
    for doc in DOCUMENTS:
        text = doc.read_text(encoding="utf-8")
        for bad in ("../shared", "shared/RULES.md", "seeds/", "RULES.md"):
            assert bad not in text, (doc.name, bad)
        for target in re.findall(r"\]\(([^)#]+)", text):
            if "://" not in target:
                assert (doc.parent / target).exists(), (doc.name, target)
