"""The `teach` command: lessons on the rules new players get wrong, each with a picture and an
exercise the engine checks (docs/teaching.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..actions import Action
from ..common.cli import fail, out
from ..common.cli.outputs import check_dir, check_distinct, check_file, in_folder, write_file
from ..errors import AkrotiriError, NotationError
from ..files.lesson_yaml import load_lessons
from ..notation import format_action, format_line, parse_line
from ..render.lesson_pages import booklet, exercise_words, lesson_highlights, lesson_page, lesson_picture, lesson_svg
from ..render.terminal import revealed_view, terminal_view
from ..teaching import Lesson, assess, lesson_by_id, outcome, picture_start
from ..teaching.assess import Assessment
from . import ComponentsOpt, command, components

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
"""The lessons of the source tree (lessons/*.yaml)."""

_MARK_WORDS = {
    "dock": "dock",
    "site": "site",
    "icon": "icon at",
    "island": "island at",
    "above": "above",
    "below": "below",
    "left": "left of",
    "right": "right of",
    "quarter": "board quarter",
}


@command()
def teach(
    lesson_id: Annotated[
        str | None, typer.Argument(help="A lesson's id; without it, the list of lessons.", show_default=False)
    ] = None,
    answer: Annotated[
        str | None,
        typer.Option(help='Check an answer to the lesson\'s exercise: actions separated by ";".', show_default=False),
    ] = None,
    solution: Annotated[
        bool, typer.Option("--solution", help="Show the answer and what the misreading plays.")
    ] = False,
    png: Annotated[Path | None, typer.Option(help="Write the lesson's picture as PNG.", show_default=False)] = None,
    svg: Annotated[Path | None, typer.Option(help="Write the lesson's picture as SVG.", show_default=False)] = None,
    html: Annotated[
        Path | None, typer.Option(help="Write the lesson as a self-contained HTML page.", show_default=False)
    ] = None,
    book: Annotated[
        Path | None,
        typer.Option(help="Write every lesson into one HTML booklet, DIR/lessons.html.", show_default=False),
    ] = None,
    pdf: Annotated[
        Path | None,
        typer.Option(help="Print every lesson's booklet to this PDF file (needs Chromium).", show_default=False),
    ] = None,
    chromium: Annotated[
        Path | None, typer.Option(help="The Chromium to print with (default: chromium on PATH).", show_default=False)
    ] = None,
    lessons_dir: Annotated[
        Path | None,
        typer.Option("--lessons", help="Directory of lesson files (default: lessons/).", show_default=False),
    ] = None,
    components_dir: ComponentsOpt = None,
) -> None:
    """Lessons on the rules new players get wrong: the rule, the usual misreading, a picture and an exercise.

    Exit status 0; with --answer, as `check` judges a puzzle answer: 0 for a right answer
    (legal, reaching the goal in the proven optimum), 1 for an answer that is illegal, misses the
    goal or costs more, 2 for an answer that does not parse, an unknown lesson or any other bad
    input.
    """
    try:
        lessons = load_lessons(lessons_dir or LESSONS_DIR, components(components_dir))
    except AkrotiriError as exc:
        fail(str(exc))
    if chromium is not None and pdf is None:
        fail("--chromium is for printing with --pdf")
    if book is not None or pdf is not None:
        if lesson_id is not None or answer is not None or solution or png or svg or html:
            fail(
                "--book and --pdf write every lesson; give no lesson id, --answer, --solution, --png, --svg or --html with them"
            )
        _booklet(lessons, book, pdf, chromium)
        return
    if lesson_id is None:
        if answer is not None or solution or png or svg or html:
            fail("name a lesson: akrotiri-puzzle teach LESSON-ID ...")
        _list(lessons)
        return
    try:
        lesson = lesson_by_id(lessons, lesson_id)
    except AkrotiriError as exc:
        fail(str(exc))
    if answer is not None:
        if solution or png or svg or html:
            fail(
                "--answer checks an answer and prints nothing else; give --solution, --png, --svg or --html without it"
            )
        _check(lesson, answer)
        return
    outputs = {"--svg": svg, "--png": png, "--html": html}
    for option, path in outputs.items():
        if path is not None:
            check_file(path, option)
    check_distinct(outputs)
    # Every picture is made before any file is written: nothing is left half-done.
    data: dict[str, bytes | str] = {}
    if svg is not None:
        data["--svg"] = lesson_svg(lesson)
    if png is not None:
        from ..render.png import render_png  # the PNG library: loaded only when a PNG is asked for

        try:
            data["--png"] = render_png(
                lesson_picture(lesson), lesson_highlights(lesson), revealed=lesson.exercise.revealed
            )
        except AkrotiriError as exc:
            fail(f"--png: {exc}")
    if html is not None:
        data["--html"] = lesson_page(lesson)
    for option, content in data.items():
        path = outputs[option]
        assert path is not None
        write_file(path, content, option)
    if not data:
        _show(lessons, lesson)
    if solution:
        _solution(lesson)


def _booklet(lessons: tuple[Lesson, ...], book: Path | None, pdf: Path | None, chromium: Path | None) -> None:
    """Every lesson in one HTML booklet (`book`/lessons.html) and/or printed to `pdf` by headless
    Chromium, as the puzzle book is (docs/book.md). The PDF is printed first, from a scratch copy:
    a failed print leaves no booklet behind either."""
    from ..book.pdf import find_chromium, print_pages

    if book is not None:
        check_dir(book, "--book")
    if pdf is not None:
        check_file(pdf, "--pdf")
    check_distinct({"--book": book and book / "lessons.html", "--pdf": pdf})
    try:
        printer = find_chromium(chromium) if pdf is not None else None
    except AkrotiriError as exc:
        fail(str(exc))
    text = booklet(lessons)
    if pdf is not None and printer is not None:
        try:
            print_pages({"lessons.html": text}, "lessons.html", pdf, printer)
        except AkrotiriError as exc:
            fail(str(exc))
    if book is not None:
        write_file(in_folder(book, "lessons.html", "--book"), text, "--book")
    made = [str(p) for p in (book and book / "lessons.html", pdf) if p]
    out.print(f"{len(lessons)} lessons: {', '.join(made)}", soft_wrap=True)


def _list(lessons: tuple[Lesson, ...]) -> None:
    table = Table(title="Lessons", title_justify="left", show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("lesson")
    table.add_column("what it teaches")
    table.add_column("rules")
    for i, lesson in enumerate(lessons, start=1):
        table.add_row(str(i), lesson.id, lesson.title, ", ".join(lesson.rules))
    out.print(table)
    out.print(
        "Open one: akrotiri-puzzle teach ID · all as one HTML booklet: akrotiri-puzzle teach --book DIR (or --pdf FILE)"
    )


def _show(lessons: tuple[Lesson, ...], lesson: Lesson) -> None:
    number = lessons.index(lesson) + 1
    out.print(
        Text.assemble((f"Lesson {number} of {len(lessons)}: {lesson.title}", "bold"), f"  ({', '.join(lesson.rules)})")
    )
    out.print(Text.assemble(("\nThe rule. ", "bold green"), lesson.rule))
    out.print(Text.assemble(("\nThe usual misreading. ", "bold magenta"), lesson.misreading, "\n"))
    out.print(terminal_view(lesson.exercise.start))
    out.print(revealed_view(lesson.exercise.revealed, lesson.exercise.start))
    if lesson.marks:
        out.print(Text("Marked on the picture:", style="bold"))
        for mark in lesson.marks:
            out.print(f"  {_mark_words(mark)}", markup=False)
    out.print(
        Text(
            f"The picture: akrotiri-puzzle teach {lesson.id} --png {lesson.id}.png  (or --svg FILE, --html FILE)",
            style="dim",
        )
    )
    if picture_start(lesson.exercise)[1] is not None:
        # The exercise starts at the tile placement, and its marks point at the tile's pieces.
        out.print(
            Text(
                "The picture shows the board after the answer's tile placement (the tile outlined); the "
                "board above is the exercise's start, before it.",
                style="dim",
            )
        )
    out.print(Text.assemble(("\nExercise. ", "bold yellow"), exercise_words(lesson)))
    out.print(f'Answer with: akrotiri-puzzle teach {lesson.id} --answer "ACTION; ACTION; ..."', markup=False)
    out.print(f"See the answer: akrotiri-puzzle teach {lesson.id} --solution", markup=False, style="dim")


def _mark_words(mark: object) -> str:
    from ..geometry import format_quad
    from ..teaching import Mark

    assert isinstance(mark, Mark)
    where = mark.dock or (format_quad(mark.quad) if mark.quad is not None else "") or (mark.quarter or "")
    seat = f" (seen from {mark.seat})" if mark.seat else ""
    label = f": {mark.label}" if mark.label else ""
    return f"{_MARK_WORDS[mark.kind]} {where}{seat}{label}"


def _solution(lesson: Lesson) -> None:
    out.print(Text.assemble(("\nAnswer: ", "bold"), format_line(list(lesson.answer))))
    if lesson.explanation:
        out.print(lesson.explanation, markup=False)
    for m in lesson.misreadings:
        _, why = outcome(lesson, m.line)
        out.print(Text.assemble(("\nThe misreading plays: ", "bold magenta"), format_line(list(m.line))))
        out.print(f"  ({m.says}) The engine: {why}.", markup=False)


def _check(lesson: Lesson, text: str) -> None:
    try:
        line = parse_line(text)
    except NotationError as exc:
        fail(f"--answer: {exc}")
    if not line:
        fail('--answer: no actions; write them separated by ";", e.g. "ship 1,0NE; excavate E03 1,0SW"')
    found = assess(lesson, line)
    _print_assessment(lesson, line, found)
    raise typer.Exit(0 if found.right else 1)


def _print_assessment(lesson: Lesson, line: list[Action], found: Assessment) -> None:
    played = found.played
    table = Table(title=f"{lesson.id}: {exercise_words(lesson)}", title_justify="left", show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("action")
    table.add_column("actions spent", justify="right")
    table.add_column("")
    for i, action in enumerate(line):
        if played.illegal_at is not None and i >= played.illegal_at:
            style, words = ("red", "illegal") if i == played.illegal_at else ("dim", "not played")
            table.add_row(str(i + 1), Text(format_action(action), style=style), "", Text(words, style=style))
            continue
        note = Text("goal reached", style="green") if i == played.reached_at else Text("")
        table.add_row(str(i + 1), format_action(action), str(played.costs[i]), note)
    table.add_section()
    table.add_row("", "total", str(played.cost), "")
    out.print(table)
    optimum = found.optimum
    if played.illegal_at is not None:
        i = played.illegal_at
        out.print(Text(f"✗ action {i + 1} ({format_action(line[i])}) is illegal: {played.reason}", "red"))
    elif lesson.exercise.goal.score is not None:
        scored = "the turn cannot end there" if found.score is None else f"it scores {found.score} points"
        if found.right:
            out.print(Text(f"✓ right: {scored}, the proven best", "green"))
        else:
            out.print(Text(f"✗ every action is legal, but {scored}: the best line scores {optimum}", "red"))
    elif found.status == "goal not reached":
        out.print(Text(f"✗ every action is legal, but the goal is not reached ({played.cost} actions spent)", "red"))
    elif found.status == "not optimal":
        out.print(Text(f"✗ the goal is reached, in {played.cost} actions: the best line takes {optimum}", "red"))
    else:
        out.print(Text(f"✓ right: the goal is reached in {played.cost} actions, the proven optimum", "green"))
    if found.right and lesson.explanation:
        out.print(lesson.explanation, markup=False)
    if found.points is not None and lesson.goal_card is not None:
        points = ", ".join(f"{p} in the {e} edition" for e, p in found.points.items())
        out.print(f"Goal card {lesson.goal_card} scores {points}.", markup=False)
    if found.misreading is not None:
        out.print(Text(f"That is the usual misreading: {found.misreading.says}", "magenta"))
