"""`analyse --reply` (analysis/reply.py): the last round against the opponent's best final turn
(R-END-2), checked against an exhaustive two-level search through the engine alone
(tests/reply_reference.py) on real last rounds of seeded greedy games, made small.

The positions: every game of seeds 0..19 of two greedy bots, both editions (2016, 2014), the
first player south or north, in which the first player excavates its sixth temple (R-END-2:
the second player then plays the last turn); from its first and last positions in the action
phase after that temple, made small (`reply_reference.small`: one action a turn, at most one
left in the hero's turn, the opponent's tile out of the game), and in a few games the
opponent's tile kept (its placement can change the hero's goal points), no action left to the
hero. The default run checks `FAST`; the whole sample is marked slow.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from akrotiri_puzzles.actions import EndTurn
from akrotiri_puzzles.analysis import reply
from akrotiri_puzzles.analysis.endgame import AnalysisError
from akrotiri_puzzles.analysis.reply import analyse_reply, reply_applies
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.files.position_yaml import save_position
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.scoring import seat_score

from .conftest import run_cli
from .reply_reference import before_last_temple, last_round, last_rounds, reply_value, small, without_tile

SEEDS = range(20)
MOST_NODES = 400_000


# The seeded greedy games (SEEDS, either edition) that the first player ends, by the first seat:
# the same seeds in both editions. In each, the first player's positions after its sixth temple
# are two ('first', 'last'), but one in ONE_POSITION. Written out so that collecting the tests does
# not play 80 games in every worker (6 s of CPU each); test-corpus checks them against the games.
ENDED_BY_FIRST = {"south": (2, 7, 9, 12, 13, 15, 19), "north": (1, 4, 5, 7, 13, 14, 15)}
ONE_POSITION = {("north", 14)}
SAMPLE = [
    (edition, seed, first, which)
    for edition in (2016, 2014)
    for first, seeds in ENDED_BY_FIRST.items()
    for seed in seeds
    for which in (("first",) if (first, seed) in ONE_POSITION else ("first", "last"))
]


def _sample() -> list[tuple[int, int, str, str]]:
    """(edition, seed, first, which) of every game whose first player ends it: its first and last
    positions after the sixth temple ('first', 'last'; one when they are the same)."""
    out = []
    for edition in (2016, 2014):
        for first in ("south", "north"):
            for seed in SEEDS:
                ps = last_rounds(seed, edition, first)
                if ps:
                    out.append((edition, seed, first, "first"))
                    if len(ps) > 1:
                        out.append((edition, seed, first, "last"))
    return out


def _position(edition: int, seed: int, first: str, which: str, tile: bool = False) -> Position:
    ps = last_rounds(seed, edition, first)
    p = ps[0] if which == "first" else ps[-1]
    return small(p, 1, 0 if tile else 1, tile)


FAST = [
    (2016, 7, "south", "first"),
    (2016, 4, "north", "first"),
    (2014, 7, "north", "last"),
    (2014, 14, "north", "first"),
]
TILE = [
    (2016, 4, "north", "first"),
    (2014, 4, "north", "first"),
    (2016, 7, "north", "first"),
    (2014, 12, "south", "first"),
]


def check_against_reference(pos: Position) -> None:
    """The analysis is OPTIMAL and agrees with the exhaustive search: the margin, result and
    drachmas of the max-min; its line and reply replay through the engine to the scores it
    reports; the reply is the opponent's best against that line."""
    ref = last_round(pos, MOST_NODES)
    a = analyse_reply(pos)
    assert a.status == "OPTIMAL" and a.hero_proven and a.reply_proven
    b = a.best
    assert b is not None
    assert (b.margin, b.result, b.hero.drachmas) == (ref.margin, ref.result, ref.hero_drachmas)
    assert a.bound == ref.margin
    p = pos
    for action in b.hero_line:
        p = apply(p, action)
    assert isinstance(b.hero_line[-1], EndTurn) and p.to_move == pos.other
    after = p
    for action in b.reply:
        p = apply(p, action)
    assert seat_score(p, pos.to_move) == b.hero and seat_score(p, pos.other) == b.other
    assert reply_value(after, MOST_NODES) == b.margin


def test_R_END_2_the_sample_is_large_enough_and_covers_both_editions_and_seats():
    sample = SAMPLE
    assert len(sample) + len(TILE) >= 50
    assert {(e, f) for e, _, f, _ in sample} == {(e, f) for e in (2016, 2014) for f in ("south", "north")}
    assert all(case in sample for case in FAST + TILE)


