"""The judging desk: the page's solving, off the request path.

Judging an action may run the solver for up to the time limit (and proving an uncertified
puzzle's optimum, at start, as long). The desk runs such work on a few worker threads of its
own, never on the server's event loop nor in the thread pool that serves files, so the list,
the puzzle pages and the static files answer while puzzles are being solved.

One puzzle's jobs run one at a time, in the order they came: a job never waits for a lock held
by another job of its puzzle while holding a worker, so a slow proof of one puzzle occupies one
worker, and the other puzzles' jobs go to the others. Work waiting is bounded, in all and per
puzzle: beyond it `submit` raises Busy at once (the page answers "busy, retry" with HTTP 503)
rather than letting a queue grow without end.
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


class Busy(Exception):
    """More work is waiting than the desk takes: try again in a moment."""


class Desk:
    """Worker threads that run each puzzle's jobs one at a time, with bounded waiting."""

    def __init__(self, workers: int = 4, waiting: int = 128, per_puzzle: int = 16) -> None:
        if workers < 1 or waiting < 1 or per_puzzle < 1:
            raise ValueError("workers, waiting and per_puzzle must be at least 1")
        self.workers = workers
        self.waiting = waiting
        """Jobs at most in the desk at once (running or waiting), all puzzles together."""
        self.per_puzzle = per_puzzle
        """Jobs at most in the desk at once for one puzzle."""
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="judge")
        self._lock = threading.Lock()
        self._queues: dict[Hashable, deque[tuple[Callable[..., Any], tuple[Any, ...], Future[Any]]]] = {}
        self._count = 0
        self._closed = False

    def submit(self, puzzle: Hashable, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Queue `fn(*args)` behind the puzzle's earlier jobs; Busy when the desk is full."""
        future: Future[T] = Future()
        with self._lock:
            queue = self._queues.get(puzzle)
            if self._closed or self._count >= self.waiting or (queue is not None and len(queue) >= self.per_puzzle):
                raise Busy(self.busy_words())
            self._count += 1
            if queue is None:
                queue = self._queues[puzzle] = deque()
            queue.append((fn, args, future))
            if len(queue) == 1:
                self._pool.submit(self._run_next, puzzle)
        return future

    async def run(self, puzzle: Hashable, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` run by the desk, awaited without holding the event loop."""
        return await asyncio.wrap_future(self.submit(puzzle, fn, *args))

    def pending(self) -> int:
        """Jobs in the desk now, running or waiting."""
        with self._lock:
            return self._count

    def busy_words(self) -> str:
        """What the page says when the desk is full."""
        return "The server is busy judging other moves; try again in a moment."

    def close(self) -> None:
        """Stop taking jobs; the running ones finish, the waiting ones are answered Busy."""
        with self._lock:
            self._closed = True
            waiting = [job for queue in self._queues.values() for job in list(queue)[1:]]
        for _, _, future in waiting:
            if future.set_running_or_notify_cancel():
                future.set_exception(Busy(self.busy_words()))
        self._pool.shutdown(wait=False)

    def _run_next(self, puzzle: Hashable) -> None:
        """Run the puzzle's oldest job, then hand its next one back to the pool (behind the other
        puzzles' jobs already waiting, so that no puzzle keeps a worker to itself)."""
        with self._lock:
            fn, args, future = self._queues[puzzle][0]
        try:
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn(*args))
                except BaseException as exc:  # handed to the waiting request, which answers it
                    future.set_exception(exc)
        finally:
            with self._lock:
                queue = self._queues[puzzle]
                queue.popleft()
                self._count -= 1
                if queue and not self._closed:
                    self._pool.submit(self._run_next, puzzle)
                else:
                    self._count -= len(queue)
                    del self._queues[puzzle]
