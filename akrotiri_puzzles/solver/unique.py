"""Uniqueness of an optimal answer, canonical and strict (docs/solver.md).

*Canonical*: no line at the optimum has another signature (solver/canonical.py): a second
solve that forbids the answer's signature (with each placed tile in its slot turned any way)
is INFEASIBLE. *Strict*: moreover the answer leaves no choice of excavation site, of a placed
tile's rotation, of its second cube (its colour, or the island it goes on), or of the stop where
it consults the oracle: every site where the card fits is counted by the engine; a solve that
keeps the answer's signature with some placed tile turned otherwise must be INFEASIBLE, and so
must one that keeps the signature but not its strict signature (the oracle at another stop),
and one that keeps the signature and the rotations but changes a second cube.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ortools.sat.python import cp_model

from ..actions import Action, EndTurn, Excavate, Oracle, PlaceTile
from ..components import COLOURS
from ..excavation import valid_sites
from ..puzzle import Puzzle, replay
from .budget import budget
from .canonical import canonical, signature
from .deadline import TimeUp
from .fact_tables import Facts
from .model import LineModel, forbidden_forms, model_answer, placements_match, rotated_forms
from .model.read import Placed
from .placement_cubes import placement_facts
from .readback import complete_line
from .result import SolveResult
from .run import Run

Runner = Callable[[LineModel], tuple[str, cp_model.CpSolver]]


def placed(line: Sequence[Action]) -> dict[int, PlaceTile]:
    """The line's tile placements by turn (1 or 2)."""
    out: dict[int, PlaceTile] = {}
    turn = 1
    for a in line:
        if isinstance(a, EndTurn):
            turn = 2
        elif isinstance(a, PlaceTile):
            out[turn] = a
    return out


def find_member(facts: Facts, line: Sequence[Action]) -> tuple[int, int]:
    """The class and member scenario a line was played on: its placements and oracle."""
    places = placed(line)
    oracle = next((a.icon for a in line if isinstance(a, Oracle)), None)
    for c, members in enumerate(facts.members):
        for i, sc in enumerate(members):
            if sc.oracle != oracle:
                continue
            if all(
                (p := sc.placement(which)) is not None and (p.slot, p.rotation) == (a.slot, a.rotation)
                for which, a in places.items()
            ):
                return c, i
    raise LookupError("no scenario makes the line's placements")


def second_answer(
    puzzle: Puzzle,
    facts: Facts,
    fresh: Callable[[], LineModel],
    run: Runner,
    line: Sequence[Action],
    tries: int = 8,
    strict: bool = False,
) -> list[Action] | None:
    """A line at the optimum whose signature differs from `line`'s, or None when none exists;
    with `strict`, a line with `line`'s signature whose strict signature differs (the oracle
    consulted at another stop, solver/canonical.py).

    A line the solve finds may lean down to the same answer (a free action it did not need);
    that one is forbidden too and the solve repeated, up to `tries` times (then TimeUp: the
    question stays open)."""

    first = signature(puzzle, tuple(line), strict)
    forbidden = [forbidden_forms(facts, first)]
    same = forbidden_forms(facts, signature(puzzle, tuple(line))) if strict else {}
    for _ in range(tries):
        model = fresh()
        if same:
            model.m.add(model.matches_any(same) == 1)
        for answer in forbidden:
            model.forbid(answer)
        status, solver = run(model)
        if status == "INFEASIBLE":
            return None
        if status not in ("FEASIBLE", "OPTIMAL"):
            raise TimeUp
        found = next(i for i, x in enumerate(model.scen) if solver.value(x))
        raw_sig = None
        for m in range(len(facts.members[found])):
            _, _, raw = model.read(solver, m)
            other = complete_line(puzzle, raw)
            check = replay(puzzle, other)
            if check.illegal_at is not None or not check.reached:
                continue
            lean_line = canonical(puzzle, other)
            if signature(puzzle, lean_line, strict) != first:
                return lean_line
            raw_sig = (m, signature(puzzle, other, strict))
        if raw_sig is None:
            raise TimeUp
        # The same answer with a free action it did not need: forbid the line as found.
        _, sig = raw_sig
        forbidden.append(forbidden_forms(facts, sig))
    raise TimeUp


