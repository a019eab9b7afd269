"""Puzzle files: id, title, goal, horizon, the premise (what is revealed of the hidden piles),
the position (inline or by path), then what is known of the answer (docs/formats.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from ..common.errors import located, quote
from ..common.files.fields import Id, Range, Seed, Text
from ..common.files.yamlio import dump_yaml, parse_yaml, read_yaml, validated_document, write_atomic
from ..components import Components
from ..errors import NotationError, PositionError, PuzzleError
from ..notation import format_action, parse_action
from ..premise import Revealed
from ..puzzle import Certificate, FirstActions, Goal, Grade, IdleTurn, Necessity, Puzzle, validate
from ..themes import THEMES
from .fields import Cost
from .position_yaml import load_position, position_from_data, position_to_data

FORMAT = "akrotiri-puzzle 1"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


MAX_SOLUTION = 500
"""Actions a recorded solution may hold: a line of at most two turns is far shorter."""


def _position_ref(value: Any) -> Any:
    if isinstance(value, dict) or (isinstance(value, str) and 0 < len(value) <= 1000):
        return value
    raise PydanticCustomError(
        "position",
        "expected a mapping (the position itself) or the name of a position file, got {got}",
        {"got": quote(value)},
    )


def _solution(value: Any) -> Any:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and len(value) <= MAX_SOLUTION and all(isinstance(a, str) for a in value):
        return value
    if isinstance(value, list) and len(value) > MAX_SOLUTION:
        raise PydanticCustomError(
            "solution", "{n} actions; a solution holds at most {most}", {"n": len(value), "most": MAX_SOLUTION}
        )
    raise PydanticCustomError(
        "solution", "expected actions separated by ';' or a list of actions, got {got}", {"got": quote(value)}
    )


class GoalModel(_Model):
    temples: Annotated[int, Range(1, 6)] = 1
    map: Id | None = None
    score: Annotated[int, Range(0, 1000)] | None = None


class IdleTurnModel(_Model):
    status: Literal["OPTIMAL", "INFEASIBLE"]
    optimum: Cost | None = None


class CertificateModel(_Model):
    optimum: Cost
    status: Text
    below_optimum: Text | None = None
    unique: bool | None = None
    solver: Text
    components: Text
    seed: Seed | None = None
    above_optimum: Text | None = None
    strict: bool | None = None
    themes: Annotated[list[Id], Field(max_length=len(THEMES))] | None = None
    idle_first_turn: IdleTurnModel | None = None


class NecessityModel(_Model):
    technique: Id
    without: Cost | None = None


class FirstActionsModel(_Model):
    legal: Annotated[int, Range(0, 100_000)]
    good: Annotated[int, Range(0, 100_000)]


class GradeModel(_Model):
    level: Id
    score: Annotated[int, Range(0, 999)]
    level_points: Annotated[int, Range(0, 999)] | None = None
    necessary: Annotated[list[NecessityModel], Field(max_length=20)] = Field(default_factory=list)
    ladder: Annotated[dict[Id, Cost | None], Field(max_length=10)] = Field(default_factory=dict)
    weakest: Id
    first_actions: FirstActionsModel | None = None


Pile = Annotated[list[Id], Field(max_length=40)]
"""The revealed top of one pile: at most every card or tile of it."""


class DecksModel(_Model):
    easy: Pile = Field(default_factory=list)
    medium: Pile = Field(default_factory=list)
    hard: Pile = Field(default_factory=list)


class RevealedModel(_Model):
    land: Pile = Field(default_factory=list)
    maps: DecksModel = Field(default_factory=DecksModel)
    goals: Pile = Field(default_factory=list)


class PuzzleModel(_Model):
    format: Text = FORMAT
    id: Annotated[str, Field(min_length=1, max_length=100)]
    title: Text = ""
    goal: GoalModel = Field(default_factory=GoalModel)
    horizon: Annotated[int, Range(1, 2)] = 1
    revealed: RevealedModel = Field(default_factory=RevealedModel)
    position: Annotated[Any, AfterValidator(_position_ref)]
    solution: Annotated[Any, AfterValidator(_solution)] = None
    optimum: Cost | None = None
    difficulty: Text | None = None
    certificate: CertificateModel | None = None
    grade: GradeModel | None = None


def puzzle_from_data(
    data: Any, source: str, comps: Components, base: Path | None = None, playable: bool = True
) -> Puzzle:
    """Build a puzzle from parsed YAML; a position given by path is read relative to `base`.
    Without `playable`, the puzzle is not checked to be playable under its premise
    (`puzzle.validate`): for a tool that gives a file its premise."""
    m = validated_document(data, source, PuzzleModel, PuzzleError, FORMAT, "puzzle")
    try:
        if isinstance(m.position, str):
            path = (base or Path(".")) / m.position
            start = load_position(path, comps)
        else:
            start = position_from_data(m.position, f"{source}: position", comps)
    except PositionError as exc:
        prefix = f"{source}: position: " if isinstance(m.position, str) else ""
        raise PuzzleError(prefix + str(exc)) from None
    solution = None
    if m.solution is not None:
        texts = [p for p in m.solution.split(";")] if isinstance(m.solution, str) else m.solution
        if len(texts) > MAX_SOLUTION:
            raise PuzzleError(
                located(source, "solution", f"{len(texts)} actions; a solution holds at most {MAX_SOLUTION}")
            )
        actions = []
        for i, text in enumerate(t for t in texts if t.strip()):
            try:
                actions.append(parse_action(text))
            except NotationError as exc:
                raise PuzzleError(located(source, f"solution.{i}", str(exc))) from None
        solution = tuple(actions)
    if m.goal.map is not None and m.goal.map not in comps.map:
        raise PuzzleError(located(source, "goal.map", f"unknown map card {quote(m.goal.map)}"))
    certificate = None
    if m.certificate is not None:
        c = m.certificate
        # What the certificate proves beside the optimum: fewer actions (a temple goal) or
        # one point more (a score goal) unreachable.
        wanted, unwanted = (
            ("above_optimum", "below_optimum") if m.goal.score is not None else ("below_optimum", "above_optimum")
        )
        if getattr(c, wanted) is None:
            raise PuzzleError(located(source, f"certificate.{wanted}", "missing"))
        if getattr(c, unwanted) is not None:
            kind = "an endgame puzzle (goal: score)" if m.goal.score is not None else "a puzzle with a temple goal"
            raise PuzzleError(located(source, f"certificate.{unwanted}", f"not a field of {kind}'s certificate"))
        certificate = Certificate(
            c.optimum,
            c.status,
            c.below_optimum,
            c.unique,
            c.solver,
            c.components,
            c.seed,
            c.above_optimum,
            c.strict,
            _themes(c.themes, source),
            _idle(c.idle_first_turn, m.horizon, source),
        )
    grade = None
    if m.grade is not None:
        g = m.grade
        grade = Grade(
            g.level,
            g.score,
            tuple(Necessity(n.technique, n.without) for n in g.necessary),
            tuple(g.ladder.items()),
            g.weakest,
            None if g.first_actions is None else FirstActions(g.first_actions.legal, g.first_actions.good),
            g.level_points,
        )
    puzzle = Puzzle(
        id=m.id,
        start=start,
        goal=Goal(m.goal.temples, m.goal.map, m.goal.score),
        turns=m.horizon,
        title=m.title,
        solution=solution,
        optimum=m.optimum,
        difficulty=m.difficulty,
        certificate=certificate,
        grade=grade,
        revealed=_revealed(m.revealed, source, comps),
    )
    return validate(puzzle, source) if playable else puzzle


def _themes(names: list[str] | None, source: str) -> tuple[str, ...] | None:
    """The themes a certificate records: each known, each once, in `THEMES` order."""
    if names is None:
        return None
    for i, name in enumerate(names):
        if name not in THEMES:
            raise PuzzleError(
                located(
                    source,
                    f"certificate.themes.{i}",
                    f"unknown theme {quote(name)}; expected one of {', '.join(THEMES)}",
                )
            )
    if list(names) != [t for t in THEMES if t in names]:
        order = ", ".join(t for t in THEMES if t in names)
        raise PuzzleError(located(source, "certificate.themes", f"each theme once, in the order {order}"))
    return tuple(names)


def _idle(m: IdleTurnModel | None, horizon: int, source: str) -> IdleTurn | None:
    """A two-turn puzzle's proof that turn 1 matters: an optimum exactly when OPTIMAL."""
    if m is None:
        return None
    where = "certificate.idle_first_turn"
    if horizon != 2:
        raise PuzzleError(located(source, where, f"a proof for a two-turn puzzle; this one's horizon is {horizon}"))
    if (m.status == "OPTIMAL") != (m.optimum is not None):
        raise PuzzleError(located(source, f"{where}.optimum", "given exactly when the status is OPTIMAL"))
    return IdleTurn(m.status, m.optimum)


