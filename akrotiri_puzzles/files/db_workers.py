"""Reading a large puzzle database on worker processes, with the same puzzles, in the same order,
and the same first error as reading it in one process (db_reader.py).

Each row costs about 2 ms of CPU, all of it checking the row as a puzzle file is checked (the
guard's walk over the YAML, the file models, the position, the stored solution's replay). The
rows are independent, so a database of thousands of rows is read by local worker processes:
the parent reads the rows from SQLite, sizes checked in SQL first, and hands them on in
chunks; a worker checks each row with `row_puzzle` and sends the puzzle back, or the one line
that refuses it. The parent takes the answers in row order, so the first row refused is the
one a single process would have refused, and nothing after it is used. The workers are forked
from the parent (they hold its component set already) and end with it (processes.py).
"""

from __future__ import annotations

import io
import os
import pickle
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import chain, islice
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from ..board import Board
from ..common.errors import quote
from ..components import Components
from ..errors import PuzzleError
from ..processes import die_with_parent
from ..puzzle import Puzzle
from .db_reader import Row, read_rows, row_puzzle

PARALLEL_ROWS = 1_000
"""Rows from which a database is read on worker processes (below, starting them costs more
than it saves)."""
MOST_WORKERS = 4
CHUNK = 64
"""Rows handed to a worker at once."""
AHEAD = 4
"""Chunks waiting per worker: the rows read ahead are bounded, the reading stays streamed."""

_comps: Components | None = None
"""A worker's component set: the parent's, inherited when the worker was forked."""


WORKERS_VARIABLE = "AKROTIRI_READ_WORKERS"
"""The environment variable that bounds the workers (0: read in one process, e.g. on a machine
busy with other work, where workers cost CPU and save no time)."""


def reading_workers(rows: int) -> int:
    """How many worker processes read a database of `rows` rows (0: read it in this process):
    one per CPU, at most MOST_WORKERS or what AKROTIRI_READ_WORKERS says. Workers are forked,
    so only where fork is the way processes start (Linux)."""
    most = MOST_WORKERS
    asked = os.environ.get(WORKERS_VARIABLE, "")
    if asked.strip():  # set and not empty
        if not (asked.strip().isdigit() and len(asked.strip()) <= 3):
            raise PuzzleError(
                f"{WORKERS_VARIABLE}: expected a whole number of worker processes (0: none), got {quote(asked)}"
            )
        most = min(most, int(asked))
    if rows < PARALLEL_ROWS or not sys.platform.startswith("linux"):
        return 0
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    workers = min(cpus, most)
    return workers if workers > 1 else 0


Also = Callable[[Puzzle], Any] | None
"""What the reader works out of each puzzle beside it (a module-level function: a worker is
told it by name), e.g. the techniques its solution uses; None: nothing."""


def checked_rows(
    path: Path, comps: Components, level: str | None = None, also: Also = None
) -> Iterator[tuple[Row, Puzzle, Any]]:
    """Each stored puzzle (of one level, if given) with its row, in id order, as
    `(row, puzzle, also(puzzle))` with `puzzle = row_puzzle(row, comps)` for each of
    `read_rows(path, level)` (`also` None gives None): the same puzzles and the same
    PuzzleError for the first row refused, read on worker processes when the database is
    large."""
    for row, puzzle, extra in _checked(path, comps, level, also, whole=True):
        assert puzzle is not None
        yield row, puzzle, extra


def checked_facts(
    path: Path, comps: Components, facts: Callable[[Puzzle], Any], level: str | None = None
) -> Iterator[tuple[Row, Any]]:
    """`(row, facts(puzzle))` for each puzzle `checked_rows` gives, when the caller needs only
    what `facts` works out of each (export: its id and whether --theme keeps it): a worker
    sends back only that."""
    for row, _, extra in _checked(path, comps, level, facts, whole=False):
        yield row, extra


