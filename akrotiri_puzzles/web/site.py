"""What the puzzle pages show and answer, apart from HTTP: the collection, each puzzle's referee and
picture, and the JSON-ready answers of the API (app.py serves them)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Buy, EndTurn, Excavate, KeepGoal, Load, Oracle, PlaceTile, Sell, Step, Unload
from ..errors import NotationError
from ..files.collection import Collection, Entry, Lesson
from ..notation import format_action, parse_action
from ..position import Position
from ..puzzle import Puzzle, State, moves, replay
from ..render.legend import panel_svg
from ..render.overlay import Overlay
from ..render.words import cube_list, map_words, phase_words
from ..techniques import DIFFICULTIES, level, techniques
from .lru import LRU, Shelf
from .placing import NotAPlacement, placing, preview, revealed
from .referee import Judgement, Outlook, Referee, Verdict

PAGE_LABEL_PX = 15.0
"""The dock names' size in the page's picture: a little larger than a picture's (13), so that
they read at 11 CSS pixels with more of the board in sight."""

CLASSIC = "classic"
"""The set of puzzles without a graded level: the first ten, found by hand-run scans (p01-p10)."""

SEAT_ABOVE = {
    "south": "South sits at the bottom of the picture: for south, above = up the page (+y), left = -x.",
    "north": "North sits at the top of the picture: for north, above = down the page (-y), left = +x.",
}


KNOWN_OUTLOOKS = 50_000
"""Positions whose outlook the referees keep, all puzzles together (about 1 kB each)."""
OVERLAYS = 100
"""Puzzles whose painted picture is kept (about 0.6 MB each with what places a line's notes,
and up to 0.8 MB of placed tiles' layers); painting one again takes about a second."""
LINE_PICTURES_BYTES = 32_000_000
"""Bytes of lines drawn over pictures kept (a line after a tile placement is about 100 kB)."""


class NotFound(Exception):
    """No puzzle has this id."""


class BadRequest(Exception):
    """A request the page cannot answer: a line that does not parse or is not legal."""


def action_kind(action: Action) -> str:
    """The kind of an action in words, as a hint names it."""
    match action:
        case PlaceTile():
            return "place the tile"
        case Step(portage=True):
            return "move (portage)"
        case Step():
            return "move (ship)"
        case Load():
            return "load"
        case Unload():
            return "unload (free)"
        case Sell():
            return "sell (free)"
        case Buy():
            return "buy map cards"
        case Excavate():
            return "excavate"
        case Oracle():
            return "consult the oracle"
        case EndTurn():
            return "end the turn"
        case KeepGoal():
            return "keep a goal card (free)"
    return type(action).__name__


def proven_optimum(puzzle: Puzzle, time_limit: float) -> int | None:
    """The puzzle's optimum: its certificate's when the certificate proves it and the solution
    agrees, else solved now; None when it cannot be proven within `time_limit`."""
    c = puzzle.certificate
    if c is not None and c.status == "OPTIMAL" and c.below_optimum == "INFEASIBLE" and puzzle.solution is not None:
        played = replay(puzzle, puzzle.solution)
        if played.illegal_at is None and played.reached and played.cost == c.optimum:
            return c.optimum
    from ..solver import solve

    result = solve(puzzle, time_limit=time_limit)
    return result.optimum if result.status == "OPTIMAL" else None


@dataclass(frozen=True)
class Item:
    """One playable puzzle of the site: from the collection, or a lesson's exercise."""

    entry: Entry
    kind: str
    """"puzzle" or "lesson"."""
    level: str
    rank: tuple[int, int, str]
    techniques: tuple[str, ...]
    lesson: Lesson | None = None
    group: str = CLASSIC
    """The set the list shows it in: its graded level (easy, medium, hard), or "classic" for a
    puzzle without one (p01-p10)."""

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle."""
        return self.entry.puzzle


def _item(entry: Entry, kind: str, lesson: Lesson | None = None) -> Item:
    rank, words = level(entry.puzzle)
    group = (entry.puzzle.difficulty or "").lower() or CLASSIC
    used = entry.techniques if entry.techniques is not None else techniques(entry.puzzle)
    return Item(entry, kind, words, rank, used, lesson, group)


def group_rank(group: str) -> int:
    """Where a set of puzzles comes in the list: the graded levels easiest first, the classic set last."""
    if group in DIFFICULTIES:
        return DIFFICULTIES.index(group)
    return len(DIFFICULTIES) + (1 if group == CLASSIC else 0)


class Site:
    """The collection as the pages serve it; answers are kept, so the site is fast once warm."""

    def __init__(self, collection: Collection, time_limit: float = 10.0) -> None:
        self.time_limit = time_limit
        # Levels first (easy, medium, hard), then the classic set; within one, by the optimum.
        puzzles = sorted((_item(e, "puzzle") for e in collection.puzzles), key=lambda i: (group_rank(i.group), i.rank))
        lessons = [_item(les.exercise, "lesson", les) for les in collection.lessons]
        self.items = {i.puzzle.id: i for i in [*puzzles, *lessons]}
        self.order = [i.puzzle.id for i in puzzles]
        self.lessons = [i.puzzle.id for i in lessons]
        self.titles = distinct_titles([i.puzzle for i in puzzles])
        """Each puzzle's title in the list; two that share one are told apart by their ids."""
        self._referees: dict[str, Referee | None] = {}
        # Answers are kept within bounds (lru.py): a server that runs for weeks keeps the
        # recent ones, and works a forgotten one out again when it is asked for.
        self.known: LRU[Any, Outlook] = LRU(most=KNOWN_OUTLOOKS)
        self.overlays: LRU[str, Overlay] = LRU(most=OVERLAYS)
        self.lines: LRU[tuple[str, tuple[str, ...]], str] = LRU(most=4096, budget=LINE_PICTURES_BYTES, weigh=len)
        # One lock per puzzle: proving one puzzle's optimum never holds up another puzzle.
        self._referee_locks = {pid: threading.Lock() for pid in self.items}
        self._picture_locks = {pid: threading.Lock() for pid in self.items}

    def counted(self) -> str:
        """How many puzzles and lessons, in words."""
        n, m = len(self.order), len(self.lessons)
        return f"{n} puzzle{'s' if n != 1 else ''} and {m} lesson{'s' if m != 1 else ''}"

    # -- lookups --------------------------------------------------------------------------

    def item(self, pid: str) -> Item:
        """The puzzle with this id, or NotFound."""
        found = self.items.get(pid)
        if found is None:
            raise NotFound(pid)
        return found

    def title(self, pid: str) -> str:
        """The puzzle's title as the pages show it."""
        return self.titles.get(pid) or self.item(pid).puzzle.title or pid

    def referee(self, pid: str) -> Referee | None:
        """The puzzle's referee (None when its optimum cannot be proven in time)."""
        item = self.item(pid)
        with self._referee_locks[pid]:
            if pid not in self._referees and item.puzzle.goal.score is not None:
                # A score goal (the endgame-puzzle lessons): the referee counts actions, not
                # points, so the page does not judge it (teach --answer does).
                self._referees[pid] = None
            if pid not in self._referees:
                optimum = proven_optimum(item.puzzle, self.time_limit)
                self._referees[pid] = (
                    None
                    if optimum is None
                    else Referee(item.puzzle, optimum, self.time_limit, known=Shelf(self.known, pid))
                )
            return self._referees[pid]

    def overlay(self, pid: str) -> Overlay:
        """The puzzle's picture, painted once."""
        item = self.item(pid)
        with self._picture_locks[pid]:
            found = self.overlays.get(pid)
            if found is None:
                # The board alone: the page shows the side panel apart, for the line's position.
                found = self.overlays[pid] = Overlay(item.puzzle.start, key=False, label_px=PAGE_LABEL_PX)
            return found

    def line_picture(self, pid: str, line: list[Action], later: Position) -> str:
        """The line drawn over the puzzle's picture (an SVG of the picture's size) on the board
        of `later`, the position the line reached, with what it changed there marked (cubes
        taken, boats moved, temples raised); kept once drawn."""
        key = (pid, tuple(format_action(a) for a in line))
        svg = self.lines.get(key)
        if svg is None:
            svg = self.lines[key] = self.overlay(pid).line_svg(tuple(line), later=later, changes=True)
        return svg

    def warm(self) -> None:
        """Paint every picture and prove every optimum (for a background thread at start)."""
        for pid in [*self.order, *self.lessons]:
            self.warm_one(pid)

    def warm_one(self, pid: str) -> None:
        """Prove the puzzle's optimum, and paint its picture while the pictures kept have room."""
        if pid in self.overlays or len(self.overlays) < self.overlays.most:
            self.overlay(pid)
        self.referee(pid)

    # -- answers --------------------------------------------------------------------------

    def line(self, pid: str, texts: list[str]) -> tuple[Puzzle, list[Action]]:
        """The puzzle and a line of actions that must all be legal, or BadRequest."""
        puzzle = self.item(pid).puzzle
        try:
            line = [parse_action(t) for t in texts]
        except NotationError as exc:
            raise BadRequest(f"the line does not parse: {exc}") from None
        played = replay(puzzle, line)
        if played.illegal_at is not None:
            raise BadRequest(f"action {played.illegal_at + 1} of the line is not legal: {played.reason}")
        return puzzle, line

    def summary(self, pid: str) -> dict[str, Any]:
        """The puzzle in a few words, for the list."""
        item = self.item(pid)
        p = item.puzzle
        return {
            "id": p.id,
            "title": self.title(pid),
            "kind": item.kind,
            "level": item.level,
            "group": item.group,
            "goal": p.goal.describe(),
            "horizon": horizon_words(p),
            "hero": p.hero,
            "techniques": list(item.techniques),
        }

    def state(self, pid: str, texts: list[str]) -> dict[str, Any]:
        """Where a line stands: the position in words and drawn (the side panel), each action of
        the line with what it spent, the actions available (the tile's placement apart, to be
        made on the picture), the line's picture."""
        puzzle, line = self.line(pid, texts)
        referee = self.referee(pid)
        played = replay(puzzle, line)
        state = played.states[-1]
        done = played.reached or state.pos.phase == "over"
        overlay = self.overlay(pid)
        available = [] if done else moves(puzzle, state)
        boat = state.pos.hero.boat
        return {
            **self.summary(pid),
            "budget": None if referee is None else referee.optimum,
            "spent": played.cost,
            "line": [format_action(a) for a in line],
            "steps": line_steps(line, played.costs),
            "finished": done,
            "above": SEAT_ABOVE[puzzle.hero],
            "position": position_words(state, puzzle.revealed.after(puzzle.start, state.pos).unknown),
            "actions": [
                {"text": format_action(a), "kind": action_kind(a)} for a in available if not isinstance(a, PlaceTile)
            ],
            "placing": None if done else placing(puzzle, state, overlay),
            "revealed": None if done else revealed(puzzle, state),
            "panel": panel_svg(state.pos),
            "focus": None if boat is None else overlay.dock_spot(boat),
            "overlay": self.line_picture(pid, line, state.pos),
        }

    def preview(self, pid: str, texts: list[str], action_text: str) -> dict[str, Any]:
        """The tile in hand laid as a placement would lay it, to show before it is played."""
        puzzle, line = self.line(pid, texts)
        try:
            action = parse_action(action_text)
        except NotationError as exc:
            raise BadRequest(f"the placement does not parse: {exc}") from None
        if not isinstance(action, PlaceTile):
            raise BadRequest(f'"action" must place the tile, e.g. "tile 1,0 r90", not {action_text!r}')
        try:
            return preview(puzzle, replay(puzzle, line).states[-1], self.overlay(pid), action)
        except NotAPlacement as exc:
            raise BadRequest(str(exc)) from None

    def play(self, pid: str, texts: list[str], action_text: str) -> dict[str, Any]:
        """The verdict on one more action, and where the line stands after it."""
        _, line = self.line(pid, texts)
        try:
            action = parse_action(action_text)
        except NotationError as exc:
            return {"verdict": "unreadable", "message": f"Cannot read that: {exc}", "state": self.state(pid, texts)}
        referee = self.referee(pid)
        if referee is None:
            return {"verdict": "undecided", "message": self._no_optimum(pid), "state": self.state(pid, texts)}
        judged = referee.judge([*line, action])
        after = texts if judged.verdict is Verdict.ILLEGAL else [*texts, format_action(action)]
        return {
            "verdict": judged.verdict.value,
            "action": format_action(action),
            "message": message(judged, referee.time_limit),
            "seconds": round(judged.seconds, 3),
            "state": self.state(pid, after),
        }

    def hint(self, pid: str, texts: list[str], level: int) -> dict[str, Any]:
        """The next action of an optimal line from here: its kind (level 1) or itself (level 2)."""
        _, line = self.line(pid, texts)
        referee = self.referee(pid)
        if referee is None:
            return {"hint": self._no_optimum(pid)}
        judged = referee.judge(line)
        if judged.verdict in (Verdict.SOLVED, Verdict.TOO_LONG):
            return {"hint": "The goal is reached."}
        if judged.verdict is Verdict.OFF_TRACK:
            return {"hint": f"From here the goal cannot be reached in {referee.optimum}: undo an action first."}
        if judged.verdict is not Verdict.ON_TRACK or not judged.rest:
            return {"hint": f"Could not decide within {referee.time_limit:g} s; try undoing an action."}
        nxt = judged.rest[0]
        if level <= 1:
            return {"hint": f"Next on a best line: {action_kind(nxt)}."}
        return {"hint": f"Next on a best line: {format_action(nxt)}."}

    def solution(self, pid: str) -> dict[str, Any]:
        """A best line from the start (the puzzle's own solution, or the solver's)."""
        puzzle = self.item(pid).puzzle
        referee = self.referee(pid)
        if referee is None:
            return {"solution": [], "message": self._no_optimum(pid)}
        line = puzzle.solution or referee.judge([]).rest
        return {"solution": [format_action(a) for a in line], "budget": referee.optimum}

    def _no_optimum(self, pid: str) -> str:
        if self.item(pid).puzzle.goal.score is not None:
            return (
                "This exercise asks for the best score by the end of the turn; the page does not judge it yet: "
                f'check an answer with akrotiri-puzzle teach {pid} --answer "ACTION; ..."'
            )
        return f"The optimum of this puzzle could not be proven within {self.time_limit:g} s, so no answer is judged."


def distinct_titles(puzzles: list[Puzzle]) -> dict[str, str]:
    """Each puzzle's title (its id when it has none); titles that several puzzles share get
    each puzzle's id after them."""
    count: dict[str, int] = {}
    for p in puzzles:
        count[p.title or p.id] = count.get(p.title or p.id, 0) + 1
    return {p.id: (p.title or p.id) + (f" ({p.id})" if count[p.title or p.id] > 1 else "") for p in puzzles}


def line_steps(line: list[Action], costs: tuple[int, ...]) -> list[dict[str, Any]]:
    """Each action of a line with what it spent: an action of the turn, a step within the Move
    action before it (an empty boat moves twice, R-MOVE-2), free (R-FREE), or none at all (the
    tile's placement, the end of the turn)."""
    out = []
    move = 0  # the number of the action the last Move is
    spent = 0
    for action, cost in zip(line, costs, strict=False):
        spent += cost
        if isinstance(action, Step) and cost:
            move = spent
            note = f"action {spent}: Move"
        elif isinstance(action, Step):
            note = f"same Move as action {move}" if move else "same Move"
        elif cost:
            note = f"action {spent}"
        elif isinstance(action, PlaceTile):
            note = "the tile: before the actions"
        elif isinstance(action, EndTurn):
            note = "end of the turn"
        else:
            note = "free"
        out.append({"text": format_action(action), "cost": cost, "note": note})
    return out


def horizon_words(puzzle: Puzzle) -> str:
    """The horizon in words."""
    return "this turn" if puzzle.turns == 1 else f"within {puzzle.turns} turns"


def position_words(state: State, unknown: tuple[str, ...] = ()) -> list[str]:
    """The hero's side of the position in a few lines; a map card bought face down and not
    revealed (`unknown`, premise.py) is not named: the puzzle does not say which it is."""
    pos = state.pos
    seat = pos.hero
    lines = [
        f"Turn {pos.turn}: {phase_words(pos)}" + (f", {pos.points} movement point(s) left" if pos.points else ""),
        f"Boat at {seat.boat or '-'}, cargo {cube_list(seat.cargo)}, {seat.drachmas} drachmas",
    ]
    if seat.tile:
        lines.append(f"Tile in hand: {seat.tile}")
    lines.extend(
        "Map card bought face down (not revealed: no line can play it)"
        if card in unknown
        else f"Map {map_words(pos, card)}"
        for card in seat.maps
    )
    if pos.passing:
        lines.append("Passing through an occupied dock: only a step may follow")
    return lines


def message(judged: Judgement, time_limit: float) -> str:
    """What the page says about an action."""
    n = judged.budget
    match judged.verdict:
        case Verdict.ILLEGAL:
            return f"Not allowed: {judged.reason}"
        case Verdict.ON_TRACK:
            return "Best move! Keep going."
        case Verdict.OFF_TRACK:
            if judged.best_from_here is not None:
                why = f"from here the goal takes {judged.spent + judged.best_from_here} actions in all, not {n}"
            else:
                why = f"from here the goal can no longer be reached in {n} actions"
            return f"Not the way: that is legal, but {why}. Undo it (u) and try another action."
        case Verdict.SOLVED:
            return f"Solved in {n} action{'s' if n != 1 else ''}!"
        case Verdict.TOO_LONG:
            return (
                f"The goal is reached, but in {judged.spent} actions; it can be done in {n}. "
                "Undo (u) and look for a shorter line."
            )
    return (
        f"That is legal, but the solver could not decide within {time_limit:g} s whether you can still finish in {n}."
    )
