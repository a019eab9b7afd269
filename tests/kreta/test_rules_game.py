"""Setup, turns, figures and the peace, the castellan, scoring and the end (K-SET, K-TURN, K-FIG,
K-CAST, K-SCORE, K-END) and the rulings on them (K-R)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from akrotiri_puzzles.kreta.actions import Abbot, Castellan, Fort, Keep, March, Replace, Ship, Villager
from akrotiri_puzzles.kreta.bots import random_bot
from akrotiri_puzzles.kreta.components import CARDS, PIECES
from akrotiri_puzzles.kreta.errors import PositionError
from akrotiri_puzzles.kreta.position import Rules
from akrotiri_puzzles.kreta.rules import apply, legal_actions, why_illegal
from akrotiri_puzzles.kreta.rules.queries import influence, province_points
from akrotiri_puzzles.kreta.setup import new_game
from akrotiri_puzzles.kreta.simulate import play_game

from .conftest import build, tiles_without

# ---- setup and turns ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K_SET_1_every_player_starts_with_seven_cards_all_pieces_in_supply_and_no_points(board, players):
    pos = new_game(board, players, 1)
    assert len(pos.players) == players
    for p in pos.players:
        assert p.hand == CARDS and p.score == 0
        assert {k: p.supply(k) for k in ("abbot", "ship", "village", "villager")} == {
            k: PIECES[k] for k in ("abbot", "ship", "village", "villager")
        }
    assert all(f is None for f in pos.forts)


def test_K_SET_1_two_to_four_players(board):
    for n in (1, 5):
        with pytest.raises(PositionError, match="2 to 4 players"):
            new_game(board, n, 1)


def test_K_SET_3_K_R_16_one_tile_a_province_wheat_on_yellow_olive_wine_on_green_thyme_cheese_on_brown(board):
    deals = set()
    for seed in range(20):
        pos = new_game(board, 2, seed)
        by_colour: dict[str, Counter[str]] = {}
        for p, tile in zip(board.provinces, pos.tiles, strict=True):
            by_colour.setdefault(p.colour, Counter())[tile] += 1
        assert by_colour == {
            "yellow": Counter(wheat=2),
            "green": Counter(olive=4, wine=4),
            "brown": Counter(thyme=3, cheese=3),
        }
        deals.add(pos.tiles)
    assert len(deals) >= 18  # dealt at random


def test_K_SET_4_eleven_cards_in_the_row_two_face_up_fifteen_in_the_pile(board):
    pos = new_game(board, 3, 5)
    assert len(pos.row) == 11 and pos.face_up == 2 and len(pos.pile) == 15
    assert sorted(pos.row + pos.pile) == list(range(1, 27))
    assert new_game(board, 3, 6).row != pos.row


def test_K_SET_5_K_R_14_the_start_seat_moves_first_and_turns_pass_in_seat_order(board):
    pos = new_game(board, 3, 1, Rules(start_seat=2))
    assert pos.to_move == 2
    order = []
    for _ in range(4):
        order.append(pos.to_move)
        pos = apply(pos, next(a for a in legal_actions(pos) if isinstance(a, Villager)))
    assert order == [2, 0, 1, 2]
    with pytest.raises(PositionError, match="start seat 3"):
        new_game(board, 3, 1, Rules(start_seat=3))


def test_K_TURN_1_K_TURN_3_a_played_card_is_carried_out_and_stays_on_the_table():
    pos = apply(build(), Villager("ida"))
    red = pos.players[0]
    assert red.table == {"commander"} and "commander" not in red.hand
    pos = apply(pos, Villager("sfakia"))  # blue
    assert Villager("chania") not in legal_actions(pos)
    assert "on your table, not in hand (K-TURN-3)" in why_illegal(pos, Villager("chania"))


def test_K_TURN_2_a_card_that_cannot_be_carried_out_is_not_offered():
    pos = build()
    cards = {getattr(a, "card", None) for a in legal_actions(pos)}
    assert cards == {"architect", "admiral", "commander", "castellan", "abbot"}  # no farmer, no king


def test_K_R_8_K_CAST_2_the_castellan_is_always_in_hand_and_playable(board):
    for seed in range(3):
        rng = random.Random(seed)
        pos = new_game(board, 2 + seed, seed)
        while pos.phase != "over":
            if pos.phase == "play":
                assert Castellan() in legal_actions(pos)
            pos = apply(pos, random_bot(pos, rng))


def test_K_R_18_the_hand_follows_from_the_table():
    pos = build(red={"table": ["king", "farmer"]})
    assert pos.players[0].hand == ("architect", "admiral", "commander", "castellan", "abbot")


# ---- figures and the peace ------------------------------------------------------------------


def crowded_messara():
    """Red in messara with 2 villagers, a village, the abbot and a ship, and forts on spaces 7
    and 9 (round messara) and 1 (not)."""
    red = {
        "villagers": {"messara": 2},
        "villages": {"messara": 1},
        "abbot": "messara",
        "ships": ["messara"],
        "tiles": {build().tiles[7]: 1},
    }
    return build(red=red, forts={7: "red", 9: "red", 1: "red"}, tiles=tiles_without("messara"))


def test_K_FIG_1_villages_abbots_and_villagers_are_figures_ships_and_forts_are_not():
    pos = crowded_messara()
    assert pos.figures(pos.board.index["messara"]) == 4


def test_K_FIG_2_a_full_province_takes_no_more_figures_but_an_abbot_passes_through():
    pos = build(red={"villagers": {"chania": 3, "rethymno": 1}, "abbot": "kissamos"}, blue={"villagers": {"chania": 4}})
    assert pos.full(pos.board.index["chania"])
    assert "chania is full: 7 figures (K-FIG-2" in why_illegal(pos, Villager("chania"))
    assert "chania is full" in why_illegal(pos, Abbot("chania"))
    assert why_illegal(pos, Abbot("rethymno")) is None  # through full chania


def test_K_FIG_3_no_villager_or_village_where_another_abbot_keeps_the_peace_unless_your_abbot_is_there():
    pos = build(blue={"abbot": "ida"})
    assert "keeps the peace in ida" in why_illegal(pos, Villager("ida"))
    both = build(blue={"abbot": "ida"}, red={"abbot": "ida"})
    assert why_illegal(both, Villager("ida")) is None
    assert why_illegal(build(red={"abbot": "ida"}), Villager("ida")) is None  # own abbot alone: no peace


def test_K_FIG_3_figures_already_there_stay():
    pos = apply(build(red={"villagers": {"ida": 2}}, to_move="blue"), Abbot("ida"))
    assert pos.players[0].villagers[pos.board.index["ida"]] == 2


def test_K_FIG_4_peace_does_not_stop_passing_own_abbot_ships_forts_or_harvests():
    pos = build(
        blue={"abbot": "chania"},
        red={"villagers": {"kissamos": 1, "chania": 1}, "ships": ["kissamos"]},
    )
    assert why_illegal(pos, March("kissamos", "rethymno")) is None  # through chania
    assert why_illegal(pos, Abbot("chania")) is None  # own abbot into it
    assert why_illegal(pos, Ship("chania")) is None
    assert why_illegal(pos, Fort(1)) is None
    from akrotiri_puzzles.kreta.actions import Harvest

    assert why_illegal(pos, Harvest("chania")) is None


def test_K_R_4_the_peace_is_judged_at_the_moment_when_your_abbot_leaves_it_binds_again():
    pos = build(blue={"abbot": "ida"}, red={"abbot": "ida"})
    assert why_illegal(pos, Villager("ida")) is None
    pos = apply(pos, Abbot("sfakia"))  # red's abbot leaves
    pos = apply(pos, Villager("chania"))  # blue
    assert "keeps the peace in ida" in why_illegal(pos, Villager("ida"))


# ---- scoring --------------------------------------------------------------------------------


def test_K_SCORE_1_influence_abbot_villager_one_village_two_ship_one_fort_on_any_touching_space():
    pos = crowded_messara()  # forts on 7 and 9 touch messara, on 1 not
    assert influence(pos, 0, pos.board.index["messara"]) == 2 + 2 + 1 + 1 + 2


def test_K_R_17_a_ship_counts_only_for_the_province_of_its_port():
    pos = build(red={"ships": ["messara"]})
    index = pos.board.index
    assert influence(pos, 0, index["messara"]) == 1
    assert all(influence(pos, 0, index[p]) == 0 for p in ("sfakia", "ida", "rethymno", "heraklion"))


def test_K_SCORE_3_K_R_13_ties_for_first_all_get_the_full_value():
    assert province_points([2, 2], 5) == [5, 5]
    assert province_points([3, 1, 3, 0], 4) == [4, 0, 4, 0]


def test_K_SCORE_4_three_or_four_players_second_place_gets_half_only_when_first_is_alone():
    assert province_points([3, 1, 1], 5) == [5, 2, 2]
    assert province_points([3, 3, 1], 5) == [5, 5, 0]
    assert province_points([4, 2, 1, 0], 3) == [3, 1, 0, 0]


def test_K_SCORE_5_K_R_13_two_players_no_second_place():
    assert province_points([3, 1], 6) == [6, 0]


def test_K_R_12_no_influence_no_points():
    assert province_points([0, 0, 0], 5) == [0, 0, 0]
    assert province_points([2, 0, 0], 5) == [5, 0, 0]  # second needs at least 1


def test_K_CAST_1_K_SCORE_6_the_leftmost_face_up_card_scores_each_province_round_its_space_once():
    pos = build(scored=2, red={"villagers": {"kissamos": 1, "sfakia": 1}}, blue={"villagers": {"chania": 1}})
    assert pos.scored_space == 2
    after = apply(pos, Castellan())
    values = {p.id: p.value for p in pos.board.provinces}
    assert after.players[0].score == values["kissamos"] + values["sfakia"]
    assert after.players[1].score == values["chania"]
    assert 2 not in after.row + after.pile and after.scorings == 1


def test_K_CAST_3_K_R_15_every_table_returns_to_hand():
    pos = build(red={"table": ["king", "abbot", "farmer"]}, blue={"table": ["admiral"]})
    after = apply(pos, Castellan())
    assert all(p.table == frozenset() for p in after.players)


def test_K_CAST_4_the_castellan_turns_up_the_next_card_and_keeps_it_or_replaces_it_once():
    pos = build()
    row, pile = pos.row, pos.pile
    after = apply(pos, Castellan())
    assert after.phase == "turnup" and after.to_move == 0 and after.face_up == 2
    assert after.row == row[1:] and legal_actions(after) == [Keep(), Replace()]
    kept = apply(after, Keep())
    assert kept.row == row[1:] and kept.to_move == 1 and kept.phase == "play"
    replaced = apply(after, Replace())
    assert replaced.row == (row[1], pile[0], *row[3:]) and replaced.pile == (*pile[1:], row[2])
    assert replaced.phase == "play"  # that one stays: no second choice


def test_K_R_10_the_pile_always_holds_fifteen_the_last_turn_up_after_the_ninth_scoring_none_after_the_tenth(board):
    rng = random.Random(3)
    pos = new_game(board, 2, 3)
    turnups = []
    while pos.phase != "over":
        action = Castellan() if pos.phase == "play" else rng.choice(legal_actions(pos))
        before = pos.scorings
        pos = apply(pos, action)
        assert len(pos.pile) == 15
        if isinstance(action, Castellan):
            turnups.append((before + 1, pos.phase == "turnup"))
    assert turnups == [(k, k <= 9) for k in range(1, 11)] + [(11, False)]


def test_K_END_1_the_game_ends_after_the_eleventh_scoring(board):
    record = play_game(board, 3, 4, [random_bot] * 3)
    assert record.finished and record.final.scorings == 11 and record.final.row == ()
    assert sum(isinstance(a, Castellan) for a in record.actions) == 11
    assert legal_actions(record.final) == []
    assert "the game is over" in why_illegal(record.final, Castellan())


def test_K_END_2_most_points_wins_and_tied_players_share_the_win(board):
    record = play_game(board, 2, 4, [random_bot] * 2)
    scores = [p.score for p in record.final.players]
    assert record.winners == [s for s, v in enumerate(scores) if v == max(scores)]
    from dataclasses import replace

    tied = replace(record, final=record.final.with_player(1, replace(record.final.players[1], score=scores[0])))
    assert tied.winners == [0, 1]