@pytest.mark.parametrize("case", FAST, ids=lambda c: "-".join(map(str, c)))
def test_R_END_2_reply_agrees_with_the_exhaustive_two_level_search(case):
    check_against_reference(_position(*case))


@pytest.mark.corpus  # the rest of the sample: FAST above runs in make test (about 220 s of CPU)
@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: "-".join(map(str, c)))
def test_R_END_2_reply_agrees_with_the_exhaustive_search_on_the_whole_sample(case):
    check_against_reference(_position(*case))


TILE_BY_DEFAULT = (2016, 7, "north", "first")
"""The opponent's tile case make test runs (40 s of CPU; the others, 65 to 107 s each, are
marked corpus)."""


@pytest.mark.slow
@pytest.mark.parametrize(
    "case",
    [c if c == TILE_BY_DEFAULT else pytest.param(c, marks=pytest.mark.corpus) for c in TILE],
    ids=lambda c: "-".join(map(str, c)),
)
def test_R_END_2_reply_agrees_with_the_exhaustive_search_with_the_opponents_tile(case):
    check_against_reference(_position(*case, tile=True))


def test_R_END_2_reply_applies_only_to_the_first_player_after_the_last_temple():
    ps = last_rounds(7, 2016, "south")
    assert ps and all(reply_applies(p) for p in ps)
    before = [p for p in _game_positions(7, 2016, "south") if p.to_move == p.first and p not in ps]
    assert before and not any(reply_applies(p) for p in before)
    with pytest.raises(AnalysisError, match=r"temples to excavate and \d+ actions left: the game goes on"):
        analyse_reply(next(p for p in before if p.phase == "act"))
    second = apply(small(ps[-1], 1, 0, False), EndTurn())
    with pytest.raises(AnalysisError, match="plays second: nothing follows its turn"):
        analyse_reply(second)


def _game_positions(seed: int, edition: int, first: str) -> tuple[Position, ...]:
    from .reply_reference import greedy_game

    return greedy_game(seed, edition, first)


def test_R_END_2_a_given_line_loses_against_the_best_reply_from_the_action_that_loses_it():
    pos = _position(2016, 7, "south", "first")
    a = analyse_reply(pos)
    assert a.best is not None
    # Every line of one action then the end, against the reference's value of its end.
    worst = None
    for first_action in [x for x in _legal(pos) if not isinstance(x, EndTurn)]:
        after = apply(apply(pos, first_action), EndTurn()) if _can_end(apply(pos, first_action)) else None
        if after is None:
            continue
        value = reply_value(after, MOST_NODES)
        if worst is None or value < worst[1]:
            worst = (first_action, value)
    assert worst is not None
    action, value = worst
    v = analyse_reply(pos, line=[action]).verdict
    assert v is not None and v.outcome.margin == value
    assert v.loss == a.best.margin - value
    assert (v.lost_at == 1) == (v.loss > 0)
    best = analyse_reply(pos, line=list(a.best.hero_line)).verdict
    assert best is not None and best.loss == 0 and best.lost_at is None


def _legal(pos: Position):
    from akrotiri_puzzles.rules import legal_actions

    return legal_actions(pos)


def _can_end(pos: Position) -> bool:
    return any(isinstance(x, EndTurn) for x in _legal(pos))


@pytest.fixture(scope="module")
def last_round_file(tmp_path_factory) -> Path:
    """A real last round (seed 4, 2016, north first) with the opponent's tile out of the game."""
    pos = without_tile(last_rounds(4, 2016, "north")[0])
    path = tmp_path_factory.mktemp("reply") / "last-round.yaml"
    save_position(pos, path)
    return path


def test_R_END_2_analyse_reply_prints_both_lines_the_scores_and_what_was_known(last_round_file):
    result = run_cli("analyse", last_round_file, "--reply", timeout=300)
    assert result.returncode == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "Scope: the game's last round (R-END-2)" in text
    assert "Taken as known (only what the position file states): south's empty hand of land tiles" in text
    assert "Status: OPTIMAL: both levels proven" in text
    assert "Line (north's line):" in text and "Reply (south's best reply):" in text
    data = json.loads(run_cli("analyse", last_round_file, "--reply", "--json", timeout=300).stdout)
    assert data["status"] == "OPTIMAL" and data["hero_proven"] and data["reply_proven"]
    best = data["best"]
    assert best["margin"] == best["hero"]["score"] - best["opponent"]["score"] == data["value"]
    assert best["line"][-1] == "end" and data["known"][0].startswith("south's")


