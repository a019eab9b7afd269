"""The exhaustive search: optima worked out by hand, its lines replay, its prunings change nothing,
and the frozen corpus of small puzzles still has the optima it records."""

from __future__ import annotations

import csv
import textwrap
from pathlib import Path

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Buy, Excavate, Oracle, PlaceTile, Sell, Step
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle, loads_puzzle
from akrotiri_puzzles.puzzle import Puzzle, State, replay
from akrotiri_puzzles.solver.exhaustive import search, state_key
from akrotiri_puzzles.solver.pruning import LastTurn

CORPUS = Path(__file__).parent / "data" / "puzzles" / "small"

# The excavation board (as in test_rules_actions.py), seen from south:
#   L05 in (1,0): volcano on 1,0NE      L03 in (1,-1): tree on 1,-1SW
#   L08 in (2,0): mountain on 2,0NW     L02 in (0,1): lake on 0,1NE
# The island "1,-1NW" has the docks 1,0SW and 1,-1NW. T1 has no shipping route: only a
# portage to T2, which ships to 1,0SW and 0,1SE (and more). Map cards costing 3 drachmas:
#   E01 (south) fits 1,-1NW's island and 0,1SE's islet; E04 (south) fits 1,-1NW's island only;
#   E05 (lake above, volcano below, mountain right) fits 0,1SW's and 0,1SE's islets from south,
#   and 1,-1NW's island once a volcano lies below it, as the tile L01 (a volcano) can put it;
#   E09 fits 1,-1NW's island only from north.
# Piles are left out: the remaining components, in file order (the land pile starts L01).
BOARD = """\
board:
- {slot: [1, 0], tile: L05}
- {slot: [1, -1], tile: L03}
- {slot: [2, 0], tile: L08}
- {slot: [0, 1], tile: L02}
"""


def puzzle(position: str, goal: str = "{temples: 1}", horizon: int = 1, revealed: str = "{}") -> Puzzle:
    """A puzzle on the excavation board; `position` holds the position's other fields. A
    two-turn puzzle reveals the land tile turn 1's end draws (L01, the top of the pile)."""
    body = textwrap.indent(BOARD + textwrap.dedent(position), "  ")
    if horizon == 2 and revealed == "{}":
        revealed = "{land: [L01]}"
    text = f"id: hand\ngoal: {goal}\nhorizon: {horizon}\nrevealed: {revealed}\nposition:\n{body}"
    return loads_puzzle(text, load_components(), "<test>")


def solved(p: Puzzle) -> int | None:
    """The optimum, after checking that the search finished and its line replays to it."""
    result = search(p)
    assert result.complete
    if result.optimum is None:
        assert result.line == ()
        return None
    played = replay(p, result.line)
    assert played.illegal_at is None, played.reason
    assert played.reached and played.cost == result.optimum
    return result.optimum


# ---- optima worked out by hand ----------------------------------------------------------------


def test_docked_where_a_map_in_hand_fits_with_the_money_is_one_action():
    p = puzzle("seats: {south: {boat: '1,0SW', maps: [E01], drachmas: 3}, north: {boat: T2}}")
    assert solved(p) == 1
    assert isinstance(search(p).line[-1], Excavate)


def test_north_reads_the_map_from_its_own_seat():
    """R-GEO-10: E09 fits the island seen from north, E01 only from south."""
    fits = "to_move: north\nseats: {north: {boat: '1,0SW', maps: [E09], drachmas: 3}, south: {boat: T2}}"
    assert solved(puzzle(fits)) == 1
    # E01 fits nowhere from north; buying a card that would (1 drachma) leaves too little to pay.
    wrong = "to_move: north\nseats: {north: {boat: '1,0SW', maps: [E01], drachmas: 3}, south: {boat: T2}}"
    assert solved(puzzle(wrong)) is None


def test_one_ship_step_away_with_a_loaded_boat_is_two_actions():
    """R-MOVE-2: a loaded boat's Move action gives one point: the step, then the excavation."""
    p = puzzle(
        """\
        market: {red: 7}
        seats: {south: {boat: T2, cargo: [red], maps: [E04], drachmas: 3}, north: {boat: T1}}
        """
    )
    assert solved(p) == 2


