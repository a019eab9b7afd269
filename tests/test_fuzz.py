"""A seeded sample of the fuzzer (tests/fuzz, docs/hardening.md): every command that reads a
file, given hand-written nasty inputs and mutated copies of the repository's YAML files, as a
child process under a time and memory limit. No traceback, no crash, no hang, exit status
0, 1 (check only) or 2, and a failure is one short line. `make fuzz` runs a long sample, and
the bad option values (the command line's own checks, not the file readers)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .fuzz.cases import Corpus, mutated_cases, nasty_cases
from .fuzz.runner import Case, ExecRunner, ForkServer, problems, run_cases

CHUNKS = 4
"""The sample is cut in chunks so that test workers share it."""
SEED = 8
MUTATED = 120


@pytest.fixture(scope="module")
def server() -> Iterator[ForkServer]:
    """One process that has imported the command line and forks a child per case."""
    fork = ForkServer()
    yield fork
    fork.close()


def _report(cases: list[Case], runner: ForkServer | ExecRunner) -> list[str]:
    found = []
    for case, outcome in run_cases(cases, runner):
        for kind in problems(case, outcome):
            tail = [line for line in outcome.stderr.splitlines() if line.strip()][-1:] or [""]
            found.append(f"{case.id}: {kind}: {tail[0][:200]}")
    return found


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_nasty_inputs_get_one_line_and_exit_status_2(server, chunk):
    cases = list(nasty_cases(every_command=False))[chunk::CHUNKS]
    found = _report(cases, server)
    assert not found, f"{len(found)} of {len(cases)} cases went wrong:\n" + "\n".join(found)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_files_get_an_answer_or_one_line(server, chunk):
    cases = list(mutated_cases(Corpus.load(), SEED, MUTATED))[chunk::CHUNKS]
    found = _report(cases, server)
    assert not found, f"{len(found)} of {len(cases)} cases went wrong:\n" + "\n".join(found)


def test_the_installed_script_survives_the_worst_inputs():
    """The fork server runs the same code; this runs the real entry point on inputs that used
    to crash it or hang it (deep nesting, a device, a pipe)."""
    wanted = {
        "nasty:deep-list-30000:puzzle:show",
        "nasty:dev-zero:position:show",
        "nasty:fifo:position:legal",
    }
    cases = [c for c in nasty_cases(every_command=True) if c.id in wanted]
    assert len(cases) == len(wanted)
    found = _report(cases, ExecRunner())
    assert not found, "\n".join(found)


HOSTILE = 24
"""Hostile cases (tests/fuzz/hostile.py) in the sample: databases, analyse, grade, teach, book."""


def test_hostile_databases_and_the_newer_commands_write_nothing_outside_their_folders(server):
    """Databases with hostile schemas, huge, computed and mistyped rows and ids that climb out of
    the output folder, given to export, book and serve; analyse, grade, teach and book given
    mutated files (issue 32). Besides the judgement above: no file outside the output folders."""
    from .fuzz.hostile import hostile_cases

    cases = list(hostile_cases(Corpus.load(), SEED, HOSTILE))
    found = _report(cases, server)
    assert not found, f"{len(found)} of {len(cases)} cases went wrong:\n" + "\n".join(found)


def test_http_bodies_get_no_server_error():
    """A sample of tests/fuzz/web.py: bodies and paths posted to the page's app; no 5xx, no
    traceback in the log, no hang."""
    import json
    import subprocess
    import sys

    from .conftest import ROOT
    from .fuzz.web import problems as http_problems

    done = subprocess.run(
        [sys.executable, "-m", "tests.fuzz.web", "--seed", str(SEED), "--count", "40"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert len(rows) == 40, done.stderr[-2000:]
    # The bodies reach the app: a sample answered only by the host check (403) would prove nothing.
    assert sum(r["status"] != 403 for r in rows) >= 30, sorted(r["status"] for r in rows)
    found = [f"{r['id']} {r['method']} {r['path']}: {p}" for r in rows for p in http_problems(r)]
    assert not found, "\n".join(found)
