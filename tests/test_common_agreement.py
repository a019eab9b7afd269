"""The agreement harness (common/agreement.py) catches every kind of disagreement it names."""

from akrotiri_puzzles.common.agreement import Answer, check_case, compare


def _replay(case: int, line: tuple[int, ...]) -> int | None:
    """A toy engine: a line's value is its sum, when every step is at most the case."""
    return sum(line) if all(step <= case for step in line) else None


def test_agreeing_answers_with_lines_that_replay_pass():
    report = compare([("a", 3), ("b", 5)], lambda c: Answer(c, True, (c,)), lambda c: Answer(c, True, (c,)), _replay)
    assert report.ok and report.cases == report.agreed == 2


def test_each_kind_of_problem_is_reported():
    assert check_case(3, Answer(3, False, (3,)), Answer(3, True, (3,)), _replay) == [
        "the model did not prove its answer"
    ]
    assert check_case(3, Answer(3, True, (3,)), Answer(2, True, (2,)), _replay) == [
        "optimum 3 by the model, 2 by the reference"
    ]
    assert check_case(3, Answer(4, True, (4,)), Answer(4, True, (3, 1)), _replay) == [
        "the model's line replays to None, not 4"
    ]
    assert check_case(3, Answer(3, True, None), Answer(3, True, (3,)), _replay) == [
        "the model gave no line for its optimum 3"
    ]
    assert check_case(3, Answer(None, True), Answer(None, False), _replay) == [
        "the reference did not complete its search"
    ]


def test_an_empty_corpus_is_not_an_agreement():
    assert not compare([], lambda c: Answer(c, True), lambda c: Answer(c, True), _replay).ok
