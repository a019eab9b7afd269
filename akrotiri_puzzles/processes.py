"""Child processes that end with the process that started them, however it ends.

A worker of `generate --workers N` (or the Chromium that prints a book) must not outlive its
parent: killed with SIGKILL, the parent runs no cleanup, and its workers went on solving, each
holding about 130 MB, with PID 1 as their parent (issue 32). On Linux the kernel is asked to
send the child SIGKILL when its parent dies (`prctl(PR_SET_PDEATHSIG)`); elsewhere a thread in
the worker looks at its parent's process id once a second. No dependency beyond the standard
library.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
"""linux/prctl.h: the signal a process gets when its parent dies."""
POLL_SECONDS = 1.0
"""Where the kernel cannot be asked: how often a worker looks whether its parent is still there."""


def _ask_the_kernel() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where that cannot be done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while True:
        time.sleep(POLL_SECONDS)
        if os.getppid() != parent:
            os._exit(1)


def die_with_parent(parent: int) -> None:
    """In a child process: end when the process `parent` ends (call it first thing in the child,
    e.g. as a process pool's initializer, with the parent's `os.getpid()` taken in the parent)."""
    watched = _ask_the_kernel()
    if os.getppid() != parent:  # the parent ended before the kernel was asked
        os._exit(1)
    if not watched:
        threading.Thread(target=_watch, args=(parent,), name="die-with-parent", daemon=True).start()


def child_dies_with_us() -> None:
    """A `subprocess` `preexec_fn` (runs in the child before it executes its program): the
    program started ends when this process ends. Linux only; elsewhere it does nothing."""
    _ask_the_kernel()
