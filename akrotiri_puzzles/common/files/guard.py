"""What a YAML file may be before it is built into values: its size, its nesting, how many
values its aliases expand to, the length of its strings and numbers, and no key twice.

Every file the package reads is small (the largest, a component set's `tiles.yaml`, is
6.5 KB). A file from a stranger must not hang the program, exhaust its memory or crash it, so
the text is checked before the YAML reader builds anything, and the first thing beyond a limit
is refused with one line naming the file, the dotted field and the line. The limits are far
above any real file (docs/hardening.md says how they were chosen).
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from ..errors import InputError, located, quote

MAX_BYTES = 1024 * 1024
"""A file may hold at most 1 MiB (150 times the largest file in the repository)."""
MAX_DEPTH = 32
"""Mappings and lists nest at most 32 deep (a position file nests 5 deep)."""
MAX_VALUES = 100_000
"""Values (keys, scalars, lists, mappings) in a document, counting what aliases stand for."""
MAX_SCALAR = 10_000
"""Characters in one string, key or number."""
MAX_DIGITS = 100
"""Characters in a number. Python refuses to read an integer of more than 4,300 digits from
text; up to 100 the file models refuse a value beyond the game, naming the range allowed."""

_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_STR_TAG = "tag:yaml.org,2002:str"
_TYPED = {
    _INT_TAG: {_INT_TAG},
    _FLOAT_TAG: {_FLOAT_TAG, _INT_TAG},
    "tag:yaml.org,2002:bool": {"tag:yaml.org,2002:bool"},
    "tag:yaml.org,2002:timestamp": {"tag:yaml.org,2002:timestamp"},
}
"""Tags whose value the reader converts; a value that does not fit crashes the conversion."""


def read_text(path: str | Path, error: type[InputError]) -> str:
    """The text of a regular file of at most MAX_BYTES (see `read_bytes`)."""
    return decode(read_bytes(path, error), str(path), error)


def read_bytes(path: str | Path, error: type[InputError]) -> bytes:
    """The bytes of a regular file of at most MAX_BYTES, never reading more; anything else
    (no file, a directory, a pipe, a device, a bigger file) raises `error` naming the file."""
    source = str(path)
    try:
        # O_NONBLOCK: opening a pipe with no writer returns at once instead of waiting.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise error(located(source, "", "no such file")) from None
    except IsADirectoryError:
        raise error(located(source, "", "is a directory, not a YAML file")) from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise error(located(source, "", f"cannot be opened ({reason})")) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(located(source, "", "is a directory, not a YAML file"))
        if not stat.S_ISREG(info.st_mode):
            raise error(located(source, "", "is not a regular file (a device, a pipe or a socket?)"))
        if info.st_size > MAX_BYTES:
            raise error(located(source, "", f"{_size(info.st_size)}; a file may hold at most {_size(MAX_BYTES)}"))
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise error(located(source, "", f"cannot be read ({exc.strerror or exc})")) from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:  # a file that grew, or one whose size the system does not know
        raise error(located(source, "", f"more than {_size(MAX_BYTES)}; a file may hold at most that"))
    return data


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MiB" if n >= 1024 * 1024 else f"{n} bytes"


def decode(data: bytes, source: str, error: type[InputError]) -> str:
    """Bytes as text: UTF-8, or UTF-16 when the bytes start with its byte order mark."""
    encoding = "utf-16" if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 1].hex()
        raise error(located(source, f"line {line}", f"not UTF-8 text (byte 0x{bad})")) from None


# ---- the document's shape, checked on the reader's event stream ---------------------------------


class _Frame:
    """An open mapping or list while the events are walked."""

    __slots__ = ("anchor", "built_key", "index", "is_map", "key", "keys", "parent", "size", "step", "value")

    def __init__(self, is_map: bool, parent: _Frame | None, anchor: str | None) -> None:
        self.is_map = is_map
        self.parent = parent
        self.step = _next_step(parent)
        """Where it stands in its parent (spelled out only for a message, by `path`)."""
        self.anchor = anchor
        self.size = 1
        """Values in it so far, counting what aliases stand for."""
        self.index = 0
        self.key: tuple[str, str] | None = None
        """In a mapping: the key (tag, text) whose value comes next; None while a key comes next."""
        self.keys: dict[tuple[str, str], Any] = {}
        """The mapping's keys so far, with the event of each (for its line)."""
        self.value: Any = {} if is_map else []
        """What the reader builds of it, while the walk builds too (`load_document`)."""
        self.built_key: Any = None
        """In a mapping: the built key whose value comes next."""

    @property
    def path(self) -> str:
        """The dotted path of the collection."""
        if self.parent is None:
            return ""
        above = self.parent.path
        step = _spelled(self.step)
        return f"{above}.{step}" if above else step


