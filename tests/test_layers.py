"""Imports flow one way: the rules know nothing of files, pictures, solvers or the command line."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "akrotiri_puzzles"
RULES_LEVEL = [
    "geometry",
    "components",
    "errors",
    "placed_tiles",
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


GAME_NEUTRAL = PACKAGE / "common"
KRETA = PACKAGE / "kreta"


def _package_imports(path: Path) -> set[str]:
    """The package modules a file imports, as dotted names relative to the package root
    (`common.errors`, `kreta.board`, `errors`)."""
    tree = ast.parse(path.read_text())
    here = path.relative_to(PACKAGE).parent.parts
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0:
                if (node.module or "").startswith("akrotiri_puzzles"):
                    names.add((node.module or "").removeprefix("akrotiri_puzzles").lstrip("."))
                continue
            base = here[: len(here) - (node.level - 1)] if node.level > 1 else here
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            if node.module is None:  # `from . import x`: x may be a module
                names.update(f"{module}.{a.name}".lstrip(".") for a in node.names)
            else:
                names.add(module)
        elif isinstance(node, ast.Import):
            names.update(
                a.name.removeprefix("akrotiri_puzzles").lstrip(".")
                for a in node.names
                if a.name.startswith("akrotiri_puzzles")
            )
    return names


def test_common_imports_neither_game():
    """common/ stands below both games: it imports only itself (and libraries)."""
    for path in GAME_NEUTRAL.rglob("*.py"):
        outside = {m for m in _package_imports(path) if not m.startswith("common")}
        assert not outside, f"{path.relative_to(PACKAGE)} imports {sorted(outside)}"


def test_common_names_neither_game():
    for path in GAME_NEUTRAL.rglob("*.py"):
        text = path.read_text().lower()
        for game in ("akrotiri", "kreta", "thera", "castellan"):
            assert game not in text, f"{path.relative_to(PACKAGE)} names {game}"


def test_kreta_imports_no_akrotiri_module():
    """Kreta stands beside Akrotiri: it imports only itself and common/."""
    paths = list(KRETA.rglob("*.py"))
    for path in paths:
        outside = {m for m in _package_imports(path) if not m.startswith(("common", "kreta"))}
        assert not outside, f"{path.relative_to(PACKAGE)} imports {sorted(outside)}"


KRETA_RULES_LEVEL = [
    "components",
    "errors",
    "board",
    "boardcheck",
    "position",
    "actions",
    "notation",
    "setup",
    "rules/queries",
    "rules/legal",
    "rules/effects",
    "bots",
    "simulate",
    "selfplay",
]
KRETA_FORBIDDEN = ("files", "cli", "render", "puzzles", "yaml", "typer", "rich", "ortools", "pydantic")


def test_kreta_rules_import_no_files_pictures_solvers_or_cli():
    for name in KRETA_RULES_LEVEL:
        path = KRETA / f"{name}.py"
        assert path.exists(), name
        names = {m.split(".")[1] if m.startswith("kreta.") else m.split(".")[0] for m in _package_imports(path)}
        bad = (names | _imports(path)) & set(KRETA_FORBIDDEN)
        assert not bad, f"kreta/{name}.py imports {sorted(bad)}"


def test_the_kreta_model_knows_nothing_of_files_pictures_or_the_cli():
    for path in (KRETA / "puzzles").rglob("*.py"):
        names = {m.split(".")[1] for m in _package_imports(path) if m.startswith("kreta.")}
        bad = names & {"files", "render", "cli"}
        assert not bad, f"{path.relative_to(PACKAGE)} imports {sorted(bad)}"


RELAXATION = PACKAGE / "analysis" / "reach"
EDGE = {"cli", "files", "render", "web", "book", "generator"}


def test_the_relaxation_imports_nothing_of_the_analysis_above_it():
    """analysis/reach/ (the model-free bounds) stands below the analysis that asks it: it imports
    only itself and the layers below the analysis (docs/architecture.md)."""
    paths = list(RELAXATION.glob("*.py"))
    assert len(paths) > 20
    for path in paths:
        above = {m for m in _package_imports(path) if m.startswith("analysis") and not m.startswith("analysis.reach")}
        assert not above, f"{path.relative_to(PACKAGE)} imports {sorted(above)}"
        edge = {m.split(".")[0] for m in _package_imports(path)} & EDGE
        assert not edge, f"{path.relative_to(PACKAGE)} imports {sorted(edge)}"
