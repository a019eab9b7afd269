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