def test_R_END_2_analyse_reply_refuses_what_it_does_not_cover_in_one_line(last_round_file):
    result = run_cli("analyse", "tests/data/analysis/last-turn.yaml", "--reply")
    assert result.returncode == 2 and "plays second" in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
    result = run_cli("analyse", last_round_file, "--reply", "--turns", "2")
    assert result.returncode == 2 and "drop --alternatives and --turns" in result.stderr
    result = run_cli("analyse", last_round_file, "--reply", "--objective", "score")
    assert result.returncode == 2 and "drop --objective score" in result.stderr and "Traceback" not in result.stderr


def test_R_END_2_a_turn_with_more_states_than_the_analysis_enumerates_is_refused_in_one_line(monkeypatch):
    # reply.MOST_ENDS bounds the states of the hero's turn (memory); one state over it is a clear
    # refusal, not a half-done analysis.
    monkeypatch.setattr(reply, "MOST_ENDS", 5)
    pos = last_rounds(4, 2016, "north")[0]
    with pytest.raises(AnalysisError, match="more than 5 states of north's turn: too large to analyse"):
        analyse_reply(pos)


def test_R_END_2_turns_2_after_the_first_players_last_temple_says_the_opponent_still_plays(last_round_file):
    result = run_cli("analyse", last_round_file, "--turns", "2", "--time-limit", "120", timeout=300)
    assert result.returncode == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "the game ends with this turn" not in text
    assert "north has no later turn: only south's final turn follows this one (R-END-2)" in text


def test_R_END_2_a_time_limit_stops_the_reply_analysis_with_a_sound_bound():
    # The opponent's tile kept: its reply is a placement search, far longer than the limit.
    pos = last_rounds(4, 2016, "north")[0]
    quick = analyse_reply(pos, time_limit=1.0)
    assert quick.status in ("UNKNOWN", "FEASIBLE") and not quick.hero_proven
    small_pos = _position(2016, 4, "north", "first")
    full = analyse_reply(small_pos)
    cut = analyse_reply(small_pos, time_limit=1e-9)
    assert full.status == "OPTIMAL" and full.best is not None
    assert cut.status == "UNKNOWN" and cut.best is None
    assert cut.bound is None or cut.bound >= full.best.margin


def test_R_END_2_analyse_reply_says_what_was_proven_when_the_time_runs_out(tmp_path):
    path = tmp_path / "last-round-tile.yaml"
    save_position(last_rounds(4, 2016, "north")[0], path)
    result = run_cli("analyse", path, "--reply", "--time-limit", "2", timeout=300)
    assert result.returncode == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "Taken as known (only what the position file states): south's land tile in hand" in text
    assert "Status: UNKNOWN: the time limit ran out" in text or "Status: FEASIBLE: the time limit stopped" in text


@pytest.mark.parametrize(
    ("seed", "edition", "first", "down"),
    [(12, 2016, "south", False), (14, 2016, "north", True), (13, 2014, "north", False)],
)
def test_R_END_2_the_opponents_placement_moves_the_heros_points_either_way(seed, edition, first, down):
    # Why the margin at the end of the hero's turn bounds nothing (docs/analysis.md): the
    # opponent's compulsory placement (R-TILE-1) changes the islands the hero's goals read, up
    # in each game and also down in some.
    from akrotiri_puzzles.actions import PlaceTile

    pos = last_rounds(seed, edition, first)[-1]
    after = apply(pos, EndTurn())
    assert after.phase == "place"
    now = seat_score(after, pos.to_move).total
    placed = [seat_score(apply(after, a), pos.to_move).total for a in _legal(after) if isinstance(a, PlaceTile)]
    assert max(placed) > now
    assert (min(placed) < now) == down


