"""Reading and writing YAML safely, and turning validation failures into one-line errors."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from ..errors import AkrotiriError, located

# libyaml's C parser when the installed PyYAML has it: ten times faster, same results.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: str | Path, error: type[AkrotiriError]) -> Any:
    """Parse a YAML file with `safe_load`; any failure raises `error` naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(located(str(path), "", "no such file")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error(located(str(path), "", f"cannot be read ({exc.__class__.__name__}: {exc})")) from None
    return parse_yaml(text, str(path), error)


def parse_yaml(text: str, source: str, error: type[AkrotiriError]) -> Any:
    """Parse YAML text safely; a syntax error raises `error` naming the source and line."""
    try:
        return yaml.load(text, Loader=_SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = f"line {mark.line + 1}" if mark is not None else ""
        raise error(located(source, line, f"not valid YAML ({exc.problem})")) from None
    except yaml.YAMLError as exc:
        raise error(located(source, "", f"not valid YAML ({exc})")) from None


def validation_message(source: str, exc: ValidationError) -> str:
    """The first pydantic error as one line: file, dotted field path, problem."""
    err = exc.errors()[0]
    path = ".".join(str(p) for p in err["loc"])
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        msg = "unknown field"
    elif err["type"] == "missing":
        msg = "required field is missing"
    elif "input" in err and err["type"].startswith(("literal", "enum")):
        msg = f"{msg}, got {err['input']!r}"
    return located(source, path or "(top)", msg)


M = TypeVar("M", bound=BaseModel)


def validated_document(data: Any, source: str, model: type[M], error: type[AkrotiriError], fmt: str, what: str) -> M:
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
        raise error(located(source, "format", f"expected {fmt!r}, got {found!r}"))
    return checked


class _Dumper(yaml.SafeDumper):
    """Block style for mappings, flow style for short lists of scalars."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = len(data) <= 12 and all(not isinstance(x, (dict, list)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    # A short record of scalars (a tile placement, a cube, a temple) fits on one line.
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
