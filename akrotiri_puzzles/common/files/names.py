"""File names made from ids, and paths checked to lie inside the folder they are written to.

A puzzle id comes from a file or a database row that a stranger may have made, so an id is a
file name only if it is made of the characters below: ASCII letters, digits, `.`, `_` and `-`,
starting with a letter or a digit, at most 100 characters. Such a name has no `/`, is never
`.` or `..`, never hidden, and means the same on every file system. Anything else is refused
with one line naming where the id came from (docs/hardening.md). Every path a command writes
under a folder is then checked to lie inside that folder once symbolic links are followed, so
that a link planted in the folder (`pictures -> /etc`) cannot carry a write out of it.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import InputError, quote

NAME_CHARACTERS = "ASCII letters, digits, '.', '_' and '-', starting with a letter or a digit"
"""The character set of a name made from an id, in words (messages and docs say it)."""
NAME_MAX = 100
"""Characters of such a name: an id may have at most 100, and a suffix leaves room below 255 bytes."""
_NAME = re.compile(rf"[A-Za-z0-9][A-Za-z0-9._-]{{0,{NAME_MAX - 1}}}")


class UnsafeNameError(InputError):
    """An id cannot be a file name, or a path would lie outside its folder."""


def file_stem(ident: str, source: str) -> str:
    """`ident` as the stem of a file name; UnsafeNameError (naming `source`) unless every character
    is in NAME_CHARACTERS."""
    if not isinstance(ident, str) or _NAME.fullmatch(ident) is None:
        raise UnsafeNameError(
            f"{source}: id {quote(ident)} cannot name a file: an id written to a file may hold only "
            f"{NAME_CHARACTERS}, at most {NAME_MAX} characters"
        )
    return ident


def inside(folder: Path, name: str, option: str, base: Path | None = None) -> Path:
    """`folder/name`, checked to lie inside `folder` once links are followed (`name` may hold `/`
    for a subfolder the command itself makes); UnsafeNameError naming `option` otherwise.
    `base`: `folder` resolved, when the caller resolved it once for many names."""
    target = folder / name
    base = folder.resolve() if base is None else base
    where = target.resolve()
    parts = Path(name).parts
    if Path(name).is_absolute() or ".." in parts or not where.is_relative_to(base) or where == base:
        raise UnsafeNameError(f"{target}: {option}: lies outside {folder} (links followed: {where})")
    return target


def stems_distinct(stems: list[tuple[str, str]], option: str) -> None:
    """Fail (UnsafeNameError) when two ids would name one file, counting names that differ only
    in case as one (macOS and Windows file systems do). `stems` holds (id, where it came from)."""
    seen: dict[str, str] = {}
    for stem, source in stems:
        key = stem.casefold()
        if key in seen:
            raise UnsafeNameError(f"{source}: {option}: id {quote(stem)} names the same file as {seen[key]}")
        seen[key] = source
