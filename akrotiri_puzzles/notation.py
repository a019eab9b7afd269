"""Action notation: short strings a person can type, parsed and formatted in pairs.

    tile 1,0 r90 blue@SW    play the land tile at slot (1,0) turned 90 degrees clockwise,
                            second cube blue on the piece of its SW quadrant
    ship 1,0NE              ship step to the dock in quadrant NE of slot (1,0)
    portage T2              portage step to Thera's dock T2
    load red red blue       load three cubes          unload blue     unload one cube
    sell red                sell one cube             buy easy hard   buy two map cards
    excavate E03 1,0SW      play map card E03, temple on quadrant SW of slot (1,0)
    oracle lake             consult the oracle        end             end the turn
    keep G05                keep a goal card          boat T1         place the boat at setup

See docs/notation.md.
"""

from __future__ import annotations

import re

from .actions import (
    Action,
    Buy,
    EndTurn,
    Excavate,
    KeepGoal,
    Load,
    Oracle,
    PlaceBoat,
    PlaceTile,
    Sell,
    Step,
    Unload,
    format_action,
    sorted_colours,
)
from .common.errors import quote
from .components import COLOURS, DECKS, ICONS
from .errors import NotationError
from .geometry import QUADRANTS, ROTATIONS, format_quad, parse_quad, quad_name, quad_slot

_SLOT = re.compile(r"^(-?\d{1,6}),(-?\d{1,6})$")
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,39}$")
MAX_ACTION = 100
"""Characters in one action: the longest real one (`tile -10,-10 r270 green@NW`) has 27."""
VERBS = ("tile", "ship", "portage", "load", "unload", "sell", "buy", "excavate", "oracle", "end", "keep", "boat")


def _word(token: str, choices: tuple[str, ...], what: str, verb: str) -> str:
    word = token.lower()
    if word not in choices:
        raise NotationError(f"'{verb}': expected {what} ({', '.join(choices)}), got {quote(token)}")
    return word


def _dock(token: str, verb: str) -> str:
    quad = parse_quad(token)
    if quad is not None:
        return format_quad(quad)
    if _NAME.match(token) and token.lower() not in VERBS:
        return token.upper()
    raise NotationError(f"'{verb}': expected a dock like 1,0NE or T1, got {quote(token)}")


def _count(args: list[str], verb: str, lo: int, hi: int, what: str) -> None:
    if not lo <= len(args) <= hi:
        need = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise NotationError(f"'{verb}': expected {need} {what}, got {len(args)}")


def parse_action(text: str) -> Action:
    """Parse one action; a NotationError says what was expected."""
    if len(text) > MAX_ACTION:
        raise NotationError(
            f"an action of {len(text)} characters ({quote(text.strip(), 20)}); actions are short, e.g. 'ship 1,0NE'"
        )
    tokens = text.strip().split()
    if not tokens:
        raise NotationError("empty action: expected one of " + ", ".join(VERBS))
    verb, args = tokens[0].lower(), tokens[1:]
    if verb == "tile":
        return _parse_tile(args)
    if verb in ("ship", "portage", "boat"):
        _count(args, verb, 1, 1, "dock")
        dock = _dock(args[0], verb)
        return PlaceBoat(dock) if verb == "boat" else Step(dock, portage=verb == "portage")
    if verb in ("load", "unload"):
        _count(args, verb, 1, 3 if verb == "load" else 99, "cube colours")
        colours = sorted_colours(tuple(_word(a, COLOURS, "a colour", verb) for a in args))
        return Load(colours) if verb == "load" else Unload(colours)
    if verb == "sell":
        _count(args, verb, 1, 1, "cube colour")
        return Sell(_word(args[0], COLOURS, "a colour", verb))
    if verb == "buy":
        _count(args, verb, 1, 3, "decks")
        decks = tuple(sorted((_word(a, DECKS, "a deck", verb) for a in args), key=DECKS.index))
        return Buy(decks)
    if verb == "excavate":
        _count(args, verb, 2, 2, "words: a map card and a site")
        site = parse_quad(args[1])
        if site is None:
            raise NotationError(f"'excavate': expected a site like 1,0SW, got {quote(args[1])}")
        if not _NAME.match(args[0]):
            raise NotationError(f"'excavate': expected a map card id like E03, got {quote(args[0])}")
        return Excavate(args[0].upper(), site)
    if verb == "oracle":
        _count(args, verb, 1, 1, "icon")
        return Oracle(_word(args[0], ICONS, "an icon", verb))
    if verb == "end":
        _count(args, verb, 0, 0, "words after it")
        return EndTurn()
    if verb == "keep":
        _count(args, verb, 1, 1, "goal card")
        if not _NAME.match(args[0]):
            raise NotationError(f"'keep': expected a goal card id like G05, got {quote(args[0])}")
        return KeepGoal(args[0].upper())
    raise NotationError(f"unknown action {quote(tokens[0])}: expected one of " + ", ".join(VERBS))


def _parse_tile(args: list[str]) -> PlaceTile:
    _count(args, "tile", 2, 3, "words: slot, rotation and perhaps a cube like blue@SW")
    m = _SLOT.match(args[0])
    if not m:
        raise NotationError(f"'tile': expected a slot like 1,0, got {quote(args[0])}")
    slot = (int(m.group(1)), int(m.group(2)))
    rot_text = args[1].lower().removeprefix("r")
    if not (rot_text.isdigit() and len(rot_text) <= 3 and int(rot_text) in ROTATIONS):
        raise NotationError(f"'tile': expected a rotation r0, r90, r180 or r270, got {quote(args[1])}")
    rotation = int(rot_text)
    if len(args) == 2:
        return PlaceTile(slot, rotation)
    colour, sep, quadrant = args[2].partition("@")
    if not sep:
        raise NotationError(f"'tile': expected the second cube as colour@quadrant like blue@SW, got {quote(args[2])}")
    colour = _word(colour, COLOURS, "a colour", "tile")
    quadrant = quadrant.upper()
    if quadrant not in QUADRANTS:
        # A quadrant of the board, e.g. 1,-2NE: in the tile's own slot it is the short name;
        # elsewhere the engine refuses it (R-TILE-2), but a misreading's line can say it.
        site = parse_quad(quadrant)
        if site is None:
            raise NotationError(
                f"'tile': expected a quadrant NW, NE, SW or SE (or of the board, like 1,-2NE) after '@', got {quote(quadrant)}"
            )
        quadrant = quad_name(site) if quad_slot(site) == slot else format_quad(site)
    return PlaceTile(slot, rotation, colour, quadrant)


MAX_LINE = 200
"""Actions in one line: a whole turn rarely takes 20, a puzzle's line of two turns far fewer."""


def parse_line(text: str) -> list[Action]:
    """Parse actions separated by ';' (a line as a puzzle fan writes it)."""
    parts = [p for p in text.split(";") if p.strip()]
    if len(parts) > MAX_LINE:
        raise NotationError(f"{len(parts)} actions; a line holds at most {MAX_LINE}")
    out = []
    for i, part in enumerate(parts):
        try:
            out.append(parse_action(part))
        except NotationError as exc:
            raise NotationError(f"action {i + 1} ({quote(part.strip())}): {exc}") from None
    return out


def format_line(actions: list[Action]) -> str:
    """Actions joined by '; '."""
    return "; ".join(format_action(a) for a in actions)
