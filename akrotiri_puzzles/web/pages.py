"""The HTML pages: the puzzle list, a puzzle, the lessons, and the page for an unknown id.

Pages are plain HTML written by the server, readable without script; /static/app.js makes
them play (the JSON API does the judging). Nothing is loaded from anywhere but this server.
"""

from __future__ import annotations

from html import escape

from .site import CLASSIC, PAGE_LABEL_PX, SEAT_ABOVE, Item, Site, horizon_words

KEYS = (
    "Keys: type an action and press Enter · u undo · Home restart · h hint · n next puzzle · "
    "/ type an action · + and - zoom the board, 0 the whole board · r and Shift+R turn the tile"
)


def page(title: str, body: str, script: bool = True, data: str = "") -> str:
    """A whole page around `body`."""
    js = '<script src="/static/app.js" defer></script>' if script else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · Akrotiri puzzles</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css">
{js}
</head>
<body{data}>
<header class="top"><a href="/" class="home">Akrotiri puzzles</a>
<span class="streak" id="streak" aria-live="polite"></span></header>
<main>
{body}
</main>
</body>
</html>
"""


GROUP_WORDS = {
    "easy": ("Easy", "Short answers that the game's greedy bot finds too."),
    "medium": ("Medium", "Longer answers, or a technique the answer cannot do without."),
    "hard": ("Hard", "Long answers, techniques proven necessary, answers the weaker solvers miss."),
    CLASSIC: (
        "Classic",
        "The first ten puzzles, found by hand-run scans; not graded, listed by the actions they take.",
    ),
}
"""Each set's name and a line on what its level means (the grader's score, docs/generator.md)."""


def _row(site: Site, item: Item) -> str:
    p = item.puzzle
    tags = "".join(f'<span class="tag">{escape(t)}</span>' for t in item.techniques)
    return (
        f'<li class="puzzle" data-id="{escape(p.id)}" data-level="{escape(item.group)}"'
        f' data-tags="{escape("|".join(item.techniques))}">'
        f'<a href="/puzzle/{escape(p.id)}">{escape(site.title(p.id))}</a> '
        f'<span class="level">{escape(_actions(item))}</span> <span class="mark" aria-label="progress"></span>'
        f'<div class="tags">{tags}</div></li>'
    )


def _actions(item: Item) -> str:
    """The puzzle's proven optimum in words (its level is the heading it is listed under)."""
    n = item.rank[1]
    return f"{n} action{'s' if n != 1 else ''}"


def _lesson_title(site: Site, pid: str) -> str:
    lesson = site.item(pid).lesson
    return lesson.title if lesson is not None else pid


def index_page(site: Site) -> str:
    """The list of puzzles by level (easy, medium, hard, then the classic set), with filters by
    level and by technique, and the lessons when there are any."""
    items = [site.item(pid) for pid in site.order]
    groups = list(dict.fromkeys(i.group for i in items))
    options = "".join(
        f'<option value="{escape(g)}">{escape(GROUP_WORDS.get(g, (g.capitalize(), ""))[0])}</option>' for g in groups
    )
    every = sorted({t for i in items for t in i.techniques}, key=lambda t: (-sum(t in i.techniques for i in items), t))
    tags = "".join(
        f'<button type="button" class="tag-filter" data-tag="{escape(t)}" aria-pressed="false">{escape(t)}</button>'
        for t in every
    )
    sections = []
    for g in groups:
        name, about = GROUP_WORDS.get(g, (g.capitalize(), ""))
        rows = "".join(_row(site, i) for i in items if i.group == g)
        n = sum(i.group == g for i in items)
        sections.append(
            f'<section class="level-group" data-group="{escape(g)}"><h2>{escape(name)} '
            f'<span class="count">{n} puzzle{"s" if n != 1 else ""}</span></h2>'
            f'<p class="about">{escape(about)}</p><ol class="puzzles">{rows}</ol></section>'
        )
    learn = ""
    if site.lessons:
        learn = (
            '<section class="learn"><h2>Learn</h2><p>Lessons on the rules new players get wrong, '
            'each with a small exercise.</p><ul class="lessons">'
            + "".join(
                f'<li class="puzzle" data-id="{escape(pid)}"><a href="/learn/{escape(pid)}">'
                f"{escape(_lesson_title(site, pid))}</a>"
                ' <span class="mark"></span></li>'
                for pid in site.lessons
            )
            + "</ul></section>"
        )
    body = f"""<h1>Puzzles</h1>
<p>Each puzzle is a position, a goal and a horizon: reach the goal in the fewest actions.
Every puzzle's optimum is proven; any line that reaches the goal in that many actions is a solution.</p>
<p class="controls"><label for="level">Level</label>
<select id="level"><option value="">all levels</option>{options}</select>
<span id="counts" class="counts"></span></p>
<p class="controls tags-filter" id="tags"><span class="label">Techniques the answer uses:</span> {tags}
<button type="button" id="tags-clear" class="small">any</button></p>
<div id="puzzles">
{"".join(sections)}
</div>
{learn}"""
    return page("Puzzles", body, data=' data-page="index"')


