"""The CP-SAT model of a puzzle's lines, built by concern (see docs/solver.md).

`build(facts, budget, spec)` returns a `LineModel`: the CP-SAT model of every line of at most
`spec.bound` actions that reaches `spec.goal` on the boards of `facts`, with what the line may
not do (`spec.forbid`) and, with `spec.minimise`, the fewest actions as the objective. The
model reads the boards only through the facts (solver/facts.py); the concerns are:

- route.py: events (stops, the end of turn 1), their docks, the legs between them;
- economy.py: stops, cargo, the placements' cubes, market and drachmas, cubes on land;
- cards.py: buying and excavating map cards, the oracle;
- goal.py: actions per turn, the goal, the objective, redundant constraints;
- score.py: the final score as the objective instead of a goal (`spec.objective`);
- score_two.py: the same over the hero's two turns, on each class's final board;
- read.py: reading a line back, forbidding an answer.
"""

from __future__ import annotations

from collections.abc import Callable

from ..budget import Budget
from ..fact_tables import Facts
from .cards import Cards
from .core import TECHNIQUES, Spec
from .economy import Economy
from .objective import OBJECTIVES
from .read import ModelAnswer, Read, forbidden_forms, model_answer, placements_match, rotated_forms
from .route import Route
from .score import ScoreModel


class LineModel(Read, ScoreModel, Cards, Economy, Route):
    """The model of a puzzle's lines within a bound."""

    def build(self) -> LineModel:
        """Variables and constraints, in the order the ideas are explained (`check` between
        the parts)."""
        for part in (
            self.add_events,
            self.add_positions,
            self.add_stops,
            self.add_cargo,
            self.add_legs,
            self.add_placement_cubes,
            self.add_market_and_money,
            self.add_cubes_on_land,
            self.add_map_cards,
            self.add_oracle,
            self.add_actions,
            self.add_goal,
            self.add_bounds,
            self.add_objective,
        ):
            part()
            self.check()
        return self


def build(facts: Facts, bud: Budget, spec: Spec, check: Callable[[], None] | None = None) -> LineModel:
    """The model of every line within `spec.bound` on the boards of `facts`; `check` (a
    deadline's) is called between the model's parts and per event in the long ones."""
    model = LineModel(facts, bud, spec)
    if check is not None:
        model.check = check
    return model.build()


__all__ = [
    "OBJECTIVES",
    "TECHNIQUES",
    "LineModel",
    "ModelAnswer",
    "Spec",
    "build",
    "forbidden_forms",
    "model_answer",
    "placements_match",
    "rotated_forms",
]
