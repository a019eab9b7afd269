"""Running generation tasks in order, in this process, in local worker processes or on Dask.

Tasks are numbered; whatever runs them, their outcomes are read back in task order, and the
run keeps the first `count` outcomes that `kept` accepts, in that order. A task's outcome
depends on the task alone (generator/generate.py), so the same tasks give the same puzzles
with one worker, eight, or a Dask cluster. Tasks started past the last one needed are
cancelled or their outcomes dropped.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any, Protocol, TypeVar

from ..processes import die_with_parent

T = TypeVar("T")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class _Pending(Protocol[R_co]):
    def result(self) -> R_co: ...
    def cancel(self) -> Any: ...


class _Now:
    """A finished 'future', for runs in this process."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value

    def cancel(self) -> bool:
        return False


class SchedulerError(RuntimeError):
    """The Dask scheduler could not be reached or used."""


CONNECT_TIMEOUT = 10
"""Seconds to reach a Dask scheduler before giving up."""


def run_in_order(
    tasks: Iterable[T],
    work: Callable[[T], R],
    kept: Callable[[R], bool],
    count: int,
    workers: int = 1,
    scheduler: str | None = None,
    seen: Callable[[R], None] | None = None,
    known: Callable[[T], R | None] | None = None,
    window: int | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> list[R]:
    """The first `count` outcomes of `work` over `tasks` (in task order) that `kept` accepts;
    `seen` is told of every outcome read, in task order (for a progress bar). `known` gives
    the outcome of a task already done (by an earlier run), or None: such a task is not run.
    `window` bounds the tasks started and not yet read (default 8 per worker): the more, the
    less a long task at the head holds the workers back, and the more work past the last
    outcome needed is thrown away. It changes no outcome. `connect_timeout`: seconds to reach the
    `scheduler`."""
    found: list[R] = []
    with ExitStack() as stack:
        submit = _submitter(stack, workers, scheduler, connect_timeout)
        if window is None:
            window = 1 if workers <= 1 and scheduler is None else 8 * max(workers, 1)
        pending: deque[_Pending[R]] = deque()
        source: Iterator[T] = iter(tasks)
        exhausted = False
        while len(found) < count:
            while not exhausted and len(pending) < window:
                task = next(source, None)
                if task is None:
                    exhausted = True
                    break
                done = known(task) if known is not None else None
                pending.append(_Now(done) if done is not None else submit(work, task))
            if not pending:
                break
            outcome = pending.popleft().result()
            if seen is not None:
                seen(outcome)
            if kept(outcome):
                found.append(outcome)
        for future in pending:
            future.cancel()
    return found


def _submitter(
    stack: ExitStack, workers: int, scheduler: str | None, connect_timeout: float = CONNECT_TIMEOUT
) -> Callable[[Callable[[T], R], T], _Pending[R]]:
    """How tasks are started: on Dask, in a process pool, or here and now."""
    if scheduler is not None:
        client = stack.enter_context(connect(scheduler, connect_timeout))

        def on_dask(work: Callable[[T], R], task: T) -> _Pending[R]:
            future: _Pending[R] = client.submit(work, task, pure=False)
            return future

        return on_dask
    if workers > 1:
        # Each worker ends with this process, even when it is killed with SIGKILL and runs no cleanup.
        pool = stack.enter_context(
            ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),))
        )
        stack.callback(pool.shutdown, wait=False, cancel_futures=True)

        def on_pool(work: Callable[[T], R], task: T) -> _Pending[R]:
            future: Future[R] = pool.submit(work, task)
            return future

        return on_pool
    return lambda work, task: _Now(work(task))


def connect(address: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A Dask client of the scheduler at `address` (tcp://HOST:PORT); SchedulerError if Dask
    is not installed or the scheduler does not answer within `timeout` seconds."""
    try:
        from distributed import Client
    except ImportError:
        raise SchedulerError(
            "--scheduler needs Dask's distributed package: pip install 'akrotiri-puzzles[dask]'"
        ) from None
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise SchedulerError(f"--scheduler: cannot reach {address} within {timeout:g} s ({exc})") from None