def test_an_empty_boat_two_steps_away_needs_one_move_action():
    """R-MOVE-2: portage T1 -> T2 and ship to 1,0SW on the two points of one Move action."""
    p = puzzle("seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}")
    assert solved(p) == 2
    first, second, _ = search(p).line
    assert first == Step("T2", portage=True)
    assert second in (Step("1,0SW"), Step("1,-1NW"))  # the island's two docks


def test_selling_is_free_and_pays_for_the_map():
    """R-FREE-1: three red cubes sell for 2 + 2 + 1 drachmas at Thera at no cost in actions."""
    p = puzzle(
        """\
        market: {red: 5}
        seats: {south: {boat: T2, cargo: [red, red, red], maps: [E04], drachmas: 0}, north: {boat: T1}}
        """
    )
    assert solved(p) == 2
    assert any(isinstance(a, Sell) for a in search(p).line)


def test_infeasible_when_no_map_fits_and_none_can_be_afforded():
    p = puzzle("seats: {south: {boat: '1,0SW', maps: [E09], drachmas: 3}, north: {boat: T2}}")
    assert solved(p) is None


def test_too_few_actions_left_is_infeasible():
    p = puzzle("actions_left: 1\nseats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}")
    assert solved(p) is None


def test_placing_the_tile_brings_the_icon_the_map_needs():
    """R-TILE-1: from the tile placement, L01's volcano makes E05 fit where the boat is (free)."""
    p = puzzle("phase: place\nseats: {south: {boat: '1,0SW', tile: L01, maps: [E05], drachmas: 3}, north: {boat: T2}}")
    assert solved(p) == 1
    assert isinstance(search(p).line[0], PlaceTile)
    # In the action phase, without the tile, the boat must sail to an islet where E05 fits.
    q = puzzle("seats: {south: {boat: '1,0SW', maps: [E05], drachmas: 3}, north: {boat: T2}}")
    assert solved(q) == 2


def test_a_second_turn_brings_the_next_tile():
    """R-END-1: ending the turn (free) draws L01; next turn it is placed and E05 fits."""
    position = "actions_left: 0\nseats: {south: {boat: '1,0SW', maps: [E05], drachmas: 3}, north: {boat: T2}}"
    assert solved(puzzle(position, horizon=1)) is None
    assert solved(puzzle(position, horizon=2)) == 1


def test_two_temples_need_two_islands():
    """R-EXC-1: one temple per island; E01 also fits the islet of 0,1SE, one ship step on."""
    position = "seats: {south: {boat: '1,0SW', maps: [E01, E04], drachmas: 6}, north: {boat: T2}}"
    assert solved(puzzle(position, goal="{temples: 2}")) == 3
    assert solved(puzzle("actions_left: 2\n" + position, goal="{temples: 2}")) is None


def test_a_named_map_card_must_be_the_one_played():
    p = puzzle("seats: {south: {boat: '1,0SW', maps: [E01, E04], drachmas: 3}, north: {boat: T2}}", "{map: E01}")
    assert solved(p) == 1
    assert search(p).line[-1].card == "E01"  # type: ignore[union-attr]


# ---- the search itself ------------------------------------------------------------------------


def test_max_nodes_stops_the_search_unproven():
    p = puzzle("seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}")
    capped = search(p, max_nodes=1)
    assert (capped.complete, capped.optimum, capped.line, capped.nodes) == (False, None, (), 1)


def test_the_state_key_merges_cubes_on_pieces_of_one_island():
    """R-TILE-3, R-LOAD-1: a cube on either piece of the island "1,-1NW" is the same for the search."""
    one = puzzle("cubes: [{piece: '1,0SW', colour: red}]\nseats: {south: {boat: T1}, north: {boat: T2}}")
    other = puzzle("cubes: [{piece: '1,-1NW', colour: red}]\nseats: {south: {boat: T1}, north: {boat: T2}}")
    assert one.start.key() != other.start.key()
    assert state_key(State(one.start)) == state_key(State(other.start))
    elsewhere = puzzle("cubes: [{piece: '1,-1SW', colour: red}]\nseats: {south: {boat: T1}, north: {boat: T2}}")
    assert state_key(State(one.start)) != state_key(State(elsewhere.start))