def test_R_END_2_analyse_reply_line_says_what_a_line_keeps_against_its_best_reply():
    path = "tests/data/analysis/last-round.yaml"
    data = json.loads(run_cli("analyse", path, "--reply", "--line", "end", "--json", timeout=300).stdout)
    best, mine = data["best"], data["line"]
    assert mine["line"] == ["end"] and mine["margin"] <= best["margin"]
    assert mine["loss"] == best["margin"] - mine["margin"]
    assert (mine["lost_at"] is None) == (mine["loss"] == 0)
    result = run_cli("analyse", path, "--reply", "--line", "end", timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Your line keeps a margin of" in " ".join(result.stdout.split())
    bad = run_cli("analyse", path, "--reply", "--line", "end; end")
    assert bad.returncode == 2 and "action 1 ends the turn" in bad.stderr


# -- before the last temple: the turn in which the first player can still excavate it ---------------


def _before(edition: int, seed: int, first: str, hero_actions: int) -> Position:
    """The first player's position just before it excavates its last temple in a greedy game,
    made small, with `hero_actions` actions left (the excavation and, with 2, one more)."""
    return small(before_last_temple(seed, edition, first)[-1], 1, hero_actions, False)


BEFORE = [
    (2016, 7, "south", 1),
    (2016, 4, "north", 2),
    (2016, 7, "north", 2),
    (2014, 13, "south", 1),
]


BEFORE_SAMPLE = [
    (edition, seed, first, 1) for edition in (2016, 2014) for first, seeds in ENDED_BY_FIRST.items() for seed in seeds
]
"""The games whose first player ends them, from its action phase before its last temple (written
out as SAMPLE is; test-corpus checks them against the games)."""


def _before_sample() -> list[tuple[int, int, str, int]]:
    return [
        (edition, seed, first, 1)
        for edition in (2016, 2014)
        for first in ("south", "north")
        for seed in SEEDS
        if before_last_temple(seed, edition, first)
    ]


def _check_before(case: tuple[int, int, str, int]) -> None:
    pos = _before(*case)
    assert all(len(s.temples) < 6 for s in pos.seats) and not reply_applies(pos)
    check_against_reference(pos)  # the reference compares the lines that excavate the last temple only
    best = analyse_reply(pos).best
    assert best is not None
    p = pos
    for action in best.hero_line:
        p = apply(p, action)
    assert len(p.seat(pos.to_move).temples) == 6  # the best line ends the game's last but one turn


@pytest.mark.parametrize("case", BEFORE, ids=lambda c: "-".join(map(str, c)))
def test_R_END_2_before_the_last_temple_reply_compares_the_lines_that_excavate_it(case):
    _check_before(case)


@pytest.mark.corpus
@pytest.mark.parametrize("case", BEFORE_SAMPLE, ids=lambda c: "-".join(map(str, c)))
def test_R_END_2_before_the_last_temple_agrees_with_the_exhaustive_search_on_the_whole_sample(case):
    _check_before(case)


@pytest.mark.corpus  # plays the 80 games (about 6 s of CPU)
def test_R_END_2_the_samples_written_out_are_the_games_the_first_player_ends():
    assert _sample() == SAMPLE
    assert _before_sample() == BEFORE_SAMPLE


def test_R_END_2_before_the_last_temple_the_sample_covers_both_editions_and_seats():
    sample = BEFORE_SAMPLE
    assert len(sample) >= 20 and all((*case[:3], 1) in sample for case in BEFORE)
    assert {(e, f) for e, _, f, _ in sample} == {(e, f) for e in (2016, 2014) for f in ("south", "north")}


def test_R_END_2_before_the_last_temple_a_turn_that_cannot_excavate_it_is_refused_in_one_line():
    from dataclasses import replace

    from akrotiri_puzzles.position import evolve

    pos = _before(2016, 7, "south", 1)
    with pytest.raises(AnalysisError, match="1 temples to excavate and 0 actions left"):
        analyse_reply(evolve(pos, actions_left=0))
    no_maps = pos.with_seat(pos.to_move, replace(pos.hero, maps=()))
    with pytest.raises(AnalysisError, match="no line of south's turn excavates its last temple"):
        analyse_reply(no_maps)
    with pytest.raises(AnalysisError, match="does not excavate south's last temple"):
        analyse_reply(pos, line=[EndTurn()])


def test_R_END_2_analyse_reply_before_the_last_temple_says_only_finishing_lines_are_compared(tmp_path):
    # Seed 4's north, one action from its last temple, the opponent's tile out of the game, the
    # printed board's five actions a turn for the opponent (the file holds no small components).
    from akrotiri_puzzles.position import evolve

    path = tmp_path / "before-last-temple.yaml"
    save_position(evolve(without_tile(before_last_temple(4, 2016, "north")[-1]), actions_left=1), path)
    result = run_cli("analyse", path, "--reply", timeout=300)
    assert result.returncode == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "only north's lines that excavate its last temple are compared" in text
    assert "Status: OPTIMAL" in text
    # --json's field, from the data the command prints (in-process, on a small position).
    from akrotiri_puzzles.cli.reply_output import reply_data

    small_pos = _before(2016, 7, "south", 1)
    assert reply_data(analyse_reply(small_pos), small_pos)["finishing_lines_only"] is True
    done = small(last_rounds(7, 2016, "south")[0], 1, 1, False)
    assert reply_data(analyse_reply(done), done)["finishing_lines_only"] is False
