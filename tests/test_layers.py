"""Imports flow one way: the rules know nothing of files, pictures, solvers or the command line."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "akrotiri_puzzles"
RULES_LEVEL = [
    "geometry",
    "components",
    "errors",
    "board",
    "position",
    "actions",
    "notation",
    "rules",
    "effects",
    "excavation",
    "setup",
    "graphs",
    "goals",
    "scoring",
    "bots",
    "simulate",
]
FORBIDDEN = ("files", "cli", "render", "solver", "puzzles", "yaml", "typer", "rich", "ortools")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add((node.module or "").split(".")[0])
    return names


def test_rules_import_no_files_pictures_solvers_or_cli():
    for name in RULES_LEVEL:
        path = PACKAGE / f"{name}.py"
        assert path.exists(), name
        bad = _imports(path) & set(FORBIDDEN)
        assert not bad, f"{name}.py imports {sorted(bad)}"


def test_only_the_cli_prints():
    for path in PACKAGE.rglob("*.py"):
        if "cli" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "print"]
        assert not calls, f"{path.relative_to(PACKAGE)} calls print()"