def test_a_boat_too_far_from_where_its_map_fits_is_dead_in_the_last_turn():
    """R-MOVE-1, R-MOVE-2: from T1, E04's island is two steps away (portage, ship): one Move
    action of an empty boat, and the excavation: 2 actions, so 1 is too few."""
    position = "seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}"
    far = puzzle("actions_left: 1\n" + position)
    near = puzzle("actions_left: 2\n" + position)
    assert LastTurn(far).least_actions(far.start, 1) == 2
    assert LastTurn(far).dead(far.start) and not LastTurn(near).dead(near.start)


def test_the_oracle_is_never_consulted_in_the_last_turn():
    """R-ORA-1: its tile could only be placed next turn."""
    p = puzzle("seats: {south: {boat: '1,0SW', maps: [E04], drachmas: 3}, north: {boat: T2}}")
    assert LastTurn(p).pointless(p.start, Oracle("lake"), 1, 1)


def test_no_purchase_without_actions_for_a_step_and_the_excavation():
    """R-BUY-1: after buying at Thera the boat must still sail (a Move action) and excavate."""
    two = puzzle("actions_left: 2\nseats: {south: {boat: T2, drachmas: 9}, north: {boat: T1}}")
    three = puzzle("actions_left: 3\nseats: {south: {boat: T2, drachmas: 9}, north: {boat: T1}}")
    assert LastTurn(two).pointless(two.start, Buy(("easy",)), 1, 1)
    assert not LastTurn(three).pointless(three.start, Buy(("easy",)), 1, 1)


# Puzzles for comparing the search with and without its prunings: (position, goal, horizon).
HAND = [
    ("seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}", "{temples: 1}", 1),
    ("phase: place\nseats: {south: {boat: '1,0SW', tile: L01, maps: [E05], drachmas: 3}, north: {boat: T2}}", "{}", 1),
    ("actions_left: 2\nseats: {south: {boat: T2, maps: [E09], drachmas: 1}, north: {boat: T1}}", "{}", 1),
    (
        "market: {red: 5}\nseats: {south: {boat: T2, cargo: [red, red, red], maps: [E04], drachmas: 0}, north: {boat: T1}}",
        "{}",
        1,
    ),
    ("to_move: north\nseats: {north: {boat: T1, maps: [E01], drachmas: 4}, south: {boat: '1,0SW'}}", "{}", 1),
    ("seats: {south: {boat: '1,0SW', maps: [E01, E04], drachmas: 6}, north: {boat: T2}}", "{temples: 2}", 1),
    (
        "seats: {south: {boat: T2, maps: [E01, E04], drachmas: 9}, north: {boat: T1}}",
        "{map: E05}",
        1,
        "{maps: {easy: [E02, E03, E05]}}",  # a goal card must be in hand or revealed
    ),
    ("actions_left: 0\nseats: {south: {boat: '1,0SW', maps: [E05], drachmas: 3}, north: {boat: T2}}", "{}", 2),
]


@pytest.mark.parametrize(("position", "goal", "horizon", "revealed"), [(*row, "{}")[:4] for row in HAND])
def test_the_last_turn_prunings_change_no_optimum(position, goal, horizon, revealed):
    p = puzzle(position, goal, horizon, revealed)
    pruned, full = search(p), search(p, prune=False)
    assert pruned.complete and full.complete
    assert pruned.optimum == full.optimum
    assert pruned.nodes <= full.nodes


# ---- the frozen corpus ------------------------------------------------------------------------


def corpus() -> list[Path]:
    """The corpus's puzzle files."""
    return sorted(CORPUS.glob("*.yaml"))


def index() -> dict[str, tuple[int | None, int]]:
    """The corpus index: per file, the exhaustive optimum (None: infeasible) and the states played."""
    path = CORPUS / "index.csv"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as fh:
        return {
            row["file"]: (int(row["optimum"]) if row["optimum"] else None, int(row["nodes"]))
            for row in csv.DictReader(fh)
        }


def recorded() -> dict[str, int | None]:
    """The exhaustive optimum of each corpus file, from its index (None: infeasible)."""
    return {name: optimum for name, (optimum, _) in index().items()}


