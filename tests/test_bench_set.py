"""The analyser benchmark's set (tools/bench_last_turns.py): each seat's last turn of a seeded
greedy game, whole, from its first position (R-TURN-1: the tile placement first)."""

from __future__ import annotations

from akrotiri_puzzles import load_components
from akrotiri_puzzles.analysis.corpus import last_turns

from .conftest import tool_module


def _tool():
    return tool_module("bench_last_turns")


def test_R_TURN_1_the_benchmark_starts_each_last_turn_at_its_tile_placement():
    tool = _tool()
    comps = load_components()
    found = dict(tool.positions(105, 2016, 0))
    assert set(found) == {"south", "north"}
    every = last_turns(comps, 105, 2016)
    for seat, pos in found.items():
        mine = [p for p in every if p.to_move == seat]
        # The first position of the seat's last turn: before its placement, a tile in hand.
        assert pos == mine[0]
        assert pos.turn == mine[-1].turn
        assert pos.phase == "place" and pos.hero.tile is not None
    # --most-actions: the action phase of the same turn with few actions left instead.
    for seat, pos in tool.positions(105, 2016, 0, 2):
        assert pos.phase == "act" and pos.actions_left <= 2 and pos.turn == found[seat].turn