def check_document(text: str, source: str, error: type[InputError], loader: Any) -> None:
    """Refuse a document beyond the limits, naming the field and line of the first problem.

    Walks the reader's events, so nothing is built: an alias counts as the size of what it
    stands for and is never expanded. The reader makes events as they are asked for, so the
    walk stops at the first level too deep without reading the rest (the reader slows down
    with the square of the nesting, and building a document nested some 30,000 deep
    overflows the C stack).
    A syntax error is left for the reader to report when it builds the document.

    libyaml (in PyYAML 6.0.4 and later) refuses flow collections nested beyond its own limit
    while it reads ahead, before the walk reaches MAX_DEPTH. The text up to where it stopped is
    then walked again by the pure-Python reader, which has no such limit, so that the message
    still names the field.
    """
    load_document(text, source, error, loader, build=False)


UNBUILT = object()
"""What `load_document` returns when it left the building to the YAML reader."""


def load_document(text: str, source: str, error: type[InputError], loader: Any, build: bool = True) -> Any:
    """`check_document`, building the values on the same walk: the document as
    `yaml.load(text, Loader=loader)` with a safe loader builds it, or UNBUILT when the walk
    met what it leaves to the reader (an anchor, an alias, an explicit tag, a tag other than
    str, int, float, bool, null and timestamp, a collection as a key, more than one document,
    a syntax error). Building on the walk saves a second pass over the text and the reader's
    own slower construction: it was most of the time of reading a puzzle database."""
    try:
        return _walk(text, source, error, loader, build)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        if "nesting depth" in (exc.problem or "") and mark is not None and loader is not yaml.SafeLoader:
            with contextlib.suppress(yaml.YAMLError):
                _walk(text[: mark.index], source, error, yaml.SafeLoader, False)
    except yaml.YAMLError:
        pass
    return UNBUILT


