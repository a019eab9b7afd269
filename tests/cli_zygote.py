"""`run_cli`'s commands started from an interpreter that has imported the package already.

A command run as `python cli.py ARGS` spends about 0.4 s of CPU importing Python's libraries and
ours before it does anything (OR-Tools, networkx, pydantic, typer and rich): the suite runs
several hundred of them, so that was a large share of its time. Here each pytest worker starts,
once, a process (the zygote) that imports them, then forks it for each command: the child sets
the command's working directory, environment, standard streams (stdin from /dev/null, stdout and
stderr to files) and `sys.argv`, runs `cli.py` as `__main__` (as `python cli.py` does), runs the
exit handlers and exits with the status Python would (`SystemExit`'s code; 1 and the traceback for
an uncaught exception). The parent reads what the child wrote: a `subprocess.CompletedProcess`,
as `subprocess.run(..., capture_output=True, text=True)` gives.

What differs from a fresh interpreter, and who still runs one: the modules are imported before
the command runs (a command that forgot an import another module made would pass here), and the
children of one zygote share its hash seed. The docs examples (tests/test_docs_examples.py) run
every documented command in a fresh interpreter, and `run_cli(..., fresh=True)` runs one (the
tests that compare two runs' bytes use it for one of the runs). Only library modules are imported
ahead: the command line's modules (`akrotiri_puzzles.cli`, `common.cli`, `kreta.cli`) and typer
which read the environment when imported (the consoles' width and colours), are
imported by the command as in a fresh run; OR-Tools' CP-SAT is imported without pandas, as
`main` has it imported (`lean_cp_model`). The zygote checks that it forks with one thread.
(The fuzzer has its own fork server, tests/fuzz/runner.py: one environment for every case, the
command line imported ahead, each child's memory capped.)
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import pkgutil
import runpy
import select
import signal
import subprocess
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_BOOT = f"import sys; sys.path[0] = {str(ROOT)!r}; from tests.cli_zygote import serve; serve()"
_SKIPPED = ("akrotiri_puzzles.cli", "akrotiri_puzzles.common.cli", "akrotiri_puzzles.kreta.cli")
# Read from the environment when imported (the consoles' width and colours, typer's settings):
# each command imports them itself, with its own environment.
_NOT_AHEAD = ("typer", *_SKIPPED)

# What Python reads as it starts (the streams' encoding, the hash seed, the path, warnings): a
# command whose environment sets one otherwise than the zygote's runs in a fresh interpreter.
_AT_START = (
    "PYTHONIOENCODING",
    "PYTHONUTF8",
    "PYTHONHASHSEED",
    "PYTHONPATH",
    "PYTHONWARNINGS",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
)


def _import_ahead() -> None:
    """The modules a command would import, imported once: the package's library and OR-Tools'
    CP-SAT as `cli.main` has it imported (through `lean_cp_model`, without pandas). Not the
    command line's modules, nor typer: they read the environment as they are imported
    (`common.cli`'s consoles take their width and colours from it), so the command imports them."""
    from importlib import import_module
    from importlib.util import module_from_spec, spec_from_file_location

    import akrotiri_puzzles

    spec = spec_from_file_location("_lean_cp_model", ROOT / "akrotiri_puzzles" / "common" / "cli" / "lean_cp_model.py")
    assert spec is not None and spec.loader is not None
    lean = module_from_spec(spec)
    spec.loader.exec_module(lean)
    lean.install()
    import_module(lean.CP_MODEL)
    assert lean.PANDAS not in sys.modules
    packages = [akrotiri_puzzles]
    while packages:  # pkgutil.walk_packages would import the skipped packages to look inside
        package = packages.pop()
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            if info.name not in _SKIPPED and not info.name.endswith("__main__"):
                module = import_module(info.name)
                if info.ispkg:
                    packages.append(module)
    ahead = sorted(m for m in sys.modules if m.split(".")[0] in _NOT_AHEAD or m.startswith(_SKIPPED))
    if ahead:
        raise RuntimeError(f"the library imports what each command must import itself: {ahead}")
    threads = len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else 1
    if threads != 1:
        raise RuntimeError(f"the zygote runs {threads} threads after its imports; it must fork with one")


def status_of(command: Callable[[], object]) -> int:
    """Run `command` here; the status Python would exit with (a `SystemExit`'s code, its message
    other than a number printed and 1; an uncaught exception's traceback printed and 1). The
    fuzzer's fork server, tests/fuzz/runner.py, runs its cases with it too."""
    try:
        command()
        return 0
    except SystemExit as stop:
        if stop.code is None:
            return 0
        if isinstance(stop.code, int):
            return stop.code & 0xFF
        print(stop.code, file=sys.stderr)
        return 1
    except BaseException:
        traceback.print_exc()
        return 1


def _child(request: dict[str, object]) -> int:
    """Run one command in this (forked) process; its exit status."""
    stdin = os.open(os.devnull, os.O_RDONLY)
    os.dup2(stdin, 0)
    for fd, path in ((1, request["out"]), (2, request["err"])):
        os.dup2(os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
    sys.stdin = open(0, encoding=sys.stdin.encoding, closefd=False)  # noqa: SIM115 (fd 0 stays open)
    os.chdir(str(request["cwd"]))
    env = request["env"]
    assert isinstance(env, dict)
    os.environ.clear()
    os.environ.update(env)
    argv = request["argv"]
    assert isinstance(argv, list)
    sys.argv = [str(a) for a in argv]
    code = status_of(lambda: runpy.run_path(sys.argv[0], run_name="__main__"))
    threading._shutdown()  # type: ignore[attr-defined]  # as Python exits: joins threads, runs their exit hooks
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            code = code or 120
    return code


def serve() -> None:
    """The zygote: import ahead, say ready, then one command per request line (JSON) on stdin,
    answered by two lines on the stdout it started with: the child's pid, then its exit status
    and CPU seconds."""
    replies = os.dup(1)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # nothing stray on the answers' pipe
    _import_ahead()
    os.write(replies, b"ready\n")
    for line in sys.stdin.buffer:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(replies)
                code = _child(request)
            finally:
                os._exit(code)
        os.write(replies, f"{pid}\n".encode())
        _, status, usage = os.wait4(pid, 0)
        cpu = usage.ru_utime + usage.ru_stime
        os.write(replies, json.dumps({"status": os.waitstatus_to_exitcode(status), "cpu": cpu}).encode() + b"\n")


class _Zygote:
    """A worker's zygote, started at its first command; it ends when the worker's pipe closes."""

    def __init__(self) -> None:
        # NumPy's OpenBLAS starts a thread per core when loaded: one, so that the zygote forks
        # with one thread (the commands compute nothing with BLAS; each child has its own env).
        env = dict(os.environ, COLUMNS="80", OPENBLAS_NUM_THREADS="1")
        self.start = {name: env.get(name) for name in _AT_START}
        # Unbuffered: a line read never takes the next one into a buffer `select` does not see.
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _BOOT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, env=env, bufsize=0
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.requests, self.replies = self.proc.stdin, self.proc.stdout
        if self.replies.readline() != b"ready\n":
            raise RuntimeError(f"the CLI zygote did not start (exit status {self.proc.wait()})")
        atexit.register(self.close)

    def close(self) -> None:
        """End the zygote (its requests' pipe closed, it leaves its loop) and wait for it."""
        self.requests.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.replies.close()

    def run(self, argv: list[str], cwd: Path, env: dict[str, str], timeout: float) -> tuple[int, bytes, bytes, float]:
        """The exit status, stdout, stderr and CPU seconds of one command; TimeoutExpired past `timeout`
        (the command killed, as `subprocess.run` does)."""
        with tempfile.TemporaryDirectory(prefix="cli-") as tmp:
            out, err = Path(tmp, "out"), Path(tmp, "err")
            request = {"argv": argv, "cwd": str(cwd), "env": env, "out": str(out), "err": str(err)}
            self.requests.write(json.dumps(request).encode() + b"\n")
            self.requests.flush()
            pid = int(self.replies.readline())
            ready, _, _ = select.select([self.replies], [], [], timeout)
            if not ready:
                with contextlib.suppress(ProcessLookupError):  # it has just ended
                    os.kill(pid, signal.SIGKILL)
            answer = json.loads(self.replies.readline())
            stdout, stderr = out.read_bytes(), err.read_bytes()
            if not ready:
                raise subprocess.TimeoutExpired(argv, timeout, stdout, stderr)
            return int(answer["status"]), stdout, stderr, float(answer["cpu"])


_zygote: _Zygote | None = None
_cpu = [0.0]


def forks(env: dict[str, str]) -> bool:
    """Whether a command with environment `env` can be forked from the zygote (the one started,
    or one started now with the test's environment): all that Python reads as it starts is alike."""
    start = _zygote.start if _zygote is not None else {name: os.environ.get(name) for name in _AT_START}
    return hasattr(os, "fork") and all(env.get(name) == start[name] for name in _AT_START)


def children_cpu() -> float:
    """The CPU seconds of every command this worker's zygote has run (its children, not the
    worker's: `resource.RUSAGE_CHILDREN` does not see them)."""
    return _cpu[0]


def _text(data: bytes) -> str:
    """Bytes as `subprocess.run(..., text=True)` reads them (the locale's encoding, universal newlines)."""
    import locale

    return data.decode(locale.getpreferredencoding(False)).replace("\r\n", "\n").replace("\r", "\n")


def run(argv: list[str], cwd: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    """`argv` ([cli.py, ARGS...]) run by the zygote, as `subprocess.run(argv, capture_output=True,
    text=True, ...)` would run `python cli.py ARGS`."""
    global _zygote
    if _zygote is None or _zygote.proc.poll() is not None:
        _zygote = _Zygote()
    try:
        status, out, err, cpu = _zygote.run(argv, cwd, env, timeout)
    except subprocess.TimeoutExpired as expired:
        raise subprocess.TimeoutExpired(
            [sys.executable, *argv], timeout, _text(expired.output or b""), _text(expired.stderr or b"")
        ) from None
    _cpu[0] += cpu
    return subprocess.CompletedProcess([sys.executable, *argv], status, _text(out), _text(err))
