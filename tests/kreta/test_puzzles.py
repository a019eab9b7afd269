"""Kreta puzzles: CP-SAT's optimum against the exhaustive search over engine states on positions
built to need each rule, lines replayed by the engine, and the puzzle's own checks."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.kreta.actions import Castellan, Harvest, March, Ship, Villager
from akrotiri_puzzles.kreta.errors import PuzzleError
from akrotiri_puzzles.kreta.puzzles.exhaustive import search
from akrotiri_puzzles.kreta.puzzles.model import solve
from akrotiri_puzzles.kreta.puzzles.puzzle import Puzzle, replay, value_of

from .conftest import build


def agree(puzzle: Puzzle) -> int | None:
    """Both solvers' optimum, checked equal, proven, and each line replayed to it."""
    got = solve(puzzle)
    ref = search(puzzle)
    assert got.proven and ref.complete
    assert got.optimum == ref.optimum
    for line in (got.line, ref.line):
        if got.optimum is not None:
            assert line is not None and value_of(puzzle, replay(puzzle, line)) == got.optimum
    return got.optimum


def test_K_CAST_1_a_horizon_of_one_card_is_the_castellan_now():
    pos = build(scored=2, red={"villagers": {"kissamos": 1}})
    assert agree(Puzzle(pos, 1)) == pos.board.values[0]


def test_K_CMD_2_the_best_line_marches_villagers_into_the_scored_provinces():
    only = ["architect", "admiral", "abbot", "farmer", "king"]  # in hand: commander, castellan
    red = {"table": only, "villagers": {"rethymno": 2, "ida": 1}}
    pos = build(scored=2, red=red, blue={"villagers": {"kissamos": 1, "sfakia": 1}})
    values = {p.id: p.value for p in pos.board.provinces}
    puzzle = Puzzle(pos, 2)
    # rethymno>kissamos (2 steps, a tie in kissamos) and rethymno>chania (1 step) beat any placement.
    assert agree(puzzle) == values["kissamos"] + values["chania"]
    assert isinstance(solve(puzzle).line[0], March)


def test_K_KING_1_K_R_11_the_king_copies_a_card_on_the_table():
    table = ["abbot", "commander", "architect", "admiral", "farmer"]  # in hand: king, castellan
    pos = build(scored=9, red={"table": table, "villagers": {"sfakia": 1}}, blue={"villagers": {"ida": 1}})
    puzzle = Puzzle(pos, 2)
    now = solve(Puzzle(pos, 1)).optimum
    assert agree(puzzle) > now
    assert solve(puzzle).line[0].king


def test_K_FARM_1_K_FARM_3_K_ARCH_2_a_harvest_scores_and_unlocks_a_village():
    red = {
        "table": ["king", "commander", "abbot", "admiral"],  # in hand: architect, farmer, castellan
        "villagers": {"chania": 1},
        "ships": ["chania"],
    }
    pos = build(scored=1, red=red, blue={"villagers": {"chania": 3}}, forts={20: "red", 23: "red", 26: "red"})
    chania = pos.board.values[pos.board.index["chania"]]
    assert agree(Puzzle(pos, 2)) == 1  # the harvest (1 point); no village without a harvested tile
    assert agree(Puzzle(pos, 3)) == 1 + chania  # then the village: 4 influence against 3


def test_K_SCORE_4_second_place_counts_in_three_player_puzzles():
    only = ["king", "abbot", "admiral", "architect", "farmer"]  # in hand: commander, castellan
    pos = build(
        players=3,
        scored=5,
        red={"table": only, "villagers": {"kissamos": 1}},
        blue={"villagers": {"chania": 3, "rethymno": 2}},
        white={"villagers": {"chania": 1, "sfakia": 2}},
    )
    # Every first place is out of reach with one villager: the best is a second place, half a value.
    assert agree(Puzzle(pos, 2)) == 2
    assert agree(Puzzle(pos, 1)) == 0


def test_K_FIG_3_the_peace_keeps_the_hero_out_unless_his_abbot_comes():
    only = ["admiral", "architect", "farmer", "king"]  # in hand: commander, abbot, castellan
    pos = build(
        scored=9, red={"table": only, "villagers": {"sfakia": 2}}, blue={"abbot": "ida", "villagers": {"rethymno": 1}}
    )
    assert Villager("ida") not in _legal(pos)
    agree(Puzzle(pos, 2))
    agree(Puzzle(pos, 3))


def test_K_ADM_2_ports_and_ships_in_a_two_player_puzzle():
    pos = build(scored=7, red={"ships": ["chania"]}, blue={"ships": ["messara"], "villagers": {"sfakia": 1}})
    assert Ship("messara") not in _legal(pos)
    agree(Puzzle(pos, 2))


def test_K_FIG_2_a_full_province_takes_no_more_figures_in_a_puzzle():
    pos = build(scored=8, red={"villagers": {"kissamos": 2}}, blue={"villagers": {"sfakia": 5}, "abbot": "messara"})
    agree(Puzzle(pos, 2))


def test_the_province_goal_fewest_cards_and_none_within_the_horizon():
    table = ["abbot", "admiral", "architect", "farmer"]
    pos = build(scored=2, red={"table": table, "villagers": {"rethymno": 1}}, blue={"villagers": {"sfakia": 2}})
    # Two villagers into sfakia (the commander, the king copying it), then the castellan.
    assert agree(Puzzle(pos, 3, "province", "sfakia")) == 3
    assert agree(Puzzle(pos, 2, "province", "sfakia")) is None
    assert agree(Puzzle(pos, 2, "province", "kissamos")) == 2
    assert agree(Puzzle(pos, 3, "province", "sfakia", alone=True)) is None


def test_replay_refuses_lines_that_break_the_puzzle():
    pos = build(scored=2)
    puzzle = Puzzle(pos, 2)
    with pytest.raises(PuzzleError, match="ends with the castellan"):
        replay(puzzle, [])
    with pytest.raises(PuzzleError, match="card 3 of a horizon of 2"):
        replay(puzzle, [Ship("chania"), Ship("messara", king=True), Castellan()])
    with pytest.raises(PuzzleError, match="you have no villager in chania"):
        replay(puzzle, [Harvest("chania"), Castellan()])


def test_a_province_puzzle_names_a_province_round_the_scored_space():
    with pytest.raises(PuzzleError, match="does not touch fort space 2"):
        Puzzle(build(scored=2), 2, "province", "sitia").check()


def _legal(pos):
    from akrotiri_puzzles.kreta.rules import legal_actions

    return legal_actions(pos)
