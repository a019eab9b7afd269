"""Playing the puzzle pages as a fan does, in a Playwright page: shared by the browser tests and
tools/web_screenshots.py. Waits use selectors only (no script), so they run under a strict CSP."""

from __future__ import annotations

from typing import Any

SIDE_OF_TOP = {0: "N", 90: "E", 180: "S", 270: "W"}


def says(page: Any, where: str, words: str) -> None:
    """Wait until an element's text holds `words`."""
    page.locator(where, has_text=words).wait_for()


def place_by_hand(page: Any, slot: str, rotation: int, cube: str | None) -> None:
    """Choose a placement of the tile in hand on the board: click the slot, turn the tile (the R
    key and the Turn right button in turn) until the preview shows `rotation`, choose the second
    cube (`colour@piece`) by its colour button and its piece's ring; Place is then enabled."""
    page.click(f"#chooser rect.slot-target[data-slot='{slot}']")
    page.wait_for_selector("#preview svg.tile-preview")
    turns = 0
    while page.inner_text("#rotation") != f"r{rotation}":
        if turns % 2:
            page.click("#turn-right")
        else:
            page.keyboard.press("r")
        turns += 1
        assert turns <= 4, f"the tile does not turn to r{rotation}"
    page.wait_for_selector(f"#preview .top-mark[data-side='{SIDE_OF_TOP[rotation]}']")  # the preview turned too
    if cube is not None:
        colour, piece = cube.split("@")
        page.click(f"#colours button[data-colour='{colour}']")
        page.click(f"#chooser circle.cube-target[data-piece='{piece}']")
        page.wait_for_selector(f"#preview .cube[data-colour='{colour}']")
    page.wait_for_selector("#place:not([disabled])")
