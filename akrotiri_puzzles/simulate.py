"""Whole games played by bots, with the game's invariants checked after every action."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .actions import Action, Excavate
from .bots import make_bot
from .components import COLOURS, Components
from .effects import apply
from .position import Position
from .scoring import final_score
from .setup import new_game

DEFAULT_MAX_TURNS = 100
"""Turns after which an unfinished game stops: random play rarely earns six temples."""


def check_invariants(before: Position, action: Action, after: Position) -> list[str]:
    """Invariants that must hold after every action; each broken one as a sentence."""
    out: list[str] = []
    comps = after.components
    per = comps.market.cubes_per_colour
    for i, colour in enumerate(COLOURS):
        on_board = sum(n for _, c, n in after.cubes if c == colour)
        on_boats = sum(s.cargo.count(colour) for s in after.seats)
        if after.market[i] + on_board + on_boats != per:
            out.append(f"{colour} cubes not conserved: {after.market[i]}+{on_board}+{on_boats} != {per}")
    south, north = after.seats
    if south.boat is not None and south.boat == north.boat and not after.passing:
        out.append(f"two boats stopped on dock {south.boat}")
    for name, seat in zip(("south", "north"), after.seats, strict=True):
        if seat.drachmas < 0:
            out.append(f"{name} has {seat.drachmas} drachmas")
        if len(seat.temples) > comps.player_board.temples:
            out.append(f"{name} has {len(seat.temples)} temples")
        if len(seat.cargo) > 3:
            out.append(f"{name}'s boat carries {len(seat.cargo)} cubes")
    if isinstance(action, Excavate):
        island = after.board.island_at(action.site)
        on_island = after.temple_islands().get(island, [])  # type: ignore[arg-type]
        if len(on_island) != 1:
            out.append(f"temple at {action} shares its island with {len(on_island) - 1} other(s)")
    return out


@dataclass
class GameRecord:
    """What one simulated game did."""

    seed: int
    turns: int
    actions: int
    finished: bool
    scores: tuple[int, int]
    winners: tuple[str, ...]
    """Empty for a game stopped unfinished at the turn cap: it has no winner."""
    violations: list[str] = field(default_factory=list)
    reach: list[int] = field(default_factory=list)
    """Docks one ship step reaches from each dock, sampled once per board."""


def play_game(
    comps: Components,
    seed: int,
    edition: int = 2016,
    strategist: bool = False,
    bots: tuple[str, str] = ("random", "random"),
    max_turns: int = DEFAULT_MAX_TURNS,
    check: bool = True,
    on_position: Callable[[Position], None] | None = None,
    mix: float = 0.5,
    unstick: bool = False,
) -> tuple[GameRecord, Position]:
    """Play one game from setup to the end (or the turn cap); return its record and last position.

    `mix` is the mixed bot's probability of a greedy action; `unstick`, whether the greedy
    actions get out of stalls (bots.GreedyBot: `simulate` plays so; the default keeps the games
    every seed gave before)."""
    rng = random.Random(seed)
    players = {"south": make_bot(bots[0], mix, unstick), "north": make_bot(bots[1], mix, unstick)}
    pos = new_game(comps, seed, edition, strategist)
    actions = 0
    violations: list[str] = []
    reach: list[int] = []
    seen_boards: set[object] = set()
    while pos.phase != "over" and pos.turn <= max_turns:
        if on_position is not None:
            on_position(pos)
        if pos.phase == "act" and pos.board.placements not in seen_boards:
            seen_boards.add(pos.board.placements)
            reach.extend(len(v) for v in pos.board.ship_reach.values())
        action = players[pos.to_move].choose(pos, rng)
        if check:
            key = pos.key()
            after = apply(pos, action)
            if pos.key() != key:
                violations.append(f"turn {pos.turn}: applying {action} changed its input position")
            violations.extend(f"turn {pos.turn}, {action}: {v}" for v in check_invariants(pos, action, after))
        else:
            after = apply(pos, action)
        pos = after
        actions += 1
    score = final_score(pos)
    record = GameRecord(
        seed=seed,
        turns=pos.turn,
        actions=actions,
        finished=pos.phase == "over",
        scores=(score.seats[0].total, score.seats[1].total),
        winners=score.winners if pos.phase == "over" else (),
        violations=violations,
        reach=reach,
    )
    return record, pos


def play_games(
    comps: Components,
    games: int,
    seed: int,
    edition: int = 2016,
    strategist: bool = False,
    bots: tuple[str, str] = ("random", "random"),
    max_turns: int = DEFAULT_MAX_TURNS,
    mix: float = 0.5,
) -> Iterator[tuple[GameRecord, Position]]:
    """Games seeded `seed`, `seed+1`, ...; each yielded as it ends."""
    for i in range(games):
        yield play_game(comps, seed + i, edition, strategist, bots, max_turns, mix=mix)


@dataclass(frozen=True)
class Summary:
    """Figures over many games."""

    games: int
    finished: int
    violations: list[str]
    mean_turns: float
    mean_actions: float
    mean_score: float
    score_quartiles: tuple[float, float, float]
    wins: dict[str, int]
    """Winners of the finished games only ("south", "north" or "shared"): a game stopped at
    the turn cap has no winner."""
    ship_step_reach_median: float
    ship_step_reach_quartiles: tuple[float, float, float]
    ship_step_reach_max: int

    def as_json(self) -> dict[str, object]:
        """The summary as plain data."""
        return {
            "games": self.games,
            "finished": self.finished,
            "violations": len(self.violations),
            "violation_examples": self.violations[:10],
            "mean_turns": round(self.mean_turns, 2),
            "mean_actions": round(self.mean_actions, 2),
            "mean_score": round(self.mean_score, 2),
            "score_quartiles": list(self.score_quartiles),
            "unfinished": self.games - self.finished,
            "wins": self.wins,
            "ship_step_reach_median": self.ship_step_reach_median,
            "ship_step_reach_quartiles": list(self.ship_step_reach_quartiles),
            "ship_step_reach_max": self.ship_step_reach_max,
        }


def _quartiles(values: list[int]) -> tuple[float, float, float]:
    if len(values) < 2:
        v = float(values[0]) if values else 0.0
        return (v, v, v)
    q = statistics.quantiles(values, n=4, method="inclusive")
    return (q[0], q[1], q[2])


def summarise(records: list[GameRecord]) -> Summary:
    """Summary figures of a list of game records."""
    scores = [s for r in records for s in r.scores]
    reach = [x for r in records for x in r.reach]
    wins: Counter[str] = Counter()
    for r in records:
        if r.winners:
            wins["shared" if len(r.winners) == 2 else r.winners[0]] += 1
    return Summary(
        games=len(records),
        finished=sum(r.finished for r in records),
        violations=[f"game {r.seed}: {v}" for r in records for v in r.violations],
        mean_turns=statistics.fmean(r.turns for r in records) if records else 0.0,
        mean_actions=statistics.fmean(r.actions for r in records) if records else 0.0,
        mean_score=statistics.fmean(scores) if scores else 0.0,
        score_quartiles=_quartiles(scores),
        wins=dict(wins),
        ship_step_reach_median=float(statistics.median(reach)) if reach else 0.0,
        ship_step_reach_quartiles=_quartiles(reach),
        ship_step_reach_max=max(reach, default=0),
    )