def _revealed(m: RevealedModel, source: str, comps: Components) -> Revealed:
    """The premise as read; every id known, each map card in its own deck."""
    for i, tile in enumerate(m.land):
        if tile not in comps.tile:
            raise PuzzleError(located(source, f"revealed.land.{i}", f"unknown land tile {quote(tile)}"))
    for deck in ("easy", "medium", "hard"):
        for i, card in enumerate(getattr(m.maps, deck)):
            if card not in comps.map or comps.map[card].deck != deck:
                raise PuzzleError(
                    located(source, f"revealed.maps.{deck}.{i}", f"not a card of the {deck} deck: {quote(card)}")
                )
    for i, goal in enumerate(m.goals):
        if goal not in comps.goal:
            raise PuzzleError(located(source, f"revealed.goals.{i}", f"unknown goal card {quote(goal)}"))
    maps = (tuple(m.maps.easy), tuple(m.maps.medium), tuple(m.maps.hard))
    return Revealed(land=tuple(m.land), maps=maps, goals=tuple(m.goals))


def load_puzzle(path: str | Path, comps: Components) -> Puzzle:
    """Read a puzzle file."""
    path = Path(path)
    return puzzle_from_data(read_yaml(path, PuzzleError), str(path), comps, path.parent)


def loads_puzzle(text: str, comps: Components, source: str = "<text>") -> Puzzle:
    """Read a puzzle from YAML text."""
    return puzzle_from_data(parse_yaml(text, source, PuzzleError), source, comps)