def _walk(text: str, source: str, error: type[InputError], loader: Any, build: bool) -> Any:
    resolver = yaml.resolver.Resolver()
    stack: list[_Frame] = []
    anchors: dict[str, int] = {}
    total = 0
    documents = 0
    top: Any = None

    def fail(path: str, event: Any, problem: str) -> InputError:
        mark = getattr(event, "start_mark", None)
        at = f" (line {mark.line + 1})" if mark is not None else ""
        return error(located(source, path or "(top)", problem + at))

    def done(size: int, key: tuple[str, str] | None, event: Any, value: Any) -> None:
        """A node of `size` values (built as `value`) is complete in the innermost open collection."""
        nonlocal build, top
        if not stack:
            top = value
            return
        parent = stack[-1]
        parent.size += size
        if not parent.is_map:
            parent.index += 1
            if build:
                parent.value.append(value)
        elif parent.key is None:  # it was a key: its value comes next
            parent.key = _record_key(parent, key or ("?", str(len(parent.keys))), fail, event)
            if isinstance(value, (list, dict)):  # the reader refuses a key it cannot hash
                build = False
            parent.built_key = value
        else:
            parent.key = None
            if build:
                parent.value[parent.built_key] = value

    reader = loader(text)
    try:
        while reader.check_event():
            event = reader.get_event()
            kind = type(event)
            if kind is yaml.ScalarEvent:
                # The commonest event, kept cheap: its path is spelled out only for a message.
                total += 1
                value = event.value
                if total > MAX_VALUES:
                    raise fail(_child_path(stack[-1] if stack else None), event, _too_many(None))
                tag = event.tag
                if len(value) > MAX_DIGITS or tag in _TYPED:
                    _check_scalar(event, _child_path(stack[-1] if stack else None), resolver, fail)
                built: Any = None
                if tag is None or tag == "!":
                    # The tag the reader gives it; a value it builds here, as the reader would.
                    if event.implicit[0]:
                        plain = _plains.get(value)
                        if plain is None:
                            plain = _plain(value, resolver)
                        tag, built = plain
                    else:
                        tag, built = _STR_TAG, value
                    if built is UNBUILT:
                        build = False
                else:
                    build = False  # an explicit tag is the reader's to build
                if event.anchor is not None:
                    anchors[event.anchor] = 1
                    build = False
                if not stack:
                    top = built
                    continue
                # `done` for a value of one node, written out: it runs for most events.
                parent = stack[-1]
                parent.size += 1
                if not parent.is_map:
                    parent.index += 1
                    if build:
                        parent.value.append(built)
                elif parent.key is None:
                    key = (tag, value)
                    if key in parent.keys:
                        _record_key(parent, key, fail, event)  # the same key twice, unless a merge
                    parent.keys[key] = event
                    parent.key = key
                    parent.built_key = built
                else:
                    parent.key = None
                    if build:
                        parent.value[parent.built_key] = built
                continue
            if kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                frame = stack.pop()
                if frame.anchor is not None:
                    anchors[frame.anchor] = frame.size
                done(frame.size, None, event, frame.value)
                continue
            if not isinstance(event, yaml.NodeEvent):
                if kind is yaml.DocumentStartEvent:
                    documents += 1
                    build = build and documents == 1  # the reader refuses a second document
                continue
            if kind is yaml.AliasEvent:
                build = False
                path = _child_path(stack[-1] if stack else None)
                anchor = event.anchor or ""
                if any(f.anchor == anchor for f in stack):
                    raise fail(path, event, f"alias *{_name(anchor)} refers to a value that contains it")
                if anchor not in anchors:
                    raise fail(path, event, f"alias *{_name(anchor)} refers to no anchor before it")
                size = anchors[anchor]
                total += size
                if total > MAX_VALUES:
                    raise fail(path, event, _too_many(anchor))
                done(size, ("*", anchor), event, None)
                continue
            # The start of a mapping or a list.
            total += 1
            if total > MAX_VALUES:
                raise fail(_child_path(stack[-1] if stack else None), event, _too_many(None))
            if len(stack) >= MAX_DEPTH:
                raise fail(
                    _child_path(stack[-1] if stack else None), event, f"nested more than {MAX_DEPTH} levels deep"
                )
            if event.anchor is not None or getattr(event, "tag", None) not in (None, "!"):
                build = False  # an anchor is the reader's to share; an explicit tag (!!set) to build
            stack.append(_Frame(kind is yaml.MappingStartEvent, stack[-1] if stack else None, event.anchor))
    finally:
        reader.dispose()
    return top if build and documents == 1 else UNBUILT


_MEMO_MOST = 20_000
"""Entries the memos below hold before they are emptied: a file repeats few distinct scalars."""
_MEMO_TEXT = 200
"""The longest text the memos keep (a title is at most 500 characters; ids and numbers far shorter)."""
_resolved: dict[str, str] = {}
"""The resolver's tag of a plain scalar's text (it depends on nothing else)."""
_ints: dict[str, Any] = {}
"""What the reader builds of an int-tagged text."""
_constructor = yaml.constructor.SafeConstructor()
_NULL_TAG = "tag:yaml.org,2002:null"
_BOOL_TAG = "tag:yaml.org,2002:bool"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"


_plains: dict[str, tuple[str, Any]] = {}
"""A plain scalar's tag and what the reader builds of it (both depend on its text alone; the
values built are immutable, so one may serve every place the text stands)."""


def _plain(value: str, resolver: Any) -> tuple[str, Any]:
    """The tag and the built value of a plain scalar, kept in `_plains` when the text is short
    (what the memos hold stays small whatever a stranger's files hold)."""
    tag = _resolved_tag(value, resolver)
    plain = (tag, _built_scalar(tag, value))
    if len(value) <= _MEMO_TEXT:
        if len(_plains) >= _MEMO_MOST:
            _plains.clear()
        _plains[value] = plain
    return plain


def _resolved_tag(value: str, resolver: Any) -> str:
    """The tag the reader gives a plain scalar without one of its own."""
    tag = _resolved.get(value)
    if tag is None:
        tag = resolver.resolve(yaml.ScalarNode, value, (True, False))
        if len(value) <= _MEMO_TEXT:
            if len(_resolved) >= _MEMO_MOST:
                _resolved.clear()
            _resolved[value] = tag
    return tag


