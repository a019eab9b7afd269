"""Printing the book's HTML to PDF with headless Chromium (docs/book.md says why Chromium)."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ..common.files.names import inside
from ..errors import AkrotiriError
from ..processes import child_dies_with_us

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-pdf-header-footer",
)
"""Headless, and nothing fetched from the network: the book is local files only."""


class PrintError(AkrotiriError):
    """The PDF cannot be made: no Chromium, or Chromium failed."""


DEBIANS = Path("/usr/bin/chromium")
"""Where Debian's chromium package puts it."""


def find_chromium(given: Path | None = None, fallback: Path = DEBIANS) -> Path:
    """The Chromium to print with: `given`, else `chromium` on PATH, else `fallback`."""
    if given is not None:
        if not (given.is_file() and os.access(given, os.X_OK)):
            raise PrintError(f"--chromium: {given} is not an executable file")
        return given
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return Path(found)
    if fallback.exists():
        return fallback
    raise PrintError("--pdf: needs Chromium to print (apt-get install chromium), or give --chromium PATH")


def print_pdf(html: Path, pdf: Path, chromium: Path, timeout: float = 300.0) -> None:
    """Print `html` to `pdf` (written whole or not at all)."""
    pdf.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=pdf.parent, prefix=f".{pdf.name}.", suffix=".tmp")
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        with tempfile.TemporaryDirectory(prefix="akrotiri-chromium-") as profile:
            argv = [
                str(chromium),
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--print-to-pdf={tmp}",
                html.resolve().as_uri(),
            ]
            try:
                done = subprocess.run(
                    argv, capture_output=True, text=True, timeout=timeout, check=False, preexec_fn=child_dies_with_us
                )
            except subprocess.TimeoutExpired:
                raise PrintError(f"--pdf: Chromium did not finish printing within {timeout:g} s") from None
        if done.returncode != 0 or tmp.stat().st_size == 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise PrintError(f"--pdf: Chromium failed to print (exit status {done.returncode}): {last[:200]}")
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, pdf)
    finally:
        tmp.unlink(missing_ok=True)


def print_pages(files: Mapping[str, str], index: str, pdf: Path, chromium: Path) -> None:
    """Write `files` (names relative to one directory) into a scratch directory and print its
    page `index` to `pdf` (written whole or not at all): the book's pages and pictures, or the
    lessons' booklet, printed before any HTML of theirs is written, so that a failed print leaves
    nothing behind."""
    with tempfile.TemporaryDirectory(prefix="akrotiri-print-") as scratch:
        for name, text in files.items():
            path = inside(Path(scratch), name, "--pdf")
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
            except OSError as exc:
                reason = exc.strerror or errno.errorcode.get(exc.errno or 0, str(exc))
                raise PrintError(f"{path}: --pdf: cannot write ({reason})") from None
        print_pdf(Path(scratch) / index, pdf, chromium)
