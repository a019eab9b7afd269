"""Reading and writing YAML safely, and turning validation failures into one-line errors."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from ..errors import InputError, located, quote
from .fields import OWN_ERRORS
from .guard import MAX_BYTES, UNBUILT, load_document, read_text

# libyaml's C parser when the installed PyYAML has it: ten times faster, same results.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: str | Path, error: type[InputError]) -> Any:
    """Parse a YAML file with `safe_load`; any failure raises `error` naming the file."""
    return parse_yaml(read_text(path, error), str(path), error)


def parse_yaml(text: str, source: str, error: type[InputError]) -> Any:
    """Parse YAML text safely; a syntax error, or a document beyond the limits of
    `files.guard`, raises `error` naming the source, the field or line, and the problem."""
    if len(text) > MAX_BYTES:
        raise error(located(source, "", f"more than {MAX_BYTES} characters; a file may hold at most that"))
    # The guard's walk builds the document as it checks it; what it leaves to the reader
    # (anchors, tags, syntax errors) the reader builds or reports as before.
    data = load_document(text, source, error, _SafeLoader)
    if data is not UNBUILT:
        return data
    try:
        return yaml.load(text, Loader=_SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = f"line {mark.line + 1}" if mark is not None else ""
        what = f"{exc.context}, {exc.problem}" if exc.context else exc.problem
        raise error(located(source, line, f"not valid YAML ({_one_line(what)})")) from None
    except yaml.reader.ReaderError as exc:
        line = f"line {text.count(chr(10), 0, exc.position) + 1}" if isinstance(exc.position, int) else ""
        raise error(located(source, line, f"not valid YAML (character {exc.character!r} is not allowed)")) from None
    except yaml.YAMLError as exc:
        raise error(located(source, "", f"not valid YAML ({_one_line(str(exc))})")) from None
    except Exception as exc:  # the YAML library failing on input that the checks above let through
        raise error(located(source, "", f"cannot be read as YAML ({type(exc).__name__})")) from None


def _one_line(text: str | None) -> str:
    first = (text or "unknown problem").strip().splitlines()[0]
    return first if len(first) <= 120 else first[:119] + "…"


def field_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a dotted path; odd keys are quoted, long ones shortened."""
    steps = []
    for step in loc:
        text = str(step)
        steps.append(text if re.fullmatch(r"[\w-]{1,40}", text) else quote(text))
    return ".".join(steps)


def validation_message(source: str, exc: ValidationError) -> str:
    """The first pydantic error as one line: file, dotted field path, problem, the bad value."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    # Of the problems with the first bad field, the deepest says most (a union's members
    # each report one; the member that got furthest is the one the file meant).
    err = max((e for e in errors if e["loc"][:1] == first["loc"][:1]), key=lambda e: len(e["loc"]))
    path = field_path(err["loc"])
    kind = err["type"]
    msg = _one_line(err["msg"]).removeprefix("Value error, ")
    if kind == "extra_forbidden":
        msg = "unknown field"
    elif kind == "missing":
        msg = "required field is missing"
    elif "input" in err and kind not in ("value_error", "assertion_error") and kind not in OWN_ERRORS:
        msg = f"{msg}, got {_shown(err['input'])}"
    return located(source, path or "(top)", msg)


def _shown(value: object) -> str:
    """A bad value as a message names it: a short quote of a scalar, the kind of a collection."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    return quote(value)


M = TypeVar("M", bound=BaseModel)


def validated_document(data: Any, source: str, model: type[M], error: type[InputError], fmt: str, what: str) -> M:
    """A parsed file checked against its model and its `format` line; any problem raises
    `error` with one line naming the source and the field."""
    if not isinstance(data, dict):
        raise error(located(source, "(top)", f"expected a mapping of {what} fields"))
    try:
        checked = model.model_validate(data)
    except ValidationError as exc:
        raise error(validation_message(source, exc)) from None
    found = getattr(checked, "format", fmt)
    if found != fmt:
        raise error(located(source, "format", f"expected {fmt!r}, got {quote(found)}"))
    return checked


class _Dumper(yaml.SafeDumper):
    """Block style for mappings, flow style for short lists of scalars."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = len(data) <= 12 and all(not isinstance(x, (dict, list)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    # A short record of scalars (a placement, a piece, a score) fits on one line.
    def short(v: Any) -> bool:
        return not isinstance(v, (dict, list)) or (
            isinstance(v, list) and len(v) <= 3 and all(not isinstance(x, (dict, list)) for x in v)
        )

    flow = 0 < len(data) <= 4 and all(short(v) for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)


def dump_yaml(data: Any) -> str:
    """YAML text a person can read: keys in the given order, short lists on one line."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def write_atomic(path: str | Path, text: str) -> None:
    """Write a file so that it is either whole or absent: a temporary file renamed into place."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        # mkstemp makes the file private; give it the permissions a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
