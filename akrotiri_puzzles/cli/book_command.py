"""The `book` command: the collection as a print-ready book, HTML and PDF (docs/book.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..common.cli import fail, out
from ..common.cli.outputs import check_dir, check_distinct, check_file, staged
from ..errors import AkrotiriError
from . import ComponentsOpt, command, components
from .serve_command import DbOpt
from .theme_option import ThemeOpt, chosen_themes, of_themes

PathsArg = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Directories or files of puzzles (YAML; default: the graded collection, puzzles/generated/, "
        "unless --db is given).",
        show_default=False,
    ),
]


@command()
def book(
    paths: PathsArg = None,
    db: DbOpt = None,
    html: Annotated[Path | None, typer.Option(help="Write the book's HTML (index.html and pictures/) here.")] = None,
    pdf: Annotated[Path | None, typer.Option(help="Print the book to this PDF file (needs Chromium).")] = None,
    title: Annotated[str, typer.Option(help="The book's title.")] = "Akrotiri puzzles",
    chromium: Annotated[
        Path | None, typer.Option(help="The Chromium to print with (default: chromium on PATH).", show_default=False)
    ] = None,
    components_dir: ComponentsOpt = None,
    theme: ThemeOpt = None,
) -> None:
    """Make a puzzle book: title page, contents with page numbers, puzzles in sections by level, solutions at the back, index by technique.

    With no puzzles named it takes the graded collection (puzzles/generated/). The HTML is a page
    and its SVG pictures, nothing from outside; the PDF is that page printed by headless Chromium
    (A4 landscape, every board large enough that its dock names print at 7.5 pt or more). Give
    --html, --pdf or both.
    """
    if html is None and pdf is None:
        fail("give --html DIR, --pdf FILE or both")
    if not 0 < len(title) <= 200:
        fail("--title: expected 1 to 200 characters")
    if html is not None:
        check_dir(html, "--html")
    if pdf is not None:
        check_file(pdf, "--pdf")
    check_distinct({"--html": html, "--pdf": pdf})
    wanted = chosen_themes(theme)
    from ..book.html import build
    from ..book.pdf import find_chromium, print_pages
    from ..files.collection import GRADED, load_collection

    if not paths and not db and not GRADED.is_dir():
        fail(f"no puzzles: {GRADED}/ is not here; give directories or files of puzzles, or --db FILE.sqlite")
    try:
        collection = load_collection(paths or ([] if db else [GRADED]), components(components_dir), db)
        collection = of_themes(collection, wanted, "the collection")
        printer = find_chromium(chromium) if pdf is not None else None
    except AkrotiriError as exc:
        fail(str(exc))
    try:
        files = build(collection, title)
    except AkrotiriError as exc:
        fail(str(exc))
    if pdf is not None and printer is not None:
        # Printed first, from a scratch copy: a failed print leaves no HTML behind either.
        try:
            print_pages(files, "index.html", pdf, printer)
        except AkrotiriError as exc:
            fail(str(exc))
    if html is not None:
        with staged(html, "--html") as stage:
            for name, text in files.items():
                stage.add(name, text)
    n = len(collection.puzzles)
    made = [str(p) for p in (html and html / "index.html", pdf) if p]
    out.print(
        f"{n} puzzle{'s' if n != 1 else ''}, solutions and an index by technique: {', '.join(made)}", soft_wrap=True
    )
