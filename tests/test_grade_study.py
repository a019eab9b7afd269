"""The grader's study against effort (tools/grade_study.py): its tasks draw every class in fair
shares, its Spearman is that of average ranks, and the figures docs/generator.md gives for the
committed rows are the rows' own (recomputed here, cheaply: no solve, no search)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import tool_module

ROOT = Path(__file__).resolve().parent.parent
ROWS = ROOT / "tests" / "data" / "generator" / "study-seed4.jsonl"
"""The study on a fresh seed with the three classes (issue 30)."""


def _tool():
    return tool_module("grade_study")


def _rows() -> list[dict[str, object]]:
    return [json.loads(line) for line in ROWS.read_text().splitlines() if line.strip()]


def test_average_ranks_share_their_ties_and_spearman_without_ties_is_the_textbook_formula():
    tool = _tool()
    assert tool.ranks([10.0, 20.0, 20.0, 5.0]) == [2.0, 3.5, 3.5, 1.0]
    x = [3.0, 1.0, 4.0, 1.5, 9.0, 2.6]
    y = [2.0, 7.0, 1.0, 8.0, 3.0, 5.0]
    n = len(x)
    d2 = sum((a - b) ** 2 for a, b in zip(tool.ranks(x), tool.ranks(y), strict=True))
    assert tool.spearman(x, y) == pytest.approx(1 - 6 * d2 / (n * (n * n - 1)))
    assert tool.spearman(x, x) == pytest.approx(1.0)


def test_the_study_draws_every_level_in_every_class_in_fair_shares():
    tool = _tool()
    classes = ("act", "place", "two-turn")
    tasks = tool.tasks_for(4, 18, classes)
    seen = [(t.level, (t.turns, t.start)) for t in tasks]
    every = {(lv, tool.CLASSES[c]) for lv in tool.LEVELS for c in classes}
    # Each run of 9 tasks asks for each level in each class once.
    assert set(seen[:9]) == every and set(seen[9:]) == every
    assert [t.index for t in tasks] == list(range(18))


def test_the_committed_rows_are_the_study_of_a_fresh_seed_over_the_three_classes():
    tool = _tool()
    rows = _rows()
    # The tasks run in order on two workers: the rows are the first tasks, but for at most the
    # two in flight when a study is stopped, each the task `tasks_for` names (fair shares).
    done = {int(str(r["task"])[-5:]): str(r["task"]) for r in rows}
    assert len(done) == len(rows) and len(set(range(max(done) + 1)) - set(done)) <= 2
    tasks = tool.tasks_for(4, max(done) + 1, ("act", "place", "two-turn"))
    assert all(name == tasks[i].name for i, name in done.items())
    graded = [r for r in rows if "level" in r]
    # Each task's puzzle is of the class it asked for (the class is read from the puzzle).
    asked = {"t1-act": "act", "t1-place": "place", "t2": "two-turn"}
    for r in graded:
        assert tool.class_of(r) == asked[str(r["task"]).split("-s4-")[1].rsplit("-", 1)[0]], r["task"]
    # The exhaustive search and CP-SAT agree wherever the search finished.
    assert all(r["exhaustive_optimum"] == r["optimum"] for r in graded if r["complete"])


def test_the_figures_in_docs_generator_are_those_of_the_committed_rows():
    tool = _tool()
    text = (ROOT / "docs" / "generator.md").read_text()
    found = tool.figures(_rows())
    for name, (n, capped, *rhos) in found.items():
        line = next((ln for ln in text.splitlines() if ln.startswith(f"| {name} (seed 4) |")), None)
        assert line is not None, name
        cells = [c.strip().strip("*") for c in line.strip("|").split("|")]
        assert cells[1] == f"{n} ({capped} capped)", line
        assert cells[2:5] == [tool._show(r) for r in rhos], line


def test_the_score_only_study_scores_the_very_candidate_the_grade_does():
    tool = _tool()
    task = tool.tasks_for(4, 3, ("act",))[2]
    full = tool.Measure(2000)(task)
    cheap = tool.Measure(2000, score_only=True)(task)
    assert "score" in full, full
    for field in ("score", "optimum", "necessary", "weakest", "turns", "phase", "nodes", "complete"):
        assert cheap[field] == full[field], field
    # Ungated: the score's own level, which the gate can only lower from hard to medium.
    assert cheap["level"] == full["level"] or (cheap["level"], full["level"]) == ("hard", "medium")
    assert cheap["unique"] is None and full["unique"] in (True, False)


def test_the_decision_table_in_docs_generator_is_read_from_the_committed_rows():
    """docs/generator.md, "The level points: decided": Spearman(level, states) with each kind
    counting K points toward the level, K = 0 to 3, over the rows of seed 4 (issue 30)."""
    tool = _tool()
    text = (ROOT / "docs" / "generator.md").read_text()
    lines = [ln for ln in text.splitlines() if ln.startswith("| K = ")]
    assert len(lines) == 4
    for line in lines:
        cells = [c.strip() for c in line.strip("|").split("|")]
        counts = int(cells[0].removeprefix("K = ").split()[0])
        found = tool.figures(_rows(), counts)
        wanted = ["all graded", "one turn, action phase", "one turn, before the placement", "two turns"]
        assert cells[1:] == [tool._show(found[name][3]) for name in wanted], line
    # K = 1 is the grader's own reading: the level column of the main table.
    assert all(tool.row_level(r, 1) == tool.row_level(r) for r in _rows() if "level" in r)


def test_a_kind_counting_two_points_would_move_three_puzzles_of_the_collection():
    """The decision's third reason: with each kind counting 2 of its points instead of 1, the
    collection's puzzles whose level would change are exactly the three docs/generator.md
    names (two easy placement puzzles, the one medium two-turn puzzle)."""
    import yaml

    from akrotiri_puzzles.generator.grade import kinds, level_of

    moved = {}
    for path in sorted((ROOT / "puzzles" / "generated").glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        grade = data["grade"]
        needed = {n["technique"] for n in grade.get("necessary", [])}
        found = kinds(data["position"]["phase"], data["horizon"], needed)
        points = {k: grade["score"] - sum(p - min(k, p) for _, p in found if p > 0) for k in (1, 2)}
        assert points[1] == grade.get("level_points", grade["score"]), path.name
        if level_of(points[2]) != level_of(points[1]):
            moved[path.stem] = (level_of(points[1]), level_of(points[2]))
    assert moved == {
        "easy-s544-place-00023": ("easy", "medium"),
        "easy-s81-place-00016": ("easy", "medium"),
        "medium-s566-t2-drawn-oracle-no-portage-00081": ("medium", "hard"),
    }
    text = (ROOT / "docs" / "generator.md").read_text()
    assert all(f"`{name}`" in text.replace("\n  ", " ") for name in moved)


RECOUNT = ROOT / "tests" / "data" / "generator" / "study-seed4-recount.jsonl"
"""Seed 4's capped searches counted again with a higher cap (tools/grade_recount.py)."""


