"""Run fuzz cases as child processes under a time and a memory limit, and judge what they did.

Two ways to start a child:
- `ExecRunner` runs the installed `akrotiri-puzzle` script, exactly as a user does.
- `ForkServer` starts one Python process that imports the command line once and then forks a
  child per case: the same code and the same process boundary (a crash, a hang or a memory
  blow-up stays in the child), without paying the import time on every case.

Either way the child's address space is capped with RLIMIT_AS, the parent kills it at the
timeout, and its stdout and stderr go to files (never into the parent's memory whole).
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.cli_zygote import status_of

MEMORY_LIMIT = 2 * 1024**3
"""Address space a child may use: ten times what solving a collection puzzle takes."""

STDERR_LIMIT = 300
"""Characters an error line may hold, not counting the case's directory in paths."""

KEEP = 64 * 1024
"""Bytes of stdout and stderr kept for judging."""


@dataclass
class Case:
    """One command line run in a fresh directory holding the files it reads."""

    id: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    specials: dict[str, str] = field(default_factory=dict)
    """Paths made specially: "fifo", "dir", "link:TARGET"."""
    timeout: float = 30.0
    outputs: tuple[str, ...] = ()
    """Files (or folders) the command may write: on failure none of them may exist (nothing
    half-written); on success they hold everything it wrote. Any other file it leaves in the
    case's directory is a file outside its output folders."""
    escapes: tuple[str, ...] = ()
    """Names a hostile input tries to write outside the case's directory (a puzzle id of
    `../../NAME` or `/tmp/NAME`): none may appear beside it."""

    def materialise(self, root: Path) -> None:
        """Write the case's files under `root`."""
        for rel, data in self.files.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        for rel, kind in self.specials.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if kind == "fifo":
                os.mkfifo(path)
            elif kind == "dir":
                path.mkdir(exist_ok=True)
            elif kind.startswith("link:"):
                os.symlink(kind.removeprefix("link:"), path)
            else:
                raise ValueError(f"unknown special file {kind!r}")


