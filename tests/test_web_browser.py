"""The puzzle pages in a real browser: Debian's Chromium driven by Playwright, against `akrotiri-puzzle
serve` started once for the module on a free loopback port.

Without /usr/bin/chromium (a developer's machine) these tests skip with one line; in CI (`CI` set)
a missing Chromium fails them instead, since .ci/run installs it. Screenshots go to out/web/.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from akrotiri_puzzles.book.pdf import CHROMIUM_FLAGS

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "out" / "web"
FLAGS = [flag for flag in CHROMIUM_FLAGS if flag != "--no-pdf-header-footer"]  # the book's flags, minus print's
WAIT = 90_000  # ms: a generous bound on a hang (a cold picture takes seconds on a busy machine)

# p01's certified line, and a second optimal line that is not its canonical form.
P01 = ["ship -1,-2NE", "excavate M05 1,-2SW"]
P01_OTHER = ["ship -1,-2SE", "ship -1,-2NE", "excavate M05 1,-2SW"]

pytestmark = pytest.mark.browser


def _browser_or_skip() -> None:
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail("/usr/bin/chromium is missing in CI: .ci/run should have installed it")
    pytest.skip("browser tests need Debian's Chromium at /usr/bin/chromium (apt-get install chromium)")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """`akrotiri-puzzle serve puzzles/ lessons/` (the bundled puzzles and lessons) on a free port."""
    _browser_or_skip()
    exe = Path(sys.executable).parent / "akrotiri-puzzle"
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", "0", str(ROOT / "puzzles"), str(ROOT / "lessons")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+", first)
    if found is None:
        proc.kill()
        pytest.fail(f"serve did not start: {first!r} {proc.stderr.read() if proc.stderr else ''}")
    try:
        yield found.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):  # a fresh context per test: its own localStorage
    context = browser.new_context(viewport={"width": 1400, "height": 950})
    context.set_default_timeout(WAIT)
    yield context.new_page()
    context.close()


def _open(page, server: str, pid: str) -> None:
    page.goto(f"{server}/puzzle/{pid}")
    page.wait_for_selector("#actions summary")  # a group of actions (a big one is closed)


def _play(page, action: str, expect: str, click: bool = False) -> None:
    before = page.locator("#line li").count()
    if click:
        page.click(f"#actions button[data-action='{action}']")
    else:
        page.fill("#action", action)
        page.press("#action", "Enter")
    page.wait_for_function(
        "([t, n]) => document.getElementById('feedback').textContent.includes(t)", arg=[expect, before]
    )


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def test_the_certified_line_by_clicks_and_typing_is_solved_and_progress_survives_a_reload(page, server):
    _open(page, server, "p01")
    for i, action in enumerate(P01[:-1]):
        _play(page, action, "Best move", click=i % 2 == 0)
    _play(page, P01[-1], "Solved in 2")
    assert page.locator("#line li").count() == len(P01)
    _shot(page, "solved.png")
    page.reload()
    page.wait_for_function("() => document.getElementById('feedback').textContent.includes('Solved in 2')")
    page.goto(server + "/")
    page.wait_for_selector("li[data-id='p01'] .mark.solved")
    assert "Streak 1" in page.inner_text("#streak")
    _shot(page, "index.png")


def test_R_MOVE_1_illegal_action_shows_the_engines_reason_and_a_typo_its_parse_error(page, server):
    _open(page, server, "p01")
    _play(page, "ship T2", "Not allowed")
    assert "R-MOVE-1" in page.inner_text("#feedback")
    assert page.locator("#line li").count() == 0
    _play(page, "sail away", "Cannot read that")
    assert "unknown action" in page.inner_text("#feedback")


def test_a_legal_losing_action_says_so_and_undo_takes_it_back(page, server):
    _open(page, server, "p01")
    _play(page, "buy easy", "you can no longer finish in 2", click=True)
    _shot(page, "off-track.png")
    page.click("#undo")
    page.wait_for_function("() => document.querySelectorAll('#line li').length === 0")
    _play(page, "ship -1,-2NE", "Best move")


def test_a_second_optimal_line_that_is_not_the_canonical_one_is_accepted(page, server):
    _open(page, server, "p01")
    for action in P01_OTHER[:-1]:
        _play(page, action, "Best move")
    _play(page, P01_OTHER[-1], "Solved in 2")


def test_hint_names_the_kind_then_the_action_and_show_solution_marks_the_puzzle_not_solved(page, server):
    _open(page, server, "p04")
    page.keyboard.press("h")  # the keyboard shortcut
    page.wait_for_function("() => document.getElementById('hinttext').textContent.includes('move (ship)')")
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('hinttext').textContent.includes('ship 1,1NW')")
    page.click("#reveal")
    page.wait_for_function("() => document.getElementById('feedback').textContent.includes('Not counted as solved')")
    assert page.locator("#line li").count() == 2
    _shot(page, "solution.png")
    page.goto(server + "/")
    page.wait_for_selector("li[data-id='p04'] .mark.revealed")


def test_unknown_id_is_a_404_page_lessons_appear_under_learn_and_a_phone_sized_window_reads(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(WAIT)
    page = context.new_page()
    response = page.goto(server + "/puzzle/no-such-puzzle")
    assert response is not None and response.status == 404
    assert "No puzzle has the id" in page.inner_text("main")
    page.goto(server + "/")
    lessons = {yaml.safe_load(f.read_text())["id"]: f for f in (ROOT / "lessons").glob("*.yaml")}
    learn = page.eval_on_selector_all("section.learn a", "links => links.map(a => a.getAttribute('href'))")
    assert sorted(learn) == sorted(f"/learn/{lid}" for lid in lessons)
    page.goto(server + learn[0])
    page.wait_for_selector("#actions")
    rule = yaml.safe_load(lessons[learn[0].removeprefix("/learn/")].read_text())["rule"]
    assert " ".join(rule.split()[:6]) in page.inner_text(".lesson")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone: {width}px"
    page.screenshot(path=str(SHOTS / "phone.png"), full_page=True)
    context.close()


def test_the_level_filter_picks_the_next_puzzle_and_nothing_comes_from_the_internet(page, server):
    """Seven puzzles take 2 actions, the last of them p10, and p03 takes 3 (the list runs p01,
    p02, p04, p05, p07, p09, p10, p03, p06, p08): with the filter at "2 actions", the next puzzle
    after p10 is p01; with all levels, p03. Every request the pages make goes to the server."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(server + "/")
    page.select_option("#level", "2 actions")
    assert page.locator("#puzzles li.puzzle:not(.hidden)").count() == 7
    assert page.inner_text("#counts") == "0 of 7 solved"
    _open(page, server, "p10")
    with page.expect_navigation():
        page.click("#next")
    assert page.url.endswith("/puzzle/p01")
    page.goto(server + "/")
    page.select_option("#level", "")
    _open(page, server, "p10")
    with page.expect_navigation():
        page.keyboard.press("n")  # the keyboard shortcut
    assert page.url.endswith("/puzzle/p03")
    page.wait_for_selector("#actions summary")
    assert asked and all(url.startswith(server + "/") or url.startswith("data:") for url in asked), asked


def test_the_pages_work_under_their_content_security_policy(page, server):
    """Every answer carries a Content-Security-Policy that lets a page run only this server's
    script and stylesheet (nothing inline) and talk only to this server (issue 32). Under it the
    list and a puzzle work (p01's certified line played by clicks and typing, a hint, the line
    drawn over the picture) and Chromium reports no violation, in the console or as an event."""
    reported: list[str] = []
    page.on("console", lambda m: reported.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));"
    )
    answer = page.goto(server + "/")
    assert answer is not None and "script-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["x-frame-options"] == "DENY" and answer.headers["x-content-type-options"] == "nosniff"
    page.select_option("#level", "2 actions")
    assert page.evaluate("window.__violations") == []
    _open(page, server, "p01")
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('hinttext').textContent.length > 0")
    _play(page, P01[0], "Best move", click=True)
    assert page.locator("#overlay svg").count() == 1  # the line drawn over the picture
    _play(page, P01[1], "Solved in 2")
    assert page.evaluate("window.__violations") == [] and reported == [], (
        reported,
        page.evaluate("window.__violations"),
    )