def _recount() -> list[dict[str, object]]:
    return [json.loads(line) for line in RECOUNT.read_text().splitlines() if line.strip()]


def test_the_span_of_a_correlation_is_its_least_and_most_over_every_order_of_the_capped_searches():
    """spans() against every order the capped rows' states may have (brute force, 5! orders)."""
    from itertools import permutations

    tool = _tool()
    grades = [("easy", 3), ("hard", 12), ("medium", 7), ("hard", 15), ("easy", 4), ("medium", 9), ("hard", 11)]
    grades += [("medium", 8), ("easy", 2)]
    nodes = [10, 900, 50, 1000, 1000, 1000, 1000, 1000, 30]
    rows = [
        dict(level=lv, score=s, nodes=n, complete=n < 1000, cap=1000, turns=1, phase="act", necessary=[])
        | {"level_points": s}
        for (lv, s), n in zip(grades, nodes, strict=True)
    ]
    capped = [i for i, r in enumerate(rows) if not r["complete"]]
    for k, grade in enumerate(
        ([float(r["score"]) for r in rows], [float(tool.LEVELS.index(r["level"])) for r in rows])
    ):
        found = []
        for order in permutations(range(len(capped))):
            states = [float(r["nodes"]) for r in rows]
            for i, o in zip(capped, order, strict=True):
                states[i] = 2000.0 + o
            found.append(tool.spearman(grade, states))
        low, high = tool.spans(rows)["all graded"][k]
        assert (low, high) == pytest.approx((min(found), max(found)))
    # A capped search below a finished one's count leaves the block's place open: no span.
    rows[0] |= dict(nodes=20, complete=False, cap=20)
    assert tool.spans(rows)["all graded"] == (None, None)