def puzzle_to_data(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as plain data in file order, its position inline: the statement first (goal,
    horizon, premise, position), the answer last (solution, certificate, grade), so that
    opening a file does not spoil it."""
    if puzzle.revealed.whole or puzzle.revealed.unknown:
        raise ValueError(f"{puzzle.id}: a premise of a whole game or a line's rest is not a puzzle file's")
    goal: dict[str, Any] = {"temples": puzzle.goal.temples}
    if puzzle.goal.map_card is not None:
        goal["map"] = puzzle.goal.map_card
    if puzzle.goal.score is not None:
        goal = {"score": puzzle.goal.score}
    out: dict[str, Any] = {
        "format": FORMAT,
        "id": puzzle.id,
        "title": puzzle.title,
        "goal": goal,
        "horizon": puzzle.turns,
    }
    if puzzle.optimum is not None:
        out["optimum"] = puzzle.optimum
    if puzzle.difficulty is not None:
        out["difficulty"] = puzzle.difficulty
    revealed = revealed_to_data(puzzle.revealed)
    if revealed:
        out["revealed"] = revealed
    out["position"] = position_to_data(puzzle.start)
    if puzzle.solution is not None:
        out["solution"] = [format_action(a) for a in puzzle.solution]
    if puzzle.certificate is not None:
        c = puzzle.certificate
        cert: dict[str, object] = {"optimum": c.optimum, "status": c.status}
        if c.above_optimum is not None:
            cert["above_optimum"] = c.above_optimum
        if c.below_optimum is not None:
            cert["below_optimum"] = c.below_optimum
        cert["unique"] = c.unique
        if c.strict is not None:
            cert["strict"] = c.strict
        if c.themes is not None:
            cert["themes"] = list(c.themes)
        if c.idle_first_turn is not None:
            idle: dict[str, object] = {"status": c.idle_first_turn.status}
            if c.idle_first_turn.optimum is not None:
                idle["optimum"] = c.idle_first_turn.optimum
            cert["idle_first_turn"] = idle
        cert.update(solver=c.solver, components=c.components, seed=c.seed)
        out["certificate"] = cert
    if puzzle.grade is not None:
        g = puzzle.grade
        out["grade"] = {"level": g.level, "score": g.score}
        if g.level_points is not None:
            # A puzzle whose kind counts apart (from the placement, two turns): what the level reads.
            out["grade"]["level_points"] = g.level_points
        out["grade"] |= {
            "necessary": [{"technique": n.technique, "without": n.without} for n in g.necessary],
            "ladder": dict(g.ladder),
            "weakest": g.weakest,
        }
        if g.first_actions is not None:
            out["grade"]["first_actions"] = {"legal": g.first_actions.legal, "good": g.first_actions.good}
    return out


def revealed_to_data(revealed: Revealed) -> dict[str, Any]:
    """The premise as plain data, empty piles left out (nothing revealed: an empty mapping)."""
    out: dict[str, Any] = {}
    if revealed.land:
        out["land"] = list(revealed.land)
    decks = {d: list(cards) for d, cards in zip(("easy", "medium", "hard"), revealed.maps, strict=True) if cards}
    if decks:
        out["maps"] = decks
    if revealed.goals:
        out["goals"] = list(revealed.goals)
    return out


def dumps_puzzle(puzzle: Puzzle) -> str:
    """The puzzle as YAML text."""
    return dump_yaml(puzzle_to_data(puzzle))


def save_puzzle(puzzle: Puzzle, path: str | Path) -> None:
    """Write a puzzle file, whole or not at all."""
    write_atomic(path, dumps_puzzle(puzzle))
