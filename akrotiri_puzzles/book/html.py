"""The puzzle book as HTML pages ready to print on A4 (landscape): a title page, how to read the
pictures, contents with page numbers, the puzzles in sections by level, the solutions at the
back with pictures of the answers, and an index by technique.

Every part is one printed page (`section.page`, of a fixed height), so the contents can give
page numbers before anything is printed; the printer writes the same number at the foot of each
page. The board is drawn without its side panel and as large as the page allows, its dock names
sized to print at `LABEL_PT` or more (`book/sheet.py`); the hand, goals and market beside it are
the panel's parts as a picture of their own. The book is one HTML file and its pictures (SVG
files beside it), nothing from outside; the same collection gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..common.files.names import file_stem, stems_distinct
from ..files.collection import Collection
from ..notation import format_action
from ..puzzle import Puzzle, replay
from ..render.legend import PARTS
from ..render.overlay import Overlay
from ..render.svg import render_panel
from ..techniques import TECHNIQUES, level, techniques
from ..version import __version__
from .sheet import CONTENTS_ROWS, CSS, Fit, fit, places_a_tile, step_note

SEAT_WORDS = {
    "south": "South sits at the bottom of the picture: above = up the page (+y), left = -x.",
    "north": "North sits at the top of the picture: above = down the page (-y), left = +x.",
}

LEVEL_WORDS = {
    "easy": "the answer is short and a greedy player finds it",
    "medium": "the answer needs a technique or a look ahead past the obvious",
    "hard": "the answer needs techniques proven necessary and is hard to find",
    "expert": "the hardest the generator keeps",
}


@dataclass(frozen=True)
class Page:
    """A puzzle of the book: its number, level, techniques and where it is printed."""

    number: int
    puzzle: Puzzle
    level: str
    techniques: tuple[str, ...]
    picture: str
    """The stem of its pictures' file names: its id (common/files/names.py)."""


def pages(collection: Collection) -> list[Page]:
    """The collection's puzzles in book order (by level, then the fewest actions), numbered from 1;
    an id that cannot name a picture file (common/files/names.py), or two naming one file, raise
    UnsafeNameError."""
    stems = [(file_stem(e.puzzle.id, e.source), e.source) for e in collection.puzzles]
    stems_distinct(stems, "--html")
    ordered = sorted(
        ((*level(e.puzzle), e.puzzle, stem) for e, (stem, _) in zip(collection.puzzles, stems, strict=True)),
        key=lambda t: t[0],
    )
    return [Page(i, p, words, techniques(p), stem) for i, (_, words, p, stem) in enumerate(ordered, start=1)]


@dataclass(frozen=True)
class _Plan:
    """Where every part of the book is printed (page numbers from 1)."""

    contents: int
    """Pages the contents take."""
    divider: dict[str, int]
    puzzle: dict[int, int]
    solutions: int
    solution: dict[int, int]
    index: int


