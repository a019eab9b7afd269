"""Lessons as pictures and pages: the position with the lesson's marks, the answer drawn as
numbered arrows, one lesson's page and the booklet of every lesson. Self-contained HTML: the
pictures are inline SVG, the style sheet is inline, nothing is fetched from anywhere."""

from __future__ import annotations

from html import escape

from ..notation import format_line
from ..position import Position
from ..teaching.lesson import Lesson, picture_start
from ..teaching.verify import outcome
from .highlight import Highlights
from .svg import render_svg

_CSS = """
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 24px; color: #1b1f24; max-width: 1400px; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.2em; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; border: 1px solid #d0d7de; }
.lesson { page-break-after: always; margin-bottom: 3em; }
.rules { color: #6b7280; font-size: 0.95em; }
.rule { background: #f0f7ee; border-left: 4px solid #2ca02c; padding: 0.5em 1em; }
.misreading { background: #fdf0f6; border-left: 4px solid #d1007a; padding: 0.5em 1em; }
.exercise { background: #fff8e1; border-left: 4px solid #e0a800; padding: 0.5em 1em; }
.answer { border-top: 1px dashed #c9d1d9; margin-top: 1.5em; padding-top: 0.5em; break-inside: avoid; }
.answers { page-break-before: always; }
details > summary { cursor: pointer; font-weight: bold; margin: 1em 0; }
code { background: #f3f5f7; padding: 1px 4px; }
nav ol { columns: 2; column-gap: 3em; }
nav li { break-inside: avoid; }
figure, .rule, .misreading, .exercise { break-inside: avoid; }
@page { size: A4; margin: 14mm 12mm; }
@media print { body { margin: 0; } }
""".strip()


def lesson_highlights(lesson: Lesson) -> Highlights:
    """The lesson picture's marks (and the answer's tile outlined, when the picture shows it laid)."""
    return Highlights(marks=lesson.marks, placed=picture_start(lesson.exercise)[1])


def lesson_picture(lesson: Lesson) -> Position:
    """The position the lesson's picture shows (teaching.picture_start): the exercise's start,
    or the board after the answer's tile placement when the lesson is about that placement."""
    return picture_start(lesson.exercise)[0]


def lesson_svg(lesson: Lesson) -> str:
    """The lesson's position with its marks: what the learner looks at."""
    return render_svg(lesson_picture(lesson), lesson_highlights(lesson))


def answer_svg(lesson: Lesson) -> str:
    """The lesson's position with its answer drawn as numbered arrows."""
    return render_svg(lesson.exercise.start, Highlights(line=lesson.answer))


def exercise_words(lesson: Lesson) -> str:
    """The exercise in one paragraph: who does what within which horizon, in how many actions."""
    puzzle = lesson.exercise
    horizon = "this turn" if puzzle.turns == 1 else f"within {puzzle.turns} turns"
    n = lesson.optimum
    count = "" if n is None else f" The best line takes {n} action{'s' if n != 1 else ''}."
    if puzzle.goal.score is not None:
        # An endgame puzzle: its goal names the turn, and its optimum is the score, not actions.
        horizon, count = "", ""
    task = f" {lesson.task}" if lesson.task else ""
    return f"{puzzle.hero.capitalize()} to {' '.join(filter(None, (puzzle.goal.describe(), horizon)))}.{task}{count}"


def _inline(svg: str) -> str:
    return svg.split("?>", 1)[1].lstrip() if svg.startswith("<?xml") else svg


def lesson_section(lesson: Lesson, number: int | None = None, answer_link: bool = False) -> str:
    """One lesson as an HTML section: the rule, the misreading, the picture and the exercise (no
    answer: `answer_section`); `answer_link` points to the answer at the back of a booklet."""
    head = f"{number}. " if number is not None else ""
    parts = [
        f'<section class="lesson" id="{escape(lesson.id)}">',
        f"<h1>{escape(head + lesson.title)}</h1>",
        f'<p class="rules">Lesson <code>{escape(lesson.id)}</code> · rules {escape(", ".join(lesson.rules))}</p>',
        f'<div class="rule"><h2>The rule</h2><p>{escape(lesson.rule)}</p></div>',
        f'<div class="misreading"><h2>The usual misreading</h2><p>{escape(lesson.misreading)}</p></div>',
        f"<figure>\n{_inline(lesson_svg(lesson))}</figure>",
        f'<div class="exercise"><h2>Exercise</h2><p>{escape(exercise_words(lesson))}</p>',
        f"<p>Check an answer: <code>akrotiri-puzzle teach {escape(lesson.id)} --answer "
        '"ACTION; ACTION; ..."</code></p>',
    ]
    if answer_link:
        parts.append(f'<p class="rules">The answer: <a href="#answer-{escape(lesson.id)}">at the back</a>.</p>')
    parts.extend(["</div>", "</section>"])
    return "\n".join(parts)


def answer_section(lesson: Lesson, number: int | None = None) -> str:
    """A lesson's answer as an HTML section: the line, why, its picture and what the misreading plays."""
    head = f"{number}. " if number is not None else ""
    parts = [
        f'<section class="answer" id="answer-{escape(lesson.id)}">',
        f"<h2>Answer {escape(head + lesson.title)}</h2>",
        f"<p><code>{escape(format_line(list(lesson.answer)))}</code></p>",
    ]
    if lesson.explanation:
        parts.append(f"<p>{escape(lesson.explanation)}</p>")
    parts.append(f"<figure>\n{_inline(answer_svg(lesson))}</figure>")
    parts.append("<h3>What the misreading plays</h3>")
    for m in lesson.misreadings:
        _, why = outcome(lesson, m.line)
        parts.append(
            f"<p>{escape(m.says)}<br><code>{escape(format_line(list(m.line)))}</code><br>The engine: {escape(why)}.</p>"
        )
    parts.append("</section>")
    return "\n".join(parts)


def _page(title: str, body: list[str]) -> str:
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f"<title>{escape(title)}</title>",
            f"<style>\n{_CSS}\n</style>",
            "</head>",
            "<body>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )


def lesson_page(lesson: Lesson) -> str:
    """One lesson as a self-contained HTML page, its answer folded away until asked for."""
    hidden = f"<details><summary>Show the answer</summary>\n{answer_section(lesson)}\n</details>"
    return _page(f"Akrotiri lesson: {lesson.title}", [lesson_section(lesson), hidden])


def booklet_contents(lessons: tuple[Lesson, ...]) -> str:
    """The booklet's table of contents: one link per lesson, with the rules it teaches."""
    items = "".join(
        f'<li><a href="#{escape(le.id)}">{escape(le.title)}</a> ({escape(", ".join(le.rules))})</li>' for le in lessons
    )
    return f"<nav><ol>{items}</ol></nav>"


def booklet(lessons: tuple[Lesson, ...]) -> str:
    """Every lesson in one self-contained HTML page: a table of contents, the lessons, then their
    answers at the back (as a puzzle book has them), so that reading an exercise does not spoil it."""
    body = [
        "<h1>Akrotiri: the rules new players get wrong</h1>",
        f"<p>{len(lessons)} lessons. Each shows one rule on a position from a real game, names the usual "
        "misreading and gives an exercise. The answers, proven optimal and unique, are at the back.</p>",
        booklet_contents(lessons),
    ]
    body.extend(lesson_section(le, i, answer_link=True) for i, le in enumerate(lessons, start=1))
    body.append('<section class="answers" id="answers"><h1>Answers</h1></section>')
    body.extend(answer_section(le, i) for i, le in enumerate(lessons, start=1))
    return _page("Akrotiri lessons", body)
