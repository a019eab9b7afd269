"""Every game of two greedy bots ends (issue 32, point 12): `simulate --games 300 --seed 101
--bot greedy --edition 2016` left game 230 unfinished at the 100-turn cap. From turn 60 each
boat sat on the only way out of the other's corner, the bot routed only around the other boat's
dock (R-MOVE-3 lets it pass through, at a point more), found no route, and both seats ended every
turn at once. With `unstick` (what `simulate` plays) the bot routes through the other boat when
the two hold each other in, sails to cubes or Thera when it has no route to where it would go,
and, cut off from everything useful, places its tile where it opens the most (without the last
two, games of seeds such as 497, 645 and 742 sealed both boats in waters without cubes). The
library's default keeps the bot as it was, whose games the generator draws from.

`make test` plays a sample of seeds in each of the 2016 and 2014 editions and the strategist
variant; AKROTIRI_FULL_SIMULATION=1 plays seeds 1 to 1,000 of each (docs/hardening.md).
"""

from __future__ import annotations

import json
import os
import random

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Step
from akrotiri_puzzles.bots import GreedyBot
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.files.position_yaml import load_position
from akrotiri_puzzles.rules import legal_actions
from akrotiri_puzzles.simulate import play_game

from .conftest import ROOT, run_cli

FULL = os.environ.get("AKROTIRI_FULL_SIMULATION") == "1"
SEEDS = range(1, 1001) if FULL else range(1, 1001, 50)
"""Seeds 1 to 1,000 in the full run, 20 of them spread over that range otherwise."""
CONFIGS = [(2016, False), (2014, False), (2016, True)]


STALL = ROOT / "tests" / "data" / "greedy-stall-230.yaml"
"""Game 230 (2016, standard, two greedy bots) at turn 60, as the bot before the fix reached it."""


def test_R_MOVE_3_a_greedy_boat_cut_off_by_the_other_sails_through_its_dock():
    """Turn 60 of game 230: north, with a cube to sell, can reach Thera only through south's
    dock, and south reaches no dock with cubes but through north's: routed only around each
    other, both ended their turns at once, every turn, to the cap."""
    pos = load_position(STALL, load_components())
    bot = GreedyBot(unstick=True)
    assert pos.to_move == "north" and pos.hero.cargo and pos.actions_left == 5
    legal = legal_actions(pos)
    assert bot._route(pos, legal, bot._targets(pos), through=False) is None  # the stall
    assert isinstance(bot.choose(pos, random.Random(0)), Step)
    # North's turn, played by the bot: it sails through south's dock (R-MOVE-3) and sells.
    rng, passed = random.Random(0), False
    start = pos
    while pos.to_move == "north" and pos.phase == "act":
        pos = apply(pos, bot.choose(pos, rng))
        passed = passed or (pos.passing and pos.seat("north").boat == start.seat("south").boat)
    assert passed and not pos.seat("north").cargo
    assert pos.seat("north").drachmas > start.seat("north").drachmas


def test_R_END_2_simulate_finishes_the_greedy_games_of_the_issue():
    """`simulate --games 300 --seed 101 --bot greedy --edition 2016` left game 230 unfinished;
    here games 229 to 231 of it."""
    done = run_cli("simulate", "--games", "3", "--seed", "229", "--bot", "greedy", "--edition", "2016", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["games"], data["finished"], data["violations"]) == (3, 3, 0)


def test_the_default_greedy_bot_plays_as_before():
    """Without `unstick` the bot is the one the generator's candidates come from: game 230
    still stalls (the same seed, the same positions)."""
    record, _ = play_game(load_components(), 230, 2016, False, ("greedy", "greedy"), 100, False)
    assert not record.finished


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "strategist"), CONFIGS)
def test_R_END_2_every_greedy_game_ends(edition, strategist):
    comps = load_components()
    unfinished = []
    for seed in SEEDS:
        record, _ = play_game(comps, seed, edition, strategist, ("greedy", "greedy"), 100, not FULL, unstick=True)
        assert not record.violations, (seed, record.violations[:3])
        if not record.finished:
            unfinished.append(seed)
    assert unfinished == [], f"{len(unfinished)} of {len(SEEDS)} greedy games unfinished: seeds {unfinished[:10]}"
