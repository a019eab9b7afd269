"""A whole game runs, from setup to the end, through the public API."""

from akrotiri_puzzles.simulate import play_game


def test_greedy_game_finishes_without_violations(comps):
    record, final = play_game(comps, seed=3, bots=("greedy", "greedy"))
    assert record.finished
    assert final.phase == "over"
    assert record.violations == []
