"""The base of every error raised on bad input, and the helpers that put a message on one line."""

from __future__ import annotations


class InputError(Exception):
    """Base of every error either game raises on bad input; the command line prints it as one
    line and exits with status 2."""


QUOTE_LIMIT = 40
"""Characters of a bad value a message quotes; the rest is cut off with an ellipsis."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value as a message quotes it: its repr, on one line and at most about `limit` characters.

    Only the part shown is ever turned into text, so a huge string, a number of thousands of
    digits or a list that aliases expand to billions of items costs no more than a short one.
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 3 * limit:  # more than about `limit` digits
            digits = int(value.bit_length() * 0.30103) + 1
            return f"{'a negative' if value < 0 else 'an'} integer of about {digits} digits"
        text = repr(value)
        return text if len(text) <= limit else text[: limit - 1] + "…"
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[: limit - 1]) + "…"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return _quote_collection(value, limit)
    text = repr(value)[: limit + 1]
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quote_collection(value: object, limit: int) -> str:
    """A list, tuple, set or mapping quoted item by item until `limit` characters are used."""
    if isinstance(value, dict):
        opening, closing, items = "{", "}", iter(value.items())
    elif isinstance(value, list):
        opening, closing, items = "[", "]", iter(value)
    elif isinstance(value, tuple):
        opening, closing, items = "(", ")", iter(value)
    else:
        opening, closing, items = "{", "}", iter(value)  # type: ignore[call-overload]
    parts: list[str] = []
    used = 2
    for item in items:
        room = limit - used
        if room <= 4:
            parts.append("…")
            break
        if isinstance(value, dict):
            key, val = item
            text = f"{quote(key, room // 2)}: {quote(val, room // 2)}"
        else:
            text = quote(item, room)
        parts.append(text)
        used += len(text) + 2
    return opening + ", ".join(parts) + closing


def located(source: str, field: str, problem: str) -> str:
    """One line naming the file, the dotted field and the problem."""
    where = f"{source}: {field}" if field else source
    return f"{where}: {problem}"
