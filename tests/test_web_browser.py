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
from tests.browser_play import place_by_hand, says

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
    """`akrotiri-puzzle serve` with no arguments, from the repository (the graded collection of
    puzzles/generated/, the classic set puzzles/ and lessons/), on a free port."""
    _browser_or_skip()
    exe = Path(sys.executable).parent / "akrotiri-puzzle"
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", "0"],
        cwd=ROOT,
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
    page.wait_for_selector("body[data-ready]")  # the first state is shown


def _play(page, action: str, expect: str, click: bool = False) -> None:
    # The page says "Checking…" as soon as the click or Enter is handled, then the verdict.
    if click:
        page.click(f"#actions button[data-action='{action}']")
    else:
        page.fill("#action", action)
        page.press("#action", "Enter")
    says(page, "#feedback", expect)


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
    says(page, "#feedback", "Solved in 2")
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
    _play(page, "buy easy", "Not the way", click=True)
    assert "can no longer be reached in 2" in page.inner_text("#feedback") or "not 2" in page.inner_text("#feedback")
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
    says(page, "#hinttext", "move (ship)")
    page.click("#hint")
    says(page, "#hinttext", "ship 1,1NW")
    page.click("#reveal")
    says(page, "#feedback", "Not counted as solved")
    assert page.locator("#line li").count() == 2
    assert page.inner_text("#hinttext") == ""  # the hint was for the start: stale once solved
    _shot(page, "solution.png")
    page.click("#undo")
    page.click("#hint")
    says(page, "#hinttext", "excavate")  # after ship 1,1NW: the kind of the action left
    page.click("#undo")
    says(page, "#feedback", "Undone")
    assert page.inner_text("#hinttext") == ""  # a hint is for the position it was asked in
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


def _graded(level: str | None = None) -> list[dict]:
    found = [yaml.safe_load(f.read_text()) for f in sorted((ROOT / "puzzles" / "generated").glob("*.yaml"))]
    return [p for p in found if level is None or p.get("difficulty") == level]


def test_levels_first_technique_filters_pick_the_next_puzzle_and_nothing_comes_from_the_internet(page, server):
    """serve with no arguments lists the graded collection easy, medium, hard, then the classic
    set (p01-p10); the level and technique filters show the puzzles they name and "next puzzle"
    follows them. Every request the pages make goes to the server."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(server + "/")
    groups = page.eval_on_selector_all("#puzzles section.level-group", "ss => ss.map(s => s.dataset.group)")
    assert groups == ["easy", "medium", "hard", "classic"]
    classic = page.eval_on_selector_all("section[data-group='classic'] li.puzzle", "ls => ls.map(l => l.dataset.id)")
    assert sorted(classic) == [f"p{i:02d}" for i in range(1, 11)]
    hard = _graded("hard")
    page.select_option("#level", "hard")
    assert page.locator("#puzzles li.puzzle:not(.hidden)").count() == len(hard)
    assert page.inner_text("#counts") == f"0 of {len(hard)} solved"
    assert page.locator("section[data-group='easy']").is_hidden()
    # The tile placement (R-TILE-1): the collection has one hard two-turn puzzle, and several
    # hard answers that place a tile.
    page.click("#tags button[data-tag='tile placement']")
    placing = sorted(p["id"] for p in hard if any(a.startswith("tile ") for a in p["solution"]))
    shown = page.eval_on_selector_all("#puzzles li.puzzle:not(.hidden)", "ls => ls.map(l => l.dataset.id)")
    assert sorted(shown) == placing and len(placing) >= 2
    _open(page, server, shown[0])
    with page.expect_navigation():
        page.click("#next")
    assert page.url.endswith(f"/puzzle/{shown[1]}")  # the next hard puzzle that places a tile, in list order
    page.goto(server + "/")
    page.click("#tags-clear")
    page.select_option("#level", "")
    assert page.locator("#puzzles li.puzzle:not(.hidden)").count() == len(_graded()) + 10
    _open(page, server, "p10")
    with page.expect_navigation():
        page.keyboard.press("n")  # the keyboard shortcut: after the last classic puzzle, the first unsolved
    page.wait_for_selector("body[data-ready]")
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
    page.select_option("#level", "classic")
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


# A strict Content Security Policy, as a hardened server sends it: the page's script must run
# under it (no inline script or handler, no eval, no style attribute in markup).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"
)


def _strict(page) -> list[str]:
    """Serve the pages under the strict CSP; the list collects what the browser refuses or throws."""
    refused: list[str] = []

    def with_csp(route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": CSP})

    page.route(re.compile(r".*/(puzzle|learn)/[^/]+$"), with_csp)
    page.on("console", lambda m: refused.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: refused.append(str(e)))
    return refused


def _window(browser, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(WAIT)
    return context, context.new_page()


def test_R_TILE_1_R_TILE_2_the_tile_is_placed_by_clicking_a_slot_turning_it_and_choosing_its_second_cube(
    browser, server
):
    """p05 on a 1366 by 768 window, under a strict CSP: the slots where the tile may go are drawn
    on the board (no list of hundreds of buttons), a click chooses one, R and the buttons turn the
    tile in a live preview, the second cube's colour and piece are clicked, Place plays it and the
    referee's verdict follows; the rest is clicked and the puzzle is solved."""
    context, page = _window(browser, 1366, 768)
    refused = _strict(page)
    _open(page, server, "p05")
    open_slots = page.evaluate("fetch('/api/puzzles/p05/state', {method: 'POST', body: '{}'}).then(r => r.json())")
    assert page.locator("#chooser rect.slot-target").count() == len(open_slots["placing"]["slots"]) >= 20
    assert page.locator("#actions button").count() == 0  # the placement is made on the board
    place_by_hand(page, "-1,-2", 180, "green@SE")
    assert "tile -1,-2 r180 green@SE" in page.inner_text("#placer-step")
    page.keyboard.press("Shift+R")  # the fan hesitates: r90, then back to r180
    page.wait_for_selector("#preview .top-mark[data-side='E']")
    page.keyboard.press("r")
    page.wait_for_selector("#preview .top-mark[data-side='S']")
    page.wait_for_selector("#preview .cube[data-colour='green']")
    _shot(page, "place.png")
    page.click("#place")
    says(page, "#feedback", "Best move")
    assert page.inner_text("#line li code") == "tile -1,-2 r180 green@SE"
    assert page.locator("#overlay .placed-tile").count() == 1 and page.locator("#placer").is_hidden()
    _play(page, "ship -1,-2NW", "Best move", click=True)
    _play(page, "excavate E05 -1,-2NW", "Solved in 2", click=True)
    assert not refused, refused
    context.close()


