"""Properties of the engine over positions reached in simulated games (hypothesis).

Positions come from uniformly random games (`conftest.simulated`, both editions and the
strategist variant) and from greedy games, which also excavate temples and draw goals.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from akrotiri_puzzles import (
    Action,
    Board,
    Buy,
    EndTurn,
    Excavate,
    IllegalActionError,
    KeepGoal,
    Load,
    Oracle,
    PlaceBoat,
    PlaceTile,
    Position,
    Sell,
    Step,
    Unload,
    apply,
    dumps_position,
    graphs,
    legal_actions,
    load_components,
    loads_position,
    parse_action,
    why_illegal,
)
from akrotiri_puzzles.components import COLOURS, DECKS, ICONS
from akrotiri_puzzles.geometry import QUADRANTS, ROTATIONS, slot_neighbours
from akrotiri_puzzles.rules import piece_quadrant
from akrotiri_puzzles.simulate import play_game

from .conftest import simulated

VARIANTS = [(2016, False), (2014, False), (2016, True)]


@cache
def greedy_positions() -> tuple[Position, ...]:
    """Every position of a few greedy games in each edition and variant."""
    comps = load_components()
    out: list[Position] = []
    for edition, strategist in VARIANTS:
        for seed in range(200, 203):
            _, final = play_game(comps, seed, edition, strategist, ("greedy", "greedy"), on_position=out.append)
            out.append(final)
    return tuple(out)


@cache
def pool() -> tuple[Position, ...]:
    """Random-game positions of both editions and the strategist variant, and greedy ones."""
    random_ones = tuple(p for e, s in VARIANTS for p in simulated(4, 100, e, s))
    return random_ones + greedy_positions()


# Positions are drawn by index so that a failure reports a short example: `pool()[i]`.
positions = st.deferred(lambda: st.integers(0, len(pool()) - 1).map(Indexed))


class Indexed:
    """A pool position that shows as its index."""

    def __init__(self, i: int) -> None:
        self.i = i
        self.pos = pool()[i]

    def __repr__(self) -> str:
        return f"pool()[{self.i}]"


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_pool_covers_every_phase_and_kind_of_action():
    phases = {p.phase for p in pool()}
    assert phases == {"setup_tile", "setup_goal", "setup_boat", "place", "act", "goal", "over"}
    assert {p.edition for p in pool()} == {2016, 2014} and any(p.strategist for p in pool())
    assert any(p.passing for p in pool())
    kinds = {type(a) for p in pool()[::3] for a in legal_actions(p)}
    assert kinds == {PlaceTile, Step, Load, Unload, Sell, Buy, Excavate, Oracle, EndTurn, KeepGoal, PlaceBoat}


# ---- applying an action never changes its input ---------------------------------------------


def _board_facts(board: Board) -> tuple[object, ...]:
    return (
        board.placements,
        {k: v for k, v in board.islands.items()},
        dict(board.ship_reach),
        board.completed,
        dict(board.island_of_dock),
    )


@SETTINGS
@given(pos=positions, seed=st.integers(0, 2**16))
def test_applying_an_action_never_changes_its_input(pos, seed):
    pos = pos.pos
    key = pos.key()
    facts = _board_facts(pos.board)
    cubes = {k: dict(v) for k, v in pos.cubes_by_island.items()}
    actions = legal_actions(pos)
    for action in random.Random(seed).sample(actions, min(len(actions), 25)):
        apply(pos, action)
        assert pos.key() == key, action
    assert _board_facts(pos.board) == facts
    assert {k: dict(v) for k, v in pos.cubes_by_island.items()} == cubes
    assert legal_actions(pos) == actions


@SETTINGS
@given(pos=positions)
def test_a_board_built_tile_by_tile_equals_one_built_at_once(pos):
    pos = pos.pos
    board = pos.board
    fresh = Board(board.placements, board.components)
    assert _board_facts(fresh) == _board_facts(board)
    assert fresh.island_size == board.island_size
    assert {frozenset(v) for v in board.islands.values()} == set(graphs.islands(board))
    partition: dict[int, set[str]] = {}
    for dock, comp in board.ship_component.items():
        partition.setdefault(comp, set()).add(dock)
    assert {frozenset(v) for v in partition.values()} == set(graphs.ship_components(board))


# ---- notation and files round-trip ----------------------------------------------------------


@SETTINGS
@given(pos=positions)
def test_save_then_load_gives_the_same_position(pos):
    pos = pos.pos
    text = dumps_position(pos)
    again = loads_position(text, pos.components)
    assert again == pos
    assert again.key() == pos.key()
    assert dumps_position(again) == text


@SETTINGS
@given(pos=positions)
def test_every_legal_action_parses_back_from_its_notation(pos):
    pos = pos.pos
    for action in legal_actions(pos):
        text = str(action)
        assert parse_action(text) == action, text
        assert parse_action(f"  {text.upper()} ") == action, text


# ---- legal_actions and why_illegal agree ----------------------------------------------------


def near_misses(pos: Position, legal: list[Action]) -> set[Action]:
    """Actions close to the legal ones: other docks, colours, slots, sites, cards and decks."""
    board = pos.board
    comps = pos.components
    out: set[Action] = {EndTurn()}
    for dock in (*board.docks, "T9"):
        out |= {Step(dock), Step(dock, portage=True), PlaceBoat(dock)}
    for n in range(4):
        combos = set(combinations_with_replacement(COLOURS, n))
        out |= {Load(c) for c in combos} | {Unload(c) for c in combos}
        out |= {Buy(d) for d in combinations_with_replacement(DECKS, n)}
    out |= {Sell(c) for c in COLOURS} | {Oracle(i) for i in ICONS}
    # Values the notation would refuse, built through the API.
    out |= {Buy(("gold",)), Load(("pink",)), Unload(("pink",)), Sell("pink"), Oracle("sun"), Load(()), Buy(())}
    out |= {KeepGoal(g.id) for g in comps.goals}
    if pos.hero.tile is not None:
        slots = set(board.open_slots) | {(0, 0), (1, 1), (-2, 1), (4, 4)}
        slots |= {n for a in legal if isinstance(a, PlaceTile) for n in slot_neighbours(a.slot)}
        for slot in slots:
            for rotation in (*ROTATIONS, 45):
                out.add(PlaceTile(slot, rotation))
                out |= {PlaceTile(slot, rotation, c, q) for c in COLOURS for q in QUADRANTS}
                out |= {PlaceTile(slot, rotation, "red", None), PlaceTile(slot, rotation, None, "NE")}
                out |= {PlaceTile(slot, rotation, "pink", "SW"), PlaceTile(slot, rotation, "red", "XX")}
    sites = {q for quads in board.island_quads.values() for q in quads} | {(9, 9), (2, -5)}
    for card in {*pos.hero.maps, "E01", "H12", *(a.card for a in legal if isinstance(a, Excavate))}:
        out |= {Excavate(card, site) for site in sites}
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=positions)
def test_legal_actions_are_exactly_those_why_illegal_accepts(pos):
    pos = pos.pos
    legal = legal_actions(pos)
    assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
    for action in legal:
        assert why_illegal(pos, action) is None, action
    candidates = near_misses(pos, legal)
    assert set(legal) <= candidates
    for action in candidates - set(legal):
        reason = why_illegal(pos, action)
        if reason is None:
            # The second cube may name any quadrant of its piece; legal_actions lists the
            # piece's first quadrant. Both place the same cube.
            assert isinstance(action, PlaceTile) and action.quadrant is not None, action
            first = piece_quadrant(pos, pos.hero.tile, action.rotation, action.quadrant)  # type: ignore[arg-type]
            canonical = replace(action, quadrant=first)
            assert first != action.quadrant and canonical in legal, action
            assert apply(pos, action) == apply(pos, canonical)
            continue
        assert isinstance(reason, str) and reason, action
        with pytest.raises(IllegalActionError):
            apply(pos, action)
