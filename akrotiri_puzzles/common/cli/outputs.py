"""Files the commands write: every path is checked before anything is written, and each file
is written whole or not at all.

A command with several outputs (`show --svg --png --html`) checks them all first, so that a
bad path is one line and exit status 2 with nothing written; then each file is written to a
temporary file beside it and renamed into place.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

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