def _plan(book: list[Page]) -> _Plan:
    levels = list(dict.fromkeys(p.level for p in book))
    rows = len(book) + len(levels)
    contents = max(1, -(-rows // CONTENTS_ROWS))
    at = 2 + contents  # the title page, how to read the pictures, then the contents
    divider: dict[str, int] = {}
    puzzle: dict[int, int] = {}
    for lv in levels:
        at += 1
        divider[lv] = at
        for p in book:
            if p.level == lv:
                at += 1
                puzzle[p.number] = at
    solutions = at + 1
    solution = {p.number: solutions + i for i, p in enumerate(book, start=1)}
    return _Plan(contents, divider, puzzle, solutions, solution, solutions + len(book) + 1)


def build(collection: Collection, title: str = "Akrotiri puzzles") -> dict[str, str]:
    """The book's files: "index.html" and its SVG pictures, by file name."""
    book = pages(collection)
    plan = _plan(book)
    files: dict[str, str] = {}
    fits = {p.number: fit(p.puzzle.start, places_a_tile(p.puzzle)) for p in book}
    overlays: dict[int, Overlay] = {}
    sections = [_title_page(title, book)]
    if book:
        files["pictures/key.svg"] = render_panel(book[0].puzzle.start, ("key",))
    sections.append(_reading_page(bool(book)))
    sections.extend(_contents_pages(book, plan))
    for lv in plan.divider:
        sections.append(_divider(lv, [p for p in book if p.level == lv]))
        for page in (p for p in book if p.level == lv):
            pid = page.picture
            shape = fits[page.number]
            overlays[page.number] = Overlay(page.puzzle.start, False, shape.label_px, shape.open_slots)
            files[f"pictures/{pid}.svg"] = overlays[page.number].picture
            files[f"pictures/{pid}-panel.svg"] = render_panel(
                page.puzzle.start, PARTS[1:], revealed=page.puzzle.revealed
            )
            sections.append(_puzzle_page(page, fits[page.number], plan))
    sections.append(_solutions_divider(book))
    for page in book:
        line = tuple(page.puzzle.solution or ())
        files[f"pictures/{page.picture}-line.svg"] = overlays[page.number].line_svg(line)
        sections.append(_solution_page(page, fits[page.number], plan))
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
    counts = ", ".join(f"{sum(p.level == lv for p in book)} {escape(lv)}" for lv in levels)
    return f"""<section class="page title">
<h1>{escape(title)}</h1>
<p>{len(book)} puzzle{"" if len(book) == 1 else "s"} for the board game Akrotiri, with their solutions</p>
<p>{counts}</p>
<p class="small">Every optimum proven by OR-Tools CP-SAT · made with akrotiri-puzzles {escape(__version__)}</p>
</section>"""


def _reading_page(with_key: bool) -> str:
    key = '<div class="key"><img src="pictures/key.svg" alt="The key to the pictures"></div>' if with_key else ""
    return f"""<section class="page reading">
<h2>How to play a puzzle</h2>
<div class="two">
<div>
<p>The seat to move (the hero) must reach the goal in the fewest actions, counted as the game counts
them: a Move action gives one point to a loaded boat and two to an empty one, so two steps can share
one Move action; selling, unloading and the tile placement are free. The opponent is passive: their
boat stays where it is and blocks its dock, and they take no turns.</p>
<p>Each puzzle shows the board, with every dock named as the notation names it, and beside it each
seat's hand, goals and boat, and the market. A puzzle that starts with the tile placement shows the
tile in hand; everything an answer uses is shown on its page.</p>
<p>Write an answer as actions separated by ";", for example <code>ship 1,0NE; excavate E03 1,0SW</code>,
and check it with <code>akrotiri-puzzle check PUZZLE "ANSWER"</code>. The solutions are at the back,
after every puzzle, so that reading one puzzle does not show another's answer.</p>
</div>
{key}
</div>
</section>"""


def _contents_pages(book: list[Page], plan: _Plan) -> list[str]:
    rows: list[str] = []
    for lv in plan.divider:
        rows.append(f'<tr class="part"><th colspan="4">{escape(lv.capitalize())}</th><td>{plan.divider[lv]}</td></tr>')
        for p in (p for p in book if p.level == lv):
            name = escape(p.puzzle.title or p.puzzle.id)
            rows.append(
                f"<tr><td>{p.number}</td><td>{name}</td><td>{escape(p.level)}</td>"
                f"<td>solution {plan.solution[p.number]}</td><td>{plan.puzzle[p.number]}</td></tr>"
            )
    tail = (
        f'<tr class="part"><th colspan="4">Solutions</th><td>{plan.solutions}</td></tr>'
        f'<tr class="part"><th colspan="4">Index by technique</th><td>{plan.index}</td></tr>'
    )
    chunks = [rows[i : i + CONTENTS_ROWS] for i in range(0, len(rows), CONTENTS_ROWS)] or [[]]
    out = []
    for i, chunk in enumerate(chunks):
        more = tail if i == len(chunks) - 1 else ""
        head = "Contents" if i == 0 else "Contents (continued)"
        out.append(
            f'<section class="page contents"><h2>{head}</h2>\n<table class="contents">'
            "<tr><th>#</th><th>puzzle</th><th>level</th><th></th><th>page</th></tr>"
            f"{''.join(chunk)}{more}</table>\n</section>"
        )
    return out


def _divider(lv: str, members: list[Page]) -> str:
    first, last = members[0].number, members[-1].number
    span = f"puzzle {first}" if first == last else f"puzzles {first} to {last}"
    means = LEVEL_WORDS.get(lv, "puzzles whose answer takes this many actions")
    return f"""<section class="page divider" id="level-{escape(lv)}">
<h1>{escape(lv.capitalize())}</h1>
<p>{span}: {escape(means)}.</p>
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


def _header(kind: str, page: Page, where: str) -> str:
    p = page.puzzle
    return (
        f'<header><h2>{kind} {page.number}</h2><span class="level">{escape(page.level)}</span> '
        f'<span>{escape(p.title or p.id)} <span class="cost">({escape(p.id)})</span></span>'
        f'<span class="where">{where}</span></header>'
    )


def _board(page: Page, shape: Fit, layer: str = "") -> str:
    pid = page.picture
    over = f'<img class="line" src="pictures/{pid}-line.svg" alt="">' if layer else ""
    return (
        f'<div class="board" style="width: {shape.width_mm:.1f}mm; height: {shape.height_mm:.1f}mm">'
        f'<img src="pictures/{pid}.svg" alt="Puzzle {page.number}">{over}</div>'
    )


def _puzzle_page(page: Page, shape: Fit, plan: _Plan) -> str:
    pid = page.picture
    return f"""<section class="page puzzle" id="puzzle-{page.number}">
{_header("Puzzle", page, f"solution on page {plan.solution[page.number]}")}
{_facts(page)}
<div class="spread">{_board(page, shape)}
<div class="side"><img src="pictures/{pid}-panel.svg" alt="The seats and the market"></div></div>
</section>"""


def _solution_page(page: Page, shape: Fit, plan: _Plan) -> str:
    p = page.puzzle
    line = tuple(p.solution or ())
    played = replay(p, line)
    rows = []
    for i, action in enumerate(line):
        cost = played.costs[i] if i < len(played.costs) else 0
        rows.append(f'<li>{escape(format_action(action))} <span class="cost">({step_note(action, cost)})</span></li>')
    optimum = p.certificate.optimum if p.certificate is not None else played.cost
    steps = f" ({len(line)} steps)" if len(line) != optimum else ""
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
{_header("Solution", page, f"puzzle on page {plan.puzzle[page.number]}")}
<div class="spread">{_board(page, shape, layer="line")}
<div class="side"><p><strong>{optimum} action{"" if optimum == 1 else "s"}{steps}.</strong>{escape(proof)}</p>
<ol class="answer">{"".join(rows)}</ol>
<p class="cost">Techniques: {escape(tags)}</p></div></div>
</section>"""


def _solutions_divider(book: list[Page]) -> str:
    return f"""<section class="page divider" id="solutions">
<h1>Solutions</h1>
<p>The answers to puzzles 1 to {len(book)}, in order, each with its picture and what it proves.</p>
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