@dataclass
class Outcome:
    """What a child did."""

    status: int | None
    signal: int | None
    timed_out: bool
    seconds: float
    maxrss_mb: float
    stdout_bytes: int
    stderr: str
    stderr_bytes: int
    leftovers: list[str]
    """Output files that exist although the command failed."""
    strays: list[str] = field(default_factory=list)
    """Files written outside the case's output folders (or outside its directory)."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _wait(pid: int, timeout: float) -> tuple[int, float, bool, float]:
    """Wait for a child, killing it at the timeout: (wait status, peak RSS in MB, timed out, seconds)."""
    start = time.monotonic()
    delay = 0.002
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return status, usage.ru_maxrss / 1024, False, time.monotonic() - start
        if time.monotonic() - start > timeout:
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            return status, usage.ru_maxrss / 1024, True, time.monotonic() - start
        time.sleep(delay)
        delay = min(delay * 2, 0.05)


def _collect(case: Case, root: Path, status: int, rss: float, timed_out: bool, seconds: float) -> Outcome:
    def head(name: str) -> tuple[str, int]:
        path = root / name
        size = path.stat().st_size
        with path.open("rb") as fh:
            return fh.read(KEEP).decode("utf-8", "replace"), size

    _, out_size = head(".stdout")
    err_text, err_size = head(".stderr")
    code = os.waitstatus_to_exitcode(status)
    failed = code != 0 or timed_out
    leftovers = [o for o in case.outputs if failed and (root / o).exists()]
    return Outcome(
        strays=strays(case, root),
        status=None if code < 0 else code,
        signal=-code if code < 0 else None,
        timed_out=timed_out,
        seconds=seconds,
        maxrss_mb=rss,
        stdout_bytes=out_size,
        stderr=err_text,
        stderr_bytes=err_size,
        leftovers=leftovers,
    )


class ExecRunner:
    """Runs the installed `akrotiri-puzzle` script in a child process per case."""

    def __init__(self) -> None:
        script = Path(sys.executable).parent / "akrotiri-puzzle"
        self.command = [str(script)] if script.exists() else [sys.executable, "-m", "akrotiri_puzzles.cli"]

    def run(self, case: Case, root: Path) -> Outcome:
        """Run one case in `root`, which holds its files."""
        with (root / ".stdout").open("wb") as out, (root / ".stderr").open("wb") as err:
            child = subprocess.Popen(
                [*self.command, *case.argv],
                cwd=root,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                preexec_fn=_limit_memory,
                env=_environment(),
            )
        status, rss, timed_out, seconds = _wait(child.pid, case.timeout)
        child.returncode = os.waitstatus_to_exitcode(status)  # already reaped
        return _collect(case, root, status, rss, timed_out, seconds)

    def close(self) -> None:
        """Nothing to release."""


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.update(COLUMNS="100", TERM="dumb", NO_COLOR="1", PYTHONHASHSEED="0")
    env.pop("FORCE_COLOR", None)
    return env


class ForkServer:
    """A process that has imported the command line and forks a child per case."""

    def __init__(self) -> None:
        self.server = subprocess.Popen(
            [sys.executable, "-m", "tests.fuzz.runner"],
            cwd=Path(__file__).resolve().parents[2],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=_environment(),
        )
        assert self.server.stdout is not None
        ready = self.server.stdout.readline()
        if ready.strip() != "ready":
            raise RuntimeError(f"fork server did not start: {ready!r}")

    def run(self, case: Case, root: Path) -> Outcome:
        """Run one case in `root`, which holds its files."""
        assert self.server.stdin is not None and self.server.stdout is not None
        request = {"root": str(root), "argv": case.argv, "timeout": case.timeout}
        self.server.stdin.write(json.dumps(request) + "\n")
        self.server.stdin.flush()
        reply = json.loads(self.server.stdout.readline())
        return _collect(case, root, reply["status"], reply["rss"], reply["timed_out"], reply["seconds"])

    def close(self) -> None:
        """Stop the server."""
        if self.server.stdin is not None:
            self.server.stdin.close()
        self.server.wait(timeout=30)


def _serve() -> None:
    """The fork server's loop: one JSON request a line in, one JSON reply a line out."""

    from akrotiri_puzzles.cli import main
    from akrotiri_puzzles.files.components_yaml import load_components

    load_components()  # the default set, read once and inherited by every child
    requests = os.fdopen(os.dup(0), "r")
    replies = os.fdopen(os.dup(1), "w")
    with open(os.devnull, "r+") as null:
        os.dup2(null.fileno(), 0)
        os.dup2(null.fileno(), 1)
    print("ready", file=replies, flush=True)
    for request_line in requests:
        request = json.loads(request_line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: run the command as the script would
            code = 1
            try:
                requests.close()
                replies.close()
                _limit_memory()
                os.chdir(request["root"])
                for fd, name in ((1, ".stdout"), (2, ".stderr")):
                    target = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                    os.dup2(target, fd)
                    os.close(target)
                sys.argv = ["akrotiri-puzzle", *request["argv"]]
                code = status_of(main)
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
        status, rss, timed_out, seconds = _wait(pid, request["timeout"])
        reply = {"status": status, "rss": rss, "timed_out": timed_out, "seconds": seconds}
        print(json.dumps(reply), file=replies, flush=True)


def run_cases(
    cases: list[Case], runner: ExecRunner | ForkServer, keep: Path | None = None
) -> list[tuple[Case, Outcome]]:
    """Run each case in a fresh directory; keep the directories of cases with problems under `keep`."""
    results = []
    for case in cases:
        root = Path(tempfile.mkdtemp(prefix="akrotiri-fuzz-"))
        try:
            case.materialise(root)
            outcome = runner.run(case, root)
            results.append((case, outcome))
            if keep is not None and problems(case, outcome, root):
                target = keep / re.sub(r"[^\w.-]+", "_", case.id)
                shutil.rmtree(target, ignore_errors=True)
                shutil.copytree(root, target, symlinks=True, ignore=_skip_specials)
        finally:
            shutil.rmtree(root, ignore_errors=True)
    return results


def _skip_specials(directory: str, names: list[str]) -> list[str]:
    return [n for n in names if not (Path(directory, n).is_dir() or Path(directory, n).is_file())]


def strays(case: Case, root: Path) -> list[str]:
    """Files the command left outside its output folders: in the case's directory (but for its
    inputs, its output files and folders, and the captured stdout and stderr), and beside the
    directory under a name a hostile input asked for (those are removed once found)."""
    allowed = {*case.files, *case.specials, ".stdout", ".stderr"}
    folders = tuple(f"{o.rstrip('/')}/" for o in case.outputs)
    found = []
    for directory, _, names in os.walk(root):  # links are not followed
        for name in names:
            rel = (Path(directory) / name).relative_to(root).as_posix()
            if rel not in allowed and rel not in case.outputs and not rel.startswith(folders):
                found.append(rel)
    for name in case.escapes:
        for path in (*root.parent.glob(f"{name}*"), *Path("/tmp").glob(f"{name}*")):
            found.append(str(path))
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
    return found


_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


def problems(case: Case, outcome: Outcome, root: Path | None = None) -> list[str]:
    """What went wrong, each as a short kind: traceback, signal, timeout, exit status, message."""
    found = []
    # Exit status 1: check's wrong answer, grade's puzzle without a level, teach's wrong answer.
    judges = any(word in case.argv[:3] for word in ("check", "grade", "teach"))
    if outcome.timed_out:
        found.append(f"timeout after {case.timeout:g} s")
    elif outcome.signal is not None:
        found.append(f"killed by {signal.Signals(outcome.signal).name}")
    if "Traceback (most recent call last)" in outcome.stderr:
        found.append("traceback " + traceback_kind(outcome.stderr))
    elif outcome.status is not None and outcome.status not in (0, 1, 2):
        found.append(f"exit status {outcome.status}")
    elif outcome.status == 1 and not judges:
        found.append("exit status 1 from a command that does not judge answers")
    if outcome.status not in (None, 0, 1 if judges else 0) and "Traceback" not in outcome.stderr:
        text = outcome.stderr if root is None else outcome.stderr.replace(str(root) + "/", "")
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines:
            found.append("failure with no message")
        elif len(lines) > 1:
            found.append(f"message of {len(lines)} lines")
        if outcome.stderr_bytes > KEEP or len(text) > STDERR_LIMIT + 1:
            found.append(f"message of {outcome.stderr_bytes} bytes")
    if outcome.leftovers:
        found.append("half-written output " + ", ".join(outcome.leftovers))
    if outcome.strays:
        found.append("file outside the output folders " + ", ".join(sorted(outcome.strays)[:3]))
    return found


def traceback_kind(stderr: str) -> str:
    """The exception type and the innermost frame of the package, e.g. `KeyError in rules.py:_apply_sell`."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    exc = "?"
    for line in reversed(lines):
        if not line.startswith(" ") and re.match(r"^[\w.]+(:|$)", line):
            exc = line.split(":")[0].strip()
            break
    where = ""
    for m in _FRAME.finditer(stderr):
        path = m.group(1)
        if "akrotiri_puzzles" in path:
            where = f"{path.split('akrotiri_puzzles/')[-1]}:{m.group(3)}"
    if not where:
        frames = _FRAME.findall(stderr)
        if frames:
            where = f"{Path(frames[-1][0]).name}:{frames[-1][2]}"
    return f"{exc} in {where}" if where else exc


if __name__ == "__main__":
    _serve()
