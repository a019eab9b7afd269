"""Whole games with every invariant checked after every action (docs/kreta/simulation.md): pieces
conserved (K-SET-1, K-ARCH-4), the 7-figure limit (K-FIG-2), the peace (K-FIG-3), ship limits
(K-ADM-2), scores never decrease, seat order (K-SET-5), exactly 11 scorings (K-END-1).

The default run plays 12 games per player count; the corpus run (`make test-corpus`) 150; tools/kreta_games.py plays
1,000 per count (docs/kreta/simulation.md gives its last figures)."""

from __future__ import annotations

import pytest

from akrotiri_puzzles.kreta.actions import Villager
from akrotiri_puzzles.kreta.bots import greedy_bot, random_bot
from akrotiri_puzzles.kreta.selfplay import run_games
from akrotiri_puzzles.kreta.simulate import play_game, violations

from .conftest import build


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K_END_1_K_FIG_2_K_FIG_3_K_ADM_2_seeded_games_finish_with_no_violation(board, players):
    report = run_games(board, players, 12, first_seed=1000 * players)
    assert report.finished == report.games == 12
    assert report.violations == []


@pytest.mark.corpus  # 150 games per count, about 65 s of CPU; the 12 above run in make test
@pytest.mark.parametrize("players", [2, 3, 4])
def test_K_END_1_K_SET_1_many_games_finish_with_no_violation(board, players):
    report = run_games(board, players, 150, first_seed=50_000 + 1000 * players)
    assert report.finished == report.games == 150
    assert report.violations == []


def test_K_FIG_3_K_FIG_2_the_invariant_checks_catch_a_broken_rule():
    """The checks are not vacuous: a villager added under another's peace, or an 8th figure."""
    from akrotiri_puzzles.kreta.rules.effects import apply_unchecked

    pos = build(blue={"abbot": "ida"})
    after = apply_unchecked(pos, Villager("ida"))  # skips the check
    assert any("under another's peace (K-FIG-3)" in v for v in violations(pos, Villager("ida"), after))
    crowded = build(red={"villagers": {"ida": 3}}, blue={"villagers": {"ida": 4}})
    after = apply_unchecked(crowded, Villager("ida"))
    assert any("holds 8 figures (K-FIG-2)" in v for v in violations(crowded, Villager("ida"), after))


def test_greedy_beats_random_more_often_than_not(board):
    wins = 0
    for seed in range(10):
        greedy_seat = seed % 2
        bots = [random_bot, random_bot]
        bots[greedy_seat] = greedy_bot
        wins += greedy_seat in play_game(board, 2, seed, bots).winners
    assert wins >= 8
