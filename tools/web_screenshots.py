"""The screenshots of docs/web.md: the puzzle pages in Debian's Chromium (Playwright), as a fan uses them.

    python tools/web_screenshots.py [--out docs/images]

Starts `akrotiri-puzzle serve --port 0` with no arguments from the repository (the graded
collection, the classic set, the lessons), then takes:

    web-list.png          the list by level with its filters, 1366 by 768
    web-place.png         p05's tile placed by hand (slot chosen, turned to r180, its second
                          cube chosen, the live preview on the board), 1366 by 768
    web-place-phone.png   the same on a phone-sized window, 390 by 844
    web-puzzle.png        hard-s31-place-00006 solved (its tile placed by hand, the rest clicked),
                          the line drawn and each step's note, 1366 by 768
    web-two-turns.png     hard-s44-t2-two-temples-00000 in its second turn, after the first
                          temple: what the line changed marked on the picture (the boat where it
                          is now, the cubes loaded crossed, the new temple), the whole board
    web-phone.png         a lesson on a phone-sized window, the whole page

and stops the server. Each window is a fresh browser context (no progress kept).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the browser tests' way of playing a page (tests/browser_play.py)

from tests.browser_play import place_by_hand, says  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
WAIT = 120_000


def serve() -> tuple[subprocess.Popen[str], str]:
    """`akrotiri-puzzle serve --port 0` from the repository, and its address."""
    exe = Path(sys.executable).parent / "akrotiri-puzzle"
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    found = re.search(r"http://127\.0\.0\.1:\d+", proc.stdout.readline())
    if found is None:
        proc.kill()
        sys.exit(f"serve did not start: {proc.stderr.read() if proc.stderr else ''}")
    return proc, found.group(0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = ap.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    proc, url = serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

            def window(width: int, height: int) -> Page:
                context = browser.new_context(viewport={"width": width, "height": height})
                context.set_default_timeout(WAIT)
                return context.new_page()

            page = window(1366, 768)
            page.goto(url + "/")
            page.screenshot(path=str(out / "web-list.png"))
            print("wrote", out / "web-list.png")

            for name, width, height in (("web-place.png", 1366, 768), ("web-place-phone.png", 390, 844)):
                page = window(width, height)
                page.goto(url + "/puzzle/p05")
                page.wait_for_selector("body[data-ready]")
                place_by_hand(page, "-1,-2", 180, "green@SE")
                page.evaluate("window.scrollTo(0, 0)")
                # On a phone the controls come under the board: the shot runs down to the Place button.
                bottom = page.locator("#placer").bounding_box() or {"y": 0.0, "height": float(height)}
                tall = max(float(height), bottom["y"] + bottom["height"] + 10)
                page.screenshot(
                    path=str(out / name), full_page=True, clip={"x": 0, "y": 0, "width": width, "height": tall}
                )
                print("wrote", out / name)

            page = window(1366, 768)
            page.goto(url + "/puzzle/hard-s31-place-00006")
            page.wait_for_selector("body[data-ready]")
            line = page.evaluate("fetch(location.pathname.replace('/puzzle/', '/api/puzzles/') + '/solution')"
                                 ".then(r => r.json())")["solution"]  # fmt: skip
            slot, turn, cube = line[0].split()[1], int(line[0].split()[2][1:]), line[0].split()[3]
            place_by_hand(page, slot, turn, cube)
            page.click("#place")
            says(page, "#feedback", "Best move")
            for action in line[1:]:
                page.click(f"#actions button[data-action='{action}']")
                says(page, "#feedback", "Solved" if action == line[-1] else "Best move")
            page.evaluate("document.querySelector('.side').scrollTop = 0")  # the verdict in sight
            page.screenshot(path=str(out / "web-puzzle.png"))
            print("wrote", out / "web-puzzle.png")

            page = window(1366, 768)
            page.goto(url + "/puzzle/hard-s44-t2-two-temples-00000")
            page.wait_for_selector("body[data-ready]")
            line = page.evaluate("fetch(location.pathname.replace('/puzzle/', '/api/puzzles/') + '/solution')"
                                 ".then(r => r.json())")["solution"]  # fmt: skip
            for action in line[: line.index("end") + 1]:
                page.click(f"#actions button[data-action='{action}']")
                says(page, "#feedback", "Best move")
            tile = line[line.index("end") + 1].split()
            place_by_hand(page, tile[1], int(tile[2][1:]), tile[3] if len(tile) > 3 else None)
            page.click("#place")
            says(page, "#feedback", "Best move")
            for action in line[line.index("end") + 2 :]:
                page.click(f"#actions button[data-action='{action}']")
                says(page, "#feedback", "Best move")
                if action.startswith("excavate"):
                    break
            page.click("#zoom-fit")
            page.evaluate("document.querySelector('.side').scrollTop = 0")
            page.screenshot(path=str(out / "web-two-turns.png"))
            print("wrote", out / "web-two-turns.png")

            page = window(390, 844)
            page.goto(url + "/learn/empty-boat")
            page.wait_for_selector("body[data-ready]")
            page.screenshot(path=str(out / "web-phone.png"), full_page=True)
            print("wrote", out / "web-phone.png")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