def test_R_TILE_1_a_placement_typed_in_the_notation_still_plays(page, server):
    _open(page, server, "p05")
    _play(page, "tile -1,-2 r180 green@SE", "Best move")
    assert page.locator("#chooser rect.slot-target").count() == 0


def test_R_END_1_a_two_turn_puzzle_is_solved_by_clicking_turn_1_end_the_drawn_tile_and_turn_2(browser, server):
    """hard-s44-t2-two-temples-00000, a two-turn puzzle whose turn 1 is proven to matter: turn 1's
    actions and the end of the turn are clicked, the tile drawn at its end (revealed before it is
    drawn) is drawn beside the board and placed by hand, the goal card kept after the first temple
    and the rest of turn 2 are clicked: solved, from what the page shows."""
    context, page = _window(browser, 1366, 768)
    refused = _strict(page)
    puzzle = yaml.safe_load((ROOT / "puzzles" / "generated" / "hard-s44-t2-two-temples-00000.yaml").read_text())
    line = puzzle["solution"]
    ends = line.index("end")
    assert ends > 0 and puzzle["certificate"]["idle_first_turn"]  # turn 1 acts, and must
    assert line[ends + 1].startswith("tile ") and any(action.startswith("keep ") for action in line)
    _open(page, server, puzzle["id"])
    revealed = puzzle["revealed"]["land"]  # the puzzle's premise: the tile end draws is shown before it is drawn
    page.wait_for_selector(f"#revealed-tiles .tile-drawn[data-tile='{revealed[0]}']")
    for action in line[: ends + 1]:
        _play(page, action, "Best move", click=True)
    # The picture reads as the position now: the hero's boat drawn where turn 1 left it.
    assert page.locator("#overlay g.boat.now").count() == 1
    page.wait_for_selector("#placer:not([hidden])")
    assert page.inner_text("#placer-title").startswith(f"Place the tile {revealed[0]}")
    assert page.locator("#panel .tile-drawn").count() >= 1  # the tile in hand, drawn beside the board
    tile = line[ends + 1].split()
    place_by_hand(page, tile[1], int(tile[2][1:]), [*tile, None][3])
    page.click("#place")
    says(page, "#feedback", "Best move")
    for action in line[ends + 2 : -1]:
        _play(page, action, "Best move", click=True)
    _play(page, line[-1], f"Solved in {puzzle['optimum']} actions", click=True)
    assert page.locator("#line li").count() == len(line)
    assert not refused, refused
    context.close()


def test_the_board_reads_at_1366_by_768_without_zooming_and_pans_and_zooms(browser, server):
    """Dock labels at least 11 CSS pixels at first sight; the board takes most of the window; a
    drag moves it, + zooms in, 0 shows the whole board."""
    context, page = _window(browser, 1366, 768)
    _open(page, server, "p05")
    picture = page.evaluate("fetch('/picture/p05.svg').then(r => r.text())")
    sizes = {float(m) for m in re.findall(r'font-size="([\d.]+)"[^>]*class="dock-label"', picture)}
    assert sizes == {float(page.get_attribute("#stage", "data-label-px") or 0)}
    scale = "(() => { const s = document.getElementById('stage'); return s.getBoundingClientRect().width / parseFloat(s.dataset.width); })()"
    assert page.evaluate(scale) * max(sizes) >= 11.0
    box = page.locator("#viewport").bounding_box()
    assert box is not None and box["width"] >= 0.6 * 1366 and box["y"] + box["height"] <= 768
    before = page.evaluate("document.getElementById('viewport').scrollLeft")
    assert before >= 100  # centred on the boat, with board to either side
    page.mouse.move(box["x"] + 300, box["y"] + 300)
    page.mouse.down()
    page.mouse.move(box["x"] + 400, box["y"] + 300, steps=5)
    page.mouse.up()
    assert page.evaluate("document.getElementById('viewport').scrollLeft") == pytest.approx(before - 100, abs=2)
    first = page.evaluate(scale)
    page.keyboard.press("+")
    assert page.evaluate(scale) > first
    page.keyboard.press("0")  # the whole board
    stage = page.locator("#stage").bounding_box()
    assert stage is not None and stage["width"] <= box["width"] + 1 and stage["height"] <= box["height"] + 1
    context.close()


def test_a_placement_on_a_phone_sized_window(browser, server):
    context, page = _window(browser, 390, 844)
    _open(page, server, "p05")
    place_by_hand(page, "-1,-2", 180, "green@SE")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone: {width}px"
    page.locator("#placer").scroll_into_view_if_needed()
    _shot(page, "place-phone.png")
    page.click("#place")
    says(page, "#feedback", "Best move")
    context.close()