def strictly_unique(
    puzzle: Puzzle,
    facts: Facts,
    fresh: Callable[[], LineModel],
    run: Runner,
    line: Sequence[Action],
) -> bool:
    """Whether a canonically unique answer also leaves no choice of site, of a placed tile's
    rotation, of its second cube, or of the stop where it consults the oracle."""
    played = replay(puzzle, tuple(line))
    for i, action in enumerate(line):
        if isinstance(action, Excavate):
            pos = played.states[i].pos
            boat = pos.hero.boat
            assert boat is not None
            island = pos.board.island_of_dock[boat]
            card = pos.components.map[action.card]
            if len(valid_sites(pos.board, pos.to_move, card, pos.board.island_quads[island])) > 1:
                return False
    answer = signature(puzzle, tuple(line))
    places: Placed = tuple((which, a.slot, a.rotation) for which, a in placed(line).items())
    # Another rotation of a placed tile with the same signature (canonical.py: not part of it).
    rotated = rotated_forms(facts, answer, places)
    if rotated:
        model = fresh()
        model.m.add(model.matches_any(rotated) == 1)
        status, _ = run(model)
        if status in ("FEASIBLE", "OPTIMAL"):
            return False
        if status != "INFEASIBLE":
            raise TimeUp
    if oracle_elsewhere(puzzle, facts, fresh, run, line) is not None:
        return False
    c, member = find_member(facts, line)
    sc = facts.members[c][member]
    views = facts.member_views(c, member)
    target = model_answer(answer, [v.names for v in views])
    classes = [i for i in range(len(facts.members)) if any(placements_match(facts, i, places))]
    turn = 1
    for action in line:
        if isinstance(action, EndTurn):
            turn = 2
        if not isinstance(action, PlaceTile):
            continue
        pf = placement_facts(sc, turn, views)
        assert pf is not None
        model = fresh()
        model.m.add(model.matches(target, classes) == 1)
        colours = model.second_colour[turn - 1]
        owed = sum(colours.values())
        if action.colour is None:
            model.m.add(owed >= 1)
        else:
            chosen = next(k for k in pf.second_cube if pf.piece_quadrant[k] == action.quadrant)
            elsewhere = [
                x for k, x in enumerate(model.second_piece[turn - 1]) if pf.piece_island[k] != pf.piece_island[chosen]
            ]
            other_colour = [colours[col] for col in COLOURS if col != action.colour]
            differs = model.any_([*other_colour, *elsewhere, model.is_(owed, 0, "no second cube")], "another cube")
            model.m.add(differs == 1)
        status, _ = run(model)
        if status in ("FEASIBLE", "OPTIMAL"):
            return False
        if status != "INFEASIBLE":
            raise TimeUp
    return True


def oracle_elsewhere(
    puzzle: Puzzle,
    facts: Facts,
    fresh: Callable[[], LineModel],
    run: Runner,
    line: Sequence[Action],
) -> list[Action] | None:
    """A line at the optimum with the signature of `line` that consults the oracle at another
    stop (the same answer, another strict one: R-ORA-1, solver/canonical.py), or None."""
    answer = signature(puzzle, tuple(line))
    if not answer.oracles or not forbidden_forms(facts, answer):
        return None
    return second_answer(puzzle, facts, fresh, run, line, strict=True)


def check_unique(run: Run, result: SolveResult, strict: bool) -> SolveResult:
    """Whether the optimal answer `solve` found (`run`) is unique (canonical, or strict)."""
    assert result.optimum is not None
    puzzle = run.modelled
    facts = run.facts(puzzle, result.optimum)
    # The whole bound is read here even where the line came from some of its classes (solver/lazy.py).
    result = replace(result, scenarios=max(result.scenarios, run.enumerated), classes=max(result.classes, run.classes))
    bud = budget(puzzle)

    def fresh() -> LineModel:
        return run.model(facts, bud, result.optimum or 0)

    other = second_answer(puzzle, facts, fresh, run.run, result.line)
    if other is not None:
        return replace(result, unique=False, other_line=tuple(other))
    result = replace(result, unique=True)
    if strict:
        result = replace(result, strict=strictly_unique(puzzle, facts, fresh, run.run, result.line))
    return result