def puzzle_page(site: Site, pid: str) -> str:
    """One puzzle: the board (pan and zoom; the tile in hand is placed on it), and beside it what
    to do, the verdicts, the controls, the seats' things drawn and the actions."""
    item = site.item(pid)
    p = item.puzzle
    lesson = ""
    if item.lesson is not None:
        lesson = '<section class="lesson">' + "".join(
            f"<p><strong>{escape(field.capitalize())}:</strong> {escape(text)}</p>"
            for field, text in item.lesson.texts
            if field != "explanation"
        )
        explanation = dict(item.lesson.texts).get("explanation")
        if explanation:
            lesson += f"<details><summary>Explanation</summary><p>{escape(explanation)}</p></details>"
        lesson += "</section>"
    # A score goal names its turn already ("by the end of this turn").
    horizon = "" if p.goal.score is not None else f", {horizon_words(p)}"
    goal = f"{p.hero.capitalize()} to {p.goal.describe()}{horizon}"
    order = site.order if item.kind == "puzzle" else site.lessons
    # What the puzzle reveals of the hidden piles (premise.py): a fan may use nothing else.
    shown = p.revealed.describe(p.start.components) or ["nothing: every pile is face down"]
    premise = (
        '<p class="premise" id="premise"><strong>Revealed (top first):</strong> '
        + "; ".join(map(escape, shown))
        + "</p>"
    )
    width, height = site.overlay(pid).size
    title = site.title(pid)
    body = f"""<div class="play">
<section class="board" aria-label="The board">
<div class="viewport" id="viewport" tabindex="0" aria-label="The board: drag or scroll to move it, + and - zoom">
<div class="stage" id="stage" data-width="{width:g}" data-height="{height:g}" data-label-px="{PAGE_LABEL_PX:g}">
<img id="picture" src="/picture/{escape(p.id)}.svg" alt="The position of puzzle {escape(p.id)}" draggable="false">
<div id="overlay" class="layer"></div>
<div id="preview" class="layer"></div>
</div>
</div>
<div class="zoom" role="group" aria-label="Zoom the board">
<button type="button" id="zoom-out" class="small" title="Zoom out (-)">−</button>
<button type="button" id="zoom-fit" class="small" title="The whole board, or back to readable labels (0)">Whole board</button>
<button type="button" id="zoom-in" class="small" title="Zoom in (+)">+</button>
</div>
</section>
<aside class="side">
<h1 id="title">{escape(title)}</h1>
{lesson}
<p class="goal" id="goal"><strong>{escape(goal)}</strong> <span id="budget"></span></p>
{premise}
<p class="above">{escape(p.hero.capitalize())} to move. {escape(SEAT_ABOVE[p.hero])}</p>
<div id="feedback" class="feedback" role="status" aria-live="polite">Your move.</div>
<section id="placer" class="placer" hidden aria-label="Place the tile">
<h2 id="placer-title">Place the tile</h2>
<div class="placer-head"><div id="placer-tile" class="placer-tile" aria-label="The tile in hand, as printed"></div>
<p id="placer-step" class="placer-step"></p></div>
<p class="turns"><button type="button" id="turn-left" title="Turn anticlockwise (Shift+R)">⟲ Turn left</button>
<span id="rotation" class="rotation">r0</span>
<button type="button" id="turn-right" title="Turn clockwise (R)">Turn right ⟳</button></p>
<div id="cube" class="cube" hidden><p>Second cube (R-TILE-2): its colour <span id="colours" class="colours"></span>,
then click the piece it goes on (ringed on the board).</p></div>
<p class="buttons"><button type="button" id="place" disabled>Place the tile</button>
<button type="button" id="place-cancel">Cancel</button></p>
<p class="keys">Click a slot · R turns clockwise, Shift+R back · Enter places · Esc cancels</p>
</section>
<section id="revealed" class="revealed" hidden aria-label="Revealed by the puzzle">
<h2>Revealed: the next land tiles</h2>
<p>As the puzzle states them, top of the pile first, as printed: the next tile drawn (at the end of
a turn, R-END-1, unless the oracle was consulted in it; or by the oracle, R-ORA-1) is the first.</p>
<div id="revealed-tiles"></div></section>
<ol id="line" class="line" aria-label="Your line"></ol>
<form id="typed" autocomplete="off">
<label for="action">Action</label>
<input id="action" name="action" placeholder="e.g. ship T1" spellcheck="false">
<button type="submit">Play</button>
</form>
<p class="buttons">
<button type="button" id="undo">Undo</button>
<button type="button" id="restart">Restart</button>
<button type="button" id="hint">Hint</button>
<button type="button" id="reveal">Show solution</button>
<button type="button" id="next">Next puzzle</button>
</p>
<div id="hinttext" class="hinttext" aria-live="polite"></div>
<div id="position" class="position"></div>
<details class="things" open><summary>Both seats' things, the tile in hand, the market</summary>
<div id="panel" class="panel-picture"></div></details>
<h2>Actions</h2>
<div id="actions" class="actions"></div>
<p class="keys">{escape(KEYS)}</p>
</aside>
</div>"""
    data = (
        f' data-page="puzzle" data-id="{escape(p.id)}" data-kind="{item.kind}"'
        f' data-order="{escape(" ".join(order))}"'
        f' data-levels="{escape(" ".join(site.item(i).group for i in order))}"'
        f' data-tags="{escape(";".join("|".join(site.item(i).techniques) for i in order))}"'
    )
    return page(title, body, data=data)


def not_found_page(what: str) -> str:
    """The page for an unknown puzzle or address."""
    body = f'<h1>Not found</h1><p class="error">{escape(what)}</p><p><a href="/">All puzzles</a></p>'
    return page("Not found", body, script=False)