def _built_scalar(tag: str, value: str) -> Any:
    """A scalar the reader tagged `tag` as the safe reader builds it, by the reader's own
    constructors, or UNBUILT for one left to the reader (only ints are kept for the next time:
    a float or a date the reader makes anew each time)."""
    if tag == _STR_TAG:
        return value
    if tag == _INT_TAG:
        number = _ints.get(value)
        if number is None:
            if len(_ints) >= _MEMO_MOST:
                _ints.clear()
            number = _ints[value] = _construct(tag, value)
        return number
    if tag == _NULL_TAG:
        return None
    if tag in (_BOOL_TAG, _FLOAT_TAG, _TIMESTAMP_TAG):
        return _construct(tag, value)
    return UNBUILT  # the merge key `<<`, the value key `=`: the reader's


def _construct(tag: str, value: str) -> Any:
    try:
        return _constructor.yaml_constructors[tag](_constructor, yaml.ScalarNode(tag, value))
    except Exception:  # what the reader fails on, it reports itself
        return UNBUILT


_PLAIN_STEP = re.compile(r"[\w.-]{1,40}")
"""A key shown as it is in a dotted path; any other is quoted."""


def _next_step(parent: _Frame | None) -> tuple[str, str] | int | None:
    """Where the node that comes next in `parent` stands: a mapping's key, a list's index."""
    if parent is None:
        return None
    return parent.key if parent.is_map else parent.index


def _spelled(step: tuple[str, str] | int | None) -> str:
    """A step of a dotted path as a message shows it."""
    if step is None:
        return "(key)"
    if isinstance(step, int):
        return str(step)
    kind, text = step
    shown = text if kind not in ("*", "?") else f"<{kind}{text}>"
    return shown if _PLAIN_STEP.fullmatch(shown) else quote(shown)


def _child_path(parent: _Frame | None) -> str:
    """The dotted path of the node that comes next in `parent`."""
    if parent is None:
        return ""
    step = _spelled(_next_step(parent))
    return f"{parent.path}.{step}" if parent.path else step


def _record_key(frame: _Frame, identity: tuple[str, str], fail: Any, event: Any) -> tuple[str, str]:
    """Record a key of a mapping and return it; the same key twice is refused."""
    if identity in frame.keys and identity[1] != "<<":
        step = _spelled(identity)
        where = f"{frame.path}.{step}" if frame.path else step
        first = _line(frame.keys[identity])
        raise fail(where, event, f"the key {quote(identity[1])} appears twice in one mapping (first on line {first})")
    frame.keys[identity] = event
    return identity


def _line(event: Any) -> int:
    return event.start_mark.line + 1 if getattr(event, "start_mark", None) is not None else 0


def _check_scalar(event: Any, path: str, resolver: Any, fail: Any) -> None:
    """Refuse a string or a number too long to be a value of these files, and a value that
    does not fit its explicit tag (`!!int abc`, which the reader cannot build)."""
    value = event.value
    if len(value) > MAX_SCALAR:
        raise fail(path, event, f"a value of {len(value)} characters; at most {MAX_SCALAR} are allowed")
    if event.tag in _TYPED and resolver.resolve(yaml.ScalarNode, value, (True, False)) not in _TYPED[event.tag]:
        raise fail(path, event, f"{quote(value, 20)} is not a valid !!{event.tag.rsplit(':', 1)[-1]}")
    if len(value) > MAX_DIGITS:
        tag = event.tag
        if tag is None and event.implicit[0]:
            tag = resolver.resolve(yaml.ScalarNode, value, event.implicit)
        if tag in (_INT_TAG, _FLOAT_TAG):
            raise fail(
                path,
                event,
                f"a number of {len(value)} characters ({quote(value, 20)}); no value here needs more than {MAX_DIGITS}",
            )


def _name(anchor: str) -> str:
    return anchor if len(anchor) <= 40 else anchor[:39] + "…"


def _too_many(alias: str | None) -> str:
    through = f", counting what alias *{_name(alias)} stands for" if alias else ""
    return f"more than {MAX_VALUES:,} values in one file{through}"
