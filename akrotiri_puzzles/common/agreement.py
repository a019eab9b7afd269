"""The agreement discipline between a model that proves an optimum and an independent search.

A claim such as "optimal" counts only when an independent computation confirms it: on a corpus
of positions, the CP-SAT model and an exhaustive search over engine states must find the same
optimum (or both find none), each must say it proved it, and the model's line must replay
through the engine to the value it claims. `compare` runs both on every case and returns every
disagreement; a test asserts there are none. It names no game: each game passes its own
solvers and its own replay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

Case = TypeVar("Case")
Line = TypeVar("Line")


@dataclass(frozen=True)
class Answer(Generic[Line]):
    """A solver's answer: the optimum (None: no line reaches the goal), whether it is proven,
    and a line that reaches it."""

    value: int | None
    proven: bool
    line: Line | None = None


@dataclass(frozen=True)
class Disagreement:
    """One case where the two answers differ, or a line does not replay to its claim."""

    case: str
    problem: str


@dataclass
class Report:
    """How many cases agreed, and every problem found."""

    cases: int = 0
    agreed: int = 0
    problems: list[Disagreement] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every case agreed."""
        return self.cases > 0 and self.agreed == self.cases and not self.problems


def compare(
    cases: Iterable[tuple[str, Case]],
    model: Callable[[Case], Answer[Line]],
    reference: Callable[[Case], Answer[Line]],
    replay: Callable[[Case, Line], int | None],
) -> Report:
    """Run the model and the reference on every named case; check both proved their answer,
    that the optima agree, and that each line replays (by `replay`, the engine's own value of
    a line, None when it is illegal or misses the goal) to the value claimed."""
    report = Report()
    for name, case in cases:
        report.cases += 1
        problems = check_case(case, model(case), reference(case), replay)
        report.problems.extend(Disagreement(name, p) for p in problems)
        report.agreed += not problems
    return report


def check_case(
    case: Case, got: Answer[Line], want: Answer[Line], replay: Callable[[Case, Line], int | None]
) -> Sequence[str]:
    """The problems with one case's two answers (empty when they agree)."""
    problems = []
    if not got.proven:
        problems.append("the model did not prove its answer")
    if not want.proven:
        problems.append("the reference did not complete its search")
    if got.value != want.value:
        problems.append(f"optimum {got.value} by the model, {want.value} by the reference")
    for who, answer in (("model", got), ("reference", want)):
        if answer.value is None:
            continue
        if answer.line is None:
            problems.append(f"the {who} gave no line for its optimum {answer.value}")
            continue
        replayed = replay(case, answer.line)
        if replayed != answer.value:
            problems.append(f"the {who}'s line replays to {replayed}, not {answer.value}")
    return problems
