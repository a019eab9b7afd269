"""Kreta's docs: every rule ID of docs/kreta/rules.md is named by a test in tests/kreta/, and every
ID a test names is there."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "kreta"
ID = re.compile(r"(?<![A-Za-z0-9])K[-_]([A-Z]+)[-_](\d+)(?![0-9])")


def test_every_kreta_rule_is_named_by_a_test_and_every_named_rule_is_documented():
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\*\*(K-[A-Z]+-\d+)\b", rules))
    named: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        named |= {f"K-{kind}-{n}" for kind, n in ID.findall(path.read_text(encoding="utf-8"))}
    assert len(defined) >= 58
    assert sorted(named - defined) == [], "named by a test, not in docs/kreta/rules.md"
    assert sorted(defined - named) == [], "in docs/kreta/rules.md, named by no test"


def test_the_board_tables_of_components_md_are_the_default_board():
    from akrotiri_puzzles.kreta.files.board_yaml import default_board

    board = default_board()
    text = (DOCS / "components.md").read_text(encoding="utf-8")
    for i, p in enumerate(board.provinces):
        neighbours = ", ".join(board.provinces[q].id for q in board.neighbours[i])
        spaces = ", ".join(str(s + 1) for s in board.spaces_of[i])
        assert f"| `{p.id}` | {p.colour} |" in text and f"| {p.value} | {neighbours} | {spaces} |" in text, p.id
    for s in board.spaces:
        assert f"| {s.number} | {', '.join(board.provinces[p].id for p in s.provinces)} |" in text


def test_the_kreta_docs_point_nowhere_outside_the_repository():
    for doc in DOCS.glob("*.md"):
        text = doc.read_text(encoding="utf-8")
        for bad in ("../shared", "KRETA_RULES", "seeds/"):
            assert bad not in text, (doc.name, bad)
        for target in re.findall(r"\]\(([^)#]+)", text):
            if "://" not in target:
                assert (doc.parent / target).exists(), (doc.name, target)
