"""Shared fixtures: the default components, positions written inline, simulated positions."""

from __future__ import annotations

import random
import textwrap
from functools import cache

import pytest

from akrotiri_puzzles import Components, Position, apply, legal_actions, load_components, loads_position, new_game


@pytest.fixture(scope="session")
def comps() -> Components:
    """The default component set."""
    return load_components()


def position(text: str, source: str = "<test>") -> Position:
    """A position from YAML written inline in a test (dedented)."""
    return loads_position(textwrap.dedent(text), load_components(), source)


@cache
def simulated(games: int = 6, seed: int = 100, edition: int = 2016, strategist: bool = False) -> tuple[Position, ...]:
    """Every position of a few uniformly random games (capped at 40 turns), for property tests."""
    comps = load_components()
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        pos = new_game(comps, seed + g, edition, strategist)
        while pos.phase != "over" and pos.turn <= 40:
            out.append(pos)
            pos = apply(pos, rng.choice(legal_actions(pos)))
        out.append(pos)
    return tuple(out)


def sample(positions: tuple[Position, ...], k: int, seed: int = 0) -> list[Position]:
    """A fixed random sample of positions."""
    rng = random.Random(seed)
    return rng.sample(list(positions), min(k, len(positions)))
