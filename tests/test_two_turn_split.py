"""tools/bench_two_turn_model.py's `--split` (session 60): its plans, "the i-th literal is the
first one true" plus "none true", hold in exactly one plan per assignment of the literals, so a
split's plans cover every line of a model once (its figures in docs/solver.md rest on this)."""

from __future__ import annotations

import itertools

import pytest
from ortools.sat.python import cp_model

from .conftest import ROOT, tool_module


@pytest.fixture
def tool(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))  # the tool imports bench_two_turns_place
    return tool_module("bench_two_turn_model")


def _holds(lit, values: tuple[int, ...]) -> bool:
    index = lit.index
    return bool(values[index]) if index >= 0 else not values[-index - 1]


def _covering(plans, n: int) -> list[int]:
    """Per assignment of the n literals, how many plans hold."""
    return [
        sum(all(_holds(x, values) for x in lits) for _, lits in plans) for values in itertools.product((0, 1), repeat=n)
    ]


def test_split_plans_partition_every_assignment(tool):
    for n in range(4):
        m = cp_model.CpModel()
        named = [(f"l{i}", m.new_bool_var(f"l{i}")) for i in range(n)]
        plans = tool._first_true(named)
        assert len(plans) == n + 1
        assert _covering(plans, n) == [1] * 2**n


def test_split_a_plan_dropped_leaves_assignments_uncovered(tool):
    # The mutation: without any one plan, some assignment of the literals is in no plan.
    m = cp_model.CpModel()
    named = [(f"l{i}", m.new_bool_var(f"l{i}")) for i in range(3)]
    plans = tool._first_true(named)
    for i in range(len(plans)):
        assert 0 in _covering(plans[:i] + plans[i + 1 :], 3)
