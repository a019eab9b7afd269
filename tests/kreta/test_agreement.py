"""CP-SAT against the independent exhaustive search on the agreement corpus: small puzzles from
seeded games in tests/data/kreta/corpus (tools/kreta_corpus.py made them; each records the
exhaustive search's optimum). Both must prove the same optimum, and every line must replay
through the engine to it (common/agreement.py).

The default run solves every corpus puzzle with CP-SAT against the recorded optimum and re-runs
the exhaustive search on every tenth; the corpus run (`make test-corpus`) re-runs it on all."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from akrotiri_puzzles.common.agreement import Answer, compare
from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.kreta.puzzles.exhaustive import search
from akrotiri_puzzles.kreta.puzzles.model import solve
from akrotiri_puzzles.kreta.puzzles.puzzle import Puzzle, replay, value_of

CORPUS = sorted((Path(__file__).parents[1] / "data" / "kreta" / "corpus").glob("*.yaml"))


@cache
def corpus() -> tuple:
    return tuple(load_puzzle(path, default_board()) for path in CORPUS)


def model(puzzle: Puzzle) -> Answer:
    result = solve(puzzle)
    return Answer(result.optimum, result.proven, result.line)


def reference(puzzle: Puzzle) -> Answer:
    result = search(puzzle)
    return Answer(result.optimum, result.complete, result.line)


def recorded(puzzle: Puzzle) -> Answer:
    """The exhaustive optimum the corpus file records, with the file's line that reaches it."""
    pf = next(p for p in corpus() if p.puzzle is puzzle)
    complete = pf.certificate is not None and pf.certificate.exhaustive_states is not None
    return Answer(pf.optimum, complete, pf.solution if pf.optimum is not None else None)


def engine_value(puzzle: Puzzle, line) -> int | None:
    return value_of(puzzle, replay(puzzle, line))


def test_the_corpus_has_at_least_100_small_puzzles_of_every_kind():
    pfs = corpus()
    assert len(pfs) >= 100
    puzzles = [p.puzzle for p in pfs]
    assert {p.goal for p in puzzles} == {"best", "province"}
    assert {len(p.start.players) for p in puzzles} == {2, 3, 4}
    assert {p.horizon for p in puzzles} == {2, 3}
    assert any(p.optimum is None for p in pfs if p.puzzle.goal == "province")
    assert all(p.origin is not None for p in pfs)


def test_K_SCORE_1_K_CMD_2_cpsat_agrees_with_the_recorded_exhaustive_optimum_on_every_corpus_puzzle():
    report = compare([(p.id, p.puzzle) for p in corpus()], model, recorded, engine_value)
    assert report.problems == [] and report.ok


def test_K_TURN_2_the_exhaustive_search_agrees_on_every_tenth_corpus_puzzle():
    report = compare([(p.id, p.puzzle) for p in corpus()[::10]], model, reference, engine_value)
    assert report.problems == [] and report.ok


@pytest.mark.corpus  # about 11 s of CPU; every tenth runs in make test
def test_K_TURN_2_the_exhaustive_search_agrees_on_every_corpus_puzzle():
    report = compare([(p.id, p.puzzle) for p in corpus()], model, reference, engine_value)
    assert report.cases >= 100
    assert report.problems == [] and report.ok
