"""The character cards (K-ADM, K-CMD, K-ABB, K-FARM, K-ARCH, K-KING) and the rulings on them."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.kreta.actions import (
    Abbot,
    Castellan,
    Fort,
    Halt,
    Harvest,
    Journey,
    March,
    Sail,
    Ship,
    Village,
    Villager,
)
from akrotiri_puzzles.kreta.errors import IllegalActionError
from akrotiri_puzzles.kreta.rules import apply, legal_actions, why_illegal

from .conftest import build, tiles_without


def kinds(pos, kind):
    return {a for a in legal_actions(pos) if isinstance(a, kind)}


# ---- admiral --------------------------------------------------------------------------------


def test_K_ADM_1_a_ship_from_supply_into_any_port():
    pos = build()
    ships = kinds(pos, Ship)
    assert {a.port for a in ships} == {p.id for p in pos.board.provinces if p.port}
    after = apply(pos, Ship("chania"))
    assert after.players[0].ships == (pos.board.index["chania"],)
    assert "admiral" in after.players[0].table


def test_K_ADM_1_move_one_or_both_ships_each_to_any_other_port():
    pos = build(red={"ships": ["chania", "messara"]})
    sails = kinds(pos, Sail)
    assert Sail((("chania", "sitia"),)) not in sails  # sitia has no port
    assert Sail((("chania", "thripti"),)) in sails
    assert Sail((("chania", "kissamos"), ("messara", "thripti"))) in sails
    after = apply(pos, Sail((("chania", "kissamos"), ("messara", "thripti"))))
    assert {after.board.provinces[p].id for p in after.players[0].ships} == {"kissamos", "thripti"}


def test_K_ADM_2_never_both_ships_in_one_port_and_two_players_one_ship_a_port():
    pos = build(red={"ships": ["chania"]}, blue={"ships": ["messara"]})
    ports = {a.port for a in kinds(pos, Ship)}
    assert "chania" not in ports and "messara" not in ports  # own ship there; two players: 1 a port
    assert "never both in one port" in why_illegal(pos, Ship("chania"))
    assert "at most 1 with 2 players" in why_illegal(pos, Ship("messara"))
    two = build(red={"ships": ["chania", "messara"]})
    assert "never both your ships in one port" in why_illegal(two, Sail((("chania", "sfakia"), ("messara", "sfakia"))))


def test_K_ADM_2_three_or_four_players_two_ships_a_port():
    pos = build(players=3, red={"ships": ["chania"]}, blue={"ships": ["messara"]}, white={"ships": ["messara"]})
    ports = {a.port for a in kinds(pos, Ship)}
    assert "messara" not in ports
    pos = build(players=4, red={"ships": []}, blue={"ships": ["messara"]})
    assert "messara" in {a.port for a in kinds(pos, Ship)}


def test_K_R_5_ships_swapping_ports_or_moving_onto_each_other_is_no_action():
    pos = build(red={"ships": ["chania", "messara"]})
    assert why_illegal(pos, Sail((("chania", "messara"), ("messara", "chania")))) is not None
    assert why_illegal(pos, Sail((("chania", "messara"),))) is not None
    # Ships of a colour are alike: the same outcome paired the other way round is the same move.
    assert why_illegal(pos, Sail((("chania", "thripti"), ("messara", "kissamos")))) is None


# ---- commander ------------------------------------------------------------------------------


def test_K_CMD_1_a_villager_from_supply_into_any_province():
    pos = build()
    assert {a.province for a in kinds(pos, Villager)} == {p.id for p in pos.board.provinces}
    after = apply(pos, Villager("ida"))
    assert after.players[0].villagers[pos.board.index["ida"]] == 1


def test_K_CMD_1_no_villager_left_in_supply():
    pos = build(red={"villagers": {"ida": 3, "sfakia": 2}})
    assert not kinds(pos, Villager)
    assert why_illegal(pos, Villager("chania")) == "no villager left in supply (K-SET-1)"


def test_K_CMD_2_a_march_spends_four_points_one_per_step_split_freely():
    pos = build(red={"villagers": {"kissamos": 2, "sitia": 1}})
    marches = {(a.source, a.target) for a in kinds(pos, March)}
    d = pos.board.distance[pos.board.index["kissamos"]]
    assert {t for s, t in marches if s == "kissamos"} == {
        p.id for i, p in enumerate(pos.board.provinces) if 0 < d[i] <= 4
    }
    pos = apply(pos, March("kissamos", "rethymno"))  # 2 steps: kissamos-chania-rethymno
    assert pos.phase == "march" and pos.march.points == 2
    pos = apply(pos, Journey("kissamos", "chania"))  # 1 step
    assert pos.march.points == 1
    pos = apply(pos, Journey("sitia", "mirabello"))  # the last point: the march ends by itself
    assert pos.phase == "play" and pos.to_move == 1
    red = pos.players[0]
    assert [red.villagers[pos.board.index[p]] for p in ("rethymno", "chania", "mirabello")] == [1, 1, 1]


def test_K_CMD_2_unused_points_are_lost_with_halt():
    pos = apply(build(red={"villagers": {"kissamos": 1, "sfakia": 1}}), March("kissamos", "chania"))
    assert Halt() in legal_actions(pos)
    after = apply(pos, Halt())
    assert after.phase == "play" and after.to_move == 1 and after.march is None


def test_K_CMD_2_no_diagonal_step_across_a_four_way_fort_space():
    pos = build(red={"villagers": {"heraklion": 1, "kissamos": 1}})
    four = next(s for s in pos.board.spaces if len(s.provinces) == 4)
    heraklion, _, dikti, _ = four.provinces
    assert pos.board.provinces[heraklion].id == "heraklion" and pos.board.provinces[dikti].id == "dikti"
    after = apply(pos, March("heraklion", "dikti"))
    assert after.march.points == 2  # two steps round the space, not one across it


def test_K_CMD_2_farther_than_four_steps_is_refused():
    pos = build(red={"villagers": {"kissamos": 1}})
    assert "steps from kissamos, 4 movement points left (K-CMD-2)" in why_illegal(pos, March("kissamos", "sitia"))


def test_K_CMD_3_placing_and_stopping_obey_the_limit_and_the_peace_passing_through_does_not():
    pos = build(blue={"abbot": "chania"}, red={"villagers": {"kissamos": 1}})
    assert Villager("chania") not in legal_actions(pos)
    assert "keeps the peace in chania" in why_illegal(pos, March("kissamos", "chania"))
    assert why_illegal(pos, March("kissamos", "rethymno")) is None  # through chania: allowed


def test_K_R_7_each_villager_journeys_once_and_a_villager_may_leave_a_full_province_to_make_room():
    full = {"ida": 5}
    pos = build(red={"villagers": {"rethymno": 1, "ida": 2}}, blue={"villagers": full})
    assert pos.full(pos.board.index["ida"])
    assert why_illegal(pos, March("rethymno", "ida")) is not None
    pos = apply(pos, March("ida", "milopotamos"))  # one leaves: ida has room again
    assert why_illegal(pos, Journey("rethymno", "ida")) is None
    pos = apply(pos, Journey("rethymno", "ida"))
    assert "journeys once (K-R-7)" in why_illegal(pos, Journey("milopotamos", "heraklion"))


def test_K_R_5_a_march_that_would_change_nothing_is_refused():
    pos = apply(build(red={"villagers": {"kissamos": 1, "chania": 1}}), March("kissamos", "chania"))
    assert "undo the march" in why_illegal(pos, Journey("chania", "kissamos"))


def test_K_R_3_villagers_cross_a_full_province_by_default_not_with_the_literal_option():
    red = {"villagers": {"kissamos": 1, "chania": 2, "sfakia": 2}}
    others = {"blue": {"villagers": {"chania": 5}}, "white": {"villagers": {"sfakia": 5}}}
    pos = build(players=3, red=red, **others)
    assert pos.full(pos.board.index["chania"]) and pos.full(pos.board.index["sfakia"])
    assert why_illegal(pos, March("kissamos", "rethymno")) is None
    literal = build(players=3, red=red, rules={"villagers_cross_full": False}, **others)
    assert "crosses a full province" in why_illegal(literal, March("kissamos", "rethymno"))


# ---- abbot ----------------------------------------------------------------------------------


def test_K_ABB_1_the_abbot_from_supply_into_any_non_full_province():
    pos = build(blue={"villagers": {"ida": 5}}, red={"villagers": {"ida": 2}})
    assert {a.province for a in kinds(pos, Abbot)} == {p.id for p in pos.board.provinces} - {"ida"}


def test_K_ABB_1_the_abbot_moves_one_to_three_steps_through_anything_to_a_non_full_province():
    pos = build(red={"abbot": "kissamos"}, blue={"villagers": {"chania": 5}, "abbot": "sfakia"})
    targets = {a.province for a in kinds(pos, Abbot)}
    d = pos.board.distance[0]
    assert targets == {p.id for i, p in enumerate(pos.board.provinces) if 1 <= d[i] <= 3}
    assert "kissamos" not in targets  # not its start (K-R-5)
    assert "the abbot moves 1 to 3" in why_illegal(pos, Abbot("sitia"))


def test_K_ABB_2_several_abbots_share_a_province():
    pos = apply(build(blue={"abbot": "ida"}), Abbot("ida"))
    assert pos.players[0].abbot == pos.players[1].abbot


# ---- farmer ---------------------------------------------------------------------------------


def test_K_FARM_1_a_chain_of_villagers_joins_the_harvest_to_a_ship_in_a_port():
    pos = build(red={"villagers": {"chania": 1, "rethymno": 1, "ida": 1}, "ships": ["chania"]})
    assert {a.province for a in kinds(pos, Harvest)} == {"chania", "rethymno", "ida"}
    no_ship = build(red={"villagers": {"chania": 1, "rethymno": 1, "ida": 1}, "ships": ["messara"]})
    assert not kinds(no_ship, Harvest)
    gap = build(red={"villagers": {"chania": 1, "ida": 1}, "ships": ["chania"]})
    assert {a.province for a in kinds(gap, Harvest)} == {"chania"}


def test_K_R_2_one_adjacency_serves_the_commander_the_abbot_and_the_farmer_chain(board):
    # heraklion and dikti meet only at fort space 17: no chain through that point.
    pos = build(red={"villagers": {"heraklion": 1, "dikti": 1}, "ships": ["heraklion"]})
    assert {a.province for a in kinds(pos, Harvest)} == {"heraklion"}
    assert board.distance[board.index["heraklion"]][board.index["dikti"]] == 2


def test_K_FARM_2_the_tile_leaves_the_board_and_lies_before_the_player():
    pos = build(red={"villagers": {"chania": 1}, "ships": ["chania"]})
    tile = pos.tiles[1]
    after = apply(pos, Harvest("chania"))
    assert after.tiles[1] is None and after.players[0].harvested == 1
    assert after.players[0].tiles[("wheat", "olive", "wine", "thyme", "cheese").index(tile)] == 1
    again = build(
        red={"villagers": {"chania": 1}, "ships": ["chania"], "tiles": {tile: 1}}, tiles=tiles_without("chania")
    )
    assert "already harvested (K-FARM-2)" in why_illegal(again, Harvest("chania"))


def test_K_FARM_3_the_kth_tile_of_a_type_scores_k():
    pos = build(red={"villagers": {"chania": 1}, "ships": ["chania"]})
    tile = pos.tiles[1]
    # Two of chania's type harvested before, from other provinces of its colour.
    others = [pos.board.provinces[i].id for i, t in enumerate(pos.tiles) if t == tile and i != 1][:2]
    tiles = tiles_without(*others)
    pos = build(red={"villagers": {"chania": 1}, "ships": ["chania"], "tiles": {tile: 2}, "score": 3}, tiles=tiles)
    after = apply(pos, Harvest("chania"))
    assert after.players[0].score == 3 + 3


def test_K_R_6_the_farmer_must_harvest_one_tile_and_without_one_cannot_be_played():
    pos = build()
    assert not any(a.card == "farmer" for a in legal_actions(pos) if hasattr(a, "card"))
    assert "no villager in chania" in why_illegal(pos, Harvest("chania"))


# ---- architect ------------------------------------------------------------------------------


def test_K_ARCH_1_a_fort_on_an_empty_fort_space_or_a_village():
    pos = build(red={"tiles": {build().tiles[1]: 1}}, tiles=tiles_without("chania"))
    assert {a.space for a in kinds(pos, Fort)} == set(range(1, 27))
    assert {a.province for a in kinds(pos, Village)} == {p.id for p in pos.board.provinces}
    after = apply(pos, Fort(5))
    assert after.forts[4] == 0


def test_K_R_9_one_fort_per_fort_space():
    pos = build(forts={5: "blue"})
    assert Fort(5) not in legal_actions(pos)
    assert "already holds a fort (K-R-9)" in why_illegal(pos, Fort(5))


def test_K_ARCH_2_the_nth_village_needs_n_harvested_tiles():
    pos = build()
    assert not kinds(pos, Village)
    assert "needs 1 harvested tiles, you have 0 (K-ARCH-2)" in why_illegal(pos, Village("ida"))
    tiles = tiles_without("chania")
    one = build(red={"tiles": {pos.tiles[1]: 1}, "villages": {"ida": 1}}, tiles=tiles)
    assert "your village 2 needs 2 harvested tiles" in why_illegal(one, Village("ida"))


def test_K_ARCH_3_a_village_obeys_the_limit_and_the_peace_forts_ignore_both():
    tiles = tiles_without("chania")
    tile = build().tiles[1]
    pos = (
        build(red={"tiles": {tile: 1}}, blue={"abbot": "ida", "villagers": {"sfakia": 5}}, white=None, tiles=tiles)
        if False
        else None
    )
    pos = build(
        red={"tiles": {tile: 1}, "villagers": {"sfakia": 2}},
        blue={"abbot": "ida", "villagers": {"sfakia": 5}},
        tiles=tiles,
    )
    assert "keeps the peace in ida" in why_illegal(pos, Village("ida"))
    assert "sfakia is full" in why_illegal(pos, Village("sfakia"))
    assert why_illegal(pos, Fort(2)) is None  # space 2 touches full sfakia
    assert why_illegal(pos, Fort(9)) is None  # space 9 touches peaceful ida


def test_K_ARCH_4_forts_and_villages_never_move_no_action_takes_them():
    pos = build(
        red={"tiles": {build().tiles[1]: 1}, "villages": {"ida": 1}}, forts={3: "red"}, tiles=tiles_without("chania")
    )
    for action in legal_actions(pos):
        after = apply(pos, action)
        assert after.players[0].villages == pos.players[0].villages and after.forts[2] == 0


# ---- king -----------------------------------------------------------------------------------


def test_K_KING_1_the_king_carries_out_a_card_on_the_table_again():
    pos = build(red={"table": ["admiral"], "ships": ["chania"]})
    copies = [a for a in legal_actions(pos) if getattr(a, "king", False)]
    assert copies and all(a.card == "admiral" for a in copies)
    after = apply(pos, Ship("messara", king=True))
    assert after.players[0].table == {"admiral", "king"}
    assert len(after.players[0].ships) == 2


def test_K_KING_2_with_an_empty_table_or_nothing_to_carry_out_the_king_cannot_be_played():
    assert not any(getattr(a, "king", False) for a in legal_actions(build()))
    pos = build(red={"table": ["farmer"]})  # a farmer with nothing to harvest
    assert not any(getattr(a, "king", False) for a in legal_actions(pos))
    assert "is not there (K-KING-1, K-KING-2)" in why_illegal(build(), Ship("chania", king=True))


def test_K_R_11_the_king_copies_neither_the_castellan_nor_itself_and_the_copy_returns_at_the_castellan():
    from akrotiri_puzzles.kreta.errors import NotationError
    from akrotiri_puzzles.kreta.notation import parse_action

    with pytest.raises(NotationError):
        parse_action("king castellan")
    with pytest.raises(NotationError):
        parse_action("king king")
    pos = apply(build(red={"table": ["abbot"]}), Abbot("ida", king=True))
    assert pos.players[0].table == {"abbot", "king"}
    pos = apply(apply(pos, Castellan()), _keep())
    assert pos.players[0].table == frozenset()


def _keep():
    from akrotiri_puzzles.kreta.actions import Keep

    return Keep()


def test_an_illegal_action_raises_one_error_naming_the_rule():
    with pytest.raises(IllegalActionError, match=r"farmer chania: .*\(K-FARM-1\)"):
        apply(build(), Harvest("chania"))
