"""Bots that play whole games: uniformly random, and greedy (the best position one action ahead,
by the points in hand and the points the face-up fort cards promise)."""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action
from .position import Position
from .rules import apply_unchecked, legal_actions
from .rules.queries import influence, province_points

Bot = Callable[[Position, random.Random], Action]

SECOND_CARD_WEIGHT = 0.5
"""How much the second face-up card's scoring counts beside the first's."""


def random_bot(pos: Position, rng: random.Random) -> Action:
    """A legal action chosen uniformly."""
    return rng.choice(legal_actions(pos))


def promise(pos: Position, seat: int) -> float:
    """What `seat` would gain, minus the best other player's gain, if the face-up cards were
    scored now (the first fully, the second at SECOND_CARD_WEIGHT)."""
    board = pos.board
    total = 0.0
    for k, number in enumerate(pos.row[: pos.face_up]):
        weight = 1.0 if k == 0 else SECOND_CARD_WEIGHT
        for province in board.space(number).provinces:
            influences = [influence(pos, s, province) for s in range(len(pos.players))]
            points = province_points(influences, board.values[province])
            total += weight * (points[seat] - max(p for s, p in enumerate(points) if s != seat))
    return total


def evaluate(pos: Position, seat: int) -> float:
    """The greedy bot's view of a position for `seat`: its lead in points, plus the promise."""
    scores = [p.score for p in pos.players]
    lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    return lead + promise(pos, seat)


def greedy_bot(pos: Position, rng: random.Random) -> Action:
    """The action whose resulting position `evaluate`s best for the player to move (ties at random).
    The castellan is held back while the first card's scoring promises the player less than 0."""
    seat = pos.to_move
    best: list[Action] = []
    best_value = float("-inf")
    for action in legal_actions(pos):
        value = evaluate(apply_unchecked(pos, action), seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return rng.choice(best)


def mixed_bot(probability: float) -> Bot:
    """Greedy with the given probability, else random."""

    def bot(pos: Position, rng: random.Random) -> Action:
        return greedy_bot(pos, rng) if rng.random() < probability else random_bot(pos, rng)

    return bot


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
