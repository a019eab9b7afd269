"""OR-Tools' CP-SAT module imported without pandas in the command line's processes
(akrotiri_puzzles/common/cli/lean_cp_model.py): the commands import no pandas, answer as before,
and the project never calls the cp_model methods that read pandas."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

from .conftest import ROOT


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def _timeless(value: object) -> object:
    if isinstance(value, dict):
        return {k: _timeless(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_timeless(v) for v in value]
    return value


def test_a_solving_command_imports_cp_model_and_no_pandas_and_answers_as_with_pandas():
    # `solve` builds and solves a CP-SAT model in its own process (as `main` runs it): cp_model
    # is imported, pandas is not. With pandas imported before `main`, cp_model is imported the
    # usual way: the same answer, field for field but the seconds taken.
    run = """
        import json, sys
        {first}
        from akrotiri_puzzles.cli import main
        try:
            main(["solve", "puzzles/p01.yaml", "--json"])
        except SystemExit as stop:
            status = stop.code
        print(json.dumps([status, "ortools.sat.python.cp_model" in sys.modules, "pandas" in sys.modules]))
        """
    lean, usual = (_python(run.format(first=first)) for first in ("pass", "import pandas"))
    assert lean.returncode == usual.returncode == 0, (lean.stderr, usual.stderr)
    (*lean_answer, lean_last), (*usual_answer, usual_last) = lean.stdout.splitlines(), usual.stdout.splitlines()
    assert json.loads(lean_last) == [0, True, False]
    assert json.loads(usual_last) == [0, True, True]
    answer = _timeless(json.loads("\n".join(lean_answer)))
    assert answer == _timeless(json.loads("\n".join(usual_answer)))
    assert isinstance(answer, dict) and answer["status"] == "OPTIMAL" and answer["levels"]


def test_after_cp_model_a_later_import_of_pandas_is_the_real_one():
    done = _python(
        """
        import sys
        from akrotiri_puzzles.common.cli import lean_cp_model
        lean_cp_model.install()
        from ortools.sat.python import cp_model
        assert "pandas" not in sys.modules
        assert not any(isinstance(f, lean_cp_model._Finder) for f in sys.meta_path)  # once
        assert not hasattr(cp_model.pd, "DataFrame")
        model = cp_model.CpModel()
        x = model.new_int_var(0, 5, "x")
        model.add(x >= 3)
        model.maximize(x)
        solver = cp_model.CpSolver()
        assert solver.solve(model) == cp_model.OPTIMAL and solver.value(x) == 5
        import pandas
        assert pandas is not cp_model.pd and hasattr(pandas, "DataFrame")
        print("ok")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok"]


def test_a_module_reading_more_of_pandas_is_imported_again_with_pandas(tmp_path: Path):
    # Should cp_model read another pandas name at import, the placeholder fails it and the
    # module runs again with the real pandas: slower, never wrong.
    (tmp_path / "reads_more.py").write_text("import pandas as pd\nFRAME = pd.DataFrame\n", encoding="utf-8")
    done = _python(
        f"""
        import sys
        from importlib.machinery import PathFinder
        from importlib.util import module_from_spec
        from akrotiri_puzzles.common.cli.lean_cp_model import _Loader
        spec = PathFinder.find_spec("reads_more", [{str(tmp_path)!r}])
        spec.loader = _Loader(spec.loader)
        module = module_from_spec(spec)
        spec.loader.exec_module(module)
        import pandas
        assert module.FRAME is pandas.DataFrame and module.pd is pandas
        print("ok")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok"]


PANDAS_METHODS = {"values", "boolean_values", "float_values", "Values", "BooleanValues"}


def test_the_package_calls_no_cp_model_method_that_reads_pandas():
    # cp_model reads pandas only in its `*_series` methods and in `values`, `boolean_values`,
    # `float_values` (given a Series or an Index): no call of them in the package (a dict's
    # `values()` takes no argument).
    found = []
    for path in (ROOT / "akrotiri_puzzles").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                name = node.func.attr
                if name.endswith("_series") or (name in PANDAS_METHODS and (node.args or node.keywords)):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    assert not found, found
