"""A seeded mutator over YAML files: text edits (lines, tokens, bytes) and edits of the parsed
tree (a value of the wrong type or far out of range at any depth, a key removed or added).

Some nasty values cannot be written by a YAML dumper (an integer of thousands of digits, a
nesting thousands deep, an alias bomb): the tree holds a marker such as `@@DEEP@@` and the
text is patched after dumping.
"""

from __future__ import annotations

import random
import re
from typing import Any

import yaml

HUGE_DIGITS = "9" * 5000
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def deep(n: int, kind: str = "list") -> str:
    """A flow value nested `n` levels deep."""
    if kind == "list":
        return "[" * n + "]" * n
    return "{a: " * n + "1" + "}" * n


def alias_bomb(levels: int = 10, width: int = 9) -> str:
    """A flow list whose aliases expand to width**levels items ("billion laughs")."""
    parts = ["&a0 [" + ", ".join(["lol"] * width) + "]"]
    parts += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


MARKERS = {
    "HUGE": lambda rng: HUGE_DIGITS,
    "HUGENEG": lambda rng: "-" + HUGE_DIGITS,
    "DEEP": lambda rng: deep(rng.choice((60, 1000, 30000)), rng.choice(("list", "map"))),
    "BOMB": lambda rng: alias_bomb(rng.choice((6, 10))),
    "SELF": lambda rng: "&s [1, *s]",
    "LONG": lambda rng: "x" * rng.choice((1000, 100_000, 1_000_000)),
}

SCALARS: list[Any] = [
    0,
    -1,
    1,
    3,
    7,
    99,
    2**31,
    2**32,
    2**63,
    -(2**63) - 1,
    10**30,
    0.5,
    1e308,
    float("inf"),
    float("nan"),
    True,
    False,
    None,
    "",
    " ",
    "x",
    "T1",
    "T9",
    "1,0NE",
    "99999999999999999999,0NE",
    "-1,-1SW",
    "L01",
    "E01",
    "G01",
    "red",
    "akrotiri-position 1",
    "akrotiri-puzzle 1",
    "[red]bold[/bold]",
    "[/bold]",
    "é漢字🏛",
    "a\nb",
    "x" * 300,
]
"""Values a mutation may put anywhere (markers are added at random)."""


def nasty_value(rng: random.Random) -> Any:
    """A value of any type, often out of range."""
    roll = rng.random()
    if roll < 0.12:
        return f"@@{rng.choice(list(MARKERS))}@@"
    if roll < 0.75:
        return rng.choice(SCALARS)
    if roll < 0.85:
        return rng.choice([[], [None], [1, 2], ["red"] * rng.choice((3, 1000)), [[1, 2], [3]]])
    return rng.choice([{}, {"a": 1}, {"format": "x"}, {1: 2}, {"count": 10**30}])


def _paths(data: Any, limit: int = 5000) -> list[tuple[Any, ...]]:
    """Paths into a tree of dicts and lists, the root included (at most `limit`; a node reached
    twice, through an alias, is walked once)."""
    out: list[tuple[Any, ...]] = []
    seen: set[int] = set()
    todo: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while todo and len(out) < limit:
        path, node = todo.pop()
        out.append(path)
        if isinstance(node, (dict, list)):
            if id(node) in seen:
                continue
            seen.add(id(node))
            items = node.items() if isinstance(node, dict) else enumerate(node)
            todo += [((*path, k), v) for k, v in items]
    return out


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = data[p]
    return data


def mutate_tree(data: Any, rng: random.Random) -> Any:
    """One edit of a parsed tree: replace, delete, add or duplicate somewhere."""
    paths = _paths(data)
    path = rng.choice(paths)
    if not path:
        return nasty_value(rng) if rng.random() < 0.5 else data
    parent = _get(data, path[:-1])
    last = path[-1]
    action = rng.random()
    if action < 0.6:
        parent[last] = nasty_value(rng)
    elif action < 0.75:
        del parent[last]
    elif action < 0.85 and isinstance(parent, dict):
        parent[rng.choice(["extra", "Format", "seats", "id", 1, True, None])] = nasty_value(rng)
    elif isinstance(parent, list):
        parent.insert(last, parent[last])
    else:
        parent[last] = [parent[last]] if rng.random() < 0.5 else {"value": parent[last]}
    return data