def test_the_corpus_is_indexed_and_every_file_records_its_optimum():
    files = corpus()
    optima = recorded()
    assert len(files) >= 220
    assert sorted(optima) == sorted(p.name for p in files)
    comps = load_components()
    for path in files:
        p = load_puzzle(path, comps)
        assert p.optimum == optima[path.name], path.name
        if p.optimum is None:
            assert p.solution is None, path.name
        else:
            played = replay(p, p.solution or ())
            assert played.illegal_at is None and played.reached and played.cost == p.optimum, path.name


# Corpus (make test-corpus): make test searches every file of the corpus afresh and compares
# with its record in tests/test_solver_agreement.py (test_cpsat_agrees_with_exhaustive_search),
# which solves each file with CP-SAT too; this every fourth file took about 6 s of CPU more.
@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(recorded()))
def test_corpus_optimum_matches_a_fresh_search(name):
    p = load_puzzle(CORPUS / name, load_components())
    result = search(p)
    assert result.complete
    assert result.optimum == recorded()[name]


# The corpus puzzles the search proved with few states, whose unpruned search stays small.
SMALLEST = sorted(name for name, (_, nodes) in index().items() if nodes <= 1000)[::3]


@pytest.mark.slow
@pytest.mark.parametrize("name", SMALLEST)
def test_corpus_prunings_change_no_optimum(name):
    p = load_puzzle(CORPUS / name, load_components())
    full = search(p, prune=False, max_nodes=20_000)
    if not full.complete:
        pytest.skip("too big without the prunings")
    assert full.optimum == recorded()[name]


# ---- forbidding a technique (for "technique necessary" claims) --------------------------------


def test_R_MOVE_1_without_portage_t1_is_cut_off():
    """R-MOVE-1: T1 has no shipping route, only a portage to T2: without portage, no line."""
    p = puzzle("seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}")
    assert search(p).optimum == 2
    assert search(p, forbid=frozenset({"portage"})).optimum is None


def test_the_double_move_cannot_be_forbidden_in_the_engine():
    p = puzzle("seats: {south: {boat: T1, maps: [E04], drachmas: 3}, north: {boat: '2,0NE'}}")
    with pytest.raises(ValueError, match="double move"):
        search(p, forbid=frozenset({"double-move"}))


def test_R_FREE_1_without_selling_the_map_cannot_be_paid():
    """R-FREE-1: the three red cubes must be sold to pay for E04."""
    p = puzzle(
        """\
        market: {red: 5}
        seats: {south: {boat: T2, cargo: [red, red, red], maps: [E04], drachmas: 0}, north: {boat: T1}}
        """
    )
    assert search(p, forbid=frozenset({"sell"})).optimum is None
    assert search(p, forbid=frozenset({"buy", "load", "oracle"})).optimum == 2


def test_R_TURN_1_without_a_second_turn_the_next_tile_never_comes():
    position = "actions_left: 0\nseats: {south: {boat: '1,0SW', maps: [E05], drachmas: 3}, north: {boat: T2}}"
    two = puzzle(position, horizon=2)
    assert search(two).optimum == 1
    assert search(two, forbid=frozenset({"second-turn"})).optimum is None


@pytest.mark.parametrize("technique", ["portage", "pass", "sell", "load", "buy", "oracle"])
def test_a_forbidden_technique_never_shortens_and_its_line_never_uses_it(technique):
    """On a sample of the corpus: forbidding can only lengthen the optimum, and the line found
    is legal and free of the technique (checked action by action with `forbidden`)."""
    from akrotiri_puzzles.puzzle import play
    from akrotiri_puzzles.solver.exhaustive import forbidden

    ban = frozenset({technique})
    comps = load_components()
    for path in sorted(CORPUS.glob("small-*-act-*.yaml"))[:12]:
        p = load_puzzle(path, comps)
        free = search(p)
        banned = search(p, forbid=ban)
        assert free.complete and banned.complete
        if banned.optimum is None:
            continue
        assert free.optimum is not None and banned.optimum >= free.optimum
        state = State(p.start)
        for action in banned.line:
            assert not forbidden(p, state, action, ban), (path.name, str(action))
            state = play(p, state, action)
