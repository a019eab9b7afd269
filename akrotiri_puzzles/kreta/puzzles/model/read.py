"""A solution of the model read back into the hero's actions, in notation the engine checks."""

from __future__ import annotations

from itertools import permutations

from ortools.sat.python import cp_model

from ...actions import Abbot, Action, Castellan, Fort, Halt, Harvest, Journey, March, Sail, Ship, Village, Villager
from ...board import Board
from ..puzzle import Puzzle, hero_apply
from .build import Built


def read_line(built: Built, solver: cp_model.CpSolver, puzzle: Puzzle) -> tuple[Action, ...]:
    """The line of the solution: each step's card play (a march as its journeys), then the
    castellan; each action is applied through the engine as it is read, so that a march ends
    with `halt` only where the engine still expects more."""
    board = puzzle.start.board
    ids = [p.id for p in board.provinces]
    pos = puzzle.start
    hero = puzzle.hero
    line: list[Action] = []
    value = solver.value
    for t, step in enumerate(built.steps, start=1):
        if value(step.idle):
            continue
        before, after = built.states[t - 1], built.states[t]
        kind = next(k for k, var in step.kind.items() if value(var))
        king = any(value(v) for v in step.king.values())
        actions: list[Action]
        if kind == "fort":
            space = next(s for s, var in after.forts.items() if value(var) and not value(before.forts[s]))
            actions = [Fort(space + 1, king)]
        elif kind == "village":
            actions = [Village(ids[p], king) for p, var in enumerate(step.village) if value(var)]
        elif kind == "villager":
            actions = [Villager(ids[p], king) for p, var in enumerate(step.villager) if value(var)]
        elif kind == "ship":
            actions = [
                Ship(ids[p], king) for p, var in after.ships.items() if value(var) and not value(before.ships[p])
            ]
        elif kind == "sail":
            leaving = sorted(p for p, var in before.ships.items() if value(var) and not value(after.ships[p]))
            arriving = sorted(p for p, var in after.ships.items() if value(var) and not value(before.ships[p]))
            actions = [Sail(tuple(sorted((ids[a], ids[b]) for a, b in zip(leaving, arriving, strict=True))), king)]
        elif kind == "abbot":
            actions = [Abbot(ids[p], king) for p, var in enumerate(after.abbot) if value(var)]
        elif kind == "harvest":
            actions = [
                Harvest(ids[p], king)
                for p, var in after.harvested.items()
                if value(var) and not value(before.harvested[p])
            ]
        else:
            net = [value(after.villagers[p]) - value(before.villagers[p]) for p in range(len(ids))]
            journeys = transport(board, net)
            actions = [March(ids[journeys[0][0]], ids[journeys[0][1]], king)]
            actions += [Journey(ids[a], ids[b]) for a, b in journeys[1:]]
        for action in actions:
            pos = hero_apply(pos, hero, action)
            line.append(action)
        if pos.phase == "march":
            pos = hero_apply(pos, hero, Halt())
            line.append(Halt())
    line.append(Castellan())
    return tuple(line)


def transport(board: Board, net: list[int]) -> list[tuple[int, int]]:
    """Journeys that make a net change of villagers at the least total distance: each villager
    leaving a province that loses goes to a province that gains (at most 4 of each)."""
    sources = [p for p, d in enumerate(net) if d < 0 for _ in range(-d)]
    sinks = [p for p, d in enumerate(net) if d > 0 for _ in range(d)]
    assert len(sources) == len(sinks) and sources
    dist = board.distance
    best = min(
        permutations(sinks), key=lambda order: (sum(dist[a][b] for a, b in zip(sources, order, strict=True)), order)
    )
    return list(zip(sources, best, strict=True))