def dump(data: Any, rng: random.Random) -> str:
    """A tree as YAML text, with markers replaced by the text they stand for."""
    text = yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=100)
    return re.sub(r"'?@@(\w+)@@'?", lambda m: MARKERS[m.group(1)](rng), text)


_TOKEN = re.compile(r"[^\s\[\]{}:,#'\"-][^\s\[\]{}:,#'\"]*")

TEXT_VALUES = [
    HUGE_DIGITS,
    "1e400",
    "-0",
    "0x7fffffffffffffff",
    "0o777",
    ".nan",
    "~",
    "''",
    "[]",
    "{}",
    "&x",
    "*x",
    "*undefined",
    "!!binary AAAA",
    "!!python/object:os.system",
    "!!set {a, b}",
    "!!timestamp 2001-12-14",
    '"unterminated',
    "? complex",
    "<<: *x",
    "|",
    "%YAML 1.1",
    "\t",
    "@",
    "`",
]


def mutate_text(text: str, rng: random.Random) -> str:
    """One edit of the text: a line dropped, doubled, swapped or re-indented, a token replaced,
    the file cut short or junk inserted."""
    lines = text.splitlines(keepends=True)
    if not lines:
        return rng.choice(TEXT_VALUES)
    i = rng.randrange(len(lines))
    op = rng.randrange(8)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])  # often a duplicate key
    elif op == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        lines[i] = " " * rng.choice((1, 2, 4)) + lines[i] if rng.random() < 0.5 else lines[i].lstrip()
    elif op == 4:
        tokens = list(_TOKEN.finditer(lines[i]))
        if tokens:
            m = rng.choice(tokens)
            lines[i] = lines[i][: m.start()] + rng.choice(TEXT_VALUES) + lines[i][m.end() :]
    elif op == 5:
        cut = rng.randrange(len(text) + 1)
        return text[:cut]
    elif op == 6:
        junk = bytes(rng.randrange(256) for _ in range(rng.choice((1, 8, 64)))).decode("latin-1")
        pos = rng.randrange(len(text) + 1)
        return text[:pos] + junk + text[pos:]
    else:
        tokens = list(_TOKEN.finditer(lines[i]))
        if tokens:
            m = rng.choice(tokens)
            lines[i] = lines[i][: m.start()] + MARKERS[rng.choice(list(MARKERS))](rng) + lines[i][m.end() :]
    return "".join(lines)


def _parseable(text: str) -> bool:
    """Whether a YAML reader can read the text quickly and safely: readers slow down with the
    square of the nesting (and libyaml's overflows the stack some 30,000 deep), so a text with
    many open brackets is edited as text only."""
    if len(text) > 200_000:
        return False
    depth = 0
    for m in re.finditer(r"[\[\]{}]", text):
        depth += 1 if m.group() in "[{" else -1
        if depth > 100:
            return False
    return True


def mutate(text: str, rng: random.Random) -> bytes:
    """One to three edits of a YAML file's text, of the text or of its parsed tree."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        if rng.random() < 0.5 and _parseable(text):
            try:
                data = yaml.load(text, Loader=_LOADER)
            except Exception:  # PyYAML can fail on its own resolution (a bad !!timestamp raises AttributeError)
                data = None
            if isinstance(data, (dict, list)):
                try:
                    text = dump(mutate_tree(data, rng), rng)
                    continue
                except (yaml.YAMLError, RecursionError, ValueError, TypeError):
                    pass  # a tree a dumper cannot write (a recursive alias): edit the text
        text = mutate_text(text, rng)
    encoding = "utf-8" if rng.random() < 0.97 else rng.choice(("utf-16", "latin-1"))
    return text.encode(encoding, "replace")
