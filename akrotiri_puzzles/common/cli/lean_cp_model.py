"""OR-Tools' CP-SAT module imported without pandas, in a command line's process.

`ortools.sat.python.cp_model` imports pandas at its top, and pandas is more than half of what
importing the module costs: about 0.35 of 0.65 CPU s on our machines, paid by every command
that solves (solve, check without a certificate, analyse, generate, grade, teach; both games'
puzzles; docs/benchmarks.md, "Session 69 (h69suite)"). The module reads pandas only in its
pandas methods (`new_*_series`, and `values`, `boolean_values`, `float_values` given a pandas
Series or Index); this project never calls them (tests/test_lean_cp_model.py checks that no
module of the package calls them).

`install()` (called once by the command line's `main`, before any command runs) puts a finder first on
`sys.meta_path` that acts on one import only, cp_model's, the first time it happens: while the
module's own code runs, `pandas` names a placeholder holding two classes nothing is an
instance of (`Index` and `Series`, the only names cp_model reads from pandas at import);
afterwards the placeholder is gone from `sys.modules`, so any later `import pandas` gets the
real one. Should an OR-Tools version read anything else of pandas while it is imported, the
placeholder fails it (AttributeError) and cp_model is imported again the usual way, with
pandas: slower, never wrong. Nothing else changes: the library's users (and the tests' own
processes) import cp_model as usual unless they call `install()`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import Any

CP_MODEL = "ortools.sat.python.cp_model"
PANDAS = "pandas"


class _Unused:
    """A pandas class cp_model names: no object this project hands it is an instance of one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("cp_model was imported without pandas (common.cli.lean_cp_model)")


def placeholder() -> ModuleType:
    """The stand-in for pandas while cp_model is imported: `Index` and `Series` only."""
    module = ModuleType(PANDAS, "A stand-in for pandas while OR-Tools' cp_model is imported (lean_cp_model).")
    module.Index = type("Index", (_Unused,), {})  # type: ignore[attr-defined]
    module.Series = type("Series", (_Unused,), {})  # type: ignore[attr-defined]
    return module


class _Loader(Loader):
    """cp_model's own loader, running the module's code with the placeholder as pandas."""

    def __init__(self, real: Loader) -> None:
        self.real = real

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.real.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        if PANDAS in sys.modules:  # the real pandas is here already: nothing to save
            self.real.exec_module(module)
            return
        stand_in = placeholder()
        sys.modules[PANDAS] = stand_in
        try:
            self.real.exec_module(module)
        except Exception:
            if sys.modules.get(PANDAS) is stand_in:
                del sys.modules[PANDAS]
            self.real.exec_module(module)  # again, with the real pandas
        finally:
            if sys.modules.get(PANDAS) is stand_in:
                del sys.modules[PANDAS]

    def __getattr__(self, name: str) -> Any:  # get_source, get_code, ... for tracebacks and inspect
        return getattr(self.real, name)


class _Finder(MetaPathFinder):
    """Finds cp_model as Python would, with `_Loader` around its loader; once."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != CP_MODEL:
            return None
        uninstall()
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is not None and spec.loader is not None and PANDAS not in sys.modules:
            spec.loader = _Loader(spec.loader)
        return spec


def install() -> None:
    """Import cp_model without pandas from now on in this process (once; nothing when cp_model or
    pandas is imported already)."""
    if CP_MODEL in sys.modules or PANDAS in sys.modules or any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Finder())


def uninstall() -> None:
    """Take the finder off again (it acts once; tests call this too)."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _Finder)]