def test_two_turns_counting_0_reads_the_placement_as_the_grader_and_two_turns_as_k_0():
    """docs/generator.md, "The capped searches counted again": the reading that lets a two-turn
    puzzle read easy and keeps the placement's point."""
    tool = _tool()
    for r in (r for r in _rows() if "level" in r):
        read = tool.row_level(r, 1, two_turn=0)
        if r["turns"] == 1 or r["phase"] == "act":
            # One kind at most: the grader's reading, or K = 0's for two turns from the action phase.
            assert read == tool.row_level(r, 0 if r["turns"] == 2 else 1), r["task"]
        else:
            # Both kinds: the placement's point kept, the two turns' gone.
            index = [tool.LEVELS.index(tool.row_level(r, k)) for k in (0, 1)]
            assert index[0] <= tool.LEVELS.index(read) <= index[1], r["task"]


def test_the_recounted_rows_are_the_studys_capped_rows_drawn_again_and_counted_further():
    tool = _tool()
    rows, again = _rows(), _recount()
    capped = {str(r["task"]) for r in rows if "level" in r and not r["complete"]}
    assert {str(r["task"]) for r in again} == capped
    by_task = {str(r["task"]): r for r in rows}
    for r in again:
        old = by_task[str(r["task"])]
        assert r["nodes_before"] == old["nodes"] == old["cap"] == r["cap_before"]
        # The search's order is fixed: a longer search plays the capped one's states first.
        assert int(r["cap"]) > int(old["cap"]) and int(r["nodes"]) >= int(old["nodes"])
        assert r["complete"] or r["nodes"] == r["cap"]
        # Where it finished, the exhaustive search proves CP-SAT's optimum of the study's row.
        assert not r["complete"] or r["exhaustive_optimum"] == old["optimum"], r["task"]
    merged = tool.recounted(rows, again)
    assert [r["task"] for r in merged] == [r["task"] for r in rows]


def test_a_recounted_row_must_be_the_studys_own():
    tool = _tool()
    rows, again = _rows(), _recount()
    with pytest.raises(ValueError, match="not the study's row"):
        tool.recounted(rows, [again[0] | {"score": int(again[0]["score"]) + 1}])
    with pytest.raises(ValueError, match="not drawn again identically"):
        tool.recounted(rows, [{"task": again[0]["task"], "redrawn": "differs", "optimum": 5}])
    with pytest.raises(ValueError, match="no such task"):
        tool.recounted(rows, [again[0] | {"task": "hard-s4-t2-99999"}])


def test_the_recount_tool_names_the_studys_tasks():
    tool, recount = _tool(), tool_module("grade_recount")
    for task in tool.tasks_for(4, 9, ("act", "place", "two-turn")):
        assert recount.task_of(task.name) == task
    with pytest.raises(ValueError):
        recount.task_of("hard-s4-t3-00001")


def test_the_recount_table_in_docs_generator_is_read_from_the_study_and_the_recounted_rows():
    """docs/generator.md, "The capped searches counted again": per class, rho as counted and its
    span over the still-capped searches' orders, for the score and each reading of the kinds,
    at the study's caps and with seed 4's capped searches counted again (issue 30)."""
    tool = _tool()
    text = (ROOT / "docs" / "generator.md").read_text()
    rows = {"study's caps": _rows(), "200,000": tool.recounted(_rows(), _recount())}
    readings = {
        "score": (1, None, 2, 0),
        "level, K = 1 (the grader's)": (1, None, 3, 1),
        "level, K = 0": (0, None, 3, 1),
        "level, K = 2": (2, None, 3, 1),
        "level, K = 3": (3, None, 3, 1),
        "level, placement 1, two turns 0": (1, 0, 3, 1),
    }
    names = ["all graded", "one turn, action phase", "one turn, before the placement", "two turns"]
    checked = 0
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        reading, _, cap = cells[0].rpartition(", ")
        if not line.startswith("| ") or cap not in rows or not reading:
            continue
        if reading == "puzzles (capped)":
            found = tool.figures(rows[cap])
            assert cells[1:] == [f"{found[n][0]} ({found[n][1]})" for n in names], line
        else:
            counts, two_turn, rho, span = readings[reading]
            found, spans = tool.figures(rows[cap], counts, two_turn), tool.spans(rows[cap], counts, two_turn)
            wanted = [f"{tool._show(found[n][rho])} ({tool._show_span(spans[n][span])})" for n in names]
            assert cells[1:] == wanted, line
        checked += 1
    assert checked == 2 * (1 + len(readings))
