"""The puzzle book as HTML pages ready to print: a title page, the puzzles by level, the solutions at
the back with pictures of the answers, and an index by technique.

The book is one HTML file and its pictures (SVG files beside it), nothing from outside. Each
puzzle's picture is painted once (render/overlay.py); its solution page lays the line over the
same picture, so a puzzle costs one painting. The same collection gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .. import __version__
from ..files.collection import Collection
from ..files.names import file_stem, stems_distinct
from ..notation import format_action
from ..puzzle import Puzzle, replay
from ..render.overlay import Overlay
from ..rules import action_cost
from ..techniques import TECHNIQUES, level, techniques

SEAT_WORDS = {
    "south": "South sits at the bottom of the picture: above = up the page (+y), left = -x.",
    "north": "North sits at the top of the picture: above = down the page (-y), left = +x.",
}

CSS = """
@page { size: A4; margin: 14mm 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #1b1f24; margin: 0; font-size: 11pt; }
section.page { break-after: page; page-break-after: always; }
section.page:last-child { break-after: auto; page-break-after: auto; }
.title { text-align: center; padding-top: 70mm; }
.title h1 { font-size: 30pt; margin: 0 0 6mm; } .title p { font-size: 13pt; margin: 2mm 0; color: #444; }
h2 { font-size: 15pt; margin: 0 0 2mm; } h3 { font-size: 12pt; margin: 4mm 0 1mm; }
.facts { margin: 1mm 0 3mm; } .facts p { margin: 0.6mm 0; }
.level { display: inline-block; border: 1px solid #888; border-radius: 8px; padding: 0 6px; font-size: 9pt; }
.picture { position: relative; width: 100%; border: 1px solid #ccc; }
.picture img { display: block; width: 100%; height: auto; }
.picture img.line { position: absolute; inset: 0; height: 100%; }
ol.answer { font-family: "DejaVu Sans Mono", monospace; font-size: 10pt; margin: 2mm 0; columns: 2; }
.cost { color: #666; }
table.index { border-collapse: collapse; width: 100%; }
table.index td, table.index th { border-bottom: 1px solid #ccc; padding: 2mm; text-align: left; vertical-align: top; }
ul.contents { columns: 2; }
@media screen { body { max-width: 210mm; margin: 0 auto; padding: 10mm; } section.page { border-bottom: 2px dashed #bbb; margin-bottom: 12mm; padding-bottom: 8mm; } }
""".strip()


@dataclass(frozen=True)
class Page:
    """A puzzle of the book: its number, level and the files of its pictures."""

    number: int
    puzzle: Puzzle
    level: str
    techniques: tuple[str, ...]
    picture: str
    """The stem of its pictures' file names (its id: files/names.py)."""


def pages(collection: Collection) -> list[Page]:
    """The collection's puzzles in book order, numbered from 1; an id that cannot name a picture
    file (files/names.py), or two naming one file, raise UnsafeNameError."""
    stems = [(file_stem(e.puzzle.id, e.source), e.source) for e in collection.puzzles]
    stems_distinct(stems, "--html")
    ordered = sorted(
        ((*level(e.puzzle), e.puzzle, stem) for e, (stem, _) in zip(collection.puzzles, stems, strict=True)),
        key=lambda t: t[0],
    )
    return [Page(i, p, words, techniques(p), stem) for i, (_, words, p, stem) in enumerate(ordered, start=1)]


def build(collection: Collection, title: str = "Akrotiri puzzles") -> dict[str, str]:
    """The book's files: "index.html" and one SVG per picture, by file name."""
    book = pages(collection)
    files: dict[str, str] = {}
    sections = [_title_page(title, book)]
    overlays: dict[str, Overlay] = {}
    for page in book:
        overlay = overlays[page.picture] = Overlay(page.puzzle.start)
        files[f"pictures/{page.picture}.svg"] = overlay.picture
        sections.append(_puzzle_page(page))
    for page in book:
        line = page.puzzle.solution or ()
        files[f"pictures/{page.picture}-line.svg"] = overlays[page.picture].line_svg(tuple(line))
        sections.append(_solution_page(page))
    sections.append(_index_page(book))
    files["index.html"] = _document(title, sections)
    return files


def _document(title: str, sections: list[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>\n{CSS}\n</style>\n</head>\n<body>\n"
        + "\n".join(sections)
        + "\n</body>\n</html>\n"
    )


def _title_page(title: str, book: list[Page]) -> str:
    levels = list(dict.fromkeys(p.level for p in book))
    contents = "".join(
        f"<li>{escape(lv)}: puzzles " + ", ".join(str(p.number) for p in book if p.level == lv) + "</li>"
        for lv in levels
    )
    return f"""<section class="page title">
<h1>{escape(title)}</h1>
<p>{len(book)} puzzles for the board game Akrotiri, with their solutions</p>
<p>Every optimum proven by OR-Tools CP-SAT · made with akrotiri-puzzles {escape(__version__)}</p>
<h3>How to play a puzzle</h3>
<p>The seat to move (the hero) must reach the goal in the fewest actions, counted as the game counts
them (free actions and the tile placement cost none). The opponent is passive: their boat stays
where it is and blocks its dock. Docks are named as the notation names them, on the picture.</p>
<h3>Contents</h3>
<ul class="contents">{contents}<li>Solutions at the back, then an index by technique</li></ul>
</section>"""


def _facts(page: Page) -> str:
    p = page.puzzle
    horizon = "this turn" if p.turns == 1 else f"within {p.turns} turns"
    return (
        '<div class="facts">'
        f"<p><strong>Goal:</strong> {escape(p.hero.capitalize())} to {escape(p.goal.describe())}, {horizon}.</p>"
        f"<p><strong>Seat:</strong> {escape(SEAT_WORDS[p.hero])}</p>"
        "</div>"
    )


def _puzzle_page(page: Page) -> str:
    p = page.puzzle
    return f"""<section class="page puzzle" id="puzzle-{page.number}">
<h2>Puzzle {page.number} <span class="level">{escape(page.level)}</span></h2>
<p>{escape(p.title or p.id)} <span class="cost">({escape(p.id)})</span></p>
{_facts(page)}
<div class="picture"><img src="pictures/{page.picture}.svg" alt="Puzzle {page.number}"></div>
</section>"""


def _solution_page(page: Page) -> str:
    p = page.puzzle
    line = p.solution or ()
    played = replay(p, line)
    rows = []
    for i, action in enumerate(line):
        cost = action_cost(played.states[i].pos, action) if i < len(played.states) - 1 else 0
        note = "free" if cost == 0 else f"{cost} action" + ("s" if cost > 1 else "")
        rows.append(f'<li>{escape(format_action(action))} <span class="cost">({note})</span></li>')
    optimum = p.certificate.optimum if p.certificate is not None else played.cost
    proof = ""
    c = p.certificate
    if c is not None and c.status == "OPTIMAL" and c.below_optimum == "INFEASIBLE":
        fewer = optimum - 1
        proof = f" No line of {fewer} action{'' if fewer == 1 else 's'} reaches the goal (proven)."
    if c is not None and c.unique:
        proof += (
            " The answer is unique: every best line makes the same stops and buys the same things"
            " (the route, and which dock of an island, may differ)."
        )
    tags = ", ".join(page.techniques) or "none beyond sailing and excavating"
    return f"""<section class="page solution" id="solution-{page.number}">
<h2>Solution {page.number} <span class="level">{escape(page.level)}</span></h2>
<p>{escape(p.title or p.id)}: <strong>{optimum} action{"" if optimum == 1 else "s"}.</strong>{escape(proof)}</p>
<ol class="answer">{"".join(rows)}</ol>
<p class="cost">Techniques: {escape(tags)}</p>
<div class="picture"><img src="pictures/{page.picture}.svg" alt="Solution {page.number}">
<img class="line" src="pictures/{page.picture}-line.svg" alt=""></div>
</section>"""


def _index_page(book: list[Page]) -> str:
    rows = []
    for technique in TECHNIQUES:
        numbers = [str(p.number) for p in book if technique in p.techniques]
        if numbers:
            rows.append(f"<tr><th>{escape(technique)}</th><td>{', '.join(numbers)}</td></tr>")
    plain = [str(p.number) for p in book if not p.techniques]
    if plain:
        rows.append(f"<tr><th>sailing and excavating only</th><td>{', '.join(plain)}</td></tr>")
    return f"""<section class="page index">
<h2>Index by technique</h2>
<p>Which puzzles' answers use each technique (puzzle numbers).</p>
<table class="index">{"".join(rows)}</table>
</section>"""