def _checked(
    path: Path, comps: Components, level: str | None, also: Also, whole: bool
) -> Iterator[tuple[Row, Puzzle | None, Any]]:
    rows = read_rows(path, level)
    first = next(rows, None)  # the schema and the row count are checked before any row
    if first is None:
        return
    workers = reading_workers(_count(path, level))
    if not workers:
        for row in chain((first,), rows):
            puzzle = row_puzzle(row, comps)
            yield row, puzzle, None if also is None else also(puzzle)
        return
    yield from _in_workers(first, rows, comps, workers, also, whole)


def _count(path: Path, level: str | None) -> int:
    """The rows `read_rows` will give (read_rows has just checked the file is a puzzle database)."""
    import sqlite3
    from contextlib import closing

    from .db_reader import open_to_read
    from .puzzle_db import TABLE

    with closing(open_to_read(path)) as db:
        try:
            where = " WHERE level = ?" if level is not None else ""
            (count,) = db.execute(
                f"SELECT count(*) FROM {TABLE}{where}", (level,) if level is not None else ()
            ).fetchone()
        except sqlite3.Error:
            return 0  # whatever is wrong, read_rows says it, in this process
    return int(count)


def _in_workers(
    first: Row, rows: Iterator[Row], comps: Components, workers: int, also: Also, whole: bool
) -> Iterator[tuple[Row, Puzzle | None, Any]]:
    global _comps
    _comps = comps  # what the forked workers inherit
    pending: deque[tuple[list[Row], Future[list[tuple[bool, Any]]]]] = deque()
    later: PuzzleError | None = None
    """A row refused by its SQL checks while rows before it are still being read."""
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=get_context("fork"), initializer=_start_worker, initargs=(os.getpid(),)
    )
    try:
        chunk: list[Row] = [first]
        while True:
            while later is None and len(pending) < workers * AHEAD:
                try:
                    chunk.extend(islice(rows, CHUNK - len(chunk)))
                except PuzzleError as exc:
                    later = exc
                if not chunk:
                    break
                pending.append((chunk, pool.submit(_check, [(r.yaml, r.source) for r in chunk], also, whole)))
                if len(chunk) < CHUNK:
                    break
                chunk = []
            if not pending:
                break
            done_rows, answers = pending.popleft()
            for row, (ok, answer) in zip(done_rows, answers.result(), strict=True):
                if not ok:
                    raise PuzzleError(answer)
                puzzle, extra = _Unpickler(io.BytesIO(answer), comps).load()
                yield row, puzzle, extra
            chunk = []
        if later is not None:
            raise later
    finally:
        for _, future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
        _comps = None


def _start_worker(parent: int) -> None:
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to answer


def _check(chunk: list[tuple[str, str]], also: Also, whole: bool) -> list[tuple[bool, Any]]:
    """In a worker: each row's puzzle (if `whole`, else None) and `also` of it, pickled (True),
    or the line that refuses it (False); nothing after the first refused row."""
    assert _comps is not None
    out: list[tuple[bool, Any]] = []
    for text, source in chunk:
        try:
            puzzle = row_puzzle(Row("", None, text, source), _comps)
        except PuzzleError as exc:
            out.append((False, str(exc)))
            break
        buffer = io.BytesIO()
        _Pickler(buffer, _comps).dump((puzzle if whole else None, None if also is None else also(puzzle)))
        out.append((True, buffer.getvalue()))
    return out


class _Pickler(pickle.Pickler):
    """A puzzle as bytes: the component set by reference, a board by its placements (what it
    derives is worked out again where it is needed)."""

    def __init__(self, file: io.BytesIO, comps: Components) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.comps = comps

    def persistent_id(self, obj: Any) -> Any:
        if obj is self.comps:
            return "components"
        if type(obj) is Board:
            if obj.components is not self.comps:
                raise ValueError("a board of another component set")
            return ("board", obj.placements)
        return None


class _Unpickler(pickle.Unpickler):
    """The puzzle back in the parent, on the parent's component set."""

    def __init__(self, file: io.BytesIO, comps: Components) -> None:
        super().__init__(file)
        self.comps = comps

    def persistent_load(self, pid: Any) -> Any:
        if pid == "components":
            return self.comps
        return Board(pid[1], self.comps)
