"""The action notation: what a player reads and types (docs/kreta/notation.md).

    [king] admiral ship PORT            [king] admiral sail FROM>TO [FROM>TO]
    [king] commander villager PROVINCE  [king] commander march FROM>TO   then FROM>TO ... | halt
    [king] abbot PROVINCE               [king] farmer PROVINCE
    [king] architect fort N             [king] architect village PROVINCE
    castellan                           then keep | replace

`parse_action(str(a)) == a` for every action; `parse_line` reads several separated by ";" or ",".
"""

from __future__ import annotations

import re

from ..common.errors import quote
from .actions import (
    Abbot,
    Action,
    Castellan,
    Fort,
    Halt,
    Harvest,
    Journey,
    Keep,
    March,
    Replace,
    Sail,
    Ship,
    Village,
    Villager,
)
from .errors import NotationError

MAX_ACTION = 100
"""Characters of one action; error messages echo words of it."""
MAX_LINE = 200
"""Actions in a line."""

_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")
_MOVE = re.compile(r"([a-z][a-z0-9-]{0,39})>([a-z][a-z0-9-]{0,39})")
FORMS = (
    "admiral ship P",
    "admiral sail P>Q [P>Q]",
    "commander villager P",
    "commander march P>Q",
    "abbot P",
    "architect fort N",
    "architect village P",
    "farmer P",
    "castellan",
    "P>Q",
    "halt",
    "keep",
    "replace",
)


def format_action(action: Action) -> str:
    """The notation of an action."""
    return str(action)


def parse_action(text: str) -> Action:
    """An action from its notation; NotationError naming the problem otherwise."""
    if len(text) > MAX_ACTION:
        raise NotationError(f"an action of {len(text)} characters; at most {MAX_ACTION}")
    words = text.strip().lower().split()
    if not words:
        raise NotationError("an empty action")
    king = words[0] == "king"
    if king:
        words = words[1:]
        if not words:
            raise NotationError("'king' names no card to copy (king admiral ..., king farmer ...)")
    card, args = words[0], words[1:]
    action = _parse(card, args, king, text)
    if king and not hasattr(action, "king"):
        raise NotationError(f"{quote(text)}: the king copies admiral, commander, abbot, architect or farmer (K-KING-2)")
    return action


def _parse(card: str, args: list[str], king: bool, text: str) -> Action:
    def bad(expected: str) -> NotationError:
        return NotationError(f"{quote(text)}: expected '{expected}'")

    if card in ("castellan", "halt", "keep", "replace"):
        if args:
            raise bad(card)
        if king:
            return Castellan()  # refused by the caller: the king never copies the castellan
        words: dict[str, Action] = {"castellan": Castellan(), "halt": Halt(), "keep": Keep(), "replace": Replace()}
        return words[card]
    if card == "admiral":
        if len(args) == 2 and args[0] == "ship":
            return Ship(_province(args[1], text), king)
        if len(args) in (2, 3) and args[0] == "sail":
            moves = tuple(sorted(_move(m, text) for m in args[1:]))
            return Sail(moves, king)
        raise bad("admiral ship P' or 'admiral sail P>Q [P>Q]")
    if card == "commander":
        if len(args) == 2 and args[0] == "villager":
            return Villager(_province(args[1], text), king)
        if len(args) == 2 and args[0] == "march":
            source, target = _move(args[1], text)
            return March(source, target, king)
        raise bad("commander villager P' or 'commander march P>Q")
    if card == "architect":
        if len(args) == 2 and args[0] == "fort":
            if not re.fullmatch(r"[0-9]{1,2}", args[1]):
                raise NotationError(f"{quote(text)}: a fort space is a number, got {quote(args[1])}")
            return Fort(int(args[1]), king)
        if len(args) == 2 and args[0] == "village":
            return Village(_province(args[1], text), king)
        raise bad("architect fort N' or 'architect village P")
    if card == "abbot":
        if len(args) == 1:
            return Abbot(_province(args[0], text), king)
        raise bad("abbot P")
    if card == "farmer":
        if len(args) == 1:
            return Harvest(_province(args[0], text), king)
        raise bad("farmer P")
    if not args and _MOVE.fullmatch(card) and not king:
        source, target = _move(card, text)
        return Journey(source, target)
    raise NotationError(f"{quote(text)}: not an action; the forms are: {'; '.join(FORMS)}")


def _province(word: str, text: str) -> str:
    if not _ID.fullmatch(word):
        raise NotationError(f"{quote(text)}: {quote(word)} is not a province id (lower case, like 'messara')")
    return word


def _move(word: str, text: str) -> tuple[str, str]:
    match = _MOVE.fullmatch(word)
    if match is None:
        raise NotationError(f"{quote(text)}: expected FROM>TO (like 'sfakia>chania'), got {quote(word)}")
    return match.group(1), match.group(2)


def parse_line(text: str) -> list[Action]:
    """Actions separated by ';' or ',' (a whole turn, or a puzzle's line)."""
    parts = [p for p in re.split(r"[;,]", text) if p.strip()]
    if len(parts) > MAX_LINE:
        raise NotationError(f"a line of {len(parts)} actions; at most {MAX_LINE}")
    return [parse_action(p) for p in parts]


def format_line(actions: list[Action] | tuple[Action, ...]) -> str:
    """A line of actions as text, '; ' between them."""
    return "; ".join(str(a) for a in actions)
