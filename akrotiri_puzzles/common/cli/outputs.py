"""Files the commands write: every path is checked before anything is written, and each file
is written whole or not at all; a file named by the command (from an id, or fixed) inside an
output folder is checked to lie inside it (common/files/names.py), and a command writing many files
into a folder writes them all or none (`staged`).

A command with several outputs (`show --svg --png --html`) checks them all first, so that a
bad path is one line and exit status 2 with nothing written; then each file is written to a
temporary file beside it and renamed into place.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..files.names import UnsafeNameError, inside
from . import fail


def _name_max(directory: Path) -> int:
    """The longest file name the file system holding `directory` takes."""
    try:
        return os.pathconf(directory, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255


def _kind(path: Path) -> str:
    """What is at `path`: "dir", "file" (anything else), "none", or "too long" (the name)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return "too long" if exc.errno == errno.ENAMETOOLONG else "none"
    return "dir" if stat.S_ISDIR(st.st_mode) else "file"


def _problem(path: Path, want_dir: bool) -> str | None:
    """Why `path` cannot be written as a file (or made as a directory), or None."""
    kind = _kind(path)
    if path.name in ("", ".", "..") or kind == "dir":
        return None if want_dir else "is a directory, expected a file name"
    if kind == "file" and want_dir:
        return "is a file, expected a directory"
    # The nearest existing ancestor must be a directory we can write into, and every name
    # still to be made must fit the file system.
    missing: list[str] = [path.name]
    parent = path.parent
    while _kind(parent) in ("none", "too long") and parent != parent.parent:
        missing.append(parent.name)
        parent = parent.parent
    if _kind(parent) != "dir":
        return f"{parent} is a file, not a directory"
    longest = _name_max(parent)
    for i, name in enumerate(missing):
        # A file is first written beside itself as ".NAME.XXXXXXXX.tmp": 14 bytes more.
        limit = longest - 14 if i == 0 and not want_dir else longest
        size = len(os.fsencode(name))
        if size > limit:
            return f"file name too long ({size} bytes; at most {limit} here)"
    return _cannot_create_in(parent)


def _cannot_create_in(directory: Path) -> str | None:
    """Why no file can be created in an existing directory, or None. A probe file is made and
    removed at once: permissions alone do not tell (root, read-only file systems, /proc)."""
    try:
        fd, probe = tempfile.mkstemp(dir=directory, prefix=".probe.", suffix=".tmp")
    except OSError as exc:
        return f"cannot write in {directory} ({exc.strerror or exc})"
    os.close(fd)
    os.unlink(probe)
    return None


def check_file(path: Path, option: str) -> None:
    """Fail (one line, exit status 2) unless a file can be written at `path`."""
    problem = _problem(path, want_dir=False)
    if problem is not None:
        fail(f"{path}: {option}: {problem}")


def check_dir(path: Path, option: str) -> None:
    """Fail (one line, exit status 2) unless `path` is, or can be made, a writable directory."""
    problem = _problem(path, want_dir=True)
    if problem is None and _kind(path) == "dir":
        problem = _cannot_create_in(path)
    if problem is not None:
        fail(f"{path}: {option}: {problem}")


def check_distinct(paths: dict[str, Path | None]) -> None:
    """Fail when two options name the same output file."""
    seen: dict[Path, str] = {}
    for option, path in paths.items():
        if path is None:
            continue
        key = path.resolve()
        if key in seen:
            fail(f"{path}: {option}: the same file as {seen[key]}")
        seen[key] = option


def write_file(path: Path, data: bytes | str, option: str) -> None:
    """Write a file whole or not at all; a failure is one line and exit status 2."""
    content = data.encode("utf-8") if isinstance(data, str) else data
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(content)
        # mkstemp makes the file private; give it the permissions any new file would get.
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except OSError as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        reason = exc.strerror or errno.errorcode.get(exc.errno or 0, str(exc))
        fail(f"{path}: {option}: cannot write ({reason})")


def in_folder(folder: Path, name: str, option: str, base: Path | None = None) -> Path:
    """`folder/name` for a name the command made (from an id by common.files.names.file_stem, or fixed),
    checked to lie inside `folder` once links are followed; one line and exit status 2 if not.
    `base`: `folder` resolved once for many names."""
    try:
        return inside(folder, name, option, base)
    except UnsafeNameError as exc:
        fail(str(exc))


SCRATCH = ".puzzles-writing."
"""How a staging scratch folder's name starts; then the writing process's id, a dot and a
random part (`.puzzles-writing.4242.k3j2x9ab`)."""


def clear_stale(folder: Path) -> None:
    """Remove the scratch folders a staging left in `folder` when its process was killed before
    it could (SIGKILL, a power cut): those whose process is gone. A scratch folder of a process
    still running (another command writing there now) is left alone, as is a link, or anything
    else whose name does not say a process."""
    try:
        entries = [e for e in folder.iterdir() if e.name.startswith(SCRATCH)]
    except OSError:
        return
    for entry in entries:
        pid = entry.name[len(SCRATCH) :].partition(".")[0]
        if pid.isdigit() and not _running(int(pid)) and entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)


def _running(pid: int) -> bool:
    """Whether a process with this id exists (one of another user's counts)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # not ours to signal, or not a process id this system has: leave it
    return True


class Staging:
    """Files written into a folder all or none: each goes first into a hidden scratch folder made
    inside it, and only when every one is written are they moved into place (a rename each, which
    cannot half-happen). Names are checked to lie inside the folder, and no two may name one file
    (names that differ only in case count as one). The scratch folder's name holds this
    process's id, so that a run after one killed before it could clean up removes what that
    one left (`clear_stale`)."""

    def __init__(self, folder: Path, option: str) -> None:
        self.folder = folder
        self.option = option
        self.created = not folder.exists()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            clear_stale(folder)
            self.scratch = Path(tempfile.mkdtemp(dir=folder, prefix=f"{SCRATCH}{os.getpid()}."))
            # Where the folder is, links followed, once: each name is then resolved alone (a
            # folder swapped for a link meanwhile makes every name lie outside it).
            self.base = folder.resolve()
        except OSError as exc:
            fail(f"{folder}: {option}: cannot write ({exc.strerror or exc})")
        self.names: dict[str, str] = {}

    def add(self, name: str, data: bytes | str) -> Path:
        """Write one file (`name` relative to the folder, `/` for a subfolder); its final path."""
        target = in_folder(self.folder, name, self.option, self.base)
        key = name.casefold()
        if key in self.names:
            fail(f"{target}: {self.option}: written twice (as {self.names[key]!r} and {name!r})")
        self.names[key] = name
        path = self.scratch / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as exc:
            fail(f"{target}: {self.option}: cannot write ({exc.strerror or exc})")
        return target

    def commit(self) -> None:
        """Move every file written into place."""
        try:
            for name in self.names.values():
                target = in_folder(self.folder, name, self.option, self.base)
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(self.scratch / name, target)
        except OSError as exc:
            fail(f"{self.folder}: {self.option}: cannot write ({exc.strerror or exc})")
        finally:
            self.discard()

    def discard(self) -> None:
        """Remove the scratch folder (and the folder itself if this made it and it is empty)."""
        shutil.rmtree(self.scratch, ignore_errors=True)
        if self.created and not self.names:
            with contextlib.suppress(OSError):
                self.folder.rmdir()


@contextmanager
def staged(folder: Path, option: str) -> Iterator[Staging]:
    """A Staging for `folder`: committed when the block ends, discarded if it fails."""
    stage = Staging(folder, option)
    try:
        yield stage
    except BaseException:
        stage.names.clear()
        stage.discard()
        raise
    stage.commit()
